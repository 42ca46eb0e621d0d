"""`python -m aotc run ...` is aotc-run, `python -m aotc benchmark ...`
aotc-benchmark (for a package used from PYTHONPATH, without its scripts)."""

import sys

from .tools import benchmark_main, run_main


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    tools = {"run": run_main, "benchmark": benchmark_main}
    if not argv or argv[0] not in tools:
        sys.stderr.write("usage: python -m aotc {run,benchmark} MODEL ...\n"
                         "  (the aotc-run and aotc-benchmark tools)\n")
        return 2
    return tools[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main())

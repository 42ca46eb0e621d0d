"""Feeds aotc corrupted copies of an ONNX model and checks that each one is
refused or compiled cleanly: exit status 0 or 1, never a signal or an LLVM
fatal error, one `aotc: error:` line on failure, and no output file left
behind when it fails.

    corrupt.py AOTC MODEL.onnx WORK_DIR [COUNT]

Corruptions (seeded, so the run is reproducible): truncation at a random
offset, a few flipped bits, one overwritten byte.
"""
import os
import random
import subprocess
import sys


def corrupt(data, rng, kind):
    b = bytearray(data)
    if kind == 0:
        return bytes(b[:rng.randrange(1, len(b))])
    if kind == 1:
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return bytes(b)
    b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def main():
    aotc, model, work = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    rng = random.Random(20261122)
    data = open(model, "rb").read()
    failures, refused = [], 0
    for n in range(count):
        path = os.path.join(work, "c%d.onnx" % n)
        obj, header = path + ".o", path + ".h"
        with open(path, "wb") as f:
            f.write(corrupt(data, rng, n % 3))
        p = subprocess.run([aotc, path, "-o", obj, "--header", header],
                           capture_output=True, timeout=120)
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode not in (0, 1) or "LLVM ERROR" in err or \
                "Stack dump" in err:
            failures.append("%s: exit %d: %s" % (path, p.returncode,
                                                 err[-300:]))
        elif p.returncode == 1:
            refused += 1
            if os.path.exists(obj) or os.path.exists(header):
                failures.append("%s: failed but left an output" % path)
            if not err.startswith("aotc: error:"):
                failures.append("%s: unexpected message: %s" % (path, err))
    for failure in failures:
        print("corrupt: FAIL", failure)
    print("corrupt: %d runs, %d refused, %d compiled, %d failures"
          % (count, refused, count - refused, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

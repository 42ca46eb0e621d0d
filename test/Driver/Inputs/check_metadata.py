#!/usr/bin/python3
"""Checks that the metadata aotc wrote (NAME.json) states what the header
beside it states, as a C program including the header prints it.

    check_metadata.py META.json HEADER.h NAME CC [CFLAGS...]
"""
import json
import os
import subprocess
import sys
import tempfile


def header_facts(header, name, meta, cc):
    """What the header says, printed by a C program that includes it."""
    lines = ['#include <stdio.h>', '#include "%s"' % os.path.abspath(header),
             "int main(void) {",
             '  printf("temp %%llu\\n", (unsigned long long)%s_TEMP_BYTES);'
             % name]
    for kind, key in (("INPUT", "inputs"), ("OUTPUT", "outputs")):
        for i in range(len(meta[key])):
            lines += [
                '  printf("%s %d %%s %%s %%llu", %s_%s_NAMES[%d], '
                '%s_%s_DTYPES[%d], (unsigned long long)%s_%s_BYTES[%d]);'
                % (key, i, name, kind, i, name, kind, i, name, kind, i),
                "  for (int d = 0; d < %s_%s_%d_RANK; ++d)" % (name, kind, i),
                '    printf(" %%lld", (long long)%s_%s_%d_SHAPE[d]);'
                % (name, kind, i),
                '  printf("\\n");']
    lines += ["  return 0;", "}"]
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "facts.c")
        with open(source, "w") as f:
            f.write("\n".join(lines) + "\n")
        exe = os.path.join(work, "facts")
        subprocess.run([cc, "-std=c99", "-I", os.path.join(
            os.path.dirname(__file__), "..", "..", "..", "include"),
            source, "-o", exe], check=True)
        return subprocess.run([exe], check=True, capture_output=True,
                              text=True).stdout.splitlines()


def main():
    path, header, name, cc = sys.argv[1:5]
    with open(path) as f:
        meta = json.load(f)
    want = ["temp %d" % meta["temp_bytes"]]
    for key in ("inputs", "outputs"):
        for i, t in enumerate(meta[key]):
            want.append(" ".join(["%s %d %s %s %d" % (key, i, t["name"],
                                                      t["dtype"], t["bytes"])]
                                 + [str(d) for d in t["shape"]]))
    got = header_facts(header, name, meta, cc)
    if got != want:
        print("check_metadata: the header says\n  %s\nthe metadata\n  %s"
              % ("\n  ".join(got), "\n  ".join(want)))
        return 1
    assert meta["name"] == name and meta["functions"][0] == name + "_run"
    print("check_metadata: %s agrees with %s" % (path, header))
    return 0


if __name__ == "__main__":
    sys.exit(main())

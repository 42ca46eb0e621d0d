#!/usr/bin/env python3
"""Check that aotc objects depend on nothing but libc's allocator and libm.

    check_symbols.py [--nm NM] --export SYMBOL OBJECT...

For every OBJECT, lists its symbols with ``nm`` and fails (exit 1) when

  * it leaves undefined a symbol other than malloc/free (and the aligned
    variants), the memory intrinsics memcpy/memmove/memset that any C
    compiler emits, and the functions of C99's <math.h> (with their f and l
    variants, plus glibc's sincos and exp10, which LLVM forms from sin+cos
    and pow(10, x)); compiler-runtime helpers such as ``__truncsfbf2``, or
    MLIR runtime functions such as ``memrefCopy``, are what this catches;
  * it defines any external symbol but the given ``--export`` ones, so that
    objects of several graphs link into one program without clashes;
  * it has writable static data (nm types d, b, c): the header promises that
    calls with distinct ``temp`` buffers may run concurrently, which global
    mutable state would break.

On success it prints, per object, the undefined and exported symbols,
sorted, for FileCheck.
"""

import argparse
import subprocess
import sys

ALLOCATOR = {"malloc", "free", "calloc", "realloc", "aligned_alloc",
             "posix_memalign", "memcpy", "memmove", "memset"}

MATH_H = """
acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh
exp exp2 expm1 frexp ldexp log log10 log1p log2 logb ilogb modf scalbn
scalbln cbrt fabs hypot pow sqrt erf erfc lgamma tgamma ceil floor
nearbyint rint lrint llrint round lround llround trunc fmod remainder
remquo copysign nan nextafter nexttoward fdim fmax fmin fma
sincos exp10
""".split()
LIBM = {name + suffix for name in MATH_H for suffix in ("", "f", "l")}


def symbols(nm, obj):
    """(undefined, defined external, writable data) symbols of `obj`."""
    out = subprocess.run([nm, obj], stdout=subprocess.PIPE,
                         universal_newlines=True, check=True).stdout
    undefined, defined, writable = set(), set(), set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 2 and fields[0] in ("U", "w"):
            undefined.add(fields[1])
        elif len(fields) == 3:
            kind, name = fields[1], fields[2]
            if kind in "dDbBcC":
                writable.add(name)
            if kind.isupper():
                defined.add(name)
    return undefined, defined, writable


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("objects", nargs="+")
    parser.add_argument("--nm", default="llvm-nm")
    parser.add_argument("--export", action="append", required=True,
                        help="an external symbol the objects may define")
    args = parser.parse_args(argv)
    ok = True
    for obj in args.objects:
        undefined, defined, writable = symbols(args.nm, obj)
        foreign = sorted(undefined - ALLOCATOR - LIBM)
        extra = sorted(defined - set(args.export))
        if writable:
            ok = False
            print("%s: error: has writable static data, which concurrent "
                  "calls would share: %s" % (obj, ", ".join(sorted(writable))),
                  file=sys.stderr)
        if foreign:
            ok = False
            print("%s: error: needs symbols outside libc's allocator and "
                  "libm: %s" % (obj, ", ".join(foreign)), file=sys.stderr)
        if extra:
            ok = False
            print("%s: error: exports symbols other than %s: %s"
                  % (obj, ", ".join(args.export), ", ".join(extra)),
                  file=sys.stderr)
        print("%s: undefined: %s" % (obj, " ".join(sorted(undefined))))
        print("%s: exported: %s" % (obj, " ".join(sorted(defined))))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

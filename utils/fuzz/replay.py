#!/usr/bin/env python3
"""Replays fuzzer-found inputs through aotc and checks that each one ends well.

Each input (an .onnx model or a .mlir graph; directories are searched) must
end in one of two ways:

  * a clean failure: a non-zero exit without a signal, exactly one line on
    stderr that is `aotc: error: ...` or an MLIR diagnostic with a location
    (`FILE:LINE:COL: error: ...`, which may quote its source line and a
    caret under it), and neither the object nor the header left
    behind; or
  * a compile: exit 0, both the object and the header written, and the header
    compiling as C (`cc -fsyntax-only`); with --run, the object linked
    against guard_harness.c and run: NAME_run returns 0 with every buffer
    ending at a guard page (no access past any of them) and writes every
    byte of every output.

Runs each compile under a time limit and an address-space limit, so that a
hang or a runaway allocation is reported as such. Prints one line per input
that misbehaves and exits 1 if any does.

Usage: replay.py --aotc build/bin/aotc [--cc cc] [--include DIR] [--run] PATH...
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LOCATED_ERROR = re.compile(r"^[^\n]*:\d+:\d+: error: ")
LOCATED_NOTE = re.compile(r"^[^\n]*:\d+:\d+: note: ")


def drop_quoted_source(lines):
    """A located MLIR diagnostic as its one error line: the source line it
    may quote (with a caret under it, unless the line holds non-ASCII
    characters), and the notes attached to it, each located and quoting
    its own source, belong to it."""
    located = re.compile(r"^[^\n]*:\d+:\d+: (error|note): ")

    def skip_source(i):
        if (i < len(lines) and not located.match(lines[i]) and
                not lines[i].startswith("aotc: ")):
            i += 1
            if i < len(lines) and lines[i].strip().startswith("^"):
                i += 1
        return i

    kept, i = [lines[0]], skip_source(1)
    while i < len(lines):
        if LOCATED_NOTE.match(lines[i]):
            i = skip_source(i + 1)
        else:
            kept.append(lines[i])
            i += 1
    return kept


def limit_memory(limit_bytes):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    return apply


def is_asan_build(executable):
    """Whether `executable` is built with AddressSanitizer, which reserves
    terabytes of address space for its shadow memory: an address-space limit
    would stop it before it starts."""
    with open(executable, "rb") as f:
        tail = b""
        while True:
            chunk = f.read(1 << 20)
            if not chunk:
                return False
            if b"__asan_init" in tail + chunk:
                return True
            tail = chunk[-16:]


def memory_limits(args):
    """subprocess.run arguments capping aotc's memory at --memory-mb: an
    address-space limit, or under ASan its own RSS limit."""
    if not is_asan_build(args.aotc):
        return {"preexec_fn": limit_memory(args.memory_mb << 20)}
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = ":".join(filter(None, [
        env.get("ASAN_OPTIONS", ""), "hard_rss_limit_mb=%d" % args.memory_mb]))
    return {"env": env}


def collect(paths):
    inputs = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in os.walk(path):
                inputs += [os.path.join(root, f) for f in files
                           if f.endswith((".onnx", ".mlir"))]
        else:
            inputs.append(path)
    return sorted(inputs)


def replay(args, path):
    """Returns None when `path` ends well, else what went wrong."""
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "out.o")
        header = os.path.join(tmp, "out.h")
        command = [args.aotc, path, "-o", obj, "--header", header,
                   "--name", "m"]
        try:
            result = subprocess.run(
                command, capture_output=True, timeout=args.timeout,
                **args.limits)
        except subprocess.TimeoutExpired:
            return "hang: no answer in %d s" % args.timeout
        stderr = result.stderr.decode("utf-8", "replace")
        left = [f for f in (obj, header) if os.path.exists(f)]
        if result.returncode < 0:
            return "crash: signal %d: %s" % (
                -result.returncode, stderr.strip().splitlines()[-1:] or "")
        if result.returncode != 0:
            # Lines end at newlines only: a quoted source line may hold a
            # vertical tab or a form feed, which str.splitlines splits at.
            lines = stderr.rstrip("\n").split("\n") if stderr else []
            lines = [line.rstrip("\r") for line in lines]
            if lines and LOCATED_ERROR.match(lines[0]):
                lines = drop_quoted_source(lines)
            if len(lines) != 1:
                return "error of %d lines (expected one): %r" % (
                    len(lines), stderr[:300])
            if not (lines[0].startswith("aotc: error: ") or
                    LOCATED_ERROR.match(lines[0])):
                return "error line is not 'aotc: error:' or located: %r" % (
                    lines[0][:300])
            if left:
                return "failed but left %s behind" % ", ".join(
                    os.path.basename(f) for f in left)
            return None
        if len(left) != 2:
            return "exit 0 but wrote only %s" % ", ".join(
                os.path.basename(f) for f in left)
        source = os.path.join(tmp, "t.c")
        with open(source, "w") as f:
            f.write('#include "out.h"\nint main(void) { return 0; }\n')
        cc = subprocess.run(
            [args.cc, "-std=c99", "-fsyntax-only", "-Wall", "-Werror", "-I", tmp,
             "-I", args.include, source], capture_output=True)
        if cc.returncode != 0:
            first = cc.stderr.decode("utf-8", "replace").strip()
            return "header does not compile: %s" % first[:400]
        return run_guarded(args, tmp, obj, header) if args.run else None


def run_guarded(args, tmp, obj, header):
    """Links guard_harness.c against the compiled graph and runs it; None
    when it ends well, else what went wrong."""
    exe = os.path.join(tmp, "guarded")
    link = subprocess.run(
        [args.cc, "-std=c11", "-O1", "-D_DEFAULT_SOURCE", "-I", args.include,
         "-include", header,
         os.path.join(HERE, "guard_harness.c"), obj, "-lm", "-o", exe],
        capture_output=True)
    if link.returncode != 0:
        first = link.stderr.decode("utf-8", "replace").strip()
        return "guard harness does not link: %s" % first[:400]
    try:
        result = subprocess.run([exe], capture_output=True,
                                timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "NAME_run: no answer in %d s" % args.timeout
    if result.returncode < 0:
        return "NAME_run: crash: signal %d" % -result.returncode
    if result.returncode != 0:
        return "NAME_run: %s" % result.stderr.decode(
            "utf-8", "replace").strip()[:300]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--aotc", required=True)
    parser.add_argument("--cc", default="cc")
    parser.add_argument("--include", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "include"),
        help="aotc's include folder (the header includes aotc/Runtime/...)")
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--memory-mb", type=int, default=4096)
    parser.add_argument("--run", action="store_true",
                        help="also run each compiled graph under "
                             "guard_harness.c (guard pages, every output "
                             "byte written)")
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    args.limits = memory_limits(args)
    inputs = collect(args.paths)
    if not inputs:
        print("replay.py: no .onnx or .mlir inputs in %s" % args.paths)
        return 1
    bad = 0
    for path in inputs:
        problem = replay(args, path)
        if problem:
            bad += 1
            print("%s: %s" % (path, problem))
        elif args.verbose:
            print("%s: ok" % path)
    print("%d inputs, %d misbehaved" % (len(inputs), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

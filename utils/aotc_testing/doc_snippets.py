"""Runs the commands and code of aotc's Markdown docs, so that a doc whose
commands stop working fails the suite (test/Docs).

    doc_snippets.py run DOC.md --src SRC --build BUILD --work DIR
    doc_snippets.py list DOC.md...     every block, and what happens to it
    doc_snippets.py uncovered DOC.md... --tests TEST_DIR
                                       docs with code blocks but no test

A doc is read the way a user reads it, top to bottom, in one work folder
(DIR) that holds links to the source tree's top-level folders (build,
include, examples, scripts, utils, python, bench, test, docs), so that the
paths the docs spell from the repository root work and what a command
writes lands in DIR. PATH starts with build/bin and a folder holding
`aotc-run` and `aotc-benchmark` (the Python package's tools, from
python/) and `python3` (the Python running this script); PYTHONPATH holds
python/; the tools' build cache is DIR/.doc-cache.

Fenced blocks by language:
  sh, bash     each block runs in `bash -e` in DIR; it must exit 0.
  python       runs with the Python running this script.
  c, cmake     must be written to a file that a later command uses, or be
               skipped: see the markers.
  anything else (output, IR, tables, json) is not run.

An HTML comment right before a block (blank lines between are fine) marks
it; the comment is invisible in the rendered doc:
  <!-- doc-test: file NAME -->     write the block to DIR/NAME (a c, cmake
                                   or python block a later command uses).
  <!-- doc-test: skip REASON -->   do not run it; REASON says why it cannot
                                   run here (a GPU, an install into /opt,
                                   the whole suite).
  <!-- doc-test: setup COMMAND --> run COMMAND (bash, in DIR) first: the
                                   files the doc assumes the user has (an
                                   exported model). Several may precede a
                                   block.
  <!-- doc-test: env NAME=VALUE --> set NAME for this block and later ones.
  <!-- doc-test: prelude CODE -->  run CODE before a python block (the
                                   imports and names its prose assumes).
  <!-- doc-test: output-in-comments --> each command of an sh block runs
                                   on its own; `# ` comment lines right
                                   after one are its output, which it must
                                   print exactly (see _run_with_outputs).
  <!-- doc-test: output-of-previous --> an output block: each of its lines
                                   (but elisions, lines in parentheses) is a
                                   line the previous sh block printed, in
                                   the same order.
  <!-- doc-test: replace OLD NEW --> run this block and later ones with OLD
                                   spelled NEW: a path outside the work
                                   folder (/opt/aotc) made one inside it.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

RUN_LANGS = {"sh": "bash", "bash": "bash", "python": "python"}
FILE_LANGS = {"c", "cmake"}
LINKED = ["build", "include", "examples", "scripts", "utils", "python",
          "bench", "test", "docs", "cmake", "lib", "tools"]
FENCE = re.compile(r"^(```+|~~~+)\s*([A-Za-z0-9_+-]*)\s*$")
MARKER = re.compile(r"^<!--\s*doc-test:\s*(file|skip|setup|env|replace|prelude|"
                    r"output-in-comments|output-of-previous)\b"
                    r"\s*(.*?)"
                    r"\s*-->\s*$")


class Block:
    def __init__(self, doc, line, lang, text, markers):
        self.doc = doc
        self.line = line
        self.lang = lang
        self.text = text
        self.markers = markers      # [(kind, argument)]

    def marker(self, kind):
        return [arg for k, arg in self.markers if k == kind]

    def where(self):
        return "%s:%d" % (self.doc, self.line)

    def action(self):
        """'run', 'file', 'skip', 'compare', 'none' (not code to run), or
        an error string for a block that must be marked."""
        if any(k == "output-of-previous" for k, _ in self.markers):
            return "compare"
        if self.marker("skip"):
            return "skip"
        if self.marker("file"):
            return "file"
        if self.lang in RUN_LANGS:
            return "run"
        if self.lang in FILE_LANGS:
            return ("a %s block must be written to a file a later command "
                    "uses (<!-- doc-test: file NAME -->) or skipped with a "
                    "reason (<!-- doc-test: skip REASON -->)" % self.lang)
        return "none"


def parse(path):
    """The fenced blocks of Markdown file `path`, with their markers."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    blocks, markers, i = [], [], 0
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line.strip())
        if m:
            markers.append((m.group(1), m.group(2)))
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            close = fence.group(1)
            start = i + 1
            i += 1
            while i < len(lines) and not lines[i].startswith(close):
                i += 1
            blocks.append(Block(path, start, fence.group(2).lower(),
                                "\n".join(lines[start:i]) + "\n", markers))
            markers = []
            i += 1
            continue
        if line.strip():
            # Markers belong to the next block; prose between drops them.
            if markers:
                raise SystemExit("%s:%d: a doc-test marker must come right "
                                 "before a code block" % (path, i))
        i += 1
    if markers:
        raise SystemExit("%s: a doc-test marker after the last code block"
                         % path)
    return blocks


def check_markers(blocks):
    errors = []
    for b in blocks:
        action = b.action()
        if action not in ("run", "file", "skip", "compare", "none"):
            errors.append("%s: %s" % (b.where(), action))
        for reason in b.marker("skip"):
            if not reason:
                errors.append("%s: doc-test: skip needs a reason"
                              % b.where())
        for name in b.marker("file"):
            if not name or os.path.isabs(name) or ".." in name.split("/"):
                errors.append("%s: doc-test: file needs a relative file "
                              "name, got %r" % (b.where(), name))
    return errors


def make_work_dir(work, src, build):
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    for name in LINKED:
        target = build if name == "build" else os.path.join(src, name)
        if os.path.exists(target):
            os.symlink(target, os.path.join(work, name))
    # The Python package's tools, as pip would install them.
    tools = os.path.join(work, ".doc-bin")
    os.makedirs(tools)
    shims = {"aotc-run": "%s -m aotc run" % sys.executable,
             "aotc-benchmark": "%s -m aotc benchmark" % sys.executable,
             # The docs' `python3` is the suite's (numpy, onnx, torch).
             "python3": sys.executable}
    for tool, command in shims.items():
        path = os.path.join(tools, tool)
        with open(path, "w") as f:
            f.write("#!/bin/sh\nexec %s \"$@\"\n" % command)
        os.chmod(path, 0o755)
    return tools


def run(doc, src, build, work):
    blocks = parse(doc)
    errors = check_markers(blocks)
    if errors:
        for e in errors:
            print("error: " + e)
        return 1
    tools = make_work_dir(work, src, build)
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([tools, os.path.join(build, "bin"),
                                   env.get("PATH", "")])
    env["PYTHONPATH"] = os.path.join(src, "python")
    env["AOTC"] = os.path.join(build, "bin", "aotc")
    env["AOTC_CACHE_DIR"] = os.path.join(work, ".doc-cache")
    name = os.path.relpath(doc, src)
    ran = skipped = 0
    replacements = []
    last_output = ""
    for b in blocks:
        where = "%s:%d" % (name, b.line)
        for assignment in b.marker("env"):
            key, _, value = assignment.partition("=")
            env[key] = value
        for pair in b.marker("replace"):
            old, _, new = pair.partition(" ")
            replacements.append((old, new.strip()))
        text = b.text
        for old, new in replacements:
            text = text.replace(old, new)
        action = b.action()
        if action == "none":
            continue
        if action == "compare":
            if not _contains_in_order(last_output, text, where):
                return 1
            print("%s: output block matches the output above" % where)
            continue
        if action == "skip":
            print("%s: %s block skipped: %s" % (where, b.lang or "text",
                                               b.marker("skip")[0]))
            skipped += 1
            continue
        for command in b.marker("setup"):
            if _run(["bash", "-e", "-c", command], work, env,
                    "%s: setup '%s'" % (where, command)) is None:
                return 1
        if action == "file":
            path = os.path.join(work, b.marker("file")[0])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            print("%s: %s block written to %s" % (where, b.lang,
                                                  b.marker("file")[0]))
            continue
        if b.markers and any(k == "output-in-comments" for k, _ in b.markers):
            if not _run_with_outputs(text, work, env, where):
                return 1
            print("%s: %s block ran, its outputs as shown" % (where, b.lang))
            ran += 1
            continue
        if RUN_LANGS[b.lang] == "bash":
            # As a user's shell runs it: -e, no pipefail.
            argv = ["bash", "-e", "-c", text]
        else:
            argv = [sys.executable, "-c",
                    "\n".join(b.marker("prelude") + [text])]
        last_output = _run(argv, work, env, "%s: %s block" % (where, b.lang))
        if last_output is None:
            return 1
        print("%s: %s block ran" % (where, b.lang))
        ran += 1
    print("%s: %d blocks ran, %d skipped" % (name, ran, skipped))
    return 0


def _run_with_outputs(text, cwd, env, where):
    """Runs each command of `text` on its own. The comment lines right
    after a command (no blank line between) are its output: it must print
    exactly that (its exit status then does not matter: `grep -c` of
    nothing prints 0 and fails). A command without them must exit 0. A
    comment after a blank line says what comes next and is not checked."""
    commands = []          # [command, expected lines or None]
    after_command = False
    pending = ""
    for line in text.rstrip("\n").split("\n"):
        if pending:
            pending += "\n" + line
            if not line.endswith("\\"):
                commands.append([pending, None])
                pending = ""
                after_command = True
            continue
        if not line.strip():
            after_command = False
        elif line.lstrip().startswith("#"):
            if after_command:
                if commands[-1][1] is None:
                    commands[-1][1] = []
                commands[-1][1].append(line.lstrip()[1:].strip())
        elif line.endswith("\\"):
            pending = line
        else:
            commands.append([line, None])
            after_command = True
    for command, want in commands:
        result = subprocess.run(["bash", "-e", "-c", command], cwd=cwd,
                                env=env, stdin=subprocess.DEVNULL,
                                capture_output=True, text=True,
                                errors="replace")
        got = [l.strip() for l in result.stdout.strip().split("\n")]
        ok = got == want if want is not None else result.returncode == 0
        if not ok:
            print("error: %s: `%s` (exit %d) printed:" % (
                where, command, result.returncode))
            print(result.stdout.rstrip() + result.stderr.rstrip())
            if want is not None:
                print("--- the doc says ---")
                print("\n".join(want))
            return False
    return True


def _contains_in_order(output, text, where):
    """Whether each line of `text`, elisions (lines in parentheses) aside,
    is a line of `output`, in the same order; says which one is not."""
    got = [l.rstrip() for l in output.split("\n")]
    position = 0
    for line in text.rstrip("\n").split("\n"):
        line = line.rstrip()
        if line.strip().startswith("(") and line.strip().endswith(")"):
            continue
        try:
            position = got.index(line, position) + 1
        except ValueError:
            print("error: %s: the doc shows\n%s\nwhich the command above "
                  "did not print (at or after its line %d); it printed:\n%s"
                  % (where, line, position + 1, output.rstrip()))
            return False
    return True


def _run(argv, cwd, env, what):
    result = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace")
    if result.returncode != 0:
        print("error: %s failed (exit %d):" % (what, result.returncode))
        print(argv[-1].rstrip())
        print("--- its output ---")
        print(result.stdout.rstrip())
        return None
    return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("doc")
    r.add_argument("--src", required=True)
    r.add_argument("--build", required=True)
    r.add_argument("--work", required=True)
    ls = sub.add_parser("list")
    ls.add_argument("docs", nargs="+")
    u = sub.add_parser("uncovered")
    u.add_argument("docs", nargs="+")
    u.add_argument("--tests", required=True)
    args = parser.parse_args()
    if args.command == "run":
        return run(os.path.abspath(args.doc), os.path.abspath(args.src),
                   os.path.abspath(args.build), os.path.abspath(args.work))
    if args.command == "list":
        status = 0
        for doc in args.docs:
            blocks = parse(doc)
            for e in check_markers(blocks):
                print("error: " + e)
                status = 1
            for b in blocks:
                action = b.action()
                if action in ("none",):
                    continue
                first = b.text.strip().split("\n")[0][:70]
                print("%s %s %s: %s" % (b.where(), b.lang or "-",
                                        action if len(action) < 10
                                        else "UNMARKED", first))
        return status
    # uncovered: docs with blocks to run or write whose name no test in
    # --tests mentions.
    tests = ""
    for entry in sorted(os.listdir(args.tests)):
        if entry.endswith(".test"):
            with open(os.path.join(args.tests, entry)) as f:
                tests += f.read()
    runnable = [doc for doc in args.docs
                if any(b.action() in ("run", "file") for b in parse(doc))]
    missing = [doc for doc in runnable
               if os.path.basename(doc) not in tests]
    for doc in missing:
        print("error: %s has commands or code but no test in %s runs it"
              % (doc, args.tests))
    print("%d docs with commands to run, %d without a test"
          % (len(runnable), len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

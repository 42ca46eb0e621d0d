"""Runs the examples `aotc --help` prints, as a user would copy them:
help_examples.py AOTC SRC BUILD WORK

`<aotc>` is the prefix aotc is installed in: here its include folder is
SRC/include and its lib folder BUILD/lib. The inputs the examples name are
made first: mlp.mlir (examples/), resnet18.onnx (exported from
torchvision) and app.c (README's app for mlp). A CUDA link needs libcuda;
without it that line is reported skipped. Prints each line and 'ran' or
why it was skipped; exits 1 when one fails.
"""

import os
import shutil
import subprocess
import sys

aotc, src, build, work = map(os.path.abspath, sys.argv[1:5])
help_text = subprocess.run([aotc, "--help"], capture_output=True, text=True,
                           check=True).stdout
lines = help_text.split("\n")
start = lines.index("Examples:") + 1
examples = []
for line in lines[start:]:
    if not line.strip():
        break
    examples.append(line.strip())

shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
shutil.copy(os.path.join(src, "examples", "mlp.mlir"), work)
with open(os.path.join(work, "app.c"), "w") as f:
    f.write('#include "mlp.h"\n#include <stdio.h>\n\nint main(void) {\n'
            '  float x[mlp_INPUT_0_ELEMENTS] = {0};\n'
            '  float p[mlp_OUTPUT_0_ELEMENTS];\n'
            '  const void *inputs[] = {x};\n  void *outputs[] = {p};\n'
            '  if (mlp_run(inputs, outputs, NULL) != 0) return 1;\n'
            '  printf("%.3f\\n", p[0] + p[1] + p[2] + p[3]);\n'
            '  return 0;\n}\n')
subprocess.run([sys.executable,
                os.path.join(src, "utils", "aotc_testing", "onnx_models.py"),
                "resnet18", "--work-dir", os.path.join(work, "r18"),
                "--export-only"], check=True, stdout=subprocess.DEVNULL)
shutil.copy(os.path.join(work, "r18", "model.onnx"),
            os.path.join(work, "resnet18.onnx"))

env = dict(os.environ)
env["PATH"] = os.pathsep.join([os.path.dirname(aotc), env.get("PATH", "")])
has_libcuda = any(os.path.exists(p) for p in (
    "/usr/lib/x86_64-linux-gnu/libcuda.so", "/usr/local/cuda/lib64/libcuda.so",
    "/usr/local/cuda/lib64/stubs/libcuda.so"))
failed = 0
for example in examples:
    command = example.replace("-I<aotc>/include",
                              "-I" + os.path.join(src, "include"))
    command = command.replace("-L<aotc>/lib", "-L" + os.path.join(build, "lib"))
    if "-lcuda" in command:
        if not has_libcuda:
            print("%s: skipped (no libcuda here)" % example)
            continue
        command += " -L/usr/local/cuda/lib64/stubs"
    result = subprocess.run(["bash", "-e", "-c", command], cwd=work, env=env,
                            capture_output=True, text=True)
    if result.returncode:
        print("%s: FAILED\n%s%s" % (example, result.stdout, result.stderr))
        failed += 1
        continue
    if command.startswith("cc ") and "-lcuda" not in command:
        run = subprocess.run(["./app"], cwd=work, capture_output=True,
                             text=True)
        if run.returncode or run.stdout.strip() != "1.000":
            print("%s: the app printed %r (exit %d), not the sum of the "
                  "probabilities, 1.000" % (example, run.stdout,
                                            run.returncode))
            failed += 1
            continue
    print("%s: ran" % example)
print("%d examples, %d failed" % (len(examples), failed))
sys.exit(1 if failed else 0)

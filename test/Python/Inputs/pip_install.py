"""Installs the aotc Python package the way a user does, with pip, into a
fresh --target folder: `pip_install.py PYTHON_SRC TARGET`.

PYTHON_SRC (the repository's python/ folder) is copied first, its aotc/ and
pyproject.toml only, so parallel tests never share setuptools' build/
folder and the source tree stays clean. Offline: no index, no build
isolation (Debian's setuptools and wheel build it), no dependencies.
"""

import os
import shutil
import subprocess
import sys

src, target = sys.argv[1:3]
copy = target + ".src"
for path in (target, copy):
    shutil.rmtree(path, ignore_errors=True)
os.makedirs(copy)
shutil.copytree(os.path.join(src, "aotc"), os.path.join(copy, "aotc"),
                ignore=shutil.ignore_patterns("__pycache__"))
shutil.copy(os.path.join(src, "pyproject.toml"), copy)
command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
           "--no-build-isolation", "--no-index", "--disable-pip-version-check",
           "--target", target, copy]
env = dict(os.environ, PIP_ROOT_USER_ACTION="ignore")
sys.exit(subprocess.call(command, env=env))

"""The build cache of `aotc.compile(cache=True)`, `aotc-run` and
`aotc-benchmark`: a compiled model (NAME.o, NAME.h, NAME.json, libNAME.so)
kept under a key that hashes everything the build depends on, so that the
same command on the same model starts at once the second time.

The key covers the model file's bytes (and the names, sizes and times of
the files beside it, where ONNX keeps external data), the aotc executable
(its path, size and modification time, and `aotc --version`), every option
given to aotc, the name and the C compiler. The cache lives in
$AOTC_CACHE_DIR, else $XDG_CACHE_HOME/aotc, else ~/.cache/aotc; deleting
that folder clears it. AOTC_NO_CACHE=1 turns it off.
"""

import hashlib
import json
import os
import shutil
import subprocess
import tempfile


def cache_root():
    """The folder the cache lives in."""
    if os.environ.get("AOTC_CACHE_DIR"):
        return os.path.abspath(os.environ["AOTC_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "aotc")


def disabled():
    """Whether AOTC_NO_CACHE turns the cache off."""
    return os.environ.get("AOTC_NO_CACHE", "") not in ("", "0")


def _file_stamp(path):
    st = os.stat(path)
    return [os.path.realpath(path), st.st_size, st.st_mtime_ns]


def build_key(model_path, exe, arguments, cc):
    """The key of a build of `model_path` by `exe` with `arguments` (every
    aotc argument but the output paths) linked by `cc`."""
    digest = hashlib.sha256()
    with open(model_path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    folder = os.path.dirname(os.path.abspath(model_path))
    siblings = sorted(
        [name, st.st_size, st.st_mtime_ns]
        for name in os.listdir(folder)
        for st in [os.stat(os.path.join(folder, name))]
        if os.path.isfile(os.path.join(folder, name)))
    version = subprocess.run([exe, "--version"], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True).stdout.strip()
    digest.update(json.dumps({
        "siblings": siblings, "aotc": _file_stamp(exe), "version": version,
        "arguments": list(arguments), "cc": cc}).encode())
    return digest.hexdigest()[:32]


def lookup(key, name):
    """The folder of cached build `key` of graph `name`, or None."""
    entry = os.path.join(cache_root(), key)
    needed = [name + ".h", name + ".json", "lib%s.so" % name]
    if all(os.path.isfile(os.path.join(entry, n)) for n in needed):
        return entry
    return None


def new_entry():
    """An empty folder in the cache to build into, for store()."""
    root = cache_root()
    os.makedirs(root, exist_ok=True)
    return tempfile.mkdtemp(prefix="building-", dir=root)


def store(folder, key):
    """Makes `folder` (from new_entry) the cached build `key`; returns where
    it now is. A build stored meanwhile by another process wins."""
    entry = os.path.join(cache_root(), key)
    try:
        os.rename(folder, entry)
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)
    return entry

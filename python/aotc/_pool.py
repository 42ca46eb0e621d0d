"""The threads NAME_run_parallel runs on when called from Python.

A compiled graph splits its large kernels into tasks and hands them to the
`aotc_parallel` its caller gives (include/aotc/Runtime/aotc_parallel.h).
From Python that is aotc's own pthreads pool, loaded from
libaotc_pool_shared.so (lib/Runtime/CPU): ctypes releases the GIL for the
call, so the pool's threads and the calling one run the graph together.

The library is found as $AOTC_POOL_LIBRARY, else in the lib folder next to
the aotc executable's bin folder (build/lib of a build tree, <prefix>/lib of
an install), else by the dynamic loader's search.
"""

import ctypes
import ctypes.util
import glob
import os
import threading

LIBRARY = "libaotc_pool_shared.so"


class PoolError(Exception):
    """No pool library, or a pool could not be made."""


def _candidates():
    env = os.environ.get("AOTC_POOL_LIBRARY")
    if env:
        return [env]
    from . import _compile   # _compile imports this module's users
    found = []
    try:
        exe = os.path.realpath(_compile.find_aotc())
    except _compile.AotcNotFoundError:
        exe = None
    if exe:
        prefix = os.path.dirname(os.path.dirname(exe))
        found.append(os.path.join(prefix, "lib", LIBRARY))
        # GNUInstallDirs' multiarch lib folders (lib/x86_64-linux-gnu).
        found += sorted(glob.glob(os.path.join(prefix, "lib*", "*", LIBRARY)))
        found.append(os.path.join(prefix, "lib64", LIBRARY))
    by_loader = ctypes.util.find_library("aotc_pool_shared")
    if by_loader:
        found.append(by_loader)
    return found


_library = None
_library_lock = threading.Lock()


def _load():
    global _library
    with _library_lock:
        if _library is not None:
            return _library
        tried = _candidates()
        for path in tried:
            if os.sep in path and not os.path.isfile(path):
                continue
            try:
                lib = ctypes.CDLL(path)
            except OSError:
                continue
            lib.aotc_pool_create.argtypes = [ctypes.c_int]
            lib.aotc_pool_create.restype = ctypes.c_void_p
            lib.aotc_pool_destroy.argtypes = [ctypes.c_void_p]
            lib.aotc_pool_destroy.restype = None
            lib.aotc_pool_parallel.argtypes = [ctypes.c_void_p]
            lib.aotc_pool_parallel.restype = ctypes.c_void_p
            _library = lib
            return lib
        raise PoolError(
            "threads > 1 need aotc's thread pool, %s, which is not in %s; "
            "set $AOTC_POOL_LIBRARY to its path (aotc builds it in "
            "build/lib and installs it in <prefix>/lib)"
            % (LIBRARY, ", ".join(tried) or "any folder searched"))


class Pool:
    """`threads` workers: the calling thread and threads - 1 others."""

    def __init__(self, threads):
        lib = _load()
        self.threads = threads
        self._lib = lib
        self._pool = lib.aotc_pool_create(threads)
        if not self._pool:
            raise PoolError("aotc_pool_create(%d) failed (1 to 1024 threads)"
                            % threads)
        self.parallel = lib.aotc_pool_parallel(self._pool)

    def close(self):
        if self._pool:
            self._lib.aotc_pool_destroy(self._pool)
            self._pool = None

    def __del__(self):
        self.close()

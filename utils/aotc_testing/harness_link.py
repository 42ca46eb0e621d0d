"""How to build harness.c against a compiled graph, for every test driver.

The generated header includes aotc/Runtime/aotc_parallel.h, and the harness
runs NAME_run_parallel on libaotc_pool's pools (harness.c's steps 3 to 5).
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(os.path.dirname(HERE))


def harness_link_args(aotc):
    """What building harness.c needs besides the object: the include path of
    aotc_parallel.h (which the generated header includes) and the pool
    library, from the build next to `aotc` (its ../lib) or else its source."""
    library = os.path.normpath(os.path.join(
        os.path.dirname(os.path.abspath(aotc)), "..", "lib", "libaotc_pool.a"))
    if not os.path.exists(library):
        library = os.path.join(SOURCE_ROOT, "lib", "Runtime", "CPU",
                               "aotc_pool.c")
    return ["-I", os.path.join(SOURCE_ROOT, "include")], [library, "-lpthread"]

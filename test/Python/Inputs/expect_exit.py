"""`expect_exit.py CODE COMMAND...` runs COMMAND (its output passes
through) and exits 0 when COMMAND exited with exactly CODE, else 1."""

import subprocess
import sys

want = int(sys.argv[1])
sys.stdout.flush()
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("expect_exit: %s exited %d, expected %d\n"
                     % (sys.argv[2], got, want))
    sys.exit(1)

#!/bin/sh
# install.sh BUILD_DIR PREFIX: `cmake --install BUILD_DIR --prefix PREFIX`,
# leaving BUILD_DIR as it was: cmake --install rewrites
# BUILD_DIR/install_manifest.txt, which this puts back (or removes).
set -e
build=$1
prefix=$2
# One install of BUILD_DIR at a time (tests run in parallel): lock the folder.
if [ -z "$AOTC_INSTALL_LOCKED" ] && command -v flock > /dev/null; then
  AOTC_INSTALL_LOCKED=1 exec flock "$build" sh "$0" "$@"
fi
manifest=$build/install_manifest.txt
saved=$prefix.manifest-saved
mkdir -p "$prefix"
rm -f "$saved"
if [ -e "$manifest" ]; then cp -p "$manifest" "$saved"; fi
status=0
cmake --install "$build" --prefix "$prefix" || status=$?
if [ -e "$saved" ]; then mv -f "$saved" "$manifest"; else rm -f "$manifest"; fi
exit $status

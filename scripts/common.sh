# Shared by scripts/build, scripts/demo and scripts/test; source it, do not
# run it. Defines where things are and how aotc is configured and built.
#
# Environment:
#   AOTC_BUILD_DIR  build directory (default: <root>/build)
#   AOTC_JOBS       parallel compile jobs (default: the number of CPUs, fewer
#                   when memory is short: an MLIR translation unit takes up
#                   to ~2 GB)
#   CCACHE_DIR      compiler cache (default: ~/.cache/ccache; kept between runs)

AOTC_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
AOTC_BUILD_DIR="${AOTC_BUILD_DIR:-$AOTC_ROOT/build}"

# ccache hashes paths relative to the source root, so clones in different
# directories share cache entries.
export CCACHE_BASEDIR="$AOTC_ROOT"
export CCACHE_DIR="${CCACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/ccache}"

# Prints a step heading.
aotc_step() {
  echo "==> $*"
}

aotc_die() {
  echo "$(basename "$0"): error: $*" >&2
  exit 1
}

# Prints how many compile jobs to run: one per CPU, but no more than one per
# 2 GB of available memory, and at least one. AOTC_JOBS overrides.
aotc_jobs() {
  if [[ -n ${AOTC_JOBS:-} ]]; then
    echo "$AOTC_JOBS"
    return
  fi
  local cpus mem_kb by_memory
  cpus=$(nproc)
  mem_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo 2>/dev/null || true)
  by_memory=$(( ${mem_kb:-0} / (2 * 1024 * 1024) ))
  if (( by_memory >= 1 && by_memory < cpus )); then
    cpus=$by_memory
  fi
  echo $(( cpus < 1 ? 1 : cpus ))
}

# Installs missing Debian packages (quiet when nothing is missing).
aotc_install_deps() {
  "$AOTC_ROOT/scripts/install-deps"
}

# Configures AOTC_BUILD_DIR if it is not configured yet, then builds the
# given ninja targets (default: everything). Holds a lock on the build
# directory so two scripts never run ninja in it at once.
aotc_build() {
  mkdir -p "$AOTC_BUILD_DIR"
  local lock_fd
  exec {lock_fd}>"$AOTC_BUILD_DIR/.aotc-build.lock"
  if ! flock -n "$lock_fd"; then
    echo "waiting for another build in $AOTC_BUILD_DIR to finish..."
    flock "$lock_fd"
  fi

  if [[ ! -f $AOTC_BUILD_DIR/build.ninja ]]; then
    aotc_step "configuring $AOTC_BUILD_DIR"
    if ! cmake -G Ninja -S "$AOTC_ROOT" -B "$AOTC_BUILD_DIR" \
           -DCMAKE_BUILD_TYPE=Release </dev/null; then
      exec {lock_fd}>&-
      return 1
    fi
  fi
  local jobs
  jobs=$(aotc_jobs)
  aotc_step "building $AOTC_BUILD_DIR (${jobs} jobs)${1:+: $*}"
  local status=0
  ninja -C "$AOTC_BUILD_DIR" -j"$jobs" "$@" </dev/null || status=$?
  exec {lock_fd}>&-
  return $status
}

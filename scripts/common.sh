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

# Prints the pids of ninja processes working in AOTC_BUILD_DIR (ninja -C
# changes into the directory it builds, so its cwd tells).
aotc_ninjas_in_build_dir() {
  local dir proc comm
  dir=$(cd "$AOTC_BUILD_DIR" && pwd -P)
  for proc in /proc/[0-9]*; do
    read -r comm <"$proc/comm" 2>/dev/null || continue
    [[ $comm == ninja ]] || continue
    [[ $(readlink "$proc/cwd" 2>/dev/null) == "$dir" ]] && echo "${proc#/proc/}"
  done
  return 0
}

# Makes this script the only one building in AOTC_BUILD_DIR: takes the
# directory's lock (held until the script exits) and then waits for any
# ninja started by hand there to finish, since two ninjas in one build
# directory race on the same outputs.
aotc_claim_build_dir() {
  mkdir -p "$AOTC_BUILD_DIR"
  if [[ -z ${AOTC_LOCK_FD:-} ]]; then
    exec {AOTC_LOCK_FD}>"$AOTC_BUILD_DIR/.aotc-build.lock"
    if ! flock -n "$AOTC_LOCK_FD"; then
      echo "waiting for another script building in $AOTC_BUILD_DIR..."
      flock "$AOTC_LOCK_FD"
    fi
  fi
  local others
  others=$(aotc_ninjas_in_build_dir)
  if [[ -n $others ]]; then
    echo "waiting for ninja (pid ${others//$'\n'/, }) in $AOTC_BUILD_DIR to finish..."
    while [[ -n $(aotc_ninjas_in_build_dir) ]]; do
      sleep 2
    done
  fi
}

# Runs ninja in AOTC_BUILD_DIR with `aotc_jobs` jobs, alone.
aotc_ninja() {
  aotc_claim_build_dir
  ninja -C "$AOTC_BUILD_DIR" -j"$(aotc_jobs)" "$@" </dev/null
}

# Extra CMake arguments for the first configure of AOTC_BUILD_DIR (an
# array; aotc_use_fuzz_build fills it).
AOTC_CMAKE_ARGS=()

# Switches to the instrumented build that scripts/fuzz and
# `scripts/test --sanitize` share (docs/fuzzing.md): AOTC_FUZZ_BUILD_DIR,
# default <root>/build-fuzz, configured with clang-22, ASan+UBSan on aotc's
# own code and libFuzzer's coverage instrumentation plus the fuzz targets.
# Installs clang's runtime libraries (libclang-rt-22-dev) when missing.
aotc_use_fuzz_build() {
  AOTC_BUILD_DIR="${AOTC_FUZZ_BUILD_DIR:-$AOTC_ROOT/build-fuzz}"
  AOTC_CMAKE_ARGS=(
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
    "-DAOTC_USE_SANITIZER=Address;Undefined" -DAOTC_ENABLE_FUZZERS=ON)
  if [[ ! -f /usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.fuzzer-x86_64.a ]]; then
    aotc_step "installing libclang-rt-22-dev (libFuzzer, ASan, UBSan)"
    local sudo=()
    (( EUID == 0 )) || sudo=(sudo)
    "${sudo[@]}" apt-get install -y -q libclang-rt-22-dev </dev/null ||
      aotc_die "cannot install libclang-rt-22-dev"
  fi
  # Reports name file:line; UBSan findings print a stack.
  export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
}

# Configures AOTC_BUILD_DIR if it is not configured yet, then builds the
# given ninja targets (default: everything).
aotc_build() {
  aotc_claim_build_dir
  if [[ ! -f $AOTC_BUILD_DIR/build.ninja ]]; then
    aotc_step "configuring $AOTC_BUILD_DIR"
    cmake -G Ninja -S "$AOTC_ROOT" -B "$AOTC_BUILD_DIR" \
      -DCMAKE_BUILD_TYPE=Release ${AOTC_CMAKE_ARGS[@]+"${AOTC_CMAKE_ARGS[@]}"} \
      </dev/null || return
  fi
  aotc_step "building $AOTC_BUILD_DIR ($(aotc_jobs) jobs)${1:+: $*}"
  aotc_ninja "$@"
}

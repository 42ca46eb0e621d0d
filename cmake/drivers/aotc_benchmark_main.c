/*===- aotc_benchmark_main.c - aotc_add_library's BENCHMARK driver --------===*
 *
 *   <target>_benchmark [--warmup N] [--repetitions N] [--threads N]
 *                      [--inputs DIR]
 *
 * Times NAME_run: N warm-up calls (default 10), then N timed calls (default
 * 100), each timed on its own with a monotonic clock; prints the median,
 * the minimum, the maximum, the 10th and 90th percentiles and their spread
 * relative to the median. The arena (`temp`) is allocated once, outside
 * the timing. --threads N (CPU only) times NAME_run_parallel on an
 * aotc_pool of N workers instead. The inputs are DIR/input_<i>.pb or .bin
 * (as for <target>_test) with --inputs; else floating-point inputs are
 * seeded pseudo-random values in [-1, 1) and integer and bool inputs zero
 * (safe as indices). For CUDA models the buffers are device memory and
 * NAME_run waits for the GPU, so each time includes the whole graph.
 *
 *===----------------------------------------------------------------------===*/
#define _POSIX_C_SOURCE 200809L

#include "aotc_driver_common.h"

#include <time.h>

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The p-th percentile (0..100) of `sorted`, interpolated. */
static double percentile(const double *sorted, size_t n, double p) {
  double position = p / 100.0 * (double)(n - 1);
  size_t below = (size_t)position;
  double fraction = position - (double)below;
  if (below + 1 >= n)
    return sorted[n - 1];
  return sorted[below] + fraction * (sorted[below + 1] - sorted[below]);
}

/* Deterministic inputs: floats in [-1, 1) from a fixed-seed generator,
 * integers and bools zero. */
static unsigned char *synthetic_input(size_t index, uint32_t *state) {
  const char *dtype = AOTC_MODEL(_INPUT_DTYPES)[index];
  size_t bytes = AOTC_MODEL(_INPUT_BYTES)[index];
  size_t esize = aotc_dtype_size(dtype), i;
  unsigned char *data = aotc_xmalloc(bytes);
  memset(data, 0, bytes);
  if (!aotc_dtype_is_float(dtype))
    return data;
  for (i = 0; esize && i < bytes / esize; ++i) {
    float value;
    *state = *state * 1664525u + 1013904223u;
    value = (float)((double)(*state >> 8) / 8388608.0 - 1.0);
    if (esize == 4) {
      memcpy(data + i * 4, &value, 4);
    } else if (esize == 8) {
      double d = value;
      memcpy(data + i * 8, &d, 8);
    } else { /* f16 and bf16: -0.5, 0 or 0.5, exact in both */
      int bf16 = !strcmp(dtype, "bf16");
      uint16_t bits = value < -0.33f  ? (bf16 ? 0xBF00 : 0xB800)
                      : value > 0.33f ? (bf16 ? 0x3F00 : 0x3800)
                                      : 0;
      memcpy(data + i * 2, &bits, 2);
    }
  }
  return data;
}

static void usage(void) {
  fprintf(stderr,
          "usage: %s [--warmup N] [--repetitions N] [--threads N] "
          "[--inputs DIR]\n"
          "Times model '%s' (NAME_run; with --threads, NAME_run_parallel on\n"
          "an aotc_pool of N workers). Defaults: --warmup 10 --repetitions "
          "100.\n", aotc_prog, AOTC_MODEL_NAME);
  exit(2);
}

static long parse_count(const char *text, const char *option, long min) {
  char *end;
  long value = strtol(text, &end, 10);
  if (!*text || *end || value < min)
    aotc_die("%s wants a whole number >= %ld, not '%s'", option, min, text);
  return value;
}

int main(int argc, char **argv) {
  long warmup = 10, repetitions = 100, threads = 0, r;
  const char *inputs_dir = NULL;
  unsigned char **inputs;
  aotc_buffers buffers;
  double *times, median, p10, p90, scale;
  const char *unit;
  void *temp = NULL;
  size_t i, temp_bytes;
  uint32_t state = 12345;
  int arg;
#ifndef AOTC_DRIVER_CUDA
  aotc_pool *pool = NULL;
  const aotc_parallel *parallel = NULL;
#endif

  if (argc > 0)
    aotc_prog = argv[0];
  for (arg = 1; arg < argc; ++arg) {
    if (arg + 1 < argc && !strcmp(argv[arg], "--warmup"))
      warmup = parse_count(argv[++arg], "--warmup", 0);
    else if (arg + 1 < argc && !strcmp(argv[arg], "--repetitions"))
      repetitions = parse_count(argv[++arg], "--repetitions", 1);
    else if (arg + 1 < argc && !strcmp(argv[arg], "--threads"))
      threads = parse_count(argv[++arg], "--threads", 1);
    else if (arg + 1 < argc && !strcmp(argv[arg], "--inputs"))
      inputs_dir = argv[++arg];
    else
      usage();
  }

  inputs = aotc_xmalloc((AOTC_NUM_INPUTS + 1) * sizeof *inputs);
  for (i = 0; i < AOTC_NUM_INPUTS; ++i)
    inputs[i] = inputs_dir
                    ? aotc_load_tensor(inputs_dir, "input", i,
                                       AOTC_MODEL(_INPUT_DTYPES)[i],
                                       AOTC_MODEL(_INPUT_BYTES)[i])
                    : synthetic_input(i, &state);
  aotc_device_init();
  buffers = aotc_buffers_create(inputs);

  temp_bytes = AOTC_MODEL(_TEMP_BYTES);
#ifdef AOTC_DRIVER_CUDA
  if (threads)
    aotc_die("--threads is for CPU models; this one runs on the GPU");
  if (temp_bytes)
    temp = aotc_device_alloc(temp_bytes);
#else
  if (threads) {
    if (!(pool = aotc_pool_create((int)threads)))
      aotc_die("aotc_pool_create(%ld) failed", threads);
    parallel = aotc_pool_parallel(pool);
    temp_bytes = AOTC_MODEL(_TEMP_BYTES_FOR_WORKERS)(threads);
  }
  if (temp_bytes) {
    /* 64-byte aligned, as the header asks. */
    if (posix_memalign(&temp, 64, temp_bytes))
      aotc_die("cannot allocate %lu bytes of temp",
               (unsigned long)temp_bytes);
  }
#endif

  times = aotc_xmalloc((size_t)repetitions * sizeof *times);
  for (r = -warmup; r < repetitions; ++r) {
    double start = now_seconds(), end;
    int rc;
#ifdef AOTC_DRIVER_CUDA
    rc = AOTC_MODEL(_run)(buffers.inputs, (void *const *)buffers.outputs,
                          temp);
#else
    rc = threads ? AOTC_MODEL(_run_parallel)(buffers.inputs,
                                             (void *const *)buffers.outputs,
                                             temp, parallel)
                 : AOTC_MODEL(_run)(buffers.inputs,
                                    (void *const *)buffers.outputs, temp);
#endif
    end = now_seconds();
    if (rc != 0)
      aotc_die("%s_run returned %d", AOTC_MODEL_NAME, rc);
    if (r >= 0)
      times[r] = end - start;
  }

  qsort(times, (size_t)repetitions, sizeof *times, compare_doubles);
  median = percentile(times, (size_t)repetitions, 50);
  p10 = percentile(times, (size_t)repetitions, 10);
  p90 = percentile(times, (size_t)repetitions, 90);
  printf("%s: %ld runs after %ld warm-up, %s\n", AOTC_MODEL_NAME,
         repetitions, warmup,
#ifdef AOTC_DRIVER_CUDA
         "CUDA device 0"
#else
         threads ? AOTC_MODEL_NAME "_run_parallel"
                 : AOTC_MODEL_NAME "_run, 1 thread"
#endif
  );
  if (threads)
    printf("  workers: %ld\n", threads);
  /* Milliseconds, or microseconds for calls under a millisecond. */
  scale = median < 1e-3 ? 1e6 : 1e3;
  unit = median < 1e-3 ? "us" : "ms";
  printf("  median %.4g %s  min %.4g %s  max %.4g %s\n", median * scale, unit,
         times[0] * scale, unit, times[repetitions - 1] * scale, unit);
  printf("  p10 %.4g %s  p90 %.4g %s  spread (p90-p10)/median %.1f%%\n",
         p10 * scale, unit, p90 * scale, unit,
         median > 0 ? 100.0 * (p90 - p10) / median : 0.0);

#ifdef AOTC_DRIVER_CUDA
  if (temp)
    cuMemFree((CUdeviceptr)(uintptr_t)temp);
#else
  free(temp);
  aotc_pool_destroy(pool);
#endif
  aotc_buffers_destroy(&buffers);
  for (i = 0; i < AOTC_NUM_INPUTS; ++i)
    free(inputs[i]);
  free(inputs);
  free(times);
  return 0;
}

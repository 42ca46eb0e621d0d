/*===- aotc_benchmark_main.c - aotc_add_library's BENCHMARK driver --------===*
 *
 *   <target>_benchmark [--warmup N] [--repetitions N] [--threads N]
 *                      [--json FILE] [--inputs DIR]
 *
 * The same benchmark as the Python package's aotc-benchmark
 * (python/aotc/tools.py), with its defaults, statistics, output and JSON:
 * N warm-up calls (default 5), then N timed calls (default 50), each timed
 * on its own with a monotonic clock; prints the median, the 10th and 90th
 * percentiles, the minimum, maximum, mean and standard deviation in
 * milliseconds, and a warning on stderr when the standard deviation is
 * more than 10% of the mean or the load average says other work competes.
 * --json FILE writes the statistics and every time as JSON ('-': standard
 * output, instead of the text). The arena (`temp`) is allocated once,
 * outside the timing. --threads N (CPU only) times NAME_run_parallel on an
 * aotc_pool of N workers instead. The inputs are DIR/input_<i>.pb or .bin
 * (as for <target>_test) with --inputs; else floating-point inputs are
 * seeded pseudo-random values in [-1, 1) and integer and bool inputs zero
 * (safe as indices). For CUDA models the buffers are device memory and
 * NAME_run waits for the GPU, so each time includes the whole graph.
 *
 *===----------------------------------------------------------------------===*/
/* getloadavg */
#define _DEFAULT_SOURCE

#include "aotc_driver_common.h"

#include <time.h>
#include <unistd.h>

/* As python/aotc/tools.py's DEFAULT_WARMUP, DEFAULT_REPETITIONS,
 * SPREAD_WARNING_PERCENT and LOAD_WARNING_PER_CPU
 * (test/Python/benchmark-agree.test keeps them equal). */
#define DEFAULT_WARMUP 5
#define DEFAULT_REPETITIONS 50
#define SPREAD_WARNING_PERCENT 10.0
#define LOAD_WARNING_PER_CPU 0.5

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
          "[--json FILE] [--inputs DIR]\n"
          "Times model '%s': warm-up calls, then timed calls of NAME_run\n"
          "(with --threads N, NAME_run_parallel on an aotc_pool of N "
          "workers); prints\nmedian, p10, p90, min, max, mean and stddev in "
          "ms. --json FILE writes them\nand every time as JSON ('-': "
          "standard output only). --inputs DIR reads\nDIR/input_<i>.pb or "
          ".bin; else inputs are pseudo-random. Defaults: --warmup %d\n"
          "--repetitions %d.\n",
          aotc_prog, AOTC_MODEL_NAME, DEFAULT_WARMUP, DEFAULT_REPETITIONS);
  exit(2);
}

static long parse_count(const char *text, const char *option, long min) {
  char *end;
  long value = strtol(text, &end, 10);
  if (!*text || *end || value < min)
    aotc_die("%s wants a whole number >= %ld, not '%s'", option, min, text);
  return value;
}

typedef struct {
  double median, p10, p90, min, max, mean, stddev, stddev_percent;
} statistics;

/* Statistics of `times` (milliseconds), which it sorts. */
static statistics compute_statistics(double *times, size_t n) {
  statistics s;
  double sum = 0, squares = 0;
  size_t i;
  for (i = 0; i < n; ++i)
    sum += times[i];
  s.mean = sum / (double)n;
  for (i = 0; i < n; ++i)
    squares += (times[i] - s.mean) * (times[i] - s.mean);
  /* The sample standard deviation, as Python's statistics.stdev. */
  s.stddev = n > 1 ? sqrt(squares / (double)(n - 1)) : 0.0;
  s.stddev_percent = s.mean > 0 ? 100.0 * s.stddev / s.mean : 0.0;
  qsort(times, n, sizeof *times, compare_doubles);
  s.median = percentile(times, n, 50);
  s.p10 = percentile(times, n, 10);
  s.p90 = percentile(times, n, 90);
  s.min = times[0];
  s.max = times[n - 1];
  return s;
}

/* Why the times may be unreliable, as aotc-benchmark says it: up to two
 * lines into `warnings`; returns how many. */
static int reliability_warnings(const statistics *s, char warnings[2][256]) {
  int count = 0;
  double load;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (s->stddev_percent > SPREAD_WARNING_PERCENT)
    snprintf(warnings[count++], 256,
             "the times spread by %.0f%% (stddev over mean; more than "
             "%.0f%%): the machine is busy or the model too short to time; "
             "--repetitions more, or rerun",
             s->stddev_percent, SPREAD_WARNING_PERCENT);
  if (cpus < 1)
    cpus = 1;
  /* This benchmark itself counts for one. */
  if (getloadavg(&load, 1) == 1 &&
      load - 1 > LOAD_WARNING_PER_CPU * (double)cpus)
    snprintf(warnings[count++], 256,
             "the load average is %.1f on %ld CPUs: other work competes for "
             "the machine",
             load, cpus);
  return count;
}

/* `text` as a JSON string. */
static void json_string(FILE *out, const char *text) {
  fputc('"', out);
  for (; *text; ++text) {
    unsigned char c = (unsigned char)*text;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

/* The JSON aotc-benchmark --json writes, with the same keys. */
static void write_json(FILE *out, long warmup, long repetitions, long threads,
                       const double *times_in_order, const statistics *s,
                       char warnings[2][256], int num_warnings) {
  long r;
  int w;
  fprintf(out, "{\n  \"model\": ");
  json_string(out, AOTC_MODEL_FILE);
  fprintf(out, ",\n  \"name\": ");
  json_string(out, AOTC_MODEL_NAME);
  fprintf(out,
          ",\n  \"warmup\": %ld,\n  \"repetitions\": %ld,\n"
          "  \"threads\": %ld,\n  \"times_ms\": [",
          warmup, repetitions, threads);
  for (r = 0; r < repetitions; ++r)
    fprintf(out, "%s\n    %.17g", r ? "," : "", times_in_order[r]);
  fprintf(out, "\n  ],\n  \"warnings\": [");
  for (w = 0; w < num_warnings; ++w) {
    fprintf(out, "%s\n    ", w ? "," : "");
    json_string(out, warnings[w]);
  }
  fprintf(out,
          "%s],\n  \"median_ms\": %.17g,\n  \"p10_ms\": %.17g,\n"
          "  \"p90_ms\": %.17g,\n  \"min_ms\": %.17g,\n  \"max_ms\": %.17g,\n"
          "  \"mean_ms\": %.17g,\n  \"stddev_ms\": %.17g,\n"
          "  \"stddev_percent\": %.17g\n}\n",
          num_warnings ? "\n  " : "", s->median, s->p10, s->p90, s->min,
          s->max, s->mean, s->stddev, s->stddev_percent);
}

int main(int argc, char **argv) {
  long warmup = DEFAULT_WARMUP, repetitions = DEFAULT_REPETITIONS,
       threads = 1, r;
  const char *inputs_dir = NULL, *json = NULL;
  unsigned char **inputs;
  aotc_buffers buffers;
  double *times, *times_in_order;
  statistics stats;
  char warnings[2][256];
  int num_warnings, w;
  FILE *text;
  void *temp = NULL;
  size_t i, temp_bytes;
  uint32_t state = 12345;
  int arg;
#ifndef AOTC_DRIVER_CUDA
  aotc_pool *pool = NULL;
  const aotc_parallel *parallel = NULL;
#endif

  if (argc > 0)
    aotc_set_prog(argv[0]);
  for (arg = 1; arg < argc; ++arg) {
    const char *a = argv[arg];
    int has_value = arg + 1 < argc;
    if (has_value && (!strcmp(a, "--warmup") || !strcmp(a, "-w")))
      warmup = parse_count(argv[++arg], "--warmup", 0);
    else if (has_value && (!strcmp(a, "--repetitions") || !strcmp(a, "-n")))
      repetitions = parse_count(argv[++arg], "--repetitions", 1);
    else if (has_value && (!strcmp(a, "--threads") || !strcmp(a, "-t")))
      threads = parse_count(argv[++arg], "--threads", 1);
    else if (has_value && !strcmp(a, "--json"))
      json = argv[++arg];
    else if (has_value && !strcmp(a, "--inputs"))
      inputs_dir = argv[++arg];
    else
      usage();
  }
  /* With --json -, standard output holds the JSON alone. */
  text = json && !strcmp(json, "-") ? NULL : stdout;

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
  if (threads > 1)
    aotc_die("--threads is for CPU models; this one runs on the GPU");
  if (temp_bytes)
    temp = aotc_device_alloc(temp_bytes);
#else
  if (threads > 1) {
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
  times_in_order = aotc_xmalloc((size_t)repetitions * sizeof *times);
  for (r = -warmup; r < repetitions; ++r) {
    double start = now_seconds(), end;
    int rc;
#ifdef AOTC_DRIVER_CUDA
    rc = AOTC_MODEL(_run)(buffers.inputs, (void *const *)buffers.outputs,
                          temp);
#else
    rc = parallel ? AOTC_MODEL(_run_parallel)(buffers.inputs,
                                              (void *const *)buffers.outputs,
                                              temp, parallel)
                  : AOTC_MODEL(_run)(buffers.inputs,
                                     (void *const *)buffers.outputs, temp);
#endif
    end = now_seconds();
    if (rc != 0)
      aotc_die("%s_run returned %d", AOTC_MODEL_NAME, rc);
    if (r >= 0)
      times[r] = times_in_order[r] = 1e3 * (end - start);
  }

  stats = compute_statistics(times, (size_t)repetitions);
  num_warnings = reliability_warnings(&stats, warnings);
  if (json) {
    FILE *out = text ? fopen(json, "w") : stdout;
    if (!out)
      aotc_die("cannot write %s: %s", json, strerror(errno));
    write_json(out, warmup, repetitions, threads, times_in_order, &stats,
               warnings, num_warnings);
    if (out != stdout && fclose(out))
      aotc_die("cannot write %s: %s", json, strerror(errno));
  }
  if (text) {
    printf("%s: %s, %ld warm-up, %ld repetitions, ", aotc_prog,
           AOTC_MODEL_NAME, warmup, repetitions);
#ifdef AOTC_DRIVER_CUDA
    printf("CUDA device 0\n");
#else
    printf("%ld thread%s\n", threads, threads == 1 ? "" : "s");
#endif
    printf("median %.4g ms  p10 %.4g ms  p90 %.4g ms  min %.4g ms  "
           "max %.4g ms  mean %.4g ms  stddev %.3g ms (%.1f%%)\n",
           stats.median, stats.p10, stats.p90, stats.min, stats.max,
           stats.mean, stats.stddev, stats.stddev_percent);
  }
  for (w = 0; w < num_warnings; ++w)
    fprintf(stderr, "%s: warning: %s\n", aotc_prog, warnings[w]);

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
  free(times_in_order);
  return 0;
}

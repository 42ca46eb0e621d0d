/*===- model_bench.c - time one compiled model on one input ---------------===*
 *
 * Built by bench/peers.py and bench/corpus.py against the header and object
 * of a model compiled with --name m, and libaotc_pool. Reads the input
 * tensors from argv[1] (raw bytes, every input's m_INPUT_BYTES[i] in turn,
 * nothing more), calls m_run with a caller-provided
 * 64-byte-aligned temp arena of m_TEMP_BYTES, once to warm up and then
 * argv[2] times, and prints the best and median times in milliseconds and
 * the first output element (so the work cannot be optimized away). With a
 * third argument it also writes the outputs' bytes to that file, one after
 * another ("-": none). With a fourth, WORKERS, it calls m_run_parallel on a
 * libaotc_pool of that many workers instead, with a temp arena of
 * m_TEMP_BYTES_FOR_WORKERS(WORKERS).
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "m.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* m_run, or m_run_parallel when there is a pool. */
static int run(const void *const *inputs, void *const *outputs, void *temp,
               const aotc_parallel *parallel) {
  return parallel ? m_run_parallel(inputs, outputs, temp, parallel)
                  : m_run(inputs, outputs, temp);
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 5) {
    fprintf(stderr, "usage: %s INPUT.bin REPEAT [OUTPUT.bin|- [WORKERS]]\n",
            argv[0]);
    return 2;
  }
  int repeat = atoi(argv[2]);
  if (repeat < 1 || repeat > 1000) {
    fprintf(stderr, "model_bench: REPEAT must be 1..1000\n");
    return 2;
  }
  int workers = argc == 5 ? atoi(argv[4]) : 0;
  aotc_pool *pool = NULL;
  if (argc == 5 && !(pool = aotc_pool_create(workers))) {
    fprintf(stderr, "model_bench: WORKERS must be 1..1024\n");
    return 2;
  }
  const aotc_parallel *parallel = aotc_pool_parallel(pool);
  size_t temp_bytes = m_TEMP_BYTES_FOR_WORKERS(pool ? workers : 1);
  void *temp =
      temp_bytes ? aligned_alloc(64, (temp_bytes + 63) / 64 * 64) : NULL;
  const void *inputs[m_NUM_INPUTS];
  void *outputs[m_NUM_OUTPUTS];
  FILE *f = fopen(argv[1], "rb");
  int ok = f && (!temp_bytes || temp);
  for (int i = 0; ok && i < m_NUM_INPUTS; ++i) {
    void *input = malloc(m_INPUT_BYTES[i] ? m_INPUT_BYTES[i] : 1);
    ok = input && fread(input, 1, m_INPUT_BYTES[i], f) == m_INPUT_BYTES[i];
    inputs[i] = input;
  }
  if (!ok || fgetc(f) != EOF) {
    fprintf(stderr, "model_bench: cannot read %s (or not the inputs' size)\n",
            argv[1]);
    return 1;
  }
  fclose(f);
  for (int i = 0; i < m_NUM_OUTPUTS; ++i)
    if (!(outputs[i] = malloc(m_OUTPUT_BYTES[i] ? m_OUTPUT_BYTES[i] : 1)))
      return 1;
  double *times = malloc(sizeof(double) * repeat);
  if (!times || run(inputs, outputs, temp, parallel) != 0)
    return 1;
  for (int r = 0; r < repeat; ++r) {
    double t0 = now();
    if (run(inputs, outputs, temp, parallel) != 0)
      return 1;
    times[r] = now() - t0;
  }
  aotc_pool_destroy(pool);
  if (argc >= 4 && strcmp(argv[3], "-") != 0) {
    FILE *o = fopen(argv[3], "wb");
    int written = o != NULL;
    for (int i = 0; written && i < m_NUM_OUTPUTS; ++i)
      written = fwrite(outputs[i], 1, m_OUTPUT_BYTES[i], o) ==
                m_OUTPUT_BYTES[i];
    if (!written || fclose(o) != 0) {
      fprintf(stderr, "model_bench: cannot write %s\n", argv[3]);
      return 1;
    }
  }
  qsort(times, repeat, sizeof(double), compare);
  printf("%.3f %.3f %.6g\n", times[0] * 1e3, times[repeat / 2] * 1e3,
         (double)((float *)outputs[0])[0]);
  return 0;
}

/*===- fused_reduce_bench.c - reduce_sum(x + y*z) against bandwidth -------===*
 *
 * Times, in one run on the same three 64 MiB buffers:
 *   triad  a plain C loop summing x[i] + y[i] * z[i] (reads 3 streams, the
 *          memory-bandwidth bound of the graph; compiled -O3 -march=native),
 *   fused  the graph compiled by aotc with fusion (bench/run builds it),
 *   unfused the same graph compiled with --no-fusion,
 * and prints the best time of each, the bandwidth it implies, and the
 * ratios. A benchmark, not a test: the numbers are only meaningful
 * relative to each other on one machine.
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fused.h"
#include "unfused.h"

#define N 16777216
#define REPEAT 15

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static float triad(const float *x, const float *y, const float *z) {
  float sum = 0;
  for (long i = 0; i < N; ++i)
    sum += x[i] + y[i] * z[i];
  return sum;
}

typedef int (*graph_fn)(const void *const *, void *const *, void *);

static double time_graph(graph_fn run, const void *const *in, float *out,
                         void *temp) {
  double best = 1e9;
  for (int r = 0; r < REPEAT; ++r) {
    void *outs[1] = {out};
    double t0 = now();
    if (run(in, outs, temp) != 0) {
      fprintf(stderr, "bench: the graph failed\n");
      exit(1);
    }
    double t = now() - t0;
    if (t < best)
      best = t;
  }
  return best;
}

int main(void) {
  float *x = malloc(sizeof(float) * N), *y = malloc(sizeof(float) * N),
        *z = malloc(sizeof(float) * N);
  if (!x || !y || !z)
    return 1;
  for (long i = 0; i < N; ++i) {
    x[i] = (float)(i % 7) * 0.25f;
    y[i] = (float)(i % 5) * 0.5f;
    z[i] = (float)(i % 3) - 1.0f;
  }
  const void *in[3] = {x, y, z};
  void *fused_temp = fused_TEMP_BYTES ? aligned_alloc(64, fused_TEMP_BYTES) : NULL;
  void *unfused_temp =
      unfused_TEMP_BYTES ? aligned_alloc(64, unfused_TEMP_BYTES) : NULL;

  double best_triad = 1e9;
  volatile float sink = 0;
  for (int r = 0; r < REPEAT; ++r) {
    double t0 = now();
    sink += triad(x, y, z);
    double t = now() - t0;
    if (t < best_triad)
      best_triad = t;
  }
  float fused_out = 0, unfused_out = 0;
  double best_fused = time_graph(fused_run, in, &fused_out, fused_temp);
  double best_unfused =
      time_graph(unfused_run, in, &unfused_out, unfused_temp);

  double bytes = 3.0 * sizeof(float) * N;
  printf("reduce_sum(x + y*z) over %d floats (%.0f MiB read), best of %d\n",
         N, bytes / (1 << 20), REPEAT);
  printf("  triad (C loop)   %8.3f ms  %6.2f GB/s\n", best_triad * 1e3,
         bytes / best_triad * 1e-9);
  printf("  aotc fused       %8.3f ms  %6.2f GB/s  sum %.6g\n",
         best_fused * 1e3, bytes / best_fused * 1e-9, fused_out);
  printf("  aotc --no-fusion %8.3f ms  %6.2f GB/s  sum %.6g\n",
         best_unfused * 1e3, bytes / best_unfused * 1e-9, unfused_out);
  printf("  fused / triad      = %.2fx\n", best_fused / best_triad);
  printf("  no-fusion / fused  = %.2fx\n", best_unfused / best_fused);
  printf("  temp bytes: fused %lu, no-fusion %lu\n",
         (unsigned long)fused_TEMP_BYTES, (unsigned long)unfused_TEMP_BYTES);
  free(x);
  free(y);
  free(z);
  free(fused_temp);
  free(unfused_temp);
  return sink == -1.0f;
}

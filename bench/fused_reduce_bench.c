/*===- fused_reduce_bench.c - reduce_sum(x + y*z) against bandwidth -------===*
 *
 * Times, in one run, on the same 64 MiB buffers of 16M floats:
 *   triad    STREAM's triad, w[i] = y[i] + s * z[i], a plain C loop
 *            (-O3 -march=native): the machine's memory bandwidth, counted
 *            STREAM's way as 3 arrays moved (12 bytes per element);
 *   fused    the graph compiled by aotc with fusion (bench/run builds it);
 *            it must read 3 arrays (12 bytes per element), so the bandwidth
 *            bound on its time is 12 N bytes / triad bandwidth, which is the
 *            triad's own time;
 *   unfused  the same graph compiled with --no-fusion;
 *   read     a C loop that only reads x, y and z (vectorized, unordered
 *            sum): how fast 3 streams can be read at all, for reference.
 * It prints the best time of each, the bandwidth it implies, and the
 * ratios. A benchmark, not a test: the numbers are only meaningful relative
 * to each other on one machine.
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

static void triad(float *w, const float *y, const float *z, float s) {
  for (long i = 0; i < N; ++i)
    w[i] = y[i] + s * z[i];
}

/* Eight independent partial sums: vectorizable without -ffast-math. */
static float read3(const float *x, const float *y, const float *z) {
  float acc[8] = {0};
  for (long i = 0; i < N; i += 8)
    for (int j = 0; j < 8; ++j)
      acc[j] += x[i + j] + y[i + j] * z[i + j];
  float sum = 0;
  for (int j = 0; j < 8; ++j)
    sum += acc[j];
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
        *z = malloc(sizeof(float) * N), *w = malloc(sizeof(float) * N);
  if (!x || !y || !z || !w)
    return 1;
  for (long i = 0; i < N; ++i) {
    x[i] = (float)(i % 7) * 0.25f;
    y[i] = (float)(i % 5) * 0.5f;
    z[i] = (float)(i % 3) - 1.0f;
    w[i] = 0.0f;
  }
  const void *in[3] = {x, y, z};
  void *fused_temp = fused_TEMP_BYTES ? aligned_alloc(64, fused_TEMP_BYTES) : NULL;
  void *unfused_temp =
      unfused_TEMP_BYTES ? aligned_alloc(64, unfused_TEMP_BYTES) : NULL;

  double best_triad = 1e9, best_read = 1e9;
  volatile float sink = 0;
  for (int r = 0; r < REPEAT; ++r) {
    double t0 = now();
    triad(w, y, z, 3.0f);
    double t = now() - t0;
    if (t < best_triad)
      best_triad = t;
    sink += w[r];
    t0 = now();
    sink += read3(x, y, z);
    t = now() - t0;
    if (t < best_read)
      best_read = t;
  }
  float fused_out = 0, unfused_out = 0;
  double best_fused = time_graph(fused_run, in, &fused_out, fused_temp);
  double best_unfused =
      time_graph(unfused_run, in, &unfused_out, unfused_temp);

  double bytes = 3.0 * sizeof(float) * N;
  double triad_bw = bytes / best_triad;
  double bound = bytes / triad_bw; /* the graph moves as many bytes */
  printf("reduce_sum(x + y*z) over %d floats (%.0f MiB read), best of %d\n",
         N, bytes / (1 << 20), REPEAT);
  printf("  triad w = y + s*z (C)  %8.3f ms  %6.2f GB/s  (bandwidth bound)\n",
         best_triad * 1e3, triad_bw * 1e-9);
  printf("  read x, y, z (C)       %8.3f ms  %6.2f GB/s\n", best_read * 1e3,
         bytes / best_read * 1e-9);
  printf("  aotc fused             %8.3f ms  %6.2f GB/s  sum %.6g\n",
         best_fused * 1e3, bytes / best_fused * 1e-9, fused_out);
  printf("  aotc --no-fusion       %8.3f ms  %6.2f GB/s  sum %.6g\n",
         best_unfused * 1e3, bytes / best_unfused * 1e-9, unfused_out);
  printf("  fused / bandwidth bound = %.2fx  (target <= 1.3x)\n",
         best_fused / bound);
  printf("  fused / read loop       = %.2fx\n", best_fused / best_read);
  printf("  no-fusion / fused       = %.2fx\n", best_unfused / best_fused);
  printf("  temp bytes: fused %lu, no-fusion %lu\n",
         (unsigned long)fused_TEMP_BYTES, (unsigned long)unfused_TEMP_BYTES);
  free(x);
  free(y);
  free(z);
  free(w);
  free(fused_temp);
  free(unfused_temp);
  return sink == -1.0f;
}

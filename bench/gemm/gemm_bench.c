/*===- gemm_bench.c - one aotc matmul against OpenBLAS sgemm --------------===*
 *
 * Built by bench/gemm/run against the header and object of `C = A @ B`
 * (A: MxK, B: KxN, both runtime inputs, f32) compiled with --name g, and
 * OpenBLAS. Times both on the same buffers with one thread (warm-up, then
 * the best of REPEAT calls), checks that they agree, and prints one line:
 *
 *   M K N aotc_ms openblas_ms aotc_gflops openblas_gflops
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 199309L
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "g.h"

void openblas_set_num_threads(int);

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int repeat = argc > 1 ? atoi(argv[1]) : 10;
  const int64_t m = g_INPUT_0_SHAPE[0], k = g_INPUT_0_SHAPE[1],
                n = g_INPUT_1_SHAPE[1];
  float *a = aligned_alloc(64, (m * k * 4 + 63) / 64 * 64);
  float *b = aligned_alloc(64, (k * n * 4 + 63) / 64 * 64);
  float *c = aligned_alloc(64, (m * n * 4 + 63) / 64 * 64);
  float *ref = aligned_alloc(64, (m * n * 4 + 63) / 64 * 64);
  void *temp = g_TEMP_BYTES ? aligned_alloc(64, (g_TEMP_BYTES + 63) / 64 * 64)
                            : NULL;
  if (!a || !b || !c || !ref || (g_TEMP_BYTES && !temp))
    return 1;
  srand(1);
  for (int64_t i = 0; i < m * k; ++i)
    a[i] = (float)rand() / RAND_MAX - 0.5f;
  for (int64_t i = 0; i < k * n; ++i)
    b[i] = (float)rand() / RAND_MAX - 0.5f;
  openblas_set_num_threads(1);

  const void *inputs[2] = {a, b};
  void *outputs[1] = {c};
  double best = 1e30, bestRef = 1e30;
  for (int r = 0; r <= repeat; ++r) {
    double t0 = now();
    if (g_run(inputs, outputs, temp) != 0)
      return 1;
    double t1 = now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a,
                k, b, n, 0.0f, ref, n);
    double t2 = now();
    if (r > 0) {
      best = t1 - t0 < best ? t1 - t0 : best;
      bestRef = t2 - t1 < bestRef ? t2 - t1 : bestRef;
    }
  }
  double err = 0, scale = 0;
  for (int64_t i = 0; i < m * n; ++i) {
    err = fmax(err, fabs(c[i] - ref[i]));
    scale = fmax(scale, fabs(ref[i]));
  }
  if (err > 1e-4 * scale * sqrt((double)k)) {
    fprintf(stderr, "gemm_bench: %ldx%ldx%ld: aotc differs from OpenBLAS by "
                    "%g (largest |C| %g)\n", (long)m, (long)k, (long)n, err,
            scale);
    return 1;
  }
  double flops = 2.0 * m * n * k;
  printf("%ld %ld %ld %.4f %.4f %.1f %.1f\n", (long)m, (long)k, (long)n,
         best * 1e3, bestRef * 1e3, flops / best / 1e9, flops / bestRef / 1e9);
  return 0;
}

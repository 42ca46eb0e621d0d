/*===- small_graph_bench.c - NAME_run_parallel's cost on a tiny graph -----===*
 *
 * Built by bench/run against examples/mlp.mlir compiled with --name mlp.
 * A graph this small (an 8 -> 16 -> 4 MLP, about 0.2 microseconds a call)
 * has no kernel large enough to be shared out, so NAME_run_parallel must
 * cost what NAME_run costs: this times batches of calls of mlp_run and of
 * mlp_run_parallel (with NULL, and with a libaotc_pool of 1 and of 2
 * workers) on the same buffers, alternating, and prints the best batch's
 * nanoseconds per call of each and its ratio to mlp_run's.
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "mlp.h"

enum { kCalls = 20000, kBatches = 25, kWays = 4 };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
  float x[mlp_INPUT_0_ELEMENTS], y[mlp_OUTPUT_0_ELEMENTS];
  for (int i = 0; i < mlp_INPUT_0_ELEMENTS; ++i)
    x[i] = 0.25f * (float)(i % 7) - 0.75f;
  const void *inputs[mlp_NUM_INPUTS] = {x};
  void *outputs[mlp_NUM_OUTPUTS] = {y};
  aotc_pool *one = aotc_pool_create(1), *two = aotc_pool_create(2);
  void *temp = aligned_alloc(64, (mlp_TEMP_BYTES_FOR_WORKERS(2) + 64) / 64 * 64);
  if (!one || !two || !temp) {
    fprintf(stderr, "small_graph_bench: out of memory\n");
    return 1;
  }
  const aotc_parallel *parallel[kWays] = {NULL, NULL, aotc_pool_parallel(one),
                                          aotc_pool_parallel(two)};
  const char *names[kWays] = {"mlp_run", "mlp_run_parallel, NULL",
                              "mlp_run_parallel, 1 worker",
                              "mlp_run_parallel, 2 workers"};
  double best[kWays];
  for (int way = 0; way < kWays; ++way)
    best[way] = 1e30;
  for (int batch = 0; batch < kBatches; ++batch) {
    for (int way = 0; way < kWays; ++way) {
      double t0 = now();
      for (int i = 0; i < kCalls; ++i) {
        int rc = way == 0 ? mlp_run(inputs, outputs, temp)
                          : mlp_run_parallel(inputs, outputs, temp,
                                             parallel[way]);
        if (rc != 0) {
          fprintf(stderr, "small_graph_bench: %s failed\n", names[way]);
          return 1;
        }
      }
      double t = (now() - t0) / kCalls;
      if (t < best[way])
        best[way] = t;
    }
  }
  printf("demo MLP (examples/mlp.mlir), best of %d batches of %d calls:\n",
         kBatches, kCalls);
  for (int way = 0; way < kWays; ++way)
    printf("  %-28s %8.1f ns/call  %.2fx mlp_run's time\n", names[way],
           best[way] * 1e9, best[way] / best[0]);
  aotc_pool_destroy(one);
  aotc_pool_destroy(two);
  free(temp);
  return 0;
}

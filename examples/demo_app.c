/* demo_app.c - an app that calls the MLP aotc compiled from mlp.mlir.
 *
 * Everything the app knows about the graph comes from the generated header:
 * the entry point, and each tensor's name, dtype, shape and size. scripts/demo
 * builds and runs it; by hand:
 *
 *   build/bin/aotc examples/mlp.mlir -o mlp.o --header mlp.h --name mlp
 *   cc -I. -Iinclude examples/demo_app.c mlp.o build/lib/libaotc_pool.a \
 *      -lpthread -lm -o demo_app && ./demo_app
 */
#include "mlp.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Prints `name: f32[1x8]` for a tensor described by the header. */
static void print_signature(const char *kind, const char *name,
                            const char *dtype, const int64_t *shape, int rank) {
  int d;
  printf("%s %s: %s[", kind, name, dtype);
  for (d = 0; d < rank; ++d)
    printf("%s%lld", d ? "x" : "", (long long)shape[d]);
  printf("]\n");
}

int main(void) {
  static const float x[mlp_INPUT_0_ELEMENTS] = {0.5f,   -1.0f, 0.25f, 2.0f,
                                                -0.75f, 1.5f,  0.0f,  -0.5f};
  float probabilities[mlp_OUTPUT_0_ELEMENTS];
  float sum = 0.0f;
  int i, status, best = 0;

  print_signature("input ", mlp_INPUT_NAMES[0], mlp_INPUT_DTYPES[0],
                  mlp_INPUT_0_SHAPE, mlp_INPUT_0_RANK);
  print_signature("output", mlp_OUTPUT_NAMES[0], mlp_OUTPUT_DTYPES[0],
                  mlp_OUTPUT_0_SHAPE, mlp_OUTPUT_0_RANK);

  printf("%s =", mlp_INPUT_NAMES[0]);
  for (i = 0; i < mlp_INPUT_0_ELEMENTS; ++i)
    printf(" %.2f", x[i]);
  printf("\n");

  /* One pointer per tensor, in call order; NULL temp lets the call find its
   * own scratch memory. */
  status = mlp_run_typed(x, probabilities, NULL);
  if (status != 0) {
    fprintf(stderr, "demo_app: mlp_run failed with status %d\n", status);
    return 1;
  }

  printf("%s =", mlp_OUTPUT_NAMES[0]);
  for (i = 0; i < mlp_OUTPUT_0_ELEMENTS; ++i) {
    printf(" %.6f", probabilities[i]);
    sum += probabilities[i];
    if (probabilities[i] > probabilities[best])
      best = i;
  }
  printf("\nsum = %.6f, most likely class = %d\n", sum, best);

  /* A softmax row sums to 1. Four float32 terms, each within a few ulps of
   * its exact value, sum to within ~1e-6 of it; 1e-5 leaves room without
   * letting a wrong result through. */
  for (i = 0; i < mlp_OUTPUT_0_ELEMENTS; ++i) {
    if (!(probabilities[i] >= 0.0f && probabilities[i] <= 1.0f)) {
      fprintf(stderr, "demo_app: probability %d is %f, not in [0, 1]\n", i,
              probabilities[i]);
      return 1;
    }
  }
  if (fabsf(sum - 1.0f) > 1e-5f) {
    fprintf(stderr, "demo_app: probabilities sum to %.7f, expected 1\n", sum);
    return 1;
  }

  /* The same call on 2 threads: a pool from libaotc_pool (any pool fits,
   * see aotc_parallel.h), and as much scratch as 2 workers need. The
   * results are bitwise those of mlp_run. (This graph is small: its kernels
   * run on the calling thread, the way big graphs run their small ones.) */
  {
    const void *inputs[mlp_NUM_INPUTS];
    void *outputs[mlp_NUM_OUTPUTS];
    float again[mlp_OUTPUT_0_ELEMENTS];
    aotc_pool *pool = aotc_pool_create(2);
    inputs[0] = x;
    outputs[0] = again;
    if (!pool || mlp_run_parallel(inputs, outputs, NULL,
                                  aotc_pool_parallel(pool)) != 0) {
      fprintf(stderr, "demo_app: mlp_run_parallel failed\n");
      return 1;
    }
    aotc_pool_destroy(pool);
    if (memcmp(again, probabilities, sizeof again) != 0) {
      fprintf(stderr, "demo_app: mlp_run_parallel differs from mlp_run\n");
      return 1;
    }
    printf("mlp_run_parallel on 2 workers: the same %d bytes\n",
           (int)sizeof again);
  }
  return 0;
}

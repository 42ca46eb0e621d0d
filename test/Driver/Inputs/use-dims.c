/* Uses the header of a graph compiled with --dim batch=1..9 (--name cnn,
 * the cnn model of test/Python/Inputs/dim_range_models.py): sizes from the
 * header's functions, sizes outside the range refused without writing,
 * and each batch's results the same as one call per sample, with and
 * without `temp` and on a pool of workers. */
#include "cnn.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float *random_floats(size_t n, unsigned seed) {
  float *p = (float *)malloc(n * sizeof(float));
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    p[i] = (float)((seed >> 8) & 0xffff) / 32768.0f - 1.0f;
  }
  return p;
}

int main(void) {
  int64_t dims[cnn_NUM_DIMS];
  int64_t shape[4];
  printf("dims %d: %s in %lld..%lld\n", cnn_NUM_DIMS, cnn_DIM_NAMES[0],
         (long long)cnn_DIM_MIN[0], (long long)cnn_DIM_MAX[0]);
  dims[cnn_DIM_batch] = 4;
  int rc = cnn_input_shape(dims, 0, shape);
  printf("batch 4: input 0 [%lld, %lld, %lld, %lld] %zu bytes, rc %d\n",
         (long long)shape[0], (long long)shape[1], (long long)shape[2],
         (long long)shape[3], cnn_input_bytes(dims, 0), rc);
  rc = cnn_output_shape(dims, 0, shape);
  printf("batch 4: output 0 [%lld, %lld] %zu bytes, rc %d\n",
         (long long)shape[0], (long long)shape[1], cnn_output_bytes(dims, 0),
         rc);
  printf("no input 1: rc %d, %zu bytes\n", cnn_input_shape(dims, 1, shape),
         cnn_input_bytes(dims, 1));
  printf("temp bytes %zu (TEMP_BYTES %s)\n", cnn_temp_bytes(dims),
         cnn_temp_bytes(dims) == cnn_TEMP_BYTES ? "equal" : "differ");

  /* Sizes outside the range: error 2, nothing written. */
  size_t per_sample_in = 3 * 8 * 8, per_sample_out = 10;
  float *x = random_floats(9 * per_sample_in, 1);
  float *y = (float *)malloc(9 * per_sample_out * sizeof(float));
  const int64_t bad[] = {0, 10, -1, 1000000};
  for (int i = 0; i < 4; ++i) {
    memset(y, 0x5a, 9 * per_sample_out * sizeof(float));
    dims[0] = bad[i];
    rc = cnn_run_dims(dims, (const void *const[]){x}, (void *const[]){y},
                      NULL);
    unsigned char *bytes = (unsigned char *)y;
    int untouched = 1;
    for (size_t j = 0; j < 9 * per_sample_out * sizeof(float); ++j)
      untouched &= bytes[j] == 0x5a;
    printf("batch %lld: rc %d, check_dims %d, %zu input bytes, output %s\n",
           (long long)bad[i], rc, cnn_check_dims(dims),
           cnn_input_bytes(dims, 0), untouched ? "untouched" : "WRITTEN");
  }

  /* Batch 7 at once (temp NULL, temp given, a pool of 2) against one call
   * per sample: the same bits. */
  dims[0] = 7;
  float *whole = (float *)malloc(7 * per_sample_out * sizeof(float));
  float *pooled = (float *)malloc(7 * per_sample_out * sizeof(float));
  float *single = (float *)malloc(7 * per_sample_out * sizeof(float));
  rc = cnn_run_dims_typed(dims, x, whole, NULL);
  void *temp = aligned_alloc(64, cnn_TEMP_BYTES_FOR_WORKERS(2) + 64);
  int rc_temp = cnn_run_dims(dims, (const void *const[]){x},
                             (void *const[]){y}, temp);
  aotc_pool *pool = aotc_pool_create(2);
  int rc_pool = cnn_run_dims_parallel(dims, (const void *const[]){x},
                                      (void *const[]){pooled}, NULL,
                                      aotc_pool_parallel(pool));
  aotc_pool_destroy(pool);
  int64_t one[] = {1};
  for (int s = 0; s < 7; ++s)
    rc |= cnn_run_dims(one, (const void *const[]){x + s * per_sample_in},
                       (void *const[]){single + s * per_sample_out}, temp);
  double sum = 0;
  for (size_t i = 0; i < 7 * per_sample_out; ++i)
    sum += whole[i];
  printf("batch 7: rc %d %d %d; with temp %s, on 2 workers %s, per sample "
         "%s; probabilities sum to %.3f\n",
         rc, rc_temp, rc_pool,
         memcmp(whole, y, 7 * per_sample_out * 4) ? "DIFFER" : "same",
         memcmp(whole, pooled, 7 * per_sample_out * 4) ? "DIFFER" : "same",
         memcmp(whole, single, 7 * per_sample_out * 4) ? "DIFFER" : "same",
         sum);
  free(temp);
  free(x);
  free(y);
  free(whole);
  free(pooled);
  free(single);
  return 0;
}

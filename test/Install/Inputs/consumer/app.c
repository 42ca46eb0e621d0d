/* Runs `net` (aotc_add_library) serially and on a pool of 2 workers. */
#include "net.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  float x[net_INPUT_0_ELEMENTS], a[net_OUTPUT_0_ELEMENTS],
      b[net_OUTPUT_0_ELEMENTS];
  aotc_pool *pool = aotc_pool_create(2);
  const void *inputs[1];
  void *outputs[1];
  int i, rc;
  for (i = 0; i < net_INPUT_0_ELEMENTS; ++i)
    x[i] = (float)(i % 7) * 0.25f - 0.75f;
  inputs[0] = x;
  outputs[0] = a;
  if (!pool || net_run_typed(x, a, NULL) != 0)
    return 1;
  outputs[0] = b;
  rc = net_run_parallel(inputs, outputs, NULL, aotc_pool_parallel(pool));
  aotc_pool_destroy(pool);
  if (rc != 0 || memcmp(a, b, sizeof a) != 0)
    return 1;
  printf("app: '%s' has %d elements; net_run == net_run_parallel\n",
         net_OUTPUT_NAMES[0], net_OUTPUT_0_ELEMENTS);
  return 0;
}

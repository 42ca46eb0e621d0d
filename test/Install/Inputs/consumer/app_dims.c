/* Runs `net_any` (aotc_add_library DIMS batch=1..4) at batch 3 and checks
 * that each sample's output is net_run's (the batch-1 library) bit for
 * bit; batch 5 is refused. */
#include "net.h"
#include "netany.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  int64_t dims[netany_NUM_DIMS];
  float x[3 * net_INPUT_0_ELEMENTS], y[3 * net_OUTPUT_0_ELEMENTS],
      one[net_OUTPUT_0_ELEMENTS];
  int i, s;
  for (i = 0; i < 3 * net_INPUT_0_ELEMENTS; ++i)
    x[i] = (float)(i % 11) * 0.125f - 0.5f;
  dims[netany_DIM_batch] = 3;
  if (netany_input_bytes(dims, 0) != sizeof x ||
      netany_output_bytes(dims, 0) != sizeof y ||
      netany_run_dims_typed(dims, x, y, NULL) != 0)
    return 1;
  for (s = 0; s < 3; ++s)
    if (net_run_typed(x + s * net_INPUT_0_ELEMENTS, one, NULL) != 0 ||
        memcmp(one, y + s * net_OUTPUT_0_ELEMENTS, sizeof one) != 0)
      return 1;
  dims[netany_DIM_batch] = 5;
  if (netany_run_dims_typed(dims, x, y, NULL) != 2)
    return 1;
  printf("app_dims: batch 3 of %s in %lld..%lld == net_run per sample; "
         "batch 5 refused\n",
         netany_DIM_NAMES[0], (long long)netany_DIM_MIN[0],
         (long long)netany_DIM_MAX[0]);
  return 0;
}

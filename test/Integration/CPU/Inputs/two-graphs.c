/* Calls two graphs compiled separately by aotc from one C99 program, through
 * both headers included in one translation unit (link-two-graphs.test). */
#include "affine.h"
#include "scale.h"

#include <stdio.h>

int main(void) {
  const float x[4] = {1, 2, 3, 4};
  const int32_t n[4] = {1, 2, 3, -1};
  float fs[4], fa[4];
  int32_t is[4], ia[4];
  const void *const inputs[] = {x, n};
  void *const outputs[] = {fa, ia};
  int i;

  if (scale_NUM_INPUTS != 2 || affine_NUM_OUTPUTS != 2 ||
      scale_OUTPUT_BYTES[0] != sizeof fs || affine_INPUT_BYTES[1] != sizeof n)
    return 3;
  if (scale_run_typed(x, n, fs, is, NULL) != 0)
    return 1;
  if (affine_run(inputs, outputs, NULL) != 0)
    return 2;
  for (i = 0; i < 4; ++i)
    printf("scale %g %d affine %g %d\n", fs[i], (int)is[i], fa[i], (int)ia[i]);
  return 0;
}

/* Runs big.o (weights_over_2gb.py) on idx.bin and writes y.bin. */
#include "big.h"

#include <stdint.h>
#include <stdio.h>

int main(void) {
  static int64_t idx[big_INPUT_0_ELEMENTS];
  static float y[big_OUTPUT_0_ELEMENTS];
  FILE *in = fopen("idx.bin", "rb");
  if (!in || fread(idx, sizeof idx, 1, in) != 1)
    return 2;
  fclose(in);
  const void *inputs[1] = {idx};
  void *outputs[1] = {y};
  if (big_run(inputs, outputs, NULL))
    return 3;
  FILE *out = fopen("y.bin", "wb");
  if (!out || fwrite(y, sizeof y, 1, out) != 1)
    return 4;
  return fclose(out) ? 4 : 0;
}

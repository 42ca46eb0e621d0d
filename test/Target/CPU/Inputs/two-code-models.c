/* Links a graph compiled with the medium code model next to the same graph
 * compiled with the small one and checks both against a plain C matmul. */
#include "medium.h"
#include "small.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static float weight(int k, int n) {
  uint32_t bits = 0x3A800000u + (uint32_t)(k * 512 + n);
  float w;
  memcpy(&w, &bits, sizeof w);
  return w;
}

static double maxError(const float y[4][512], const float x[4][64]) {
  double worst = 0;
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 512; ++n) {
      double ref = 0.5;
      for (int k = 0; k < 64; ++k)
        ref += (double)x[m][k] * weight(k, n);
      double error = fabs(ref - y[m][n]) / (fabs(ref) + 1e-6);
      if (error > worst)
        worst = error;
    }
  return worst;
}

int main(void) {
  static float x[4][64], yMedium[4][512], ySmall[4][512];
  for (int m = 0; m < 4; ++m)
    for (int k = 0; k < 64; ++k)
      x[m][k] = (float)((m * 64 + k) % 7 - 3);
  const void *inputs[1] = {x};
  void *outMedium[1] = {yMedium}, *outSmall[1] = {ySmall};
  if (medium_run(inputs, outMedium, NULL) || small_run(inputs, outSmall, NULL))
    return 1;
  /* f32 accumulation of 64 terms against a double reference. */
  printf("medium: %s\n", maxError(yMedium, x) < 1e-4 ? "ok" : "MISMATCH");
  printf("small: %s\n", maxError(ySmall, x) < 1e-4 ? "ok" : "MISMATCH");
  return 0;
}

/* Launches the kernels of emulator-collectives.mlir on the CPU stand-in for
 * the driver and compares their results with a sequential reference.
 * Inputs are small integers, so every float sum is exact. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCKS = 2, THREADS = 128, WARP = 32 };

static void check(CUresult r, const char *what) {
  const char *name;
  if (r == CUDA_SUCCESS)
    return;
  cuGetErrorName(r, &name);
  printf("%s: %s\n", what, name);
  exit(1);
}

int main(void) {
  static float in[BLOCKS][THREADS], shuffled[4][BLOCKS][THREADS],
      reversed[BLOCKS][THREADS], sums[BLOCKS];
  static int valid[BLOCKS][THREADS];
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction collectives, divergent;
  CUdeviceptr d_in, d_shuffled, d_valid, d_reversed, d_sums, d_out;
  int b, t, mismatches = 0, values = 0;
  setvbuf(stdout, NULL, _IONBF, 0); /* in order with the stand-in's stderr */
  for (b = 0; b < BLOCKS; ++b)
    for (t = 0; t < THREADS; ++t)
      in[b][t] = (float)((b * 37 + t * 11) % 101 - 50);

  check(cuInit(0), "cuInit");
  check(cuDeviceGet(&device, 0), "cuDeviceGet");
  check(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
  check(cuModuleLoadData(&module, "kernels"), "cuModuleLoadData");
  check(cuModuleGetFunction(&collectives, module, "collectives"), "collectives");
  check(cuModuleGetFunction(&divergent, module, "divergent_barrier"),
        "divergent_barrier");
  check(cuMemAlloc(&d_in, sizeof in), "cuMemAlloc");
  check(cuMemAlloc(&d_shuffled, sizeof shuffled), "cuMemAlloc");
  check(cuMemAlloc(&d_valid, sizeof valid), "cuMemAlloc");
  check(cuMemAlloc(&d_reversed, sizeof reversed), "cuMemAlloc");
  check(cuMemAlloc(&d_sums, sizeof sums), "cuMemAlloc");
  check(cuMemAlloc(&d_out, THREADS * sizeof(float)), "cuMemAlloc");
  check(cuMemcpyHtoD(d_in, in, sizeof in), "cuMemcpyHtoD");
  {
    void *params[] = {&d_in, &d_shuffled, &d_valid, &d_reversed, &d_sums};
    check(cuLaunchKernel(collectives, BLOCKS, 1, 1, WARP, THREADS / WARP, 1, 0,
                         NULL, params, NULL),
          "collectives");
  }
  check(cuMemcpyDtoH(shuffled, d_shuffled, sizeof shuffled), "cuMemcpyDtoH");
  check(cuMemcpyDtoH(valid, d_valid, sizeof valid), "cuMemcpyDtoH");
  check(cuMemcpyDtoH(reversed, d_reversed, sizeof reversed), "cuMemcpyDtoH");
  check(cuMemcpyDtoH(sums, d_sums, sizeof sums), "cuMemcpyDtoH");

  for (b = 0; b < BLOCKS; ++b) {
    float sum = 0;
    for (t = 0; t < THREADS; ++t) {
      int lane = t % WARP, warp = t - lane;
      /* Out of its segment, a shuffle returns the lane's own value. */
      int down = lane + 1 < WARP, up = lane >= 1;
      float want[4] = {in[b][down ? t + 1 : t], in[b][up ? t - 1 : t],
                       in[b][warp + 3], in[b][warp + (lane ^ 5)]};
      int flags = down | up << 1 | 1 << 2 | 1 << 3, m;
      for (m = 0; m < 4; ++m, ++values)
        if (shuffled[m][b][t] != want[m]) {
          printf("shuffle mode %d, block %d, thread %d: %g, expected %g\n", m,
                 b, t, shuffled[m][b][t], want[m]);
          ++mismatches;
        }
      values += 2;
      if (valid[b][t] != flags) {
        printf("valid flags, block %d, thread %d: %d, expected %d\n", b, t,
               valid[b][t], flags);
        ++mismatches;
      }
      if (reversed[b][t] != in[b][THREADS - 1 - t]) {
        printf("reversed, block %d, thread %d: %g, expected %g\n", b, t,
               reversed[b][t], in[b][THREADS - 1 - t]);
        ++mismatches;
      }
      sum += in[b][t];
    }
    ++values;
    if (sums[b] != sum) {
      printf("sum of block %d: %g, expected %g\n", b, sums[b], sum);
      ++mismatches;
    }
  }
  printf("collectives: %d mismatches in %d values\n", mismatches, values);

  {
    void *params[] = {&d_out};
    CUresult r = cuLaunchKernel(divergent, 1, 1, 1, THREADS, 1, 1, 0, NULL,
                                params, NULL);
    printf("divergent_barrier: %s\n",
           r == CUDA_SUCCESS                ? "CUDA_SUCCESS"
           : r == CUDA_ERROR_LAUNCH_FAILED ? "CUDA_ERROR_LAUNCH_FAILED"
                                           : "another error");
  }
  return mismatches != 0;
}

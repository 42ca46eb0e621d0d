/* Launches the kernels of emulator-mma.mlir (one warp each) on the CPU
 * stand-in for the driver and compares D with A * B + C computed in double
 * from the operands the tensor cores see: f16 values (small multiples of
 * 1/8, exact in f16) and tf32 values (f32 with the low 13 mantissa bits
 * cleared). Every product and sum is exact, so D must match bit for bit. */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { M = 16, N = 8 };

static void check(CUresult r, const char *what) {
  const char *name;
  if (r == CUDA_SUCCESS)
    return;
  cuGetErrorName(r, &name);
  printf("%s: %s\n", what, name);
  exit(1);
}

/* `x` as the tensor cores read a tf32 operand. */
static float tf32(float x) {
  uint32_t bits;
  memcpy(&bits, &x, sizeof bits);
  bits &= 0xFFFFE000u;
  memcpy(&x, &bits, sizeof x);
  return x;
}

/* Runs `name` on a (M x k), b (k x N), c (M x N) and compares its D with
 * the reference, the operands passed through `operand` first. */
static void run(CUmodule module, const char *name, int k, const float *a,
                const float *b, const float *c, float (*operand)(float)) {
  CUfunction kernel;
  CUdeviceptr da, db, dc, dd;
  float d[M * N];
  int i, j, l, mismatches = 0;
  check(cuModuleGetFunction(&kernel, module, name), name);
  check(cuMemAlloc(&da, sizeof(float) * M * k), "cuMemAlloc");
  check(cuMemAlloc(&db, sizeof(float) * k * N), "cuMemAlloc");
  check(cuMemAlloc(&dc, sizeof(float) * M * N), "cuMemAlloc");
  check(cuMemAlloc(&dd, sizeof(float) * M * N), "cuMemAlloc");
  check(cuMemcpyHtoD(da, a, sizeof(float) * M * k), "cuMemcpyHtoD");
  check(cuMemcpyHtoD(db, b, sizeof(float) * k * N), "cuMemcpyHtoD");
  check(cuMemcpyHtoD(dc, c, sizeof(float) * M * N), "cuMemcpyHtoD");
  {
    void *params[] = {&da, &db, &dc, &dd};
    check(cuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL),
          name);
  }
  check(cuMemcpyDtoH(d, dd, sizeof d), "cuMemcpyDtoH");
  for (i = 0; i < M; ++i)
    for (j = 0; j < N; ++j) {
      double want = c[i * N + j];
      for (l = 0; l < k; ++l)
        want += (double)operand(a[i * k + l]) * operand(b[l * N + j]);
      if (d[i * N + j] != (float)want) {
        printf("%s: D[%d][%d] = %.9g, expected %.9g\n", name, i, j,
               d[i * N + j], want);
        ++mismatches;
      }
    }
  printf("%s: %d mismatches in %d values\n", name, mismatches, M * N);
}

static float exact(float x) { return x; }

int main(void) {
  static float a16[M * 16], b16[16 * N], a8[M * 8], b8[8 * N], c[M * N];
  CUdevice device;
  CUcontext context;
  CUmodule module;
  int i;
  setvbuf(stdout, NULL, _IONBF, 0);
  /* Distinct values everywhere, so a misplaced element changes D. */
  for (i = 0; i < M * 16; ++i)
    a16[i] = (float)((i * 37) % 61 - 30) / 8;
  for (i = 0; i < 16 * N; ++i)
    b16[i] = (float)((i * 29) % 53 - 26) / 8;
  for (i = 0; i < M * N; ++i)
    c[i] = (float)((i * 13) % 41 - 20);
  /* tf32 operands with bits below the 10 it keeps. */
  for (i = 0; i < M * 8; ++i)
    a8[i] = ((float)((i * 37) % 61 - 30) / 8) * (1.0f + 0x1p-14f);
  for (i = 0; i < 8 * N; ++i)
    b8[i] = ((float)((i * 29) % 53 - 26) / 8) * (1.0f + 0x1p-12f);

  check(cuInit(0), "cuInit");
  check(cuDeviceGet(&device, 0), "cuDeviceGet");
  check(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
  check(cuModuleLoadData(&module, "kernels"), "cuModuleLoadData");
  run(module, "mma_f16", 16, a16, b16, c, exact);
  run(module, "mma_tf32", 8, a8, b8, c, tf32);
  return 0;
}

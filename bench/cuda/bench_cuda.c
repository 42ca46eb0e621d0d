/*===- bench_cuda.c - time one graph compiled with --target cuda ---------===*
 *
 * Built by bench/cuda/run against one graph's header and object (compiled
 * with --name g by bench/cuda/prepare), the runtime's source and the CUDA
 * driver. It fills the inputs with random values on the device, runs the
 * graph once (a failure prints aotc_cuda_last_error()), then times REPEAT
 * calls of g_run_on_stream with CUDA events and prints the best and median.
 *
 * Peers, measured in the same run on the same GPU:
 *   copy     cuMemcpyDtoDAsync moving as many bytes as the graph must
 *            (every input read once, every output written once): the
 *            graph's bandwidth over the copy's is the "fraction of copy
 *            bandwidth" the issue asks for (>= 85% for fused elementwise
 *            and reduction kernels);
 *   --cublas T  for a matmul graph (inputs a[M,K], b[K,N], output c[M,N] of
 *            element type T = f16, bf16 or f32), cublasGemmEx on the same
 *            device buffers; prints both TFLOP/s, the ratio, and the largest
 *            difference of the results relative to the largest |c|.
 *
 * Usage: bench_cuda NAME [--repeat N] [--cublas f16|bf16|f32]
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#ifdef AOTC_BENCH_CUBLAS
#include <cublas_v2.h>
#endif

#include "aotc/Runtime/aotc_cuda_runtime.h"
#include "g.h"

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult status_ = (call);                                                 \
    if (status_ != CUDA_SUCCESS) {                                             \
      const char *message_ = NULL;                                             \
      cuGetErrorString(status_, &message_);                                    \
      fprintf(stderr, "bench_cuda: %s failed: %s\n", #call,                    \
              message_ ? message_ : "unknown error");                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static int compare(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* Bytes per element of an aotc dtype name. */
static size_t element_bytes(const char *dtype) {
  if (!strcmp(dtype, "f16") || !strcmp(dtype, "bf16") || !strcmp(dtype, "i16"))
    return 2;
  if (!strcmp(dtype, "f64") || !strcmp(dtype, "i64"))
    return 8;
  if (!strcmp(dtype, "i8") || !strcmp(dtype, "i1"))
    return 1;
  return 4;
}

static uint16_t to_f16(float f) {
  /* Round to nearest for the normal range used here ([-1, 1]). */
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  int exponent = (int)((x >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = x & 0x7fffffu;
  if (exponent <= 0)
    return (uint16_t)sign;
  uint32_t half = sign | ((uint32_t)exponent << 10) | (mantissa >> 13);
  if (mantissa & 0x1000u)
    ++half;
  return (uint16_t)half;
}

/* Random values in [-1, 1) of `dtype`, `bytes` long. */
static void *random_tensor(const char *dtype, size_t bytes) {
  unsigned char *data = malloc(bytes);
  if (!data)
    exit(1);
  size_t width = element_bytes(dtype), n = bytes / width;
  for (size_t i = 0; i < n; ++i) {
    float v = (float)rand() / (float)RAND_MAX * 2.0f - 1.0f;
    if (!strcmp(dtype, "f16")) {
      uint16_t h = to_f16(v);
      memcpy(data + 2 * i, &h, 2);
    } else if (!strcmp(dtype, "bf16")) {
      uint32_t x;
      memcpy(&x, &v, 4);
      uint16_t h = (uint16_t)(x >> 16);
      memcpy(data + 2 * i, &h, 2);
    } else if (!strcmp(dtype, "f32")) {
      memcpy(data + 4 * i, &v, 4);
    } else {
      memset(data + width * i, (int)(i % 7), width);
    }
  }
  return data;
}

#if defined(AOTC_BENCH_CUBLAS) && g_NUM_INPUTS == 2
static float from_f16(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  int exponent = (h >> 10) & 0x1f;
  uint32_t mantissa = h & 0x3ffu;
  uint32_t x = exponent ? sign | ((uint32_t)(exponent - 15 + 127) << 23) |
                              (mantissa << 13)
                        : sign;
  float f;
  memcpy(&f, &x, 4);
  return f;
}

static float element_as_float(const char *dtype, const unsigned char *data,
                              size_t i) {
  if (!strcmp(dtype, "f16")) {
    uint16_t h;
    memcpy(&h, data + 2 * i, 2);
    return from_f16(h);
  }
  if (!strcmp(dtype, "bf16")) {
    uint16_t h;
    memcpy(&h, data + 2 * i, 2);
    uint32_t x = (uint32_t)h << 16;
    float f;
    memcpy(&f, &x, 4);
    return f;
  }
  float f;
  memcpy(&f, data + 4 * i, 4);
  return f;
}
#endif

/* Times `repeat` runs of `body` on `stream`; fills best and median (ms). */
#define TIME_ON_STREAM(stream, repeat, best, median, body)                     \
  do {                                                                         \
    float *times_ = malloc(sizeof(float) * (repeat));                          \
    CUevent start_, stop_;                                                     \
    CHECK(cuEventCreate(&start_, CU_EVENT_DEFAULT));                           \
    CHECK(cuEventCreate(&stop_, CU_EVENT_DEFAULT));                            \
    for (int r_ = 0; r_ < (repeat); ++r_) {                                    \
      CHECK(cuEventRecord(start_, (stream)));                                  \
      body;                                                                    \
      CHECK(cuEventRecord(stop_, (stream)));                                   \
      CHECK(cuEventSynchronize(stop_));                                        \
      CHECK(cuEventElapsedTime(&times_[r_], start_, stop_));                   \
    }                                                                          \
    qsort(times_, (repeat), sizeof(float), compare);                           \
    (best) = times_[0];                                                        \
    (median) = times_[(repeat) / 2];                                           \
    free(times_);                                                              \
    cuEventDestroy(start_);                                                    \
    cuEventDestroy(stop_);                                                     \
  } while (0)

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "graph";
  int repeat = 20;
  const char *cublas_type = NULL;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
      repeat = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--cublas") && i + 1 < argc)
      cublas_type = argv[++i];
    else {
      fprintf(stderr, "usage: %s NAME [--repeat N] [--cublas f16|bf16|f32]\n",
              argv[0]);
      return 2;
    }
  }
  if (repeat < 1)
    repeat = 1;

  CHECK(cuInit(0));
  CUdevice device;
  CUcontext context;
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  char device_name[256];
  CHECK(cuDeviceGetName(device_name, sizeof device_name, device));
  CUstream stream;
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));

  CUdeviceptr inputs[g_NUM_INPUTS > 0 ? g_NUM_INPUTS : 1];
  CUdeviceptr outputs[g_NUM_OUTPUTS];
  const void *input_ptrs[g_NUM_INPUTS > 0 ? g_NUM_INPUTS : 1];
  void *output_ptrs[g_NUM_OUTPUTS];
  size_t moved = 0;
  for (int i = 0; i < g_NUM_INPUTS; ++i) {
    void *host = random_tensor(g_INPUT_DTYPES[i], g_INPUT_BYTES[i]);
    CHECK(cuMemAlloc(&inputs[i], g_INPUT_BYTES[i]));
    CHECK(cuMemcpyHtoD(inputs[i], host, g_INPUT_BYTES[i]));
    free(host);
    input_ptrs[i] = (const void *)(uintptr_t)inputs[i];
    moved += g_INPUT_BYTES[i];
  }
  for (int i = 0; i < g_NUM_OUTPUTS; ++i) {
    CHECK(cuMemAlloc(&outputs[i], g_OUTPUT_BYTES[i]));
    output_ptrs[i] = (void *)(uintptr_t)outputs[i];
    moved += g_OUTPUT_BYTES[i];
  }
  CUdeviceptr temp = 0;
  if (g_TEMP_BYTES)
    CHECK(cuMemAlloc(&temp, g_TEMP_BYTES));
  void *temp_ptr = (void *)(uintptr_t)temp;

  if (g_run(input_ptrs, output_ptrs, temp_ptr) != 0) {
    fprintf(stderr, "bench_cuda: %s: g_run failed: %s\n", name,
            aotc_cuda_last_error());
    return 1;
  }
  float best, median;
  TIME_ON_STREAM(stream, repeat, best, median, {
    if (g_run_on_stream(input_ptrs, output_ptrs, temp_ptr, stream) != 0) {
      fprintf(stderr, "bench_cuda: %s: g_run_on_stream failed: %s\n", name,
              aotc_cuda_last_error());
      return 1;
    }
  });

  /* The copy peer moves as many bytes: half read, half written. */
  size_t half = moved / 2;
  CUdeviceptr src, dst;
  CHECK(cuMemAlloc(&src, half));
  CHECK(cuMemAlloc(&dst, half));
  CHECK(cuMemsetD8(src, 1, half));
  float copy_best, copy_median;
  TIME_ON_STREAM(stream, repeat, copy_best, copy_median,
                 CHECK(cuMemcpyDtoDAsync(dst, src, half, stream)));
  (void)copy_median;

  double graph_bw = (double)moved / (best * 1e-3) * 1e-9;
  double copy_bw = (double)(2 * half) / (copy_best * 1e-3) * 1e-9;
  printf("%s on %s, best / median of %d:\n", name, device_name, repeat);
  printf("  aotc            %9.3f ms %9.3f ms  %8.1f GB/s (%zu bytes moved)\n",
         best, median, graph_bw, moved);
  printf("  D2D copy        %9.3f ms              %8.1f GB/s\n", copy_best,
         copy_bw);
  printf("  aotc / copy bandwidth = %.1f%%\n", 100.0 * graph_bw / copy_bw);

#if defined(AOTC_BENCH_CUBLAS) && g_NUM_INPUTS == 2
  if (cublas_type && g_INPUT_0_RANK == 2 && g_INPUT_1_RANK == 2) {
    int m = (int)g_INPUT_0_SHAPE[0], k = (int)g_INPUT_0_SHAPE[1];
    int n = (int)g_INPUT_1_SHAPE[1];
    cudaDataType type = !strcmp(cublas_type, "f16")    ? CUDA_R_16F
                        : !strcmp(cublas_type, "bf16") ? CUDA_R_16BF
                                                       : CUDA_R_32F;
    cublasHandle_t handle;
    if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
      fprintf(stderr, "bench_cuda: cublasCreate failed\n");
      return 1;
    }
    cublasSetStream(handle, (cudaStream_t)stream);
    CUdeviceptr c;
    CHECK(cuMemAlloc(&c, g_OUTPUT_BYTES[0]));
    float alpha = 1.0f, beta = 0.0f;
    /* Row-major c = a b is column-major c^T = b^T a^T. */
#define GEMM()                                                                 \
  cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha,              \
               (const void *)(uintptr_t)inputs[1], type, n,                    \
               (const void *)(uintptr_t)inputs[0], type, k, &beta,             \
               (void *)(uintptr_t)c, type, n, CUBLAS_COMPUTE_32F,              \
               CUBLAS_GEMM_DEFAULT)
    if (GEMM() != CUBLAS_STATUS_SUCCESS) {
      fprintf(stderr, "bench_cuda: cublasGemmEx failed\n");
      return 1;
    }
    float cublas_best, cublas_median;
    TIME_ON_STREAM(stream, repeat, cublas_best, cublas_median, GEMM());
    (void)cublas_median;
    double flop = 2.0 * m * n * (double)k;
    printf("  aotc   %8.1f TFLOP/s\n", flop / (best * 1e-3) * 1e-12);
    printf("  cuBLAS %8.1f TFLOP/s (%s in, f32 accumulate)\n",
           flop / (cublas_best * 1e-3) * 1e-12, cublas_type);
    printf("  aotc / cuBLAS = %.1f%%\n", 100.0 * cublas_best / best);
    unsigned char *ours = malloc(g_OUTPUT_BYTES[0]);
    unsigned char *theirs = malloc(g_OUTPUT_BYTES[0]);
    CHECK(cuMemcpyDtoH(ours, outputs[0], g_OUTPUT_BYTES[0]));
    CHECK(cuMemcpyDtoH(theirs, c, g_OUTPUT_BYTES[0]));
    double largest = 0, worst = 0;
    for (size_t i = 0; i < (size_t)m * n; ++i) {
      double a = element_as_float(cublas_type, ours, i);
      double b = element_as_float(cublas_type, theirs, i);
      largest = fmax(largest, fabs(b));
      worst = fmax(worst, fabs(a - b));
    }
    printf("  max |aotc - cuBLAS| / max |cuBLAS| = %.2e\n",
           largest > 0 ? worst / largest : worst);
    free(ours);
    free(theirs);
    cublasDestroy(handle);
  }
#else
  if (cublas_type)
    fprintf(stderr, "bench_cuda: built without cuBLAS or not a matmul; "
                    "--cublas ignored\n");
#endif
  return 0;
}

/*===- harness_cuda.c - C driver for one graph compiled for CUDA ---------===*
 *
 * The --target cuda counterpart of harness.c: it uses nothing but the
 * graph's header, the CUDA driver API and aotc_cuda_runtime.h, so it
 * exercises exactly the contract a CUDA application sees. Build it with
 *
 *   cc -std=c99 -Wall -Wextra -pedantic -Werror -isystem <cuda>/include \
 *      -I<aotc>/include -DAOTC_NAME=<name> -include <name>.h harness_cuda.c \
 *      <name>.o -L<aotc build>/lib -laotc_cuda_runtime -lcuda -lpthread
 *
 * and run it as
 *
 *   harness_cuda --meta            the header's metadata (no GPU needed)
 *   harness_cuda IN_DIR OUT_DIR    run the graph on IN_DIR/input<i>.bin,
 *                                  write OUT_DIR/output<i>.bin
 *
 * The run mode copies the inputs to device memory and runs the graph twice:
 *   1. NAME_run with temp == NULL (the call allocates its arena), outputs
 *      poisoned with 0xA5 first;
 *   2. NAME_run_on_stream on a stream of its own, with a device temp of
 *      NAME_TEMP_BYTES poisoned with 0xCD and outputs poisoned with 0x5A,
 *      then a synchronization of that stream.
 * Both must return 0 and write identical output bytes (so every output byte
 * is written and nothing depends on temp's contents), and the inputs must be
 * left untouched. $AOTC_HARNESS_MISALIGN=N moves the inputs and outputs N
 * bytes past their allocations' start. Exit codes: 0 ok, 1 usage, I/O or
 * CUDA setup error, 2 a contract violation.
 *
 *===----------------------------------------------------------------------===*/

#include "aotc/Runtime/aotc_cuda_runtime.h"

#include <cuda.h>

#define HARNESS_NAME "harness_cuda"
#include "harness_common.h"

static void check(CUresult result, const char *what) {
  const char *name = NULL;
  if (result == CUDA_SUCCESS)
    return;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = "unknown CUDA error";
  fail(1, what, name);
}

/* Inputs and outputs start this many bytes past cuMemAlloc's (256-byte
 * aligned) pointers: $AOTC_HARNESS_MISALIGN, default 0. The contract allows
 * any pointer aligned to the element type; kernels that read 16 bytes at
 * once must then take their scalar path. */
static size_t misalign;

/* Device memory of at least one byte (cuMemAlloc refuses 0), `offset` bytes
 * into an allocation; device_free takes the same offset. */
static CUdeviceptr device_alloc(size_t bytes, size_t offset) {
  CUdeviceptr p;
  check(cuMemAlloc(&p, bytes + offset ? bytes + offset : 1), "cuMemAlloc");
  return p + offset;
}

static void device_free(CUdeviceptr p, size_t offset) { cuMemFree(p - offset); }

static int run_graph(const char *in_dir, const char *out_dir) {
  size_t n_in = SYM(_NUM_INPUTS), n_out = SYM(_NUM_OUTPUTS), i, k;
  size_t temp_bytes = SYM(_TEMP_BYTES);
  unsigned char **host_in = xmalloc((n_in + 1) * sizeof *host_in);
  unsigned char **host_a = xmalloc((n_out + 1) * sizeof *host_a);
  unsigned char **host_b = xmalloc((n_out + 1) * sizeof *host_b);
  CUdeviceptr *dev_in = xmalloc((n_in + 1) * sizeof *dev_in);
  CUdeviceptr *dev_a = xmalloc((n_out + 1) * sizeof *dev_a);
  CUdeviceptr *dev_b = xmalloc((n_out + 1) * sizeof *dev_b);
  const void **in_ptrs = xmalloc((n_in + 1) * sizeof *in_ptrs);
  void **out_ptrs = xmalloc((n_out + 1) * sizeof *out_ptrs);
  CUdevice device;
  CUcontext context;
  CUstream stream;
  CUdeviceptr temp = 0;
  char path[4096];
  int rc;

  /* The primary context of device 0, as an app using the CUDA runtime API
   * would have it current. */
  check(cuInit(0), "cuInit");
  check(cuDeviceGet(&device, 0), "cuDeviceGet");
  check(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(context), "cuCtxSetCurrent");

  for (i = 0; i < n_in; ++i) {
    size_t bytes = SYM(_INPUT_BYTES)[i];
    host_in[i] = xmalloc(bytes);
    sprintf(path, "%.4000s/input%lu.bin", in_dir, (unsigned long)i);
    read_file(path, host_in[i], bytes);
    dev_in[i] = device_alloc(bytes, misalign);
    if (bytes)
      check(cuMemcpyHtoD(dev_in[i], host_in[i], bytes), "cuMemcpyHtoD");
    in_ptrs[i] = (const void *)(uintptr_t)dev_in[i];
  }
  for (i = 0; i < n_out; ++i) {
    size_t bytes = SYM(_OUTPUT_BYTES)[i];
    host_a[i] = xmalloc(bytes);
    host_b[i] = xmalloc(bytes);
    dev_a[i] = device_alloc(bytes, misalign);
    dev_b[i] = device_alloc(bytes, misalign);
    check(cuMemsetD8(dev_a[i], 0xA5, bytes), "cuMemsetD8");
    check(cuMemsetD8(dev_b[i], 0x5A, bytes), "cuMemsetD8");
  }

  /* Call 1: NAME_run, default stream, temp == NULL. */
  for (i = 0; i < n_out; ++i)
    out_ptrs[i] = (void *)(uintptr_t)dev_a[i];
  rc = SYM(_run)(in_ptrs, out_ptrs, NULL);
  if (rc != 0) {
    fprintf(stderr, "harness_cuda: error: %s_run returned %d: %s\n",
            AOTC_STR(AOTC_NAME), rc, aotc_cuda_last_error());
    return 2;
  }

  /* Call 2: NAME_run_on_stream, the caller's temp. */
  check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  if (temp_bytes > 0) {
    temp = device_alloc(temp_bytes, 0);
    check(cuMemsetD8(temp, 0xCD, temp_bytes), "cuMemsetD8");
  }
  for (i = 0; i < n_out; ++i)
    out_ptrs[i] = (void *)(uintptr_t)dev_b[i];
  rc = SYM(_run_on_stream)(in_ptrs, out_ptrs, (void *)(uintptr_t)temp,
                           (void *)stream);
  if (rc == 0 && cuStreamSynchronize(stream) != CUDA_SUCCESS)
    rc = -1;
  if (rc != 0) {
    fprintf(stderr, "harness_cuda: error: %s_run_on_stream returned %d: %s\n",
            AOTC_STR(AOTC_NAME), rc, aotc_cuda_last_error());
    return 2;
  }

  for (i = 0; i < n_in; ++i) {
    size_t bytes = SYM(_INPUT_BYTES)[i];
    unsigned char *copy = xmalloc(bytes);
    if (bytes)
      check(cuMemcpyDtoH(copy, dev_in[i], bytes), "cuMemcpyDtoH");
    if (memcmp(copy, host_in[i], bytes) != 0) {
      fprintf(stderr, "harness_cuda: error: %s_run wrote to input %lu\n",
              AOTC_STR(AOTC_NAME), (unsigned long)i);
      return 2;
    }
    free(copy);
  }
  for (i = 0; i < n_out; ++i) {
    size_t bytes = SYM(_OUTPUT_BYTES)[i];
    if (bytes) {
      check(cuMemcpyDtoH(host_a[i], dev_a[i], bytes), "cuMemcpyDtoH");
      check(cuMemcpyDtoH(host_b[i], dev_b[i], bytes), "cuMemcpyDtoH");
    }
    for (k = 0; k < bytes; ++k)
      if (host_a[i][k] != host_b[i][k]) {
        fprintf(stderr,
                "harness_cuda: error: output %lu differs between the two "
                "calls at byte %lu (0x%02x vs 0x%02x); an element is left "
                "unwritten or the result depends on temp\n",
                (unsigned long)i, (unsigned long)k, host_a[i][k], host_b[i][k]);
        return 2;
      }
    sprintf(path, "%.4000s/output%lu.bin", out_dir, (unsigned long)i);
    write_file(path, host_a[i], bytes);
  }

  for (i = 0; i < n_in; ++i) {
    device_free(dev_in[i], misalign);
    free(host_in[i]);
  }
  for (i = 0; i < n_out; ++i) {
    device_free(dev_a[i], misalign);
    device_free(dev_b[i], misalign);
    free(host_a[i]);
    free(host_b[i]);
  }
  if (temp)
    device_free(temp, 0);
  cuStreamDestroy(stream);
  free(host_in);
  free(host_a);
  free(host_b);
  free(dev_in);
  free(dev_a);
  free(dev_b);
  free((void *)in_ptrs);
  free(out_ptrs);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--meta") == 0) {
    print_meta();
    return 0;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: %s --meta | IN_DIR OUT_DIR\n", argv[0]);
    return 1;
  }
  if (getenv("AOTC_HARNESS_MISALIGN"))
    misalign = (size_t)strtoul(getenv("AOTC_HARNESS_MISALIGN"), NULL, 10);
  return run_graph(argv[1], argv[2]);
}

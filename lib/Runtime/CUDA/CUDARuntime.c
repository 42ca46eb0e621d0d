/*===- CUDARuntime.c - the runtime of aotc's CUDA objects -----------------===*
 *
 * Implements aotc_cuda_runtime.h over the CUDA driver API (cuda.h; link
 * with -lcuda). C99 plus POSIX threads and two GNU C extensions that GCC and
 * Clang share: `__thread` for the per-thread error message and the
 * `__atomic` builtins for the double-checked module load.
 *
 * One process-wide mutex serializes module loads; a loaded module is
 * published with a release store and read with an acquire load, so calls
 * after the first take no lock. Everything else a call needs lives in its
 * aotc_cuda_call on the caller's stack, so calls on different threads (and
 * streams) run concurrently.
 *
 *===----------------------------------------------------------------------===*/

#include "aotc/Runtime/aotc_cuda_runtime.h"

#include <cuda.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct aotc_cuda_module {
  CUcontext context;
  /* Set when `context` is device `device`'s primary context, retained by
   * the load. */
  int primary;
  CUdevice device;
  CUmodule module;
  uint32_t num_kernels;
  CUfunction *kernels;
  CUdeviceptr weights;
};

/* What an aotc_cuda_call holds. */
typedef struct call_state {
  aotc_cuda_module *module;
  CUstream stream;
  CUdeviceptr temp;
  /* 0: the caller's arena (or none); 1: allocated in stream order; 2:
   * allocated with cuMemAlloc (no memory pools), freed after a sync. */
  int owns_temp;
  /* The call's first error, or 0. */
  int status;
  /* Set when begin pushed the module's context, for end to pop it. */
  int pushed;
} call_state;

/* C99 has no static_assert: a negative array size stops the build. */
typedef char
    aotc_call_state_fits[sizeof(call_state) <= sizeof(aotc_cuda_call) ? 1 : -1];

static __thread char last_error[1024];
static pthread_mutex_t load_mutex = PTHREAD_MUTEX_INITIALIZER;

const char *aotc_cuda_last_error(void) { return last_error; }

/* Records the message for the calling thread and returns `code`. */
static int fail(int code, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(last_error, sizeof(last_error), format, args);
  va_end(args);
  return code;
}

/* 0 when `result` is CUDA_SUCCESS; else records "WHAT failed: NAME
 * (description)" and returns AOTC_CUDA_ERROR_DRIVER (or _OUT_OF_MEMORY). */
static int check(CUresult result, const char *what) {
  const char *name = NULL, *description = NULL;
  int code = result == CUDA_ERROR_OUT_OF_MEMORY ? AOTC_CUDA_ERROR_OUT_OF_MEMORY
                                                : AOTC_CUDA_ERROR_DRIVER;
  if (result == CUDA_SUCCESS)
    return 0;
  /* The toolkit's stub library knows no names: fall back to the number. */
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    return fail(code, "aotc cuda runtime: %s failed: CUDA error %d", what,
                (int)result);
  if (cuGetErrorString(result, &description) != CUDA_SUCCESS || !description)
    description = "no description";
  return fail(code, "aotc cuda runtime: %s failed: %s (%s)", what, name,
              description);
}

/* Releases what a (partial) load acquired. Runs with the module's context
 * current when `pushed` is set. */
static void destroy_module(aotc_cuda_module *m, int pushed) {
  if (pushed) {
    if (m->weights)
      cuMemFree(m->weights);
    if (m->module)
      cuModuleUnload(m->module);
    cuCtxPopCurrent(NULL);
  }
  if (m->primary)
    cuDevicePrimaryCtxRelease(m->device);
  free(m->kernels);
  free(m);
}

/* Loads the image's code: the cubin when the GPU runs it, else the PTX
 * through the driver's JIT (its error log goes into the message). */
static int load_code(aotc_cuda_module *m, const aotc_cuda_image *image) {
  CUresult cubin_result = CUDA_ERROR_NO_BINARY_FOR_GPU;
  char log[4096];
  CUjit_option options[2];
  void *values[2];
  CUresult result;
  /* A graph without kernels (no outputs) has no code to load. */
  if (!image->ptx && !(image->cubin && image->cubin_size))
    return 0;
  if (image->cubin && image->cubin_size) {
    cubin_result = cuModuleLoadData(&m->module, image->cubin);
    if (cubin_result == CUDA_SUCCESS)
      return 0;
  }
  if (!image->ptx)
    return check(cubin_result, "cuModuleLoadData (cubin, and no PTX)");
  log[0] = '\0';
  options[0] = CU_JIT_ERROR_LOG_BUFFER;
  values[0] = log;
  options[1] = CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES;
  values[1] = (void *)(uintptr_t)sizeof(log);
  result = cuModuleLoadDataEx(&m->module, image->ptx, 2, options, values);
  if (result == CUDA_SUCCESS)
    return 0;
  check(result, "cuModuleLoadDataEx (PTX)");
  if (log[0]) {
    size_t used = strlen(last_error);
    snprintf(last_error + used, sizeof(last_error) - used, ": %s", log);
  }
  return AOTC_CUDA_ERROR_DRIVER;
}

/* Loads `image` into a new module. Called with load_mutex held. */
static int load_module(const aotc_cuda_image *image, aotc_cuda_module **out) {
  aotc_cuda_module *m;
  CUcontext current = NULL;
  const char *name;
  uint32_t i;
  int status;
  if (!image || image->version != AOTC_CUDA_IMAGE_VERSION)
    return fail(AOTC_CUDA_ERROR_INVALID,
                "aotc cuda runtime: the object's image has version %u, this "
                "runtime reads version %u; rebuild the object with the aotc "
                "that built this runtime",
                image ? image->version : 0u, (unsigned)AOTC_CUDA_IMAGE_VERSION);
  if ((status = check(cuInit(0), "cuInit")))
    return status;
  m = (aotc_cuda_module *)calloc(1, sizeof(*m));
  if (!m)
    return fail(AOTC_CUDA_ERROR_OUT_OF_MEMORY, "aotc cuda runtime: out of "
                                               "host memory");
  if ((status = check(cuCtxGetCurrent(&current), "cuCtxGetCurrent")))
    goto error;
  if (current) {
    m->context = current;
  } else {
    if ((status = check(cuDeviceGet(&m->device, 0), "cuDeviceGet(0)")) ||
        (status = check(cuDevicePrimaryCtxRetain(&m->context, m->device),
                        "cuDevicePrimaryCtxRetain")))
      goto error;
    m->primary = 1;
  }
  if ((status = check(cuCtxPushCurrent(m->context), "cuCtxPushCurrent")))
    goto error;
  if ((status = load_code(m, image)))
    goto error_pushed;
  m->num_kernels = image->num_kernels;
  m->kernels = (CUfunction *)calloc(image->num_kernels ? image->num_kernels : 1,
                                    sizeof(CUfunction));
  if (!m->kernels) {
    status = fail(AOTC_CUDA_ERROR_OUT_OF_MEMORY,
                  "aotc cuda runtime: out of host memory");
    goto error_pushed;
  }
  for (i = 0, name = image->kernel_names; i < image->num_kernels;
       ++i, name += strlen(name) + 1) {
    CUresult result = cuModuleGetFunction(&m->kernels[i], m->module, name);
    if (result != CUDA_SUCCESS) {
      status = check(result, "cuModuleGetFunction");
      size_t used = strlen(last_error);
      snprintf(last_error + used, sizeof(last_error) - used, " for kernel '%s'",
               name);
      goto error_pushed;
    }
  }
  if (image->weights_size) {
    if ((status = check(cuMemAlloc(&m->weights, image->weights_size),
                        "cuMemAlloc (weights)")) ||
        (status = check(
             cuMemcpyHtoD(m->weights, image->weights, image->weights_size),
             "cuMemcpyHtoD (weights)")))
      goto error_pushed;
  }
  cuCtxPopCurrent(NULL);
  *out = m;
  return 0;

error_pushed:
  destroy_module(m, 1);
  return status;
error:
  destroy_module(m, 0);
  return status;
}

int aotc_cuda_begin(aotc_cuda_call *call, aotc_cuda_module **module,
                    const aotc_cuda_image *image, void *stream, void *temp,
                    uint64_t temp_bytes) {
  call_state *s = (call_state *)call;
  aotc_cuda_module *m;
  memset(call, 0, sizeof(*call));
  s->stream = (CUstream)stream;
  m = __atomic_load_n(module, __ATOMIC_ACQUIRE);
  if (!m) {
    pthread_mutex_lock(&load_mutex);
    m = *module;
    if (!m) {
      s->status = load_module(image, &m);
      if (!s->status)
        __atomic_store_n(module, m, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&load_mutex);
    if (s->status)
      return s->status;
  }
  s->module = m;
  if ((s->status = check(cuCtxPushCurrent(m->context), "cuCtxPushCurrent")))
    return s->status;
  s->pushed = 1;
  if (temp || !temp_bytes) {
    s->temp = (CUdeviceptr)(uintptr_t)temp;
    return 0;
  }
  /* Stream-ordered allocation, so NAME_run_on_stream never waits; devices
   * without memory pools get a plain allocation, freed after a sync. */
  CUresult result = cuMemAllocAsync(&s->temp, temp_bytes, s->stream);
  if (result == CUDA_SUCCESS) {
    s->owns_temp = 1;
    return 0;
  }
  if (result == CUDA_ERROR_NOT_SUPPORTED) {
    result = cuMemAlloc(&s->temp, temp_bytes);
    if (result == CUDA_SUCCESS) {
      s->owns_temp = 2;
      return 0;
    }
  }
  s->temp = 0;
  s->status = check(result, "allocating the temporary arena");
  return s->status;
}

void *aotc_cuda_weights(const aotc_cuda_call *call) {
  const call_state *s = (const call_state *)call;
  return s->module ? (void *)(uintptr_t)s->module->weights : NULL;
}

void *aotc_cuda_temp(const aotc_cuda_call *call) {
  return (void *)(uintptr_t)((const call_state *)call)->temp;
}

int aotc_cuda_launch(aotc_cuda_call *call, uint32_t kernel, uint32_t grid_x,
                     uint32_t grid_y, uint32_t grid_z, uint32_t block_x,
                     uint32_t block_y, uint32_t block_z, uint32_t shared_bytes,
                     void **args) {
  call_state *s = (call_state *)call;
  if (s->status)
    return s->status;
  if (!s->module || kernel >= s->module->num_kernels)
    return s->status =
               fail(AOTC_CUDA_ERROR_INVALID,
                    "aotc cuda runtime: kernel index %u out of range", kernel);
  s->status = check(cuLaunchKernel(s->module->kernels[kernel], grid_x, grid_y,
                                   grid_z, block_x, block_y, block_z,
                                   shared_bytes, s->stream, args, NULL),
                    "cuLaunchKernel");
  return s->status;
}

/* Keeps the call's first error: a later failure only reports when there
 * was none. */
static void note(call_state *s, CUresult result, const char *what) {
  if (result == CUDA_SUCCESS || s->status)
    return;
  s->status = check(result, what);
}

int aotc_cuda_end(aotc_cuda_call *call, int synchronize) {
  call_state *s = (call_state *)call;
  if (s->owns_temp == 1) {
    note(s, cuMemFreeAsync(s->temp, s->stream), "freeing the temporary arena");
  } else if (s->owns_temp == 2) {
    note(s, cuStreamSynchronize(s->stream), "cuStreamSynchronize");
    note(s, cuMemFree(s->temp), "freeing the temporary arena");
  }
  s->owns_temp = 0;
  if (synchronize && s->pushed)
    note(s, cuStreamSynchronize(s->stream), "cuStreamSynchronize");
  if (s->pushed)
    cuCtxPopCurrent(NULL);
  s->pushed = 0;
  return s->status;
}

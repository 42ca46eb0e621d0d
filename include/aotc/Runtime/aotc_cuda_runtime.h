/*===- aotc_cuda_runtime.h - the runtime of aotc's CUDA objects ---*- C -*-===*
 *
 * The C API that objects compiled with `aotc --target cuda` call, over the
 * CUDA driver API. Apps link it with the object and the driver:
 *
 *   cc app.c graph.o -L<aotc>/lib -laotc_cuda_runtime -lcuda -lpthread
 *
 * An app never has to call these functions itself: NAME_run and
 * NAME_run_on_stream (the object's entry points, declared in NAME.h) do.
 * The one an app may want is aotc_cuda_last_error(), which explains a
 * non-zero return of theirs. docs/cuda.md describes the whole contract.
 *
 * What the runtime does, per compiled object (an "image"):
 *
 *   - On the first call, it loads the object's kernels once, thread-safely:
 *     into the CUDA context current on the calling thread, or the primary
 *     context of device 0 when none is current. It loads the embedded cubin
 *     when the GPU runs it, else the embedded PTX, which the driver compiles
 *     for the GPU (newer GPUs than the compiled-for architecture). It looks
 *     up every kernel once, uploads the graph's constants (weights) to
 *     device memory once and keeps them there for the life of the process.
 *   - On every call, it makes that context current for the duration of the
 *     call, gives the graph its temporary arena (the caller's, or one
 *     allocated in stream order on the call's stream), launches the kernels
 *     in order on the call's stream, and frees what it allocated.
 *
 * Errors: every function returning int returns 0 on success, else one of
 * the AOTC_CUDA_ERROR_* codes, and leaves a message for the calling thread
 * in aotc_cuda_last_error(). After a failure inside a call (between
 * aotc_cuda_begin and aotc_cuda_end), the remaining launches of that call are
 * skipped and aotc_cuda_end returns the first error.
 *
 * The header is C99 and C++ (extern "C"); it does not need cuda.h. Device
 * pointers are passed as `void *` and streams as `void *` (a CUstream; NULL
 * is the default stream).
 *
 *===----------------------------------------------------------------------===*/

#ifndef AOTC_RUNTIME_AOTC_CUDA_RUNTIME_H
#define AOTC_RUNTIME_AOTC_CUDA_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
#define AOTC_CUDA_SUCCESS 0
/* Device memory for the temporary arena or the weights ran out. */
#define AOTC_CUDA_ERROR_OUT_OF_MEMORY 1
/* A CUDA driver call failed: no GPU or driver, a module the GPU cannot
 * load, a failed launch, or an error of earlier asynchronous work. */
#define AOTC_CUDA_ERROR_DRIVER 2
/* The image or a kernel index is invalid (an object and runtime of
 * different versions, say). */
#define AOTC_CUDA_ERROR_INVALID 3

/* The version of aotc_cuda_image this runtime reads. */
#define AOTC_CUDA_IMAGE_VERSION 1

/* What a compiled object embeds: constant data, emitted by aotc. */
typedef struct aotc_cuda_image {
  uint32_t version;         /* AOTC_CUDA_IMAGE_VERSION */
  uint32_t num_kernels;     /* number of names in kernel_names */
  const char *kernel_names; /* the kernels' names, each NUL-terminated,
                               back to back; launch index i is name i */
  const char *ptx;          /* NUL-terminated PTX of every kernel */
  const void *cubin;        /* ELF cubin for the compiled-for arch, or NULL */
  uint64_t cubin_size;      /* its size in bytes; 0 without one */
  const void *weights;      /* every constant, at 256-byte aligned offsets */
  uint64_t weights_size;    /* bytes to upload; 0 without constants */
} aotc_cuda_image;

/* A loaded image: the CUDA module, its kernels and the device copy of its
 * weights. Opaque; one per compiled object, never unloaded. */
typedef struct aotc_cuda_module aotc_cuda_module;

/* The state of one call of a compiled graph, on the caller's stack.
 * Opaque. */
typedef struct aotc_cuda_call {
  void *opaque[8];
} aotc_cuda_call;

/* Starts a call. Loads `image` into `*module` on first use (thread-safe: one
 * load per module however many threads call at once; a failed load is
 * retried by the next call), makes its context current, and provides the
 * temporary arena: `temp` when non-NULL, else `temp_bytes` of device memory
 * allocated in order on `stream` (nothing when temp_bytes is 0). Must be
 * paired with aotc_cuda_end, also when it fails. */
int aotc_cuda_begin(aotc_cuda_call *call, aotc_cuda_module **module,
                    const aotc_cuda_image *image, void *stream, void *temp,
                    uint64_t temp_bytes);

/* The device address of the uploaded weights of the call's module (NULL
 * when the call failed to start or the image has none). */
void *aotc_cuda_weights(const aotc_cuda_call *call);

/* The device address of the call's temporary arena (NULL when none). */
void *aotc_cuda_temp(const aotc_cuda_call *call);

/* Launches kernel `kernel` of the call's module on the call's stream, with
 * the given grid and block dimensions, `shared_bytes` of dynamic shared
 * memory and `args` (cuLaunchKernel's kernelParams). Does nothing and
 * returns the call's first error when an earlier step failed. */
int aotc_cuda_launch(aotc_cuda_call *call, uint32_t kernel, uint32_t grid_x,
                     uint32_t grid_y, uint32_t grid_z, uint32_t block_x,
                     uint32_t block_y, uint32_t block_z, uint32_t shared_bytes,
                     void **args);

/* Ends a call: frees an arena that aotc_cuda_begin allocated (in stream
 * order), waits for the stream when `synchronize` is non-zero (so errors of
 * the kernels themselves are reported), restores the thread's context, and
 * returns the call's first error, or 0. */
int aotc_cuda_end(aotc_cuda_call *call, int synchronize);

/* The message of the calling thread's last error ("" before any). Valid
 * until the thread's next failing call. */
const char *aotc_cuda_last_error(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* AOTC_RUNTIME_AOTC_CUDA_RUNTIME_H */

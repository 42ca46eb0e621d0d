/*===- aotc_driver_common.h - shared by aotc_add_library's drivers -*- C -*-===*
 *
 * The code that aotc_test_main.c and aotc_benchmark_main.c share: the
 * model's metadata from its header, reading tensors (ONNX TensorProto .pb
 * files or raw .bin files), and running the model on host or, with
 * AOTC_DRIVER_CUDA, device buffers. C99; assumes a little-endian host.
 *
 * It includes "aotc_driver_model.h", which aotc_add_library generates per
 * target: it includes the model's header NAME.h and defines
 *   AOTC_MODEL(suffix)  NAME##suffix, e.g. AOTC_MODEL(_run) is NAME_run
 *   AOTC_MODEL_NAME     "NAME"
 *   AOTC_MODEL_FILE     the model file aotc compiled, as a C string
 *   AOTC_TEST_RTOL, AOTC_TEST_ATOL  the test's default tolerances
 *   AOTC_DRIVER_CUDA    1 for a model compiled with --target cuda
 *
 *===----------------------------------------------------------------------===*/
#ifndef AOTC_DRIVER_COMMON_H
#define AOTC_DRIVER_COMMON_H

#include "aotc_driver_model.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef AOTC_DRIVER_CUDA
#include <cuda.h>
#endif

#define AOTC_NUM_INPUTS ((size_t)AOTC_MODEL(_NUM_INPUTS))
#define AOTC_NUM_OUTPUTS ((size_t)AOTC_MODEL(_NUM_OUTPUTS))

/* Helpers are static inline: each driver uses only some of them. */
static const char *aotc_prog = AOTC_MODEL_NAME;

#if defined(__GNUC__)
#define AOTC_NORETURN __attribute__((noreturn))
#else
#define AOTC_NORETURN
#endif

/* The program's name in messages: argv[0] without its folder. */
static inline void aotc_set_prog(const char *argv0) {
  const char *slash = strrchr(argv0, '/');
  aotc_prog = slash ? slash + 1 : argv0;
}

/* Prints "PROG: error: ..." and exits with status 2. */
static inline AOTC_NORETURN void aotc_die(const char *fmt, ...);
static inline void aotc_die(const char *fmt, ...) {
  va_list args;
  fprintf(stderr, "%s: error: ", aotc_prog);
  va_start(args, fmt);
  vfprintf(stderr, fmt, args);
  va_end(args);
  fputc('\n', stderr);
  exit(2);
}

static inline void *aotc_xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    aotc_die("out of memory (%lu bytes)", (unsigned long)bytes);
  return p;
}

/* Bytes per element of a header dtype ("f32", "i64", ...); 0 if unknown. */
static inline size_t aotc_dtype_size(const char *dtype) {
  if (!strcmp(dtype, "f64") || !strcmp(dtype, "i64"))
    return 8;
  if (!strcmp(dtype, "f32") || !strcmp(dtype, "i32"))
    return 4;
  if (!strcmp(dtype, "f16") || !strcmp(dtype, "bf16") ||
      !strcmp(dtype, "i16"))
    return 2;
  if (!strcmp(dtype, "i8") || !strcmp(dtype, "i1"))
    return 1;
  return 0;
}

static inline int aotc_dtype_is_float(const char *dtype) {
  return dtype[0] == 'f' || dtype[0] == 'b';
}

/* The element at `p` of a floating-point dtype, as a double. */
static inline double aotc_load_float(const unsigned char *p,
                                     const char *dtype) {
  if (!strcmp(dtype, "f32")) {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  if (!strcmp(dtype, "f64")) {
    double d;
    memcpy(&d, p, 8);
    return d;
  }
  {
    uint16_t h;
    memcpy(&h, p, 2);
    if (!strcmp(dtype, "bf16")) {
      uint32_t bits = (uint32_t)h << 16;
      float f;
      memcpy(&f, &bits, 4);
      return f;
    } else {
      int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
      double sign = (h & 0x8000) ? -1.0 : 1.0;
      if (exponent == 0)
        return sign * ldexp(mantissa, -24);
      if (exponent == 31)
        return mantissa ? NAN : sign * HUGE_VAL;
      return sign * ldexp(mantissa + 1024, exponent - 25);
    }
  }
}

/* Reads a whole file; returns 0 (and sets nothing) if it does not exist. */
static inline int aotc_read_file(const char *path, unsigned char **data,
                                 size_t *size) {
  FILE *f = fopen(path, "rb");
  size_t capacity = 1 << 16, n = 0, got;
  unsigned char *buffer;
  if (!f) {
    if (errno == ENOENT)
      return 0;
    aotc_die("cannot open %s: %s", path, strerror(errno));
  }
  buffer = aotc_xmalloc(capacity);
  while ((got = fread(buffer + n, 1, capacity - n, f)) > 0) {
    n += got;
    if (n == capacity) {
      capacity *= 2;
      buffer = realloc(buffer, capacity);
      if (!buffer)
        aotc_die("out of memory reading %s", path);
    }
  }
  if (ferror(f))
    aotc_die("cannot read %s", path);
  fclose(f);
  *data = buffer;
  *size = n;
  return 1;
}

/*===--- ONNX TensorProto ------------------------------------------------===*
 * The fields read (onnx.proto): 1 dims, 2 data_type, 4 float_data,
 * 5 int32_data, 7 int64_data, 9 raw_data, 10 double_data, 11 uint64_data,
 * 14 data_location (external data is not supported). Others are skipped.
 *===---------------------------------------------------------------------===*/

typedef struct {
  const unsigned char *p, *end;
} aotc_pb;

static inline int aotc_pb_varint(aotc_pb *r, uint64_t *value) {
  unsigned shift = 0;
  *value = 0;
  while (r->p < r->end && shift < 64) {
    unsigned char byte = *r->p++;
    *value |= (uint64_t)(byte & 0x7f) << shift;
    if (!(byte & 0x80))
      return 1;
    shift += 7;
  }
  return 0;
}

/* Reads a field's key and, for length-delimited fields, its payload into
 * `payload`; for others, leaves r at the value. */
static inline int aotc_pb_field(aotc_pb *r, unsigned *field, unsigned *wire,
                                aotc_pb *payload) {
  uint64_t key, length;
  if (!aotc_pb_varint(r, &key))
    return 0;
  *field = (unsigned)(key >> 3);
  *wire = (unsigned)(key & 7);
  if (*wire == 2) {
    if (!aotc_pb_varint(r, &length) || length > (uint64_t)(r->end - r->p))
      return 0;
    payload->p = r->p;
    payload->end = r->p + length;
    r->p += length;
  }
  return 1;
}

static inline int aotc_pb_skip(aotc_pb *r, unsigned wire) {
  uint64_t ignored;
  size_t bytes = wire == 1 ? 8 : wire == 5 ? 4 : 0;
  if (wire == 0)
    return aotc_pb_varint(r, &ignored);
  if (wire == 2) /* aotc_pb_field already skipped the payload */
    return 1;
  if (!bytes || bytes > (size_t)(r->end - r->p))
    return 0;
  r->p += bytes;
  return 1;
}

/* The header dtype of an ONNX TensorProto.DataType; NULL if unsupported. */
static inline const char *aotc_onnx_dtype(uint64_t data_type) {
  switch (data_type) {
  case 1: return "f32";
  case 2: case 3: return "i8";    /* UINT8, INT8 */
  case 4: case 5: return "i16";   /* UINT16, INT16 */
  case 6: case 12: return "i32";  /* INT32, UINT32 */
  case 7: case 13: return "i64";  /* INT64, UINT64 */
  case 9: return "i1";            /* BOOL */
  case 10: return "f16";
  case 11: return "f64";
  case 16: return "bf16";
  default: return NULL;
  }
}

/* Decodes the serialized TensorProto `data` into `out`, which holds `bytes`
 * bytes of `dtype` elements; dies with a message naming `path` if the
 * tensor's type or element count differ. */
static inline void aotc_decode_tensor_proto(const char *path,
                                            const unsigned char *data,
                                            size_t size, const char *dtype,
                                            size_t bytes, unsigned char *out) {
  aotc_pb r, payload = {NULL, NULL}, raw = {NULL, NULL};
  unsigned field, wire;
  uint64_t data_type = 0, value, elements = 1;
  size_t esize = aotc_dtype_size(dtype), count = bytes / esize, written = 0;
  const char *onnx_dtype;
  int has_raw = 0;

  /* Pass 1: type, dims, raw_data. */
  r.p = data;
  r.end = data + size;
  while (r.p < r.end) {
    if (!aotc_pb_field(&r, &field, &wire, &payload))
      aotc_die("%s: not a TensorProto (bad protobuf encoding)", path);
    if (field == 2 && wire == 0) {
      if (!aotc_pb_varint(&r, &data_type))
        aotc_die("%s: not a TensorProto", path);
    } else if (field == 1 && (wire == 0 || wire == 2)) {
      aotc_pb dims = payload;
      aotc_pb *src = wire == 0 ? &r : &dims;
      do {
        if (!aotc_pb_varint(src, &value))
          aotc_die("%s: not a TensorProto", path);
        elements *= value;
      } while (wire == 2 && dims.p < dims.end);
    } else if (field == 9 && wire == 2) {
      raw = payload;
      has_raw = 1;
    } else if (field == 14 && wire == 0) {
      if (!aotc_pb_varint(&r, &value))
        aotc_die("%s: not a TensorProto", path);
      if (value == 1)
        aotc_die("%s: tensors with external data are not supported", path);
    } else if (!aotc_pb_skip(&r, wire)) {
      aotc_die("%s: not a TensorProto", path);
    }
  }
  onnx_dtype = aotc_onnx_dtype(data_type);
  if (!onnx_dtype)
    aotc_die("%s: unsupported TensorProto data_type %lu", path,
             (unsigned long)data_type);
  if (strcmp(onnx_dtype, dtype))
    aotc_die("%s: holds %s elements, the model's tensor is %s", path,
             onnx_dtype, dtype);
  if (elements != count)
    aotc_die("%s: holds %lu elements, the model's tensor has %lu", path,
             (unsigned long)elements, (unsigned long)count);
  if (has_raw) {
    if ((size_t)(raw.end - raw.p) != bytes)
      aotc_die("%s: raw_data has %lu bytes, expected %lu", path,
               (unsigned long)(raw.end - raw.p), (unsigned long)bytes);
    memcpy(out, raw.p, bytes);
    return;
  }

  /* Pass 2: the typed fields, packed or not. */
  r.p = data;
  r.end = data + size;
  while (r.p < r.end) {
    aotc_pb values, *src;
    unsigned element_wire;
    if (!aotc_pb_field(&r, &field, &wire, &payload))
      aotc_die("%s: not a TensorProto", path);
    if (field != 4 && field != 5 && field != 7 && field != 10 &&
        field != 11) {
      aotc_pb_skip(&r, wire);
      continue;
    }
    element_wire = field == 4 ? 5 : field == 10 ? 1 : 0;
    if (wire == 2) {
      values = payload;
      src = &values;
    } else if (wire == element_wire) {
      src = &r;
    } else {
      aotc_die("%s: not a TensorProto (field %u has wire type %u)", path,
               field, wire);
    }
    if ((field == 4 && esize != 4) || (field == 10 && esize != 8))
      aotc_die("%s: %s data in a %s tensor", path,
               field == 4 ? "float_data" : "double_data", dtype);
    do {
      unsigned char element[8];
      if (element_wire == 0) {
        if (!aotc_pb_varint(src, &value))
          aotc_die("%s: not a TensorProto", path);
        memcpy(element, &value, 8); /* little-endian: the low bytes first */
      } else {
        size_t n = element_wire == 5 ? 4 : 8;
        if ((size_t)(src->end - src->p) < n)
          aotc_die("%s: not a TensorProto", path);
        memcpy(element, src->p, n);
        src->p += n;
      }
      if (written == count)
        aotc_die("%s: more values than its dims hold", path);
      memcpy(out + written * esize, element, esize);
      ++written;
    } while (wire == 2 && src->p < src->end);
  }
  if (written != count)
    aotc_die("%s: %lu values for %lu elements", path, (unsigned long)written,
             (unsigned long)count);
}

/* Reads tensor `kind`_`index` ("input_0", "output_2") of `dir` into a new
 * buffer of `bytes` bytes: DIR/KIND_INDEX.pb (a TensorProto) if it exists,
 * else DIR/KIND_INDEX.bin (the raw bytes). */
static inline unsigned char *aotc_load_tensor(const char *dir,
                                              const char *kind, size_t index,
                                              const char *dtype,
                                              size_t bytes) {
  char path[4096];
  unsigned char *data = NULL, *out;
  size_t size = 0;
  if (!aotc_dtype_size(dtype))
    aotc_die("%s %lu has dtype %s, which the driver does not know", kind,
             (unsigned long)index, dtype);
  snprintf(path, sizeof path, "%s/%s_%lu.pb", dir, kind,
           (unsigned long)index);
  if (aotc_read_file(path, &data, &size)) {
    out = aotc_xmalloc(bytes);
    aotc_decode_tensor_proto(path, data, size, dtype, bytes, out);
    free(data);
    return out;
  }
  snprintf(path, sizeof path, "%s/%s_%lu.bin", dir, kind,
           (unsigned long)index);
  if (!aotc_read_file(path, &data, &size))
    aotc_die("found neither %s/%s_%lu.pb nor %s", dir, kind,
             (unsigned long)index, path);
  if (size != bytes)
    aotc_die("%s has %lu bytes; %s %lu (%s) has %lu", path,
             (unsigned long)size, kind, (unsigned long)index, dtype,
             (unsigned long)bytes);
  return data;
}

/*===--- Running the model ------------------------------------------------===*
 * aotc_buffers holds the pointers NAME_run takes: host memory on the CPU,
 * device memory for CUDA (the context: device 0's primary context).
 *===---------------------------------------------------------------------===*/

typedef struct {
  const void **inputs;
  void **outputs;
} aotc_buffers;

#ifdef AOTC_DRIVER_CUDA
static inline void aotc_cuda_check(CUresult result, const char *what) {
  const char *name = NULL;
  if (result == CUDA_SUCCESS)
    return;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = "unknown CUDA error";
  aotc_die("%s failed: %s", what, name);
}

static inline void aotc_device_init(void) {
  CUdevice device;
  CUcontext context;
  aotc_cuda_check(cuInit(0), "cuInit");
  aotc_cuda_check(cuDeviceGet(&device, 0), "cuDeviceGet");
  aotc_cuda_check(cuDevicePrimaryCtxRetain(&context, device),
                  "cuDevicePrimaryCtxRetain");
  aotc_cuda_check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

static inline void *aotc_device_alloc(size_t bytes) {
  CUdeviceptr p;
  aotc_cuda_check(cuMemAlloc(&p, bytes ? bytes : 1), "cuMemAlloc");
  return (void *)(uintptr_t)p;
}
#else
static inline void aotc_device_init(void) {}

static inline void *aotc_device_alloc(size_t bytes) {
  return aotc_xmalloc(bytes);
}
#endif

/* Buffers holding copies of `host_inputs` and room for the outputs. */
static inline aotc_buffers
aotc_buffers_create(unsigned char *const *host_inputs) {
  aotc_buffers b;
  size_t i;
  b.inputs = aotc_xmalloc((AOTC_NUM_INPUTS + 1) * sizeof *b.inputs);
  b.outputs = aotc_xmalloc((AOTC_NUM_OUTPUTS + 1) * sizeof *b.outputs);
  for (i = 0; i < AOTC_NUM_INPUTS; ++i) {
    size_t bytes = AOTC_MODEL(_INPUT_BYTES)[i];
    void *p = aotc_device_alloc(bytes);
#ifdef AOTC_DRIVER_CUDA
    aotc_cuda_check(cuMemcpyHtoD((CUdeviceptr)(uintptr_t)p, host_inputs[i],
                                 bytes),
                    "cuMemcpyHtoD");
#else
    memcpy(p, host_inputs[i], bytes);
#endif
    b.inputs[i] = p;
  }
  for (i = 0; i < AOTC_NUM_OUTPUTS; ++i)
    b.outputs[i] = aotc_device_alloc(AOTC_MODEL(_OUTPUT_BYTES)[i]);
  return b;
}

/* Sets every output byte to `byte`, so that unwritten outputs show. */
static inline void aotc_buffers_poison(aotc_buffers *b, int byte) {
  size_t i;
  for (i = 0; i < AOTC_NUM_OUTPUTS; ++i) {
#ifdef AOTC_DRIVER_CUDA
    aotc_cuda_check(cuMemsetD8((CUdeviceptr)(uintptr_t)b->outputs[i],
                               (unsigned char)byte,
                               AOTC_MODEL(_OUTPUT_BYTES)[i]),
                    "cuMemsetD8");
#else
    memset(b->outputs[i], byte, AOTC_MODEL(_OUTPUT_BYTES)[i]);
#endif
  }
}

/* Copies output `index` to host memory `out`. */
static inline void aotc_buffers_read_output(const aotc_buffers *b,
                                            size_t index, unsigned char *out) {
#ifdef AOTC_DRIVER_CUDA
  aotc_cuda_check(cuMemcpyDtoH(out,
                               (CUdeviceptr)(uintptr_t)b->outputs[index],
                               AOTC_MODEL(_OUTPUT_BYTES)[index]),
                  "cuMemcpyDtoH");
#else
  memcpy(out, b->outputs[index], AOTC_MODEL(_OUTPUT_BYTES)[index]);
#endif
}

static inline void aotc_buffers_destroy(aotc_buffers *b) {
  size_t i;
  for (i = 0; i < AOTC_NUM_INPUTS; ++i) {
#ifdef AOTC_DRIVER_CUDA
    cuMemFree((CUdeviceptr)(uintptr_t)b->inputs[i]);
#else
    free((void *)(uintptr_t)b->inputs[i]);
#endif
  }
  for (i = 0; i < AOTC_NUM_OUTPUTS; ++i) {
#ifdef AOTC_DRIVER_CUDA
    cuMemFree((CUdeviceptr)(uintptr_t)b->outputs[i]);
#else
    free(b->outputs[i]);
#endif
  }
  free(b->inputs);
  free(b->outputs);
}

#endif /* AOTC_DRIVER_COMMON_H */

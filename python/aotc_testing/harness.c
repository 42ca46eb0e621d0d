/*===- harness.c - generic C driver for one aotc-compiled graph ----------===*
 *
 * Links against any object aotc produced and uses nothing but its header, so
 * it exercises exactly the C contract an application sees. Build it with
 *
 *   cc -std=c99 -Wall -Wextra -pedantic -Werror \
 *      -DAOTC_NAME=<name> -include <name>.h harness.c <name>.o -lm
 *
 * and run it as
 *
 *   harness --meta            print the header's metadata, one fact a line
 *   harness IN_DIR OUT_DIR    run the graph on IN_DIR/input<i>.bin (exactly
 *                             NAME_INPUT_BYTES[i] bytes each) and write
 *                             OUT_DIR/output<i>.bin
 *
 * The run mode calls NAME_run twice and checks the contract on the way:
 *   1. with malloc'd buffers and temp == NULL; outputs are poisoned with
 *      0xA5 first, inputs must be left untouched, the result must be 0;
 *   2. with every input and output at an address aligned to its element size
 *      only (the header promises nothing more is needed), outputs poisoned
 *      with 0x5A, and a 64-byte-aligned temp of NAME_TEMP_BYTES (poisoned)
 *      when that is > 0; both calls must write identical output bytes, which
 *      also proves every output byte is written.
 * Exit codes: 0 ok, 1 usage or I/O error, 2 a contract violation.
 *
 *===----------------------------------------------------------------------===*/

#define HARNESS_NAME "harness"
#include "harness_common.h"

/* One tensor's buffers for both calls. */
struct tensor {
  size_t bytes;
  size_t align;      /* the element size: the only alignment promised */
  unsigned char *a;  /* call 1: plain malloc */
  unsigned char *b;  /* call 2: at exactly `align` past a 64-byte boundary */
  void *b_block;     /* what was allocated for `b` */
  unsigned char *copy; /* inputs: the bytes as read, to detect writes */
};

/* Bytes of one element of the dtype string ("f32" -> 4, "i1" -> 1). */
static size_t element_size(const char *dtype) {
  long bits;
  if (strcmp(dtype, "bf16") == 0)
    return 2;
  bits = strtol(dtype + 1, NULL, 10);
  if ((dtype[0] != 'f' && dtype[0] != 'i') || bits <= 0)
    fail(1, "unknown dtype in the header", dtype);
  return bits < 8 ? 1 : (size_t)bits / 8;
}

/* Points `t->b` at an address that is a multiple of `t->align` but, when the
 * element is smaller than 64 bytes, not of any larger power of two up to 64. */
static void alloc_misaligned(struct tensor *t) {
  uintptr_t base;
  t->b_block = xmalloc(t->bytes + 128);
  base = ((uintptr_t)t->b_block + 63) & ~(uintptr_t)63;
  t->b = (unsigned char *)(base + (t->align < 64 ? t->align : 0));
}

static int run_graph(const char *in_dir, const char *out_dir) {
  size_t n_in = SYM(_NUM_INPUTS), n_out = SYM(_NUM_OUTPUTS);
  size_t temp_bytes = SYM(_TEMP_BYTES), i, k;
  struct tensor *in = xmalloc((n_in + 1) * sizeof *in);
  struct tensor *out = xmalloc((n_out + 1) * sizeof *out);
  const void **in_ptrs = xmalloc((n_in + 1) * sizeof *in_ptrs);
  void **out_ptrs = xmalloc((n_out + 1) * sizeof *out_ptrs);
  void *temp_block = NULL, *temp = NULL;
  char path[4096];
  int rc;

  for (i = 0; i < n_in; ++i) {
    struct tensor *t = &in[i];
    t->bytes = SYM(_INPUT_BYTES)[i];
    t->align = element_size(SYM(_INPUT_DTYPES)[i]);
    t->a = xmalloc(t->bytes);
    t->copy = xmalloc(t->bytes);
    alloc_misaligned(t);
    sprintf(path, "%.4000s/input%lu.bin", in_dir, (unsigned long)i);
    read_file(path, t->a, t->bytes);
    memcpy(t->copy, t->a, t->bytes);
    memcpy(t->b, t->a, t->bytes);
  }
  for (i = 0; i < n_out; ++i) {
    struct tensor *t = &out[i];
    t->bytes = SYM(_OUTPUT_BYTES)[i];
    t->align = element_size(SYM(_OUTPUT_DTYPES)[i]);
    t->a = xmalloc(t->bytes);
    t->copy = NULL;
    alloc_misaligned(t);
    memset(t->a, 0xA5, t->bytes);
    memset(t->b, 0x5A, t->bytes);
  }

  /* Call 1: plain buffers, no temp. */
  for (i = 0; i < n_in; ++i)
    in_ptrs[i] = in[i].a;
  for (i = 0; i < n_out; ++i)
    out_ptrs[i] = out[i].a;
  rc = SYM(_run)(in_ptrs, out_ptrs, NULL);
  if (rc != 0) {
    fprintf(stderr, "harness: error: %s_run returned %d (temp == NULL)\n",
            AOTC_STR(AOTC_NAME), rc);
    return 2;
  }
  for (i = 0; i < n_in; ++i)
    if (memcmp(in[i].a, in[i].copy, in[i].bytes) != 0) {
      fprintf(stderr, "harness: error: %s_run wrote to input %lu\n",
              AOTC_STR(AOTC_NAME), (unsigned long)i);
      return 2;
    }

  /* Call 2: element-aligned buffers and the caller's temp, if any. */
  if (temp_bytes > 0) {
    temp_block = xmalloc(temp_bytes + 64);
    temp = (void *)(((uintptr_t)temp_block + 63) & ~(uintptr_t)63);
    memset(temp, 0xCD, temp_bytes);
  }
  for (i = 0; i < n_in; ++i)
    in_ptrs[i] = in[i].b;
  for (i = 0; i < n_out; ++i)
    out_ptrs[i] = out[i].b;
  rc = SYM(_run)(in_ptrs, out_ptrs, temp);
  if (rc != 0) {
    fprintf(stderr, "harness: error: %s_run returned %d (temp %s)\n",
            AOTC_STR(AOTC_NAME), rc, temp ? "given" : "== NULL");
    return 2;
  }
  for (i = 0; i < n_out; ++i)
    for (k = 0; k < out[i].bytes; ++k)
      if (out[i].a[k] != out[i].b[k]) {
        fprintf(stderr,
                "harness: error: output %lu differs between the two calls at "
                "byte %lu (0x%02x vs 0x%02x); an element is left unwritten or "
                "the result depends on alignment or temp\n",
                (unsigned long)i, (unsigned long)k, out[i].a[k], out[i].b[k]);
        return 2;
      }

  for (i = 0; i < n_out; ++i) {
    sprintf(path, "%.4000s/output%lu.bin", out_dir, (unsigned long)i);
    write_file(path, out[i].a, out[i].bytes);
  }

  for (i = 0; i < n_in; ++i) {
    free(in[i].a);
    free(in[i].copy);
    free(in[i].b_block);
  }
  for (i = 0; i < n_out; ++i) {
    free(out[i].a);
    free(out[i].b_block);
  }
  free(temp_block);
  free(in);
  free(out);
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
  return run_graph(argv[1], argv[2]);
}

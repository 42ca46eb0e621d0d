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
 * Then it calls NAME_run_parallel with the same element-aligned buffers
 * (outputs poisoned again), which must write bytes identical to call 1's:
 *   3. with `parallel` NULL and temp NULL;
 *   4. on libaotc_pool pools of 1, 2, 3 and 8 workers, each with a poisoned
 *      temp of NAME_TEMP_BYTES_FOR_WORKERS(workers) and again with temp NULL;
 *   5. with an aotc_parallel whose parallel_for is NULL (serial, whatever
 *      num_workers says), then through a pool of its own that runs every
 *      task alone, last to first, on the calling thread, as worker
 *      (task mod 3) of 3: another split of the same work, and the scratch
 *      of workers 1 and 2 without threads.
 * Link it with -I<aotc>/include ... -laotc_pool -lpthread.
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

/* Bytes of one element of the dtype string ("f32" -> 4, "i1" -> 1,
 * "ui8" -> 1). */
static size_t element_size(const char *dtype) {
  long bits;
  if (strcmp(dtype, "bf16") == 0)
    return 2;
  if (dtype[0] == 'u')
    ++dtype; /* unsigned integers: "ui8" is as wide as "i8" */
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

/* An aotc_parallel that runs each task alone, in reverse order, on the
 * calling thread, as worker (task mod num_workers). */
static void reverse_tasks(void *pool, int64_t num_tasks, aotc_task_fn fn,
                          void *context) {
  int64_t task;
  int32_t workers = ((const aotc_parallel *)pool)->num_workers;
  for (task = num_tasks - 1; task >= 0; --task)
    fn(context, task, task + 1, (int32_t)(task % workers));
}

/* Calls NAME_run_parallel on `in_ptrs` and the `b` outputs (poisoned first)
 * with `parallel` and a poisoned temp of the size it needs (or NULL), and
 * checks the bytes against call 1's. `what` names the run in errors. */
static int check_parallel(struct tensor *out, size_t n_out,
                          const void **in_ptrs, void **out_ptrs,
                          const aotc_parallel *parallel, int with_temp,
                          const char *what) {
  size_t i, k, temp_bytes = SYM(_TEMP_BYTES_FOR_WORKERS)(
                   parallel ? parallel->num_workers : 1);
  void *temp_block = NULL, *temp = NULL;
  int rc;
  if (with_temp && temp_bytes > 0) {
    temp_block = xmalloc(temp_bytes + 64);
    temp = (void *)(((uintptr_t)temp_block + 63) & ~(uintptr_t)63);
    memset(temp, 0xCD, temp_bytes);
  }
  for (i = 0; i < n_out; ++i) {
    memset(out[i].b, 0x3C, out[i].bytes);
    out_ptrs[i] = out[i].b;
  }
  rc = SYM(_run_parallel)(in_ptrs, out_ptrs, temp, parallel);
  free(temp_block);
  if (rc != 0) {
    fprintf(stderr, "harness: error: %s_run_parallel returned %d (%s, temp %s)\n",
            AOTC_STR(AOTC_NAME), rc, what, temp ? "given" : "== NULL");
    return 2;
  }
  for (i = 0; i < n_out; ++i)
    for (k = 0; k < out[i].bytes; ++k)
      if (out[i].a[k] != out[i].b[k]) {
        fprintf(stderr,
                "harness: error: output %lu of %s_run_parallel (%s, temp %s) "
                "differs from %s_run's at byte %lu (0x%02x vs 0x%02x)\n",
                (unsigned long)i, AOTC_STR(AOTC_NAME), what,
                temp ? "given" : "== NULL", AOTC_STR(AOTC_NAME),
                (unsigned long)k, out[i].b[k], out[i].a[k]);
        return 2;
      }
  return 0;
}

/* Steps 3 to 5 of the header comment. */
static int check_parallel_runs(struct tensor *out, size_t n_out,
                               const void **in_ptrs, void **out_ptrs) {
  static const int workers[] = {1, 2, 3, 8};
  aotc_parallel reverse;
  char what[64];
  size_t i;
  int rc, with_temp;
  if ((rc = check_parallel(out, n_out, in_ptrs, out_ptrs, NULL, 0,
                           "parallel == NULL")) != 0)
    return rc;
  for (i = 0; i < sizeof workers / sizeof *workers; ++i) {
    aotc_pool *pool = aotc_pool_create(workers[i]);
    if (!pool)
      fail(1, "aotc_pool_create failed", NULL);
    sprintf(what, "a pool of %d workers", workers[i]);
    for (with_temp = 1; with_temp >= 0; --with_temp)
      if ((rc = check_parallel(out, n_out, in_ptrs, out_ptrs,
                               aotc_pool_parallel(pool), with_temp, what)) !=
          0)
        break;
    aotc_pool_destroy(pool);
    if (rc != 0)
      return rc;
  }
  reverse.parallel_for = NULL;
  reverse.pool = NULL;
  reverse.num_workers = 4;
  if ((rc = check_parallel(out, n_out, in_ptrs, out_ptrs, &reverse, 1,
                           "parallel_for == NULL, 4 workers")) != 0)
    return rc;
  reverse.parallel_for = reverse_tasks;
  reverse.pool = &reverse;
  reverse.num_workers = 3;
  return check_parallel(out, n_out, in_ptrs, out_ptrs, &reverse, 1,
                        "one task at a time, last first, workers 0-2");
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

  if ((rc = check_parallel_runs(out, n_out, in_ptrs, out_ptrs)) != 0)
    return rc;

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

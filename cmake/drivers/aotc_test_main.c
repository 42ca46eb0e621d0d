/*===- aotc_test_main.c - aotc_add_library's TEST driver ------------------===*
 *
 *   <target>_test REFERENCE_DIR [--rtol R] [--atol A] [--threads N]
 *
 * Runs the compiled model on REFERENCE_DIR's inputs and compares its outputs
 * with REFERENCE_DIR's outputs: input_<i>.pb / output_<i>.pb (ONNX
 * TensorProto files, as in ONNX's test_data_set_N folders) or
 * input_<i>.bin / output_<i>.bin (raw little-endian tensors), i from 0 in
 * the header's call order. A floating-point element passes when
 * |got - want| <= atol + rtol * |want| (NaN only where NaN is expected);
 * integer and bool elements must be equal.
 *
 * It checks NAME_run with temp NULL and the outputs poisoned first, and on
 * the CPU also NAME_run_parallel on an aotc_pool of N workers (default 4),
 * whose outputs must be bitwise those of NAME_run. Exit status: 0 when
 * everything matches, 1 when an output differs or a call fails, 2 for a
 * usage or I/O error.
 *
 *===----------------------------------------------------------------------===*/
#define _POSIX_C_SOURCE 200809L

#include "aotc_driver_common.h"

/* Compares output `index` with its reference; prints one line and returns
 * the number of elements that differ. */
static size_t compare_output(const char *what, size_t index,
                             const unsigned char *got,
                             const unsigned char *want, double rtol,
                             double atol) {
  const char *dtype = AOTC_MODEL(_OUTPUT_DTYPES)[index];
  const char *name = AOTC_MODEL(_OUTPUT_NAMES)[index];
  size_t esize = aotc_dtype_size(dtype);
  size_t count = AOTC_MODEL(_OUTPUT_BYTES)[index] / esize, i, bad = 0;
  size_t first_bad = 0;
  double max_abs = 0, max_rel = 0;
  int is_float = aotc_dtype_is_float(dtype);
  for (i = 0; i < count; ++i) {
    int ok;
    if (is_float) {
      double g = aotc_load_float(got + i * esize, dtype);
      double w = aotc_load_float(want + i * esize, dtype);
      double diff = fabs(g - w);
      if (isnan(w) || isnan(g)) {
        ok = isnan(w) && isnan(g);
      } else if (isinf(w) || isinf(g)) {
        ok = g == w;
      } else {
        ok = diff <= atol + rtol * fabs(w);
        if (diff > max_abs)
          max_abs = diff;
        if (w != 0 && diff / fabs(w) > max_rel)
          max_rel = diff / fabs(w);
      }
    } else {
      ok = !memcmp(got + i * esize, want + i * esize, esize);
    }
    if (!ok && bad++ == 0)
      first_bad = i;
  }
  if (!bad) {
    if (is_float)
      printf("%s: output %lu '%s' (%s, %lu elements) matches: max abs error "
             "%.3g, max rel error %.3g\n", what, (unsigned long)index, name,
             dtype, (unsigned long)count, max_abs, max_rel);
    else
      printf("%s: output %lu '%s' (%s, %lu elements) matches exactly\n", what,
             (unsigned long)index, name, dtype, (unsigned long)count);
    return 0;
  }
  printf("%s: output %lu '%s' (%s, %lu elements) MISMATCH: %lu elements "
         "differ", what, (unsigned long)index, name, dtype,
         (unsigned long)count, (unsigned long)bad);
  if (is_float)
    printf(" (rtol %g, atol %g); first at [%lu]: got %.9g, want %.9g\n", rtol,
           atol, (unsigned long)first_bad,
           aotc_load_float(got + first_bad * esize, dtype),
           aotc_load_float(want + first_bad * esize, dtype));
  else
    printf("; first at flat index %lu\n", (unsigned long)first_bad);
  return bad;
}

/* Runs the model through `run` (0: NAME_run, else NAME_run_parallel with
 * `threads` workers) and compares; returns the number of failures. Keeps
 * the host copies of the outputs in `got`. */
static int run_and_compare(const char *what, aotc_buffers *b, int threads,
                           unsigned char **want, unsigned char **got,
                           double rtol, double atol) {
  size_t i;
  int failures = 0, rc;
  aotc_buffers_poison(b, 0xA5);
#ifdef AOTC_DRIVER_CUDA
  (void)threads;
  rc = AOTC_MODEL(_run)(b->inputs, (void *const *)b->outputs, NULL);
#else
  if (threads) {
    aotc_pool *pool = aotc_pool_create(threads);
    if (!pool)
      aotc_die("aotc_pool_create(%d) failed", threads);
    rc = AOTC_MODEL(_run_parallel)(b->inputs, (void *const *)b->outputs, NULL,
                                   aotc_pool_parallel(pool));
    aotc_pool_destroy(pool);
  } else {
    rc = AOTC_MODEL(_run)(b->inputs, (void *const *)b->outputs, NULL);
  }
#endif
  if (rc != 0) {
    printf("%s: returned %d\n", what, rc);
    return 1;
  }
  for (i = 0; i < AOTC_NUM_OUTPUTS; ++i) {
    aotc_buffers_read_output(b, i, got[i]);
    failures += compare_output(what, i, got[i], want[i], rtol, atol) != 0;
  }
  return failures;
}

static void usage(void) {
  fprintf(stderr,
          "usage: %s REFERENCE_DIR [--rtol R] [--atol A] [--threads N]\n"
          "Runs model '%s' on REFERENCE_DIR/input_<i>.pb (or .bin) and\n"
          "compares with REFERENCE_DIR/output_<i>.pb (or .bin).\n"
          "Defaults: --rtol %g --atol %g --threads 4.\n",
          aotc_prog, AOTC_MODEL_NAME, (double)AOTC_TEST_RTOL,
          (double)AOTC_TEST_ATOL);
  exit(2);
}

static double parse_number(const char *text, const char *option) {
  char *end;
  double value = strtod(text, &end);
  if (!*text || *end || !(value >= 0))
    aotc_die("%s wants a number >= 0, not '%s'", option, text);
  return value;
}

int main(int argc, char **argv) {
  const char *dir = NULL;
  double rtol = AOTC_TEST_RTOL, atol = AOTC_TEST_ATOL;
  int threads = 4, failures = 0, arg;
  unsigned char **inputs, **want, **got, **got_serial;
  aotc_buffers buffers;
  size_t i;

  if (argc > 0)
    aotc_set_prog(argv[0]);
  for (arg = 1; arg < argc; ++arg) {
    if (!strcmp(argv[arg], "--help") || !strcmp(argv[arg], "-h"))
      usage();
    if (arg + 1 < argc && !strcmp(argv[arg], "--rtol"))
      rtol = parse_number(argv[++arg], "--rtol");
    else if (arg + 1 < argc && !strcmp(argv[arg], "--atol"))
      atol = parse_number(argv[++arg], "--atol");
    else if (arg + 1 < argc && !strcmp(argv[arg], "--threads"))
      threads = (int)parse_number(argv[++arg], "--threads");
    else if (argv[arg][0] != '-' && !dir)
      dir = argv[arg];
    else
      usage();
  }
  if (!dir)
    usage();
  if (threads < 1)
    aotc_die("--threads wants at least 1 worker");

  inputs = aotc_xmalloc((AOTC_NUM_INPUTS + 1) * sizeof *inputs);
  want = aotc_xmalloc((AOTC_NUM_OUTPUTS + 1) * sizeof *want);
  got = aotc_xmalloc((AOTC_NUM_OUTPUTS + 1) * sizeof *got);
  got_serial = aotc_xmalloc((AOTC_NUM_OUTPUTS + 1) * sizeof *got_serial);
  for (i = 0; i < AOTC_NUM_INPUTS; ++i)
    inputs[i] = aotc_load_tensor(dir, "input", i,
                                 AOTC_MODEL(_INPUT_DTYPES)[i],
                                 AOTC_MODEL(_INPUT_BYTES)[i]);
  for (i = 0; i < AOTC_NUM_OUTPUTS; ++i) {
    want[i] = aotc_load_tensor(dir, "output", i,
                               AOTC_MODEL(_OUTPUT_DTYPES)[i],
                               AOTC_MODEL(_OUTPUT_BYTES)[i]);
    got[i] = aotc_xmalloc(AOTC_MODEL(_OUTPUT_BYTES)[i]);
    got_serial[i] = aotc_xmalloc(AOTC_MODEL(_OUTPUT_BYTES)[i]);
  }
  printf("%s: %lu inputs and %lu outputs from %s\n", AOTC_MODEL_NAME,
         (unsigned long)AOTC_NUM_INPUTS, (unsigned long)AOTC_NUM_OUTPUTS,
         dir);

  aotc_device_init();
  buffers = aotc_buffers_create(inputs);
  failures += run_and_compare(AOTC_MODEL_NAME "_run", &buffers, 0, want,
                              got_serial, rtol, atol);
#ifndef AOTC_DRIVER_CUDA
  {
    char what[64];
    snprintf(what, sizeof what, "%s_run_parallel(%d workers)",
             AOTC_MODEL_NAME, threads);
    failures += run_and_compare(what, &buffers, threads, want, got, rtol,
                                atol);
    for (i = 0; i < AOTC_NUM_OUTPUTS; ++i) {
      if (memcmp(got[i], got_serial[i], AOTC_MODEL(_OUTPUT_BYTES)[i])) {
        printf("%s: output %lu differs from %s_run's (they must be "
               "bitwise equal)\n", what, (unsigned long)i, AOTC_MODEL_NAME);
        ++failures;
      }
    }
  }
#endif
  aotc_buffers_destroy(&buffers);
  for (i = 0; i < AOTC_NUM_INPUTS; ++i)
    free(inputs[i]);
  for (i = 0; i < AOTC_NUM_OUTPUTS; ++i) {
    free(want[i]);
    free(got[i]);
    free(got_serial[i]);
  }
  free(inputs);
  free(want);
  free(got);
  free(got_serial);
  printf("%s: %s\n", AOTC_MODEL_NAME, failures ? "FAILED" : "PASSED");
  return failures ? 1 : 0;
}

/*===- harness_common.h - what harness.c and harness_cuda.c share --------===*
 *
 * Included by the two C drivers of a compiled graph (harness.c for the
 * x86-64 target, harness_cuda.c for CUDA) after they define HARNESS_NAME,
 * the prefix of their error messages. Everything here uses only the graph's
 * header (-include NAME.h, -DAOTC_NAME=NAME) and the C library: the symbol
 * macros, failing with an exit code, reading the input files, writing the
 * output files, and `--meta`, the header's metadata one fact a line (which
 * run_graph.py and run_graph_cuda.py parse).
 *
 *===----------------------------------------------------------------------===*/

#ifndef AOTC_HARNESS_COMMON_H
#define AOTC_HARNESS_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef AOTC_NAME
#error "define AOTC_NAME to the --name given to aotc and -include its header"
#endif
#ifndef HARNESS_NAME
#error "define HARNESS_NAME (the error prefix) before including this file"
#endif

#define AOTC_CAT2(a, b) a##b
#define AOTC_CAT(a, b) AOTC_CAT2(a, b)
/* SYM(_run) is NAME_run, SYM(_INPUT_BYTES) is NAME_INPUT_BYTES, ... */
#define SYM(suffix) AOTC_CAT(AOTC_NAME, suffix)
#define AOTC_STR2(x) #x
#define AOTC_STR(x) AOTC_STR2(x)

static void fail(int code, const char *what, const char *detail) {
  fprintf(stderr, HARNESS_NAME ": error: %s%s%s\n", what, detail ? ": " : "",
          detail ? detail : "");
  exit(code);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    fail(1, "out of memory", NULL);
  return p;
}

static void read_file(const char *path, unsigned char *data, size_t bytes) {
  FILE *f = fopen(path, "rb");
  size_t got;
  if (!f)
    fail(1, "cannot open", path);
  got = fread(data, 1, bytes, f);
  if (got != bytes || fgetc(f) != EOF)
    fail(1, "input file does not hold exactly NAME_INPUT_BYTES[i] bytes",
         path);
  fclose(f);
}

static void write_file(const char *path, const unsigned char *data,
                       size_t bytes) {
  FILE *f = fopen(path, "wb");
  if (!f)
    fail(1, "cannot create", path);
  if (fwrite(data, 1, bytes, f) != bytes || fclose(f) != 0)
    fail(1, "cannot write", path);
}

static void print_meta(void) {
  size_t n_in = SYM(_NUM_INPUTS), n_out = SYM(_NUM_OUTPUTS), i;
  printf("name %s\n", AOTC_STR(AOTC_NAME));
  printf("temp %lu\n", (unsigned long)SYM(_TEMP_BYTES));
  printf("inputs %lu\n", (unsigned long)n_in);
  for (i = 0; i < n_in; ++i)
    printf("input %lu %lu %s %s\n", (unsigned long)i,
           (unsigned long)SYM(_INPUT_BYTES)[i], SYM(_INPUT_DTYPES)[i],
           SYM(_INPUT_NAMES)[i]);
  printf("outputs %lu\n", (unsigned long)n_out);
  for (i = 0; i < n_out; ++i)
    printf("output %lu %lu %s %s\n", (unsigned long)i,
           (unsigned long)SYM(_OUTPUT_BYTES)[i], SYM(_OUTPUT_DTYPES)[i],
           SYM(_OUTPUT_NAMES)[i]);
}

#endif /* AOTC_HARNESS_COMMON_H */

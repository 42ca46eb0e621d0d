/* Counts the calls a compiled graph makes to malloc and free. Link it as
 *
 *   cc -std=c11 -I DIR memory-count-mallocs.c g.o -Wl,--wrap=malloc -Wl,--wrap=free
 *
 * with DIR holding the graph's header g.h (compiled with --name g): every
 * call the object makes to malloc or free then goes through __wrap_malloc /
 * __wrap_free below, which count while `counting` is set. The program calls
 * g_run with temp == NULL and then with a 64-byte-aligned temp of
 * g_TEMP_BYTES poisoned with 0xCD, prints the counts of each call and
 * whether both calls wrote the same output bytes. */

#include "g.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t size);
void __real_free(void *ptr);

static int counting;
static unsigned long mallocs, frees;
static size_t malloc_bytes;

void *__wrap_malloc(size_t size) {
  if (counting) {
    ++mallocs;
    malloc_bytes += size;
  }
  return __real_malloc(size);
}

void __wrap_free(void *ptr) {
  if (counting && ptr)
    ++frees;
  __real_free(ptr);
}

/* Runs g_run with `temp` and reports what it allocated. */
static int run(const char *what, const void *const *inputs, void **outputs,
               void *temp) {
  int rc;
  mallocs = frees = 0;
  malloc_bytes = 0;
  counting = 1;
  rc = g_run(inputs, outputs, temp);
  counting = 0;
  printf("%s: rc %d, malloc %lu, free %lu", what, rc, mallocs, frees);
  if (mallocs == 1)
    printf(", %s", malloc_bytes == (size_t)g_TEMP_BYTES + 63
                       ? "TEMP_BYTES + 63 bytes"
                       : "unexpected size");
  printf("\n");
  return rc;
}

int main(void) {
  const void *inputs[g_NUM_INPUTS + 1];
  void *first[g_NUM_OUTPUTS + 1], *second[g_NUM_OUTPUTS + 1];
  void *temp = NULL;
  size_t i;
  int same = 1;

  for (i = 0; i < g_NUM_INPUTS; ++i) {
    void *input = malloc(g_INPUT_BYTES[i] + 1);
    /* 0x3e3e3e3e is 0.186 as f32: finite, whatever the graph computes. */
    memset(input, 0x3e, g_INPUT_BYTES[i]);
    inputs[i] = input;
  }
  for (i = 0; i < g_NUM_OUTPUTS; ++i) {
    first[i] = malloc(g_OUTPUT_BYTES[i] + 1);
    second[i] = malloc(g_OUTPUT_BYTES[i] + 1);
  }
  printf("TEMP_BYTES %lu\n", (unsigned long)g_TEMP_BYTES);
  if (run("temp NULL", inputs, first, NULL) != 0)
    return 1;
  if (g_TEMP_BYTES > 0) {
    temp = aligned_alloc(64, ((size_t)g_TEMP_BYTES + 63) / 64 * 64);
    memset(temp, 0xCD, g_TEMP_BYTES);
  }
  if (run("temp given", inputs, second, temp) != 0)
    return 1;
  for (i = 0; i < g_NUM_OUTPUTS; ++i)
    same &= memcmp(first[i], second[i], g_OUTPUT_BYTES[i]) == 0;
  printf("outputs %s\n", same ? "equal" : "differ");
  free(temp);
  for (i = 0; i < g_NUM_INPUTS; ++i)
    free((void *)inputs[i]);
  for (i = 0; i < g_NUM_OUTPUTS; ++i) {
    free(first[i]);
    free(second[i]);
  }
  return same ? 0 : 1;
}

/*===- guard_harness.c - run a compiled graph against guard pages ---------===*
 *
 * Built by utils/fuzz/replay.py --run against a header and object compiled
 * with --name m (the header is -include'd). Calls m_run twice on zero-filled
 * inputs, with every input, output and the temp arena each ending exactly
 * at a PROT_NONE page, so that an access past the end of any buffer faults.
 * The outputs are filled with 0xA5 before the first call and 0x5A before
 * the second: a byte that holds the fill in both runs was never written,
 * which the ABI forbids (every output element is written). Exits 0 when
 * m_run returned 0 both times and wrote every byte; 1 and one line on
 * stderr otherwise; a fault is a signal.
 *
 *===----------------------------------------------------------------------===*/

/* Built with -D_DEFAULT_SOURCE (for MAP_ANONYMOUS): the header comes first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t page;

/* `bytes` ending at a PROT_NONE page (`bytes` rounded up to `align`). */
static unsigned char *guarded(size_t bytes, size_t align) {
  size_t size = (bytes + align - 1) / align * align;
  size_t span = (size + page - 1) / page * page;
  unsigned char *base = mmap(NULL, span + page, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED || mprotect(base + span, page, PROT_NONE) != 0) {
    fprintf(stderr, "guard_harness: cannot map %zu bytes\n", bytes);
    exit(2);
  }
  return base + span - size;
}

int main(void) {
  page = (size_t)sysconf(_SC_PAGESIZE);
  const void *inputs[m_NUM_INPUTS + 1];
  void *outputs[m_NUM_OUTPUTS + 1];
  unsigned char *first[m_NUM_OUTPUTS + 1];
  for (int i = 0; i < m_NUM_INPUTS; ++i)
    inputs[i] = guarded(m_INPUT_BYTES[i], 1); /* mmap: zero-filled */
  for (int i = 0; i < m_NUM_OUTPUTS; ++i) {
    outputs[i] = guarded(m_OUTPUT_BYTES[i], 1);
    first[i] = malloc(m_OUTPUT_BYTES[i] + 1);
    if (!first[i])
      return 2;
  }
  void *temp = m_TEMP_BYTES ? guarded(m_TEMP_BYTES, 64) : NULL;
  for (int run = 0; run < 2; ++run) {
    for (int i = 0; i < m_NUM_OUTPUTS; ++i)
      memset(outputs[i], run ? 0x5A : 0xA5, m_OUTPUT_BYTES[i]);
    int status = m_run(inputs, outputs, temp);
    if (status != 0) {
      fprintf(stderr, "guard_harness: m_run returned %d\n", status);
      return 1;
    }
    for (int i = 0; i < m_NUM_OUTPUTS; ++i) {
      const unsigned char *out = outputs[i];
      for (size_t b = 0; b < m_OUTPUT_BYTES[i]; ++b) {
        if (!run) {
          first[i][b] = out[b];
        } else if (first[i][b] == 0xA5 && out[b] == 0x5A) {
          fprintf(stderr,
                  "guard_harness: output %d byte %zu was never written\n", i,
                  b);
          return 1;
        }
      }
    }
  }
  return 0;
}

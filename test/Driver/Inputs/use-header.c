/* Uses everything graph.h (from header-graph.mlir, --name graph) declares;
 * valid C99 and C++17, so header.test builds it as both. Prints the
 * metadata and the results of one call for FileCheck. */
#include "graph.h"

#include <stdio.h>

static void print_shape(const char *kind, int index, int rank, long elements,
                        const int64_t *shape) {
  int d;
  printf("%s %d rank %d elements %ld shape", kind, index, rank, elements);
  for (d = 0; d < rank; ++d)
    printf(" %lld", (long long)shape[d]);
  printf("\n");
}

int main(void) {
  const float pixels[6] = {1, -2, 3.5f, 0, 5, -6};
  const bool flag = true;
  const uint16_t half[4] = {0x3c00, 0xc000, 0x7c00, 0x0001};
  const uint16_t brain[4] = {0x3f80, 0xc000, 0x7f80, 0x0001};
  const int64_t k[5] = {1, -2, 3000000000LL, -4, 5};
  float out_pixels[6];
  int64_t out_k[5];
  uint16_t out_half[4], out_brain[4];
  bool out_flag = false;
  int i, rc;

  printf("inputs %d outputs %d temp %d\n", graph_NUM_INPUTS,
         graph_NUM_OUTPUTS, graph_TEMP_BYTES);
  for (i = 0; i < graph_NUM_INPUTS; ++i)
    printf("input %d '%s' %s %lu bytes\n", i, graph_INPUT_NAMES[i],
           graph_INPUT_DTYPES[i], (unsigned long)graph_INPUT_BYTES[i]);
  for (i = 0; i < graph_NUM_OUTPUTS; ++i)
    printf("output %d '%s' %s %lu bytes\n", i, graph_OUTPUT_NAMES[i],
           graph_OUTPUT_DTYPES[i], (unsigned long)graph_OUTPUT_BYTES[i]);
  print_shape("input", 0, graph_INPUT_0_RANK, graph_INPUT_0_ELEMENTS,
              graph_INPUT_0_SHAPE);
  print_shape("input", 1, graph_INPUT_1_RANK, graph_INPUT_1_ELEMENTS, NULL);
  print_shape("input", 2, graph_INPUT_2_RANK, graph_INPUT_2_ELEMENTS,
              graph_INPUT_2_SHAPE);
  print_shape("input", 3, graph_INPUT_3_RANK, graph_INPUT_3_ELEMENTS,
              graph_INPUT_3_SHAPE);
  print_shape("input", 4, graph_INPUT_4_RANK, graph_INPUT_4_ELEMENTS,
              graph_INPUT_4_SHAPE);
  print_shape("output", 0, graph_OUTPUT_0_RANK, graph_OUTPUT_0_ELEMENTS,
              graph_OUTPUT_0_SHAPE);
  print_shape("output", 1, graph_OUTPUT_1_RANK, graph_OUTPUT_1_ELEMENTS,
              graph_OUTPUT_1_SHAPE);
  print_shape("output", 4, graph_OUTPUT_4_RANK, graph_OUTPUT_4_ELEMENTS,
              NULL);

  rc = graph_run_typed(pixels, &flag, half, brain, k, out_pixels, out_k,
                       out_half, out_brain, &out_flag, NULL);
  printf("rc %d\n", rc);
  printf("pixels");
  for (i = 0; i < 6; ++i)
    printf(" %g", out_pixels[i]);
  printf("\nk");
  for (i = 0; i < 5; ++i)
    printf(" %lld", (long long)out_k[i]);
  printf("\nhalf");
  for (i = 0; i < 4; ++i)
    printf(" %04x", out_half[i]);
  printf("\nbrain");
  for (i = 0; i < 4; ++i)
    printf(" %04x", out_brain[i]);
  printf("\nflag %d\n", out_flag ? 1 : 0);
  return rc;
}

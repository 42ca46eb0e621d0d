/*===- concurrent-calls.c - one compiled graph called from two threads ----===*
 *
 * Built against a graph compiled with --name g (one f32 input, one f32
 * output) and libaotc_pool:
 *
 *   cc -std=c11 -I<aotc>/include -I DIR concurrent-calls.c g.o aotc_pool.c
 *      -lpthread -lm
 *
 * and run as `calls [ROUNDS]` (default 40). Computes the reference with
 * g_run, then runs, for ROUNDS rounds each,
 *   own:    two app threads at once, each with its own pool of 2 workers;
 *   shared: two app threads at once sharing one pool of 2 workers (a call
 *           that finds the pool busy runs its tasks on its own thread);
 *   mixed:  one thread on a pool of 3 workers, one on g_run_parallel with
 *           `parallel` NULL, temp NULL;
 * every thread with its own output (and temp) buffers, and checks every
 * output bitwise against the reference. Prints one line per mode.
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g.h"

static int rounds = 40;
static float *input, *reference;

struct caller {
  const aotc_parallel *parallel; /* NULL: serial */
  int workers;                   /* the temp buffer's worker count */
  int use_temp;
  int mismatches;
};

static void *call_repeatedly(void *raw) {
  struct caller *c = (struct caller *)raw;
  size_t temp_bytes = g_TEMP_BYTES_FOR_WORKERS(c->workers);
  void *temp = c->use_temp && temp_bytes
                   ? aligned_alloc(64, (temp_bytes + 63) / 64 * 64)
                   : NULL;
  float *output = malloc(g_OUTPUT_BYTES[0]);
  const void *inputs[1] = {input};
  void *outputs[1] = {output};
  int round;
  for (round = 0; round < rounds; ++round) {
    memset(output, 0x5A, g_OUTPUT_BYTES[0]);
    if (g_run_parallel(inputs, outputs, temp, c->parallel) != 0 ||
        memcmp(output, reference, g_OUTPUT_BYTES[0]) != 0)
      ++c->mismatches;
  }
  free(output);
  free(temp);
  return NULL;
}

static int run_pair(const char *mode, struct caller *a, struct caller *b) {
  pthread_t ta, tb;
  if (pthread_create(&ta, NULL, call_repeatedly, a) != 0 ||
      pthread_create(&tb, NULL, call_repeatedly, b) != 0) {
    fprintf(stderr, "concurrent-calls: error: pthread_create failed\n");
    exit(1);
  }
  pthread_join(ta, NULL);
  pthread_join(tb, NULL);
  printf("%s: %d of %d calls differ from g_run\n", mode,
         a->mismatches + b->mismatches, 2 * rounds);
  return a->mismatches + b->mismatches;
}

int main(int argc, char **argv) {
  const void *inputs[1];
  void *outputs[1];
  size_t i, n = g_INPUT_BYTES[0] / sizeof(float);
  int bad = 0;
  aotc_pool *p1, *p2, *p3;
  if (argc > 1 && (rounds = atoi(argv[1])) < 1) {
    fprintf(stderr, "usage: %s [ROUNDS]\n", argv[0]);
    return 2;
  }
  input = malloc(g_INPUT_BYTES[0]);
  reference = malloc(g_OUTPUT_BYTES[0]);
  for (i = 0; i < n; ++i)
    input[i] = (float)((i * 7919u) % 1000u) / 500.0f - 1.0f;
  inputs[0] = input;
  outputs[0] = reference;
  if (g_run(inputs, outputs, NULL) != 0) {
    fprintf(stderr, "concurrent-calls: error: g_run failed\n");
    return 1;
  }
  p1 = aotc_pool_create(2);
  p2 = aotc_pool_create(2);
  p3 = aotc_pool_create(3);
  if (!p1 || !p2 || !p3) {
    fprintf(stderr, "concurrent-calls: error: aotc_pool_create failed\n");
    return 1;
  }
  {
    struct caller a = {aotc_pool_parallel(p1), 2, 1, 0};
    struct caller b = {aotc_pool_parallel(p2), 2, 1, 0};
    bad += run_pair("own pools", &a, &b);
  }
  {
    struct caller a = {aotc_pool_parallel(p1), 2, 1, 0};
    struct caller b = {aotc_pool_parallel(p1), 2, 0, 0};
    bad += run_pair("shared pool", &a, &b);
  }
  {
    struct caller a = {aotc_pool_parallel(p3), 3, 1, 0};
    struct caller b = {NULL, 1, 0, 0};
    bad += run_pair("pool and serial", &a, &b);
  }
  aotc_pool_destroy(p1);
  aotc_pool_destroy(p2);
  aotc_pool_destroy(p3);
  free(input);
  free(reference);
  return bad != 0;
}

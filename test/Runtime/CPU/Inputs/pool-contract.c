/*===- pool-contract.c - libaotc_pool keeps the aotc_parallel contract ----===*
 *
 *   cc -std=c11 -I<aotc>/include pool-contract.c aotc_pool.c -lpthread
 *
 * For pools of 1, 2, 3, 4, 8 and 16 workers and jobs of 1 to 100003 tasks,
 * with tasks of uneven length (so that workers steal), checks what
 * aotc_parallel.h promises and NAME_run_parallel relies on: every task index
 * in [0, num_tasks) runs exactly once; `begin < end`; `worker` is below
 * num_workers; two calls that overlap in time never share a `worker`; and
 * parallel_for returns only after every call has returned. Prints one line
 * per pool and exits non-zero on the first violation.
 *
 *===----------------------------------------------------------------------===*/

#include "aotc/Runtime/aotc_parallel.h"

#include <stdio.h>
#include <stdlib.h>

struct job {
  int64_t num_tasks;
  int32_t num_workers;
  unsigned char *hits;   /* per task: times run */
  int *busy;             /* per worker: 1 while one of its calls runs */
  int violations;        /* atomic */
  int running;           /* atomic: calls in progress */
};

static void fail(struct job *job, const char *what) {
  if (__atomic_fetch_add(&job->violations, 1, __ATOMIC_RELAXED) == 0)
    fprintf(stderr, "pool-contract: error: %s\n", what);
}

static void task(void *context, int64_t begin, int64_t end, int32_t worker) {
  struct job *job = (struct job *)context;
  int64_t t;
  volatile double sink = 0;
  __atomic_add_fetch(&job->running, 1, __ATOMIC_ACQ_REL);
  if (!(0 <= begin && begin < end && end <= job->num_tasks))
    fail(job, "a range outside [0, num_tasks) or empty");
  if (!(0 <= worker && worker < job->num_workers)) {
    fail(job, "a worker index outside [0, num_workers)");
  } else if (__atomic_exchange_n(&job->busy[worker], 1, __ATOMIC_ACQ_REL)) {
    fail(job, "two overlapping calls with the same worker index");
  }
  for (t = begin; t < end && t < job->num_tasks; ++t) {
    int64_t i, work = (t * 7919) % 13 == 0 ? 20000 : 50;
    for (i = 0; i < work; ++i)
      sink = sink + 1.0;
    __atomic_add_fetch(&job->hits[t], 1, __ATOMIC_RELAXED);
  }
  if (0 <= worker && worker < job->num_workers)
    __atomic_store_n(&job->busy[worker], 0, __ATOMIC_RELEASE);
  __atomic_sub_fetch(&job->running, 1, __ATOMIC_ACQ_REL);
}

int main(void) {
  static const int workers[] = {1, 2, 3, 4, 8, 16};
  static const int64_t sizes[] = {1, 2, 3, 7, 8, 9, 16, 100, 1000, 100003};
  size_t w, s;
  int round;
  for (w = 0; w < sizeof workers / sizeof *workers; ++w) {
    aotc_pool *pool = aotc_pool_create(workers[w]);
    const aotc_parallel *parallel = aotc_pool_parallel(pool);
    int jobs = 0;
    if (!pool || !parallel || parallel->num_workers != workers[w]) {
      fprintf(stderr, "pool-contract: error: aotc_pool_create(%d) failed\n",
              workers[w]);
      return 1;
    }
    for (round = 0; round < 3; ++round)
      for (s = 0; s < sizeof sizes / sizeof *sizes; ++s) {
        struct job job;
        int64_t t;
        job.num_tasks = sizes[s];
        job.num_workers = parallel->num_workers;
        job.hits = calloc((size_t)sizes[s], 1);
        job.busy = calloc((size_t)workers[w], sizeof *job.busy);
        job.violations = 0;
        job.running = 0;
        parallel->parallel_for(parallel->pool, sizes[s], task, &job);
        if (__atomic_load_n(&job.running, __ATOMIC_ACQUIRE) != 0)
          fail(&job, "parallel_for returned while calls were running");
        for (t = 0; t < sizes[s]; ++t)
          if (job.hits[t] != 1) {
            fprintf(stderr,
                    "pool-contract: error: %d workers, %lld tasks: task %lld "
                    "ran %d times\n",
                    workers[w], (long long)sizes[s], (long long)t,
                    job.hits[t]);
            return 1;
          }
        free(job.hits);
        free(job.busy);
        if (job.violations)
          return 1;
        ++jobs;
      }
    aotc_pool_destroy(pool);
    printf("%d workers: %d jobs kept the contract\n", workers[w], jobs);
  }
  if (aotc_pool_create(0) || aotc_pool_create(1025)) {
    fprintf(stderr, "pool-contract: error: a pool of 0 or 1025 workers\n");
    return 1;
  }
  printf("aotc_pool_create(0) and (1025) return NULL\n");
  return 0;
}

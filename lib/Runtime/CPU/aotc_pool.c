/*===- aotc_pool.c - a small pthreads pool for NAME_run_parallel ----------===*
 *
 * Implements the pool declared at the end of aotc_parallel.h. C99 with the
 * GNU `__atomic` builtins; needs only libc and pthreads.
 *
 * One job at a time: the caller writes (fn, context, chunk, ranges), then
 * publishes the job's number and its number of parts in `job`. The tasks are cut into `parts` equal contiguous
 * ranges, one per worker; worker w (the caller is worker 0) claims chunks of
 * its own range from its front, then, once it is empty, chunks of the other
 * ranges (an atomic counter per range), so a worker slowed down by the
 * machine (another process, a busy hypervisor) is helped rather than waited
 * for, while each worker still mostly touches the same part of the data
 * from one kernel to the next. Started workers decrement `pending` when no
 * chunk is left; the caller waits for it to reach 0. Workers spin on
 * `job` for a while after each job (kernels of one graph follow each
 * other within microseconds), then sleep on a condition variable.
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "aotc/Runtime/aotc_parallel.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

/* Iterations a worker spins waiting for the next job before it sleeps, and
 * the caller spins waiting for the workers before it yields its core. */
enum { kSpinIterations = 1 << 16, kYieldAfter = 1 << 12 };

struct aotc_pool {
  aotc_parallel parallel; /* what aotc_pool_parallel returns */
  int threads;            /* workers, the caller included */
  pthread_t *ids;         /* threads - 1 started threads */
  struct worker_arg *args;

  pthread_mutex_t busy; /* held by the caller of a running parallel_for */
  pthread_mutex_t lock; /* guards sleeping on `wake` */
  pthread_cond_t wake;

  /* The job; written by the caller before `generation` is bumped. */
  aotc_task_fn fn;
  void *context;
  int64_t chunk; /* tasks per claim */
  struct range *ranges; /* one per worker, 64-byte aligned in ranges_block */
  void *ranges_block;

  /* atomic: the job's number << 16 | its number of parts, published in
   * one word so that a worker reads both from the same job. */
  unsigned long long job;
  int pending;              /* atomic: started threads still running */
  int stop;                 /* atomic: aotc_pool_destroy was called */
};

struct worker_arg {
  aotc_pool *pool;
  int worker;
};

/* One worker's share of a job's tasks, [front, back), packed in one atomic
 * word (front in the low 32 bits): its owner claims chunks from the front,
 * other workers from the back, so each keeps to contiguous data. On a cache
 * line of its own. */
struct range {
  uint64_t bounds; /* atomic */
  char padding[64 - sizeof(uint64_t)];
};

static uint64_t pack(uint64_t front, uint64_t back) {
  return front | back << 32;
}

/* Claims tasks of `range`, from the front when `own`, else from the back;
 * returns 0 when it is empty. Claims shrink as the range empties (guided
 * scheduling): the owner takes at most 1/(2 * parts) of what is left, a
 * thief at most half, neither more than `chunk`, so that the last claims of
 * a job are single tasks and no worker is left holding a large one while
 * the others wait. */
static int claim(struct range *range, int64_t chunk, int parts, int own,
                 int64_t *begin, int64_t *end) {
  uint64_t bounds = __atomic_load_n(&range->bounds, __ATOMIC_RELAXED);
  for (;;) {
    uint64_t front = bounds & 0xffffffffu, back = bounds >> 32, next, left,
             take;
    if (front >= back)
      return 0;
    left = back - front;
    take = own ? left / (2 * (uint64_t)parts) : (left + 1) / 2;
    if (take > (uint64_t)chunk)
      take = (uint64_t)chunk;
    if (take < 1)
      take = 1;
    if (own) {
      *begin = (int64_t)front;
      *end = (int64_t)(front + take);
      next = pack((uint64_t)*end, back);
    } else {
      *end = (int64_t)back;
      *begin = (int64_t)(back - take);
      next = pack(front, (uint64_t)*begin);
    }
    if (__atomic_compare_exchange_n(&range->bounds, &bounds, next,
                                    /*weak=*/0, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return 1;
  }
}

static void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/* Runs, as worker `worker`, chunks of its own range, then of the others'. */
static void run_chunks(aotc_pool *pool, int parts, int worker) {
  int k;
  int64_t begin, end;
  for (k = 0; k < parts; ++k) {
    struct range *range = &pool->ranges[(worker + k) % parts];
    while (claim(range, pool->chunk, parts, k == 0, &begin, &end))
      pool->fn(pool->context, begin, end, worker);
  }
}

static void *worker_main(void *raw) {
  struct worker_arg *arg = (struct worker_arg *)raw;
  aotc_pool *pool = arg->pool;
  unsigned long long seen = 0, now;
  for (;;) {
    int spins = 0, parts;
    while ((now = __atomic_load_n(&pool->job, __ATOMIC_ACQUIRE)) >> 16 ==
               seen &&
           !__atomic_load_n(&pool->stop, __ATOMIC_ACQUIRE) &&
           spins < kSpinIterations) {
      cpu_relax();
      ++spins;
    }
    if (now >> 16 == seen && !__atomic_load_n(&pool->stop, __ATOMIC_ACQUIRE)) {
      pthread_mutex_lock(&pool->lock);
      while ((now = __atomic_load_n(&pool->job, __ATOMIC_ACQUIRE)) >> 16 ==
                 seen &&
             !__atomic_load_n(&pool->stop, __ATOMIC_ACQUIRE))
        pthread_cond_wait(&pool->wake, &pool->lock);
      pthread_mutex_unlock(&pool->lock);
    }
    if (now >> 16 == seen) /* stopped, no job */
      return NULL;
    seen = now >> 16;
    /* A job this worker has no part in may have ended, and later ones
     * begun, unseen; a job it has a part in waits for it. */
    parts = (int)(now & 0xffff);
    if (arg->worker >= parts)
      continue;
    run_chunks(pool, parts, arg->worker);
    __atomic_sub_fetch(&pool->pending, 1, __ATOMIC_RELEASE);
  }
}

static void pool_parallel_for(void *raw, int64_t num_tasks, aotc_task_fn fn,
                              void *context) {
  aotc_pool *pool = (aotc_pool *)raw;
  int parts, spins = 0, i;
  if (num_tasks <= 0)
    return;
  /* Task indices are packed in 32 bits; a larger job runs here. */
  if (num_tasks > 0x7fffffff) {
    fn(context, 0, num_tasks, 0);
    return;
  }
  parts = num_tasks < pool->threads ? (int)num_tasks : pool->threads;
  /* One task, one worker, or the pool busy with another app thread's job:
   * run everything here. */
  if (parts <= 1 || pthread_mutex_trylock(&pool->busy) != 0) {
    fn(context, 0, num_tasks, 0);
    return;
  }
  pool->fn = fn;
  pool->context = context;
  /* About 8 claims per range: small enough to even out, large enough that
   * the atomics cost nothing next to the tasks. */
  pool->chunk = num_tasks / (8 * (int64_t)parts);
  if (pool->chunk < 1)
    pool->chunk = 1;
  for (i = 0; i < parts; ++i)
    pool->ranges[i].bounds = pack((uint64_t)(num_tasks * i / parts),
                                  (uint64_t)(num_tasks * (i + 1) / parts));
  __atomic_store_n(&pool->pending, parts - 1, __ATOMIC_RELAXED);
  /* Only the holder of `busy` writes `job`. */
  __atomic_store_n(&pool->job,
                   ((__atomic_load_n(&pool->job, __ATOMIC_RELAXED) >> 16) + 1)
                           << 16 |
                       (unsigned long long)parts,
                   __ATOMIC_RELEASE);
  pthread_mutex_lock(&pool->lock);
  pthread_cond_broadcast(&pool->wake);
  pthread_mutex_unlock(&pool->lock);

  run_chunks(pool, parts, 0);
  while (__atomic_load_n(&pool->pending, __ATOMIC_ACQUIRE) != 0) {
    if (++spins < kYieldAfter)
      cpu_relax();
    else
      sched_yield();
  }
  pthread_mutex_unlock(&pool->busy);
}

aotc_pool *aotc_pool_create(int threads) {
  aotc_pool *pool;
  int i;
  if (threads < 1 || threads > 1024)
    return NULL;
  pool = (aotc_pool *)calloc(1, sizeof *pool);
  if (!pool)
    return NULL;
  pool->parallel.parallel_for = pool_parallel_for;
  pool->parallel.pool = pool;
  pool->parallel.num_workers = threads;
  pool->threads = threads;
  pool->ids = (pthread_t *)calloc((size_t)threads, sizeof *pool->ids);
  pool->args = (struct worker_arg *)calloc((size_t)threads, sizeof *pool->args);
  /* Ranges on cache lines of their own: aligned up by hand (C99 has no
   * aligned allocation). */
  pool->ranges_block = malloc((size_t)threads * sizeof *pool->ranges + 63);
  if (pool->ranges_block)
    pool->ranges =
        (struct range *)(((uintptr_t)pool->ranges_block + 63) & ~(uintptr_t)63);
  if (!pool->ids || !pool->args || !pool->ranges) {
    free(pool->ids);
    free(pool->args);
    free(pool->ranges_block);
    free(pool);
    return NULL;
  }
  pthread_mutex_init(&pool->busy, NULL);
  pthread_mutex_init(&pool->lock, NULL);
  pthread_cond_init(&pool->wake, NULL);
  for (i = 1; i < threads; ++i) {
    pool->args[i].pool = pool;
    pool->args[i].worker = i;
    if (pthread_create(&pool->ids[i], NULL, worker_main, &pool->args[i]) !=
        0) {
      /* Stop the threads started so far. */
      pool->threads = i;
      aotc_pool_destroy(pool);
      return NULL;
    }
  }
  return pool;
}

void aotc_pool_destroy(aotc_pool *pool) {
  int i;
  if (!pool)
    return;
  __atomic_store_n(&pool->stop, 1, __ATOMIC_RELEASE);
  pthread_mutex_lock(&pool->lock);
  pthread_cond_broadcast(&pool->wake);
  pthread_mutex_unlock(&pool->lock);
  for (i = 1; i < pool->threads; ++i)
    pthread_join(pool->ids[i], NULL);
  pthread_cond_destroy(&pool->wake);
  pthread_mutex_destroy(&pool->lock);
  pthread_mutex_destroy(&pool->busy);
  free(pool->ids);
  free(pool->args);
  free(pool->ranges_block);
  free(pool);
}

const aotc_parallel *aotc_pool_parallel(aotc_pool *pool) {
  return pool ? &pool->parallel : NULL;
}

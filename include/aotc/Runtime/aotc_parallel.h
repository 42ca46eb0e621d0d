/*===- aotc_parallel.h - how a compiled graph uses the caller's threads -*- C -*-===*
 *
 * Every header aotc generates for the x86-64 target includes this file and
 * declares, besides NAME_run,
 *
 *   int NAME_run_parallel(const void *const *inputs, void *const *outputs,
 *                         void *temp, const aotc_parallel *parallel);
 *
 * which splits each large kernel of the graph into tasks and runs them on the
 * caller's threads through `parallel`. The object itself creates no thread and
 * links nothing but libc and libm: the threads are the app's, described by an
 * aotc_parallel. The app either adapts its own pool (OpenMP, TBB, a game
 * engine's job system; see the examples below) or uses the small pthreads
 * pool at the end of this file (libaotc_pool).
 *
 * The contract of aotc_parallel::parallel_for(pool, num_tasks, fn, context):
 *
 *   - call fn(context, begin, end, worker) on sub-ranges [begin, end) that
 *     together cover [0, num_tasks) exactly once (num_tasks >= 2); how many
 *     sub-ranges, their sizes and their order are the pool's choice;
 *   - `worker` is in [0, num_workers), and two calls of fn that may run at
 *     the same time (within one parallel_for) have distinct `worker`s: each
 *     worker gets its own scratch memory in `temp`;
 *   - return only after every call of fn has returned. fn never blocks on
 *     other tasks, so running every range on the calling thread is correct,
 *     only slower.
 *
 * Results are bitwise identical to NAME_run's whatever the pool does: tasks
 * split only the parallel loops of a kernel (output blocks, rows, batch,
 * heads), never the order of a reduction. A graph whose kernels are all too
 * small to pay for a dispatch never calls parallel_for.
 *
 * `temp` must hold NAME_TEMP_BYTES_FOR_WORKERS(num_workers) bytes (64-byte
 * aligned), or be NULL (the call mallocs that much). With `parallel` NULL,
 * its parallel_for NULL, or num_workers <= 1, NAME_run_parallel is
 * NAME_run.
 *
 * Adapting a pool, e.g. OpenMP (worker = the thread's number in the team):
 *
 *   static void omp_for(void *pool, int64_t n, aotc_task_fn fn, void *ctx) {
 *     (void)pool;
 *     #pragma omp parallel for schedule(static)
 *     for (int64_t i = 0; i < n; ++i)
 *       fn(ctx, i, i + 1, omp_get_thread_num());
 *   }
 *   aotc_parallel par = { omp_for, NULL, omp_get_max_threads() };
 *
 * or oneTBB (worker = the thread's slot in the arena):
 *
 *   tbb::parallel_for(tbb::blocked_range<int64_t>(0, n),
 *                     [&](const tbb::blocked_range<int64_t> &r) {
 *     fn(ctx, r.begin(), r.end(), tbb::this_task_arena::current_thread_index());
 *   });
 *   with num_workers = tbb::this_task_arena::max_concurrency().
 *
 * The header is C99 and C++ (extern "C").
 *
 *===------------------------------------------------------------------------===*/

#ifndef AOTC_RUNTIME_AOTC_PARALLEL_H
#define AOTC_RUNTIME_AOTC_PARALLEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One task range of a kernel: runs its tasks [begin, end) as worker
 * `worker`. `context` is what parallel_for was given. */
typedef void (*aotc_task_fn)(void *context, int64_t begin, int64_t end,
                             int32_t worker);

/* The caller's threads, as NAME_run_parallel sees them. The object reads
 * the three fields on every call; it never writes them. */
typedef struct aotc_parallel {
  /* Runs fn over [0, num_tasks) as the contract above says. */
  void (*parallel_for)(void *pool, int64_t num_tasks, aotc_task_fn fn,
                       void *context);
  /* Passed to parallel_for as it is. */
  void *pool;
  /* How many calls of fn may run at once (the `worker` bound), >= 1. */
  int32_t num_workers;
} aotc_parallel;

/*===------------------------------------------------------------------------===*
 * libaotc_pool: a ready pool over pthreads (lib/Runtime/CPU/aotc_pool.c).
 * Link with -laotc_pool -lpthread, or compile aotc_pool.c into the app.
 *
 *   aotc_pool *pool = aotc_pool_create(4);   // the caller + 3 threads
 *   const aotc_parallel *par = aotc_pool_parallel(pool);
 *   void *temp = aligned_alloc(64, NAME_TEMP_BYTES_FOR_WORKERS(4));
 *   NAME_run_parallel(inputs, outputs, temp, par);
 *   aotc_pool_destroy(pool);
 *
 * A pool of `threads` workers starts threads - 1 threads: the thread that
 * calls parallel_for is worker 0 and works too. Each worker runs its own
 * contiguous share of the tasks, then helps with the others' remaining
 * ones. Between calls the threads spin briefly, then sleep. One pool runs one parallel_for at a time: app
 * threads may share a pool, and a parallel_for that finds it busy runs its
 * tasks on its own thread (correct, not parallel); give each app thread its
 * own pool to run graphs in parallel at once.
 *===------------------------------------------------------------------------===*/

typedef struct aotc_pool aotc_pool;

/* A pool of `threads` workers (1 to 1024); NULL if `threads` is out of that
 * range or a thread or memory could not be had. */
aotc_pool *aotc_pool_create(int threads);

/* Stops and joins the threads and frees the pool; NULL is ignored. The pool
 * must not be running a parallel_for. */
void aotc_pool_destroy(aotc_pool *pool);

/* The aotc_parallel that runs on `pool`, valid until aotc_pool_destroy. */
const aotc_parallel *aotc_pool_parallel(aotc_pool *pool);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* AOTC_RUNTIME_AOTC_PARALLEL_H */

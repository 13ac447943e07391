/* Many jobs or playouts on POSIX threads (see core.h).
 *
 * Helper threads are started once and kept (a pool), so a batch does not pay for creating
 * threads; items are handed out in chunks from an atomic counter, so no thread waits on a lock
 * held by one the system has paused.  A helper that wakes after the caller has finished the
 * items is not waited for.  docs/decisions/search-10-solver-table-and-thread-pool.md. */
#include "core.h"
#ifndef _WIN32
#include <sched.h>
#include <signal.h>
#include <time.h>
#endif

typedef struct {
    void *items;
    size_t size, count;
    void (*fn)(void *item, void *ctx, Table **tt);
    void *ctx;
    size_t next, chunk; /* next: taken with an atomic add */
} Work;

/* Take chunks until none is left; each thread keeps its own transposition table. */
static void work_on(Work *w) {
    Table *tt = NULL;
    for (;;) {
        size_t first = __atomic_fetch_add(&w->next, w->chunk, __ATOMIC_RELAXED);
        if (first >= w->count) break;
        size_t end = first + w->chunk < w->count ? first + w->chunk : w->count;
        for (size_t i = first; i < end; i++) w->fn((char *)w->items + i * w->size, w->ctx, &tt);
    }
    table_release(tt);
}

static void init_work(Work *w, void *items, size_t size, size_t count, int threads,
                      void (*fn)(void *, void *, Table **), void *ctx) {
    w->items = items;
    w->size = size;
    w->count = count;
    w->fn = fn;
    w->ctx = ctx;
    w->next = 0;
    /* Small items (rollouts) go in chunks: fewer atomic adds on one shared line. */
    w->chunk = count / ((size_t)(threads > 0 ? threads : 1) * 16);
    if (w->chunk < 1) w->chunk = 1;
    if (w->chunk > 64) w->chunk = 64;
}

#ifdef HAVE_THREADS

#define MAX_HELPERS 63
/* How long a helper that joined a batch polls for the next before it sleeps: batches that
 * follow each other closely (the expert's, a benchmark's) then find their helpers awake, and
 * an idle pool costs nothing.  Each helper sleeps on a condition of its own and a batch wakes
 * only the helpers it wants; one that sat a batch out (index >= wanted) goes straight back to
 * sleep, so one wide batch does not make every later narrow one wake and spin the whole pool. */
#define SPIN_NS 50000L

static struct {
    pthread_mutex_t run;   /* one batch at a time uses the pool; others start their own */
    pthread_mutex_t m;     /* guards the fields below */
    pthread_cond_t done;
    pthread_cond_t wake[MAX_HELPERS]; /* helper i sleeps on wake[i] (set up as it starts) */
    Work work;             /* the batch (in the pool, so a late helper never reads a stale stack) */
    unsigned long gen;     /* batch number; helpers watch it */
    int wanted;            /* helpers that may join this batch */
    int open;              /* the batch still takes helpers */
    int inside;            /* helpers working on it */
    int size;              /* helpers started */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Poll pool.gen for SPIN_NS; returns early once it moves from ``seen``. */
static void spin_for_next(unsigned long seen) {
    struct timespec start, t;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 1; __atomic_load_n(&pool.gen, __ATOMIC_ACQUIRE) == seen; i++) {
        cpu_relax();
        if (i % 64 == 0) {
            clock_gettime(CLOCK_MONOTONIC, &t);
            if ((t.tv_sec - start.tv_sec) * 1000000000L + (t.tv_nsec - start.tv_nsec) > SPIN_NS)
                break;
            sched_yield(); /* a busy machine's other threads first */
        }
    }
}

static void *helper(void *arg) {
    int index = (int)(intptr_t)arg;
    unsigned long seen = 0;
    int joined = 0; /* did this helper work on the batch ``seen``? */
    for (;;) {
        if (joined) spin_for_next(seen);
        pthread_mutex_lock(&pool.m);
        /* gen moves only under the mutex, so checking it here loses no wake-up */
        while (pool.gen == seen) pthread_cond_wait(&pool.wake[index], &pool.m);
        seen = pool.gen;
        joined = pool.open && index < pool.wanted;
        if (joined) pool.inside++;
        pthread_mutex_unlock(&pool.m);
        if (!joined) continue;
        work_on(&pool.work);
        pthread_mutex_lock(&pool.m);
        if (--pool.inside == 0) pthread_cond_signal(&pool.done);
        pthread_mutex_unlock(&pool.m);
    }
    return NULL;
}

/* A child of fork() has none of the parent's helpers: start afresh. */
static void after_fork_in_child(void) {
    pthread_mutex_init(&pool.run, NULL);
    pthread_mutex_init(&pool.m, NULL);
    pthread_cond_init(&pool.done, NULL);
    pool.gen = 0;
    pool.wanted = pool.open = pool.inside = pool.size = 0;
}

static pthread_once_t fork_hook = PTHREAD_ONCE_INIT;
static void add_fork_hook(void) { pthread_atfork(NULL, NULL, after_fork_in_child); }

/* The pool's run lock is held: run w with up to ``helpers`` pool threads. */
static void run_on_pool(Work *w, int helpers) {
    /* Helpers inherit the creating thread's signal mask: they take no signals (Python's
     * handlers run on the main thread, and a helper interrupted mid-search helps nobody). */
    sigset_t all, old;
    sigfillset(&all);
    int masked = pool.size < helpers && pthread_sigmask(SIG_SETMASK, &all, &old) == 0;
    while (pool.size < helpers) {
        pthread_t id;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_cond_init(&pool.wake[pool.size], NULL); /* unused until the helper waits */
        int ok = pthread_create(&id, &attr, helper, (void *)(intptr_t)pool.size) == 0;
        pthread_attr_destroy(&attr);
        if (!ok) break;
        pool.size++;
    }
    if (masked) pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_mutex_lock(&pool.m);
    pool.work = *w;
    pool.wanted = helpers < pool.size ? helpers : pool.size;
    pool.open = 1;
    __atomic_store_n(&pool.gen, pool.gen + 1, __ATOMIC_RELEASE);
    for (int i = 0; i < pool.wanted; i++) pthread_cond_signal(&pool.wake[i]);
    pthread_mutex_unlock(&pool.m);
    work_on(&pool.work);
    pthread_mutex_lock(&pool.m);
    pool.open = 0;
    while (pool.inside > 0) pthread_cond_wait(&pool.done, &pool.m);
    pthread_mutex_unlock(&pool.m);
}

static void *work_thread(void *w) {
    work_on(w);
    return NULL;
}

/* Another batch holds the pool (two Python threads at once): threads of its own. */
static void run_on_new_threads(Work *w, int helpers) {
    pthread_t ids[MAX_HELPERS];
    int started = 0;
    sigset_t all, old;
    sigfillset(&all);
    int masked = pthread_sigmask(SIG_SETMASK, &all, &old) == 0;
    for (int i = 0; i < helpers; i++)
        if (pthread_create(&ids[started], NULL, work_thread, w) == 0)
            started++;
    if (masked) pthread_sigmask(SIG_SETMASK, &old, NULL);
    work_on(w);
    for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
}

#endif

/* Run fn over every item on up to ``threads`` threads (the caller's included). */
void run_parallel(void *items, size_t size, size_t count, int threads,
                  void (*fn)(void *, void *, Table **), void *ctx) {
    Work w;
    init_work(&w, items, size, count, threads, fn, ctx);
#ifdef HAVE_THREADS
    int helpers = threads - 1;
    if (helpers > MAX_HELPERS) helpers = MAX_HELPERS;
    if ((size_t)helpers >= count) helpers = count ? (int)count - 1 : 0;
    if (helpers <= 0) {
        work_on(&w);
        return;
    }
    pthread_once(&fork_hook, add_fork_hook);
    if (pthread_mutex_trylock(&pool.run) == 0) {
        run_on_pool(&w, helpers);
        pthread_mutex_unlock(&pool.run);
    } else {
        run_on_new_threads(&w, helpers);
    }
#else
    (void)threads;
    work_on(&w);
#endif
}

void job_item(void *item, void *ctx, Table **tt) {
    (void)ctx;
    Job *j = item;
    int bits = table_bits_for(j);
    if (*tt && (*tt)->mask + 1 < ((size_t)1 << bits)) {
        table_release(*tt);
        *tt = NULL;
    }
    if (!*tt) {
        *tt = table_acquire(bits);
        if (!*tt) {
            j->failed = 1;
            return;
        }
    } else {
        table_renew(*tt);
    }
    run_job_with(j, *tt);
}

void rollout_item(void *item, void *ctx, Table **tt) {
    (void)tt;
    Start *st = item;
    rollout((const Spec *)ctx, st->hands, st->leader, st->trick, st->ntrick, st->points,
            st->won);
}

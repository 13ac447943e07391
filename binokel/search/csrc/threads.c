/* Many jobs or playouts on POSIX threads (see core.h). */
#include "core.h"

/* --- threads ------------------------------------------------------------------------------ */

typedef struct {
    void *items;
    size_t size, count;
    void (*fn)(void *item, void *ctx, Table **tt);
    void *ctx;
    size_t next, chunk;
#ifdef HAVE_THREADS
    pthread_mutex_t lock;
#endif
} Work;

static void *worker(void *arg) {
    Work *w = arg;
    Table *tt = NULL;
    for (;;) {
        size_t first;
#ifdef HAVE_THREADS
        pthread_mutex_lock(&w->lock);
#endif
        first = w->next;
        w->next += w->chunk;
#ifdef HAVE_THREADS
        pthread_mutex_unlock(&w->lock);
#endif
        if (first >= w->count) break;
        size_t end = first + w->chunk < w->count ? first + w->chunk : w->count;
        for (size_t i = first; i < end; i++) w->fn((char *)w->items + i * w->size, w->ctx, &tt);
    }
    table_release(tt);
    return NULL;
}

/* Run fn over every item on up to ``threads`` threads (the caller's included). */
void run_parallel(void *items, size_t size, size_t count, int threads,
                         void (*fn)(void *, void *, Table **), void *ctx) {
    Work w;
    w.items = items;
    w.size = size;
    w.count = count;
    w.fn = fn;
    w.ctx = ctx;
    w.next = 0;
    /* Small jobs (rollouts) are handed out in chunks, so the lock is not the bottleneck. */
    w.chunk = count / ((size_t)(threads > 0 ? threads : 1) * 16);
    if (w.chunk < 1) w.chunk = 1;
    if (w.chunk > 64) w.chunk = 64;
#ifdef HAVE_THREADS
    pthread_mutex_init(&w.lock, NULL);
    if (threads > 64) threads = 64;
    if ((size_t)threads > count) threads = (int)count;
    pthread_t ids[64];
    int started = 0;
    for (int i = 1; i < threads; i++)
        if (pthread_create(&ids[started], NULL, worker, &w) == 0) started++;
    worker(&w);
    for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
    pthread_mutex_destroy(&w.lock);
#else
    (void)threads;
    worker(&w);
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

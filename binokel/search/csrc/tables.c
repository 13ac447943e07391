/* Card tables and the solver's transposition tables (see core.h). */
#include "core.h"
#ifndef _WIN32
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20) /* a huge page */

static const int RANK_POINTS[8] = {0, 0, 0, 2, 3, 4, 10, 11};
int KP[MAXK];     /* card points of a kind */
u64 ABOVE[MAXK];  /* every kind of the same suit ranking higher */
u64 SUIT[4];
u64 ONE[MAXK];
uint8_t ORDER_DESC[MAXK], ORDER_ASC[MAXK], AT_DESC[MAXK], AT_ASC[MAXK];
u64 ZERO_POINTS;

/* Does kind ``a`` come before ``b`` when sorting by points (``desc``: highest first), ties by
 * the higher kind first? */
static int before(int a, int b, int desc) {
    if (KP[a] != KP[b]) return desc ? KP[a] > KP[b] : KP[a] < KP[b];
    return a > b;
}

static void make_order(uint8_t *order, uint8_t *at, int desc) {
    for (int k = 0; k < MAXK; k++) {
        int place = 0;
        for (int o = 0; o < MAXK; o++)
            if (o != k && before(o, k, desc)) place++;
        order[place] = (uint8_t)k;
        at[k] = (uint8_t)place;
    }
}

void init_tables(void) {
    for (int k = 0; k < MAXK; k++) {
        KP[k] = RANK_POINTS[k & 7];
        ONE[k] = 1ULL << (2 * k);
        u64 above = 0;
        for (int r = (k & 7) + 1; r < 8; r++) above |= 3ULL << (2 * ((k & ~7) + r));
        ABOVE[k] = above;
        if (!KP[k]) ZERO_POINTS |= ONE[k];
    }
    for (int s = 0; s < 4; s++) SUIT[s] = 0xFFFFULL << (16 * s);
    make_order(ORDER_DESC, AT_DESC, 1);
    make_order(ORDER_ASC, AT_ASC, 0);
}


#ifdef HAVE_THREADS
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
#endif
static Table *pool = NULL;
static int pool_size = 0;

static void table_free(Table *t) {
    free(t->e_base);
    free(t);
}

/* Zeroed memory aligned for the table; big blocks on huge pages where the system gives them,
 * so that random probes miss the translation buffer far less often (measured: about a sixth
 * of a whole-hand solve). */
static void *zeroed(size_t bytes, void **base) {
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
    char *p = calloc(1, bytes + align);
    *base = p;
    if (!p) return NULL;
    char *aligned = (char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE) madvise(aligned, bytes, MADV_HUGEPAGE);
#endif
    /* Touch every page now, once, rather than one fault per new page inside the searches. */
    memset(aligned, 0, bytes);
    return aligned;
}

static Table *table_new(int bits) {
    Table *t = calloc(1, sizeof(Table));
    if (!t) return NULL;
    size_t entries = (size_t)BUCKET << bits;
    t->e = zeroed(entries * sizeof(Entry), &t->e_base);
    if (!t->e) {
        table_free(t);
        return NULL;
    }
    t->mask = ((size_t)1 << bits) - 1;
    t->gen = 0;
    return t;
}

/* Start a new generation: every entry is empty at once (cleared when the counter wraps). */
void table_renew(Table *t) {
    if (++t->gen == 0) {
        memset(t->e, 0, (t->mask + 1) * BUCKET * sizeof(Entry));
        t->gen = 1;
    }
}

/* A table with at least 1 << bits buckets, fresh (a new generation). */
Table *table_acquire(int bits) {
    Table *t = NULL;
#ifdef HAVE_THREADS
    pthread_mutex_lock(&pool_lock);
#endif
    Table **p = &pool;
    while (*p) {
        if ((*p)->mask + 1 >= ((size_t)1 << bits)) {
            t = *p;
            *p = t->next;
            pool_size--;
            break;
        }
        p = &(*p)->next;
    }
#ifdef HAVE_THREADS
    pthread_mutex_unlock(&pool_lock);
#endif
    if (!t) t = table_new(bits);
    if (!t) return NULL;
    table_renew(t);
    return t;
}

void table_release(Table *t) {
    if (!t) return;
#ifdef HAVE_THREADS
    pthread_mutex_lock(&pool_lock);
#endif
    if (pool_size < 8) {
        t->next = pool;
        pool = t;
        pool_size++;
        t = NULL;
    }
#ifdef HAVE_THREADS
    pthread_mutex_unlock(&pool_lock);
#endif
    if (t) table_free(t);
}

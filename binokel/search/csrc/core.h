/* The native search core's shared declarations (binokel/search/csrc/).
 *
 * A hand is a packed multiset: two bits (a count 0..2) per card kind, kind = suit * 8 + rank,
 * so it fits a uint64.  The core is one extension module, binokel.search._native, built from
 * the sources of this folder (setup.py lists them):
 *
 *   tables.c    card tables and the solver's transposition tables (a pool shared by threads)
 *   solver.c    the open-card solver (binokel/search/solver.py) and one solver job
 *   playouts.c  greedy rollouts (binokel/search/rollout.py) and random playouts
 *               (binokel/games/binokel/playout.py) with Python's own Mersenne Twister
 *   threads.c   running many jobs or playouts on POSIX threads
 *   module.c    the Python glue: arguments in, answers out (the only file that sees Python)
 *
 * Only module.c includes Python.h; every search runs with the interpreter lock released.
 * See docs/decisions/search-05-native-core.md and search-07-native-sources-and-packed-batches.md.
 */
#ifndef BINOKEL_NATIVE_CORE_H
#define BINOKEL_NATIVE_CORE_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* madvise and MADV_HUGEPAGE under -std=c11, as Python.h has it */
#endif
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <pthread.h>
#define HAVE_THREADS 1
#endif

/* Functions and tables shared between the sources but not exported from the module. */
#if defined(__GNUC__) && !defined(_WIN32)
#define INTERNAL __attribute__((visibility("hidden")))
#else
#define INTERNAL
#endif

typedef uint64_t u64;

#define MAXP 4          /* seats at the table the native core handles */
#define MAXK 32         /* card kinds */
#define NO_GUESS INT_MIN
#define LOW2 0x5555555555555555ULL

INTERNAL extern int KP[MAXK];     /* card points of a kind */
INTERNAL extern u64 ABOVE[MAXK];  /* every kind of the same suit ranking higher */
INTERNAL extern u64 SUIT[4];
INTERNAL extern u64 ONE[MAXK];
/* The solver's move orders: every kind by points, highest (DESC) or lowest (ASC) first, ties
 * by the higher kind first; AT_* numbers each kind's place in them (decision search-18). */
INTERNAL extern uint8_t ORDER_DESC[MAXK], ORDER_ASC[MAXK], AT_DESC[MAXK], AT_ASC[MAXK];
INTERNAL extern u64 ZERO_POINTS;  /* the kinds worth no points (LOW2 bits) */
INTERNAL void init_tables(void);

/* --- what stays fixed during one search or playout ---------------------------------------- */

typedef struct {
    int players, n;
    int order[MAXP], nxt[MAXP];
    int trump;          /* -1: no trump */
    u64 trump_mask;
    int bonus;
    int must_beat, beat_when_trumped, undertrump;
    int exempt;         /* a partner's winning card need not be beaten (teams) */
    int team_of[MAXP];  /* team index, for the exemption */
    int on_side[MAXP];  /* the side the solver maximises for */
    int team01[MAXP];   /* rollouts: 0 the declaring side, 1 the others */
    int durch;          /* rollouts: stop once the declaring side loses a trick */
    int keep[MAXK];     /* rollouts: what holding a kind is worth for later tricks */
} Spec;

static inline int beats(int card, int best, int trump) {
    return (card >> 3) == (best >> 3) ? card > best : (card >> 3) == trump;
}

static inline int kinds_of(u64 mask, int *out) {
    u64 m = (mask | (mask >> 1)) & LOW2;
    int n = 0;
    while (m) {
        out[n++] = __builtin_ctzll(m) >> 1;
        m &= m - 1;
    }
    return n;
}

static inline int points_of(u64 packed) {
    int total = 0;
    for (int k = 0; packed; k++, packed >>= 2) total += (int)(packed & 3) * KP[k];
    return total;
}

/* binokel.games.binokel.tricks.legal_mask */
static inline u64 legal(const Spec *s, u64 hand, const int *trick, int ntrick, int best,
                        int must_beat) {
    if (!ntrick) return hand;
    int led = trick[0] >> 3, best_suit = best >> 3;
    int beat = must_beat && s->must_beat;
    u64 follow = hand & SUIT[led];
    if (follow) {
        if (!beat) return follow;
        if (best_suit == led) {
            u64 higher = follow & ABOVE[best];
            return higher ? higher : follow;
        }
        if (s->beat_when_trumped) {
            int top = -1;
            for (int i = 0; i < ntrick; i++)
                if ((trick[i] >> 3) == led && trick[i] > top) top = trick[i];
            u64 higher = follow & ABOVE[top];
            return higher ? higher : follow;
        }
        return follow;
    }
    if (s->trump >= 0) {
        u64 trumps = hand & s->trump_mask;
        if (trumps) {
            if (best_suit != s->trump || !beat) return trumps;
            u64 higher = trumps & ABOVE[best];
            if (higher) return higher;
            return s->undertrump ? trumps : hand;
        }
    }
    return hand;
}

static inline int must_beat_for(const Spec *s, int seat, int best_seat) {
    if (!s->exempt) return 1;
    return s->team_of[best_seat] != s->team_of[seat] || best_seat == seat;
}


/* --- the transposition table -------------------------------------------------------------- */

/* 16 bytes, four to a 64-byte bucket.  ``key`` is the remaining hands coded exactly in 64 bits
 * (solver.c's pos_key: no two positions of one search share a key), so a probe needs one
 * cache line and no hash check can go wrong. */
typedef struct {
    u64 key;
    int16_t low, high;
    int8_t best;
    uint8_t seat, cards, gen;
} Entry;

#define BUCKET 4        /* entries a bucket (one cache line) */

typedef struct Table {
    Entry *e;
    void *e_base;       /* what to free */
    size_t mask;        /* bucket index mask */
    uint8_t gen;        /* entries of other generations are empty */
    struct Table *next; /* the free list */
} Table;

/* A fresh table (a new generation) of at least 1 << bits buckets, from the pool; NULL when
 * out of memory.  Released tables go back to the pool. */
INTERNAL Table *table_acquire(int bits);
INTERNAL void table_release(Table *t);
INTERNAL void table_renew(Table *t);

/* --- one solver job: what the Python side asked for, and its answer ----------------------- */

enum { MODE_VALUE = 0, MODE_ROOT = 1, MODE_DURCH = 2 };

typedef struct {
    Spec spec;
    u64 hands[MAXP];
    int leader, trick[MAXP], ntrick;
    int mode, guess;
    /* answer */
    int value;
    int nkinds, kinds[MAXK], values[MAXK];
    long long nodes, hits;
    int failed;
} Job;

INTERNAL int table_bits_for(const Job *j);
INTERNAL void run_job_with(Job *j, Table *tt);
INTERNAL void run_job(Job *j);

/* --- playouts ----------------------------------------------------------------------------- */

/* rollout.rollout: play the hand to its end greedily (hands, trick, points, won change). */
INTERNAL void rollout(const Spec *s, u64 *hands, int leader, int *trick, int ntrick,
                      int *points, int *won);

typedef struct {
    uint32_t mt[624];
    int index;
} MT;

INTERNAL void random_playout(const Spec *s, u64 *hands, int leader, int *trick, int ntrick,
                             int *points, MT *m);

/* --- threads ------------------------------------------------------------------------------ */

typedef struct {
    u64 hands[MAXP];
    int leader, trick[MAXP], ntrick;
    int points[MAXP], won[MAXP];
} Start;

/* Run fn over every item on up to ``threads`` threads (the caller's included); each thread
 * keeps its own transposition table (``*tt``, NULL until fn takes one). */
INTERNAL void run_parallel(void *items, size_t size, size_t count, int threads,
                           void (*fn)(void *item, void *ctx, Table **tt), void *ctx);
INTERNAL void job_item(void *item, void *ctx, Table **tt);     /* items: Job */
INTERNAL void rollout_item(void *item, void *ctx, Table **tt); /* items: Start, ctx: Spec */

#endif

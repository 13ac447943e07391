/* The native search core: the open-card solver, greedy rollouts and random playouts on packed
 * hands, the same algorithms as binokel/search/solver.py, binokel/bots/rollout.py and
 * binokel/games/binokel/playout.py (docs/decisions/search-05-native-core.md).
 *
 * A hand is a packed multiset: two bits (a count 0..2) per card kind, kind = suit * 8 + rank,
 * so it fits a uint64.  Every search runs with the interpreter lock released; the batch
 * functions spread their jobs over POSIX threads.  Python builds the arguments
 * (binokel/search/native.py); this file never sees a Rules object.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <pthread.h>
#include <sys/mman.h>
#define HAVE_THREADS 1
#endif

#define HUGE_PAGE ((size_t)2 << 20) /* a huge page */

typedef uint64_t u64;

#define MAXP 4          /* seats at the table the native core handles */
#define MAXK 32         /* card kinds */
#define NO_GUESS INT_MIN
#define LOW2 0x5555555555555555ULL

static const int RANK_POINTS[8] = {0, 0, 0, 2, 3, 4, 10, 11};
static int KP[MAXK];     /* card points of a kind */
static u64 ABOVE[MAXK];  /* every kind of the same suit ranking higher */
static u64 SUIT[4];
static u64 ONE[MAXK];

static void init_tables(void) {
    for (int k = 0; k < MAXK; k++) {
        KP[k] = RANK_POINTS[k & 7];
        ONE[k] = 1ULL << (2 * k);
        u64 above = 0;
        for (int r = (k & 7) + 1; r < 8; r++) above |= 3ULL << (2 * ((k & ~7) + r));
        ABOVE[k] = above;
    }
    for (int s = 0; s < 4; s++) SUIT[s] = 0xFFFFULL << (16 * s);
}

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

/* 32 bytes, two to a 64-byte bucket.  The solver numbers the active seats 0..n-1; the first
 * three hands are in the entry, a fourth (four playing) in the table's ``ext`` array. */
typedef struct {
    u64 h[3];
    int16_t low, high;
    int8_t best;
    uint8_t seat, cards, gen;
} Entry;

typedef struct Table {
    Entry *e;
    u64 *ext;           /* the fourth hand of each entry */
    void *e_base, *ext_base; /* what to free */
    size_t mask;        /* bucket index mask (two entries a bucket) */
    uint8_t gen;        /* entries of other generations are empty */
    struct Table *next; /* the free list */
} Table;

#ifdef HAVE_THREADS
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
#endif
static Table *pool = NULL;
static int pool_size = 0;

static void table_free(Table *t) {
    free(t->e_base);
    free(t->ext_base);
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
    size_t entries = (size_t)2 << bits;
    t->e = zeroed(entries * sizeof(Entry), &t->e_base);
    t->ext = zeroed(entries * sizeof(u64), &t->ext_base);
    if (!t->e || !t->ext) {
        table_free(t);
        return NULL;
    }
    t->mask = ((size_t)1 << bits) - 1;
    t->gen = 0;
    return t;
}

/* Start a new generation: every entry is empty at once (cleared when the counter wraps). */
static void table_renew(Table *t) {
    if (++t->gen == 0) {
        memset(t->e, 0, (t->mask + 1) * 2 * sizeof(Entry));
        t->gen = 1;
    }
}

/* A table with at least 2 << bits entries, fresh (a new generation). */
static Table *table_acquire(int bits) {
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

static void table_release(Table *t) {
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

static inline u64 hash_key(const u64 *h, int seat) {
    u64 x = h[0] * 0x9E3779B97F4A7C15ULL;
    x ^= h[1] * 0xC2B2AE3D27D4EB4FULL;
    x ^= h[2] * 0x165667B19E3779F9ULL;
    x ^= h[3] * 0xD6E8FEB86659FD93ULL;
    x ^= (u64)(seat + 1) * 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ULL;
    x ^= x >> 29;
    return x;
}

/* --- the solver --------------------------------------------------------------------------- */

typedef struct {
    const Spec *s;
    u64 hands[MAXP];
    int trick[MAXP];
    int ntrick;
    int leader;          /* the root's leader and trick (root_values changes them) */
    int root_trick[MAXP];
    int root_ntrick;
    int rest;            /* points in the hands plus the last-trick bonus */
    int cards;           /* cards in the hands */
    int four;            /* four seats playing: the fourth hand is in the table's ext */
    Table *tt;
    long long nodes, hits;
} Search;

static inline Entry *bucket_of(const Search *S, const u64 *hands, int seat) {
    return &S->tt->e[(hash_key(hands, seat) & S->tt->mask) * 2];
}

static inline int entry_is(const Search *S, const Entry *e, const u64 *h, int seat) {
    const Table *t = S->tt;
    return e->gen == t->gen && e->seat == seat && e->h[0] == h[0] && e->h[1] == h[1]
           && e->h[2] == h[2] && (!S->four || t->ext[e - t->e] == h[3]);
}

static inline Entry *probe_hands(const Search *S, Entry *b, const u64 *h, int seat) {
    if (entry_is(S, &b[0], h, seat)) return &b[0];
    if (entry_is(S, &b[1], h, seat)) return &b[1];
    return NULL;
}

static inline Entry *probe(Search *S, Entry *b, int seat) {
    return probe_hands(S, b, S->hands, seat);
}

static inline int cards_left(const u64 *h) {
    int c = 0;
    for (int i = 0; i < MAXP; i++) {
        u64 x = h[i];
        c += __builtin_popcountll(x & LOW2) + 2 * __builtin_popcountll((x >> 1) & LOW2);
    }
    return c;
}

/* Two entries a bucket: the first keeps the bigger subtree, the second is always replaced. */
static inline void store(Search *S, Entry *b, int seat, int low, int high, int best) {
    Table *t = S->tt;
    Entry *e = probe(S, b, seat);
    int cards = S->cards;
    if (!e) {
        if (b[0].gen != t->gen || b[0].cards <= cards) {
            if (b[0].gen == t->gen) {
                b[1] = b[0];
                t->ext[b + 1 - t->e] = t->ext[b - t->e];
            }
            e = &b[0];
        } else {
            e = &b[1];
        }
    }
    memcpy(e->h, S->hands, sizeof(e->h));
    if (S->four) t->ext[e - t->e] = S->hands[3];
    e->seat = (uint8_t)seat;
    e->low = (int16_t)low;
    e->high = (int16_t)high;
    e->best = (int8_t)best;
    e->cards = (uint8_t)cards;
    e->gen = t->gen;
}

static inline void sort_desc(int *keys, int *moves, int n) {
    for (int i = 1; i < n; i++) {
        int k = keys[i], m = moves[i], j = i - 1;
        while (j >= 0 && keys[j] < k) {
            keys[j + 1] = keys[j];
            moves[j + 1] = moves[j];
            j--;
        }
        keys[j + 1] = k;
        moves[j + 1] = m;
    }
}

/* solver._order_leads: the table's move, cards nobody can beat (trumps first), low cards. */
static void order_leads(Search *S, int *moves, int nm, int first, int seat) {
    const Spec *s = S->s;
    u64 others = 0;
    int o = s->nxt[seat];
    for (int i = 0; i < s->n - 1; i++) {
        others |= S->hands[o];
        o = s->nxt[o];
    }
    int keys[MAXK];
    for (int i = 0; i < nm; i++) {
        int kind = moves[i], score;
        if (kind == first) score = 1000;
        else if (!(others & ABOVE[kind]))
            score = 100 + KP[kind] + ((kind >> 3) == s->trump ? 50 : 0);
        else
            score = -KP[kind] - ((kind >> 3) == s->trump ? 20 : 0);
        keys[i] = score * 64 + kind;  /* (score, kind), both descending as Python sorts */
    }
    sort_desc(keys, moves, nm);
}

/* solver._order_follows: win cheaply, smear on a partner, else shed low. */
static void order_follows(const Spec *s, int *moves, int nm, int maximise, int best_is_mine,
                          int best_kind, int last) {
    int friendly = best_is_mine == maximise;
    int keys[MAXK];
    for (int i = 0; i < nm; i++) {
        int kind = moves[i], pts = KP[kind], score;
        int wins = beats(kind, best_kind, s->trump);
        if (friendly && (last || !wins)) score = wins ? pts - 30 : pts;
        else if (wins) score = 100 - pts;
        else score = -pts;
        keys[i] = score * 64 + kind;
    }
    sort_desc(keys, moves, nm);
}

static int follow(Search *S, int seat, int played, int best_kind, int best_seat, int gained,
                  int alpha, int beta, int rest);

/* ``b``: the table bucket of (hands, seat), computed (and prefetched) by the caller. */
static int lead(Search *S, int seat, int alpha, int beta, int rest, Entry *b) {
    if (beta <= 0) return 0;
    if (alpha >= rest) return rest;
    const Spec *s = S->s;
    u64 hand = S->hands[seat];
    if (!hand) return 0;
    S->nodes++;
    int first = -1, low, high;
    Entry *e = probe(S, b, seat);
    if (e) {
        low = e->low;
        high = e->high;
        first = e->best;
        if (low >= beta) {
            S->hits++;
            return low;
        }
        if (high <= alpha) {
            S->hits++;
            return high;
        }
        if (low == high) return low;
        if (low > alpha) alpha = low;
        if (high < beta) beta = high;
    } else {
        low = 0;
        high = rest;
    }
    int maximise = s->on_side[seat];
    int moves[MAXK];
    int nm = kinds_of(hand, moves);
    if (nm > 1) order_leads(S, moves, nm, first, seat);
    int best = maximise ? -1 : rest + 1, best_move = -1;
    int a = alpha, bt = beta, nxt_seat = s->nxt[seat];
    for (int i = 0; i < nm; i++) {
        int kind = moves[i];
        S->hands[seat] = hand - ONE[kind];
        S->cards--;
        S->trick[0] = kind;
        S->ntrick = 1;
        int v = follow(S, nxt_seat, 1, kind, seat, KP[kind], a, bt, rest - KP[kind]);
        S->ntrick = 0;
        S->cards++;
        if (maximise) {
            if (v > best) {
                best = v;
                best_move = kind;
                if (v > a) {
                    a = v;
                    if (a >= bt) break;
                }
            }
        } else if (v < best) {
            best = v;
            best_move = kind;
            if (v < bt) {
                bt = v;
                if (a >= bt) break;
            }
        }
    }
    S->hands[seat] = hand;
    if (best <= alpha) high = best;
    else if (best >= beta) low = best;
    else low = high = best;
    store(S, b, seat, low, high, best_move);
    return best;
}

static int follow(Search *S, int seat, int played, int best_kind, int best_seat, int gained,
                  int alpha, int beta, int rest) {
    if (alpha >= gained + rest) return gained + rest;
    const Spec *s = S->s;
    u64 hand = S->hands[seat];
    u64 mask = legal(s, hand, S->trick, S->ntrick, best_kind, must_beat_for(s, seat, best_seat));
    int moves[MAXK];
    int nm = kinds_of(mask, moves);
    int maximise = s->on_side[seat];
    int last = played + 1 == s->n;
    if (nm > 1) order_follows(s, moves, nm, maximise, s->on_side[best_seat], best_kind, last);
    int best = maximise ? -1 : 1 << 30;
    int a = alpha, b = beta;
    Entry *buckets[MAXK];
    if (last) {
        /* The next trick's lead positions: fetch their table buckets while we work. */
        u64 h[MAXP];
        memcpy(h, S->hands, sizeof(h));
        for (int i = 0; i < nm; i++) {
            int kind = moves[i];
            int w_seat = beats(kind, best_kind, s->trump) ? seat : best_seat;
            h[seat] = hand - ONE[kind];
            buckets[i] = bucket_of(S, h, w_seat);
            __builtin_prefetch(buckets[i]);
        }
        /* Enhanced transposition cutoff: a next trick already known to be good enough. */
        for (int i = 0; i < nm; i++) {
            int kind = moves[i];
            int w_seat = beats(kind, best_kind, s->trump) ? seat : best_seat;
            h[seat] = hand - ONE[kind];
            if (!h[w_seat]) continue;
            Entry *e = probe_hands(S, buckets[i], h, w_seat);
            if (!e) continue;
            int got = gained + KP[kind];
            int mine = s->on_side[w_seat] ? got : 0;
            if (maximise && mine + e->low >= beta) return mine + e->low;
            if (!maximise && mine + e->high <= alpha) return mine + e->high;
        }
    }
    for (int i = 0; i < nm; i++) {
        int kind = moves[i], k_pts = KP[kind], w_kind, w_seat, v;
        if (beats(kind, best_kind, s->trump)) {
            w_kind = kind;
            w_seat = seat;
        } else {
            w_kind = best_kind;
            w_seat = best_seat;
        }
        S->hands[seat] = hand - ONE[kind];
        S->cards--;
        if (last) {
            int got = gained + k_pts, r = rest - k_pts;
            if (!S->hands[w_seat]) {
                got += s->bonus;
                v = s->on_side[w_seat] ? got : 0;
            } else {
                int mine = s->on_side[w_seat] ? got : 0;
                int saved[MAXP], nsaved = S->ntrick;
                memcpy(saved, S->trick, sizeof(saved));
                S->ntrick = 0;
                v = mine + lead(S, w_seat, a - mine, b - mine, r, buckets[i]);
                memcpy(S->trick, saved, sizeof(saved));
                S->ntrick = nsaved;
            }
        } else {
            S->trick[S->ntrick++] = kind;
            v = follow(S, s->nxt[seat], played + 1, w_kind, w_seat, gained + k_pts, a, b,
                       rest - k_pts);
            S->ntrick--;
        }
        S->cards++;
        (void)w_kind;
        if (maximise) {
            if (v > best) {
                best = v;
                if (v > a) {
                    a = v;
                    if (a >= b) break;
                }
            }
        } else if (v < best) {
            best = v;
            if (v < b) {
                b = v;
                if (a >= b) break;
            }
        }
    }
    S->hands[seat] = hand;
    return best;
}

/* (seat to move, best kind, best seat, points in the trick, cards played) of the root. */
static void root_start(Search *S, int *seat, int *best_kind, int *best_seat, int *gained) {
    const Spec *s = S->s;
    int st = S->leader, bk = -1, bs = -1, g = 0;
    for (int i = 0; i < S->root_ntrick; i++) {
        int kind = S->root_trick[i];
        if (bk < 0 || beats(kind, bk, s->trump)) {
            bk = kind;
            bs = st;
        }
        g += KP[kind];
        st = s->nxt[st];
    }
    *seat = st;
    *best_kind = bk;
    *best_seat = bs;
    *gained = g;
}

static int window(Search *S, int alpha, int beta) {
    int seat, bk, bs, gained;
    root_start(S, &seat, &bk, &bs, &gained);
    memcpy(S->trick, S->root_trick, sizeof(S->trick));
    S->ntrick = S->root_ntrick;
    if (!S->root_ntrick) return lead(S, seat, alpha, beta, S->rest, bucket_of(S, S->hands, seat));
    return follow(S, seat, S->root_ntrick, bk, bs, gained, alpha, beta, S->rest);
}

/* solver._Search.value: MTD(f) with growing steps. */
static int mtd(Search *S, int guess) {
    int low = 0, high = S->rest;
    for (int i = 0; i < S->root_ntrick; i++) high += KP[S->root_trick[i]];
    int t;
    if (guess == NO_GUESS) {
        t = (low + high + 1) / 2;
    } else {
        t = guess < high ? guess : high;
        if (t < low + 1) t = low + 1;
    }
    int step = 1, direction = 0, bracketed = 0;
    while (low < high) {
        int v = window(S, t - 1, t), moved;
        if (v >= t) {
            low = v;
            moved = 1;
        } else {
            high = v;
            moved = -1;
        }
        if (low >= high) break;
        if (moved != direction && direction) bracketed = 1;
        step = moved == direction ? step * 2 : 1;
        direction = moved;
        if (bracketed) t = (low + high + 1) / 2;
        else if (moved > 0) t = high < low + step ? high : low + step;
        else t = low + 1 > high - step + 1 ? low + 1 : high - step + 1;
    }
    return low;
}

/* solver._Search.root_values: the value after each card the player to move may play. */
static int root_values(Search *S, int *kinds, int *values) {
    const Spec *s = S->s;
    int seat, bk, bs, gained;
    root_start(S, &seat, &bk, &bs, &gained);
    int played = S->root_ntrick;
    u64 hand = S->hands[seat];
    u64 mask = hand;
    if (played) mask = legal(s, hand, S->root_trick, played, bk, must_beat_for(s, seat, bs));
    int nm = kinds_of(mask, kinds);
    int have_last = 0, last = 0;
    int leader0 = S->leader, trick0[MAXP], n0 = S->root_ntrick, cards0 = S->cards;
    memcpy(trick0, S->root_trick, sizeof(trick0));
    for (int i = 0; i < nm; i++) {
        int kind = kinds[i];
        S->hands[seat] = hand - ONE[kind];
        S->cards = cards0 - 1;
        memcpy(S->root_trick, trick0, sizeof(trick0));
        S->root_trick[n0] = kind;
        S->root_ntrick = n0 + 1;
        S->leader = leader0;
        if (S->root_ntrick == s->n) {
            int winner = bs;
            if (played == 0 || beats(kind, bk, s->trump)) winner = seat;
            int got = gained + KP[kind], with_bonus = 0;
            S->rest -= KP[kind];
            if (!S->hands[winner]) {
                got += s->bonus;
                S->rest -= s->bonus;
                with_bonus = 1;
            }
            int mine = s->on_side[winner] ? got : 0;
            S->root_ntrick = 0;
            S->leader = winner;
            values[i] = mine + mtd(S, have_last ? last - mine : NO_GUESS);
            S->rest += KP[kind] + (with_bonus ? s->bonus : 0);
        } else {
            S->rest -= KP[kind];
            values[i] = mtd(S, have_last ? last : NO_GUESS);
            S->rest += KP[kind];
        }
        last = values[i];
        have_last = 1;
    }
    S->hands[seat] = hand;
    S->cards = cards0;
    memcpy(S->root_trick, trick0, sizeof(trick0));
    S->root_ntrick = n0;
    S->leader = leader0;
    return nm;
}

/* solver._Search._durch_search: can the side take every remaining trick? */
static int durch_node(Search *S, int seat, int best_kind, int best_seat) {
    const Spec *s = S->s;
    S->nodes++;
    u64 hand = S->hands[seat], mask;
    if (!S->ntrick) {
        if (!hand) return 1;
        Entry *e = probe(S, bucket_of(S, S->hands, seat), seat);
        if (e) return e->low;
        mask = hand;
    } else {
        mask = legal(s, hand, S->trick, S->ntrick, best_kind, must_beat_for(s, seat, best_seat));
    }
    int maximise = s->on_side[seat], result = !maximise;
    int moves[MAXK];
    int nm = kinds_of(mask, moves);
    int at_start = !S->ntrick;
    for (int i = 0; i < nm; i++) {
        int kind = moves[i], w_kind, w_seat, v;
        if (at_start || beats(kind, best_kind, s->trump)) {
            w_kind = kind;
            w_seat = seat;
        } else {
            w_kind = best_kind;
            w_seat = best_seat;
        }
        S->hands[seat] = hand - ONE[kind];
        S->cards--;
        S->trick[S->ntrick++] = kind;
        if (S->ntrick == s->n) {
            v = 0;
            if (s->on_side[w_seat]) {
                int saved[MAXP], nsaved = S->ntrick;
                memcpy(saved, S->trick, sizeof(saved));
                S->ntrick = 0;
                v = durch_node(S, w_seat, -1, -1);
                memcpy(S->trick, saved, sizeof(saved));
                S->ntrick = nsaved;
            }
        } else {
            v = durch_node(S, s->nxt[seat], w_kind, w_seat);
        }
        S->ntrick--;
        S->cards++;
        S->hands[seat] = hand;
        if (v == maximise) {
            result = v;
            break;
        }
    }
    if (at_start) store(S, bucket_of(S, S->hands, seat), seat, result, result, -1);
    return result;
}

/* --- greedy rollouts (binokel.bots.rollout) ----------------------------------------------- */

/* rollout.can_beat */
static inline int can_beat(u64 hand, int card, int led, const Spec *s) {
    if ((card >> 3) == led) {
        if (hand & SUIT[led]) return (hand & ABOVE[card]) != 0;
        return s->trump >= 0 && led != s->trump && (hand & s->trump_mask) != 0;
    }
    if (hand & SUIT[led]) return 0;
    return (hand & ABOVE[card]) != 0;
}

/* rollout.greedy_card: ties go to the lowest kind, as Python's max/min over ascending kinds. */
static int greedy_card(const Spec *s, int seat, const u64 *hands, const int *trick, int ntrick,
                       int best, int best_seat, u64 mask) {
    int kinds[MAXK];
    int nk = kinds_of(mask, kinds);
    if (nk == 1) return kinds[0];
    int trump = s->trump, mine = s->team01[seat];
    u64 opp[MAXP];
    int nopp = 0, o = s->nxt[seat];
    for (int i = 0; i < s->n - ntrick - 1; i++) {
        if (s->team01[o] != mine) opp[nopp++] = hands[o];
        o = s->nxt[o];
    }
    const int *keep = s->keep;
    if (!ntrick) {
        int pick = kinds[0], value = -1000;
        for (int i = 0; i < nk; i++) {
            int k = kinds[i], led = k >> 3, safe = 1, v;
            for (int j = 0; j < nopp; j++)
                if (can_beat(opp[j], k, led, s)) {
                    safe = 0;
                    break;
                }
            if (safe) {
                v = 30 + KP[k] - keep[k] / 2;
                if (led == trump && mine == 0) v += 10;
            } else {
                v = -KP[k] - keep[k];
            }
            if (v > value) {
                pick = k;
                value = v;
            }
        }
        return pick;
    }
    int led = trick[0] >> 3, top = trick[best];
    if (s->team01[best_seat] == mine) {
        int stands = 1;
        for (int j = 0; j < nopp; j++)
            if (can_beat(opp[j], top, led, s)) {
                stands = 0;
                break;
            }
        if (stands) {
            int pick = kinds[0], value = KP[kinds[0]] - keep[kinds[0]];
            for (int i = 1; i < nk; i++) {
                int v = KP[kinds[i]] - keep[kinds[i]];
                if (v > value) {
                    pick = kinds[i];
                    value = v;
                }
            }
            return pick;
        }
    }
    int nwin = 0, top_winner = -1, secure = -1, secure_value = 0;
    for (int i = 0; i < nk; i++) {
        int k = kinds[i];
        if (!beats(k, top, trump)) continue;
        nwin++;
        top_winner = k;
        int safe = 1;
        for (int j = 0; j < nopp; j++)
            if (can_beat(opp[j], k, led, s)) {
                safe = 0;
                break;
            }
        if (safe) {
            int v = KP[k] - keep[k];
            if (secure < 0 || v > secure_value) {
                secure = k;
                secure_value = v;
            }
        }
    }
    if (nwin) {
        if (secure >= 0) return secure;
        int at_stake = 0;
        for (int i = 0; i < ntrick; i++) at_stake += KP[trick[i]];
        if (at_stake >= 10) return top_winner;
    }
    int pick = kinds[0], value = KP[kinds[0]] + keep[kinds[0]];
    for (int i = 1; i < nk; i++) {
        int v = KP[kinds[i]] + keep[kinds[i]];
        if (v < value) {
            pick = kinds[i];
            value = v;
        }
    }
    return pick;
}

/* rollout.rollout: play the hand to its end greedily. */
static void rollout(const Spec *s, u64 *hands, int leader, int *trick, int ntrick, int *points,
                    int *won) {
    int trump = s->trump, n = s->n, best = 0;
    for (int i = 1; i < ntrick; i++)
        if (beats(trick[i], trick[best], trump)) best = i;
    int seat = leader;
    for (int i = 0; i < ntrick; i++) seat = s->nxt[seat];
    for (;;) {
        if (ntrick == n) {
            int winner = leader, gained = 0;
            for (int i = 0; i < best; i++) winner = s->nxt[winner];
            for (int i = 0; i < n; i++) gained += KP[trick[i]];
            int last = !hands[winner];
            points[winner] += gained + (last ? s->bonus : 0);
            won[winner]++;
            ntrick = 0;
            if (last || (s->durch && s->team01[winner] != 0)) return;
            leader = seat = winner;
            best = 0;
        }
        u64 hand = hands[seat], mask = hand;
        int best_seat = leader;
        if (ntrick) {
            for (int i = 0; i < best; i++) best_seat = s->nxt[best_seat];
            int mb = !(s->exempt && s->team_of[best_seat] == s->team_of[seat]);
            mask = legal(s, hand, trick, ntrick, trick[best], mb);
        }
        if (!mask) return;  /* an empty hand to play from: nothing more to play */
        int kind = greedy_card(s, seat, hands, trick, ntrick, best, best_seat, mask);
        hands[seat] = hand - ONE[kind];
        trick[ntrick++] = kind;
        if (ntrick > 1 && beats(kind, trick[best], trump)) best = ntrick - 1;
        seat = s->nxt[seat];
    }
}

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

static int table_bits_for(const Job *j) {
    int cards = cards_left(j->hands);
    int tricks = cards / (j->spec.n ? j->spec.n : 1);
    if (tricks >= 10) return 18;
    if (tricks >= 8) return 16;
    return 13;
}

static void run_job_with(Job *j, Table *tt) {
    /* The search numbers the active seats 0..n-1 in playing order (a compact table key). */
    const Spec *js = &j->spec;
    Spec rs = *js;
    int n = js->n, pos_of[MAXP] = {0};
    Search S;
    memset(&S, 0, sizeof(S));
    for (int i = 0; i < n; i++) {
        int seat = js->order[i];
        pos_of[seat] = i;
        rs.order[i] = i;
        rs.nxt[i] = (i + 1) % n;
        rs.on_side[i] = js->on_side[seat];
        rs.team_of[i] = js->team_of[seat];
        rs.team01[i] = js->team01[seat];
        S.hands[i] = j->hands[seat];
    }
    rs.players = n;
    S.s = &rs;
    S.four = n == 4;
    S.leader = pos_of[j->leader];
    memcpy(S.root_trick, j->trick, sizeof(S.root_trick));
    S.root_ntrick = j->ntrick;
    S.rest = js->bonus;
    for (int i = 0; i < MAXP; i++) S.rest += points_of(j->hands[i]);
    S.cards = cards_left(S.hands);
    S.tt = tt;
    if (j->mode == MODE_VALUE) {
        j->value = mtd(&S, j->guess);
    } else if (j->mode == MODE_ROOT) {
        j->nkinds = root_values(&S, j->kinds, j->values);
    } else {
        int seat, bk, bs, gained;
        root_start(&S, &seat, &bk, &bs, &gained);
        memcpy(S.trick, S.root_trick, sizeof(S.trick));
        S.ntrick = S.root_ntrick;
        j->value = durch_node(&S, seat, bk, bs);
    }
    j->nodes = S.nodes;
    j->hits = S.hits;
}

static void run_job(Job *j) {
    Table *tt = table_acquire(table_bits_for(j));
    if (!tt) {
        j->failed = 1;
        return;
    }
    run_job_with(j, tt);
    table_release(tt);
}

/* --- random playouts (binokel.games.binokel.playout) with Python's own generator ---------- */

typedef struct {
    uint32_t mt[624];
    int index;
} MT;

/* genrand_uint32 of CPython's Modules/_randommodule.c (MT19937), so that the same state gives
 * the same numbers as random.Random. */
static uint32_t mt_next(MT *m) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (m->index >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (m->mt[kk] & 0x80000000U) | (m->mt[kk + 1] & 0x7fffffffU);
            m->mt[kk] = m->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < 623; kk++) {
            y = (m->mt[kk] & 0x80000000U) | (m->mt[kk + 1] & 0x7fffffffU);
            m->mt[kk] = m->mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (m->mt[623] & 0x80000000U) | (m->mt[0] & 0x7fffffffU);
        m->mt[623] = m->mt[396] ^ (y >> 1) ^ mag01[y & 1U];
        m->index = 0;
    }
    y = m->mt[m->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static inline double mt_random(MT *m) {
    uint32_t a = mt_next(m) >> 5, b = mt_next(m) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static void random_playout(const Spec *s, u64 *hands, int leader, int *trick, int ntrick,
                           int *points, MT *m) {
    int n = s->n, trump = s->trump, kinds[MAXK];
    for (;;) {
        int seat = leader;
        for (int i = 0; i < ntrick; i++) seat = s->nxt[seat];
        while (ntrick < n) {
            u64 mask = hands[seat];
            if (ntrick) {
                int best = trick[0], best_seat = leader, player = leader;
                for (int i = 1; i < ntrick; i++) {
                    player = s->nxt[player];
                    if (beats(trick[i], best, trump)) {
                        best = trick[i];
                        best_seat = player;
                    }
                }
                int mb = !(s->exempt && s->team_of[best_seat] == s->team_of[seat]);
                mask = legal(s, mask, trick, ntrick, best, mb);
            }
            int nk = kinds_of(mask, kinds);
            if (!nk) return;  /* an empty hand (the caller refuses such positions) */
            int kind = kinds[(int)(mt_random(m) * nk)];
            hands[seat] -= ONE[kind];
            trick[ntrick++] = kind;
            seat = s->nxt[seat];
        }
        int best_i = 0;
        for (int i = 1; i < n; i++)
            if (beats(trick[i], trick[best_i], trump)) best_i = i;
        int winner = leader, gained = 0;
        for (int i = 0; i < best_i; i++) winner = s->nxt[winner];
        for (int i = 0; i < n; i++) gained += KP[trick[i]];
        points[winner] += gained;
        ntrick = 0;
        leader = winner;
        if (!hands[leader]) {
            points[leader] += s->bonus;
            return;
        }
    }
}

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
static void run_parallel(void *items, size_t size, size_t count, int threads,
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

static void job_item(void *item, void *ctx, Table **tt) {
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

typedef struct {
    u64 hands[MAXP];
    int leader, trick[MAXP], ntrick;
    int points[MAXP], won[MAXP];
} Start;

static void rollout_item(void *item, void *ctx, Table **tt) {
    (void)tt;
    Start *st = item;
    rollout((const Spec *)ctx, st->hands, st->leader, st->trick, st->ntrick, st->points,
            st->won);
}

/* --- argument parsing --------------------------------------------------------------------- */

static int int_items(PyObject *seq, int *out, int max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > max) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d items, not %zd", what, max, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static int hand_items(PyObject *seq, u64 *out, int players) {
    PyObject *fast = PySequence_Fast(seq, "hands must be a sequence");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n != players) {
        PyErr_Format(PyExc_ValueError, "hands: one per seat (%d), not %zd", players, n);
        Py_DECREF(fast);
        return -1;
    }
    memset(out, 0, MAXP * sizeof(u64));
    for (Py_ssize_t i = 0; i < n; i++) {
        u64 v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (u64)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = v;
    }
    Py_DECREF(fast);
    return 0;
}

static const char *SPEC_NAME = "binokel.search._native.Spec";

static void spec_free(PyObject *capsule) {
    free(PyCapsule_GetPointer(capsule, SPEC_NAME));
}

/* spec(players, order, trump, bonus, must_beat, beat_when_trumped, undertrump, exempt,
 *      team_of, on_side, team01, durch) -> capsule */
static PyObject *py_spec(PyObject *self, PyObject *args) {
    (void)self;
    int players, trump, bonus, must_beat, bwt, undertrump, exempt, durch;
    PyObject *order, *team_of, *on_side, *team01;
    if (!PyArg_ParseTuple(args, "iOiiiiiiOOOi", &players, &order, &trump, &bonus, &must_beat,
                          &bwt, &undertrump, &exempt, &team_of, &on_side, &team01, &durch))
        return NULL;
    if (players < 2 || players > MAXP) {
        PyErr_Format(PyExc_ValueError, "the native core plays 2 to %d seats, not %d", MAXP,
                     players);
        return NULL;
    }
    if (trump < -1 || trump > 3) {
        PyErr_Format(PyExc_ValueError, "trump must be -1 or a suit 0-3, not %d", trump);
        return NULL;
    }
    Spec *s = calloc(1, sizeof(Spec));
    if (!s) return PyErr_NoMemory();
    s->players = players;
    int n = int_items(order, s->order, MAXP, "order");
    if (n < 0) goto fail;
    if (n < 2) {
        PyErr_SetString(PyExc_ValueError, "order: at least two active seats");
        goto fail;
    }
    s->n = n;
    for (int i = 0; i < n; i++) {
        if (s->order[i] < 0 || s->order[i] >= players) {
            PyErr_Format(PyExc_ValueError, "order: seat %d is not at the table", s->order[i]);
            goto fail;
        }
        s->nxt[s->order[i]] = s->order[(i + 1) % n];
    }
    s->trump = trump;
    s->trump_mask = trump >= 0 ? SUIT[trump] : 0;
    s->bonus = bonus;
    s->must_beat = must_beat;
    s->beat_when_trumped = bwt;
    s->undertrump = undertrump;
    s->exempt = exempt;
    s->durch = durch;
    if (int_items(team_of, s->team_of, MAXP, "team_of") < 0) goto fail;
    if (int_items(on_side, s->on_side, MAXP, "on_side") < 0) goto fail;
    if (int_items(team01, s->team01, MAXP, "team01") < 0) goto fail;
    for (int k = 0; k < MAXK; k++) {
        int rank = k & 7, value = 0;
        if ((k >> 3) == trump) value = 12 + 2 * rank;
        else if (rank == 7) value = 10;
        s->keep[k] = value;
    }
    {
        PyObject *capsule = PyCapsule_New(s, SPEC_NAME, spec_free);
        if (!capsule) goto fail;
        return capsule;
    }
fail:
    free(s);
    return NULL;
}

static Spec *spec_of(PyObject *capsule) {
    return PyCapsule_GetPointer(capsule, SPEC_NAME);
}

static int seat_ok(const Spec *s, int seat) {
    for (int i = 0; i < s->n; i++)
        if (s->order[i] == seat) return 1;
    PyErr_Format(PyExc_ValueError, "seat %d is not playing", seat);
    return 0;
}

static int kinds_ok(const int *kinds, int n) {
    for (int i = 0; i < n; i++)
        if (kinds[i] < 0 || kinds[i] >= MAXK) {
            PyErr_Format(PyExc_ValueError, "not a card kind: %d", kinds[i]);
            return 0;
        }
    return 1;
}

/* job tuple: (mode, spec, hands, leader, trick, guess) */
static int parse_job(PyObject *t, Job *j) {
    PyObject *capsule, *hands, *trick;
    if (!PyTuple_Check(t)) {
        PyErr_SetString(PyExc_TypeError, "a solver job is a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(t, "iOOiOi", &j->mode, &capsule, &hands, &j->leader, &trick,
                          &j->guess))
        return -1;
    Spec *s = spec_of(capsule);
    if (!s) return -1;
    j->spec = *s;
    if (j->mode < 0 || j->mode > 2) {
        PyErr_Format(PyExc_ValueError, "unknown solver mode %d", j->mode);
        return -1;
    }
    if (hand_items(hands, j->hands, s->players) < 0) return -1;
    int nt = int_items(trick, j->trick, MAXP, "trick");
    if (nt < 0) return -1;
    if (nt >= s->n) {
        PyErr_SetString(PyExc_ValueError, "trick: a full trick is not a position to solve");
        return -1;
    }
    j->ntrick = nt;
    if (!seat_ok(s, j->leader) || !kinds_ok(j->trick, nt)) return -1;
    long total = s->bonus < 0 ? -1 : s->bonus;
    for (int i = 0; i < MAXP; i++) total += points_of(j->hands[i]);
    if (total < 0 || total > 30000) {
        PyErr_SetString(PyExc_ValueError, "the points in play must be between 0 and 30000");
        return -1;
    }
    j->failed = 0;
    return 0;
}

static PyObject *job_result(const Job *j) {
    if (j->failed) return PyErr_NoMemory();
    if (j->mode == MODE_ROOT) {
        PyObject *out = PyDict_New();
        if (!out) return NULL;
        for (int i = 0; i < j->nkinds; i++) {
            PyObject *k = PyLong_FromLong(j->kinds[i]), *v = PyLong_FromLong(j->values[i]);
            if (!k || !v || PyDict_SetItem(out, k, v) < 0) {
                Py_XDECREF(k);
                Py_XDECREF(v);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(k);
            Py_DECREF(v);
        }
        return Py_BuildValue("NLL", out, j->nodes, j->hits);
    }
    if (j->mode == MODE_DURCH) return Py_BuildValue("OLL", j->value ? Py_True : Py_False,
                                                    j->nodes, j->hits);
    return Py_BuildValue("iLL", j->value, j->nodes, j->hits);
}

/* solve(job) -> (answer, nodes, table hits) */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *t;
    if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &t)) return NULL;
    Job j;
    if (parse_job(t, &j) < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    run_job(&j);
    Py_END_ALLOW_THREADS
    return job_result(&j);
}

/* solve_batch(jobs, threads) -> [(answer, nodes, table hits), ...] */
static PyObject *py_solve_batch(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *seq;
    int threads;
    if (!PyArg_ParseTuple(args, "Oi", &seq, &threads)) return NULL;
    PyObject *fast = PySequence_Fast(seq, "jobs must be a sequence");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Job *jobs = calloc(n ? (size_t)n : 1, sizeof(Job));
    if (!jobs) {
        Py_DECREF(fast);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (parse_job(PySequence_Fast_GET_ITEM(fast, i), &jobs[i]) < 0) {
            free(jobs);
            Py_DECREF(fast);
            return NULL;
        }
    Py_DECREF(fast);
    Py_BEGIN_ALLOW_THREADS
    run_parallel(jobs, sizeof(Job), (size_t)n, threads < 1 ? 1 : threads, job_item, NULL);
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) {
        PyObject *r = job_result(&jobs[i]);
        if (!r) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, r);
    }
    free(jobs);
    return out;
}

static int parse_start(const Spec *s, PyObject *hands, int leader, PyObject *trick,
                       PyObject *points, PyObject *won, Start *st) {
    if (hand_items(hands, st->hands, s->players) < 0) return -1;
    st->leader = leader;
    int nt = int_items(trick, st->trick, MAXP, "trick");
    if (nt < 0) return -1;
    st->ntrick = nt;
    memset(st->points, 0, sizeof(st->points));
    memset(st->won, 0, sizeof(st->won));
    if (int_items(points, st->points, MAXP, "points") < 0) return -1;
    if (won && int_items(won, st->won, MAXP, "won") < 0) return -1;
    if (!seat_ok(s, leader) || !kinds_ok(st->trick, nt)) return -1;
    return 0;
}

static PyObject *int_tuple(const int *v, int n) {
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

static PyObject *int_list(const int *v, int n) {
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, x);
    }
    return out;
}

/* rollouts(spec, [(hands, leader, trick, points, won), ...], threads) -> [(points, won), ...] */
static PyObject *py_rollouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *seq;
    int threads;
    if (!PyArg_ParseTuple(args, "OOi", &capsule, &seq, &threads)) return NULL;
    Spec *s = spec_of(capsule);
    if (!s) return NULL;
    PyObject *fast = PySequence_Fast(seq, "starts must be a sequence");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Start *starts = calloc(n ? (size_t)n : 1, sizeof(Start));
    if (!starts) {
        Py_DECREF(fast);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(fast, i);
        int leader = -1;
        if (PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 5) {
            leader = (int)PyLong_AsLong(PyTuple_GET_ITEM(t, 1));
            if (leader == -1 && PyErr_Occurred()) leader = -2;
        }
        if (leader < -1 || !PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 5
            || parse_start(s, PyTuple_GET_ITEM(t, 0), leader, PyTuple_GET_ITEM(t, 2),
                           PyTuple_GET_ITEM(t, 3), PyTuple_GET_ITEM(t, 4), &starts[i]) < 0
            || starts[i].ntrick > s->n) {
            if (!PyErr_Occurred() && PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 5)
                PyErr_SetString(PyExc_ValueError, "trick: more cards than players");
            else if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "a start is (hands, leader, trick, points, won)");
            free(starts);
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    Py_BEGIN_ALLOW_THREADS
    run_parallel(starts, sizeof(Start), (size_t)n, threads < 1 ? 1 : threads, rollout_item, s);
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) {
        PyObject *r = Py_BuildValue("NN", int_tuple(starts[i].points, s->players),
                                    int_tuple(starts[i].won, s->players));
        if (!r) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, r);
    }
    free(starts);
    return out;
}

/* rollout(spec, hands, leader, trick, points, won): the lists change as rollout.rollout's do. */
static PyObject *py_rollout(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *hands, *trick, *points, *won;
    int leader;
    if (!PyArg_ParseTuple(args, "OO!iO!O!O!", &capsule, &PyList_Type, &hands, &leader,
                          &PyList_Type, &trick, &PyList_Type, &points, &PyList_Type, &won))
        return NULL;
    Spec *s = spec_of(capsule);
    if (!s) return NULL;
    Start st;
    if (parse_start(s, hands, leader, trick, points, won, &st) < 0) return NULL;
    rollout(s, st.hands, st.leader, st.trick, st.ntrick, st.points, st.won);
    for (int i = 0; i < s->players; i++) {
        PyObject *h = PyLong_FromUnsignedLongLong(st.hands[i]);
        PyObject *p = PyLong_FromLong(st.points[i]);
        PyObject *w = PyLong_FromLong(st.won[i]);
        if (!h || !p || !w || PyList_SetItem(hands, i, h) < 0 || PyList_SetItem(points, i, p) < 0
            || PyList_SetItem(won, i, w) < 0)
            return NULL;
    }
    if (PyList_SetSlice(trick, 0, PyList_GET_SIZE(trick), NULL) < 0) return NULL;
    Py_RETURN_NONE;
}

/* random_playouts(spec, hands, leader, trick, points, count, mt) -> ([points, ...], mt):
 * ``mt`` is the middle of random.Random.getstate() (624 words and the position). */
static PyObject *py_random_playouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *hands, *trick, *points, *state;
    int leader;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "OOiOOnO!", &capsule, &hands, &leader, &trick, &points, &count,
                          &PyTuple_Type, &state))
        return NULL;
    Spec *s = spec_of(capsule);
    if (!s) return NULL;
    if (count < 0) {
        PyErr_SetString(PyExc_ValueError, "count must not be negative");
        return NULL;
    }
    Start st;
    if (parse_start(s, hands, leader, trick, points, NULL, &st) < 0) return NULL;
    if (st.ntrick >= s->n) {
        PyErr_SetString(PyExc_ValueError, "trick: a full trick is not a position to play");
        return NULL;
    }
    if (PyTuple_GET_SIZE(state) != 625) {
        PyErr_SetString(PyExc_ValueError, "mt: 624 words and a position");
        return NULL;
    }
    MT m;
    for (int i = 0; i < 625; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(state, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) return NULL;
        if (i < 624) m.mt[i] = (uint32_t)v;
        else m.index = (int)v;
    }
    if (m.index < 0 || m.index > 624) {
        PyErr_SetString(PyExc_ValueError, "mt: position out of range");
        return NULL;
    }
    int *all = malloc((count ? (size_t)count : 1) * MAXP * sizeof(int));
    if (!all) return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t c = 0; c < count; c++) {
        u64 h[MAXP];
        int t[MAXP];
        memcpy(h, st.hands, sizeof(h));
        memcpy(t, st.trick, sizeof(t));
        int *p = all + c * MAXP;
        memcpy(p, st.points, MAXP * sizeof(int));
        random_playout(s, h, st.leader, t, st.ntrick, p, &m);
    }
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New(count);
    for (Py_ssize_t c = 0; out && c < count; c++) {
        PyObject *r = int_list(all + c * MAXP, s->players);
        if (!r) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, c, r);
    }
    free(all);
    if (!out) return NULL;
    PyObject *words = PyTuple_New(625);
    for (int i = 0; words && i < 625; i++) {
        PyObject *x = PyLong_FromUnsignedLong(i < 624 ? m.mt[i] : (unsigned long)m.index);
        if (!x) {
            Py_CLEAR(words);
            break;
        }
        PyTuple_SET_ITEM(words, i, x);
    }
    if (!words) {
        Py_DECREF(out);
        return NULL;
    }
    return Py_BuildValue("NN", out, words);
}

static PyMethodDef methods[] = {
    {"spec", py_spec, METH_VARARGS, "The fixed part of a search or playout, as a capsule."},
    {"solve", py_solve, METH_VARARGS, "Solve one job: (answer, nodes, table hits)."},
    {"solve_batch", py_solve_batch, METH_VARARGS, "Solve many jobs on threads."},
    {"rollout", py_rollout, METH_VARARGS, "One greedy rollout, changing the lists in place."},
    {"rollouts", py_rollouts, METH_VARARGS, "Greedy rollouts of many starts on threads."},
    {"random_playouts", py_random_playouts, METH_VARARGS,
     "Random playouts of one position with a Mersenne Twister state."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The compiled search core (see binokel.search.native).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    init_tables();
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "MAX_SEATS", MAXP) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

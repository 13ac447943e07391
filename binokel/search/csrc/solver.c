/* The open-card solver: binokel/search/solver.py transcribed (see core.h). */
#include "core.h"

/* --- the solver --------------------------------------------------------------------------- */

typedef struct {
    const Spec *s;
    u64 hands[MAXP];
    int *trick;          /* the trick being played: a row of ``tricks`` */
    int ntrick;
    int tricks[MAXK + 1][MAXP]; /* a row a trick deep, so that a lead needs not save the last */
    int leader;          /* the root's leader and trick (root_values changes them) */
    int root_trick[MAXP];
    int root_ntrick;
    int rest;            /* points in the hands plus the last-trick bonus */
    int cards;           /* cards in the hands; during a trick of lead and follow, those left
                          * after it (decision search-18) */
    u64 second[MAXP];    /* pos_key: the kinds of which a seat holds the second copy */
    u64 del[MAXP][MAXK]; /* key_without: what a seat's card of a kind takes off the key */
    Table *tt;
    long long nodes, hits;
} Search;

/* The remaining hands as one exact 64-bit key.  Every hand of the search is part of the
 * root's hands, and of each kind's (at most two) copies the root's holders are at most two
 * seats: the key keeps the first holder's count (0..2) in the kind's two bits and adds the
 * second holder's copy (0..1) as 2.  So each kind's two bits say exactly who still holds what,
 * and the sum never carries from one kind into the next. */
static inline u64 pos_key(const Search *S, const u64 *h) {
    u64 key = 0;
    for (int i = 0; i < S->s->n; i++) key += h[i] + (h[i] & S->second[i]);
    return key;
}

/* The key once ``seat`` has played one card of ``kind``. */
static inline u64 key_without(const Search *S, u64 key, int seat, int kind) {
    return key - S->del[seat][kind];
}

static void find_second_holders(Search *S) {
    u64 seen = 0;
    for (int i = 0; i < S->s->n; i++) {
        u64 held = (S->hands[i] | (S->hands[i] >> 1)) & LOW2;
        S->second[i] = held & seen;
        seen |= held;
        for (int k = 0; k < MAXK; k++) S->del[i][k] = ONE[k] + (S->second[i] & ONE[k]);
    }
}

static inline Entry *bucket_of(const Search *S, u64 key, int seat) {
    u64 x = key ^ ((u64)(seat + 1) * 0x9E3779B97F4A7C15ULL);
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    return &S->tt->e[(x & S->tt->mask) * BUCKET];
}

static inline Entry *probe(const Search *S, Entry *b, u64 key, int seat) {
    uint8_t gen = S->tt->gen;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key && b[i].seat == seat && b[i].gen == gen) return &b[i];
    return NULL;
}

static inline int cards_left(const u64 *h) {
    int c = 0;
    for (int i = 0; i < MAXP; i++) {
        u64 x = h[i];
        c += __builtin_popcountll(x & LOW2) + 2 * __builtin_popcountll((x >> 1) & LOW2);
    }
    return c;
}

/* Four entries a bucket: a position found there is updated, else an empty entry (another
 * generation) is taken, else the one with the fewest cards left (the smallest subtree). */
static inline void store(Search *S, Entry *b, u64 key, int seat, int low, int high, int best) {
    uint8_t gen = S->tt->gen;
    Entry *e = probe(S, b, key, seat);
    if (!e) {
        e = &b[0];
        for (int i = 0; i < BUCKET; i++) {
            if (b[i].gen != gen) {
                e = &b[i];
                break;
            }
            if (b[i].cards < e->cards) e = &b[i];
        }
    }
    e->key = key;
    e->seat = (uint8_t)seat;
    e->low = (int16_t)low;
    e->high = (int16_t)high;
    e->best = (int8_t)best;
    e->cards = (uint8_t)S->cards;
    e->gen = gen;
}

/* The kinds of ``set`` (one bit a kind, LOW2) as bits of their places in an order (``at``). */
static inline uint32_t places(u64 set, const uint8_t *at) {
    uint32_t w = 0;
    for (; set; set &= set - 1) w |= 1u << at[__builtin_ctzll(set) >> 1];
    return w;
}

/* Append the kinds at the places ``w`` of ``order`` to ``moves``, in that order. */
static inline int emit(uint32_t w, const uint8_t *order, int *moves, int n) {
    for (; w; w &= w - 1) moves[n++] = order[__builtin_ctz(w)];
    return n;
}

static inline int one_suit(u64 set) {
    return !(set & ~SUIT[__builtin_ctzll(set) >> 4]);
}

/* Append the kinds of ``set`` to ``moves`` by points, the most first, ties the higher kind
 * first (ORDER_DESC).  Within one suit that is the highest rank first: points do not fall as
 * ranks rise. */
static inline int emit_desc(u64 set, int *moves, int n) {
    if (!set) return n;
    if (!one_suit(set)) return emit(places(set, AT_DESC), ORDER_DESC, moves, n);
    for (; set; set &= ~(1ULL << (63 - __builtin_clzll(set))))
        moves[n++] = (63 - __builtin_clzll(set)) >> 1;
    return n;
}

/* Append the kinds of ``set`` to ``moves`` by points, the fewest first, ties the higher kind
 * first (ORDER_ASC).  Within one suit: the ranks worth nothing, highest first, then the
 * others from the lowest up (each of them is worth more than the rank below it). */
static inline int emit_asc(u64 set, int *moves, int n) {
    if (!set) return n;
    if (!one_suit(set)) return emit(places(set, AT_ASC), ORDER_ASC, moves, n);
    u64 zero = set & ZERO_POINTS;
    for (; zero; zero &= ~(1ULL << (63 - __builtin_clzll(zero))))
        moves[n++] = (63 - __builtin_clzll(zero)) >> 1;
    for (set &= ~ZERO_POINTS; set; set &= set - 1) moves[n++] = __builtin_ctzll(set) >> 1;
    return n;
}

/* The suits other than trumps in which an opponent of ``seat`` holds no card but a trump. */
static inline u64 ruffed_suits(const Search *S, int seat) {
    const Spec *s = S->s;
    u64 ruffed = 0;
    int o = s->nxt[seat], side = s->on_side[seat];
    for (int i = 0; i < s->n - 1; i++, o = s->nxt[o]) {
        u64 h = S->hands[o];
        if (s->on_side[o] == side || !(h & s->trump_mask)) continue;
        for (int t = 0; t < 4; t++)
            if (t != s->trump && !(h & SUIT[t])) ruffed |= SUIT[t];
    }
    return ruffed;
}

/* The kinds that no card of ``others`` beats in their own suit: per suit, those from the
 * others' highest card up. */
static inline u64 unbeaten(u64 others) {
    u64 out = 0;
    for (int t = 0; t < 4; t++) {
        u64 o = others & SUIT[t];
        if (!o) out |= SUIT[t];
        else {
            int top = (63 - __builtin_clzll(o)) >> 1;
            out |= ABOVE[top] | (3ULL << (2 * top));
        }
    }
    return out;
}

/* solver._order_leads: the table's move, cards nobody can beat (trumps first, the most points
 * first), then the others, the fewest points first (trumps last).  Unlike the pure solver, a
 * card of the maximising side is not counted as unbeatable in a suit an opponent can trump
 * (decision search-16).  The same order as sorting by (score, kind) as the pure solver does,
 * built from the orders of the kinds by points (decision search-18).  Returns the moves. */
static int order_leads(Search *S, u64 hand, int *moves, int first, int seat) {
    const Spec *s = S->s;
    u64 set = (hand | (hand >> 1)) & LOW2;
    int n = 0;
    if (first >= 0 && (set & ONE[first])) {
        moves[n++] = first;
        set &= ~ONE[first];
    }
    if (!set) return n;
    u64 others = 0;
    int o = s->nxt[seat];
    for (int i = 0; i < s->n - 1; i++) {
        others |= S->hands[o];
        o = s->nxt[o];
    }
    u64 sure = unbeaten(others);
    if (s->trump >= 0 && s->on_side[seat]) sure &= ~ruffed_suits(S, seat);
    u64 trumps = s->trump_mask;
    n = emit_desc(set & sure & trumps, moves, n);
    n = emit_desc(set & sure & ~trumps, moves, n);
    n = emit_asc(set & ~sure & ~trumps, moves, n);
    return emit_asc(set & ~sure & trumps, moves, n);
}

/* solver._order_follows: win cheaply, smear on a partner, else shed low (``set``: the legal
 * kinds, ``winners`` those of them that take the trick).  Returns the moves. */
static int order_follows(int *moves, u64 set, int maximise, int best_is_mine, u64 winners,
                         int last) {
    if (!(set & (set - 1))) {  /* one legal kind */
        moves[0] = __builtin_ctzll(set) >> 1;
        return 1;
    }
    u64 losers = set & ~winners;
    int n;
    if (best_is_mine != maximise) {  /* win as cheaply as possible, else shed the lowest */
        n = emit_asc(winners, moves, 0);
        return emit_asc(losers, moves, n);
    }
    if (last) {  /* the partner's trick: smear the most points, taking it over only after */
        n = emit_desc(losers, moves, 0);
        return emit_desc(winners, moves, n);
    }
    n = emit_asc(winners, moves, 0);
    return emit_desc(losers, moves, n);
}

static int follow(Search *S, int seat, int played, int best_kind, int best_seat, int gained,
                  int alpha, int beta, int rest, u64 key);

/* ``v``, the value of one move, against the ``best`` so far of the side to move: the best and
 * the window's bound on that side follow it.  0: no better; 1: better; 2: better and the
 * window (``a``, ``b``) is closed, a cutoff. */
static inline int update(int maximise, int v, int *best, int *a, int *b) {
    if (maximise) {
        if (v <= *best) return 0;
        *best = v;
        if (v > *a) *a = v;
    } else {
        if (v >= *best) return 0;
        *best = v;
        if (v < *b) *b = v;
    }
    return *a >= *b ? 2 : 1;
}

/* The last trick, every seat holding one card: what the side takes from it (no search). */
static inline int last_trick(const Search *S, int leader) {
    const Spec *s = S->s;
    int seat = leader, best = -1, best_seat = leader, pts = s->bonus;
    for (int i = 0; i < s->n; i++) {
        int kind = __builtin_ctzll(S->hands[seat]) >> 1;
        pts += KP[kind];
        if (best < 0 || beats(kind, best, s->trump)) {
            best = kind;
            best_seat = seat;
        }
        seat = s->nxt[seat];
    }
    return s->on_side[best_seat] ? pts : 0;
}

/* ``key``: pos_key of the hands; ``b``: its table bucket for ``seat``, computed (and
 * prefetched) by the caller; ``e``: the caller's probe of that bucket (NULL: not there).  The
 * entry may since have been given to another position, so it is checked again; an entry
 * that was not there cannot have come since (the searches in between hold fewer cards). */
static int lead(Search *S, int seat, int alpha, int beta, int rest, u64 key, Entry *b,
                Entry *e) {
    if (beta <= 0) return 0;
    if (alpha >= rest) return rest;
    const Spec *s = S->s;
    u64 hand = S->hands[seat];
    if (!hand) return 0;
    S->nodes++;
    int first = -1, low, high;
    if (e && (e->key != key || e->seat != seat)) e = NULL;
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
    int nm = order_leads(S, hand, moves, first, seat);
    int best = maximise ? -1 : rest + 1, best_move = -1;
    int a = alpha, bt = beta, nxt_seat = s->nxt[seat];
    S->cards -= s->n;
    for (int i = 0; i < nm; i++) {
        int kind = moves[i];
        S->hands[seat] = hand - ONE[kind];
        S->trick[0] = kind;
        S->ntrick = 1;
        int v = follow(S, nxt_seat, 1, kind, seat, KP[kind], a, bt, rest - KP[kind],
                       key_without(S, key, seat, kind));
        S->ntrick = 0;
        int better = update(maximise, v, &best, &a, &bt);
        if (better) best_move = kind;
        if (better == 2) break;
    }
    S->hands[seat] = hand;
    S->cards += s->n;
    if (best <= alpha) high = best;
    else if (best >= beta) low = best;
    else low = high = best;
    store(S, b, key, seat, low, high, best_move);
    return best;
}

/* ``key``: pos_key of the hands (those that have played to the trick without their card). */
static int follow(Search *S, int seat, int played, int best_kind, int best_seat, int gained,
                  int alpha, int beta, int rest, u64 key) {
    if (alpha >= gained + rest) return gained + rest;
    const Spec *s = S->s;
    u64 hand = S->hands[seat];
    u64 mask = legal(s, hand, S->trick, S->ntrick, best_kind, must_beat_for(s, seat, best_seat));
    int maximise = s->on_side[seat];
    int last = played + 1 == s->n;
    /* The cards that would take the trick from best_kind (beats(), for all of them at once). */
    u64 beat = ABOVE[best_kind];
    if ((best_kind >> 3) != s->trump) beat |= s->trump_mask;
    u64 set = (mask | (mask >> 1)) & LOW2, winners = set & beat;
    int moves[MAXK];
    int nm = order_follows(moves, set, maximise, s->on_side[best_seat], winners, last);
    int best = maximise ? -1 : 1 << 30;
    int a = alpha, b = beta;
    Entry *buckets[MAXK], *found[MAXK];
    u64 keys[MAXK];
    /* After this trick every seat holds one card: the last trick is played out, not searched
     * (nor kept in the table). */
    int before_last = last && S->cards == s->n;
    if (last && S->cards > s->n) {
        /* The next trick's lead positions: fetch their table buckets while we work. */
        for (int i = 0; i < nm; i++) {
            int kind = moves[i];
            int w_seat = (winners >> (2 * kind)) & 1 ? seat : best_seat;
            keys[i] = key_without(S, key, seat, kind);
            buckets[i] = bucket_of(S, keys[i], w_seat);
            __builtin_prefetch(buckets[i]);
        }
        /* Enhanced transposition cutoff: a next trick already known to be good enough (every
         * hand holds two cards or more after this trick, so the next one is a lead). */
        for (int i = 0; i < nm; i++) {
            int kind = moves[i];
            int w_seat = (winners >> (2 * kind)) & 1 ? seat : best_seat;
            Entry *e = probe(S, buckets[i], keys[i], w_seat);
            found[i] = e;
            if (!e) continue;
            int got = gained + KP[kind];
            int mine = s->on_side[w_seat] ? got : 0;
            if (maximise && mine + e->low >= beta) {
                S->hits++;
                return mine + e->low;
            }
            if (!maximise && mine + e->high <= alpha) {
                S->hits++;
                return mine + e->high;
            }
        }
    }
    for (int i = 0; i < nm; i++) {
        int kind = moves[i], k_pts = KP[kind], w_kind, w_seat, v;
        if ((winners >> (2 * kind)) & 1) {
            w_kind = kind;
            w_seat = seat;
        } else {
            w_kind = best_kind;
            w_seat = best_seat;
        }
        S->hands[seat] = hand - ONE[kind];
        if (last) {
            int got = gained + k_pts, r = rest - k_pts;
            if (!S->hands[w_seat]) {
                got += s->bonus;
                v = s->on_side[w_seat] ? got : 0;
            } else if (before_last) {
                v = (s->on_side[w_seat] ? got : 0) + last_trick(S, w_seat);
            } else {
                int mine = s->on_side[w_seat] ? got : 0;
                int nsaved = S->ntrick;
                S->trick += MAXP;
                S->ntrick = 0;
                v = mine + lead(S, w_seat, a - mine, b - mine, r, keys[i], buckets[i],
                             found[i]);
                S->trick -= MAXP;
                S->ntrick = nsaved;
            }
        } else {
            S->trick[S->ntrick++] = kind;
            v = follow(S, s->nxt[seat], played + 1, w_kind, w_seat, gained + k_pts, a, b,
                       rest - k_pts, key_without(S, key, seat, kind));
            S->ntrick--;
        }
        if (update(maximise, v, &best, &a, &b) == 2) break;
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

/* The cards of the root's trick still to be played (follow counts S->cards without them). */
static inline int root_cards_to_play(const Search *S) {
    return S->s->n - S->root_ntrick;
}

static int window(Search *S, int alpha, int beta) {
    int seat, bk, bs, gained;
    root_start(S, &seat, &bk, &bs, &gained);
    S->trick = S->tricks[0];
    memcpy(S->trick, S->root_trick, sizeof(S->root_trick));
    S->ntrick = S->root_ntrick;
    if (!S->root_ntrick) {
        u64 key = pos_key(S, S->hands);
        Entry *b = bucket_of(S, key, seat);
        return lead(S, seat, alpha, beta, S->rest, key, b, probe(S, b, key, seat));
    }
    int after = root_cards_to_play(S);
    S->cards -= after;
    int v = follow(S, seat, S->root_ntrick, bk, bs, gained, alpha, beta, S->rest,
                   pos_key(S, S->hands));
    S->cards += after;
    return v;
}

/* solver._Search.value: MTD(f) with growing steps.  ``climb`` (a whole solve without a
 * guess): start at the bottom (decision search-11).  Tests the value passes are cheap (they
 * end at the first good enough move and come back with a bound above the test), tests it
 * fails are dear, so the steps grow upward from 1 until a test fails.  Once the value is
 * bracketed every solve bisects: climbing one above the lower bound paid for a run of passes
 * that come back at exactly the test, each near the value and not cheap (decision search-18).
 */
static int mtd(Search *S, int guess, int climb) {
    int low = 0, high = S->rest;
    for (int i = 0; i < S->root_ntrick; i++) high += KP[S->root_trick[i]];
    int t;
    if (guess == NO_GUESS) {
        t = climb ? low + 1 : (low + high + 1) / 2;
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
            values[i] = mine + mtd(S, have_last ? last - mine : NO_GUESS, 0);
            S->rest += KP[kind] + (with_bonus ? s->bonus : 0);
        } else {
            S->rest -= KP[kind];
            values[i] = mtd(S, have_last ? last : NO_GUESS, 0);
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

/* The moves of ``mask`` that can differ in a Durch, lowest kind first.  Only who wins each
 * trick matters there, so two kinds of one suit in the mover's hand with no card of another
 * hand and none of the trick between them in rank, nor of either kind (the first of two equal
 * cards wins), are the same move: whatever card they meet, both beat it or neither does, now
 * and in every later trick, and the duties (follow, beat, trump, undertrump) compare them with
 * other hands' cards only.  One of each such run is
 * kept, its highest.  A defender's many discards of a void suit shrink to a few moves. */
static int durch_moves(const Search *S, int seat, u64 mask, int *moves) {
    const Spec *s = S->s;
    u64 others = 0;
    for (int i = 0; i < s->n; i++)
        if (i != seat) others |= S->hands[i];
    for (int i = 0; i < S->ntrick; i++) others |= ONE[S->trick[i]];
    others = (others | (others >> 1)) & LOW2; /* one bit a kind held elsewhere */
    int all[MAXK];
    int na = kinds_of(mask, all), nm = 0;
    for (int i = 0; i < na; i++) {
        int k = all[i];
        if (i + 1 < na && (all[i + 1] >> 3) == (k >> 3)) {
            /* the kinds from k to the next move, both included, as LOW2 bits: another
             * copy of either end is a card that one of the two ties and the other beats */
            u64 between = (ONE[all[i + 1]] << 2) - ONE[k];
            if (!(others & between)) continue; /* the next move stands for this one */
        }
        moves[nm++] = k;
    }
    return nm;
}

/* solver._Search._durch_search: can the side take every remaining trick? */
static int durch_node(Search *S, int seat, int best_kind, int best_seat) {
    const Spec *s = S->s;
    S->nodes++;
    u64 hand = S->hands[seat], mask;
    if (!S->ntrick) {
        if (!hand) return 1;
        u64 key = pos_key(S, S->hands);
        Entry *e = probe(S, bucket_of(S, key, seat), key, seat);
        if (e) return e->low;
        mask = hand;
    } else {
        mask = legal(s, hand, S->trick, S->ntrick, best_kind, must_beat_for(s, seat, best_seat));
    }
    int maximise = s->on_side[seat], result = !maximise;
    int moves[MAXK];
    int nm = durch_moves(S, seat, mask, moves);
    int at_start = !S->ntrick;
    /* Highest first: the card most likely to win the trick, for either side. */
    for (int i = nm - 1; i >= 0; i--) {
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
                int nsaved = S->ntrick;
                S->trick += MAXP;
                S->ntrick = 0;
                v = durch_node(S, w_seat, -1, -1);
                S->trick -= MAXP;
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
    if (at_start) {
        u64 key = pos_key(S, S->hands);
        store(S, bucket_of(S, key, seat), key, seat, result, result, -1);
    }
    return result;
}


/* --- one solver job: what the Python side asked for, and its answer ----------------------- */

/* Buckets (1 << bits, 64 bytes each) for a job's table.  From 10 tricks left 1 << 17 (8 MB):
 * a quarter million positions fill it well, and it misses the caches less often than 16 MB did
 * (decision search-18: 12% less time over 29 whole hands, 1.7% more nodes). */
int table_bits_for(const Job *j) {
    int cards = cards_left(j->hands);
    int tricks = cards / (j->spec.n ? j->spec.n : 1);
    if (tricks >= 10) return 17;
    if (tricks >= 8) return 16;
    return 13;
}

void run_job_with(Job *j, Table *tt) {
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
    S.leader = pos_of[j->leader];
    memcpy(S.root_trick, j->trick, sizeof(S.root_trick));
    S.root_ntrick = j->ntrick;
    S.rest = js->bonus;
    for (int i = 0; i < MAXP; i++) S.rest += points_of(j->hands[i]);
    S.cards = cards_left(S.hands);
    find_second_holders(&S);
    S.tt = tt;
    if (j->mode == MODE_VALUE) {
        j->value = mtd(&S, j->guess, j->guess == NO_GUESS);
    } else if (j->mode == MODE_ROOT) {
        j->nkinds = root_values(&S, j->kinds, j->values);
    } else {
        int seat, bk, bs, gained;
        root_start(&S, &seat, &bk, &bs, &gained);
        S.trick = S.tricks[0];
        memcpy(S.trick, S.root_trick, sizeof(S.root_trick));
        S.ntrick = S.root_ntrick;
        j->value = durch_node(&S, seat, bk, bs);
    }
    j->nodes = S.nodes;
    j->hits = S.hits;
}

void run_job(Job *j) {
    Table *tt = table_acquire(table_bits_for(j));
    if (!tt) {
        j->failed = 1;
        return;
    }
    run_job_with(j, tt);
    table_release(tt);
}

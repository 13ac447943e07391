/* Greedy rollouts and random playouts (see core.h). */
#include "core.h"

/* --- greedy rollouts (binokel.search.rollout) ----------------------------------------------- */

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
void rollout(const Spec *s, u64 *hands, int leader, int *trick, int ntrick, int *points,
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

/* --- random playouts (binokel.games.binokel.playout) with Python's own generator ---------- */
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

void random_playout(const Spec *s, u64 *hands, int leader, int *trick, int ntrick,
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

/* The compiled twin of the environments' card-play helpers (see binokel/env/native.py).
 *
 * The pure-Python helpers (binokel/env/cardplay.py, binocle_cardplay.py) log one event per
 * step within a hand and apply the events since a seat's last observation to its vector.  This
 * module does the same on the same float32 buffer, in C: it makes the events, applies them, and
 * writes the groups of blocks the steps name from the state.  What needs the games' enums or
 * meld objects (the phase block, the contract's place, the melds) it leaves to the Python
 * helper, as bits in its answer, so both paths write the same vector: tests/env/test_native.py
 * compares them step by step.  It reads the same fields of a state as the Python helpers, so a
 * vector is still its seat's view and nothing more.
 *
 * A *config* is an array('i') of the CONFIG fields (the blocks' positions in the vector, -1 for
 * a block the game has not), then RANK_LIMIT rank numbers and KIND_COUNT card slots (-1 for a
 * kind outside the pack).  Every position is checked against the buffer before it is written.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#define RANK_SLOTS 8
#define KIND_COUNT (4 * RANK_SLOTS)
#define BITS 2
#define POINT_SCALE 1000.0

/* The config's fields, in order (exported as CONFIG so that Python builds it by name). */
enum {
    C_PLAYERS, C_KINDS, C_HAND, C_DISCARD, C_TRICK, C_PLAYED, C_SIZES, C_TO_MOVE, C_LEADER,
    C_WON, C_POINTS, C_BID_MADE, C_PASSED, C_TABLE, C_KNOWN, C_LED, C_STOCK, C_FLAGS, C_PACK,
    C_SEAT, C_PHASE, C_PHASES, C_DEALER, C_ACTIVE, C_SCORES, C_BID, C_DECLARER, C_CONTRACT,
    C_CONTRACTS, C_TRUMP, C_DABB, C_SHOWN, C_MELDED, C_TURNED, C_DIX, C_TURNED_UP, C_TARGET,
    C_RANKS, C_FIELDS
};
static const char *field_names[C_FIELDS] = {
    "players", "kinds", "hand", "discard", "trick", "played", "hand_sizes", "to_move", "leader",
    "tricks_won", "points", "bid_made", "passed", "table", "known", "led_from_table",
    "stock_size", "flags", "pack_size", "seat", "phase", "phases", "dealer", "active", "scores",
    "bid", "declarer", "contract", "contracts", "trump", "dabb", "shown_discard", "melded",
    "turned", "dix_points", "turned_up", "target", "ranks",
};
#define RANK_AT C_FIELDS
#define RANK_LIMIT RANK_SLOTS
#define SLOT_AT (RANK_AT + RANK_LIMIT)
#define CONFIG_LENGTH (SLOT_AT + KIND_COUNT)

/* The event kinds of binokel/env/cardplay.py, and the groups of binocle_cardplay.py this
 * module writes itself. */
#define BID (-1)
#define LAY_AWAY (-2)
#define BIDDING (1 << 30)
#define G_HANDS 1
#define G_KNOWN (1 << 1)
#define G_TABLE (1 << 2)
#define G_MELDS (1 << 3)
#define G_DIX (1 << 4)
#define G_STOCK (1 << 5)
#define G_SCORES (1 << 6)
#define G_TURNED (1 << 7)
#define G_PHASE (1 << 8)
#define G_FLAGS (1 << 9)
#define G_TURN_OVER (1 << 10)
/* Every group (a vector written whole). */
#define G_ALL ((1 << 10) - 1)
/* The groups binocle_write writes (the phase and the melds need the Python enums). */
#define G_WRITTEN (G_HANDS | G_KNOWN | G_TABLE | G_DIX | G_STOCK | G_SCORES | G_TURNED | G_FLAGS \
                   | G_TURN_OVER)

static PyObject *s_leader, *s_cards, *s_winner, *s_kind, *s_active, *s_tricks_won, *s_points,
    *s_to_move, *s_hands, *s_stock_size, *s_dealer, *s_scores, *s_bids, *s_bid, *s_declarer,
    *s_dabb_shown, *s_deal, *s_dabb, *s_discard_packed, *s_shown_discard, *s_known,
    *s_table_bits, *s_turned, *s_dix_points, *s_flag[4], *s_trump, *s_target,
    *s_current_trick, *s_led_from_table, *s_tricks, *s_phase, *s_card, *s_from_table,
    *s_stock_lasts, *s_table_bits_, *s_melds, *s_contract, *s_rules, *s_trump_before_discard;

typedef struct {
    Py_buffer cfg_view, buf_view;
    const int *cfg;
    float *buf;
    Py_ssize_t size;
} Target;

static void release(Target *t) {
    if (t->cfg_view.obj) PyBuffer_Release(&t->cfg_view);
    if (t->buf_view.obj) PyBuffer_Release(&t->buf_view);
}

static int acquire(Target *t, PyObject *cfg, PyObject *buf) {
    memset(t, 0, sizeof(*t));
    if (PyObject_GetBuffer(cfg, &t->cfg_view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (t->cfg_view.itemsize != sizeof(int) || strcmp(t->cfg_view.format, "i") != 0
        || t->cfg_view.len != (Py_ssize_t)(CONFIG_LENGTH * sizeof(int))) {
        PyErr_SetString(PyExc_ValueError, "config: an array('i') made by binokel.env.native");
        release(t);
        return -1;
    }
    if (PyObject_GetBuffer(buf, &t->buf_view,
                           PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        release(t);
        return -1;
    }
    if (t->buf_view.itemsize != sizeof(float) || strcmp(t->buf_view.format, "f") != 0) {
        PyErr_SetString(PyExc_ValueError, "buffer: an array('f')");
        release(t);
        return -1;
    }
    t->cfg = (const int *)t->cfg_view.buf;
    t->buf = (float *)t->buf_view.buf;
    t->size = t->buf_view.len / (Py_ssize_t)sizeof(float);
    return 0;
}

static int out_of_range(Py_ssize_t i) {
    PyErr_Format(PyExc_ValueError, "position %zd is outside the vector", i);
    return -1;
}

/* buf[i] = v, or buf[i] += v, with the index checked. */
static inline int put(Target *t, Py_ssize_t i, float v) {
    if (i < 0 || i >= t->size) return out_of_range(i);
    t->buf[i] = v;
    return 0;
}

static inline int add(Target *t, Py_ssize_t i, float v) {
    if (i < 0 || i >= t->size) return out_of_range(i);
    t->buf[i] = (float)((double)t->buf[i] + (double)v);
    return 0;
}

/* The position of a card kind in the card block at ``start``. */
static inline Py_ssize_t place(const Target *t, int start, long kind) {
    if (kind < 0 || kind >= KIND_COUNT) return -1;
    int slot = t->cfg[SLOT_AT + kind];
    return slot < 0 ? -1 : (Py_ssize_t)start + slot;
}

static inline int seat_ok(const Target *t, long seat) {
    if (seat >= 0 && seat < t->cfg[C_PLAYERS]) return 0;
    PyErr_Format(PyExc_ValueError, "seat %ld is not one of the table's", seat);
    return -1;
}

/* Set bits of a 64-bit word (portable: no compiler builtin). */
static long popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (long)((x * 0x0101010101010101ULL) >> 56);
}

/* A card-count block at ``at``, suit by suit and ranks low to high, from a packed multiset. */
static int write_counts(Target *t, Py_ssize_t at, uint64_t packed) {
    int r = t->cfg[C_RANKS];
    if (r < 0 || r > RANK_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "config: ranks out of range");
        return -1;
    }
    if (at < 0 || at + 4 * r > t->size) return out_of_range(at);
    for (int i = 0; i < r; i++) {
        if (t->cfg[RANK_AT + i] < 0 || t->cfg[RANK_AT + i] >= RANK_SLOTS) {
            PyErr_SetString(PyExc_ValueError, "config: a rank out of range");
            return -1;
        }
    }
    float *out = t->buf + at;
    for (int suit = 0; suit < 4; suit++)
        for (int i = 0; i < r; i++)
            *out++ = (float)((packed >> ((suit * RANK_SLOTS + t->cfg[RANK_AT + i]) * BITS)) & 3);
    return 0;
}

static long attr_long(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    long out = PyLong_AsLong(v);
    Py_DECREF(v);
    return out;
}

/* Item ``i`` of a tuple attribute as a long (``tricks_won[winner]``, ``points[winner]``). */
static long attr_item(PyObject *obj, PyObject *name, long i) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    if (!PyTuple_Check(v) || i < 0 || i >= PyTuple_GET_SIZE(v)) {
        Py_DECREF(v);
        PyErr_SetString(PyExc_ValueError, "a state's per-seat field is not a tuple of seats");
        return -1;
    }
    long out = PyLong_AsLong(PyTuple_GET_ITEM(v, i));
    Py_DECREF(v);
    return out;
}

static long card_kind(PyObject *card) { return attr_long(card, s_kind); }

/* An event as a 3-tuple, its first two items as longs. */
static int unpack_event(PyObject *event, long *mover, long *kind, PyObject **rest) {
    if (!PyTuple_Check(event) || PyTuple_GET_SIZE(event) != 3) {
        PyErr_SetString(PyExc_ValueError, "an event is a 3-tuple");
        return -1;
    }
    *mover = PyLong_AsLong(PyTuple_GET_ITEM(event, 0));
    if (*mover == -1 && PyErr_Occurred()) return -1;
    *kind = PyLong_AsLong(PyTuple_GET_ITEM(event, 1));
    if (*kind == -1 && PyErr_Occurred()) return -1;
    *rest = PyTuple_GET_ITEM(event, 2);
    return 0;
}

/* The seat to act: the first event's mover's entry cleared, the state's set. */
static int write_to_move(Target *t, PyObject *events, PyObject *state) {
    long first = PyLong_AsLong(PyTuple_GET_ITEM(PyList_GET_ITEM(events, 0), 0));
    if (first == -1 && PyErr_Occurred()) return -1;
    long now = attr_long(state, s_to_move);
    if (now == -1 && PyErr_Occurred()) return -1;
    if (seat_ok(t, first) < 0 || seat_ok(t, now) < 0) return -1;
    int at = t->cfg[C_TO_MOVE];
    if (put(t, at + first, 0.0f) < 0) return -1;
    return put(t, at + now, 1.0f);
}

/* The state's seat to act marked (a vector just zeroed), if there is one. */
static int write_to_move_of(Target *t, PyObject *state) {
    long now = attr_long(state, s_to_move);
    if (now == -1 && PyErr_Occurred()) return -1;
    if (now < 0) return 0;
    return seat_ok(t, now) < 0 ? -1 : put(t, t->cfg[C_TO_MOVE] + now, 1.0f);
}

static int check_events(PyObject *events) {
    if (!PyList_Check(events) || PyList_GET_SIZE(events) == 0) {
        PyErr_SetString(PyExc_ValueError, "events: a list of at least one event");
        return -1;
    }
    return 0;
}

/* --- Binokel ------------------------------------------------------------------------------ */

/* A finished trick: its cards to their players' ``played`` blocks, the trick in progress
 * cleared, the leader moved to the winner, the winner's tricks and card points as they are
 * now. */
static int binokel_trick(Target *t, PyObject *done, PyObject *state) {
    const int *c = t->cfg;
    int n = c[C_PLAYERS], k = c[C_KINDS];
    if (c[C_TRICK] < 0 || c[C_TRICK] + n * k > t->size) return out_of_range(c[C_TRICK]);
    memset(t->buf + c[C_TRICK], 0, (size_t)(n * k) * sizeof(float));
    long leader = attr_long(done, s_leader);
    if (leader == -1 && PyErr_Occurred()) return -1;
    long winner = attr_long(done, s_winner);
    if (winner == -1 && PyErr_Occurred()) return -1;
    if (seat_ok(t, leader) < 0 || seat_ok(t, winner) < 0) return -1;
    PyObject *active = PyObject_GetAttr(state, s_active);
    if (!active) return -1;
    PyObject *cards = PyObject_GetAttr(done, s_cards);
    if (!cards) {
        Py_DECREF(active);
        return -1;
    }
    int rc = -1;
    if (!PyTuple_Check(active) || !PyTuple_Check(cards)
        || PyTuple_GET_SIZE(cards) > PyTuple_GET_SIZE(active)) {
        PyErr_SetString(PyExc_ValueError, "a trick's cards and the active seats: tuples");
        goto done;
    }
    Py_ssize_t m = PyTuple_GET_SIZE(active), first = -1;
    for (Py_ssize_t i = 0; i < m; i++) {
        long s = PyLong_AsLong(PyTuple_GET_ITEM(active, i));
        if (s == -1 && PyErr_Occurred()) goto done;
        if (s == leader) {
            first = i;
            break;
        }
    }
    if (first < 0) {
        PyErr_SetString(PyExc_ValueError, "the trick's leader is not an active seat");
        goto done;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(cards); j++) {
        long s = PyLong_AsLong(PyTuple_GET_ITEM(active, (first + j) % m));
        if (s == -1 && PyErr_Occurred()) goto done;
        long kind = card_kind(PyTuple_GET_ITEM(cards, j));
        if (kind == -1 && PyErr_Occurred()) goto done;
        if (seat_ok(t, s) < 0 || add(t, place(t, c[C_PLAYED] + (int)s * k, kind), 1.0f) < 0)
            goto done;
    }
    long won = attr_item(state, s_tricks_won, winner);
    if (won == -1 && PyErr_Occurred()) goto done;
    long points = attr_item(state, s_points, winner);
    if (points == -1 && PyErr_Occurred()) goto done;
    if (put(t, c[C_LEADER] + leader, 0.0f) < 0 || put(t, c[C_LEADER] + winner, 1.0f) < 0
        || put(t, c[C_WON] + winner, (float)won) < 0
        || put(t, c[C_POINTS] + winner, (float)((double)points / POINT_SCALE)) < 0)
        goto done;
    rc = 0;
done:
    Py_DECREF(active);
    Py_DECREF(cards);
    return rc;
}

static int binokel_bid(Target *t, PyObject *entry) {
    if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
        PyErr_SetString(PyExc_ValueError, "a bid event holds a (seat, value) pair");
        return -1;
    }
    long bidder = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
    if (bidder == -1 && PyErr_Occurred()) return -1;
    long value = PyLong_AsLong(PyTuple_GET_ITEM(entry, 1));
    if (value == -1 && PyErr_Occurred()) return -1;
    if (seat_ok(t, bidder) < 0) return -1;
    if (!value) return put(t, t->cfg[C_PASSED] + bidder, 1.0f);
    Py_ssize_t i = t->cfg[C_BID_MADE] + bidder;
    if (i < 0 || i >= t->size) return out_of_range(i);
    double now = t->buf[i], bid = (double)value / POINT_SCALE;
    t->buf[i] = (float)(bid > now ? bid : now);
    return 0;
}

/* binokel_catch_up(config, buf, seat, events, state) -> int: the card plays, bids, passes and
 * cards laid away of ``events`` applied to ``seat``'s vector, and the seat to act; answers the
 * REFRESH groups named, with BIDDING set if a bid or pass was applied (the Python helper then
 * writes those groups, or the bid standing). */
static PyObject *py_binokel_catch_up(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "binokel_catch_up(config, buf, seat, events, state)");
        return NULL;
    }
    PyObject *events = args[3], *state = args[4];
    long seat = PyLong_AsLong(args[2]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (check_events(events) < 0) return NULL;
    Target t;
    if (acquire(&t, args[0], args[1]) < 0) return NULL;
    const int *c = t.cfg;
    int k = c[C_KINDS];
    long refresh = 0;
    if (seat_ok(&t, seat) < 0) goto fail;
    for (Py_ssize_t e = 0; e < PyList_GET_SIZE(events); e++) {
        long mover, kind;
        PyObject *rest;
        if (unpack_event(PyList_GET_ITEM(events, e), &mover, &kind, &rest) < 0) goto fail;
        if (kind >= 0) {  /* a card played */
            if (seat_ok(&t, mover) < 0) goto fail;
            if (mover == seat && add(&t, place(&t, c[C_HAND], kind), -1.0f) < 0) goto fail;
            if (add(&t, c[C_SIZES] + mover, -1.0f) < 0) goto fail;
            if (rest == Py_None) {
                if (put(&t, place(&t, c[C_TRICK] + (int)mover * k, kind), 1.0f) < 0) goto fail;
            } else if (binokel_trick(&t, rest, state) < 0) {
                goto fail;
            }
        } else if (kind == BID) {
            refresh |= BIDDING;
            if (binokel_bid(&t, rest) < 0) goto fail;
        } else if (kind == LAY_AWAY) {
            long card = PyLong_AsLong(rest);
            if (card == -1 && PyErr_Occurred()) goto fail;
            if (seat_ok(&t, mover) < 0) goto fail;
            if (mover == seat && (add(&t, place(&t, c[C_HAND], card), -1.0f) < 0
                                  || add(&t, place(&t, c[C_DISCARD], card), 1.0f) < 0))
                goto fail;
            if (add(&t, c[C_SIZES] + mover, -1.0f) < 0) goto fail;
        } else {  /* REFRESH: its groups, for the Python helper */
            long groups = PyLong_AsLong(rest);
            if (groups == -1 && PyErr_Occurred()) goto fail;
            refresh |= groups & (BIDDING - 1);
        }
    }
    if (write_to_move(&t, events, state) < 0) goto fail;
    release(&t);
    return PyLong_FromLong(refresh);
fail:
    release(&t);
    return NULL;
}

/* A run of ``count`` floats at ``at`` set to zero, checked. */
static int zero(Target *t, Py_ssize_t at, Py_ssize_t count) {
    if (at < 0 || count < 0 || at + count > t->size) return out_of_range(at);
    memset(t->buf + at, 0, (size_t)count * sizeof(float));
    return 0;
}

/* A one-hot run of ``count`` at ``at``: zeroed, then ``hot`` set if it is in the run. */
static int one_hot(Target *t, Py_ssize_t at, Py_ssize_t count, long hot) {
    if (zero(t, at, count) < 0) return -1;
    return hot >= 0 && hot < count ? put(t, at + hot, 1.0f) : 0;
}

/* A packed multiset attribute (``discard_packed``, a deal's ``dabb``) as a card-count block. */
static int counts_of(Target *t, Py_ssize_t at, PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    uint64_t packed = PyLong_AsUnsignedLongLong(v);
    Py_DECREF(v);
    if (packed == (uint64_t)-1 && PyErr_Occurred()) return -1;
    return write_counts(t, at, packed);
}

/* An optional seat attribute (``declarer``): the seat, or -1 for None. */
static long optional_seat(PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (!v) return -2;
    long out = v == Py_None ? -1 : PyLong_AsLong(v);
    Py_DECREF(v);
    if (out == -1 && PyErr_Occurred()) return -2;
    return out;
}

/* The seat's own hand and every seat's hand size, from the state's packed hands. */
static int write_hands(Target *t, long seat, PyObject *state) {
    PyObject *hands = PyObject_GetAttr(state, s_hands);
    if (!hands) return -1;
    int n = t->cfg[C_PLAYERS], rc = -1;
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != n) {
        PyErr_SetString(PyExc_ValueError, "a state's hands: one packed int per seat");
        goto done;
    }
    const uint64_t low = 0x5555555555555555ULL;
    for (int s = 0; s < n; s++) {
        uint64_t packed = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands, s));
        if (packed == (uint64_t)-1 && PyErr_Occurred()) goto done;
        if (s == seat && write_counts(t, t->cfg[C_HAND], packed) < 0) goto done;
        if (put(t, t->cfg[C_SIZES] + s,
                (float)(popcount64(packed & low) + 2 * popcount64((packed >> 1) & low))) < 0)
            goto done;
    }
    rc = 0;
done:
    Py_DECREF(hands);
    return rc;
}

/* The auction's bids and passes into zeroed ``bid_made`` and ``passed`` blocks, and the bid
 * standing. */
static int write_bids(Target *t, PyObject *state) {
    PyObject *bids = PyObject_GetAttr(state, s_bids);
    if (!bids) return -1;
    if (!PyTuple_Check(bids)) {
        Py_DECREF(bids);
        PyErr_SetString(PyExc_ValueError, "a state's bids: a tuple");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(bids); i++) {
        if (binokel_bid(t, PyTuple_GET_ITEM(bids, i)) < 0) {
            Py_DECREF(bids);
            return -1;
        }
    }
    Py_DECREF(bids);
    long bid = attr_long(state, s_bid);
    if (bid == -1 && PyErr_Occurred()) return -1;
    return put(t, t->cfg[C_BID], (float)((double)bid / POINT_SCALE));
}

/* A per-seat tuple of ints into a block, each ÷ ``scale``; zeros are not written (the
 * vector was zeroed). */
static int write_seats(Target *t, PyObject *state, PyObject *name, int at, double scale) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (!v) return -1;
    int n = t->cfg[C_PLAYERS], rc = -1;
    if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != n) {
        PyErr_Format(PyExc_ValueError, "%U: one number per seat (%d)", name, n);
        goto done;
    }
    for (int s = 0; s < n; s++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(v, s));
        if (x == -1 && PyErr_Occurred()) goto done;
        if (x && put(t, at + s, (float)((double)x / scale)) < 0) goto done;
    }
    rc = 0;
done:
    Py_DECREF(v);
    return rc;
}

/* binokel_auction(config, buf, seat, state, phase): ``seat``'s vector of an auction state
 * (no declarer, no trick: the Python helper checked) written whole from its public fields
 * and the seat's own hand; ``phase`` is the auction's place in the phase block. */
static PyObject *py_binokel_auction(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "binokel_auction(config, buf, seat, state, phase)");
        return NULL;
    }
    PyObject *state = args[3];
    long seat = PyLong_AsLong(args[2]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    long phase = PyLong_AsLong(args[4]);
    if (phase == -1 && PyErr_Occurred()) return NULL;
    Target t;
    if (acquire(&t, args[0], args[1]) < 0) return NULL;
    const int *c = t.cfg;
    if (seat_ok(&t, seat) < 0) goto fail;
    memset(t.buf, 0, (size_t)t.size * sizeof(float));
    if (put(&t, c[C_SEAT] + seat, 1.0f) < 0) goto fail;
    if (phase < 0 || phase >= c[C_PHASES] || put(&t, c[C_PHASE] + phase, 1.0f) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "phase: not in the block");
        goto fail;
    }
    long to_move = attr_long(state, s_to_move);
    if (to_move == -1 && PyErr_Occurred()) goto fail;
    if (to_move >= 0 && (seat_ok(&t, to_move) < 0 || put(&t, c[C_TO_MOVE] + to_move, 1.0f) < 0))
        goto fail;
    long dealer = attr_long(state, s_dealer);
    if (dealer == -1 && PyErr_Occurred()) goto fail;
    if (dealer >= 0 && (seat_ok(&t, dealer) < 0 || put(&t, c[C_DEALER] + dealer, 1.0f) < 0))
        goto fail;
    PyObject *active = PyObject_GetAttr(state, s_active);
    if (!active) goto fail;
    if (!PyTuple_Check(active)) {
        Py_DECREF(active);
        PyErr_SetString(PyExc_ValueError, "a state's active seats: a tuple");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(active); i++) {
        long s = PyLong_AsLong(PyTuple_GET_ITEM(active, i));
        if ((s == -1 && PyErr_Occurred()) || seat_ok(&t, s) < 0
            || put(&t, c[C_ACTIVE] + s, 1.0f) < 0) {
            Py_DECREF(active);
            goto fail;
        }
    }
    Py_DECREF(active);
    if (write_hands(&t, seat, state) < 0 || write_bids(&t, state) < 0
        || write_seats(&t, state, s_tricks_won, c[C_WON], 1.0) < 0
        || write_seats(&t, state, s_points, c[C_POINTS], POINT_SCALE) < 0
        || write_seats(&t, state, s_scores, c[C_SCORES], POINT_SCALE) < 0)
        goto fail;
    release(&t);
    Py_RETURN_NONE;
fail:
    release(&t);
    return NULL;
}

/* binokel_refresh(config, buf, seat, groups, state, phase, leader, contract, trump, melds):
 * the REFRESH groups written again from the state, as the Python helper's ``refresh`` has
 * them; the Python helper passes what needs its enums: the phase's place in its block, the
 * leader to mark (-1: none), the contract's and the trump's places (-1: none), and the melds
 * block (melded, then meld points) as an array('f'). */
static PyObject *py_binokel_refresh(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "binokel_refresh(config, buf, seat, groups, state, "
                                         "phase, leader, contract, trump, melds)");
        return NULL;
    }
    long v[6];
    for (int i = 0; i < 6; i++) {
        PyObject *arg = args[i < 2 ? 2 + i : 3 + i];  /* seat, groups, phase ... trump */
        v[i] = PyLong_AsLong(arg);
        if (v[i] == -1 && PyErr_Occurred()) return NULL;
    }
    long seat = v[0], groups = v[1], phase = v[2], leader = v[3], contract = v[4], trump = v[5];
    PyObject *state = args[4];
    Target t;
    if (acquire(&t, args[0], args[1]) < 0) return NULL;
    const int *c = t.cfg;
    int n = c[C_PLAYERS], k = c[C_KINDS];
    Py_buffer melds = {0};
    if (seat_ok(&t, seat) < 0) goto fail;
    long declarer = optional_seat(state, s_declarer);
    if (declarer == -2) goto fail;
    if ((groups & 1) && write_hands(&t, seat, state) < 0) goto fail;
    if (groups & 2) {  /* PHASE: the phase, the leader, the melds */
        if (one_hot(&t, c[C_PHASE], c[C_PHASES], phase) < 0
            || one_hot(&t, c[C_LEADER], n, leader) < 0)
            goto fail;
        if (PyObject_GetBuffer(args[9], &melds, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) goto fail;
        Py_ssize_t count = (Py_ssize_t)(n * k + n);
        if (melds.itemsize != sizeof(float) || strcmp(melds.format, "f") != 0
            || melds.len != count * (Py_ssize_t)sizeof(float)) {
            PyErr_SetString(PyExc_ValueError, "melds: an array('f') of the melded block");
            goto fail;
        }
        if (c[C_MELDED] < 0 || c[C_MELDED] + count > t.size) {
            out_of_range(c[C_MELDED]);
            goto fail;
        }
        memcpy(t.buf + c[C_MELDED], melds.buf, (size_t)melds.len);
    }
    if (groups & 4) {  /* AUCTION: the declarer, the bids, the bid standing */
        if (one_hot(&t, c[C_DECLARER], n, declarer) < 0 || zero(&t, c[C_BID_MADE], n) < 0
            || zero(&t, c[C_PASSED], n) < 0 || write_bids(&t, state) < 0)
            goto fail;
    }
    if ((groups & 8) && (one_hot(&t, c[C_CONTRACT], c[C_CONTRACTS], contract) < 0
                         || one_hot(&t, c[C_TRUMP], 4, trump) < 0))
        goto fail;
    if (groups & 16) {  /* DABB: the deal's Dabb once turned face up */
        PyObject *shown = PyObject_GetAttr(state, s_dabb_shown);
        if (!shown) goto fail;
        int is = PyObject_IsTrue(shown);
        Py_DECREF(shown);
        if (is < 0) goto fail;
        if (is) {
            PyObject *deal = PyObject_GetAttr(state, s_deal);
            if (!deal) goto fail;
            int rc = counts_of(&t, c[C_DABB], deal, s_dabb);
            Py_DECREF(deal);
            if (rc < 0) goto fail;
        } else if (zero(&t, c[C_DABB], k) < 0) {
            goto fail;
        }
    }
    if (groups & 32) {  /* DISCARD: the declarer's own */
        if (declarer == seat ? counts_of(&t, c[C_DISCARD], state, s_discard_packed) < 0
                             : zero(&t, c[C_DISCARD], k) < 0)
            goto fail;
    }
    if (groups & (8 | 32)) {  /* the trumps laid away and shown */
        if (zero(&t, c[C_SHOWN], k) < 0) goto fail;
        PyObject *shown = PyObject_GetAttr(state, s_shown_discard);
        if (!shown) goto fail;
        PyObject *fast = PySequence_Fast(shown, "shown_discard: a sequence of cards");
        Py_DECREF(shown);
        if (!fast) goto fail;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
            long kind = card_kind(PySequence_Fast_GET_ITEM(fast, i));
            if ((kind == -1 && PyErr_Occurred())
                || add(&t, place(&t, c[C_SHOWN], kind), 1.0f) < 0) {
                Py_DECREF(fast);
                goto fail;
            }
        }
        Py_DECREF(fast);
    }
    if (melds.obj) PyBuffer_Release(&melds);
    release(&t);
    Py_RETURN_NONE;
fail:
    if (melds.obj) PyBuffer_Release(&melds);
    release(&t);
    return NULL;
}

/* --- Binocle and Bezique ------------------------------------------------------------------ */

static int binocle_trick(Target *t, PyObject *done, PyObject *state) {
    const int *c = t->cfg;
    int k = c[C_KINDS];
    long leader = attr_long(done, s_leader);
    if (leader == -1 && PyErr_Occurred()) return -1;
    long winner = attr_long(done, s_winner);
    if (winner == -1 && PyErr_Occurred()) return -1;
    if (seat_ok(t, leader) < 0 || seat_ok(t, winner) < 0) return -1;
    PyObject *cards = PyObject_GetAttr(done, s_cards);
    if (!cards) return -1;
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) != 2) {
        Py_DECREF(cards);
        PyErr_SetString(PyExc_ValueError, "a Binocle trick holds two cards");
        return -1;
    }
    long first = card_kind(PyTuple_GET_ITEM(cards, 0));
    long second = first == -1 && PyErr_Occurred() ? -1 : card_kind(PyTuple_GET_ITEM(cards, 1));
    Py_DECREF(cards);
    if (second == -1 && PyErr_Occurred()) return -1;
    long points = attr_item(state, s_points, winner);
    if (points == -1 && PyErr_Occurred()) return -1;
    /* The trick held the lead only (the vector was exact before the events): cleared. */
    if (put(t, place(t, c[C_TRICK] + (int)leader * k, first), 0.0f) < 0
        || put(t, c[C_LED], 0.0f) < 0
        || add(t, place(t, c[C_PLAYED] + (int)leader * k, first), 1.0f) < 0
        || add(t, place(t, c[C_PLAYED] + (int)(1 - leader) * k, second), 1.0f) < 0
        || put(t, c[C_LEADER] + leader, 0.0f) < 0 || put(t, c[C_LEADER] + winner, 1.0f) < 0
        || put(t, c[C_POINTS] + winner, (float)((double)points / POINT_SCALE)) < 0)
        return -1;
    return 0;
}

static int binocle_play(Target *t, long seat, long mover, PyObject *play, PyObject *state) {
    const int *c = t->cfg;
    int k = c[C_KINDS];
    if (!PyTuple_Check(play) || PyTuple_GET_SIZE(play) != 4) {
        PyErr_SetString(PyExc_ValueError, "a card played is (kind, from table, known, trick)");
        return -1;
    }
    long kind = PyLong_AsLong(PyTuple_GET_ITEM(play, 0));
    if (kind == -1 && PyErr_Occurred()) return -1;
    int from_table = PyObject_IsTrue(PyTuple_GET_ITEM(play, 1));
    int known = PyObject_IsTrue(PyTuple_GET_ITEM(play, 2));
    if (from_table < 0 || known < 0 || seat_ok(t, mover) < 0) return -1;
    PyObject *done = PyTuple_GET_ITEM(play, 3);
    if (from_table) {
        if (add(t, place(t, c[C_TABLE] + (int)mover * k, kind), -1.0f) < 0) return -1;
    } else {
        if (mover == seat && add(t, place(t, c[C_HAND], kind), -1.0f) < 0) return -1;
        if (add(t, c[C_SIZES] + mover, -1.0f) < 0) return -1;
        if (known && add(t, place(t, c[C_KNOWN] + (int)mover * k, kind), -1.0f) < 0) return -1;
    }
    if (done == Py_None) {  /* a lead */
        if (put(t, place(t, c[C_TRICK] + (int)mover * k, kind), 1.0f) < 0) return -1;
        return from_table ? put(t, c[C_LED], 1.0f) : 0;
    }
    return binocle_trick(t, done, state);
}


/* Two packed multisets of a state's per-seat attribute, as two card-count blocks at ``at``. */
static int seat_counts(Target *t, Py_ssize_t at, PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (!v) return -1;
    int rc = -1;
    if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != 2) {
        PyErr_Format(PyExc_ValueError, "%U: two packed ints", name);
        goto done;
    }
    for (int s = 0; s < 2; s++) {
        uint64_t packed = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(v, s));
        if ((packed == (uint64_t)-1 && PyErr_Occurred())
            || write_counts(t, at + s * t->cfg[C_KINDS], packed) < 0)
            goto done;
    }
    rc = 0;
done:
    Py_DECREF(v);
    return rc;
}

/* Two ints of a state's attribute (``dix_points``, ``scores``) ÷ 1000 at ``at``. */
static int pair(Target *t, Py_ssize_t at, PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (!v) return -1;
    int rc = -1;
    if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != 2) {
        PyErr_Format(PyExc_ValueError, "%U: two numbers", name);
        goto done;
    }
    for (int s = 0; s < 2; s++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(v, s));
        if ((x == -1 && PyErr_Occurred())
            || put(t, at + s, (float)((double)x / POINT_SCALE)) < 0)
            goto done;
    }
    rc = 0;
done:
    Py_DECREF(v);
    return rc;
}

/* The Binocle groups of G_WRITTEN that ``groups`` names, each written whole from the state (as
 * binocle_cardplay.py's ``write``, in its order). */
static int binocle_groups(Target *t, long seat, long groups, PyObject *state) {
    const int *c = t->cfg;
    int k = c[C_KINDS];
    if ((groups & G_HANDS) && write_hands(t, seat, state) < 0) return -1;
    if (groups & G_STOCK) {
        long stock = attr_long(state, s_stock_size);
        if (stock == -1 && PyErr_Occurred()) return -1;
        if (c[C_PACK] <= 0) {
            PyErr_SetString(PyExc_ValueError, "config: no pack size");
            return -1;
        }
        if (put(t, c[C_STOCK], (float)((double)stock / c[C_PACK])) < 0) return -1;
    }
    if ((groups & G_TURN_OVER)
        && (put(t, c[C_FLAGS] + 2, 0.0f) < 0 || put(t, c[C_FLAGS] + 3, 0.0f) < 0))
        return -1;
    if (groups & G_FLAGS) {
        for (int i = 0; i < 4; i++) {
            PyObject *v = PyObject_GetAttr(state, s_flag[i]);
            if (!v) return -1;
            int is = PyObject_IsTrue(v);
            Py_DECREF(v);
            if (is < 0 || put(t, c[C_FLAGS] + i, is ? 1.0f : 0.0f) < 0) return -1;
        }
    }
    if ((groups & G_KNOWN) && seat_counts(t, c[C_KNOWN], state, s_known) < 0) return -1;
    if ((groups & G_TABLE) && seat_counts(t, c[C_TABLE], state, s_table_bits) < 0) return -1;
    if (groups & G_TURNED) {
        if (zero(t, c[C_TURNED], k) < 0) return -1;
        PyObject *turned = PyObject_GetAttr(state, s_turned);
        if (!turned) return -1;
        long kind = turned == Py_None ? -1 : card_kind(turned);
        int none = turned == Py_None;
        Py_DECREF(turned);
        if (!none && ((kind == -1 && PyErr_Occurred())
                      || put(t, place(t, c[C_TURNED], kind), 1.0f) < 0))
            return -1;
    }
    if ((groups & G_DIX) && pair(t, c[C_DIX], state, s_dix_points) < 0) return -1;
    if ((groups & G_SCORES) && pair(t, c[C_SCORES], state, s_scores) < 0) return -1;
    return 0;
}

/* binocle_write(config, buf, seat, groups, state, to_move) -> int: the seat to act written
 * again (the vector's was ``to_move``, -1 if none) and the groups of G_WRITTEN named; answers
 * the other groups named (the phase, the melds), for the Python helper. */
static PyObject *py_binocle_write(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "binocle_write(config, buf, seat, groups, state, "
                                         "to_move)");
        return NULL;
    }
    long seat = PyLong_AsLong(args[2]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    long groups = PyLong_AsLong(args[3]);
    if (groups == -1 && PyErr_Occurred()) return NULL;
    long before = PyLong_AsLong(args[5]);
    if (before == -1 && PyErr_Occurred()) return NULL;
    PyObject *state = args[4];
    Target t;
    if (acquire(&t, args[0], args[1]) < 0) return NULL;
    const int *c = t.cfg;
    if (seat_ok(&t, seat) < 0) goto fail;
    long now = attr_long(state, s_to_move);
    if (now == -1 && PyErr_Occurred()) goto fail;
    if (before >= 0 && (seat_ok(&t, before) < 0 || put(&t, c[C_TO_MOVE] + before, 0.0f) < 0))
        goto fail;
    if (now >= 0 && (seat_ok(&t, now) < 0 || put(&t, c[C_TO_MOVE] + now, 1.0f) < 0)) goto fail;
    if (binocle_groups(&t, seat, groups, state) < 0) goto fail;
    release(&t);
    return PyLong_FromLong(groups & ~(long)G_WRITTEN);
fail:
    release(&t);
    return NULL;
}

/* An attribute's truth (``led_from_table``): 1, 0, or -1 with an error set. */
static int attr_true(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int is = PyObject_IsTrue(v);
    Py_DECREF(v);
    return is;
}

/* The trick in progress (``current_trick()``: (seat, card) pairs) and whether it was led from
 * the table. */
static int binocle_current(Target *t, PyObject *state) {
    PyObject *trick = PyObject_CallMethodNoArgs(state, s_current_trick);
    if (!trick) return -1;
    PyObject *fast = PySequence_Fast(trick, "current_trick(): a sequence");
    Py_DECREF(trick);
    if (!fast) return -1;
    int rc = -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t i = 0; i < m; i++) {
        PyObject *entry = PySequence_Fast_GET_ITEM(fast, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
            PyErr_SetString(PyExc_ValueError, "current_trick(): (seat, card) pairs");
            goto done;
        }
        long who = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
        if ((who == -1 && PyErr_Occurred()) || seat_ok(t, who) < 0) goto done;
        long kind = card_kind(PyTuple_GET_ITEM(entry, 1));
        if ((kind == -1 && PyErr_Occurred())
            || put(t, place(t, t->cfg[C_TRICK] + (int)who * t->cfg[C_KINDS], kind), 1.0f) < 0)
            goto done;
    }
    if (m) {
        int led = attr_true(state, s_led_from_table);
        if (led < 0 || (led && put(t, t->cfg[C_LED], 1.0f) < 0)) goto done;
    }
    rc = 0;
done:
    Py_DECREF(fast);
    return rc;
}

/* The finished tricks' cards into the zeroed ``played`` blocks. */
static int binocle_played(Target *t, PyObject *state) {
    PyObject *tricks = PyObject_GetAttr(state, s_tricks);
    if (!tricks) return -1;
    int k = t->cfg[C_KINDS], rc = -1;
    if (!PyTuple_Check(tricks)) {
        PyErr_SetString(PyExc_ValueError, "a state's tricks: a tuple");
        goto done;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tricks); i++) {
        PyObject *done_trick = PyTuple_GET_ITEM(tricks, i);
        long leader = attr_long(done_trick, s_leader);
        if ((leader == -1 && PyErr_Occurred()) || seat_ok(t, leader) < 0) goto done;
        PyObject *cards = PyObject_GetAttr(done_trick, s_cards);
        if (!cards) goto done;
        if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) != 2) {
            Py_DECREF(cards);
            PyErr_SetString(PyExc_ValueError, "a Binocle trick holds two cards");
            goto done;
        }
        long first = card_kind(PyTuple_GET_ITEM(cards, 0));
        long second = first == -1 && PyErr_Occurred() ? -1 : card_kind(PyTuple_GET_ITEM(cards, 1));
        Py_DECREF(cards);
        if ((second == -1 && PyErr_Occurred())
            || add(t, place(t, t->cfg[C_PLAYED] + (int)leader * k, first), 1.0f) < 0
            || add(t, place(t, t->cfg[C_PLAYED] + (int)(1 - leader) * k, second), 1.0f) < 0)
            goto done;
    }
    rc = 0;
done:
    Py_DECREF(tricks);
    return rc;
}

/* binocle_whole(config, buf, seat, state, over) -> int: ``seat``'s vector of any Binocle
 * state written whole from its public fields and the seat's own hand (``over``: the game is
 * over, so no leader is marked); answers the groups left for the Python helper (the phase,
 * the melds). */
static PyObject *py_binocle_whole(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "binocle_whole(config, buf, seat, state, over)");
        return NULL;
    }
    long seat = PyLong_AsLong(args[2]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    int over = PyObject_IsTrue(args[4]);
    if (over < 0) return NULL;
    PyObject *state = args[3];
    Target t;
    if (acquire(&t, args[0], args[1]) < 0) return NULL;
    const int *c = t.cfg;
    if (seat_ok(&t, seat) < 0) goto fail;
    memset(t.buf, 0, (size_t)t.size * sizeof(float));
    if (put(&t, c[C_SEAT] + seat, 1.0f) < 0) goto fail;
    long dealer = attr_long(state, s_dealer);
    if (dealer == -1 && PyErr_Occurred()) goto fail;
    if (dealer >= 0 && (seat_ok(&t, dealer) < 0 || put(&t, c[C_DEALER] + dealer, 1.0f) < 0))
        goto fail;
    long trump = attr_long(state, s_trump);
    if ((trump == -1 && PyErr_Occurred()) || trump < 0 || trump > 3
        || put(&t, c[C_TRUMP] + trump, 1.0f) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "trump: a suit");
        goto fail;
    }
    PyObject *deal = PyObject_GetAttr(state, s_deal);
    if (!deal) goto fail;
    long kind = attr_long(deal, s_turned);  /* the deal's turned card, as its kind */
    Py_DECREF(deal);
    if ((kind == -1 && PyErr_Occurred()) || put(&t, place(&t, c[C_TURNED_UP], kind), 1.0f) < 0)
        goto fail;
    long target = attr_long(state, s_target);
    if ((target == -1 && PyErr_Occurred())
        || put(&t, c[C_TARGET], (float)((double)target / POINT_SCALE)) < 0)
        goto fail;
    if (binocle_current(&t, state) < 0 || binocle_played(&t, state) < 0) goto fail;
    long leader = attr_long(state, s_leader);
    if (leader == -1 && PyErr_Occurred()) goto fail;
    if (!over && leader >= 0
        && (seat_ok(&t, leader) < 0 || put(&t, c[C_LEADER] + leader, 1.0f) < 0))
        goto fail;
    PyObject *points = PyObject_GetAttr(state, s_points);
    if (!points) goto fail;
    int bad = !PyTuple_Check(points) || PyTuple_GET_SIZE(points) != 2;
    for (int s = 0; !bad && s < 2; s++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(points, s));
        if ((x == -1 && PyErr_Occurred())
            || put(&t, c[C_POINTS] + s, (float)((double)x / POINT_SCALE)) < 0)
            bad = 1;
    }
    Py_DECREF(points);
    if (bad) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "points: two numbers");
        goto fail;
    }
    if (write_to_move_of(&t, state) < 0 || binocle_groups(&t, seat, G_ALL, state) < 0) goto fail;
    release(&t);
    return PyLong_FromLong(G_ALL & ~(long)G_WRITTEN);
fail:
    release(&t);
    return NULL;
}

/* binocle_catch_up(config, buf, seat, events, state) -> int: the cards played of ``events``
 * applied to ``seat``'s vector, the seat to act, and the groups named of G_WRITTEN; answers the
 * other groups named (the phase, the melds), for the Python helper to write from the state. */
static PyObject *py_binocle_catch_up(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "binocle_catch_up(config, buf, seat, events, state)");
        return NULL;
    }
    PyObject *events = args[3], *state = args[4];
    long seat = PyLong_AsLong(args[2]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (check_events(events) < 0) return NULL;
    Target t;
    if (acquire(&t, args[0], args[1]) < 0) return NULL;
    long groups = 0;
    if (seat_ok(&t, seat) < 0) goto fail;
    for (Py_ssize_t e = 0; e < PyList_GET_SIZE(events); e++) {
        long mover, named;
        PyObject *play;
        if (unpack_event(PyList_GET_ITEM(events, e), &mover, &named, &play) < 0) goto fail;
        groups |= named;
        if (play != Py_None && binocle_play(&t, seat, mover, play, state) < 0) goto fail;
    }
    if (write_to_move(&t, events, state) < 0) goto fail;
    if (binocle_groups(&t, seat, groups, state) < 0) goto fail;
    release(&t);
    return PyLong_FromLong(groups & ~(long)G_WRITTEN);
fail:
    release(&t);
    return NULL;
}

/* --- the events ------------------------------------------------------------------------- */

/* Whether two states' attributes differ: by identity (``is not``, the engines' fields are
 * immutable and shared while unchanged), or by value (``!=``) if ``by_value``; -1 on error. */
static int differs(PyObject *before, PyObject *after, PyObject *name, int by_value) {
    PyObject *a = PyObject_GetAttr(before, name);
    if (!a) return -1;
    PyObject *b = PyObject_GetAttr(after, name);
    if (!b) {
        Py_DECREF(a);
        return -1;
    }
    int out = by_value ? PyObject_RichCompareBool(a, b, Py_NE) : a != b;
    Py_DECREF(a);
    Py_DECREF(b);
    return out;
}

/* (mover, kind, rest) as a new tuple; steals ``rest``. */
static PyObject *event3(long mover, long kind, PyObject *rest) {
    if (!rest) return NULL;
    PyObject *out = PyTuple_New(3);
    PyObject *m = PyLong_FromLong(mover), *k = PyLong_FromLong(kind);
    if (!out || !m || !k) {
        Py_XDECREF(out);
        Py_XDECREF(m);
        Py_XDECREF(k);
        Py_DECREF(rest);
        return NULL;
    }
    PyTuple_SET_ITEM(out, 0, m);
    PyTuple_SET_ITEM(out, 1, k);
    PyTuple_SET_ITEM(out, 2, rest);
    return out;
}

/* The card of an action (``action.card.kind``). */
static long action_kind(PyObject *action) {
    PyObject *card = PyObject_GetAttr(action, s_card);
    if (!card) return -1;
    long kind = card_kind(card);
    Py_DECREF(card);
    return kind;
}

static int consts_of(PyObject *consts, Py_ssize_t n, PyObject ***items) {
    if (!PyTuple_Check(consts) || PyTuple_GET_SIZE(consts) != n) {
        PyErr_Format(PyExc_ValueError, "constants: a tuple of %zd", n);
        return -1;
    }
    *items = &PyTuple_GET_ITEM(consts, 0);
    return 0;
}

/* binocle_event(consts, before, action, after): the event of a Binocle step, as
 * binocle_cardplay.py's ``event`` makes it; ``consts`` is (Play, Phase.GAME_OVER). */
static PyObject *py_binocle_event(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "binocle_event(consts, before, action, after)");
        return NULL;
    }
    PyObject **k, *before = args[1], *action = args[2], *after = args[3];
    if (consts_of(args[0], 2, &k) < 0) return NULL;
    PyObject *after_phase = PyObject_GetAttr(after, s_phase);
    if (!after_phase) return NULL;
    Py_DECREF(after_phase);  /* an enum member: the class holds it */
    if (after_phase == k[1]) Py_RETURN_NONE;
    long mover = attr_long(before, s_to_move);
    if (mover == -1 && PyErr_Occurred()) return NULL;
    int d;
    if ((PyObject *)Py_TYPE(action) == k[0]) {  /* a card to the trick, and the draws after it */
        long kind = action_kind(action);
        if (kind == -1 && PyErr_Occurred()) return NULL;
        PyObject *from_table = PyObject_GetAttr(action, s_from_table);
        if (!from_table) return NULL;
        int table = PyObject_IsTrue(from_table);
        Py_DECREF(from_table);
        if (table < 0) return NULL;
        int known = 0;
        if (!table) {  /* a concealed card the seat was known to hold */
            PyObject *all = PyObject_GetAttr(before, s_known);
            if (!all) return NULL;
            if (!PyTuple_Check(all) || mover < 0 || mover >= PyTuple_GET_SIZE(all)
                || kind < 0 || kind >= KIND_COUNT) {
                Py_DECREF(all);
                PyErr_SetString(PyExc_ValueError, "known: a packed int per seat");
                return NULL;
            }
            uint64_t packed = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(all, mover));
            Py_DECREF(all);
            if (packed == (uint64_t)-1 && PyErr_Occurred()) return NULL;
            known = ((packed >> (kind * BITS)) & 3) != 0;
        }
        PyObject *tricks = PyObject_GetAttr(after, s_tricks);
        if (!tricks) return NULL;
        PyObject *old = PyObject_GetAttr(before, s_tricks);
        if (!old) {
            Py_DECREF(tricks);
            return NULL;
        }
        Py_DECREF(old);  /* (only its identity is read: ``before`` holds it) */
        PyObject *done = Py_None;
        long groups = 0;
        if (tricks != old) {
            if (!PyTuple_Check(tricks)) {
                Py_DECREF(tricks);
                PyErr_SetString(PyExc_ValueError, "a state's tricks: a tuple");
                return NULL;
            }
            if (PyTuple_GET_SIZE(tricks) == 0) {  /* the hand's last trick: a new deal */
                Py_DECREF(tricks);
                Py_RETURN_NONE;
            }
            done = PyTuple_GET_ITEM(tricks, PyTuple_GET_SIZE(tricks) - 1);
            int lasts = attr_true(before, s_stock_lasts);
            if (lasts < 0) goto trick_fail;
            if (lasts) {  /* the meld phase begins, or the draws at once */
                groups = G_TURN_OVER;
                if ((d = differs(before, after, s_phase, 0)) < 0) goto trick_fail;
                if (d) groups |= G_PHASE;
                if ((d = differs(before, after, s_stock_size, 1)) < 0) goto trick_fail;
                if (d) {
                    groups |= G_HANDS | G_STOCK;
                    PyObject *turned = PyObject_GetAttr(after, s_turned);
                    if (!turned) goto trick_fail;
                    Py_DECREF(turned);
                    if (turned == Py_None) groups |= G_KNOWN | G_TABLE | G_TURNED;
                }
            }
        }
        Py_INCREF(done);
        Py_DECREF(tricks);
        PyObject *play = Py_BuildValue("(lOON)", kind, table ? Py_True : Py_False,
                                       known ? Py_True : Py_False, done);
        return event3(mover, groups, play);
    trick_fail:
        Py_DECREF(tricks);
        return NULL;
    }
    /* A meld, the dix exchanged or shown, done (and the draws after them). */
    long groups = G_FLAGS;
    static const struct { PyObject **name; long group; int by_value; } fields[] = {
        {&s_phase, G_PHASE, 0}, {&s_hands, G_HANDS, 0}, {&s_known, G_KNOWN, 0},
        {&s_table_bits_, G_TABLE, 0}, {&s_melds, G_MELDS, 0}, {&s_dix_points, G_DIX, 0},
        {&s_stock_size, G_STOCK, 1}, {&s_turned, G_TURNED, 0}, {&s_scores, G_SCORES, 0},
    };
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        if ((d = differs(before, after, *fields[i].name, fields[i].by_value)) < 0) return NULL;
        if (d) groups |= fields[i].group;
    }
    Py_INCREF(Py_None);
    return event3(mover, groups, Py_None);
}

/* Whether a contract (``state.contract``) is one of the open Durch contracts ``open``. */
static int is_open(PyObject *state, PyObject *const *open) {
    PyObject *contract = PyObject_GetAttr(state, s_contract);
    if (!contract) return -1;
    Py_DECREF(contract);  /* an enum member or None */
    return contract == open[0] || contract == open[1];
}

/* binokel_event(consts, before, action, after): the event of a Binokel step, as cardplay.py's
 * ``event`` makes it; ``consts`` is (Phase.PLAY, AUCTION, DISCARD, GAME_OVER, Play, Discard,
 * Contract.OPEN_DURCH, OPEN_DURCH_NO_DABB). */
static PyObject *py_binokel_event(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "binokel_event(consts, before, action, after)");
        return NULL;
    }
    PyObject **k, *before = args[1], *action = args[2], *after = args[3];
    if (consts_of(args[0], 8, &k) < 0) return NULL;
    PyObject *play = k[0], *auction = k[1], *discard = k[2], *over = k[3];
    PyObject *phase = PyObject_GetAttr(before, s_phase);
    if (!phase) return NULL;
    Py_DECREF(phase);  /* enum members: the class holds them */
    PyObject *after_phase = PyObject_GetAttr(after, s_phase);
    if (!after_phase) return NULL;
    Py_DECREF(after_phase);
    int o;
    if (phase == play) {
        if ((PyObject *)Py_TYPE(action) != k[4] || after_phase != play) Py_RETURN_NONE;
        if ((o = is_open(before, k + 6)) < 0) return NULL;
        if (o) Py_RETURN_NONE;
        long mover = attr_long(before, s_to_move);
        if (mover == -1 && PyErr_Occurred()) return NULL;
        long kind = action_kind(action);
        if (kind == -1 && PyErr_Occurred()) return NULL;
        PyObject *tricks = PyObject_GetAttr(after, s_tricks);
        if (!tricks) return NULL;
        PyObject *old = PyObject_GetAttr(before, s_tricks);
        if (!old) {
            Py_DECREF(tricks);
            return NULL;
        }
        Py_ssize_t n = PyObject_Length(tricks), m = PyObject_Length(old);
        Py_DECREF(old);
        if (n < 0 || m < 0 || !PyTuple_Check(tricks)) {
            Py_DECREF(tricks);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "tricks: a tuple");
            return NULL;
        }
        PyObject *done = n > m ? PyTuple_GET_ITEM(tricks, n - 1) : Py_None;
        Py_INCREF(done);
        Py_DECREF(tricks);
        return event3(mover, kind, done);
    }
    long mover = attr_long(before, s_to_move);
    if (mover == -1 && PyErr_Occurred()) return NULL;
    if (phase == auction && after_phase == auction) {
        PyObject *bids = PyObject_GetAttr(after, s_bids);
        if (!bids) return NULL;
        PyObject *old = PyObject_GetAttr(before, s_bids);
        if (!old) {
            Py_DECREF(bids);
            return NULL;
        }
        Py_ssize_t n = PyObject_Length(bids), m = PyObject_Length(old);
        Py_DECREF(old);
        if (n < 0 || m < 0 || !PyTuple_Check(bids)) {
            Py_DECREF(bids);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bids: a tuple");
            return NULL;
        }
        if (n != m + 1) {
            Py_DECREF(bids);
            Py_RETURN_NONE;
        }
        PyObject *last = PyTuple_GET_ITEM(bids, n - 1);
        Py_INCREF(last);
        Py_DECREF(bids);
        return event3(mover, BID, last);
    }
    if (phase == discard && after_phase == discard && (PyObject *)Py_TYPE(action) == k[5]) {
        PyObject *rules = PyObject_GetAttr(before, s_rules);
        if (!rules) return NULL;
        int first = attr_true(rules, s_trump_before_discard);
        Py_DECREF(rules);
        if (first < 0) return NULL;
        if (!first) {
            long kind = action_kind(action);
            if (kind == -1 && PyErr_Occurred()) return NULL;
            return event3(mover, LAY_AWAY, PyLong_FromLong(kind));
        }
    }
    /* Any other step that keeps the hand going, an open Durch's aside: the groups it changed. */
    if (after_phase == auction || after_phase == over) Py_RETURN_NONE;
    if ((o = is_open(after, k + 6)) < 0) return NULL;
    if (o) Py_RETURN_NONE;
    long groups = after_phase != phase ? 2 : 0;  /* PHASE */
    int d;
    if ((d = differs(before, after, s_hands, 0)) < 0) return NULL;
    if (d) groups |= 1;  /* HANDS */
    if ((d = differs(before, after, s_bids, 0)) < 0) return NULL;
    if (!d && (d = differs(before, after, s_declarer, 1)) < 0) return NULL;
    if (d) groups |= 4;  /* AUCTION */
    if ((d = differs(before, after, s_contract, 0)) < 0) return NULL;
    if (!d && (d = differs(before, after, s_trump, 0)) < 0) return NULL;
    if (d) groups |= 8;  /* CONTRACT */
    if ((d = differs(before, after, s_dabb_shown, 0)) < 0) return NULL;
    if (d) groups |= 16;  /* DABB */
    if ((d = differs(before, after, s_discard_packed, 1)) < 0) return NULL;
    if (d) groups |= 32;  /* DISCARD */
    return event3(mover, -3, PyLong_FromLong(groups));  /* REFRESH */
}

/* counts(config, buf, at, packed): a card-count block written from a packed multiset. */
static PyObject *py_counts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "counts(config, buf, at, packed)");
        return NULL;
    }
    Py_ssize_t at = PyLong_AsSsize_t(args[2]);
    if (at == -1 && PyErr_Occurred()) return NULL;
    uint64_t packed = PyLong_AsUnsignedLongLong(args[3]);
    if (packed == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    Target t;
    if (acquire(&t, args[0], args[1]) < 0) return NULL;
    int rc = write_counts(&t, at, packed);
    release(&t);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"binokel_catch_up", (PyCFunction)(void (*)(void))py_binokel_catch_up, METH_FASTCALL,
     "Apply a Binokel seat's simple events to its vector; the groups left to write."},
    {"binocle_catch_up", (PyCFunction)(void (*)(void))py_binocle_catch_up, METH_FASTCALL,
     "Apply a Binocle seat's events to its vector; the groups left to write."},
    {"binokel_auction", (PyCFunction)(void (*)(void))py_binokel_auction, METH_FASTCALL,
     "Write a Binokel seat's vector of an auction state whole."},
    {"binokel_refresh", (PyCFunction)(void (*)(void))py_binokel_refresh, METH_FASTCALL,
     "Write a Binokel seat's REFRESH groups again from the state."},
    {"binocle_whole", (PyCFunction)(void (*)(void))py_binocle_whole, METH_FASTCALL,
     "Write a Binocle seat's vector of any state whole; the groups left."},
    {"binocle_write", (PyCFunction)(void (*)(void))py_binocle_write, METH_FASTCALL,
     "Write a Binocle seat's groups of blocks again from the state; the groups left."},
    {"binokel_event", (PyCFunction)(void (*)(void))py_binokel_event, METH_FASTCALL,
     "The event of a Binokel step, or None."},
    {"binocle_event", (PyCFunction)(void (*)(void))py_binocle_event, METH_FASTCALL,
     "The event of a Binocle step, or None."},
    {"counts", (PyCFunction)(void (*)(void))py_counts, METH_FASTCALL,
     "Write a card-count block from a packed multiset."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The compiled catch-up (see binokel.env.native).",
    -1, methods, NULL, NULL, NULL, NULL,
};

static int intern(PyObject **out, const char *name) {
    *out = PyUnicode_InternFromString(name);
    return *out ? 0 : -1;
}

PyMODINIT_FUNC PyInit__native(void) {
    if (intern(&s_leader, "leader") < 0 || intern(&s_cards, "cards") < 0
        || intern(&s_winner, "winner") < 0 || intern(&s_kind, "kind") < 0
        || intern(&s_active, "active") < 0 || intern(&s_tricks_won, "tricks_won") < 0
        || intern(&s_points, "points") < 0 || intern(&s_to_move, "to_move") < 0
        || intern(&s_hands, "hands") < 0 || intern(&s_stock_size, "stock_size") < 0
        || intern(&s_dealer, "dealer") < 0 || intern(&s_scores, "scores") < 0
        || intern(&s_bids, "bids") < 0 || intern(&s_bid, "bid") < 0
        || intern(&s_declarer, "declarer") < 0 || intern(&s_dabb_shown, "dabb_shown") < 0
        || intern(&s_deal, "deal") < 0 || intern(&s_dabb, "dabb") < 0
        || intern(&s_discard_packed, "discard_packed") < 0
        || intern(&s_shown_discard, "shown_discard") < 0 || intern(&s_known, "known") < 0
        || intern(&s_table_bits, "table_bits") < 0 || intern(&s_turned, "turned") < 0
        || intern(&s_dix_points, "dix_points") < 0 || intern(&s_trump, "trump") < 0
        || intern(&s_target, "target") < 0 || intern(&s_current_trick, "current_trick") < 0
        || intern(&s_led_from_table, "led_from_table") < 0 || intern(&s_tricks, "tricks") < 0
        || intern(&s_phase, "phase") < 0 || intern(&s_card, "card") < 0
        || intern(&s_from_table, "from_table") < 0 || intern(&s_stock_lasts, "stock_lasts") < 0
        || intern(&s_table_bits_, "table_bits") < 0 || intern(&s_melds, "melds") < 0
        || intern(&s_contract, "contract") < 0 || intern(&s_rules, "rules") < 0
        || intern(&s_trump_before_discard, "trump_before_discard") < 0
        || intern(&s_flag[0], "dix_exchanged") < 0 || intern(&s_flag[1], "dix_shown") < 0
        || intern(&s_flag[2], "has_melded") < 0 || intern(&s_flag[3], "has_used_dix") < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyObject *names = PyTuple_New(C_FIELDS);
    if (!names) goto fail;
    for (int i = 0; i < C_FIELDS; i++) {
        PyObject *s = PyUnicode_FromString(field_names[i]);
        if (!s) {
            Py_DECREF(names);
            goto fail;
        }
        PyTuple_SET_ITEM(names, i, s);
    }
    if (PyModule_AddObject(m, "CONFIG", names) < 0) {
        Py_DECREF(names);
        goto fail;
    }
    if (PyModule_AddIntConstant(m, "RANK_LIMIT", RANK_LIMIT) < 0
        || PyModule_AddIntConstant(m, "KIND_COUNT", KIND_COUNT) < 0
        || PyModule_AddIntConstant(m, "BIDDING", BIDDING) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}

/* The buffers, the checked writes, reading a state's fields and making events (encode.h). */
#include "encode.h"

PyObject *s_leader, *s_cards, *s_winner, *s_kind, *s_active, *s_tricks_won, *s_points,
    *s_to_move, *s_hands, *s_stock_size, *s_dealer, *s_scores, *s_bids, *s_bid, *s_declarer,
    *s_dabb_shown, *s_deal, *s_dabb, *s_discard_packed, *s_shown_discard, *s_known,
    *s_table_bits, *s_turned, *s_dix_points, *s_flag[4], *s_trump, *s_target,
    *s_current_trick, *s_led_from_table, *s_tricks, *s_phase, *s_card, *s_from_table,
    *s_stock_lasts, *s_melds, *s_contract, *s_rules, *s_trump_before_discard;

void release(Target *t) {
    if (t->cfg_view.obj) PyBuffer_Release(&t->cfg_view);
    if (t->buf_view.obj) PyBuffer_Release(&t->buf_view);
}

int acquire(Target *t, PyObject *cfg, PyObject *buf) {
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

int out_of_range(Py_ssize_t i) {
    PyErr_Format(PyExc_ValueError, "position %zd is outside the vector", i);
    return -1;
}


/* Set bits of a 64-bit word (portable: no compiler builtin). */
long popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (long)((x * 0x0101010101010101ULL) >> 56);
}

/* A card-count block at ``at``, suit by suit and ranks low to high, from a packed multiset. */
int write_counts(Target *t, Py_ssize_t at, uint64_t packed) {
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

long attr_long(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    long out = PyLong_AsLong(v);
    Py_DECREF(v);
    return out;
}

/* Item ``i`` of a tuple attribute as a long (``tricks_won[winner]``, ``points[winner]``). */
long attr_item(PyObject *obj, PyObject *name, long i) {
    PyObject *v = state_attr(obj, name);
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


/* An event as a 3-tuple, its first two items as longs. */
int unpack_event(PyObject *event, long *mover, long *kind, PyObject **rest) {
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
int write_to_move(Target *t, PyObject *events, PyObject *state) {
    long first = PyLong_AsLong(PyTuple_GET_ITEM(PyList_GET_ITEM(events, 0), 0));
    if (first == -1 && PyErr_Occurred()) return -1;
    long now = state_long(state, s_to_move);
    if (now == -1 && PyErr_Occurred()) return -1;
    if (seat_ok(t, first) < 0 || seat_ok(t, now) < 0) return -1;
    int at = t->cfg[C_TO_MOVE];
    if (put(t, at + first, 0.0f) < 0) return -1;
    return put(t, at + now, 1.0f);
}

/* A seat field of the state (``to_move``, ``dealer``, ``leader``) marked in the one-hot block
 * at ``at`` (its other entries left as they are), if it names a seat. */
int mark_seat(Target *t, PyObject *state, PyObject *name, int at) {
    long seat = state_long(state, name);
    if (seat == -1 && PyErr_Occurred()) return -1;
    if (seat < 0) return 0;
    return seat_ok(t, seat) < 0 ? -1 : put(t, at + seat, 1.0f);
}

/* A per-seat tuple of ints of the state into a block at ``at``, each ÷ ``scale``. */
int write_seats(Target *t, PyObject *state, PyObject *name, int at, double scale) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (!v) return -1;
    int n = t->cfg[C_PLAYERS], rc = -1;
    if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != n) {
        PyErr_Format(PyExc_ValueError, "%U: one number per seat (%d)", name, n);
        goto done;
    }
    for (int s = 0; s < n; s++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(v, s));
        if ((x == -1 && PyErr_Occurred()) || put(t, at + s, (float)((double)x / scale)) < 0)
            goto done;
    }
    rc = 0;
done:
    Py_DECREF(v);
    return rc;
}

/* The events of a catch-up call (its fourth argument): a list of at least one. */
int check_events(PyObject *const *args, Py_ssize_t nargs) {
    if (nargs > 3 && PyList_Check(args[3]) && PyList_GET_SIZE(args[3]) > 0) return 0;
    if (nargs > 3) PyErr_SetString(PyExc_ValueError, "events: a list of at least one event");
    else PyErr_Format(PyExc_TypeError, "the events are the fourth argument (%zd given)", nargs);
    return -1;
}


/* A run of ``count`` floats at ``at`` set to zero, checked. */
int zero(Target *t, Py_ssize_t at, Py_ssize_t count) {
    if (at < 0 || count < 0 || at + count > t->size) return out_of_range(at);
    memset(t->buf + at, 0, (size_t)count * sizeof(float));
    return 0;
}

/* A one-hot run of ``count`` at ``at``: zeroed, then ``hot`` set if it is in the run. */
int one_hot(Target *t, Py_ssize_t at, Py_ssize_t count, long hot) {
    if (zero(t, at, count) < 0) return -1;
    return hot >= 0 && hot < count ? put(t, at + hot, 1.0f) : 0;
}

/* A packed multiset attribute (``discard_packed``, a deal's ``dabb``) as a card-count block. */
int counts_of(Target *t, Py_ssize_t at, PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    uint64_t packed = PyLong_AsUnsignedLongLong(v);
    Py_DECREF(v);
    if (packed == (uint64_t)-1 && PyErr_Occurred()) return -1;
    return write_counts(t, at, packed);
}

/* An optional seat attribute (``declarer``): the seat, or -1 for None. */
long optional_seat(PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (!v) return -2;
    long out = v == Py_None ? -1 : PyLong_AsLong(v);
    Py_DECREF(v);
    if (out == -1 && PyErr_Occurred()) return -2;
    return out;
}

/* The seat's own hand and every seat's hand size, from the state's packed hands. */
int write_hands(Target *t, long seat, PyObject *state) {
    PyObject *hands = state_attr(state, s_hands);
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


/* An attribute's truth (``led_from_table``): 1, 0, or -1 with an error set. */
int attr_true(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int is = PyObject_IsTrue(v);
    Py_DECREF(v);
    return is;
}


/* --- the events ------------------------------------------------------------------------- */

/* Whether two states' attributes differ: by identity (``is not``, the engines' fields are
 * immutable and shared while unchanged), or by value (``!=``) if ``by_value``; -1 on error. */
int differs(PyObject *before, PyObject *after, PyObject *name, int by_value) {
    PyObject *a = state_attr(before, name);
    if (!a) return -1;
    PyObject *b = state_attr(after, name);
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
PyObject *event3(long mover, long kind, PyObject *rest) {
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
long action_kind(PyObject *action) {
    PyObject *card = PyObject_GetAttr(action, s_card);
    if (!card) return -1;
    long kind = card_kind(card);
    Py_DECREF(card);
    return kind;
}

int consts_of(PyObject *consts, Py_ssize_t n, PyObject ***items) {
    if (!PyTuple_Check(consts) || PyTuple_GET_SIZE(consts) != n) {
        PyErr_Format(PyExc_ValueError, "constants: a tuple of %zd", n);
        return -1;
    }
    *items = &PyTuple_GET_ITEM(consts, 0);
    return 0;
}


static int intern(PyObject **out, const char *name) {
    *out = PyUnicode_InternFromString(name);
    return *out ? 0 : -1;
}


/* The attribute names the files read, interned once. */
int init_names(void) {
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
        || intern(&s_melds, "melds") < 0
        || intern(&s_contract, "contract") < 0 || intern(&s_rules, "rules") < 0
        || intern(&s_trump_before_discard, "trump_before_discard") < 0
        || intern(&s_flag[0], "dix_exchanged") < 0 || intern(&s_flag[1], "dix_shown") < 0
        || intern(&s_flag[2], "has_melded") < 0 || intern(&s_flag[3], "has_used_dix") < 0)
        return -1;
    return 0;
}

/* The head of a call ``(config, buf, seat, ...)``: the count of arguments checked against
 * ``usage``'s, the seat read, the buffers acquired and the seat checked.  0, or -1 with an
 * error set and nothing left acquired. */
int begin(Target *t, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
          const char *usage, long *seat) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments, not %zd", usage, want, nargs);
        return -1;
    }
    *seat = PyLong_AsLong(args[2]);
    if (*seat == -1 && PyErr_Occurred()) return -1;
    if (acquire(t, args[0], args[1]) < 0) return -1;
    if (seat_ok(t, *seat) < 0) {
        release(t);
        return -1;
    }
    return 0;
}

/* --- the fields of the last states seen ------------------------------------------------- */

/* The states of the last event (its ``before`` and its ``after``) and the fields read of them.
 * A state never changes, and each slot holds its state, so no other object can take its
 * address while it is here: a field read once is the same on every later read.  The next
 * event's ``before`` is the last one's ``after``, and the catch-ups read the state of the last
 * step: most reads of the events and catch-ups are found here (decision env-11). */
#define SEEN_FIELDS 32
typedef struct {
    PyObject *state;
    int count;
    PyObject *name[SEEN_FIELDS], *value[SEEN_FIELDS];
} Seen;
static Seen seen[2];

static void forget(Seen *s) {
    for (int i = 0; i < s->count; i++) Py_DECREF(s->value[i]);
    s->count = 0;
    Py_CLEAR(s->state);
}

void see(PyObject *before, PyObject *after) {
    if (seen[0].state == after || seen[1].state == after) return;
    Seen *slot = seen[0].state == before ? &seen[1] : &seen[0];
    forget(slot);
    Py_INCREF(after);
    slot->state = after;
}

PyObject *state_attr(PyObject *state, PyObject *name) {
    Seen *s = seen[0].state == state ? &seen[0] : seen[1].state == state ? &seen[1] : NULL;
    if (!s) return PyObject_GetAttr(state, name);
    for (int i = 0; i < s->count; i++) {
        if (s->name[i] == name) {
            Py_INCREF(s->value[i]);
            return s->value[i];
        }
    }
    PyObject *v = PyObject_GetAttr(state, name);
    if (v && s->count < SEEN_FIELDS) {
        s->name[s->count] = name;  /* interned, held by the module */
        Py_INCREF(v);
        s->value[s->count++] = v;
    }
    return v;
}

long state_long(PyObject *state, PyObject *name) {
    PyObject *v = state_attr(state, name);
    if (!v) return -1;
    long out = PyLong_AsLong(v);
    Py_DECREF(v);
    return out;
}

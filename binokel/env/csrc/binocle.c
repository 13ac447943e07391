/* Binocle and Bezique: the events, the catch-up, the groups and the whole vector, as
 * binokel/env/binocle_cardplay.py has them (encode.h). */
#include "encode.h"

/* A finished Binocle trick's leader and its two cards' kinds, in playing order. */
static int trick_cards(Target *t, PyObject *done, long *leader, long *first, long *second) {
    *leader = attr_long(done, s_leader);
    if ((*leader == -1 && PyErr_Occurred()) || seat_ok(t, *leader) < 0) return -1;
    PyObject *cards = PyObject_GetAttr(done, s_cards);
    if (!cards) return -1;
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) != 2) {
        Py_DECREF(cards);
        PyErr_SetString(PyExc_ValueError, "a Binocle trick holds two cards");
        return -1;
    }
    *first = card_kind(PyTuple_GET_ITEM(cards, 0));
    *second = *first == -1 && PyErr_Occurred() ? -1 : card_kind(PyTuple_GET_ITEM(cards, 1));
    Py_DECREF(cards);
    return *second == -1 && PyErr_Occurred() ? -1 : 0;
}

/* A finished trick's two cards added to their players' ``played`` blocks. */
static int add_played(Target *t, long leader, long first, long second) {
    int at = t->cfg[C_PLAYED], k = t->cfg[C_KINDS];
    if (add(t, place(t, at + (int)leader * k, first), 1.0f) < 0) return -1;
    return add(t, place(t, at + (int)(1 - leader) * k, second), 1.0f);
}

/* A finished trick of the events: the lead cleared from the trick in progress (the vector was
 * exact before the events, so the trick held the lead only), the cards played, the leader
 * moved to the winner, the winner's card points as they are now. */
static int binocle_trick(Target *t, PyObject *done, PyObject *state) {
    const int *c = t->cfg;
    long leader, first, second;
    if (trick_cards(t, done, &leader, &first, &second) < 0) return -1;
    long winner = attr_long(done, s_winner);
    if ((winner == -1 && PyErr_Occurred()) || seat_ok(t, winner) < 0) return -1;
    long points = attr_item(state, s_points, winner);
    if (points == -1 && PyErr_Occurred()) return -1;
    if (put(t, place(t, c[C_TRICK] + (int)leader * c[C_KINDS], first), 0.0f) < 0
        || put(t, c[C_LED], 0.0f) < 0 || add_played(t, leader, first, second) < 0
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

/* The Binocle groups of G_WRITTEN that ``groups`` names, each written whole from the state (as
 * binocle_cardplay.py's ``write``, in its order). */
static int binocle_groups(Target *t, long seat, long groups, PyObject *state) {
    const int *c = t->cfg;
    int k = c[C_KINDS];
    if ((groups & G_HANDS) && write_hands(t, seat, state) < 0) return -1;
    if (groups & G_STOCK) {
        long stock = state_long(state, s_stock_size);
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
    if ((groups & G_DIX) && write_seats(t, state, s_dix_points, c[C_DIX], POINT_SCALE) < 0)
        return -1;
    if ((groups & G_SCORES) && write_seats(t, state, s_scores, c[C_SCORES], POINT_SCALE) < 0)
        return -1;
    return 0;
}

/* binocle_write(config, buf, seat, groups, state, to_move) -> int: the seat to act written
 * again (the vector's was ``to_move``, -1 if none) and the groups of G_WRITTEN named; answers
 * the other groups named (the phase, the melds), for the Python helper. */
PyObject *py_binocle_write(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Target t;
    long seat;
    if (begin(&t, args, nargs, 6, "binocle_write(config, buf, seat, groups, state, to_move)",
              &seat) < 0)
        return NULL;
    PyObject *state = args[4];
    const int *c = t.cfg;
    long groups = PyLong_AsLong(args[3]);
    if (groups == -1 && PyErr_Occurred()) goto fail;
    long before = PyLong_AsLong(args[5]);
    if (before == -1 && PyErr_Occurred()) goto fail;
    if (before >= 0 && (seat_ok(&t, before) < 0 || put(&t, c[C_TO_MOVE] + before, 0.0f) < 0))
        goto fail;
    if (mark_seat(&t, state, s_to_move, c[C_TO_MOVE]) < 0
        || binocle_groups(&t, seat, groups, state) < 0)
        goto fail;
    release(&t);
    return PyLong_FromLong(groups & ~(long)G_WRITTEN);
fail:
    release(&t);
    return NULL;
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
    int rc = -1;
    if (!PyTuple_Check(tricks)) {
        PyErr_SetString(PyExc_ValueError, "a state's tricks: a tuple");
        goto done;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tricks); i++) {
        long leader, first, second;
        if (trick_cards(t, PyTuple_GET_ITEM(tricks, i), &leader, &first, &second) < 0
            || add_played(t, leader, first, second) < 0)
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
PyObject *py_binocle_whole(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Target t;
    long seat;
    if (begin(&t, args, nargs, 5, "binocle_whole(config, buf, seat, state, over)", &seat) < 0)
        return NULL;
    PyObject *state = args[3];
    const int *c = t.cfg;
    int over = PyObject_IsTrue(args[4]);
    if (over < 0) goto fail;
    memset(t.buf, 0, (size_t)t.size * sizeof(float));
    if (put(&t, c[C_SEAT] + seat, 1.0f) < 0) goto fail;
    if (mark_seat(&t, state, s_dealer, c[C_DEALER]) < 0) goto fail;
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
    if (!over && mark_seat(&t, state, s_leader, c[C_LEADER]) < 0) goto fail;
    if (write_seats(&t, state, s_points, c[C_POINTS], POINT_SCALE) < 0
        || mark_seat(&t, state, s_to_move, c[C_TO_MOVE]) < 0
        || binocle_groups(&t, seat, G_ALL, state) < 0)
        goto fail;
    release(&t);
    return PyLong_FromLong(G_ALL & ~(long)G_WRITTEN);
fail:
    release(&t);
    return NULL;
}

/* binocle_catch_up(config, buf, seat, events, state) -> int: the cards played of ``events``
 * applied to ``seat``'s vector, the seat to act, and the groups named of G_WRITTEN; answers the
 * other groups named (the phase, the melds), for the Python helper to write from the state. */
PyObject *py_binocle_catch_up(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Target t;
    long seat;
    if (check_events(args, nargs) < 0
        || begin(&t, args, nargs, 5, "binocle_catch_up(config, buf, seat, events, state)",
                 &seat) < 0)
        return NULL;
    PyObject *events = args[3], *state = args[4];
    long groups = 0;
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


/* binocle_event(consts, before, action, after): the event of a Binocle step, as
 * binocle_cardplay.py's ``event`` makes it; ``consts`` is (Play, Phase.GAME_OVER). */
PyObject *py_binocle_event(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "binocle_event(consts, before, action, after)");
        return NULL;
    }
    PyObject **k, *before = args[1], *action = args[2], *after = args[3];
    if (consts_of(args[0], 2, &k) < 0) return NULL;
    see(before, after);  /* the fields read below are kept for the next calls */
    PyObject *after_phase = state_attr(after, s_phase);
    if (!after_phase) return NULL;
    Py_DECREF(after_phase);  /* an enum member: the class holds it */
    if (after_phase == k[1]) Py_RETURN_NONE;
    long mover = state_long(before, s_to_move);
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
            PyObject *all = state_attr(before, s_known);
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
        PyObject *tricks = state_attr(after, s_tricks);
        if (!tricks) return NULL;
        PyObject *old = state_attr(before, s_tricks);
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
            PyObject *lasts_v = state_attr(before, s_stock_lasts);
            int lasts = lasts_v ? PyObject_IsTrue(lasts_v) : -1;
            Py_XDECREF(lasts_v);
            if (lasts < 0) goto trick_fail;
            if (lasts) {  /* the meld phase begins, or the draws at once */
                groups = G_TURN_OVER;
                if ((d = differs(before, after, s_phase, 0)) < 0) goto trick_fail;
                if (d) groups |= G_PHASE;
                if ((d = differs(before, after, s_stock_size, 1)) < 0) goto trick_fail;
                if (d) {
                    groups |= G_HANDS | G_STOCK;
                    PyObject *turned = state_attr(after, s_turned);
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
        {&s_table_bits, G_TABLE, 0}, {&s_melds, G_MELDS, 0}, {&s_dix_points, G_DIX, 0},
        {&s_stock_size, G_STOCK, 1}, {&s_turned, G_TURNED, 0}, {&s_scores, G_SCORES, 0},
    };
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        if ((d = differs(before, after, *fields[i].name, fields[i].by_value)) < 0) return NULL;
        if (d) groups |= fields[i].group;
    }
    Py_INCREF(Py_None);
    return event3(mover, groups, Py_None);
}


/* Three- and four-seat Binokel: the events, the catch-up, the refresh groups and the auction's
 * vector, as binokel/env/cardplay.py has them (encode.h). */
#include "encode.h"

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
    PyObject *active = state_attr(state, s_active);
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
 * REFRESH groups named, with BIDDING set if a bid or pass was applied too (the Python helper
 * then writes those groups, and the bids again with them).  Bids and passes alone leave only
 * the bid standing, written here: the answer is then 0. */
PyObject *py_binokel_catch_up(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Target t;
    long seat;
    if (check_events(args, nargs) < 0
        || begin(&t, args, nargs, 5, "binokel_catch_up(config, buf, seat, events, state)",
                 &seat) < 0)
        return NULL;
    PyObject *events = args[3], *state = args[4];
    const int *c = t.cfg;
    int k = c[C_KINDS];
    long refresh = 0;
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
    if (refresh == BIDDING) {  /* bids or passes alone: the bid standing is all that is left */
        long bid = state_long(state, s_bid);
        if (bid == -1 && PyErr_Occurred()) goto fail;
        if (put(&t, c[C_BID], (float)((double)bid / POINT_SCALE)) < 0) goto fail;
        refresh = 0;
    }
    release(&t);
    return PyLong_FromLong(refresh);
fail:
    release(&t);
    return NULL;
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

/* binokel_auction(config, buf, seat, state, phase): ``seat``'s vector of an auction state
 * (no declarer, no trick: the Python helper checked) written whole from its public fields
 * and the seat's own hand; ``phase`` is the auction's place in the phase block. */
PyObject *py_binokel_auction(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Target t;
    long seat;
    if (begin(&t, args, nargs, 5, "binokel_auction(config, buf, seat, state, phase)", &seat) < 0)
        return NULL;
    PyObject *state = args[3];
    const int *c = t.cfg;
    long phase = PyLong_AsLong(args[4]);
    if (phase == -1 && PyErr_Occurred()) goto fail;
    memset(t.buf, 0, (size_t)t.size * sizeof(float));
    if (put(&t, c[C_SEAT] + seat, 1.0f) < 0) goto fail;
    if (phase < 0 || phase >= c[C_PHASES] || put(&t, c[C_PHASE] + phase, 1.0f) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "phase: not in the block");
        goto fail;
    }
    if (mark_seat(&t, state, s_to_move, c[C_TO_MOVE]) < 0
        || mark_seat(&t, state, s_dealer, c[C_DEALER]) < 0)
        goto fail;
    PyObject *active = state_attr(state, s_active);
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
PyObject *py_binokel_refresh(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Target t;
    long seat;
    if (begin(&t, args, nargs, 10, "binokel_refresh(config, buf, seat, groups, state, phase, "
                                   "leader, contract, trump, melds)", &seat) < 0)
        return NULL;
    PyObject *state = args[4];
    const int *c = t.cfg;
    int n = c[C_PLAYERS], k = c[C_KINDS];
    Py_buffer melds = {0};
    long v[5];  /* groups, then phase ... trump */
    for (int i = 0; i < 5; i++) {
        v[i] = PyLong_AsLong(args[i ? 4 + i : 3]);
        if (v[i] == -1 && PyErr_Occurred()) goto fail;
    }
    long groups = v[0], phase = v[1], leader = v[2], contract = v[3], trump = v[4];
    long declarer = -1;  /* read only for the groups that show it */
    if ((groups & (R_AUCTION | R_DISCARD)) && (declarer = optional_seat(state, s_declarer)) == -2)
        goto fail;
    if ((groups & R_HANDS) && write_hands(&t, seat, state) < 0) goto fail;
    if (groups & R_PHASE) {  /* the phase, the leader, the melds */
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
    if (groups & R_AUCTION) {  /* the declarer, the bids, the bid standing */
        if (one_hot(&t, c[C_DECLARER], n, declarer) < 0 || zero(&t, c[C_BID_MADE], n) < 0
            || zero(&t, c[C_PASSED], n) < 0 || write_bids(&t, state) < 0)
            goto fail;
    }
    if ((groups & R_CONTRACT) && (one_hot(&t, c[C_CONTRACT], c[C_CONTRACTS], contract) < 0
                         || one_hot(&t, c[C_TRUMP], 4, trump) < 0))
        goto fail;
    if (groups & R_DABB) {  /* the deal's Dabb once turned face up */
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
    if (groups & R_DISCARD) {  /* the declarer's own */
        if (declarer == seat ? counts_of(&t, c[C_DISCARD], state, s_discard_packed) < 0
                             : zero(&t, c[C_DISCARD], k) < 0)
            goto fail;
    }
    if (groups & (R_CONTRACT | R_DISCARD)) {  /* the trumps laid away and shown */
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


/* Whether a contract (``state.contract``) is one of the open Durch contracts ``open``. */
static int is_open(PyObject *state, PyObject *const *open) {
    PyObject *contract = state_attr(state, s_contract);
    if (!contract) return -1;
    Py_DECREF(contract);  /* an enum member or None */
    return contract == open[0] || contract == open[1];
}

/* binokel_event(consts, before, action, after): the event of a Binokel step, as cardplay.py's
 * ``event`` makes it; ``consts`` is (Phase.PLAY, AUCTION, DISCARD, GAME_OVER, Play, Discard,
 * Contract.OPEN_DURCH, OPEN_DURCH_NO_DABB). */
PyObject *py_binokel_event(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "binokel_event(consts, before, action, after)");
        return NULL;
    }
    PyObject **k, *before = args[1], *action = args[2], *after = args[3];
    if (consts_of(args[0], 8, &k) < 0) return NULL;
    see(before, after);  /* the fields read below are kept for the next calls */
    PyObject *play = k[0], *auction = k[1], *discard = k[2], *over = k[3];
    PyObject *phase = state_attr(before, s_phase);
    if (!phase) return NULL;
    Py_DECREF(phase);  /* enum members: the class holds them */
    PyObject *after_phase = state_attr(after, s_phase);
    if (!after_phase) return NULL;
    Py_DECREF(after_phase);
    int o;
    if (phase == play) {
        if ((PyObject *)Py_TYPE(action) != k[4] || after_phase != play) Py_RETURN_NONE;
        if ((o = is_open(before, k + 6)) < 0) return NULL;
        if (o) Py_RETURN_NONE;
        long mover = state_long(before, s_to_move);
        if (mover == -1 && PyErr_Occurred()) return NULL;
        long kind = action_kind(action);
        if (kind == -1 && PyErr_Occurred()) return NULL;
        PyObject *tricks = state_attr(after, s_tricks);
        if (!tricks) return NULL;
        PyObject *old = state_attr(before, s_tricks);
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
    long mover = state_long(before, s_to_move);
    if (mover == -1 && PyErr_Occurred()) return NULL;
    if (phase == auction && after_phase == auction) {
        PyObject *bids = state_attr(after, s_bids);
        if (!bids) return NULL;
        PyObject *old = state_attr(before, s_bids);
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
        PyObject *rules = state_attr(before, s_rules);
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
    long groups = after_phase != phase ? R_PHASE : 0;
    int d;
    if ((d = differs(before, after, s_hands, 0)) < 0) return NULL;
    if (d) groups |= R_HANDS;
    if ((d = differs(before, after, s_bids, 0)) < 0) return NULL;
    if (!d && (d = differs(before, after, s_declarer, 1)) < 0) return NULL;
    if (d) groups |= R_AUCTION;
    if ((d = differs(before, after, s_contract, 0)) < 0) return NULL;
    if (!d && (d = differs(before, after, s_trump, 0)) < 0) return NULL;
    if (d) groups |= R_CONTRACT;
    if ((d = differs(before, after, s_dabb_shown, 0)) < 0) return NULL;
    if (d) groups |= R_DABB;
    if ((d = differs(before, after, s_discard_packed, 1)) < 0) return NULL;
    if (d) groups |= R_DISCARD;
    return event3(mover, REFRESH, PyLong_FromLong(groups));
}


/* The Python glue of the native search core: arguments in, answers out (see core.h).
 * Python builds the arguments (binokel/search/native.py); the core never sees a Rules object.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "core.h"

/* --- argument parsing --------------------------------------------------------------------- */

/* The ints of a fast sequence (PySequence_Fast's), at most ``max`` of them. */
static int fast_ints(PyObject *fast, int *out, int max, const char *what) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > max) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d items, not %zd", what, max, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        out[i] = (int)v;
    }
    return (int)n;
}

static int int_items(PyObject *seq, int *out, int max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    int n = fast_ints(fast, out, max, what);
    Py_DECREF(fast);
    return n;
}

/* One int per seat: exactly ``players`` of them (a short list would be changed only in part).
 * ``seq`` is converted once: an iterator is read once, and its items are the ones counted. */
static int seat_items(PyObject *seq, int *out, int players, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n != players) {
        PyErr_Format(PyExc_ValueError, "%s: one per seat (%d), not %zd", what, players, n);
        Py_DECREF(fast);
        return -1;
    }
    memset(out, 0, MAXP * sizeof(int));
    int got = fast_ints(fast, out, MAXP, what);
    Py_DECREF(fast);
    return got < 0 ? -1 : 0;
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

/* The cards of a packed hand: its two-bit counts summed in four-, then eight-bit lanes (no
 * popcount, which a build for any x86-64 makes a library call). */
static int cards_in(u64 hand) {
    const u64 lanes = 0x3333333333333333ULL, bytes = 0x0F0F0F0F0F0F0F0FULL;
    u64 x = (hand & lanes) + ((hand >> 2) & lanes);
    x = (x + (x >> 4)) & bytes;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* No kind has more than two copies in the hands and the trick: the copies of each kind summed
 * in four-bit lanes (even kinds in one word, odd kinds in the other), a few operations instead
 * of a loop over every kind (rollout batches check each start).  A hand with a count of 3 in a
 * kind could overflow a lane and is left to the slow loop. */
static int copies_ok(const u64 *hands, const int *trick, int nt) {
    const u64 lanes = 0x3333333333333333ULL, low3 = 0x7777777777777777ULL;
    const u64 five = 0x5555555555555555ULL, top = 0x8888888888888888ULL;
    u64 even = 0, odd = 0;
    for (int i = 0; i < MAXP; i++) {
        u64 h = hands[i];
        if (h & (h >> 1) & LOW2) return 0;
        even += h & lanes;
        odd += (h >> 2) & lanes;
    }
    for (int i = 0; i < nt; i++) {
        int k = trick[i];
        if (k & 1) odd += 1ULL << (2 * k - 2);
        else even += 1ULL << (2 * k);
    }
    /* a lane of 3..12: bit 3 set in the lane or in its low three bits plus 5 */
    return !(((((even & low3) + five) | even) | (((odd & low3) + five) | odd)) & top);
}

/* The hands and the trick of a position fit together (seat and kinds already checked): of
 * each kind at most two copies in all hands and the trick (the solver's exact table key and
 * its last trick rely on it), and, in playing order from the leader, the seats that have
 * played to the trick hold one card fewer than those still to play. */
static int position_ok(const Spec *s, const u64 *hands, int leader, const int *trick, int nt) {
    if (!copies_ok(hands, trick, nt)) {
        /* which kind: the lanes only say that one has too many */
        int copies[MAXK] = {0};
        for (int i = 0; i < MAXP; i++)
            for (int k = 0; k < MAXK; k++) copies[k] += (int)((hands[i] >> (2 * k)) & 3);
        for (int i = 0; i < nt; i++) copies[trick[i]]++;
        for (int k = 0; k < MAXK; k++)
            if (copies[k] > 2) {
                PyErr_Format(PyExc_ValueError,
                             "card kind %d: %d copies in the hands and the trick, at most two",
                             k, copies[k]);
                return 0;
            }
    }
    int size = cards_in(hands[leader]), seat = leader;
    for (int i = 0; i < s->n; i++, seat = s->nxt[seat]) {
        int want = size + (nt > 0 && i >= nt);
        if (cards_in(hands[seat]) != want) {
            PyErr_Format(PyExc_ValueError,
                         "hand sizes do not fit the trick: seat %d holds %d cards, not %d (the "
                         "seats that played to it hold one fewer than those still to play)",
                         seat, cards_in(hands[seat]), want);
            return 0;
        }
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
    if (!seat_ok(s, j->leader) || !kinds_ok(j->trick, nt)
        || !position_ok(s, j->hands, j->leader, j->trick, nt))
        return -1;
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
    if (nt > s->n) {  /* as the batch paths check: no more cards than players */
        PyErr_SetString(PyExc_ValueError, "trick: too many cards for the players");
        return -1;
    }
    st->ntrick = nt;
    memset(st->won, 0, sizeof(st->won));
    if (seat_items(points, st->points, s->players, "points") < 0) return -1;
    if (won && seat_items(won, st->won, s->players, "won") < 0) return -1;
    if (!seat_ok(s, leader) || !kinds_ok(st->trick, nt)
        || !position_ok(s, st->hands, leader, st->trick, nt))
        return -1;
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

/* The starts of a sequence of (hands, leader, trick, points, won) tuples, checked; NULL with
 * an exception set when one is not a start of this spec.  The caller frees the array. */
static Start *parse_starts(const Spec *s, PyObject *seq, Py_ssize_t *count) {
    PyObject *fast = PySequence_Fast(seq, "starts must be a sequence");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Start *starts = calloc(n ? (size_t)n : 1, sizeof(Start));
    if (!starts) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(fast, i), *hands, *trick, *points, *won;
        int leader;
        int is_start = PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 5;
        if (!is_start)
            PyErr_SetString(PyExc_TypeError, "a start is (hands, leader, trick, points, won)");
        if (!is_start || !PyArg_ParseTuple(t, "OiOOO", &hands, &leader, &trick, &points, &won)
            || parse_start(s, hands, leader, trick, points, won, &starts[i]) < 0) {
            free(starts);
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    *count = n;
    return starts;
}

static void run_rollouts(const Spec *s, Start *starts, Py_ssize_t n, int threads) {
    Py_BEGIN_ALLOW_THREADS
    run_parallel(starts, sizeof(Start), (size_t)n, threads < 1 ? 1 : threads, rollout_item,
                 (void *)s);
    Py_END_ALLOW_THREADS
}

/* rollouts(spec, [(hands, leader, trick, points, won), ...], threads) -> [(points, won), ...] */
static PyObject *py_rollouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *seq;
    int threads;
    if (!PyArg_ParseTuple(args, "OOi", &capsule, &seq, &threads)) return NULL;
    Spec *s = spec_of(capsule);
    if (!s) return NULL;
    Py_ssize_t n = 0;
    Start *starts = parse_starts(s, seq, &n);
    if (!starts) return NULL;
    run_rollouts(s, starts, n, threads);
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

/* pack_starts(spec, starts) -> bytes: the starts as the core's own records, checked once, for
 * rollouts_packed (which then converts nothing under the interpreter lock). */
static PyObject *py_pack_starts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *seq;
    if (!PyArg_ParseTuple(args, "OO", &capsule, &seq)) return NULL;
    Spec *s = spec_of(capsule);
    if (!s) return NULL;
    Py_ssize_t n = 0;
    Start *starts = parse_starts(s, seq, &n);
    if (!starts) return NULL;
    PyObject *out = PyBytes_FromStringAndSize((const char *)starts, n * (Py_ssize_t)sizeof(Start));
    free(starts);
    return out;
}

/* A packed record is only trusted after the same checks parse_start makes. */
static int packed_start_ok(const Spec *s, const Start *st) {
    if (st->ntrick < 0 || st->ntrick > s->n) {
        PyErr_SetString(PyExc_ValueError, "packed starts: a trick of more cards than players");
        return 0;
    }
    for (int i = s->players; i < MAXP; i++)
        if (st->hands[i] || st->points[i] || st->won[i]) {
            PyErr_Format(PyExc_ValueError, "packed starts: not packed for %d seats", s->players);
            return 0;
        }
    return seat_ok(s, st->leader) && kinds_ok(st->trick, st->ntrick)
           && position_ok(s, st->hands, st->leader, st->trick, st->ntrick);
}

/* rollouts_packed(spec, packed, threads) -> bytes: for each start of pack_starts, the points
 * and then the tricks won of every seat at the end of its greedy rollout, as C ints. */
static PyObject *py_rollouts_packed(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule;
    Py_buffer view;
    int threads;
    if (!PyArg_ParseTuple(args, "Oy*i", &capsule, &view, &threads)) return NULL;
    Spec *s = spec_of(capsule);
    if (!s || view.len % (Py_ssize_t)sizeof(Start)) {
        if (s) PyErr_SetString(PyExc_ValueError, "packed starts: not a whole number of records");
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t n = view.len / (Py_ssize_t)sizeof(Start);
    Start *starts = malloc(n ? (size_t)view.len : 1);
    if (!starts) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    memcpy(starts, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    for (Py_ssize_t i = 0; i < n; i++)
        if (!packed_start_ok(s, &starts[i])) {
            free(starts);
            return NULL;
        }
    run_rollouts(s, starts, n, threads);
    int p = s->players;
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * 2 * p * (Py_ssize_t)sizeof(int));
    if (out) {
        int *r = (int *)PyBytes_AS_STRING(out);
        for (Py_ssize_t i = 0; i < n; i++, r += 2 * p) {
            memcpy(r, starts[i].points, (size_t)p * sizeof(int));
            memcpy(r + p, starts[i].won, (size_t)p * sizeof(int));
        }
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
    /* Every new value first, so that running out of memory leaves the lists as they were. */
    int p = s->players;
    PyObject *made[3 * MAXP] = {NULL};
    for (int i = 0; i < p; i++) {
        made[i] = PyLong_FromUnsignedLongLong(st.hands[i]);
        made[p + i] = PyLong_FromLong(st.points[i]);
        made[2 * p + i] = PyLong_FromLong(st.won[i]);
    }
    for (int i = 0; i < 3 * p; i++)
        if (!made[i]) {
            for (int k = 0; k < 3 * p; k++) Py_XDECREF(made[k]);
            return NULL;
        }
    if (PyList_SetSlice(trick, 0, PyList_GET_SIZE(trick), NULL) < 0) {
        for (int k = 0; k < 3 * p; k++) Py_DECREF(made[k]);
        return NULL;
    }
    for (int i = 0; i < p; i++) {  /* the lengths were checked: these steal and cannot fail */
        PyList_SetItem(hands, i, made[i]);
        PyList_SetItem(points, i, made[p + i]);
        PyList_SetItem(won, i, made[2 * p + i]);
    }
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
    {"pack_starts", py_pack_starts, METH_VARARGS, "Rollout starts as checked C records."},
    {"rollouts_packed", py_rollouts_packed, METH_VARARGS,
     "Greedy rollouts of packed starts on threads; the results as C ints."},
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

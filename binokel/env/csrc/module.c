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
#include "encode.h"

static const char *field_names[C_FIELDS] = {
    "players", "kinds", "hand", "discard", "trick", "played", "hand_sizes", "to_move", "leader",
    "tricks_won", "points", "bid_made", "passed", "table", "known", "led_from_table",
    "stock_size", "flags", "pack_size", "seat", "phase", "phases", "dealer", "active", "scores",
    "bid", "declarer", "contract", "contracts", "trump", "dabb", "shown_discard", "melded",
    "turned", "dix_points", "turned_up", "target", "ranks",
};

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

PyMODINIT_FUNC PyInit__native(void) {
    if (init_names() < 0) return NULL;
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
    if (PyType_Ready(&MasksType) < 0) goto fail;
    Py_INCREF(&MasksType);
    if (PyModule_AddObject(m, "Masks", (PyObject *)&MasksType) < 0) {
        Py_DECREF(&MasksType);
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

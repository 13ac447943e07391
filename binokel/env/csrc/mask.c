/* Action masks from legal actions, by the actions' identity (binokel/env/codec.py, ActionMap).
 *
 * An action map numbers a fixed tuple of action instances, and the engines hand out those very
 * instances as their legal actions.  A Masks object holds that tuple (so no other object can
 * take one of their addresses) and a table from each instance's address to its number; called
 * with the legal actions, it answers a new int8 array with 1 at each of their numbers, or None
 * if one of them is not one of the map's instances (the caller then looks them up by value).
 * No action is hashed or compared, and no Python int is made.
 */
#include "encode.h"

#include <stddef.h>

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *actions; /* the map's tuple, held */
    PyObject *copy;    /* the bound ``copy`` of a zero int8 array of one entry per action */
    Py_ssize_t count;
    size_t mask;       /* the table's size - 1 (a power of two, at least twice the count) */
    uintptr_t *keys;   /* an action's address, 0 for an empty place */
    Py_ssize_t *numbers;
} Masks;

static size_t place_of(uintptr_t key, size_t mask) {
    /* Objects are aligned: the low bits say little. */
    return (size_t)(((key >> 4) * 0x9E3779B97F4A7C15ULL) >> 17) & mask;
}

static PyObject *masks_call(PyObject *callable, PyObject *const *args, size_t nargsf,
                            PyObject *kwnames);

static void masks_dealloc(Masks *self) {
    Py_XDECREF(self->actions);
    Py_XDECREF(self->copy);
    PyMem_Free(self->keys);
    PyMem_Free(self->numbers);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Masks(actions, zeros): ``actions`` a tuple of distinct objects, ``zeros`` an int8 array of
 * one entry per action whose ``copy()`` gives each answer's array. */
static PyObject *masks_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *actions, *zeros;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "Masks(actions, zeros) takes no keywords");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O!O:Masks", &PyTuple_Type, &actions, &zeros)) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(zeros, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    int fits = view.itemsize == 1 && view.len == PyTuple_GET_SIZE(actions)
               && strcmp(view.format, "b") == 0;
    PyBuffer_Release(&view);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "Masks: zeros must be an int8 array, one per action");
        return NULL;
    }
    Masks *self = (Masks *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->vectorcall = masks_call;
    self->count = PyTuple_GET_SIZE(actions);
    size_t size = 16;
    while (size < 2 * (size_t)self->count) size *= 2;
    self->mask = size - 1;
    self->keys = PyMem_Calloc(size, sizeof(uintptr_t));
    self->numbers = PyMem_Calloc(size, sizeof(Py_ssize_t));
    Py_INCREF(actions);
    self->actions = actions;
    self->copy = PyObject_GetAttrString(zeros, "copy");
    if (!self->keys || !self->numbers || !self->copy) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        Py_DECREF(self);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < self->count; i++) {
        uintptr_t key = (uintptr_t)PyTuple_GET_ITEM(actions, i);
        size_t at = place_of(key, self->mask);
        while (self->keys[at] && self->keys[at] != key) at = (at + 1) & self->mask;
        if (self->keys[at]) {
            PyErr_Format(PyExc_ValueError, "Masks: action %zd appears twice", i);
            Py_DECREF(self);
            return NULL;
        }
        self->keys[at] = key;
        self->numbers[at] = i;
    }
    return (PyObject *)self;
}

/* The number of the map's action at ``key``, or -1. */
static Py_ssize_t number_of(const Masks *self, uintptr_t key) {
    size_t at = place_of(key, self->mask);
    while (self->keys[at]) {
        if (self->keys[at] == key) return self->numbers[at];
        at = (at + 1) & self->mask;
    }
    return -1;
}

/* masks(legal): a new mask of ``legal`` (a tuple or a list), or None. */
static PyObject *masks_call(PyObject *callable, PyObject *const *args, size_t nargsf,
                            PyObject *kwnames) {
    Masks *self = (Masks *)callable;
    if (PyVectorcall_NARGS(nargsf) != 1 || (kwnames && PyTuple_GET_SIZE(kwnames))) {
        PyErr_SetString(PyExc_TypeError, "masks(legal) takes one argument");
        return NULL;
    }
    PyObject *legal = args[0];
    PyObject *seq = PySequence_Fast(legal, "masks(legal): a tuple or a list of actions");
    if (!seq) return NULL;
    PyObject *out = PyObject_CallNoArgs(self->copy);
    if (!out) {
        Py_DECREF(seq);
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(out, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) goto fail;
    if (view.len != self->count) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "masks: the array's copy has another size");
        goto fail;
    }
    char *bytes = view.buf;
    memset(bytes, 0, (size_t)view.len);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t number = number_of(self, (uintptr_t)items[i]);
        if (number < 0) { /* an equal action of another instance: the caller looks it up */
            PyBuffer_Release(&view);
            Py_DECREF(out);
            Py_DECREF(seq);
            Py_RETURN_NONE;
        }
        bytes[number] = 1;
    }
    PyBuffer_Release(&view);
    Py_DECREF(seq);
    return out;
fail:
    Py_DECREF(out);
    Py_DECREF(seq);
    return NULL;
}

PyTypeObject MasksType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "binokel.env._native.Masks",
    .tp_basicsize = sizeof(Masks),
    .tp_dealloc = (destructor)masks_dealloc,
    .tp_vectorcall_offset = offsetof(Masks, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Masks(actions, zeros): masks(legal) is a new int8 array with 1 at the number "
              "of each legal action, or None if one is not one of the map's instances.",
    .tp_new = masks_new,
};

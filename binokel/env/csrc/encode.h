/* What the compiled catch-up's files share (binokel/env/csrc/): the config's layout, the groups
 * of blocks, the target buffer and the helpers that write it.
 *
 * module.c   the Python glue: the functions' table, the config's field names, the module
 * common.c   the buffers, the checked writes, reading a state's fields, making events
 * binokel.c  three- and four-seat Binokel: events, catch-up, refresh, the auction's vector
 * binocle.c  Binocle and Bezique: events, catch-up, the groups, the whole vector
 * mask.c     action masks from the legal actions by the instances' addresses (any game)
 */
#ifndef BINOKEL_ENV_ENCODE_H
#define BINOKEL_ENV_ENCODE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#define RANK_SLOTS 8
#define KIND_COUNT (4 * RANK_SLOTS)
#define BITS 2
#define POINT_SCALE 1000.0

/* The config's fields, in order (module.c names them; Python builds the config by name). */
enum {
    C_PLAYERS, C_KINDS, C_HAND, C_DISCARD, C_TRICK, C_PLAYED, C_SIZES, C_TO_MOVE, C_LEADER,
    C_WON, C_POINTS, C_BID_MADE, C_PASSED, C_TABLE, C_KNOWN, C_LED, C_STOCK, C_FLAGS, C_PACK,
    C_SEAT, C_PHASE, C_PHASES, C_DEALER, C_ACTIVE, C_SCORES, C_BID, C_DECLARER, C_CONTRACT,
    C_CONTRACTS, C_TRUMP, C_DABB, C_SHOWN, C_MELDED, C_TURNED, C_DIX, C_TURNED_UP, C_TARGET,
    C_RANKS, C_FIELDS
};
#define RANK_AT C_FIELDS
#define RANK_LIMIT RANK_SLOTS
#define SLOT_AT (RANK_AT + RANK_LIMIT)
#define CONFIG_LENGTH (SLOT_AT + KIND_COUNT)

/* The event kinds of binokel/env/cardplay.py, and the groups of binocle_cardplay.py this
 * module writes itself. */
#define BID (-1)
#define LAY_AWAY (-2)
#define REFRESH (-3)
#define BIDDING (1 << 30)
/* The groups of a Binokel REFRESH event (cardplay.py's HANDS, PHASE ...). */
#define R_HANDS 1
#define R_PHASE 2
#define R_AUCTION 4
#define R_CONTRACT 8
#define R_DABB 16
#define R_DISCARD 32
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

extern PyObject *s_leader, *s_cards, *s_winner, *s_kind, *s_active, *s_tricks_won, *s_points,
    *s_to_move, *s_hands, *s_stock_size, *s_dealer, *s_scores, *s_bids, *s_bid, *s_declarer,
    *s_dabb_shown, *s_deal, *s_dabb, *s_discard_packed, *s_shown_discard, *s_known,
    *s_table_bits, *s_turned, *s_dix_points, *s_flag[4], *s_trump, *s_target,
    *s_current_trick, *s_led_from_table, *s_tricks, *s_phase, *s_card, *s_from_table,
    *s_stock_lasts, *s_melds, *s_contract, *s_rules, *s_trump_before_discard;

typedef struct {
    Py_buffer cfg_view, buf_view;
    const int *cfg;
    float *buf;
    Py_ssize_t size;
} Target;

/* buf[i] = v, or buf[i] += v, with the index checked. */
int out_of_range(Py_ssize_t i);

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


/* common.c */
void release(Target *t);
int acquire(Target *t, PyObject *cfg, PyObject *buf);
long popcount64(uint64_t x);
int write_counts(Target *t, Py_ssize_t at, uint64_t packed);
long attr_long(PyObject *obj, PyObject *name);
long attr_item(PyObject *obj, PyObject *name, long i);
int unpack_event(PyObject *event, long *mover, long *kind, PyObject **rest);
int write_to_move(Target *t, PyObject *events, PyObject *state);
int mark_seat(Target *t, PyObject *state, PyObject *name, int at);
int write_seats(Target *t, PyObject *state, PyObject *name, int at, double scale);
int check_events(PyObject *const *args, Py_ssize_t nargs);
int zero(Target *t, Py_ssize_t at, Py_ssize_t count);
int one_hot(Target *t, Py_ssize_t at, Py_ssize_t count, long hot);
int counts_of(Target *t, Py_ssize_t at, PyObject *obj, PyObject *name);
long optional_seat(PyObject *state, PyObject *name);
int write_hands(Target *t, long seat, PyObject *state);
int attr_true(PyObject *obj, PyObject *name);
int differs(PyObject *before, PyObject *after, PyObject *name, int by_value);
PyObject *event3(long mover, long kind, PyObject *rest);
long action_kind(PyObject *action);
int consts_of(PyObject *consts, Py_ssize_t n, PyObject ***items);
int init_names(void);
void see(PyObject *before, PyObject *after);
PyObject *state_attr(PyObject *state, PyObject *name);
long state_long(PyObject *state, PyObject *name);
int begin(Target *t, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
          const char *usage, long *seat);

/* A card's kind (``card.kind``). */
static inline long card_kind(PyObject *card) { return attr_long(card, s_kind); }

/* binokel.c */
PyObject *py_binokel_catch_up(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_binokel_auction(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_binokel_refresh(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_binokel_event(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* binocle.c */
PyObject *py_binocle_write(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_binocle_whole(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_binocle_catch_up(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_binocle_event(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* mask.c */
extern PyTypeObject MasksType;

#endif

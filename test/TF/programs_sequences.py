"""Corpus programs of sequence models as people write them with the
library's cells and layers: tf.compat.v1.nn.bidirectional_dynamic_rnn of
TensorFlow's own LSTMCell and GRUCell with lengths given at run time (each
direction's outputs stacked from a loop whose trip count TensorFlow's export
leaves unknown, then reversed by those lengths).

Cells and layers are made when a program is exported, never at import
(making one shifts TensorFlow's function counters). Weights are fixed
(programs_library.weights) and frozen into constants. Bounds as in
programs_library.py: KERAS_ULP where products round.
"""

import numpy as np
import tensorflow as tf
import keras

from programs import MaxUlp, Program, dyadic, f32
from programs_library import B, F, KERAS_ULP, T, U, X, weights
from tensorflow.python.framework.convert_to_constants import (
    convert_variables_to_constants_v2)


def freeze(call, specs, layers):
    """`call`'s concrete function for `specs`, the variables `layers` made
    while tracing it set to fixed weights, then frozen into constants."""
    concrete = call.get_concrete_function(*specs)
    variables = [v for layer in layers for v in layer.weights]
    for i, v in enumerate(variables):
        v.assign(weights(v.shape, i))
    return convert_variables_to_constants_v2(concrete, lower_control_flow=False)


def v1_bidirectional_cells():
    # bidirectional_dynamic_rnn(LSTMCell, GRUCell) with the lengths an
    # input: the concatenated outputs, the forward LSTM's last h and the
    # backward GRU's last state.
    from tensorflow.python.keras.layers.legacy_rnn import rnn_cell_impl
    fw, bw = rnn_cell_impl.LSTMCell(U), rnn_cell_impl.GRUCell(U)

    @tf.function
    def call(x, lengths):
        (out_fw, out_bw), (s_fw, s_bw) = tf.compat.v1.nn.bidirectional_dynamic_rnn(
            fw, bw, x, sequence_length=lengths, dtype=f32)
        return tf.concat([out_fw, out_bw], -1), s_fw.h, s_bw

    return freeze(call, [tf.TensorSpec((B, T, F), f32), tf.TensorSpec((B,), tf.int32)],
                  [fw, bw])


@tf.function
def tf_tape_loop_cond(x, w):
    # h = tanh(h * w + x[t]) where sum(h) > 0, else sigmoid(h - x[t] * w),
    # over the rows of x; the tape's gradients of sum(h^2) with respect to
    # x and w go through the branch each step took.
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        h = tf.zeros([F])
        for t in tf.range(tf.shape(x)[0]):
            xt = x[t]
            if tf.reduce_sum(h) > 0.0:
                h = tf.tanh(h * w + xt)
            else:
                h = tf.sigmoid(h - xt * w)
        loss = tf.reduce_sum(h * h)
    return [h] + tape.gradient(loss, [x, w])


@tf.function
def tf_tape_loop_branches(x, w):
    # As tf_tape_loop_cond, each branch slicing x[t] itself.
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        h = tf.zeros([F])
        for t in tf.range(tf.shape(x)[0]):
            if tf.reduce_sum(h) > 0.0:
                h = tf.tanh(h * w + x[t])
            else:
                h = tf.sigmoid(h - x[t] * w)
        loss = tf.reduce_sum(h * h)
    return [h] + tape.gradient(loss, [x, w])


@tf.function
def tf_scan_sparse_xent_tape(xs, w, v, labels):
    # An Elman tf.scan over [T, B, F], logits of the last state through v
    # [U, 5], Keras's sparse categorical cross entropy from logits (the
    # batch mean), and the tape's gradients with respect to w and v.
    with tf.GradientTape() as tape:
        tape.watch([w, v])
        hs = tf.scan(lambda h, x: tf.tanh(tf.matmul(x, w) + h * 0.5), xs,
                     initializer=tf.zeros([B, U]))
        logits = tf.matmul(hs[-1], v)
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)(
            labels, logits)
    return [loss] + tape.gradient(loss, [w, v])


@tf.function
def tf_autograph_window(x):
    # The sum of the rows of each window x[t:t + 2] (the last window one
    # row), written to a tf.TensorArray and stacked.
    n = tf.shape(x)[0]
    out = tf.TensorArray(tf.float32, size=n)
    for t in tf.range(n):
        out = out.write(t, tf.reduce_sum(x[t:t + 2], axis=0))
    return out.stack()


@tf.function
def tf_two_arrays_tape(x):
    # h = tanh(h + x[t]) written to two default arrays (h and h * h);
    # rows 0, 2, 4 of the first gathered, the second stacked, and the
    # tape's gradient of their sums with respect to x.
    with tf.GradientTape() as tape:
        tape.watch(x)
        a = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
        b = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
        h = tf.zeros([F])
        for t in tf.range(tf.shape(x)[0]):
            h = tf.tanh(h + x[t])
            a = a.write(t, h)
            b = b.write(t, h * h)
        loss = tf.reduce_sum(a.gather([0, 2, 4])) + tf.reduce_sum(b.stack())
    return [loss, tape.gradient(loss, x)]


@tf.function
def tf_einsum_ops(x, y, q, k):
    # Transpose, full sum, matmul, dot, outer product along a shared label,
    # and attention scores and their weighted sum (batch labels).
    scores = tf.nn.softmax(tf.einsum("bqd,bkd->bqk", q, k) * 0.5)
    return [tf.einsum("ij->ji", x), tf.einsum("ij->", x),
            tf.einsum("ij,jk->ik", x, y), tf.einsum("i,i->", x[0], x[1]),
            tf.einsum("ij,kj->ikj", x, x), tf.einsum("bqk,bkd->bqd", scores, k)]


def keras_multi_head_attention():
    # MultiHeadAttention(2 heads of 3) of a [2, 3, 4] query over a [2, 5, 4]
    # value (EinsumDense projections, einsum scores, softmax), its weights
    # fixed and frozen, and the tape's gradient of sum(y^2) with respect to
    # the query.
    layer = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)

    @tf.function
    def call(q, v):
        with tf.GradientTape() as tape:
            tape.watch(q)
            y = layer(q, v)
            loss = tf.reduce_sum(y * y)
        return [y, tape.gradient(loss, q)]

    return freeze(call, [tf.TensorSpec((B, T, F), f32),
                         tf.TensorSpec((B, 5, F), f32)], [layer])


@tf.function
def tf_last_relevant(xs, w, lengths):
    # An Elman tf.scan over [T, B, F] (states [B, T, U] after a transpose),
    # and each sequence's state at its last step (lengths - 1): by
    # tf.gather with batch_dims=1, and by tf.gather_nd of (batch, step)
    # rows.
    hs = tf.scan(lambda h, x: tf.tanh(tf.matmul(x, w) + h * 0.5), xs,
                 initializer=tf.zeros([B, U]))
    outputs = tf.transpose(hs, [1, 0, 2])
    by_gather = tf.gather(outputs, lengths - 1, axis=1, batch_dims=1)
    rows = tf.stack([tf.range(B), lengths - 1], axis=1)
    return [by_gather, tf.gather_nd(outputs, rows)]


@tf.function
def tf_top_k_scan(xs, w):
    # Scores of each step of an Elman tf.scan (states [T, B, U] through w
    # back to [T, B, F]); the top 2 candidates of every step with their
    # indices, the scores sorted both ways, and their argsort.
    hs = tf.scan(lambda h, x: tf.tanh(tf.matmul(x, w) + h * 0.5), xs,
                 initializer=tf.zeros([B, U]))
    scores = tf.matmul(hs, tf.transpose(w)) + xs
    best, where = tf.math.top_k(scores, k=2)
    return [best, where, tf.sort(scores, direction="DESCENDING"),
            tf.sort(scores), tf.argsort(scores, axis=-1, stable=True)]


@tf.function
def tf_embedding_scan_tape(table, ids, w):
    # An embedding lookup (tf.gather of the table's rows by token id) fed
    # to an Elman tf.scan; the tape's gradients of sum(h^2) with respect to
    # the table (IndexedSlices made dense: tf.UnsortedSegmentSum) and w.
    with tf.GradientTape() as tape:
        tape.watch([table, w])
        x = tf.gather(table, ids)  # [T, B, F]
        hs = tf.scan(lambda h, r: tf.tanh(tf.matmul(r, w) + h), x,
                     initializer=tf.zeros([B, U]))
        loss = tf.reduce_sum(hs * hs)
    g_table, g_w = tape.gradient(loss, [table, w])
    return hs, tf.convert_to_tensor(g_table), g_w


@tf.function
def tf_gather_loop_tape(x, n):
    # h = tanh(h + x[[i, 3 - i]] * 0.5) with i = 3t mod 4, n steps: the
    # gradient loop adds each step's gathered rows (IndexedSlices) into the
    # gradient of x.
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = tf.zeros([2, F])
        for t in tf.range(n):
            i = (t * 3) % 4
            h = tf.tanh(h + tf.gather(x, [i, 3 - i]) * 0.5)
        loss = tf.reduce_sum(h)
    return h, tape.gradient(loss, x)


@tf.function
def tf_array_square_tape(x):
    # A default tf.TensorArray (no element_shape, size tf.shape(x)[0]) of
    # sin(x[t]), stacked, squared and summed under the tape: TensorFlow
    # types the stack ?x4, so the square's gradient asks
    # tf.BroadcastGradientArgs for the reduction indices of two shapes it
    # knows at run time only.
    with tf.GradientTape() as tape:
        tape.watch(x)
        arr = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
        for t in tf.range(tf.shape(x)[0]):
            arr = arr.write(t, tf.sin(x[t]))
        y = arr.stack()
        loss = tf.reduce_sum(y * y)
    return y, tape.gradient(loss, x)


@tf.function
def tf_switch_case_tape(x, w):
    # Step t of a loop over the rows of x picks its update by t % 3 with
    # tf.switch_case (tf.Case); the tape's gradients of sum(h^2) with
    # respect to x and w go through the branch each step took.
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        h = tf.zeros([F])
        for t in tf.range(tf.shape(x)[0]):
            h = tf.switch_case(t % 3, [lambda: tf.tanh(h * w + x[t]),
                                       lambda: tf.sigmoid(h + x[t]),
                                       lambda: h * x[t] - w])
        loss = tf.reduce_sum(h * h)
    return [h] + tape.gradient(loss, [x, w])


LENGTHS = np.array([3, 2], np.int32)
ROWS = dyadic([5, F], -1.25, 0.125)

PROGRAMS = [
    Program(
        "v1_bidirectional_cells",
        "tf.compat.v1.nn.bidirectional_dynamic_rnn of TensorFlow's LSTMCell "
        "(forward) and GRUCell (backward), the lengths [3, 2] an input: both "
        "directions' outputs concatenated, the forward last h, the backward "
        "last state.",
        v1_bidirectional_cells, [X, LENGTHS], graph=True, ulp=KERAS_ULP,
        helpers=[weights, freeze, v1_bidirectional_cells]),
    Program(
        "tf_tape_loop_cond",
        "The tape through an autograph loop over the rows of x whose `if` on "
        "the state picks tanh(h * w + x[t]) or sigmoid(h - x[t] * w): the "
        "state and its gradients with respect to x and w.",
        tf_tape_loop_cond, [ROWS, weights([F], 3.0)], ulp=[0, 0, MaxUlp(4)]),
    Program(
        "tf_tape_loop_branches",
        "As tf_tape_loop_cond with each branch slicing x[t] itself: "
        "TensorFlow's gradient shares one optional between the branches' "
        "intermediates of different types (a float row, an int32 slice "
        "bound).",
        tf_tape_loop_branches, [ROWS, weights([F], 3.0)],
        ulp=[0, 0, MaxUlp(4)]),
    Program(
        "tf_scan_sparse_xent_tape",
        "A training step's loss and gradients: an Elman tf.scan, logits of "
        "its last state, Keras's SparseCategoricalCrossentropy(from_logits="
        "True) of int32 labels [4, 1] (tf.SparseSoftmaxCrossEntropyWithLogits), "
        "and the tape's gradients with respect to both weights.",
        tf_scan_sparse_xent_tape,
        [dyadic([T, B, F], -0.75, 0.0625), weights([F, U], 1.0),
         weights([U, 5], 2.0), np.array([4, 1], np.int32)],
        ulp=[KERAS_ULP, MaxUlp(4), MaxUlp(4)]),
    Program(
        "tf_autograph_window",
        "An autograph loop writing the sum of the window x[t:t + 2] of the "
        "rows at each step (the last window one row: TensorFlow clamps the "
        "run-time bound) to a tf.TensorArray, then stacked.",
        tf_autograph_window, [ROWS]),
    Program(
        "tf_two_arrays_tape",
        "The tape through two default tf.TensorArrays written in one loop "
        "(tanh(h + x[t]) and its square): rows 0, 2, 4 of the first "
        "gathered, the second stacked, their sum and its gradient with "
        "respect to x.",
        tf_two_arrays_tape, [ROWS], ulp=[MaxUlp(4), MaxUlp(4)]),
    Program(
        "tf_einsum_ops",
        "tf.einsum as a transpose, a full sum, a matmul, a dot product, an "
        "outer product along a shared label, and attention's scores and "
        "weighted sum over batch labels.",
        tf_einsum_ops,
        [dyadic([3, 4], -1.0, 0.125), dyadic([4, 2], -0.5, 0.125),
         dyadic([B, T, F], -0.75, 0.0625), dyadic([B, 5, F], 0.5, -0.0625)],
        ulp=[0, MaxUlp(4), KERAS_ULP, MaxUlp(4), 0, KERAS_ULP]),
    Program(
        "tf_last_relevant",
        "Each sequence's last relevant state (lengths [3, 1]) of an Elman "
        "tf.scan, picked by tf.gather(..., batch_dims=1) and by "
        "tf.gather_nd of (batch, step) rows.",
        tf_last_relevant,
        [dyadic([T, B, F], -0.75, 0.0625), weights([F, U], 1.0),
         np.array([3, 1], np.int32)],
        ulp=KERAS_ULP),
    Program(
        "tf_top_k_scan",
        "The top 2 scores of every step of an Elman tf.scan with their "
        "indices, the scores sorted descending and ascending, and their "
        "stable argsort.",
        tf_top_k_scan, [dyadic([T, B, F], -0.75, 0.0625), weights([F, U], 1.0)],
        ulp=[KERAS_ULP, 0, KERAS_ULP, KERAS_ULP, 0]),
    Program(
        "tf_embedding_scan_tape",
        "An embedding lookup of int32 token ids [3, 2] in a [6, 4] table fed "
        "to an Elman tf.scan: the states and the tape's gradients with "
        "respect to the table (made dense, tf.UnsortedSegmentSum; ids 1 and "
        "4 repeat) and the weights.",
        tf_embedding_scan_tape,
        [dyadic([6, F], -0.75, 0.0625),
         np.array([[1, 4], [0, 1], [4, 5]], np.int32), weights([F, U], 1.0)],
        ulp=[KERAS_ULP, MaxUlp(4), MaxUlp(4)]),
    Program(
        "tf_gather_loop_tape",
        "An autograph loop gathering two rows of x per step (rows 0 and 3, "
        "then 3 and 0, ...) into tanh(h + rows * 0.5), n = 6 steps: the state "
        "and the gradient with respect to x, the gathered rows' gradients "
        "added by tf.UnsortedSegmentSum in the gradient loop.",
        tf_gather_loop_tape, [dyadic([4, F], -1.0, 0.125), np.int32(6)]),
    Program(
        "tf_array_square_tape",
        "A default tf.TensorArray of sin(x[t]) written in an autograph loop, "
        "stacked, and the tape's gradient of sum(y * y) with respect to x "
        "(tf.BroadcastGradientArgs of the stack's shape, known once the "
        "list is a tensor).",
        tf_array_square_tape, [ROWS]),
    Program(
        "tf_switch_case_tape",
        "An autograph loop whose step t picks tanh(h * w + x[t]), "
        "sigmoid(h + x[t]) or h * x[t] - w by t % 3 with tf.switch_case: the "
        "state and the tape's gradients of sum(h^2) with respect to x and w.",
        tf_switch_case_tape, [ROWS, weights([F], 3.0)]),
    Program(
        "keras_multi_head_attention",
        "A Keras MultiHeadAttention(num_heads=2, key_dim=3) of a [2, 3, 4] "
        "query over a [2, 5, 4] value (weights fixed and frozen): its output "
        "and the tape's gradient of sum(y^2) with respect to the query.",
        keras_multi_head_attention,
        [dyadic([B, T, F], -0.75, 0.0625), dyadic([B, 5, F], 0.5, -0.0625)],
        # The query's gradient chains six contractions back through the
        # softmax, each summed in another order by TensorFlow's: 8 ulp of
        # its largest magnitude (6 measured).
        graph=True, ulp=[KERAS_ULP, MaxUlp(8)],
        helpers=[weights, freeze, keras_multi_head_attention]),
]

"""Corpus programs of stacking, splitting, gathers and batched products, as
people write them: tf.stack/tf.unstack/tf.split by sizes under the tape, a
Keras SimpleRNN unrolled (unstack and stack of the steps), an Embedding of
[batch, time] ids before an LSTM, scaled dot-product
attention with rank-3 tf.matmul (BatchMatMulV2, adjoints in its
gradients) under the tape, Keras's Attention layer, and attention over a
tf.scan's states.

Bounds as programs_library.py states them: KERAS_ULP where products round
(ta sums a product's terms in order, TensorFlow's contraction blocks
them), MaxUlp(4) for gradients whose sums cancel; the softmax adds
TensorFlow's own exp and its reduction order.
"""

import numpy as np
import tensorflow as tf
import keras

from programs import MaxUlp, Program, dyadic
from programs_library import B, F, KERAS_ULP, T, U, X, frozen, weights
from tensorflow.python.framework.convert_to_constants import (
    convert_variables_to_constants_v2)


@tf.function
def tf_stack_unstack_split(x, y):
    # tf.stack of rows along a new middle axis, tf.unstack along axis 1,
    # tf.split by sizes (one inferred) and the tape through them.
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        s = tf.stack([x, y * 2.0, x - y], axis=1)
        a, b, c = tf.unstack(s, axis=1)
        p, q, r = tf.split(x * y, [1, -1, 1], axis=1)
        z = tf.reduce_sum(a * c) + tf.reduce_sum(b) + tf.reduce_sum(q * 3.0 + p - r)
    return [s, q, z] + tape.gradient(z, [x, y])


def keras_simple_rnn_unroll():
    return frozen(keras.layers.SimpleRNN(U, unroll=True, return_sequences=True))()


def keras_embedding_lstm():
    # Embedding(10, 4) of [B, T] int32 ids (a gather of [B, T] indices),
    # then LSTM(3) and a Dense(1) sigmoid head; weights fixed and frozen.
    model = keras.Sequential([keras.layers.Embedding(10, F), keras.layers.LSTM(U),
                              keras.layers.Dense(1, activation="sigmoid")])
    model.build((B, T))
    model.set_weights([weights(w.shape, i) for i, w in enumerate(model.get_weights())])
    call = tf.function(lambda ids: model(ids))
    concrete = call.get_concrete_function(tf.TensorSpec((B, T), tf.int32))
    return convert_variables_to_constants_v2(concrete, lower_control_flow=False)


@tf.function
def tf_attention_tape(q, k, v):
    # Scaled dot-product attention with rank-3 tf.matmul (q k^T), and the
    # tape's gradients with respect to q, k and v.
    with tf.GradientTape() as tape:
        tape.watch([q, k, v])
        scores = tf.matmul(q, k, transpose_b=True) / tf.sqrt(4.0)
        out = tf.matmul(tf.nn.softmax(scores), v)
        loss = tf.reduce_sum(out * tf.range(4, dtype=tf.float32))
    return [out] + tape.gradient(loss, [q, k, v])


@tf.function
def keras_attention(q, v):
    # Keras's dot-product Attention layer (no weights): scores q v^T,
    # softmax, weighted sum of v.
    return keras.layers.Attention()([q, v])


@tf.function
def tf_scan_attention(xs, w):
    # An Elman tf.scan over [T, B, F], then each batch entry's last state
    # attending over its states (batched matmul with a broadcast query).
    hs = tf.scan(lambda h, x: tf.tanh(tf.matmul(x, w) + h * 0.5), xs,
                 initializer=tf.zeros([B, U]))
    keys = tf.transpose(hs, [1, 0, 2])             # [B, T, U]
    query = keys[:, -1:, :]                        # [B, 1, U]
    scores = tf.matmul(query, keys, adjoint_b=True)  # [B, 1, T]
    weights_ = tf.nn.softmax(scores)
    return tf.squeeze(tf.matmul(weights_, keys), 1)


PROGRAMS = [
    Program(
        "tf_stack_unstack_split",
        "tf.stack along axis 1, tf.unstack, tf.split by sizes [1, -1, 1] and "
        "the tape through them.",
        tf_stack_unstack_split, [dyadic([2, 4], -1.0, 0.25), dyadic([2, 4], 0.5, -0.125)]),
    Program(
        "keras_simple_rnn_unroll",
        "A Keras SimpleRNN(3, unroll=True, return_sequences=True) layer (weights "
        "frozen): the steps unstacked, the outputs stacked.",
        keras_simple_rnn_unroll, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_simple_rnn_unroll]),
    Program(
        "keras_embedding_lstm",
        "A Keras Embedding(10, 4) of [2, 3] int32 ids (tf.GatherV2 of 2-D "
        "indices), LSTM(3) and a Dense sigmoid head (weights frozen).",
        keras_embedding_lstm, [np.array([[3, 0, 9], [7, 7, 1]], np.int32)], graph=True,
        ulp=KERAS_ULP, helpers=[weights, keras_embedding_lstm]),
    Program(
        "tf_attention_tape",
        "Scaled dot-product attention with rank-3 tf.matmul (BatchMatMulV2) and "
        "the tape's gradients with respect to q, k and v.",
        tf_attention_tape,
        [dyadic([2, 3, 4], -1.0, 0.0625), dyadic([2, 5, 4], 0.75, -0.0625),
         dyadic([2, 5, 4], -0.5, 0.03125)],
        ulp=[KERAS_ULP, MaxUlp(4), MaxUlp(4), MaxUlp(4)]),
    Program(
        "keras_attention",
        "Keras's dot-product Attention layer on [2, 3, 4] queries and [2, 5, 4] "
        "values.",
        keras_attention, [dyadic([2, 3, 4], -1.0, 0.0625), dyadic([2, 5, 4], 0.75, -0.0625)],
        ulp=KERAS_ULP),
    Program(
        "tf_scan_attention",
        "An Elman tf.scan whose last state attends over all its states "
        "(batched matmul with adjoint_b and a [B, 1, U] query).",
        tf_scan_attention, [dyadic([T, B, F], -1.0, 0.0625), weights([F, U], 1.0)],
        ulp=KERAS_ULP),
]

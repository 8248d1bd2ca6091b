"""Corpus programs of TensorFlow's library with the compute ops users put
around the loops: Keras models of stacked and bidirectional layers, dense
softmax heads, relu cells, returned states and reversed sequences;
tf.map_fn/scan/foldr bodies with softmax, expand_dims, reduce_mean, argmax,
one_hot and cumsum; autograph loops with // and %; tf.slice in a loop; the
tape through a relu layer under a mean squared error.

Layers are made when a program is exported, never at import (making one
shifts TensorFlow's function counters, and so every other program's names).
The frozen ones go through programs_library.frozen.
Bounds as in programs_library.py: KERAS_ULP where products round through
oneDNN's MatMul; Softmax adds TensorFlow's own exp and reduction order to
that (oneDNN's softmax where TensorFlow's graph rewrite substitutes it).
"""

import numpy as np
import tensorflow as tf
import keras

from programs import MaxUlp, Program, dyadic, f32
from programs_library import B, F, KERAS_ULP, T, U, X, frozen, weights


def keras_stacked_lstm():
    return frozen(keras.Sequential([keras.layers.LSTM(U, return_sequences=True),
                                    keras.layers.LSTM(U)]))()


def keras_rnn_softmax():
    return frozen(keras.Sequential([keras.layers.SimpleRNN(U, return_sequences=True),
                                    keras.layers.Dense(F, activation="softmax")]))()


def keras_relu_rnn():
    return frozen(keras.layers.SimpleRNN(U, activation="relu"))()


def keras_gru_backwards():
    return frozen(keras.layers.GRU(U, go_backwards=True, return_sequences=True))()


def keras_lstm_state():
    return frozen(keras.layers.LSTM(U, return_state=True))()


def keras_relu_mse_tape():
    """The tape through SimpleRNN(relu) with its weights as arguments, under
    reduce_mean((y - 0.25)^2): Mean's gradient, ReluGrad."""
    layer = keras.layers.SimpleRNN(U, activation="relu", return_sequences=True)
    layer.build((B, T, F))
    fixed = [tf.constant(v.numpy()) for v in layer.non_trainable_variables]

    @tf.function
    def fn(x, w, u, b):
        with tf.GradientTape() as tape:
            tape.watch([x, w, u, b])
            y, _ = layer.stateless_call([w, u, b], fixed, x)
            loss = tf.reduce_mean(tf.square(y - 0.25))
        return [loss] + tape.gradient(loss, [x, w, u, b])
    return fn.get_concrete_function(
        tf.TensorSpec((B, T, F), f32), tf.TensorSpec((F, U), f32),
        tf.TensorSpec((U, U), f32), tf.TensorSpec((U,), f32))


@tf.function
def tf_map_fn_softmax(x):
    # map_fn of a softmax of each row's outer product's row means.
    def fn(row):
        outer = tf.expand_dims(row, 0) * tf.expand_dims(row, 1)
        return tf.nn.softmax(tf.reduce_mean(outer, axis=1))
    return tf.map_fn(fn, x)


def keras_masking_rnn():
    # Keras' Masking layer before a SimpleRNN: steps whose features are all
    # 0.0 keep the previous state (tf.Any computes the mask).
    return frozen(keras.Sequential([keras.layers.Masking(mask_value=0.0),
                                    keras.layers.SimpleRNN(U, return_sequences=True)]))()


@tf.function
def tf_scan_reverse_masked(x, m):
    # tf.scan, reverse=True, over (step, mask) with a (state, count) carry:
    # a masked Elman-like step (`mt[:, None]`: a new axis) that counts the
    # steps it took.
    w = tf.constant(weights([F, F], 5.0))

    def step(acc, elems):
        h, n = acc
        xt, mt = elems
        h2 = tf.tanh(tf.matmul(xt, w) + 0.5 * h)
        h = tf.where(mt[:, None] > 0.0, h2, h)
        return h, n + tf.cast(mt > 0.0, tf.int32)
    hs, ns = tf.scan(step, (tf.transpose(x, [1, 0, 2]), tf.transpose(m)),
                     initializer=(tf.zeros([B, F]), tf.zeros([B], tf.int32)), reverse=True)
    return hs, ns


@tf.function
def tf_autograph_dyn_rnn(x, n):
    # `for t in tf.range(n)` with a default dynamic tf.TensorArray (no
    # element shape) and `x[:, t, :]`: an Elman step, the stack and size.
    w = tf.constant(weights([F, U], 1.0))
    u = tf.constant(weights([U, U], 2.0))
    ta = tf.TensorArray(f32, size=0, dynamic_size=True)
    h = tf.zeros([B, U])
    for t in tf.range(n):
        h = tf.tanh(tf.matmul(x[:, t, :], w) + tf.matmul(h, u))
        ta = ta.write(t, h)
    return ta.stack(), h, ta.size()


@tf.function
def tf_autograph_slice_tape(x, w, dys):
    # The tape through an autograph loop that reads `x[:, t, :]` and
    # `x[:, t, None, 1:3]` (the gradient is tf.StridedSliceGrad of those
    # slices, summed over the loop): an Elman step written to a TensorArray
    # of fixed size, stacked, scored against dys.
    u = tf.constant(weights([U, U], 2.0))
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        ta = tf.TensorArray(f32, size=T)
        h = tf.zeros([B, U])
        for t in tf.range(T):
            side = tf.reduce_sum(x[:, t, None, 1:3], axis=[1, 2])
            h = tf.tanh(tf.matmul(x[:, t, :], w) + tf.matmul(h, u)) + side[:, None] * 0.25
            ta = ta.write(t, h)
        y = tf.reduce_sum(ta.stack() * dys)
    return [y] + tape.gradient(y, [x, w])


@tf.function
def tf_autograph_break(x):
    # A for loop with `break` (autograph's LogicalNot) and a conditional
    # write: the running sum of the rows until it exceeds a threshold.
    ta = tf.TensorArray(f32, size=0, dynamic_size=True)
    s = tf.zeros([F])
    k = 0
    for t in tf.range(tf.shape(x)[0]):
        s = s + tf.abs(x[t])
        if tf.reduce_sum(s) > 6.0:
            break
        ta = ta.write(k, s)
        k += 1
    return ta.stack(), s, k


@tf.function
def tf_while_nested_ta(x):
    # Nested tf.range loops writing flat index t*F+k (`x[t, k]`: two
    # indices) of a sized array, then gathered back in reverse.
    ta = tf.TensorArray(f32, size=T * F)
    for t in tf.range(T):
        for k in tf.range(F):
            ta = ta.write(t * F + k, x[t, k] * tf.cast(t + 1, f32))
    idx = tf.range(T * F - 1, -1, -1)
    return tf.reshape(ta.gather(idx), [T, F]), ta.size()


@tf.function
def tf_scan_xent_tape(x, labels, w):
    # A tf.scan Elman loop whose states are scored by cross-entropy against
    # one-hot labels, as a Keras loss computes it (log of the clipped
    # softmax), and the tape's gradients with respect to the input and w.
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        hs = tf.scan(lambda h, xt: tf.tanh(tf.matmul(xt, w) + h * 0.5),
                     tf.transpose(x, [1, 0, 2]), initializer=tf.zeros([B, U]))
        p = tf.clip_by_value(tf.nn.softmax(hs), 1e-7, 1.0 - 1e-7)
        loss = -tf.reduce_mean(tf.reduce_sum(labels * tf.math.log(p), axis=-1))
    return [loss] + tape.gradient(loss, [x, w])


@tf.function
def tf_map_fn_argmax(x):
    # map_fn to an int32 per row (argmax), then one_hot and cumsum of it.
    best = tf.map_fn(lambda r: tf.cast(tf.argmax(r), tf.int32), x,
                     fn_output_signature=tf.int32)
    return best, tf.cumsum(tf.one_hot(best, F), axis=0, exclusive=True)


@tf.function
def tf_autograph_halves(n):
    # An autograph loop over a vector: the even values halved, appended to a
    # dynamic TensorArray (tf.TensorArray's defaults: element shape unknown).
    out = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    i = 0
    for v in n:
        if v % 2 == 0:
            out = out.write(i, v // 2)
            i += 1
    return out.stack()


@tf.function
def tf_slice_loop(x):
    # tf.slice at a loop-carried begin, written into a TensorArray.
    out = tf.TensorArray(f32, size=T)
    for t in tf.range(T):
        out = out.write(t, tf.slice(x, [t, 1], [1, 2])[0])
    return out.stack()


@tf.function
def tf_foldr_scan_tuple(x):
    # tf.foldr, and tf.scan carrying a tuple (a running sum and product).
    back = tf.foldr(lambda a, r: a * 0.5 + r, x)
    sums, prods = tf.scan(lambda acc, r: (acc[0] + r, acc[1] * r), x,
                          initializer=(tf.zeros([F]), tf.ones([F])))
    return back, sums, prods


ROWS = dyadic([T, F], -1.25, 0.1875)
EVENS = np.array([4, 7, -6, 0, 9, 10], np.int32)

X_MASKED = X.copy()
X_MASKED[0, 0, :] = 0.0  # all-zero steps: masked
X_MASKED[1, 2, :] = 0.0

PROGRAMS = [
    Program(
        "keras_masking_rnn",
        "Sequential([Masking(0.0), SimpleRNN(3, return_sequences=True)]) frozen, on "
        "an input with two all-zero (masked) steps.",
        keras_masking_rnn, [X_MASKED], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_masking_rnn]),
    Program(
        "tf_scan_reverse_masked",
        "tf.scan(reverse=True) over (x_t, mask_t) with an (h, int32 count) carry; "
        "tf.where(m[:, None] > 0, ...).",
        tf_scan_reverse_masked, [X, np.array([[1, 1, 0], [0, 1, 1]], np.float32)],
        ulp=[KERAS_ULP, 0]),
    Program(
        "tf_autograph_dyn_rnn",
        "for t in tf.range(n) (n an input) writing a default dynamic TensorArray, "
        "reading x[:, t, :].",
        tf_autograph_dyn_rnn, [X, np.array(3, np.int32)], ulp=[KERAS_ULP, KERAS_ULP, 0]),
    Program(
        "tf_autograph_slice_tape",
        "The tape's gradients through a for loop over tf.range reading x[:, t, :] and "
        "x[:, t, None, 1:3] (tf.StridedSliceGrad of run-time indices and new axes).",
        tf_autograph_slice_tape, [X, weights([F, U], 1.0), dyadic([T, B, U], -0.5, 0.125)],
        ulp=[MaxUlp(4)] * 3),
    Program(
        "tf_autograph_break",
        "A for loop over tf.range(shape[0]) with break and a dynamic TensorArray.",
        tf_autograph_break, [dyadic([5, F], -1.0, 0.125)]),
    Program(
        "tf_while_nested_ta",
        "Nested tf.range loops writing t*F+k of a TensorArray from x[t, k]; a "
        "reversed gather.",
        tf_while_nested_ta, [dyadic([T, F], -1.25, 0.1875)]),
    Program(
        "tf_scan_xent_tape",
        "A tf.scan Elman loop scored by a cross-entropy (log of the clipped "
        "softmax against one-hot labels) and the tape's gradients with respect "
        "to the input and the weights.",
        tf_scan_xent_tape,
        [X, np.eye(U, dtype=np.float32)[np.arange(T * B).reshape(T, B) % U],
         weights([F, U], 9.0)],
        ulp=[KERAS_ULP, MaxUlp(4), MaxUlp(4)]),
    Program(
        "keras_stacked_lstm",
        "Two stacked Keras LSTM(3) layers (the first returns sequences) in a "
        "Sequential model, weights fixed and frozen, on a [2, 3, 4] input.",
        keras_stacked_lstm, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_stacked_lstm]),
    Program(
        "keras_rnn_softmax",
        "A Keras SimpleRNN(3, return_sequences=True) under a Dense(4, "
        "softmax) head (frozen): the classifier of every step.",
        keras_rnn_softmax, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_rnn_softmax]),
    Program(
        "keras_relu_rnn",
        "A Keras SimpleRNN(3, activation='relu') (frozen): tf.Relu in the "
        "cell.",
        keras_relu_rnn, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_relu_rnn]),
    Program(
        "keras_gru_backwards",
        "A Keras GRU(3, go_backwards=True, return_sequences=True) (frozen): "
        "the sequence read in reverse.",
        keras_gru_backwards, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_gru_backwards]),
    Program(
        "keras_lstm_state",
        "A Keras LSTM(3, return_state=True) (frozen): the output and the "
        "final h and c states.",
        keras_lstm_state, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_lstm_state]),
    Program(
        "keras_relu_mse_tape",
        "The tape through a Keras SimpleRNN(3, relu, return_sequences=True) "
        "with its weights as arguments: the mean squared error of y - 0.25 "
        "and its gradients with respect to x and the weights (Mean's "
        "gradient, ReluGrad).",
        keras_relu_mse_tape,
        [X, weights((F, U), 0), weights((U, U), 1), weights((U,), 2)],
        graph=True, helpers=[keras_relu_mse_tape],
        ulp=[KERAS_ULP] + [MaxUlp(4)] * 4),
    Program(
        "tf_map_fn_softmax",
        "tf.map_fn of softmax(reduce_mean(outer(row, row), axis=1)) per row "
        "(ExpandDims, Mean, Softmax in the loop body).",
        tf_map_fn_softmax, [ROWS], ulp=KERAS_ULP),
    Program(
        "tf_map_fn_argmax",
        "tf.map_fn to the argmax of each row (int32), then one_hot of those "
        "and their exclusive cumsum down the rows.",
        tf_map_fn_argmax, [ROWS]),
    Program(
        "tf_autograph_halves",
        "An autograph for-loop over an int32 vector appending v // 2 for each "
        "even v (v % 2 == 0) to a dynamic tf.TensorArray of TensorFlow's "
        "default element shape.",
        tf_autograph_halves, [EVENS]),
    Program(
        "tf_slice_loop",
        "tf.slice(x, [t, 1], [1, 2]) at each step t of a tf.range loop, "
        "written to a tf.TensorArray and stacked.",
        tf_slice_loop, [ROWS]),
    Program(
        "tf_foldr_scan_tuple",
        "tf.foldr(a * 0.5 + r) over the rows, and tf.scan carrying a tuple "
        "(running sum, running product).",
        tf_foldr_scan_tuple, [ROWS]),
]

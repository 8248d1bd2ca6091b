"""Corpus programs built by TensorFlow's own library: Keras recurrent layers
(their weights fixed, then frozen into constants as a deployed model has
them) and the compute ops those layers and their gradients emit around the
TensorLists (tf.raw_ops, on values whose products and sums round, so the
lowering must round as TensorFlow's kernels do).

The Keras layers' and the Elman loops' results are bounded, not exact:
once the state is no longer dyadic, the products round, and TensorFlow's
MatMul runs in oneDNN, which on this machine's AVX-512 CPU fuses multiply
and add (FMA) where ta's linalg.matmul rounds each product. Measured: at
most 2 ulp; the bound, KERAS_ULP, allows 4. The weights' gradients sum
products over batch and time whose terms cancel: 32 ulp of a value near 0
measured, 1 ulp of the result's largest value; bounded by MaxUlp(4).
"""

import numpy as np
import tensorflow as tf
import keras
from tensorflow.python.framework.convert_to_constants import (
    convert_variables_to_constants_v2)

from programs import MaxUlp, Program, dyadic, f32

KERAS_ULP = 4  # the bound of every program whose products round (see above)
# The gradients of weights sum products over batch and time, terms that
# cancel: bounded by 4 ulp of the result's largest magnitude instead.
GRAD_ULP = [KERAS_ULP, KERAS_ULP, MaxUlp(4), MaxUlp(4), MaxUlp(4)]
# Through a Keras layer, the input's gradient sums over the gates' units
# with cancellation too.
TAPE_ULP = [KERAS_ULP] + [MaxUlp(4)] * 4

B, T, F, U = 2, 3, 4, 3
X = dyadic([B, T, F], -1.5, 0.125)


def weights(shape, k):
    """Deterministic weights in [-0.5, 0.5] (dyadic: multiples of 1/64)."""
    n = int(np.prod(shape))
    w = np.round(32.0 * np.sin(np.arange(n) * 0.7 + k)) / 64.0
    return w.astype(np.float32).reshape(shape)


def frozen(layer):
    """A concrete function calling `layer` (built, its weights fixed) on a
    [B, T, F] input, with its variables frozen into constants."""
    layer.build((B, T, F))
    layer.set_weights([weights(w.shape, i) for i, w in enumerate(layer.get_weights())])

    @tf.function
    def call(x):
        return layer(x)

    def make():
        concrete = call.get_concrete_function(tf.TensorSpec((B, T, F), f32))
        return convert_variables_to_constants_v2(concrete, lower_control_flow=False)
    return make


def keras_simple_rnn():
    return frozen(keras.layers.SimpleRNN(U, return_sequences=True))()


def keras_lstm():
    return frozen(keras.layers.LSTM(U))()


def keras_lstm_sequences():
    return frozen(keras.layers.LSTM(U, return_sequences=True))()


def keras_gru():
    return frozen(keras.layers.GRU(U))()


def tape_of(make_layer, shapes):
    """The inputs (x and weights of `shapes`) and a function making the
    concrete function of (x, *weights): the layer `make_layer` makes, called
    with those weights (Keras's stateless_call), and the tape's gradients of
    sum(y^2) with respect to x and every weight. The layer is made only when
    the program is exported (making it at import would shift TensorFlow's
    function counters, and so every other program's names)."""
    def make():
        layer = make_layer()
        layer.build((B, T, F))
        assert [tuple(v.shape) for v in layer.trainable_variables] == shapes
        fixed = [v.numpy() for v in layer.non_trainable_variables]  # seeds

        @tf.function
        def fn(x, *ws):
            with tf.GradientTape() as tape:
                tape.watch([x] + list(ws))
                y, _ = layer.stateless_call(list(ws), [tf.constant(v) for v in fixed], x)
                loss = tf.reduce_sum(y * y)
            return [y] + tape.gradient(loss, [x] + list(ws))
        specs = [tf.TensorSpec((B, T, F), f32)] + [tf.TensorSpec(s, f32) for s in shapes]
        return fn.get_concrete_function(*specs)
    return make, [X] + [weights(s, i) for i, s in enumerate(shapes)]


def keras_simple_rnn_tape():
    return SIMPLE_RNN_TAPE[0]()


def keras_lstm_tape():
    return LSTM_TAPE[0]()


def keras_gru_tape():
    return GRU_TAPE[0]()


SIMPLE_RNN_TAPE = tape_of(lambda: keras.layers.SimpleRNN(U, return_sequences=True),
                          [(F, U), (U, U), (U,)])
LSTM_TAPE = tape_of(lambda: keras.layers.LSTM(U), [(F, 4 * U), (U, 4 * U), (4 * U,)])
GRU_TAPE = tape_of(lambda: keras.layers.GRU(U), [(F, 3 * U), (U, 3 * U), (2, 3 * U)])


def keras_bidirectional():
    return frozen(keras.layers.Bidirectional(keras.layers.LSTM(U)))()


def keras_lstm_masked():
    layer = keras.layers.LSTM(U, return_sequences=True)
    mask = tf.constant([[True, True, True], [True, True, False]])

    class Masked(keras.layers.Layer):
        def build(self, shape):
            layer.build(shape)

        def call(self, x):
            return layer(x, mask=mask)

    masked = Masked()
    masked.build((B, T, F))
    layer.set_weights([weights(w.shape, i) for i, w in enumerate(layer.get_weights())])

    @tf.function
    def call(x):
        return masked(x)
    return convert_variables_to_constants_v2(
        call.get_concrete_function(tf.TensorSpec((B, T, F), f32)),
        lower_control_flow=False)


W_IN = weights([F, U], 1.0)
W_H = weights([U, U], 2.0)
B_H = weights([U], 3.0)


class ElmanCell:
    """The cell tf.compat.v1.nn.dynamic_rnn steps: h' = tanh(x W + h U + b)."""
    state_size = U
    output_size = U

    def __init__(self, w_in, w_h, b):
        self.w_in, self.w_h, self.b = w_in, w_h, b

    def zero_state(self, batch_size, dtype):
        return tf.zeros([batch_size, U], dtype)

    def __call__(self, xt, h, scope=None):
        h2 = tf.tanh(tf.matmul(xt, self.w_in) + tf.matmul(h, self.w_h) + self.b)
        return h2, h2


@tf.function
def tf_dynamic_rnn_tape(x, w_in, w_h, b):
    # tf.compat.v1.nn.dynamic_rnn with an Elman cell, and the tape's
    # gradients of sum(outputs^2) with respect to the input and the weights.
    with tf.GradientTape() as tape:
        tape.watch([x, w_in, w_h, b])
        outs, _ = tf.compat.v1.nn.dynamic_rnn(ElmanCell(w_in, w_h, b), x, dtype=f32)
        loss = tf.reduce_sum(outs * outs)
    return [outs] + tape.gradient(loss, [x, w_in, w_h, b])


@tf.function
def tf_scan_tape(x, w_in, w_h, b):
    # tf.scan of an Elman step over the time-major input, and its gradients.
    with tf.GradientTape() as tape:
        tape.watch([x, w_in, w_h, b])
        xt = tf.transpose(x, [1, 0, 2])
        hs = tf.scan(lambda h, x_t: tf.tanh(tf.matmul(x_t, w_in) + tf.matmul(h, w_h) + b),
                     xt, initializer=tf.zeros([B, U]))
        loss = tf.reduce_sum(hs * hs)
    return [hs] + tape.gradient(loss, [x, w_in, w_h, b])


@tf.function
def tf_foldl_tape(x):
    # tf.foldl and its gradient (the backward loop reads the forward list).
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.foldl(lambda a, r: a * 0.5 + r * r, x, initializer=tf.zeros([T, F]))
        loss = tf.reduce_sum(y)
    return y, tape.gradient(loss, x)


@tf.function
def tf_map_fn_tuple(x):
    # tf.map_fn returning a tuple of two dtypes (fn_output_signature).
    def fn(row):
        return tf.reduce_sum(row * row), tf.cast(tf.reduce_max(row) > 0.0, tf.int32)
    return tf.map_fn(fn, x, fn_output_signature=(f32, tf.int32))


@tf.function
def tf_movement_ops(x, keep):
    raw = tf.raw_ops
    return (raw.ReverseV2(tensor=x, axis=[0]), raw.ReverseV2(tensor=x, axis=[1, -1]),
            raw.Tile(input=x[0], multiples=[2, 1]),
            raw.SelectV2(condition=keep > 0.5, t=x[1], e=-x[1]))


@tf.function
def tf_layer_ops(y, dy, x, bias):
    raw = tf.raw_ops
    return (raw.SigmoidGrad(y=y, dy=dy), raw.TanhGrad(y=y, dy=dy),
            raw.BiasAdd(value=x, bias=bias), raw.BiasAddGrad(out_backprop=x),
            raw.Sum(input=x, axis=[0], keep_dims=False),
            raw.Max(input=x, axis=[1], keep_dims=True),
            raw.Transpose(x=x, perm=[1, 0]),
            raw.Split(axis=1, value=x, num_split=2)[1],
            raw.ConcatV2(values=[x, x * 2.0], axis=0),
            raw.Squeeze(input=tf.reshape(x, [1, 4, 1, 2]), axis=[0, 2]))


# Values whose products round: sin() of a ramp, 13 of them (one packet of 8
# and a tail of 5, which TensorFlow's kernels compute differently).
Y = (0.5 + 0.45 * np.sin(np.arange(13) * 1.3)).astype(np.float32)
DY = (np.cos(np.arange(13) * 0.9) * 1.7).astype(np.float32)

PROGRAMS = [
    Program(
        "keras_simple_rnn",
        "A Keras SimpleRNN(3, return_sequences=True) layer (weights fixed and "
        "frozen into constants) on a [2, 3, 4] input: the whole sequence.",
        keras_simple_rnn, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_simple_rnn]),
    Program(
        "keras_lstm",
        "A Keras LSTM(3) layer (weights fixed and frozen) on a [2, 3, 4] input: "
        "the last output (tanh and sigmoid gates, Split of the fused kernel).",
        keras_lstm, [X], graph=True, ulp=KERAS_ULP, helpers=[weights, frozen, keras_lstm]),
    Program(
        "keras_lstm_sequences",
        "A Keras LSTM(3, return_sequences=True) layer (weights fixed and frozen) "
        "on a [2, 3, 4] input: every step's output.",
        keras_lstm_sequences, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_lstm_sequences]),
    Program(
        "keras_gru",
        "A Keras GRU(3) layer (weights fixed and frozen) on a [2, 3, 4] input: "
        "the last output (the fused kernel sliced into its gates, "
        "w[:, :3], w[:, 3:6], w[:, 6:]).",
        keras_gru, [X], graph=True, ulp=KERAS_ULP, helpers=[weights, frozen, keras_gru]),
    Program(
        "keras_simple_rnn_tape",
        "The tape through a Keras SimpleRNN(3, return_sequences=True) called with "
        "its weights as arguments (stateless_call): y and the gradients of "
        "sum(y^2) with respect to x, the kernel, the recurrent kernel and the bias.",
        keras_simple_rnn_tape, SIMPLE_RNN_TAPE[1], graph=True,
        helpers=[weights, tape_of, keras_simple_rnn_tape],
        ulp=TAPE_ULP),
    Program(
        "keras_lstm_tape",
        "The tape through a Keras LSTM(3) called with its weights as arguments: "
        "y and the gradients of sum(y^2) with respect to x and the weights.",
        keras_lstm_tape, LSTM_TAPE[1], graph=True,
        helpers=[weights, tape_of, keras_lstm_tape],
        ulp=TAPE_ULP),
    Program(
        "keras_gru_tape",
        "The tape through a Keras GRU(3) called with its weights as arguments: "
        "y and the gradients of sum(y^2) with respect to x and the weights "
        "(StridedSliceGrad of the gate slices).",
        keras_gru_tape, GRU_TAPE[1], graph=True,
        helpers=[weights, tape_of, keras_gru_tape],
        ulp=TAPE_ULP),
    Program(
        "keras_bidirectional",
        "A Keras Bidirectional(LSTM(3)) layer (weights fixed and frozen) on a "
        "[2, 3, 4] input: the backward LSTM reads the sequence reversed "
        "(ReverseV2).",
        keras_bidirectional, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, frozen, keras_bidirectional]),
    Program(
        "keras_lstm_masked",
        "A Keras LSTM(3, return_sequences=True) with a mask (the last step of "
        "the second sequence masked: its state and output carried over, "
        "SelectV2), weights fixed and frozen.",
        keras_lstm_masked, [X], graph=True, ulp=KERAS_ULP,
        helpers=[weights, keras_lstm_masked]),
    Program(
        "tf_dynamic_rnn_tape",
        "tf.compat.v1.nn.dynamic_rnn with an Elman cell (tanh(x W + h U + b)) "
        "and the tape's gradients of sum(outputs^2) with respect to x, W, U, b.",
        tf_dynamic_rnn_tape, [X, W_IN, W_H, B_H], ulp=GRAD_ULP,
        helpers=[ElmanCell]),
    Program(
        "tf_scan_tape",
        "tf.scan of an Elman step over the time-major input and the tape's "
        "gradients of sum(states^2) with respect to x, W, U, b.",
        tf_scan_tape, [X, W_IN, W_H, B_H], ulp=GRAD_ULP),
    Program(
        "tf_foldl_tape",
        "tf.foldl(a * 0.5 + r * r) over the rows of x and its gradient.",
        tf_foldl_tape, [X]),
    Program(
        "tf_map_fn_tuple",
        "tf.map_fn returning (sum of squares, max > 0 as int32) per row: two "
        "result lists of two dtypes.",
        tf_map_fn_tuple, [X]),
    Program(
        "tf_movement_ops",
        "ReverseV2 (one axis, two axes), Tile and SelectV2 broadcasting a "
        "[3, 1] condition: the ops of Bidirectional and masked layers.",
        tf_movement_ops, [X, np.array([[1.0], [0.0], [1.0]], np.float32)]),
    Program(
        "tf_layer_ops",
        "The compute ops of recurrent layers and their gradients, bit for bit: "
        "SigmoidGrad and TanhGrad of 13 values that round (a packet of 8 and a "
        "tail of 5), BiasAdd, BiasAddGrad, Sum, Max (keep_dims), Transpose, "
        "Split, ConcatV2 and Squeeze.",
        tf_layer_ops,
        [Y, DY, dyadic([4, 2], -1.0, 0.375), np.array([0.5, -0.25], np.float32)]),
]

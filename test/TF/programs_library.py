"""Corpus programs built by TensorFlow's own library: Keras recurrent layers
(their weights fixed, then frozen into constants as a deployed model has
them) and the compute ops those layers and their gradients emit around the
TensorLists (tf.raw_ops, on values whose products and sums round, so the
lowering must round as TensorFlow's kernels do).

The Keras layers' results are bounded, not exact: once the state is no
longer dyadic, the products round, and TensorFlow's MatMul runs in oneDNN,
which on this machine's AVX-512 CPU fuses multiply and add (FMA) where
ta's linalg.matmul rounds each product. Measured: at most 2 ulp (one value
in 18 per program); the bound, KERAS_ULP, allows 4.
"""

import numpy as np
import tensorflow as tf
import keras
from tensorflow.python.framework.convert_to_constants import (
    convert_variables_to_constants_v2)

from programs import Program, dyadic, f32

KERAS_ULP = 4

B, T, F, U = 2, 3, 4, 3


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


X = dyadic([B, T, F], -1.5, 0.125)
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
        "tf_layer_ops",
        "The compute ops of recurrent layers and their gradients, bit for bit: "
        "SigmoidGrad and TanhGrad of 13 values that round (a packet of 8 and a "
        "tail of 5), BiasAdd, BiasAddGrad, Sum, Max (keep_dims), Transpose, "
        "Split, ConcatV2 and Squeeze.",
        tf_layer_ops,
        [Y, DY, dyadic([4, 2], -1.0, 0.375), np.array([0.5, -0.25], np.float32)]),
]

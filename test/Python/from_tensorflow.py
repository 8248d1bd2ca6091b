"""ta.from_tensorflow on what people write: a Keras LSTM layer (its weights
read at every call), the tape through a Keras GRU with respect to its
weights, a tf.function with a tf.TensorArray (TensorFlow's defaults), an op ta does not
lower, a run-time error, a stateful Keras GRU (its state assigned after
each call). TensorFlow computes the expected values in the same
process; the LSTM within 8 ulp of its largest value (TensorFlow's MatMul
runs in oneDNN with fused multiply-adds on this machine's CPU, ta rounds
each product: values near 0 differ by more ulp of their own), the rest bit
for bit. An unstacked array read at a run-time index fails with GatherV2's
text: TensorFlow's standard pipeline, which exports the function, makes
the read a tf.GatherV2 (TensorFlow's unexported graph says "Trying to
access element 7 in a list with 4 elements.")."""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np
import tensorflow as tf
import keras

import ta


def close(got, want):
    """Within 8 ulp of the largest magnitude."""
    scale = np.spacing(np.float32(np.max(np.abs(want))))
    return got.shape == want.shape and bool(np.max(np.abs(got - want)) <= 8 * scale)


# A Keras LSTM layer, its weights fixed: the layer itself goes in.
layer = keras.layers.LSTM(5, return_sequences=True)
layer.build((3, 6, 4))
layer.set_weights([(np.round(32 * np.sin(np.arange(w.size) * 0.37 + i)) / 64)
                   .astype(np.float32).reshape(w.shape)
                   for i, w in enumerate(layer.get_weights())])
x = (np.arange(3 * 6 * 4, dtype=np.float32).reshape(3, 6, 4) - 36) / 16
lstm = ta.from_tensorflow(layer, x)
got, want = lstm(x), layer(x).numpy()
print("lstm", got.shape, got.dtype, "close:", close(got, want))
# A tf.Tensor in; another input of the same shape.
x2 = tf.constant(x[::-1].copy())
print("lstm tensor input:", close(lstm(x2), layer(x2).numpy()))
# The layer's weights are read at every call, as TensorFlow reads them: a
# training step's update is seen by the next call.
kernel = layer.trainable_variables[0]
kernel.assign(kernel * 0.5)
print("lstm live weights:", close(lstm(x), layer(x).numpy()),
      not close(lstm(x), want))


# The tape through a Keras GRU with respect to its input and its weights
# (the variables read inside the loop, VariableShape in the gradient).
gru = keras.layers.GRU(3)
gru.build((2, 4, 3))
gru.set_weights([(np.round(32 * np.cos(np.arange(w.size) * 0.41 + i)) / 64)
                 .astype(np.float32).reshape(w.shape)
                 for i, w in enumerate(gru.get_weights())])


@tf.function
def gru_tape(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        loss = tf.reduce_sum(tf.square(gru(v)))
    return [loss] + tape.gradient(loss, [v] + gru.trainable_variables)


v = (np.arange(24, dtype=np.float32).reshape(2, 4, 3) - 12) / 16
tape_fn = ta.from_tensorflow(gru_tape, v)
print("gru tape:", all(close(np.asarray(g), w.numpy())
                       for g, w in zip(tape_fn(v), gru_tape(v))))


# tf.TensorArray with TensorFlow's defaults (unknown element shape),
# written in a loop, gathered and stacked.
@tf.function
def loop(xs):
    arr = tf.TensorArray(tf.float32, size=4)
    for i in tf.range(4):
        arr = arr.write(i, xs[i] * tf.cast(i + 1, tf.float32))
    return arr.gather([3, 0]), arr.stack()


xs = np.arange(8, dtype=np.float32).reshape(4, 2) / 4
f = ta.from_tensorflow(loop, xs)
gathered, stacked = f(xs)
want_g, want_s = loop(xs)
print("tensorarray bitwise:", np.array_equal(gathered, want_g.numpy())
      and np.array_equal(stacked, want_s.numpy()))


# An op ta-legalize-tf does not lower: the message names it and its node.
@tf.function
def lgamma(v):
    return tf.math.lgamma(v, name="lgamma_of_v")


try:
    ta.from_tensorflow(lgamma, np.ones(3, np.float32))
    print("lgamma: no error")
except ta.DiagnosticError as e:
    text = str(e)
    print("lgamma names op:", "'tf.Lgamma' op is not lowered" in text,
          "names node:", "lgamma_of_v" in text)


# A run-time error: TensorFlow's text, as ta.RuntimeError.
@tf.function
def read(xs, i):
    arr = tf.TensorArray(tf.float32, size=4).unstack(xs)
    return arr.read(i)


r = ta.from_tensorflow(read, xs, np.int32(1))
print("read(1):", r(xs, np.int32(1)).tolist())
try:
    r(xs, np.int32(7))
    print("read(7): no error")
except ta.RuntimeError as e:
    print("read(7):", e)


# A stateful Keras GRU called twice in one function: the layer assigns its
# state variable after each call; ta assigns it after each call too. From
# zero state, both calls' outputs and the state left are TensorFlow's, and
# the next call continues from it.
gru = keras.layers.GRU(3, stateful=True)
gru.build((2, 5, 4))
gru.set_weights([(np.round(32 * np.sin(np.arange(w.size) * 0.53 + i)) / 64)
                 .astype(np.float32).reshape(w.shape)
                 for i, w in enumerate(gru.get_weights())])


@tf.function
def twice(x):
    return gru(x), gru(x)


gx = (np.arange(2 * 5 * 4, dtype=np.float32).reshape(2, 5, 4) - 20) / 16
stateful = ta.from_tensorflow(twice, gx)


def reset():
    for v in gru.states:
        v.assign(tf.zeros_like(v))


reset()
want = [t.numpy() for t in twice(gx)] + [gru.states[0].numpy()]
want += [t.numpy() for t in twice(gx)]
reset()
got = list(stateful(gx)) + [gru.states[0].numpy()]
got += list(stateful(gx))
print("stateful gru:", all(close(g, w) for g, w in zip(got, want)),
      "state moved:", not np.array_equal(got[0], got[1]))


# A variable assigned a value whose length the function knows at run time
# only: TensorFlow's validate_shape check, with its text.
counter = tf.Variable(tf.zeros([2]))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def accumulate(v):
    counter.assign_add(v)
    return counter.read_value() * 2.0


counter.assign([1.0, 2.0])
acc = ta.from_tensorflow(accumulate)
print("accumulate:", acc(np.array([10.0, 20.0], np.float32)).tolist(),
      counter.numpy().tolist())
try:
    acc(np.array([1.0, 2.0, 3.0], np.float32))
    print("accumulate 3: no error")
except ta.RuntimeError as e:
    print("accumulate 3:", e)

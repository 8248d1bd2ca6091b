"""Corpus programs of activations, rounding and trigonometry: the kernels
(tf.raw_ops, on values whose results round, over a packet of 8 and a
scalar tail) and programs that use them as people write them: a dense
stack of elu/selu/softplus/relu6/leaky_relu under the tape, a layer norm
(tf.nn.moments: StopGradient, Rsqrt) after an Elman tf.scan, and a
tf.foldl of sin and cos with its gradient.

Bounds: Relu6, Elu, Selu, Softplus, Log1p, the gradients, Floor, Ceil,
Round, Sign and IsFinite are TensorFlow's kernels bit for bit (0 ulp;
measured over 200,003 random points besides). Sin, Cos and Rsqrt are the C
library's where TensorFlow runs Eigen's approximations: at most 2, 2 and 4
ulp apart over the same points, bounded so here; Pow 1 ulp; Erf 5 ulp and
Erfc 61 ulp (Eigen's erfc loses digits past x = 8.6) over 100,003 points. Programs whose
products then round through a MatMul are bounded as programs_library.py
says (KERAS_ULP, MaxUlp for sums whose terms cancel).
"""

import numpy as np
import tensorflow as tf

from programs import MaxUlp, Program, dyadic
from programs_library import KERAS_ULP, weights

raw = tf.raw_ops

# 29 values (three packets of 8 and a tail of 5) that round, with the
# softplus thresholds (|x| around 13.94), large magnitudes and a zero.
ACT_X = (np.sin(np.arange(29) * 1.3) * 3.0).astype(np.float32)
ACT_X[3:8] = [-20.0, 20.0, 14.5, -14.5, 0.0]
ACT_G = (np.cos(np.arange(29) * 0.9) * 1.7).astype(np.float32)


@tf.function
def tf_activation_ops(x, g):
    y = tf.abs(x) + 0.25
    elu, selu = raw.Elu(features=x), raw.Selu(features=x)
    return (raw.Relu6(features=x), raw.Relu6Grad(gradients=g, features=x), elu,
            raw.EluGrad(gradients=g, outputs=elu), selu,
            raw.SeluGrad(gradients=g, outputs=selu), raw.Softplus(features=x),
            raw.SoftplusGrad(gradients=g, features=x),
            raw.LeakyReluGrad(gradients=g, features=x, alpha=0.3),
            raw.SqrtGrad(y=y, dy=g), raw.RsqrtGrad(y=y, dy=g), raw.Log1p(x=y - 0.5),
            raw.Floor(x=x), raw.Ceil(x=x), raw.Round(x=x * 2.0), raw.Sign(x=x),
            tf.cast(raw.IsFinite(x=x / x), tf.int32), tf.stop_gradient(x))


@tf.function
def tf_libm_ops(x, g):
    y = tf.abs(x) + 0.25
    return tf.sin(x * 3.0), tf.cos(x * 3.0), tf.math.rsqrt(y), tf.pow(y, g), y ** 3.0


@tf.function
def tf_activation_tape(x, w):
    # A dense stack of the activations Keras names, scored; the tape's
    # gradients with respect to the input and the weights.
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        h = tf.nn.elu(tf.matmul(x, w))
        h = tf.nn.selu(h * 1.5 - 0.25)
        h = tf.nn.softplus(h * 2.0) + tf.nn.relu6(h * 4.0)
        h = tf.nn.leaky_relu(h - 1.0, alpha=0.1)
        y = tf.reduce_sum(h * h)
    return [y] + tape.gradient(y, [x, w])


@tf.function
def tf_scan_layer_norm(xs, w, u):
    # An Elman tf.scan, then each step's state normalized over its units
    # (tf.nn.moments, rsqrt), with the tape's gradient.
    with tf.GradientTape() as tape:
        tape.watch(xs)
        hs = tf.scan(lambda h, x: tf.tanh(tf.matmul(x, w) + tf.matmul(h, u)), xs,
                     initializer=tf.zeros([2, 3]))
        mean, var = tf.nn.moments(hs, axes=[2], keepdims=True)
        y = (hs - mean) * tf.math.rsqrt(var + 1e-3)
        loss = tf.reduce_sum(y * tf.range(3, dtype=tf.float32))
    return y, tape.gradient(loss, xs)


@tf.function
def tf_foldl_trig(xs):
    # tf.foldl of sin and cos over rows, and its gradient.
    with tf.GradientTape() as tape:
        tape.watch(xs)
        acc = tf.foldl(lambda a, x: tf.sin(a) * 0.5 + tf.cos(x), xs,
                       initializer=tf.zeros([4]))
        y = tf.reduce_sum(acc)
    return acc, tape.gradient(y, xs)


@tf.function
def tf_gelu(x):
    # Erf and Erfc (the C library's), and Keras's gelu, exact and tanh
    # approximated (Pow of 3 near a cancellation: bounded by the largest
    # magnitude).
    return (tf.math.erf(x), tf.math.erfc(x), tf.nn.gelu(x),
            tf.nn.gelu(x, approximate=True))


@tf.function
def tf_log_softmax(x, labels):
    # log_softmax, reduce_logsumexp (Max, StopGradient, IsFinite, Exp, Log)
    # and a cross entropy written with log_softmax, under the tape.
    with tf.GradientTape() as tape:
        tape.watch(x)
        logp = tf.nn.log_softmax(x)
        loss = -tf.reduce_sum(labels * logp)
    return logp, tf.reduce_logsumexp(x, axis=1), loss, tape.gradient(loss, x)


PROGRAMS = [
    Program(
        "tf_activation_ops",
        "The kernels of Relu6, Elu, Selu, Softplus and their gradients, "
        "LeakyReluGrad, SqrtGrad, RsqrtGrad, Log1p, Floor, Ceil, Round, Sign, "
        "IsFinite and StopGradient on 29 values (packets and a tail), bit for bit.",
        tf_activation_ops, [ACT_X, ACT_G]),
    Program(
        "tf_libm_ops",
        "Sin, Cos, Rsqrt and Pow, computed with the C library: within 2, 2, 4 "
        "and 1 ulp of TensorFlow's Eigen approximations.",
        tf_libm_ops, [ACT_X, ACT_G], ulp=[2, 2, 4, 1, 1]),
    Program(
        "tf_activation_tape",
        "The tape through a dense stack of elu, selu, softplus, relu6 and "
        "leaky_relu: gradients with respect to the input and the weights.",
        tf_activation_tape, [dyadic([3, 4], -1.0, 0.125), weights([4, 5], 3.0)],
        ulp=[KERAS_ULP, MaxUlp(4), MaxUlp(4)]),
    Program(
        "tf_scan_layer_norm",
        "An Elman tf.scan whose states are normalized over their units "
        "(tf.nn.moments, rsqrt), with the tape's gradient.",
        tf_scan_layer_norm,
        [dyadic([3, 2, 4], -1.0, 0.0625), weights([4, 3], 1.0), weights([3, 3], 2.0)],
        ulp=[MaxUlp(16), MaxUlp(16)]),
    Program(
        "tf_gelu",
        "tf.math.erf, tf.math.erfc (the C library's erff, erfcf) and tf.nn.gelu, "
        "exact and approximate.",
        tf_gelu, [ACT_X], ulp=[8, 64, MaxUlp(4), MaxUlp(4)]),
    Program(
        "tf_log_softmax",
        "tf.nn.log_softmax, tf.reduce_logsumexp and the tape through a cross "
        "entropy written with log_softmax.",
        tf_log_softmax,
        [(np.sin(np.arange(3 * 11) * 1.7) * 4.0).astype(np.float32).reshape(3, 11),
         np.eye(3, 11, 2, dtype=np.float32)],
        ulp=[MaxUlp(4), MaxUlp(4), MaxUlp(4), MaxUlp(4)]),
    Program(
        "tf_foldl_trig",
        "tf.foldl of sin and cos over rows, and the tape's gradient.",
        tf_foldl_trig, [dyadic([3, 4], -1.5, 0.25)], ulp=[4, 8]),
]

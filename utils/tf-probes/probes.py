"""Probes of ta.from_tensorflow on ordinary TensorFlow programs.

    PYTHONPATH=build/ci/python_packages .venv/bin/python utils/tf-probes/probes.py
        runs every probe, each in its own subprocess (120 s limit), sequentially,
        and writes OUT/results.json and OUT/results.md (OUT: $TA_PROBES_OUT,
        default build/tf-probes)
    ... probes.py NAME [NAME...]   runs those probes in this process, verbosely
    ... probes.py --list

Each probe is a builder returning (tf_function, example_args). The reference is
the tf.function called on the args (TensorFlow's graph execution); ta's
from_tensorflow is tried with checks="strict" and checks="none", called on the
same args and compared: float32 with np.allclose(rtol=1e-5, atol=1e-6), ints
and bools exactly.

Statuses: pass; export-error (TensorFlow itself failed to trace/export);
import-error (ta-import-tf refused the exported module); legalize-error
(ta-import-tf passed, ta-legalize-tf refused); compile-error (both passed,
lowering or JIT failed); runtime-error (the compiled function raised);
wrong-values; crash (the subprocess died or timed out).
"""

import json
import os
import subprocess
import sys
import time
import traceback

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = os.path.dirname(os.path.dirname(HERE))
TA_OPT = os.path.join(MAIN, "build/ci/bin/ta-opt")
OUT = os.environ.get("TA_PROBES_OUT", os.path.join(MAIN, "build", "tf-probes"))

RS = np.random.RandomState(0)
B, T, F, U = 2, 5, 4, 3


def u(*shape, lo=-1.0, hi=1.0):
    return RS.uniform(lo, hi, shape).astype(np.float32)


PROBES = {}


def probe(desc):
    def deco(builder):
        PROBES[builder.__name__] = (desc, builder)
        return builder
    return deco


def seed():
    import keras
    keras.utils.set_random_seed(0)


# --------------------------------------------------------------------------
# Keras recurrent layers (layer objects captured by a tf.function; the
# variables are frozen by from_tensorflow)
# --------------------------------------------------------------------------

def keras_call(layer, n_in=1, **kw):
    import tensorflow as tf

    @tf.function
    def f(*xs):
        return layer(*xs, **kw)
    return f


@probe("SimpleRNN(4, return_sequences=True, return_state=True)")
def k_simplernn_seq_state():
    import keras
    seed()
    layer = keras.layers.SimpleRNN(4, return_sequences=True, return_state=True)
    return keras_call(layer), [u(B, T, F)]


@probe("GRU(3, reset_after=False) last output")
def k_gru_reset_after_false():
    import keras
    seed()
    layer = keras.layers.GRU(U, reset_after=False)
    return keras_call(layer), [u(B, T, F)]


@probe("GRU(3, return_sequences=True, return_state=True)")
def k_gru_seq_state():
    import keras
    seed()
    layer = keras.layers.GRU(U, return_sequences=True, return_state=True)
    return keras_call(layer), [u(B, T, F)]


@probe("LSTM(3, go_backwards=True, return_state=True)")
def k_lstm_backwards_state():
    import keras
    seed()
    layer = keras.layers.LSTM(U, go_backwards=True, return_state=True)
    return keras_call(layer), [u(B, T, F)]


@probe("SimpleRNN(3, unroll=True, return_sequences=True) (static unrolled)")
def k_simplernn_unroll():
    import keras
    seed()
    layer = keras.layers.SimpleRNN(U, unroll=True, return_sequences=True)
    return keras_call(layer), [u(B, T, F)]


@probe("Bidirectional(GRU(3, return_sequences=True), merge_mode='sum')")
def k_bidir_gru_sum():
    import keras
    seed()
    layer = keras.layers.Bidirectional(keras.layers.GRU(U, return_sequences=True),
                                       merge_mode="sum")
    return keras_call(layer), [u(B, T, F)]


@probe("Bidirectional(SimpleRNN(3), merge_mode='ave')")
def k_bidir_simplernn_ave():
    import keras
    seed()
    layer = keras.layers.Bidirectional(keras.layers.SimpleRNN(U), merge_mode="ave")
    return keras_call(layer), [u(B, T, F)]


@probe("Bidirectional(LSTM(3, seq), merge_mode='mul')")
def k_bidir_lstm_mul():
    import keras
    seed()
    layer = keras.layers.Bidirectional(keras.layers.LSTM(U, return_sequences=True),
                                       merge_mode="mul")
    return keras_call(layer), [u(B, T, F)]


@probe("Bidirectional(LSTM(3, return_state=True), merge_mode=None): outputs+states")
def k_bidir_lstm_none_state():
    import keras
    seed()
    layer = keras.layers.Bidirectional(keras.layers.LSTM(U, return_state=True),
                                       merge_mode=None)
    return keras_call(layer), [u(B, T, F)]


@probe("Sequential GRU(seq) -> SimpleRNN(seq) -> LSTM -> Dense(2)")
def k_stacked_mixed():
    import keras
    seed()
    model = keras.Sequential([keras.layers.GRU(U, return_sequences=True),
                              keras.layers.SimpleRNN(U, return_sequences=True),
                              keras.layers.LSTM(U), keras.layers.Dense(2)])
    model.build((B, T, F))
    return keras_call(model), [u(B, T, F)]


@probe("LSTM(3, return_sequences=True) with a boolean mask *input* argument")
def k_lstm_mask_input():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.LSTM(U, return_sequences=True)

    @tf.function
    def f(x, m):
        return layer(x, mask=m)
    m = np.array([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], bool)
    return f, [u(B, T, F), m]


@probe("GRU(3, return_sequences=True, return_state=True) with a mask input")
def k_gru_mask_input():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.GRU(U, return_sequences=True, return_state=True)

    @tf.function
    def f(x, m):
        return layer(x, mask=m)
    m = np.array([[1, 1, 1, 1, 0], [1, 1, 0, 0, 0]], bool)
    return f, [u(B, T, F), m]


@probe("LSTM(3) with initial_state=[h0, c0] given as inputs")
def k_lstm_initial_state():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.LSTM(U)

    @tf.function
    def f(x, h0, c0):
        return layer(x, initial_state=[h0, c0])
    return f, [u(B, T, F), u(B, U), u(B, U)]


@probe("Embedding(10, 4) -> LSTM(3) -> Dense(1, sigmoid) on int32 token ids")
def k_embedding_lstm():
    import keras
    seed()
    model = keras.Sequential([keras.layers.Embedding(10, F), keras.layers.LSTM(U),
                              keras.layers.Dense(1, activation="sigmoid")])
    model.build((B, T))
    ids = RS.randint(0, 10, (B, T)).astype(np.int32)
    return keras_call(model), [ids]


@probe("GradientTape through LSTM(3): d sum(y^2) / d x and / d layer.trainable_variables")
def k_lstm_tape_vars():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.LSTM(U, return_sequences=True)
    layer.build((B, T, F))

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = layer(x)
            loss = tf.reduce_sum(y * y)
        return [loss] + tape.gradient(loss, [x] + layer.trainable_variables)
    return f, [u(B, T, F)]


@probe("GradientTape through GRU(3, reset_after=False) wrt x and weights")
def k_gru_raf_tape_vars():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.GRU(U, reset_after=False)
    layer.build((B, T, F))

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(tf.square(layer(x) - 0.5))
        return tape.gradient(loss, [x] + layer.trainable_variables)
    return f, [u(B, T, F)]


@probe("GradientTape: Bidirectional(SimpleRNN) + Dense softmax xent, grads wrt model vars")
def k_bidir_tape_model():
    import keras
    import tensorflow as tf
    seed()
    model = keras.Sequential([keras.layers.Bidirectional(keras.layers.SimpleRNN(U)),
                              keras.layers.Dense(3)])
    model.build((B, T, F))
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function
    def f(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x))
        return [loss] + tape.gradient(loss, model.trainable_variables)
    return f, [u(B, T, F), np.array([0, 2], np.int32)]


@probe("GradientTape through masked LSTM (mask input) wrt x")
def k_lstm_mask_tape():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.LSTM(U)
    layer.build((B, T, F))

    @tf.function
    def f(x, m):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(layer(x, mask=m))
        return tape.gradient(loss, x)
    m = np.array([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], bool)
    return f, [u(B, T, F), m]


# --------------------------------------------------------------------------
# tf.compat.v1.nn.dynamic_rnn with the TF1 cells
# --------------------------------------------------------------------------

def v1_cells():
    from tensorflow.python.keras.layers.legacy_rnn import rnn_cell_impl
    import tensorflow as tf
    tf.random.set_seed(0)
    return rnn_cell_impl


@probe("v1 dynamic_rnn(BasicRNNCell(3)), batch-major")
def v1_dyn_basic_rnn():
    import tensorflow as tf
    rc = v1_cells()
    cell = rc.BasicRNNCell(U)

    @tf.function
    def f(x):
        return tf.compat.v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
    return f, [u(B, T, F)]


@probe("v1 dynamic_rnn(GRUCell(3)), time_major=True, initial_state input")
def v1_dyn_gru_time_major():
    import tensorflow as tf
    rc = v1_cells()
    cell = rc.GRUCell(U)

    @tf.function
    def f(x, h0):
        return tf.compat.v1.nn.dynamic_rnn(cell, x, initial_state=h0, time_major=True)
    return f, [u(T, B, F), u(B, U)]


@probe("v1 dynamic_rnn(LSTMCell(3, use_peepholes=True, num_proj=2))")
def v1_dyn_lstm_peep_proj():
    import tensorflow as tf
    rc = v1_cells()
    cell = rc.LSTMCell(U, use_peepholes=True, num_proj=2)

    @tf.function
    def f(x):
        o, s = tf.compat.v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
        return o, s.c, s.h
    return f, [u(B, T, F)]


@probe("v1 bidirectional_dynamic_rnn(LSTMCell, GRUCell) with sequence_length input")
def v1_bidir_lstm_gru_seqlen():
    import tensorflow as tf
    rc = v1_cells()
    fw, bw = rc.LSTMCell(U), rc.GRUCell(U)

    @tf.function
    def f(x, n):
        (o1, o2), (s1, s2) = tf.compat.v1.nn.bidirectional_dynamic_rnn(
            fw, bw, x, sequence_length=n, dtype=tf.float32)
        return tf.concat([o1, o2], -1), s1.h, s2
    return f, [u(B, T, F), np.array([5, 3], np.int32)]


@probe("v1 MultiRNNCell([LSTMCell, LSTMCell]) dynamic_rnn + tape grads wrt x")
def v1_multi_lstm_tape():
    import tensorflow as tf
    rc = v1_cells()
    cell = rc.MultiRNNCell([rc.LSTMCell(U), rc.LSTMCell(U)])

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            o, _ = tf.compat.v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
            loss = tf.reduce_sum(o)
        return o, tape.gradient(loss, x)
    return f, [u(B, T, F)]


# --------------------------------------------------------------------------
# scan / foldl / foldr / map_fn
# --------------------------------------------------------------------------

@probe("map_fn over dict elems -> nested (tuple, dict) output with fn_output_signature")
def hof_map_fn_nested():
    import tensorflow as tf

    @tf.function
    def f(a, b):
        def fn(e):
            s = e["a"] * e["b"]
            return (tf.reduce_sum(s), {"m": tf.reduce_max(e["a"]), "v": s + 1.0})
        sig = (tf.TensorSpec([], tf.float32),
               {"m": tf.TensorSpec([], tf.float32), "v": tf.TensorSpec([F], tf.float32)})
        return tf.map_fn(fn, {"a": a, "b": b}, fn_output_signature=sig)
    return f, [u(T, F), u(T, F)]


@probe("map_fn f32 rows -> int64 argmax and bool (dtype change)")
def hof_map_fn_int64_bool():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.map_fn(lambda r: (tf.argmax(r), tf.reduce_any(r > 0.5)), x,
                         fn_output_signature=(tf.int64, tf.bool))
    return f, [u(T, F)]


@probe("map_fn with a captured weight, tape grads wrt x and w")
def hof_map_fn_grad_captured():
    import tensorflow as tf

    @tf.function
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            y = tf.map_fn(lambda r: tf.sigmoid(tf.linalg.matvec(w, r)), x)
            loss = tf.reduce_sum(y * y)
        return [y] + tape.gradient(loss, [x, w])
    return f, [u(T, F), u(U, F)]


@probe("scan over tuple elems (x, int32 ids), no initializer, reverse=True")
def hof_scan_tuple_reverse():
    import tensorflow as tf

    @tf.function
    def f(x, k):
        return tf.scan(lambda a, e: (a[0] * 0.5 + e[0], a[1] + e[1]), (x, k), reverse=True)
    return f, [u(T, F), RS.randint(0, 5, (T, F)).astype(np.int32)]


@probe("scan reverse=True with nested (h, (c, n)) carry, tape grads")
def hof_scan_reverse_grad():
    import tensorflow as tf

    @tf.function
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])

            def step(acc, xt):
                h, (c, n) = acc
                c2 = c * 0.9 + tf.tanh(tf.matmul(xt, w))
                h2 = tf.sigmoid(c2) * h
                return h2 + xt[:, :U], (c2, n + 1.0)
            hs, (cs, ns) = tf.scan(step, tf.transpose(x, [1, 0, 2]),
                                   initializer=(tf.ones([B, U]), (tf.zeros([B, U]), 0.0)),
                                   reverse=True)
            loss = tf.reduce_sum(hs) + tf.reduce_sum(cs * cs)
        return [hs, ns] + tape.gradient(loss, [x, w])
    return f, [u(B, T, F), u(F, U)]


@probe("foldl over tuple elems with tuple accumulator, tape grads")
def hof_foldl_tuple_grad():
    import tensorflow as tf

    @tf.function
    def f(x, y):
        with tf.GradientTape() as tape:
            tape.watch([x, y])
            s, p = tf.foldl(lambda a, e: (a[0] + e[0] * e[1], a[1] * tf.cos(e[0])), (x, y),
                            initializer=(tf.zeros([F]), tf.ones([F])))
            loss = tf.reduce_sum(s) + tf.reduce_sum(p)
        return [s, p] + tape.gradient(loss, [x, y])
    return f, [u(T, F), u(T, F)]


@probe("foldr with a matrix accumulator (matmul), tape grad")
def hof_foldr_matmul_grad():
    import tensorflow as tf

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            m = tf.foldr(lambda a, e: tf.matmul(a, e) * 0.5, x, initializer=tf.eye(3))
            loss = tf.reduce_sum(m)
        return m, tape.gradient(loss, x)
    return f, [u(T, 3, 3)]


# --------------------------------------------------------------------------
# tf.while_loop / tf.TensorArray
# --------------------------------------------------------------------------

@probe("tf.while_loop (no autograph) writing a default-shape TensorArray, clear_after_read=False reads")
def ta_while_default_shape_reread():
    import tensorflow as tf

    @tf.function(autograph=False)
    def f(x):
        ta = tf.TensorArray(tf.float32, size=T, clear_after_read=False)

        def body(i, ta):
            return i + 1, ta.write(i, tf.sin(x[i]) * 2.0)
        _, ta = tf.while_loop(lambda i, ta: i < T, body, [0, ta])
        first = ta.read(0)
        again = ta.read(0)
        return ta.stack(), first + again, ta.size()
    return f, [u(T, F)]


@probe("dynamic_size TensorArray grown in a while_loop to n (input), read back reversed")
def ta_dynamic_grow_read_reverse():
    import tensorflow as tf

    @tf.function
    def f(x, n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        v = x
        for i in tf.range(n):
            v = v * 0.5 + 1.0
            ta = ta.write(i, v)
        out = tf.TensorArray(tf.float32, size=ta.size())
        for i in tf.range(ta.size()):
            out = out.write(i, ta.read(ta.size() - 1 - i))
        return out.stack()
    return f, [u(F), np.array(4, np.int32)]


@probe("TensorArray scatter (permuted idx) / gather (subset) / unstack / stack in one fn")
def ta_scatter_gather_unstack():
    import tensorflow as tf

    @tf.function
    def f(x):
        a = tf.TensorArray(tf.float32, size=T, element_shape=[F]).scatter([4, 0, 3, 1, 2], x)
        g = a.gather([1, 3])
        b = tf.TensorArray(tf.float32, size=T).unstack(tf.exp(x))
        return g, b.stack()
    return f, [u(T, F)]


@probe("TensorArray split (unequal lengths) then concat and read, infer_shape=False")
def ta_split_ragged_concat():
    import tensorflow as tf

    @tf.function
    def f(x):
        a = tf.TensorArray(tf.float32, size=3, infer_shape=False)
        a = a.split(x, [1, 3, 2])
        mid = a.read(1)
        return a.concat(), mid
    return f, [u(6)]


@probe("TensorArray of equal pieces: split [2,2,2] rows, concat, size")
def ta_split_equal_concat():
    import tensorflow as tf

    @tf.function
    def f(x):
        a = tf.TensorArray(tf.float32, size=3, element_shape=[2, F]).split(x, [2, 2, 2])
        return a.concat() * 2.0, a.read(2), a.size()
    return f, [u(6, F)]


@probe("TensorArray.unstack + while_loop reduce with ta.size() bound")
def ta_unstack_while_size():
    import tensorflow as tf

    @tf.function(autograph=False)
    def f(x):
        a = tf.TensorArray(tf.float32, size=T).unstack(x)
        _, s = tf.while_loop(lambda i, s: i < a.size(),
                             lambda i, s: (i + 1, tf.maximum(s, a.read(i))),
                             [0, tf.fill([F], -10.0)])
        return s
    return f, [u(T, F)]


@probe("Two TensorArrays in a while_loop, tape grad through gather/stack")
def ta_two_arrays_tape():
    import tensorflow as tf

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a = tf.TensorArray(tf.float32, size=T)
            b = tf.TensorArray(tf.float32, size=T)
            h = tf.zeros([F])
            for i in tf.range(T):
                h = tf.tanh(h + x[i])
                a = a.write(i, h)
                b = b.write(i, h * h)
            loss = tf.reduce_sum(a.gather([0, 2, 4])) + tf.reduce_sum(b.stack())
        return loss, tape.gradient(loss, x)
    return f, [u(T, F)]


# --------------------------------------------------------------------------
# autograph control flow
# --------------------------------------------------------------------------

@probe("autograph for-range with continue and if/else on tensors")
def ag_for_continue_ifelse():
    import tensorflow as tf

    @tf.function
    def f(x):
        s = tf.zeros([F])
        c = 0
        for i in tf.range(T):
            if tf.reduce_sum(x[i]) < -0.5:
                continue
            if x[i, 0] > 0.0:
                s = s + x[i]
            else:
                s = s - 2.0 * x[i]
            c += 1
        return s, c
    return f, [u(T, F)]


@probe("autograph while with break on a data-dependent condition, int counter")
def ag_while_break():
    import tensorflow as tf

    @tf.function
    def f(x):
        i = tf.constant(0)
        acc = tf.constant(1.0)
        while i < 100:
            acc = acc * 1.5 + x[i % T]
            if acc > 5.0:
                break
            i += 1
        return acc, i
    return f, [u(T)]


@probe("autograph `for row in x` with nested tf.range loop and TensorArray")
def ag_for_rows_nested():
    import tensorflow as tf

    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        k = 0
        for row in x:
            acc = 0.0
            for j in tf.range(F):
                if row[j] > 0.0:
                    acc += row[j]
            ta = ta.write(k, acc)
            k += 1
        return ta.stack()
    return f, [u(T, F)]


# --------------------------------------------------------------------------
# attention-like
# --------------------------------------------------------------------------

@probe("scaled dot-product attention with tf.matmul(transpose_b) on rank-3 (BatchMatMul)")
def attn_batch_matmul():
    import tensorflow as tf

    @tf.function
    def f(q, k, v):
        s = tf.matmul(q, k, transpose_b=True) / tf.sqrt(float(F))
        return tf.matmul(tf.nn.softmax(s, axis=-1), v)
    return f, [u(B, T, F), u(B, T, F), u(B, T, F)]


@probe("attention via tf.einsum ('bqd,bkd->bqk', 'bqk,bkd->bqd')")
def attn_einsum():
    import tensorflow as tf

    @tf.function
    def f(q, k, v):
        s = tf.einsum("bqd,bkd->bqk", q, k) * 0.5
        return tf.einsum("bqk,bkd->bqd", tf.nn.softmax(s), v)
    return f, [u(B, T, F), u(B, T, F), u(B, T, F)]


@probe("keras.layers.Attention()([q, v]) (dot-product attention layer)")
def attn_keras_attention():
    import keras
    seed()
    layer = keras.layers.Attention()
    import tensorflow as tf

    @tf.function
    def f(q, v):
        return layer([q, v])
    return f, [u(B, T, F), u(B, T, F)]


@probe("additive attention over encoder states inside tf.scan (2-D matmul only)")
def attn_additive_scan():
    import tensorflow as tf

    @tf.function
    def f(enc, dec, w):
        # enc [T, F], dec [T, F]
        def step(ctx, d):
            e = tf.reduce_sum(tf.tanh(tf.matmul(enc, w) + d), axis=1)  # [T]
            a = tf.nn.softmax(e)
            return tf.reduce_sum(a[:, None] * enc, axis=0)
        return tf.scan(step, dec, initializer=tf.zeros([F]))
    return f, [u(T, F), u(T, F), u(F, F)]


# --------------------------------------------------------------------------
# elementwise
# --------------------------------------------------------------------------

@probe("sigmoid, relu, relu6, tanh combined")
def ew_sigmoid_relu():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.sigmoid(x) + tf.nn.relu(x) * tf.nn.relu6(3.0 * x) - tf.tanh(x)
    return f, [u(3, 4, lo=-4, hi=4)]


@probe("tf.nn.elu, tf.nn.selu")
def ew_elu_selu():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.nn.elu(x), tf.nn.selu(x)
    return f, [u(3, 4, lo=-3, hi=3)]


@probe("tf.nn.softplus")
def ew_softplus():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.nn.softplus(x)
    return f, [u(3, 4, lo=-3, hi=3)]


@probe("tf.math.log1p, tf.math.log")
def ew_log1p_log():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.math.log1p(x), tf.math.log(x + 1.5)
    return f, [u(3, 4)]


@probe("tf.sin, tf.cos")
def ew_sin_cos():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.sin(x), tf.cos(x)
    return f, [u(3, 4, lo=-3, hi=3)]


@probe("exp, sqrt, rsqrt, square")
def ew_exp_sqrt_rsqrt():
    import tensorflow as tf

    @tf.function
    def f(x):
        y = tf.abs(x) + 0.1
        return tf.exp(x), tf.sqrt(y), tf.math.rsqrt(y), tf.square(x)
    return f, [u(3, 4)]


@probe("tf.pow with float exponent tensor and x ** 3")
def ew_pow():
    import tensorflow as tf

    @tf.function
    def f(x, p):
        return tf.pow(tf.abs(x) + 0.5, p), x ** 3
    return f, [u(3, 4), u(3, 4)]


@probe("clip_by_value, minimum, maximum, layer-norm style (mean/var/rsqrt)")
def ew_clip_minmax_norm():
    import tensorflow as tf

    @tf.function
    def f(x, y):
        c = tf.clip_by_value(x, -0.3, 0.4)
        m, v = tf.nn.moments(x, axes=[-1], keepdims=True)
        n = (x - m) * tf.math.rsqrt(v + 1e-5)
        return c, tf.minimum(x, y), tf.maximum(x, y), n
    return f, [u(3, 4), u(3, 4)]


# --------------------------------------------------------------------------
# reductions
# --------------------------------------------------------------------------

@probe("reduce_mean over axes, reduce_max, argmax (int64) and argmin(int32)")
def red_mean_max_argmax():
    import tensorflow as tf

    @tf.function
    def f(x):
        return (tf.reduce_mean(x, axis=[0, 2]), tf.reduce_max(x, axis=-1),
                tf.argmax(x, axis=1), tf.argmin(x, axis=2, output_type=tf.int32),
                tf.reduce_mean(x))
    return f, [u(2, 3, 4)]


@probe("cumsum reverse / exclusive on axis 1, cumprod")
def red_cumsum_variants():
    import tensorflow as tf

    @tf.function
    def f(x):
        return (tf.cumsum(x, axis=1, reverse=True), tf.cumsum(x, axis=1, exclusive=True,
                                                               reverse=True),
                tf.math.cumprod(x, axis=0))
    return f, [u(3, 4)]


@probe("reduce_logsumexp and log_softmax")
def red_logsumexp():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.reduce_logsumexp(x, axis=-1), tf.nn.log_softmax(x)
    return f, [u(3, 4, lo=-3, hi=3)]


# --------------------------------------------------------------------------
# movement / indexing
# --------------------------------------------------------------------------

@probe("tf.one_hot with on/off values and axis=0, from int32 input")
def mv_one_hot():
    import tensorflow as tf

    @tf.function
    def f(i):
        return tf.one_hot(i, 5, on_value=2.0, off_value=-1.0, axis=0), tf.one_hot(i, 3)
    return f, [np.array([[0, 4, 2], [1, 3, -1]], np.int32)]


@probe("tf.gather with batch_dims=1 and axis=1, gather_nd")
def mv_gather_batch_dims():
    import tensorflow as tf

    @tf.function
    def f(x, idx):
        return (tf.gather(x, idx, batch_dims=1), tf.gather(x, [2, 0], axis=1),
                tf.gather_nd(x, [[0, 1], [1, 3]]))
    return f, [u(B, T, F), np.array([[0, 4], [3, 3]], np.int32)]


@probe("tf.tile (rank 3), tf.reverse, tf.transpose")
def mv_tile_reverse():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.tile(x, [2, 1, 3]), tf.reverse(x, axis=[2]), tf.transpose(x, [2, 0, 1])
    return f, [u(2, 3, 4)]


@probe("tf.concat, tf.stack(axis=1), tf.split (sizes), tf.unstack(axis=1)")
def mv_concat_stack_split_unstack():
    import tensorflow as tf

    @tf.function
    def f(x, y):
        a, b = tf.split(x, [1, 3], axis=1)
        cols = tf.unstack(y, axis=1)
        return tf.concat([b, a], axis=1), tf.stack(cols[::-1], axis=1), tf.stack([x, y], 0)
    return f, [u(3, 4), u(3, 4)]


@probe("tf.where (3-arg, broadcasting) and tf.where(cond) (1-arg, dynamic shape)")
def mv_where():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.where(x > 0.0, x, tf.zeros_like(x) - 1.0), tf.where(x > 0.5)
    return f, [u(3, 4)]


@probe("tf.where 3-arg only, with scalar branches broadcast")
def mv_where3_scalar():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.where(x > 0.0, 1.0, -1.0) * x
    return f, [u(3, 4)]


# --------------------------------------------------------------------------
# variants isolating causes, and more ordinary programs
# --------------------------------------------------------------------------

@probe("GradientTape through GRU(3) wrt the input x only (saliency), no mask")
def k_gru_tape_x_only():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.GRU(U)
    layer.build((B, T, F))

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(layer(x))
        return tape.gradient(loss, x)
    return f, [u(B, T, F)]


@probe("LSTM(3) -> TimeDistributed(Dense(2, softmax)), return_sequences")
def k_lstm_timedistributed():
    import keras
    seed()
    model = keras.Sequential([keras.layers.LSTM(U, return_sequences=True),
                              keras.layers.TimeDistributed(
                                  keras.layers.Dense(2, activation="softmax"))])
    model.build((B, T, F))
    return keras_call(model), [u(B, T, F)]


@probe("GRU(3, stateful=True) called twice in one tf.function (state variables assigned)")
def k_gru_stateful():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.GRU(U, stateful=True)
    layer.build((B, T, F))

    @tf.function
    def f(x):
        # From zero state at every call (TensorFlow's run and ta's compare).
        for v in layer.states:
            v.assign(tf.zeros_like(v))
        a = layer(x)
        b = layer(x)
        return a, b, tf.identity(layer.states[0])
    return f, [u(B, T, F)]


@probe("v1 bidirectional_dynamic_rnn(BasicRNNCell x2) with constant sequence_length")
def v1_bidir_basic_const_seqlen():
    import tensorflow as tf
    rc = v1_cells()
    fw, bw = rc.BasicRNNCell(U), rc.BasicRNNCell(U)

    @tf.function
    def f(x):
        (o1, o2), (s1, s2) = tf.compat.v1.nn.bidirectional_dynamic_rnn(
            fw, bw, x, sequence_length=tf.constant([5, 3]), dtype=tf.float32)
        return o1, o2, s1, s2
    return f, [u(B, T, F)]


@probe("v1 dynamic_rnn(GRUCell) with sequence_length input (one direction)")
def v1_dyn_gru_seqlen_input():
    import tensorflow as tf
    rc = v1_cells()
    cell = rc.GRUCell(U)

    @tf.function
    def f(x, n):
        return tf.compat.v1.nn.dynamic_rnn(cell, x, sequence_length=n, dtype=tf.float32)
    return f, [u(B, T, F), np.array([5, 2], np.int32)]


@probe("tape through TensorArray.gather of an array with element_shape=[F] given")
def ta_gather_tape_shaped():
    import tensorflow as tf

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a = tf.TensorArray(tf.float32, size=T, element_shape=[F])
            h = tf.zeros([F])
            for i in tf.range(T):
                h = tf.tanh(h + x[i])
                a = a.write(i, h)
            loss = tf.reduce_sum(a.gather([0, 2, 4]))
        return loss, tape.gradient(loss, x)
    return f, [u(T, F)]


@probe("tf.while_loop(autograph=False) with maximum_iterations and a tf.cond inside")
def ag_while_maxiter_cond():
    import tensorflow as tf

    @tf.function(autograph=False)
    def f(x):
        def body(i, v):
            v = tf.cond(tf.reduce_sum(v) > 0.0, lambda: v * 0.5 - 0.25, lambda: v + 0.75)
            return i + 1, v
        return tf.while_loop(lambda i, v: True, body, [0, x], maximum_iterations=7)
    return f, [u(F)]


@probe("argmax/argmin with ties (first index wins in TF) and reduce_max")
def red_argmax_ties():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.argmax(x, axis=1), tf.argmin(x, axis=0), tf.math.reduce_max(x, axis=1)
    x = np.array([[0.5, 0.5, 0.1, 0.5], [-1.0, 0.2, -1.0, 0.2], [0.0, 0.0, 0.0, 0.0]],
                 np.float32)
    return f, [x]


@probe("reduce_std / reduce_variance, reduce_min, reduce_prod, keepdims")
def red_std_var():
    import tensorflow as tf

    @tf.function
    def f(x):
        return (tf.math.reduce_std(x, axis=0), tf.math.reduce_variance(x, axis=1, keepdims=True),
                tf.reduce_min(x, axis=[0, 1]), tf.reduce_prod(x, axis=-1))
    return f, [u(2, 3, 4)]


@probe("integer ops: floordiv/floormod of negatives, truncatediv, cast f32->int32, abs")
def ew_int_ops():
    import tensorflow as tf

    @tf.function
    def f(a, b, x):
        return (a // b, a % b, tf.truncatediv(a, b), tf.cast(x * 3.0, tf.int32),
                tf.abs(a), tf.maximum(a, b))
    a = np.array([-7, -3, 5, 8, -1, 0], np.int32)
    b = np.array([2, -2, 3, -3, 4, 5], np.int32)
    return f, [a, b, u(6)]


@probe("tf.nn.l2_normalize, tf.math.reciprocal, squared_difference")
def ew_l2_normalize():
    import tensorflow as tf

    @tf.function
    def f(x, y):
        return tf.math.l2_normalize(x, axis=-1), 1.0 / (tf.abs(x) + 1.0), \
            tf.math.squared_difference(x, y)
    return f, [u(3, 4), u(3, 4)]


@probe("Dense(3, activation='gelu') and tf.nn.gelu(approximate=True)")
def ew_gelu():
    import keras
    import tensorflow as tf
    seed()
    d = keras.layers.Dense(3, activation="gelu")
    d.build((None, F))

    @tf.function
    def f(x):
        return d(x), tf.nn.gelu(x, approximate=True)
    return f, [u(B, F)]


@probe("tf.math.top_k and tf.sort")
def mv_topk_sort():
    import tensorflow as tf

    @tf.function
    def f(x):
        v, i = tf.math.top_k(x, k=2)
        return v, i, tf.sort(x, direction="DESCENDING")
    return f, [u(3, 5)]


@probe("tf.cond on a tensor predicate outside loops, tf.switch_case")
def ag_cond_switch():
    import tensorflow as tf

    @tf.function
    def f(x, k):
        y = tf.cond(tf.reduce_mean(x) > 0.0, lambda: x * 2.0, lambda: x - 1.0)
        z = tf.switch_case(k, [lambda: y + 1.0, lambda: y * y, lambda: -y])
        return y, z
    return f, [u(3, 4), np.array(1, np.int32)]


@probe("tf.reshape with -1, expand_dims/squeeze, tf.shape-driven reshape")
def mv_reshape_shape():
    import tensorflow as tf

    @tf.function
    def f(x):
        s = tf.shape(x)
        y = tf.reshape(x, [s[0], -1])
        return y, tf.squeeze(tf.expand_dims(x, 1), axis=1), tf.reshape(y, [-1, 2, 2])
    return f, [u(2, 3, 4)]


@probe("tf.nn.softmax on axis=1 of rank-3 and softmax of a masked (-1e9) logits")
def ew_softmax_axis():
    import tensorflow as tf

    @tf.function
    def f(x, m):
        return tf.nn.softmax(x, axis=1), tf.nn.softmax(tf.where(m, x, -1e9))
    return f, [u(2, 3, 4), np.array([[[1, 1, 0, 1]] * 3] * 2, bool)]


@probe("float floormod/floordiv of negatives, floor/ceil/round/sign, int reduce_mean")
def ew_float_rounding():
    import tensorflow as tf

    @tf.function
    def f(x, k):
        y = x * 3.0
        return (tf.math.floormod(y, 0.7), y // 0.7, tf.floor(y), tf.math.ceil(y),
                tf.round(y), tf.sign(y), tf.reduce_mean(k), tf.reduce_mean(k, axis=0))
    x = np.array([-1.0, -0.5, -0.25, 0.5, 0.25, 0.8333], np.float32)
    k = np.array([[-7, 4, 3], [2, -2, 6]], np.int32)
    return f, [x, k]


@probe("LSTM(3, return_sequences=True) with a pre-padded mask (leading zeros) input")
def k_lstm_prepad_mask():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.LSTM(U, return_sequences=True, return_state=True)

    @tf.function
    def f(x, m):
        return layer(x, mask=m)
    m = np.array([[0, 0, 1, 1, 1], [1, 0, 1, 0, 1]], bool)
    return f, [u(B, T, F), m]


@probe("Bidirectional(GRU(3, seq)) with a mask input, concat")
def k_bidir_gru_mask():
    import keras
    import tensorflow as tf
    seed()
    layer = keras.layers.Bidirectional(keras.layers.GRU(U, return_sequences=True))

    @tf.function
    def f(x, m):
        return layer(x, mask=m)
    m = np.array([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], bool)
    return f, [u(B, T, F), m]


@probe("Masking(0.) -> GRU(3, go_backwards=True, return_state=True) Sequential-like")
def k_masking_gru_backwards():
    import keras
    import tensorflow as tf
    seed()
    mask_l = keras.layers.Masking(0.0)
    gru = keras.layers.GRU(U, go_backwards=True, return_state=True)

    @tf.function
    def f(x):
        return gru(mask_l(x))
    x = u(B, T, F)
    x[0, 3:] = 0.0
    x[1, 1] = 0.0
    return f, [x]


@probe("int floordiv/floormod of negatives, cast f32->int32 (negatives), abs/maximum of ints, int reduce_mean")
def ew_int_ops_lowered():
    import tensorflow as tf

    @tf.function
    def f(a, b, x):
        return (a // b, a % b, tf.cast(x * 3.0, tf.int32), tf.abs(a), tf.maximum(a, b),
                tf.reduce_mean(a), tf.cumsum(a), tf.reverse(a, [0]))
    a = np.array([-7, -3, 5, 8, -1, 0], np.int32)
    b = np.array([2, -2, 3, -3, 4, 5], np.int32)
    return f, [a, b, u(6)]


@probe("float floormod / floordiv (x // y on floats) of negatives")
def ew_float_floormod():
    import tensorflow as tf

    @tf.function
    def f(x):
        y = x * 3.0
        return tf.math.floormod(y, 0.7), y // 0.7, tf.math.floormod(y, -0.7)
    x = np.array([-1.0, -0.5, -0.25, 0.5, 0.25, 0.8333], np.float32)
    return f, [x]


@probe("extreme values: softmax(100x), sigmoid(100x), tanh(50x), exp(100x), x/0, sqrt(-x)")
def ew_extreme_values():
    import tensorflow as tf

    @tf.function
    def f(x):
        return (tf.nn.softmax(x * 100.0), tf.sigmoid(x * 100.0), tf.tanh(x * 50.0),
                tf.exp(x * 100.0), x / tf.zeros_like(x), tf.sqrt(-x))
    return f, [u(3, 4)]


@probe("SimpleRNN(3, activation='relu') -> Dense(1) with large inputs (x*50): no saturation")
def k_relu_rnn_large():
    import keras
    seed()
    model = keras.Sequential([keras.layers.SimpleRNN(U, activation="relu",
                                                     return_sequences=True),
                              keras.layers.Dense(1)])
    model.build((B, T, F))
    return keras_call(model), [u(B, T, F) * 50.0]


@probe("nested map_fn (map_fn over rows of a map_fn over a rank-3 input)")
def hof_nested_map_fn():
    import tensorflow as tf

    @tf.function
    def f(x):
        return tf.map_fn(lambda m: tf.map_fn(lambda r: tf.reduce_sum(r * r) + r[0], m), x)
    return f, [u(B, T, F)]


@probe("autograph loop growing a tensor by tf.concat with shape_invariants")
def ag_growing_concat():
    import tensorflow as tf

    @tf.function
    def f(x):
        out = tf.zeros([0, F])
        for i in tf.range(T):
            tf.autograph.experimental.set_loop_options(
                shape_invariants=[(out, tf.TensorShape([None, F]))])
            out = tf.concat([out, x[i:i + 1] * tf.cast(i, tf.float32)], axis=0)
        return out
    return f, [u(T, F)]


@probe("tape through an autograph for-loop with an if on the state (tf.cond in the loop)")
def ag_tape_loop_cond():
    import tensorflow as tf

    @tf.function
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            h = tf.zeros([F])
            for i in tf.range(T):
                if tf.reduce_sum(h) > 0.0:
                    h = tf.tanh(h * w + x[i])
                else:
                    h = tf.sigmoid(h - x[i] * w)
            loss = tf.reduce_sum(h * h)
        return [h] + tape.gradient(loss, [x, w])
    return f, [u(T, F), u(F)]


@probe("tf.scan inside an autograph while loop (repeated passes over the sequence)")
def hof_scan_in_loop():
    import tensorflow as tf

    @tf.function
    def f(x):
        acc = tf.zeros([F])
        for _ in tf.range(3):
            ys = tf.scan(lambda a, r: a * 0.5 + r, x, initializer=acc)
            acc = ys[-1]
        return acc
    return f, [u(T, F)]


@probe("second-order: nested GradientTapes through tf.scan (d/dx of sum(d loss/dx))")
def hof_scan_second_order():
    import tensorflow as tf

    @tf.function
    def f(x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                hs = tf.scan(lambda h, r: tf.tanh(h + r), x, initializer=tf.zeros([F]))
                loss = tf.reduce_sum(hs * hs)
            g = inner.gradient(loss, x)
            gs = tf.reduce_sum(g)
        return g, outer.gradient(gs, x)
    return f, [u(T, F)]


@probe("x[i:i+2] (range slice with run-time bounds) in a tf.range loop, summed")
def ag_runtime_range_slice():
    import tensorflow as tf

    @tf.function
    def f(x):
        acc = tf.zeros([2, F])
        for i in tf.range(T - 1):
            acc = acc + x[i:i + 2] * tf.cast(i + 1, tf.float32)
        return acc
    return f, [u(T, F)]


# --------------------------------------------------------------------------
# runner
# --------------------------------------------------------------------------

def flat_numpy(value):
    import tensorflow as tf
    return [np.asarray(v.numpy() if hasattr(v, "numpy") else v)
            for v in tf.nest.flatten(value)]


def compare(ref, got):
    """(ok, detail)"""
    if not isinstance(got, (list, tuple)):
        got = [got]
    got = [np.asarray(g) for g in got]
    if len(ref) != len(got):
        return False, "result count %d, TensorFlow %d" % (len(got), len(ref))
    worst = 0.0
    bad = []
    for i, (r, g) in enumerate(zip(ref, got)):
        if r.shape != g.shape:
            bad.append("result %d shape %s vs TF %s" % (i, g.shape, r.shape))
            continue
        if r.dtype != g.dtype:
            bad.append("result %d dtype %s vs TF %s" % (i, g.dtype, r.dtype))
            if r.dtype.kind != g.dtype.kind:
                continue
        if r.dtype.kind == "f":
            d = float(np.max(np.abs(r.astype(np.float64) - g.astype(np.float64)))) if r.size else 0.0
            if not np.isnan(d):
                worst = max(worst, d)
            if not np.allclose(g, r, rtol=1e-5, atol=1e-6, equal_nan=True):
                bad.append("result %d max abs diff %.3g" % (i, d))
        else:
            if not np.array_equal(r, g):
                bad.append("result %d (%s) differs: %d of %d elements" %
                           (i, r.dtype, int(np.sum(r != g)), r.size))
    if bad:
        return False, "; ".join(bad)
    return True, "max abs diff %.3g" % worst


def classify_diagnostic(name, text):
    """Runs ta-opt's ta-import-tf on the exported text: import- or legalize-error."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name + ".tf.mlir")
    with open(path, "w") as fh:
        fh.write(text)
    r = subprocess.run([TA_OPT, "--allow-unregistered-dialect", "--ta-import-tf", path,
                        "-o", os.devnull], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return "import-error", distinct_errors(r.stderr)
    r = subprocess.run([TA_OPT, "--allow-unregistered-dialect", "--ta-import-tf",
                        "--ta-legalize-tf", path, "-o", os.devnull],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return "legalize-error", distinct_errors(r.stderr)
    return "compile-error", []


def distinct_errors(stderr):
    """Every distinct 'error:' message of ta-opt, without its location."""
    seen = []
    for line in stderr.splitlines():
        if " error: " in line:
            msg = line.split(" error: ", 1)[1].strip()
            if msg not in seen:
                seen.append(msg)
    return seen


def first_line(msg):
    lines = [l.strip() for l in str(msg).splitlines() if l.strip()]
    lines = [l for l in lines if not l.startswith("cannot import the TensorFlow module")]
    return (lines[0] if lines else str(msg))[:300]


def run_one(name, verbose=False):
    import ta
    import tensorflow as tf
    from ta import tensorflow as tat

    desc, builder = PROBES[name]
    RS.seed(0)
    result = {"name": name, "desc": desc, "modes": {}}
    try:
        fn, args = builder()
        ref = flat_numpy(fn(*args))
    except Exception as e:  # TensorFlow itself
        result["status"] = "tf-error"
        result["error"] = first_line("%s: %s" % (type(e).__name__, e))
        if verbose:
            traceback.print_exc()
        return result
    for mode in ("strict", "none"):
        m = {}
        try:
            t0 = time.time()
            g = ta.from_tensorflow(fn, *args, checks=mode)
            m["compile_s"] = round(time.time() - t0, 2)
        except ta.DiagnosticError as e:
            m["error"] = str(e)
            try:
                concrete = tat._concrete_function(fn, args, None)
                _, text = tat._export(concrete)
                m["status"], m["all_errors"] = classify_diagnostic(name, text)
            except Exception:
                m["status"] = "import-error"
            result["modes"][mode] = m
            if verbose:
                print("[%s] %s\n%s" % (mode, m["status"], e))
            continue
        except Exception as e:
            m["status"] = "export-error"
            m["error"] = "%s: %s" % (type(e).__name__, e)
            result["modes"][mode] = m
            if verbose:
                traceback.print_exc()
            continue
        try:
            got = g(*args)
        except Exception as e:
            m["status"] = "runtime-error"
            m["error"] = "%s: %s" % (type(e).__name__, e)
            result["modes"][mode] = m
            if verbose:
                traceback.print_exc()
            continue
        ok, detail = compare(ref, got if isinstance(got, (list, tuple)) else [got])
        m["status"] = "pass" if ok else "wrong-values"
        m["detail"] = detail
        if verbose:
            print("[%s] %s (%s)" % (mode, m["status"], detail))
            if not ok:
                gl = got if isinstance(got, (list, tuple)) else [got]
                for i, (r, q) in enumerate(zip(ref, gl)):
                    print(" result %d TF:\n%s\n ta:\n%s" % (i, r, np.asarray(q)))
        result["modes"][mode] = m
    statuses = [m["status"] for m in result["modes"].values()]
    s = result["modes"]["strict"]
    result["status"] = s["status"]
    if len(set(statuses)) > 1:
        result["status"] = "/".join("%s:%s" % (k, v["status"])
                                    for k, v in result["modes"].items())
    result["error"] = first_line(s.get("error", "")) if "error" in s else s.get("detail", "")
    if s.get("all_errors"):
        result["all_errors"] = s["all_errors"]
    if s["status"] == "pass" and result["modes"]["none"]["status"] != "pass":
        n = result["modes"]["none"]
        result["error"] = "none: " + first_line(n.get("error", n.get("detail", "")))
    return result


def run_all(names):
    results = []
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(MAIN, "build/ci/python_packages")
    for name in names:
        t0 = time.time()
        try:
            r = subprocess.run([sys.executable, os.path.abspath(__file__), "--json", name],
                               capture_output=True, text=True, timeout=120, env=env,
                               cwd=MAIN)
            lines = [l for l in r.stdout.splitlines() if l.startswith("RESULT ")]
            if lines:
                res = json.loads(lines[-1][len("RESULT "):])
            else:
                tail = [l for l in r.stderr.splitlines() if l.strip()][-3:]
                res = {"name": name, "desc": PROBES[name][0], "status": "crash",
                       "error": "rc=%d %s" % (r.returncode, " | ".join(tail))[:300]}
        except subprocess.TimeoutExpired:
            res = {"name": name, "desc": PROBES[name][0], "status": "crash",
                   "error": "timeout after 120 s"}
        res["wall_s"] = round(time.time() - t0, 1)
        results.append(res)
        print("%-32s %-16s %5.1fs  %s" % (name, res["status"], res["wall_s"],
                                          res.get("error", "")[:150]), flush=True)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "results.json"), "w") as fh:
        json.dump(results, fh, indent=1)
    with open(os.path.join(OUT, "results.md"), "w") as fh:
        fh.write("| probe | description | status | detail |\n|---|---|---|---|\n")
        for r in results:
            fh.write("| %s | %s | %s | %s |\n" % (r["name"], r["desc"], r["status"],
                                                  r.get("error", "").replace("|", "\\|")))
    return results


def main(argv):
    if argv and argv[0] == "--list":
        for k, (d, _) in PROBES.items():
            print("%-32s %s" % (k, d))
        return
    if argv and argv[0] == "--json":
        res = run_one(argv[1])
        print("RESULT " + json.dumps(res), flush=True)
        sys.stdout.flush()
        os._exit(0)  # skip TensorFlow's teardown
    if argv:
        for name in argv:
            print("==", name, "--", PROBES[name][0])
            res = run_one(name, verbose=True)
            print(json.dumps({k: v for k, v in res.items() if k != "modes"}, indent=1))
        return
    run_all(list(PROBES))


if __name__ == "__main__":
    main(sys.argv[1:])

"""More probes of ta.from_tensorflow on programs written the way users write
them (custom and stacked Keras cells, masked embeddings, Keras training
steps, dynamic-size arrays, shape invariants, tuples through scan/map_fn/
foldr, MultiRNNCell with lengths, nested loops under the tape), run in
this process, each compared with TensorFlow's values:

    PYTHONPATH=build/ci/python_packages .venv/bin/python utils/tf-probes/more_probes.py [NAME...]

Prints one line per probe: pass (with the largest absolute difference),
WRONG, FAIL (ta's error) or export-error.
"""
import os, sys, traceback
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np, tensorflow as tf, keras, ta
RS = np.random.RandomState(0)
B, T, F, U = 2, 5, 4, 3
def u(*s): return RS.uniform(-1, 1, s).astype(np.float32)
P = {}
def probe(f): P[f.__name__] = f; return f

def frozen_model(model, *specs):
    fn = tf.function(lambda *a: model(*a))
    return fn

@probe
def k_rnn_custom_cell():
    class Cell(keras.layers.Layer):
        def __init__(self):
            super().__init__(); self.state_size = U
        def build(self, s):
            self.w = self.add_weight(shape=(s[-1], U)); self.r = self.add_weight(shape=(U, U))
        def call(self, x, states):
            h = tf.tanh(tf.matmul(x, self.w) + tf.matmul(states[0], self.r))
            return h, [h]
    layer = keras.layers.RNN(Cell(), return_sequences=True)
    layer(u(B, T, F))
    return tf.function(lambda x: layer(x)), [u(B, T, F)]

@probe
def k_stacked_cells():
    layer = keras.layers.RNN([keras.layers.GRUCell(U), keras.layers.LSTMCell(U)], return_state=True)
    layer(u(B, T, F))
    return tf.function(lambda x: layer(x)), [u(B, T, F)]

@probe
def k_embedding_mask_zero_gru():
    m = keras.Sequential([keras.layers.Embedding(10, F, mask_zero=True), keras.layers.GRU(U)])
    ids = np.array([[3, 4, 5, 0, 0], [1, 2, 0, 0, 0]], np.int32)
    m(ids)
    return tf.function(lambda i: m(i)), [ids]

@probe
def k_lstm_train_step():
    m = keras.Sequential([keras.layers.LSTM(U), keras.layers.Dense(4)])
    m(u(B, T, F))
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, m(x))
        return [loss] + tape.gradient(loss, m.trainable_variables)
    return step, [u(B, T, F), np.array([1, 3], np.int32)]

@probe
def k_gru_mse_train():
    m = keras.Sequential([keras.layers.GRU(U, return_sequences=True), keras.layers.Dense(1)])
    m(u(B, T, F))
    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(m(x) - y))
        return [loss] + tape.gradient(loss, m.trainable_variables)
    return step, [u(B, T, F), u(B, T, 1)]

@probe
def k_bidir_concat_seq_tape():
    layer = keras.layers.Bidirectional(keras.layers.LSTM(U, return_sequences=True))
    layer(u(B, T, F))
    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = layer(x)
            loss = tf.reduce_sum(y * y)
        return y, tape.gradient(loss, x)
    return f, [u(B, T, F)]

@probe
def ta_dynamic_size_elem_shape():
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[F])
        i = tf.constant(0)
        for row in x:
            if tf.reduce_sum(row) > 0:
                ta = ta.write(i, row * 2.0)
                i += 1
        return ta.stack(), ta.size()
    return f, [u(T, F)]

@probe
def while_loop_shape_invariants():
    @tf.function
    def f(x):
        acc = tf.zeros([0, F])
        i = tf.constant(0)
        def c(i, acc): return i < tf.shape(x)[0]
        def b(i, acc): return i + 1, tf.concat([acc, x[i:i+1] * 2.0], 0)
        _, acc = tf.while_loop(c, b, [i, acc], shape_invariants=[i.shape, tf.TensorShape([None, F])])
        return acc
    return f, [u(T, F)]

@probe
def scan_tuple_dtype_change_grad():
    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            (s, n) = tf.scan(lambda a, r: (a[0] + tf.reduce_sum(r), a[1] + 1), x, initializer=(tf.constant(0.0), tf.constant(0)))
            loss = tf.reduce_sum(s * tf.cast(n, tf.float32))
        return s, n, tape.gradient(loss, x)
    return f, [u(T, F)]

@probe
def map_fn_fn_output_signature_grad():
    @tf.function
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch(w)
            y = tf.map_fn(lambda r: tf.tanh(tf.linalg.matvec(w, r)), x, fn_output_signature=tf.float32)
            loss = tf.reduce_sum(y)
        return y, tape.gradient(loss, w)
    return f, [u(T, F), u(U, F)]

@probe
def foldr_tuple():
    @tf.function
    def f(x):
        return tf.foldr(lambda a, r: (a[0] * 0.5 + r, a[1] + tf.reduce_max(r)), x, initializer=(tf.zeros([F]), tf.constant(0.0)))
    return f, [u(T, F)]

@probe
def v1_dyn_rnn_multi_gru_grad():
    from tensorflow.python.keras.layers.legacy_rnn import rnn_cell_impl as rc
    cell = rc.MultiRNNCell([rc.GRUCell(U), rc.BasicRNNCell(U)])
    @tf.function
    def f(x, n):
        with tf.GradientTape() as tape:
            tape.watch(x)
            o, s = tf.compat.v1.nn.dynamic_rnn(cell, x, sequence_length=n, dtype=tf.float32)
            loss = tf.reduce_sum(o)
        return o, tape.gradient(loss, x)
    return f, [u(B, T, F), np.array([5, 2], np.int32)]

@probe
def autograph_nested_loops_tape():
    @tf.function
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch(w)
            h = tf.zeros([F])
            for t in tf.range(tf.shape(x)[0]):
                for k in tf.range(2):
                    h = tf.tanh(h * w + x[t] * tf.cast(k + 1, tf.float32))
            loss = tf.reduce_sum(h)
        return h, tape.gradient(loss, w)
    return f, [u(T, F), u(F)]

@probe
def k_simplernn_go_backwards_tape():
    layer = keras.layers.SimpleRNN(U, go_backwards=True, return_sequences=True)
    layer(u(B, T, F))
    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = layer(x)
            loss = tf.reduce_sum(y)
        return y, tape.gradient(loss, [x] + layer.trainable_variables)
    return f, [u(B, T, F)]

def flat(v):
    if isinstance(v, (list, tuple)):
        out = []
        for e in v: out += flat(e)
        return out
    return [np.asarray(v)]

names = sys.argv[1:] or list(P)
for name in names:
    try:
        fn, args = P[name]()
        ref = flat(tf.nest.map_structure(lambda t: t.numpy(), fn(*args)))
    except Exception as e:
        print(f"{name:34s} export-error {str(e)[:150]}"); continue
    try:
        g = ta.from_tensorflow(fn, *args)
        out = flat(g(*args))
        d = max(float(np.max(np.abs(a.astype(np.float64) - b.astype(np.float64)))) if a.size else 0.0 for a, b in zip(out, ref))
        ok = len(out) == len(ref) and all(np.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b in zip(out, ref))
        print(f"{name:34s} {'pass' if ok else 'WRONG'} {d:.3g}")
    except Exception as e:
        print(f"{name:34s} FAIL {str(e)[:300]}")
    sys.stdout.flush()

"""Held-out probes of ta.from_tensorflow: programs written the way people
write them with TensorFlow's sequence/loop library, different from those in
probes.py and more_probes.py (Keras RNN options not probed there, masking,
explicit keras.layers.RNN(cell) / StackedRNNCells, Bidirectional with states,
map_fn/scan/foldl/foldr with ints, dtype changes, reverse and
parallel_iterations, while loops with int/bool TensorArrays, autograph loops
with break/continue writing TensorArrays, TensorArray scatter/gather/unstack/
concat/split under the tape, tf.gradients of v1 dynamic_rnn, training-step
gradients, nested loops under the tape), run in this process, each compared
with TensorFlow's values:

    PYTHONPATH=build/ci/python_packages .venv/bin/python utils/tf-probes/held_out.py [NAME...]

Every probe starts from np.random.RandomState(0) and keras.utils.set_random_seed(0),
so a probe gives the same inputs and weights whether run alone or with others.
Prints one line per probe: pass (with the largest absolute difference),
WRONG, FAIL (ta's error) or export-error (TensorFlow itself failed).
"""
import os, sys, traceback
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np, tensorflow as tf, keras, ta

B, T, F, U = 2, 4, 4, 3
RS = np.random.RandomState(0)
def u(*s): return RS.uniform(-1, 1, s).astype(np.float32)
P = {}
def probe(desc):
    def deco(f):
        P[f.__name__] = (desc, f); return f
    return deco

def tape_fn(layer, wrt_x=True):
    """tf.function returning (layer(x), d sum(y^2) / d [x] + layer vars)."""
    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = layer(x)
            ys = tf.nest.flatten(y)
            loss = tf.add_n([tf.reduce_sum(v * v) for v in ys])
        return y, tape.gradient(loss, ([x] if wrt_x else []) + layer.trainable_variables)
    return f

# --------------------------------------------------------------------------
# Keras recurrent layers: options not yet probed
# --------------------------------------------------------------------------

@probe("SimpleRNN(3, activation='relu', use_bias=False, return_sequences=True) + tape wrt x and kernels")
def k_simplernn_relu_nobias_tape():
    layer = keras.layers.SimpleRNN(U, activation="relu", use_bias=False, return_sequences=True)
    x = u(B, T, F); layer(x)
    return tape_fn(layer), [x]

@probe("LSTM(3, unit_forget_bias=False, recurrent_activation='hard_sigmoid', return_state=True)")
def k_lstm_noforgetbias_hardsig_state():
    layer = keras.layers.LSTM(U, unit_forget_bias=False, recurrent_activation="hard_sigmoid",
                              bias_initializer="glorot_uniform", return_state=True)
    x = u(B, T, F); layer(x)
    return tf.function(lambda x: layer(x)), [x]

@probe("GRU(3, activation='relu', recurrent_activation='tanh', use_bias=False, return_sequences=True)")
def k_gru_relu_tanhgate_nobias():
    layer = keras.layers.GRU(U, activation="relu", recurrent_activation="tanh",
                             use_bias=False, return_sequences=True)
    x = u(B, T, F); layer(x)
    return tf.function(lambda x: layer(x)), [x]

@probe("LSTM(3, dropout=0.3, recurrent_dropout=0.3) called with training=False (Keras 3 still draws the\n"
       "masks, advancing its int64 seed_generator_state variable; the outputs do not depend on it)")
def k_lstm_dropout_inference():
    layer = keras.layers.LSTM(U, dropout=0.3, recurrent_dropout=0.3, return_sequences=True)
    x = u(B, T, F); layer(x)
    return tf.function(lambda x: layer(x, training=False)), [x]

@probe("keras.layers.RNN(LSTMCell(3), return_sequences=True, return_state=True, go_backwards=True)")
def k_rnn_lstmcell_backwards_state():
    layer = keras.layers.RNN(keras.layers.LSTMCell(U), return_sequences=True,
                             return_state=True, go_backwards=True)
    x = u(B, T, F); layer(x)
    return tf.function(lambda x: layer(x)), [x]

@probe("keras.layers.RNN(StackedRNNCells([SimpleRNNCell, LSTMCell])) + tape wrt x and all weights")
def k_rnn_stackedrnncells_tape():
    cells = keras.layers.StackedRNNCells([keras.layers.SimpleRNNCell(U), keras.layers.LSTMCell(U)])
    layer = keras.layers.RNN(cells, return_sequences=True)
    x = u(B, T, F); layer(x)
    return tape_fn(layer), [x]

@probe("Bidirectional(GRU(3, return_state=True), merge_mode='concat'): output, fwd h, bwd h")
def k_bidir_gru_concat_return_state():
    layer = keras.layers.Bidirectional(keras.layers.GRU(U, return_state=True), merge_mode="concat")
    x = u(B, T, F); layer(x)
    return tf.function(lambda x: layer(x)), [x]

@probe("Bidirectional(LSTM(3), merge_mode='concat') last output under tape wrt layer weights only")
def k_bidir_lstm_concat_tape_vars():
    layer = keras.layers.Bidirectional(keras.layers.LSTM(U), merge_mode="concat")
    x = u(B, T, F); layer(x)
    return tape_fn(layer, wrt_x=False), [x]

@probe("Masking(0.) -> SimpleRNN(3, return_sequences=True, return_state=True), post-padded zeros")
def k_masking_simplernn_seq_state():
    mask_l = keras.layers.Masking(0.0)
    rnn = keras.layers.SimpleRNN(U, return_sequences=True, return_state=True)
    x = u(B, T, F); x[0, 3:] = 0.0; x[1, 1:] = 0.0
    rnn(mask_l(x))
    return tf.function(lambda x: rnn(mask_l(x))), [x]

@probe("train step: Masking -> Bidirectional(LSTM(3)) -> Dense(2); xent loss + tape.gradient wrt model vars")
def k_masking_bidir_lstm_train_step():
    m = keras.Sequential([keras.layers.Masking(0.0),
                          keras.layers.Bidirectional(keras.layers.LSTM(U)),
                          keras.layers.Dense(2)])
    x = u(B, T, F); x[1, 2:] = 0.0
    m(x)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, m(x, training=True))
        return [loss] + tape.gradient(loss, m.trainable_variables)
    return step, [x, np.array([0, 1], np.int32)]

@probe("train step: Embedding(mask_zero) -> SimpleRNN(seq) -> GRU -> Dense(1); MSE + grads wrt model vars")
def k_embedding_stack_train_step():
    m = keras.Sequential([keras.layers.Embedding(10, F, mask_zero=True),
                          keras.layers.SimpleRNN(U, return_sequences=True),
                          keras.layers.GRU(U), keras.layers.Dense(1)])
    ids = np.array([[5, 2, 7, 0], [3, 9, 0, 0]], np.int32)
    m(ids)
    @tf.function
    def step(i, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(m(i, training=True) - y))
        # the Embedding gradient is IndexedSlices: densify it, as clipping code does
        return [loss] + [tf.convert_to_tensor(g) for g in tape.gradient(loss, m.trainable_variables)]
    return step, [ids, u(B, 1)]

# --------------------------------------------------------------------------
# map_fn / scan / foldl / foldr
# --------------------------------------------------------------------------

@probe("map_fn int32 rows -> float32 (fn_output_signature), parallel_iterations=4")
def hof_map_fn_int_to_float_parallel():
    @tf.function
    def f(k):
        return tf.map_fn(lambda r: tf.reduce_mean(tf.cast(r * r, tf.float32)) + tf.cast(r[0], tf.float32),
                         k, fn_output_signature=tf.float32, parallel_iterations=4)
    return f, [RS.randint(-5, 5, (T, F)).astype(np.int32)]

@probe("scan over int32 elems, reverse=True, tuple carry (int running max, bool any-negative)")
def hof_scan_int_bool_reverse():
    @tf.function
    def f(k):
        return tf.scan(lambda a, e: (tf.maximum(a[0], e), tf.logical_or(a[1], e < 0)), k,
                       initializer=(tf.fill([F], -100), tf.zeros([F], tf.bool)), reverse=True)
    return f, [RS.randint(-5, 5, (T, F)).astype(np.int32)]

@probe("foldl over (int64, float32) tuple elems without initializer, parallel_iterations=1")
def hof_foldl_int64_tuple_noinit():
    @tf.function
    def f(k, x):
        return tf.foldl(lambda a, e: (a[0] * 2 + e[0], a[1] * 0.5 + e[1] * tf.cast(e[0], tf.float32)),
                        (k, x), parallel_iterations=1)
    return f, [RS.randint(0, 4, (T,)).astype(np.int64), u(T, F)]

@probe("foldr f32 -> int32 accumulator (dtype change: count of positive rows) and float sum")
def hof_foldr_dtype_change():
    @tf.function
    def f(x):
        return tf.foldr(lambda a, r: (a[0] + tf.cast(tf.reduce_sum(r) > 0, tf.int32), a[1] * 0.9 + r),
                        x, initializer=(tf.constant(0), tf.zeros([F])))
    return f, [u(T, F)]

@probe("scan with a dict carry {'h','c'} (hand-written LSTM step), tape grads wrt x and weights")
def hof_scan_dict_lstm_tape():
    @tf.function
    def f(x, w, r):
        with tf.GradientTape() as tape:
            tape.watch([x, w, r])
            def step(s, xt):
                z = tf.matmul(xt, w) + tf.matmul(s["h"], r)
                i, g, o = tf.sigmoid(z[:, :U]), tf.tanh(z[:, U:2*U]), tf.sigmoid(z[:, 2*U:])
                c = s["c"] * 0.5 + i * g
                return {"h": o * tf.tanh(c), "c": c}
            out = tf.scan(step, tf.transpose(x, [1, 0, 2]),
                          initializer={"h": tf.zeros([B, U]), "c": tf.zeros([B, U])})
            loss = tf.reduce_sum(out["h"]) + tf.reduce_sum(out["c"][-1])
        return out, tape.gradient(loss, [x, w, r])
    return f, [u(B, T, F), u(F, 3 * U), u(U, 3 * U)]

# --------------------------------------------------------------------------
# while loops and TensorArrays
# --------------------------------------------------------------------------

@probe("tf.while_loop writing int32 and bool TensorArrays (Collatz step counts per element)")
def wl_ta_int_bool():
    @tf.function
    def f(n):
        steps = tf.TensorArray(tf.int32, size=tf.size(n))
        even = tf.TensorArray(tf.bool, size=tf.size(n))
        def body(i, steps, even):
            def cb(v, c): return tf.where(v % 2 == 0, v // 2, 3 * v + 1), c + 1
            _, c = tf.while_loop(lambda v, c: v > 1, cb, [n[i], 0])
            return i + 1, steps.write(i, c), even.write(i, n[i] % 2 == 0)
        _, steps, even = tf.while_loop(lambda i, s, e: i < tf.size(n), body, [0, steps, even])
        return steps.stack(), even.stack()
    return f, [np.array([6, 7, 1, 12, 27], np.int32)]

@probe("dynamic_size bool and int64 TensorArrays grown in a while_loop until a data-dependent stop")
def wl_dynamic_bool_int64():
    @tf.function
    def f(x):
        flags = tf.TensorArray(tf.bool, size=0, dynamic_size=True)
        idx = tf.TensorArray(tf.int64, size=0, dynamic_size=True)
        def c(i, s, fl, ix): return tf.logical_and(i < tf.shape(x)[0], s < 2.0)
        def b(i, s, fl, ix):
            s = s + tf.abs(tf.reduce_sum(x[i]))
            return i + 1, s, fl.write(i, x[i, 0] > 0), ix.write(i, tf.argmax(x[i]))
        i, s, fl, ix = tf.while_loop(c, b, [0, 0.0, flags, idx])
        return i, s, fl.stack(), ix.stack(), ix.size()
    return f, [u(6, F)]

@probe("autograph for-range with break and continue writing a dynamic_size TensorArray")
def ag_for_break_continue_ta():
    @tf.function
    def f(x, limit):
        out = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[F])
        j = 0
        for t in tf.range(tf.shape(x)[0]):
            if tf.reduce_max(x[t]) < 0.0:
                continue
            if tf.reduce_sum(x[t]) > limit:
                break
            out = out.write(j, x[t] * tf.cast(t, tf.float32))
            j += 1
        return out.stack(), j
    x = u(8, F); x[1] = -np.abs(x[1]); x[6] = 5.0
    return f, [x, np.float32(3.0)]

@probe("greedy decode: autograph while with GRUCell, argmax feedback via embedding, int32 TensorArray, break on EOS")
def ag_greedy_decode_gru():
    emb = keras.layers.Embedding(6, F)
    cell = keras.layers.GRUCell(U)
    proj = keras.layers.Dense(6)
    emb(np.zeros([B], np.int32)); cell(u(B, F), [tf.zeros([B, U])]); proj(u(B, U))
    @tf.function
    def f(h0, start):
        toks = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
        tok, h, i = start, h0, tf.constant(0)
        while i < 7:
            y, hs = cell(emb(tok), [h])
            h = hs[0]
            tok = tf.argmax(proj(y), axis=-1, output_type=tf.int32)
            toks = toks.write(i, tok)
            i += 1
            if tf.reduce_all(tok == 0):
                break
        return toks.stack(), h
    return f, [u(B, U), np.array([1, 2], np.int32)]

@probe("TensorArray scatter (reversed idx) -> gather (subset) -> stack under tape, grads wrt x")
def ta_scatter_gather_tape():
    @tf.function
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            a = tf.TensorArray(tf.float32, size=T).scatter(tf.range(T - 1, -1, -1), tf.tanh(x * w))
            g = a.gather([0, 2, 3])
            loss = tf.reduce_sum(g * g) + tf.reduce_sum(a.stack()[1])
        return g, tape.gradient(loss, [x, w])
    return f, [u(T, F), u(F)]

@probe("TensorArray unstack -> while_loop rewrite -> concat under tape (grads wrt x)")
def ta_unstack_concat_tape():
    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a = tf.TensorArray(tf.float32, size=T, element_shape=[2, F]).unstack(x)
            b = tf.TensorArray(tf.float32, size=T, element_shape=[2, F])
            def body(i, b): return i + 1, b.write(i, tf.sin(a.read(i)) * tf.cast(i + 1, tf.float32))
            _, b = tf.while_loop(lambda i, b: i < T, body, [0, b])
            c = b.concat()
            loss = tf.reduce_sum(c * c)
        return c, tape.gradient(loss, x)
    return f, [u(T, 2, F)]

@probe("TensorArray split into equal pieces [2,2,2,2], read each piece, tape grads wrt x")
def ta_split_equal_tape():
    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a = tf.TensorArray(tf.float32, size=4).split(x, [2, 2, 2, 2])
            y = tf.stack([tf.reduce_sum(a.read(k) * float(k + 1), axis=0) for k in range(4)])
            loss = tf.reduce_sum(tf.exp(y))
        return y, tape.gradient(loss, x)
    return f, [u(8, F)]

# --------------------------------------------------------------------------
# gradients through v1 RNNs and nested loops
# --------------------------------------------------------------------------

@probe("tf.gradients (not tape) of v1 dynamic_rnn(LSTMCell(3)) wrt x and initial state")
def v1_tf_gradients_dynamic_rnn():
    from tensorflow.python.keras.layers.legacy_rnn import rnn_cell_impl as rc
    cell = rc.LSTMCell(U)
    @tf.function
    def f(x, c0, h0):
        st = rc.LSTMStateTuple(c0, h0)
        o, s = tf.compat.v1.nn.dynamic_rnn(cell, x, initial_state=st, dtype=tf.float32)
        loss = tf.reduce_sum(o * o) + tf.reduce_sum(s.c)
        return [o] + tf.gradients(loss, [x, c0, h0])
    return f, [u(B, T, F), u(B, U), u(B, U)]

@probe("tf.while_loop nested in tf.while_loop (autograph off) under tape, grads wrt w and x")
def wl_nested_while_tape():
    @tf.function(autograph=False)
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            def outer(i, h):
                def inner(j, h): return j + 1, tf.tanh(h * w + x[i] * tf.cast(j, tf.float32))
                _, h = tf.while_loop(lambda j, h: j < i + 1, inner, [0, h])
                return i + 1, h
            _, h = tf.while_loop(lambda i, h: i < tf.shape(x)[0], outer, [0, tf.zeros([F])])
            loss = tf.reduce_sum(h * h)
        return h, tape.gradient(loss, [w, x])
    return f, [u(T, F), u(F)]

@probe("map_fn over the batch of a tf.scan (nested HOFs) under tape, grads wrt captured w")
def hof_map_fn_of_scan_tape():
    @tf.function
    def f(x, w):
        with tf.GradientTape() as tape:
            tape.watch(w)
            y = tf.map_fn(lambda seq: tf.scan(lambda h, r: tf.tanh(h * w + r), seq,
                                              initializer=tf.zeros([F]))[-1], x)
            loss = tf.reduce_sum(y)
        return y, tape.gradient(loss, w)
    return f, [u(B, T, F), u(F)]

# --------------------------------------------------------------------------

def flat(v):
    if isinstance(v, dict):
        out = []
        for k in sorted(v): out += flat(v[k])
        return out
    if isinstance(v, (list, tuple)):
        out = []
        for e in v: out += flat(e)
        return out
    return [np.asarray(v)]

def same(a, b):
    if a.shape != b.shape: return False
    if a.dtype.kind in "biu" or b.dtype.kind in "biu":
        return np.array_equal(a, b)
    return np.allclose(a, b, rtol=1e-5, atol=1e-6)

names = sys.argv[1:] or list(P)
npass = 0
for name in names:
    desc, builder = P[name]
    RS = np.random.RandomState(0)
    keras.utils.set_random_seed(0)
    try:
        fn, args = builder()
        ref = flat(tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fn(*args)))
    except Exception as e:
        print(f"{name:36s} export-error {str(e)[:200]}"); sys.stdout.flush(); continue
    try:
        g = ta.from_tensorflow(fn, *args)
        out = flat(g(*args))
        d = max([float(np.max(np.abs(a.astype(np.float64) - b.astype(np.float64))))
                 for a, b in zip(out, ref) if a.size and a.shape == b.shape] or [0.0])
        ok = len(out) == len(ref) and all(same(a, b) for a, b in zip(out, ref))
        npass += ok
        extra = "" if ok else f" (ta: {[(a.shape, str(a.dtype)) for a in out]} tf: {[(b.shape, str(b.dtype)) for b in ref]})"
        print(f"{name:36s} {'pass' if ok else 'WRONG'} {d:.3g}{extra}")
    except Exception as e:
        print(f"{name:36s} FAIL {str(e)[:400]}")
    sys.stdout.flush()
print(f"{npass}/{len(names)} passed")

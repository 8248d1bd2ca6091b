"""Corpus programs on forward TensorArrays: loops, conditionals, calls.

Inputs are small multiples of 1/4 or 1/8 wherever a program only adds and
multiplies, so TensorFlow's values are exact and do not depend on the
evaluation order. The recurrent cells keep every MatMul order-independent the
same way: x @ W with dyadic x and W is exact, and h @ U with hidden size 2 and
U entries that are powers of two (or 0) is one rounded addition of two exact
products. So MatMul needs no ulp slack here (ulp=0): Tanh, Sigmoid and Exp
are TensorFlow's (Eigen's) own approximations and are expected bitwise.
"""

import numpy as np
import tensorflow as tf

from programs import EXECUTOR, REGION, Program, dyadic, f32, raw


@tf.function(autograph=False)
def while_write_gather(x):
    h, flow = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[3], tensor_array_name="ys")

    def body(i, flow):
        flow = raw.TensorArrayWriteV3(handle=h, index=i, value=tf.tanh(x[i]) * 2.0, flow_in=flow)
        return i + 1, flow

    _, flow = tf.while_loop(lambda i, flow: i < 4, body, [0, flow])
    return raw.TensorArrayGatherV3(handle=h, indices=tf.range(4), flow_in=flow,
                                   dtype=f32, element_shape=[3])


@tf.function(autograph=False)
def while_dynamic_count(x, n):
    h, flow = raw.TensorArrayV3(size=n, dtype=f32, element_shape=[2])

    def body(i, flow):
        v = x * tf.cast(i, f32) - 1.0
        return i + 1, raw.TensorArrayWriteV3(handle=h, index=i, value=v, flow_in=flow)

    _, flow = tf.while_loop(lambda i, flow: i < n, body, [0, flow])
    size = raw.TensorArraySizeV3(handle=h, flow_in=flow)
    stacked = raw.TensorArrayGatherV3(handle=h, indices=tf.range(size), flow_in=flow,
                                      dtype=f32, element_shape=[2])
    # [size, 2]: shapes known only at run time, so OnesLike/ZerosLike stay.
    return stacked + tf.ones_like(stacked), size, tf.zeros_like(stacked)


@tf.function(autograph=False)
def unstack_read_loop(x):
    h, flow = raw.TensorArrayV3(size=5, dtype=f32, element_shape=[3], tensor_array_name="xs")
    flow = raw.TensorArrayScatterV3(handle=h, indices=tf.range(5), value=x, flow_in=flow)

    def body(i, acc):
        v = raw.TensorArrayReadV3(handle=h, index=i, flow_in=flow, dtype=f32)
        return i + 1, acc * 0.5 + v

    _, acc = tf.while_loop(lambda i, acc: i < 5, body, [0, tf.zeros([3])])
    return acc


@tf.function(autograph=False)
def map_fn_like(x):
    xs, fx = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[3], tensor_array_name="elems")
    fx = raw.TensorArrayScatterV3(handle=xs, indices=tf.range(4), value=x, flow_in=fx)
    ys, fy = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[3], tensor_array_name="results")

    def body(i, fy):
        v = raw.TensorArrayReadV3(handle=xs, index=i, flow_in=fx, dtype=f32)
        y = tf.sigmoid(v) * v
        return i + 1, raw.TensorArrayWriteV3(handle=ys, index=i, value=y, flow_in=fy)

    _, fy = tf.while_loop(lambda i, fy: i < 4, body, [0, fy])
    return raw.TensorArrayGatherV3(handle=ys, indices=tf.range(4), flow_in=fy,
                                   dtype=f32, element_shape=[3])


@tf.function(autograph=False)
def scan_like(x, w):
    xs, fx = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[3])
    fx = raw.TensorArrayScatterV3(handle=xs, indices=tf.range(4), value=x, flow_in=fx)
    ys, fy = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[3])

    def body(i, acc, fy):
        acc = acc * w + raw.TensorArrayReadV3(handle=xs, index=i, flow_in=fx, dtype=f32)
        return i + 1, acc, raw.TensorArrayWriteV3(handle=ys, index=i, value=acc, flow_in=fy)

    _, acc, fy = tf.while_loop(lambda i, acc, fy: i < 4, body, [0, tf.ones([3]), fy])
    return raw.TensorArrayGatherV3(handle=ys, indices=tf.range(4), flow_in=fy,
                                   dtype=f32, element_shape=[3]), acc


@tf.function(autograph=False)
def rnn(x, w, u, b, h0):
    # x: [time, batch, input]; h_t = tanh(x_t @ w + h_{t-1} @ u + b).
    xs, fx = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[2, 3], tensor_array_name="inputs")
    fx = raw.TensorArrayScatterV3(handle=xs, indices=tf.range(4), value=x, flow_in=fx)
    hs, fh = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[2, 2], tensor_array_name="outputs")

    def body(t, h, fh):
        x_t = raw.TensorArrayReadV3(handle=xs, index=t, flow_in=fx, dtype=f32)
        h = tf.tanh(tf.matmul(x_t, w) + tf.matmul(h, u) + b)
        return t + 1, h, raw.TensorArrayWriteV3(handle=hs, index=t, value=h, flow_in=fh)

    _, h, fh = tf.while_loop(lambda t, h, fh: t < 4, body, [0, h0, fh])
    outputs = raw.TensorArrayGatherV3(handle=hs, indices=tf.range(4), flow_in=fh,
                                      dtype=f32, element_shape=[2, 2])
    return outputs, h


@tf.function(autograph=False)
def lstm(x, wx, wh, b):
    # Gates i, f, o, g: wx[k]: [input, hidden], wh[k]: [hidden, hidden], b[k]: [hidden].
    xs, fx = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2, 3])
    fx = raw.TensorArrayScatterV3(handle=xs, indices=tf.range(3), value=x, flow_in=fx)
    hs, fh = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2, 2])

    def gate(k, x_t, h):
        return tf.matmul(x_t, wx[k]) + tf.matmul(h, wh[k]) + b[k]

    def body(t, c, h, fh):
        x_t = raw.TensorArrayReadV3(handle=xs, index=t, flow_in=fx, dtype=f32)
        i = tf.sigmoid(gate(0, x_t, h))
        f = tf.sigmoid(gate(1, x_t, h))
        o = tf.sigmoid(gate(2, x_t, h))
        g = tf.tanh(gate(3, x_t, h))
        c = f * c + i * g
        h = o * tf.tanh(c)
        return t + 1, c, h, raw.TensorArrayWriteV3(handle=hs, index=t, value=h, flow_in=fh)

    zeros = tf.zeros([2, 2])
    _, c, h, fh = tf.while_loop(lambda t, c, h, fh: t < 3, body, [0, zeros, zeros, fh])
    outputs = raw.TensorArrayGatherV3(handle=hs, indices=tf.range(3), flow_in=fh,
                                      dtype=f32, element_shape=[2, 2])
    return outputs, c, h


@tf.function(autograph=False)
def concat_split(x):
    # Elements of different lengths: element shape [?].
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[None], clear_after_read=False)
    flow = raw.TensorArraySplitV3(handle=h, value=x, lengths=tf.constant([1, 3, 2], tf.int64),
                                  flow_in=flow)
    middle = raw.TensorArrayReadV3(handle=h, index=1, flow_in=flow, dtype=f32)
    value, lengths = raw.TensorArrayConcatV3(handle=h, flow_in=flow, dtype=f32)
    # A growable array of [?, 2] elements: split into two, a third written, concatenated.
    h2, flow2 = raw.TensorArrayV3(size=0, dtype=f32, element_shape=[None, 2], dynamic_size=True)
    flow2 = raw.TensorArraySplitV3(handle=h2, value=tf.reshape(value * 2.0, [3, 2]),
                                   lengths=tf.constant([2, 1], tf.int64), flow_in=flow2)
    flow2 = raw.TensorArrayWriteV3(handle=h2, index=2, value=tf.ones([2, 2]), flow_in=flow2)
    value2, lengths2 = raw.TensorArrayConcatV3(handle=h2, flow_in=flow2, dtype=f32,
                                               element_shape_except0=[2])
    return middle, value, lengths, value2, lengths2


@tf.function(autograph=False)
def size_close(x, k):
    # An int32 array of static size 3, and a growable one written at index 4.
    h, flow = raw.TensorArrayV3(size=3, dtype=tf.int32, element_shape=[2])
    for i in range(3):
        flow = raw.TensorArrayWriteV3(handle=h, index=i, value=k * (i + 1), flow_in=flow)
    size = raw.TensorArraySizeV3(handle=h, flow_in=flow)
    ints = raw.TensorArrayGatherV3(handle=h, indices=[2, 0], flow_in=flow, dtype=tf.int32,
                                   element_shape=[2])
    g, gflow = raw.TensorArrayV3(size=1, dtype=f32, element_shape=[3], dynamic_size=True)
    size_before = raw.TensorArraySizeV3(handle=g, flow_in=gflow)
    gflow = raw.TensorArrayWriteV3(handle=g, index=4, value=x, flow_in=gflow)
    size_after = raw.TensorArraySizeV3(handle=g, flow_in=gflow)
    last = raw.TensorArrayReadV3(handle=g, index=4, flow_in=gflow, dtype=f32)
    with tf.control_dependencies([size, ints, size_before, size_after, last]):
        raw.TensorArrayCloseV3(handle=h)
        raw.TensorArrayCloseV3(handle=g)
    return size, ints, size_before, size_after, last


@tf.function(autograph=False)
def dynamic_grow(x, n):
    h, flow = raw.TensorArrayV3(size=0, dtype=f32, element_shape=[2], dynamic_size=True,
                                clear_after_read=False)

    def body(i, v, flow):
        flow = raw.TensorArrayWriteV3(handle=h, index=i, value=v, flow_in=flow)
        return i + 1, v * -0.5 + x, flow

    _, _, flow = tf.while_loop(lambda i, v, flow: i < n, body, [0, x, flow])
    size = raw.TensorArraySizeV3(handle=h, flow_in=flow)
    stacked = raw.TensorArrayGatherV3(handle=h, indices=tf.range(size), flow_in=flow,
                                      dtype=f32, element_shape=[2])
    last = raw.TensorArrayReadV3(handle=h, index=size - 1, flow_in=flow, dtype=f32)
    return stacked, size, last


@tf.function(autograph=False)
def unknown_element_shape(x):
    # element_shape unknown: the shape of the elements is known only from the first write.
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, clear_after_read=False)

    def body(i, flow):
        v = x * tf.cast(i + 1, f32)
        return i + 1, raw.TensorArrayWriteV3(handle=h, index=i, value=v, flow_in=flow)

    _, flow = tf.while_loop(lambda i, flow: i < 3, body, [0, flow])
    second = raw.TensorArrayReadV3(handle=h, index=1, flow_in=flow, dtype=f32)
    stacked = raw.TensorArrayGatherV3(handle=h, indices=[2, 0], flow_in=flow, dtype=f32)
    value, lengths = raw.TensorArrayConcatV3(handle=h, flow_in=flow, dtype=f32)
    return second, stacked, value, lengths


@tf.function(autograph=False)
def cond_write(x, p, q):
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[3], clear_after_read=False)
    flow = raw.TensorArrayWriteV3(handle=h, index=0, value=x, flow_in=flow)
    flow = tf.cond(p > 0,
                   lambda: raw.TensorArrayWriteV3(handle=h, index=1, value=x * 2.0, flow_in=flow),
                   lambda: raw.TensorArrayWriteV3(handle=h, index=1, value=-x, flow_in=flow))
    flow = tf.cond(q > 0,
                   lambda: raw.TensorArrayWriteV3(handle=h, index=2, value=x + 1.0, flow_in=flow),
                   lambda: raw.TensorArrayWriteV3(handle=h, index=2, value=x - 1.0, flow_in=flow))
    picked = tf.cond(p > q,
                     lambda: raw.TensorArrayReadV3(handle=h, index=1, flow_in=flow, dtype=f32),
                     lambda: raw.TensorArrayReadV3(handle=h, index=2, flow_in=flow, dtype=f32))
    stacked = raw.TensorArrayGatherV3(handle=h, indices=[0, 1, 2], flow_in=flow, dtype=f32,
                                      element_shape=[3])
    return stacked, picked


@tf.function(autograph=False)
def cond_in_loop(x):
    h, flow = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[2])

    def body(i, flow):
        flow = tf.cond(tf.logical_and(i >= 1, i < 3),
                       lambda: raw.TensorArrayWriteV3(handle=h, index=i, value=x[i], flow_in=flow),
                       lambda: raw.TensorArrayWriteV3(handle=h, index=i, value=-x[i], flow_in=flow))
        return i + 1, flow

    _, flow = tf.while_loop(lambda i, flow: i < 4, body, [0, flow])
    return raw.TensorArrayGatherV3(handle=h, indices=tf.range(4), flow_in=flow, dtype=f32,
                                   element_shape=[2])


@tf.function(autograph=False)
def write_scaled(h, flow, i, v, s):
    return raw.TensorArrayWriteV3(handle=h, index=i, value=v * s, flow_in=flow)


@tf.function(autograph=False)
def read_pair(h, flow, i, j):
    a = raw.TensorArrayReadV3(handle=h, index=i, flow_in=flow, dtype=f32)
    b = raw.TensorArrayReadV3(handle=h, index=j, flow_in=flow, dtype=f32)
    return a - b


@tf.function(autograph=False)
def nested_call(x):
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2], clear_after_read=False)
    # Tensors, not Python numbers, so that each helper is traced once.
    flow = write_scaled(h, flow, tf.constant(0), x, tf.constant(2.0))
    flow = write_scaled(h, flow, tf.constant(1), x + 1.0, tf.constant(-1.0))
    flow = write_scaled(h, flow, tf.constant(2), x, tf.constant(0.5))
    diff = read_pair(h, flow, tf.constant(0), tf.constant(2))
    stacked = raw.TensorArrayGatherV3(handle=h, indices=[0, 1, 2], flow_in=flow, dtype=f32,
                                      element_shape=[2])
    return stacked, diff


@tf.function(autograph=False)
def copy_step(src, dst, src_flow, dst_flow, i):
    v = raw.TensorArrayReadV3(handle=src, index=i, flow_in=src_flow, dtype=f32)
    return raw.TensorArrayWriteV3(handle=dst, index=2 - i, value=v * v, flow_in=dst_flow)


@tf.function(autograph=False)
def call_in_loop(x):
    src, fs = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
    fs = raw.TensorArrayScatterV3(handle=src, indices=[0, 1, 2], value=x, flow_in=fs)
    dst, fd = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2])

    def body(i, fd):
        return i + 1, copy_step(src, dst, fs, fd, i)

    _, fd = tf.while_loop(lambda i, fd: i < 3, body, [0, fd])
    return raw.TensorArrayGatherV3(handle=dst, indices=[0, 1, 2], flow_in=fd, dtype=f32,
                                   element_shape=[2])


@tf.function(autograph=False)
def reverse_loops(x):
    # Loop 1 writes x[i] + i; loop 2 reads it back to front, clamped, into a second array.
    a, fa = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[3])

    def fill(i, fa):
        v = x[i] + tf.cast(i, f32)
        return i + 1, raw.TensorArrayWriteV3(handle=a, index=i, value=v, flow_in=fa)

    _, fa = tf.while_loop(lambda i, fa: i < 4, fill, [0, fa])
    b, fb = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[3])

    def reverse(i, fb):
        v = raw.TensorArrayReadV3(handle=a, index=3 - i, flow_in=fa, dtype=f32)
        v = tf.minimum(tf.maximum(v, -0.5), 2.0)
        return i + 1, raw.TensorArrayWriteV3(handle=b, index=i, value=v, flow_in=fb)

    _, fb = tf.while_loop(lambda i, fb: i < 4, reverse, [0, fb])
    return raw.TensorArrayGatherV3(handle=b, indices=tf.range(4), flow_in=fb, dtype=f32,
                                   element_shape=[3])


@tf.function(autograph=False)
def loop_elementwise(x):
    # The remaining compute ops of ta-legalize-tf's list, on elements of an array.
    h, flow = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[2, 3])

    def body(i, flow):
        v = x[i]
        e = tf.exp(v) / (tf.ones_like(v) + v * v)
        c = tf.minimum(e, tf.fill([6], tf.cast(i, f32))) - tf.zeros_like(v)
        a, b = tf.identity_n([c, v])
        y = tf.cond(tf.equal(i, 2), lambda: a * b, lambda: a - b)
        return i + 1, raw.TensorArrayWriteV3(handle=h, index=i, value=tf.reshape(y, [2, 3]),
                                             flow_in=flow)

    _, flow = tf.while_loop(lambda i, flow: tf.logical_and(i <= 3, i >= 0), body, [0, flow])
    return raw.TensorArrayGatherV3(handle=h, indices=tf.range(4), flow_in=flow, dtype=f32,
                                   element_shape=[2, 3])


@tf.function(autograph=False)
def transcendental_edges(x):
    # Written to and gathered from a TensorArray, then tanh, exp and sigmoid
    # of all 19 values: 16 take Eigen's 8-wide path, the last 3 its scalar
    # path (the C library's expf for exp and sigmoid).
    h, flow = raw.TensorArrayV3(size=1, dtype=f32, element_shape=[19])
    flow = raw.TensorArrayWriteV3(handle=h, index=0, value=x, flow_in=flow)
    v = raw.TensorArrayReadV3(handle=h, index=0, flow_in=flow, dtype=f32)
    return tf.math.tanh(v), tf.math.exp(v), tf.math.sigmoid(v)


@tf.function(autograph=False)
def log_edges(x):
    # Written to and read from a TensorArray, then tf.math.log of all 21
    # values: 16 take Eigen's 8-wide plog, the last 5 its scalar path (the C
    # library's logf, denormals read as zeros).
    h, flow = raw.TensorArrayV3(size=1, dtype=f32, element_shape=[21])
    flow = raw.TensorArrayWriteV3(handle=h, index=0, value=x, flow_in=flow)
    v = raw.TensorArrayReadV3(handle=h, index=0, flow_in=flow, dtype=f32)
    return tf.math.log(v)


PROGRAMS = [
    Program(
        "while_write_gather",
        "A tf.while_loop that writes tanh(x[i]) * 2 to a TensorArray of size 4 in every "
        "step, then gathers all four elements (the TensorArray.stack() pattern).",
        while_write_gather, [dyadic([4, 3], -1.5)], forms=(EXECUTOR, REGION)),
    Program(
        "while_dynamic_count",
        "A TensorArray whose size is a runtime input n; a loop of n steps writes x * i - 1, "
        "then TensorArraySizeV3, a gather of range(size) plus ones_like of it, and zeros_like "
        "of it.",
        while_dynamic_count, [np.array([0.5, -2.0], np.float32), np.int32(5)]),
    Program(
        "unstack_read_loop",
        "unstack: TensorArrayScatterV3 of x's rows, then a loop that reads one row per step "
        "into a carried accumulator (acc = acc * 0.5 + x[i]).",
        unstack_read_loop, [dyadic([5, 3], -2.0)]),
    Program(
        "map_fn_like",
        "map_fn's pattern: scatter the rows, a loop that reads row i, applies "
        "f(v) = sigmoid(v) * v and writes the result to a second array, then gather.",
        map_fn_like, [dyadic([4, 3], -3.0, 0.5)]),
    Program(
        "scan_like",
        "scan's pattern: a carried accumulator acc = acc * w + x[i] (x read from a "
        "scattered array), every acc written to an output array; returns the gathered "
        "accumulators and the last one.",
        scan_like, [dyadic([4, 3], -1.0), np.array([0.5, -1.0, 2.0], np.float32)]),
    Program(
        "rnn",
        "dynamic_rnn's pattern with a simple RNN cell: the input sequence [4, 2, 3] "
        "scattered into a TensorArray, a while loop reading x_t, h = tanh(x_t @ W + h @ U + b), "
        "h written to an output TensorArray; returns the gathered outputs and the final h.",
        rnn,
        [dyadic([4, 2, 3], -1.5, 0.125),
         np.array([[0.5, -0.25], [0.75, 0.5], [-1.0, 0.25]], np.float32),
         np.array([[0.5, -1.0], [0.25, 0.5]], np.float32),
         np.array([0.125, -0.25], np.float32),
         np.array([[0.0, 0.5], [-0.5, 0.25]], np.float32)],
        forms=(EXECUTOR, REGION)),
    Program(
        "lstm",
        "dynamic_rnn's pattern with an LSTM cell (gates from four separate weight sets, "
        "c = f * c + i * g, h = o * tanh(c)) over a [3, 2, 3] input TensorArray; returns the "
        "gathered outputs and the final c and h.",
        lstm,
        [dyadic([3, 2, 3], -1.0, 0.125),
         dyadic([4, 3, 2], -1.5, 0.125),
         np.array([[[0.5, -0.25], [0.25, 0.5]], [[-0.5, 0.25], [1.0, 0.0]],
                   [[0.25, 0.5], [-0.25, 0.5]], [[1.0, -0.5], [0.5, 0.25]]], np.float32),
         dyadic([4, 2], -0.5, 0.125)]),
    Program(
        "concat_split",
        "TensorArraySplitV3 of a [6] vector into elements of lengths 1, 3, 2 (element shape "
        "[?]), a read of the middle one and TensorArrayConcatV3 (values and int64 lengths); "
        "then a growable array of [?, 2] elements split from a [3, 2] tensor, a third "
        "element written, and concatenated.",
        concat_split, [dyadic([6], -1.0, 0.5)]),
    Program(
        "size_close",
        "TensorArraySizeV3 of a static-size int32 array and of a growable array before and "
        "after a write at index 4 (which grows it to 5), a gather and a read, then "
        "TensorArrayCloseV3 of both after everything else.",
        size_close, [np.array([1.5, -2.0, 0.25], np.float32), np.array([3, -7], np.int32)]),
    Program(
        "dynamic_grow",
        "A growable array (dynamic_size=True, size 0) grown by a loop of n steps writing a "
        "carried value v = v * -0.5 + x; then its size, the gather of range(size) and a read "
        "of the last element.",
        dynamic_grow, [np.array([1.0, -0.5], np.float32), np.int32(5)]),
    Program(
        "unknown_element_shape",
        "An array with unknown element_shape: a loop writes x * (i + 1) for a [2, 3] x, so the "
        "element shape is set by the first write; a read, a gather of [2, 0] and a concat.",
        unknown_element_shape, [dyadic([2, 3], -1.0, 0.375)]),
    Program(
        "cond_write",
        "tf.cond (tf.If) branches that write a TensorArray element through the handle and "
        "flow passed into the branch functions: p > 0 takes the then branch, q > 0 the else "
        "branch; a third cond reads one element in each branch; then a gather.",
        cond_write, [dyadic([3], -0.5, 0.75), np.int32(1), np.int32(-1)],
        forms=(EXECUTOR, REGION)),
    Program(
        "cond_in_loop",
        "A tf.cond inside a while body: steps 1 and 2 write x[i], steps 0 and 3 write -x[i].",
        cond_in_loop, [dyadic([4, 2], -1.0, 0.25)]),
    Program(
        "nested_call",
        "Nested tf.functions taking the handle and flow as arguments (StatefulPartitionedCall): "
        "write_scaled writes v * s, read_pair returns the difference of two reads; then a "
        "gather.",
        nested_call, [np.array([1.5, -3.0], np.float32)], forms=(EXECUTOR,),
        helpers=[write_scaled, read_pair]),
    Program(
        "call_in_loop",
        "A while body that calls a tf.function with two handles and two flows: copy_step "
        "reads src[i] and writes its square to dst[2 - i].",
        call_in_loop, [dyadic([3, 2], -1.0, 0.5)], helpers=[copy_step]),
    Program(
        "reverse_loops",
        "Two loops: the first writes x[i] + i to array a; the second reads a back to front "
        "and writes min(max(v, -0.5), 2) to array b; then gather b.",
        reverse_loops, [dyadic([4, 3], -2.0, 0.25)]),
    Program(
        "loop_elementwise",
        "A loop over the rows of x: y = min(exp(v) / (1 + v * v), fill(i)) - zeros_like(v), "
        "through identity_n, a cond on i == 2 (y * v or y - v), reshaped to [2, 3] and "
        "written; then gather.",
        loop_elementwise, [dyadic([4, 6], -2.0, 0.125)]),
    Program(
        "transcendental_edges",
        "tf.Tanh, tf.Exp and tf.Sigmoid of values read from a TensorArray: zeros of both "
        "signs, a denormal, values near the clamps and cut-offs (7.9, 87.3, 88.8, -103, "
        "-105), infinities and NaN, some in the 8-wide part and some in the scalar tail.",
        transcendental_edges,
        [np.array([0.0, -0.0, 1e-39, 0.3, -0.7, 7.9, -8.5, 20.0, 87.3, 88.8, -87.5,
                   -103.0, -105.0, np.inf, -np.inf, np.nan, 3.25, -1e-39, 88.5],
                  np.float32)]),
    Program(
        "log_edges",
        "tf.Log of values read from a TensorArray: zeros of both signs, denormals of "
        "both signs, values around sqrt(1/2) and 1, the largest and smallest normal "
        "floats, infinities, NaN and negative values, in the 8-wide part and in the "
        "scalar tail.",
        log_edges,
        [np.array([0.0, -0.0, 1e-39, -1e-39, 0.70710677, 0.7071068, 1.0, 0.99999994,
                   3.4028235e38, 1.1754944e-38, np.inf, -np.inf, np.nan, -2.5, 0.3, 7.25,
                   1e-39, -1e-40, 0.0, 1.1754944e-38, 12.5], np.float32)]),
]

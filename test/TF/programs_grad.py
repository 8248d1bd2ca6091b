"""Corpus programs on gradient accumulators and UnbatchGrad.

Gradient accumulators (TensorArrayGradV3, TensorArrayGradWithShape) are keyed
by (forward array, source); a write to an accumulator index adds to what is
there, and a read of an index never written gives zeros. The hand-written
programs build accumulators the way TensorFlow's gradient functions do; the
autograd_* programs let tf.gradients build them (in a TF1 graph, see
programs.graph_function). Inputs are multiples of 1/4 or 1/8, so every value
is exact and ulp=0.
"""

import numpy as np
import tensorflow as tf

from programs import EXECUTOR, REGION, Program, dyadic, f32, graph_program, raw


@tf.function(autograph=False)
def grad_loop(x, w, dys):
    # Forward: h_t = h_{t-1} * w + x_t + x_0 * 0.25; hs[t + 1] = h_t, hs[0] = 0.
    xs, fx = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2], clear_after_read=False,
                               tensor_array_name="xs")
    fx = raw.TensorArrayScatterV3(handle=xs, indices=tf.range(3), value=x, flow_in=fx)
    hs, fh = raw.TensorArrayV3(size=4, dtype=f32, element_shape=[2], clear_after_read=False,
                               tensor_array_name="hs")
    fh = raw.TensorArrayWriteV3(handle=hs, index=0, value=tf.zeros([2]), flow_in=fh)

    def forward(t, h, fh):
        x_t = raw.TensorArrayReadV3(handle=xs, index=t, flow_in=fx, dtype=f32)
        x_0 = raw.TensorArrayReadV3(handle=xs, index=0, flow_in=fx, dtype=f32)
        h = h * w + x_t + x_0 * 0.25
        return t + 1, h, raw.TensorArrayWriteV3(handle=hs, index=t + 1, value=h, flow_in=fh)

    _, _, fh = tf.while_loop(lambda t, h, fh: t < 3, forward, [0, tf.zeros([2]), fh])
    ys = raw.TensorArrayGatherV3(handle=hs, indices=[1, 2, 3], flow_in=fh, dtype=f32,
                                 element_shape=[2])

    # Backward. The gather's gradient: dys scattered into hs's accumulator.
    g, gf = raw.TensorArrayGradV3(handle=hs, flow_in=fh, source="gradients")
    gf = raw.TensorArrayScatterV3(handle=g, indices=[1, 2, 3], value=dys, flow_in=gf)

    def backward(t, dh, dw, gf, gxf):
        # Each step asks for the accumulators again: same source, same arrays.
        g, gf = raw.TensorArrayGradV3(handle=hs, flow_in=gf, source="gradients")
        dh = dh + raw.TensorArrayReadV3(handle=g, index=t + 1, flow_in=gf, dtype=f32)
        gx, gxf = raw.TensorArrayGradV3(handle=xs, flow_in=gxf, source="gradients")
        gxf = raw.TensorArrayWriteV3(handle=gx, index=t, value=dh, flow_in=gxf)
        # The x_0 read of every step: writes to index 0 add up.
        gxf = raw.TensorArrayWriteV3(handle=gx, index=0, value=dh * 0.25, flow_in=gxf)
        h_prev = raw.TensorArrayReadV3(handle=hs, index=t, flow_in=fh, dtype=f32)
        return t - 1, dh * w, dw + dh * h_prev, gf, gxf

    zeros = tf.zeros([2])
    _, _, dw, _, gxf = tf.while_loop(lambda t, dh, dw, gf, gxf: t >= 0, backward,
                                     [2, zeros, zeros, gf, fx])
    gx, gxf = raw.TensorArrayGradV3(handle=xs, flow_in=gxf, source="gradients")
    dxs = raw.TensorArrayGatherV3(handle=gx, indices=tf.range(3), flow_in=gxf, dtype=f32,
                                  element_shape=[2])
    return ys, dxs, dw


@tf.function(autograph=False)
def grad_sources(a, b, c):
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
    flow = raw.TensorArrayScatterV3(handle=h, indices=[0, 1, 2], value=tf.zeros([3, 2]),
                                    flow_in=flow)
    g1, f1 = raw.TensorArrayGradV3(handle=h, flow_in=flow, source="gradients")
    f1 = raw.TensorArrayWriteV3(handle=g1, index=0, value=a, flow_in=f1)
    # Another source: another accumulator.
    g2, f2 = raw.TensorArrayGradV3(handle=h, flow_in=flow, source="gradients_1")
    f2 = raw.TensorArrayWriteV3(handle=g2, index=0, value=b, flow_in=f2)
    f2 = raw.TensorArrayWriteV3(handle=g2, index=2, value=b, flow_in=f2)
    # "gradients" again: the accumulator of g1, so index 0 gets a + c.
    g3, f3 = raw.TensorArrayGradV3(handle=h, flow_in=f1, source="gradients")
    f3 = raw.TensorArrayWriteV3(handle=g3, index=0, value=c, flow_in=f3)
    f3 = raw.TensorArrayWriteV3(handle=g3, index=1, value=c, flow_in=f3)
    first = raw.TensorArrayGatherV3(handle=g1, indices=[0, 1, 2], flow_in=f3, dtype=f32,
                                    element_shape=[2])
    second = raw.TensorArrayGatherV3(handle=g2, indices=[0, 1, 2], flow_in=f2, dtype=f32,
                                     element_shape=[2])
    return first, second


@tf.function(autograph=False)
def grad_with_shape(x, d):
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
    flow = raw.TensorArrayScatterV3(handle=h, indices=[0, 1, 2], value=x, flow_in=flow)
    # Accumulator elements [2] ++ [2] (what pfor's gradients ask for).
    g, gf = raw.TensorArrayGradWithShape(handle=h, flow_in=flow, shape_to_prepend=[2],
                                         source="pfor")
    gf = raw.TensorArrayWriteV3(handle=g, index=1, value=d, flow_in=gf)
    gf = raw.TensorArrayWriteV3(handle=g, index=1, value=d * 0.5, flow_in=gf)
    gf = raw.TensorArrayWriteV3(handle=g, index=2, value=-d, flow_in=gf)
    acc = raw.TensorArrayGatherV3(handle=g, indices=[0, 1, 2], flow_in=gf, dtype=f32,
                                  element_shape=[2, 2])
    # An empty shape_to_prepend: TensorArrayGradV3's accumulator.
    e, ef = raw.TensorArrayGradWithShape(handle=h, flow_in=flow,
                                         shape_to_prepend=tf.constant([], tf.int32),
                                         source="gradients")
    ef = raw.TensorArrayWriteV3(handle=e, index=0, value=x[1], flow_in=ef)
    plain = raw.TensorArrayReadV3(handle=e, index=0, flow_in=ef, dtype=f32)
    return acc, plain


@tf.function(autograph=False)
def unbatch_single(original, grad, batch_index, batch_id):
    return raw.UnbatchGrad(original_input=original, batch_index=batch_index, grad=grad,
                           id=batch_id)


@tf.function(autograph=False)
def unbatch_two_ids(original, grad1, grad2):
    # Invocation 2 has no batch: it delivers grad2 and returns an empty tensor. Invocation 1
    # ran the batch of ids 1 and 2: it returns [grad1; grad2]. The control dependency runs
    # invocation 2 first (invocation 1 would wait for it).
    index = tf.constant([[1, 0, 2], [2, 2, 3]], tf.int64)
    empty = raw.UnbatchGrad(original_input=tf.zeros([0, 2]),
                            batch_index=tf.zeros([0, 3], tf.int64), grad=grad2,
                            id=tf.constant(2, tf.int64), shared_name="batch")
    with tf.control_dependencies([empty]):
        batched = raw.UnbatchGrad(original_input=original, batch_index=index, grad=grad1,
                                  id=tf.constant(1, tf.int64), shared_name="batch")
    return batched, empty


def autograd_scatter_gather(x, m, dy):
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
    flow = raw.TensorArrayScatterV3(handle=h, indices=[2, 0, 1], value=x, flow_in=flow)
    y = raw.TensorArrayGatherV3(handle=h, indices=[1, 2], flow_in=flow, dtype=f32,
                                element_shape=[2]) * m
    return [y] + tf.gradients(y, [x, m], grad_ys=dy)


def autograd_write_read(a, b, c, w, dy):
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
    flow = raw.TensorArrayWriteV3(handle=h, index=0, value=a * w, flow_in=flow)
    flow = raw.TensorArrayWriteV3(handle=h, index=1, value=b, flow_in=flow)
    flow = raw.TensorArrayWriteV3(handle=h, index=2, value=-c, flow_in=flow)
    y = raw.TensorArrayReadV3(handle=h, index=2, flow_in=flow, dtype=f32)
    return [y] + tf.gradients(y, [a, b, c, w], grad_ys=dy)


def autograd_split_concat(x, m, dy):
    h, flow = raw.TensorArrayV3(size=3, dtype=f32, element_shape=[None, 2])
    flow = raw.TensorArraySplitV3(handle=h, value=x, lengths=tf.constant([1, 2, 1], tf.int64),
                                  flow_in=flow)
    v, lengths = raw.TensorArrayConcatV3(handle=h, flow_in=flow, dtype=f32,
                                         element_shape_except0=[2])
    v.set_shape([4, 2])  # static only (no op), so that Mul's gradient needs no reduction
    y = v * m
    return [y, lengths] + tf.gradients(y, [x, m], grad_ys=dy)


PROGRAMS = [
    Program(
        "grad_loop",
        "A forward loop h_t = h_{t-1} * w + x_t + x_0 * 0.25 (x read from an array, states "
        "written to another), and the backward loop written out the way TensorFlow's "
        "gradient functions build it: TensorArrayGradV3(source \"gradients\") of both arrays "
        "inside the backward while body (the same accumulators in every step), dL/dh read "
        "from the states' accumulator, dL/dx_t written to the inputs' accumulator and every "
        "step's x_0 term accumulated into index 0; returns the states, dL/dx and dL/dw.",
        grad_loop,
        [dyadic([3, 2], -1.0, 0.5), np.array([0.5, -0.25], np.float32),
         dyadic([3, 2], 0.25, 0.25)],
        forms=(EXECUTOR, REGION)),
    Program(
        "grad_sources",
        "Accumulators of one array under sources \"gradients\" and \"gradients_1\" are "
        "independent; TensorArrayGradV3 with \"gradients\" a second time gives the first "
        "accumulator again, so its writes add up with the first one's; unwritten indices "
        "gather as zeros.",
        grad_sources,
        [np.array([1.0, 2.0], np.float32), np.array([-0.5, 0.25], np.float32),
         np.array([0.125, -4.0], np.float32)]),
    Program(
        "grad_with_shape",
        "TensorArrayGradWithShape with shape_to_prepend [2] (accumulator elements [2, 2], "
        "two writes to index 1 add up, index 0 gathers as zeros), and with an empty "
        "shape_to_prepend (a plain accumulator).",
        grad_with_shape, [dyadic([3, 2], -0.75, 0.25), dyadic([2, 2], 1.0, -0.5)]),
    graph_program(
        "autograd_scatter_gather",
        "tf.gradients (TF1 graph) of y = gather(scatter(x, [2, 0, 1]), [1, 2]) * m: the "
        "gather's gradient scatters into a TensorArrayGradV3 accumulator, the scatter's "
        "gradient gathers from one (index 0 is never written: zeros).",
        autograd_scatter_gather,
        [dyadic([3, 2], -1.0, 0.5), dyadic([2, 2], 2.0, -0.75), dyadic([2, 2], 0.5, 0.25)]),
    graph_program(
        "autograd_write_read",
        "tf.gradients (TF1 graph) through three writes and one read: the read's gradient "
        "writes to an accumulator, each write's gradient reads from one (indices 0 and 1 "
        "are never written: zeros).",
        autograd_write_read,
        [np.array([1.0, -2.0], np.float32), np.array([0.5, 0.25], np.float32),
         np.array([-0.75, 1.5], np.float32), np.array([3.0, -1.0], np.float32),
         np.array([2.0, 0.5], np.float32)]),
    graph_program(
        "autograd_split_concat",
        "tf.gradients (TF1 graph) of y = concat(split(x, [1, 2, 1])) * m: the concat's "
        "gradient splits into an accumulator with the forward lengths, the split's gradient "
        "concatenates one.",
        autograd_split_concat,
        [dyadic([4, 2], -1.0, 0.25), dyadic([4, 2], 1.0, 0.5), dyadic([4, 2], -0.5, 0.125)]),
    Program(
        "unbatch_single",
        "UnbatchGrad where one invocation owns its whole batch: batch_index [[7, 0, 3]], "
        "id 7; returns the batch's gradient.",
        unbatch_single,
        [np.ones([3, 2], np.float32), dyadic([3, 2], -1.0, 0.5),
         np.array([[7, 0, 3]], np.int64), np.int64(7)]),
    Program(
        "unbatch_two_ids",
        "UnbatchGrad with two ids in one batch (shared_name \"batch\"): invocation 2 "
        "delivers its gradient and gets an empty [0, 2] result, then invocation 1, which "
        "ran the batch, gets both gradients in batch_index order.",
        unbatch_two_ids,
        [np.ones([3, 2], np.float32), dyadic([2, 2], 0.5, 0.5),
         np.array([[-1.0, 4.0]], np.float32)]),
]

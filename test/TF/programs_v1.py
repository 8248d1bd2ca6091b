"""Corpus programs with TensorFlow 1 control flow (control flow v2 off).

A tf.while_loop or tf.cond built in a tf.compat.v1 Graph with control flow
v2 disabled is dataflow: Enter, Merge, Switch, LoopCond, NextIteration and
Exit nodes, with tf.TensorArray as TensorArray V3 ops. TensorFlow's exporter
gives it to a compiler in two forms, both written for every program here:

- NAME.mlir: the graph as a function (programs.graph_function) exported
  with convert_function: tf_executor graphs holding the dataflow loop
  (tf_executor.Enter, Merge, Switch, ...), which ta-import-tf
  functionalizes into tf.WhileRegion and tf.IfRegion (Functionalize.cpp)
  and whose unranked values it refines (TFShapes.cpp).
- NAME.savedmodel.mlir: the graph as a TF1 SavedModel imported with
  convert_saved_model_v1(upgrade_legacy=True): TensorFlow functionalizes
  the loops and conditionals into tf.While and tf.If, which ta-import-tf
  takes. (TensorFlow's functionalization drops the StackPushV2 ops that
  tf.gradients of a v1 loop creates, test/TF/SURVEY.md: the v1_grad_*
  programs, gradients of v1 loops, are exported in the first form only,
  where ta-import-tf decomposes the stacks itself, Stacks.cpp.)
"""

import numpy as np
import tensorflow as tf

from programs import SAVED_MODEL, STD, MaxUlp, dyadic, f32, graph_program
from programs_library import (B, B_H, F, KERAS_ULP, TAPE_ULP, T, W_H, W_IN, X,
                              U, ElmanCell, weights)

DYS = dyadic([B, T, U], -0.5, 0.125)


def v1_while_write(x):
    ta = tf.TensorArray(f32, size=3, element_shape=[2])

    def body(i, y, ta):
        y = tf.tanh(y * x[i])
        return i + 1, y, ta.write(i, y)

    _, y, ta = tf.while_loop(lambda i, y, ta: i < 3, body, [0, tf.ones([2]), ta])
    return [ta.stack(), y]


def v1_cond_in_loop(x):
    ta = tf.TensorArray(f32, size=4, element_shape=[2])

    def body(i, ta):
        v = tf.cond(x[i][0] > 0.0, lambda: x[i] * 2.0, lambda: -x[i])
        return i + 1, ta.write(i, v)

    _, ta = tf.while_loop(lambda i, ta: i < 4, body, [0, ta])
    return [ta.stack()]


def v1_unstack_scan(x, w):
    xs = tf.TensorArray(f32, size=4, element_shape=[2]).unstack(x)
    ys = tf.TensorArray(f32, size=4, element_shape=[2])

    def body(i, acc, ys):
        acc = acc * w + xs.read(i)
        return i + 1, acc, ys.write(i, acc)

    _, acc, ys = tf.while_loop(lambda i, acc, ys: i < 4, body, [0, tf.zeros([2]), ys])
    return [ys.stack(), acc]


def v1_grad_while(x, dys):
    ta = tf.TensorArray(f32, size=3, element_shape=[2])

    def body(i, y, ta):
        y = y * x[i] + 0.5
        return i + 1, y, ta.write(i, y)

    _, y, ta = tf.while_loop(lambda i, y, ta: i < 3, body, [0, tf.ones([2]), ta])
    ys = ta.stack()
    return [ys, tf.gradients(ys, x, grad_ys=dys)[0]]


def v1_grad_cond_in_loop(x, dys):
    ta = tf.TensorArray(f32, size=4, element_shape=[2])

    def body(i, y, ta):
        y = tf.cond(x[i][0] > 0.0, lambda: y * x[i], lambda: y - x[i] * 0.5)
        return i + 1, y, ta.write(i, y)

    _, _, ta = tf.while_loop(lambda i, y, ta: i < 4, body, [0, tf.ones([2]), ta])
    ys = ta.stack()
    return [ys, tf.gradients(ys, x, grad_ys=dys)[0]]


def v1_layer_ops(x, w):
    # Compute ops on values a v1 loop carries (unranked in the graph, so
    # ta-tf-refine-types gives them their shapes): transpose, concat, sum,
    # expand_dims, softmax, tile, slice, reverse, one_hot, argmax, gather.
    ta = tf.TensorArray(f32, size=3, element_shape=[2, 3])

    def body(i, h, ta):
        c = tf.concat([h, x[i]], axis=1)  # [2, 4]
        s = tf.reduce_sum(tf.transpose(c) * w, axis=1, keepdims=True)  # [4, 1]
        p = tf.nn.softmax(tf.expand_dims(tf.reshape(s, [4]), 0))  # [1, 4]
        t = tf.tile(p, [2, 1]) + tf.reverse(c, [1])  # [2, 4]
        k = tf.one_hot(tf.argmax(t, axis=1), 4) + tf.gather(t, [1, 0])
        h = tf.tanh(tf.slice(k, [0, 0], [2, 3]) * 0.5 + h * 0.25)
        return i + 1, h, ta.write(i, h)

    _, h, ta = tf.while_loop(lambda i, h, ta: i < 3, body,
                             [0, tf.ones([2, 3]) * 0.5, ta])
    return [ta.stack(), h]


def v1_dynamic_rnn(x, w_in, w_h, b):
    # tf.compat.v1.nn.dynamic_rnn in a TF1 graph: a v1 while_loop over
    # TensorArray V3 ops (the batch-major input transposed, unstacked, read
    # in the loop; the outputs written, stacked, transposed back).
    outs, state = tf.compat.v1.nn.dynamic_rnn(ElmanCell(w_in, w_h, b), x, dtype=f32)
    return [outs, state]


def v1_dynamic_rnn_grad(x, w_in, w_h, b, dys):
    # tf.gradients of v1_dynamic_rnn: the backward loop reads the forward
    # TensorArray's gradient accumulator, whose flow TensorFlow computes by
    # arithmetic (a zeros_like of the forward flow, summed in the loop).
    outs, _ = v1_dynamic_rnn(x, w_in, w_h, b)
    grads = tf.gradients(outs, [x, w_in, w_h, b], grad_ys=dys)
    return [outs] + grads


def v1_scan_grad(x, w, dys):
    # tf.gradients of a TF1 tf.scan (TensorArrays in a v1 while_loop): the
    # Elman-like step acc = tanh(acc * w + x_t) and its gradients.
    ys = tf.scan(lambda acc, xt: tf.tanh(acc * w + xt), x,
                 initializer=tf.zeros([x.shape[1]]))
    return [ys] + tf.gradients(ys, [x, w], grad_ys=dys)


def v1_map_fn_grad(x, dys):
    # tf.gradients of a TF1 tf.map_fn: tanh(row) * sum(row) per row (its
    # input array is made without an element shape and unstacked).
    ys = tf.map_fn(lambda r: tf.tanh(r) * tf.reduce_sum(r), x)
    return [ys] + tf.gradients(ys, [x], grad_ys=dys)


def v1_lstm_rnn_grad(x, w, b, dys):
    # tf.gradients of tf.compat.v1.nn.dynamic_rnn with an LSTM cell whose
    # state is a (c, h) tuple: gates from one matmul of [x_t, h], split.
    class Cell:
        state_size = (U, U)
        output_size = U

        def zero_state(self, batch_size, dtype):
            return (tf.zeros([batch_size, U], dtype),) * 2

        def __call__(self, xt, state, scope=None):
            c, h = state
            z = tf.matmul(tf.concat([xt, h], 1), w) + b
            i, f, g, o = tf.split(z, 4, axis=1)
            c = tf.sigmoid(f) * c + tf.sigmoid(i) * tf.tanh(g)
            h = tf.sigmoid(o) * tf.tanh(c)
            return h, (c, h)

    outs, (c, h) = tf.compat.v1.nn.dynamic_rnn(Cell(), x, dtype=f32)
    return [outs, c] + tf.gradients(outs, [x, w, b], grad_ys=dys)


def v1_gru_rnn_grad(x, w, u, b, dys):
    # tf.gradients of tf.compat.v1.nn.dynamic_rnn with a GRU cell: update and
    # reset gates, the candidate from the reset state.
    class Cell:
        state_size = U
        output_size = U

        def zero_state(self, batch_size, dtype):
            return tf.zeros([batch_size, U], dtype)

        def __call__(self, xt, h, scope=None):
            wz, wr, wc = tf.split(w, 3, axis=1)
            uz, ur, uc = tf.split(u, 3, axis=1)
            bz, br, bc = tf.split(b, 3)
            z = tf.sigmoid(tf.matmul(xt, wz) + tf.matmul(h, uz) + bz)
            r = tf.sigmoid(tf.matmul(xt, wr) + tf.matmul(h, ur) + br)
            c = tf.tanh(tf.matmul(xt, wc) + tf.matmul(r * h, uc) + bc)
            h = z * h + (1.0 - z) * c
            return h, h

    outs, h = tf.compat.v1.nn.dynamic_rnn(Cell(), x, dtype=f32)
    return [outs, h] + tf.gradients(outs, [x, w, u, b], grad_ys=dys)


class GatedCell:
    """A minimal gated cell: h' = z * h + (1 - z) * tanh(x W + h U)."""
    state_size = U
    output_size = U

    def __init__(self, w, u, wz):
        self.w, self.u, self.wz = w, u, wz

    def zero_state(self, batch_size, dtype):
        return tf.zeros([batch_size, U], dtype)

    def __call__(self, xt, h, scope=None):
        z = tf.sigmoid(tf.matmul(xt, self.wz))
        c = tf.tanh(tf.matmul(xt, self.w) + tf.matmul(h, self.u))
        h = z * h + (1.0 - z) * c
        return h, h


def v1_dynamic_rnn_seqlen_grad(x, w, u, wz, dys):
    # dynamic_rnn with sequence_length (lengths 3 and 2): the steps past a
    # sequence's end copy its state and output zeros (tf.Select of rows);
    # tf.gradients.
    outs, h = tf.compat.v1.nn.dynamic_rnn(GatedCell(w, u, wz), x, dtype=f32,
                                          sequence_length=tf.constant([3, 2]))
    return [outs, h] + tf.gradients(outs, [x, w, u, wz], grad_ys=dys)


def v1_bidirectional_seqlen_grad(x, w, u, wz, dys):
    # bidirectional_dynamic_rnn with sequence_length (lengths 3 and 2): the
    # backward direction runs on tf.ReverseSequence of the input and its
    # outputs are reversed back; tf.gradients of both directions' outputs.
    # The backward cell's weights are the forward's, transposed or negated.
    fw = GatedCell(w, u, wz)
    bw = GatedCell(-w, tf.transpose(u), wz * 0.5)
    (out_fw, out_bw), (h_fw, h_bw) = tf.compat.v1.nn.bidirectional_dynamic_rnn(
        fw, bw, x, dtype=f32, sequence_length=tf.constant([3, 2]))
    outs = tf.concat([out_fw, out_bw], 2)
    return [outs, h_fw, h_bw] + tf.gradients(outs, [x, w, u, wz], grad_ys=dys)


def v1_foldl_grad(x):
    # tf.gradients of a TF1 tf.foldl: a = a * 0.5 + r * r over the rows.
    a = tf.foldl(lambda a, r: a * 0.5 + r * r, x)
    return [a] + tf.gradients(a, [x])


def v1_program(name, doc, build, inputs, forms=(STD, SAVED_MODEL), **kwargs):
    return graph_program(name, doc, build, inputs, forms=forms, **kwargs)


PROGRAMS = [
    v1_program(
        "v1_while_write",
        "tf.while_loop with control flow v1 (TF1 graph): y = tanh(y * x[i]) written to a "
        "TensorArray every step, then stacked.",
        v1_while_write, [dyadic([3, 2], -0.75, 0.5)]),
    v1_program(
        "v1_cond_in_loop",
        "A v1 tf.cond inside a v1 tf.while_loop: x[i] * 2 where x[i][0] > 0, else -x[i], "
        "written to a TensorArray, then stacked.",
        v1_cond_in_loop, [np.array([[0.5, 1.0], [-1.5, 2.0], [0.25, -0.5], [-2.0, 0.75]],
                                   np.float32)]),
    v1_program(
        "v1_unstack_scan",
        "Control flow v1: x unstacked into a TensorArray, acc = acc * w + x_t read in the "
        "loop and written to a second array, then stacked.",
        v1_unstack_scan, [dyadic([4, 2], -1.0, 0.5), np.array([0.5, -1.0], np.float32)]),
    v1_program(
        "v1_grad_while",
        "tf.gradients of a control flow v1 tf.while_loop: y = y * x[i] + 0.5 written to a "
        "TensorArray every step; the backward loop pops the forward values TensorFlow "
        "pushed onto stacks (StackV2/StackPushV2/StackPopV2).",
        v1_grad_while, [dyadic([3, 2], -0.75, 0.5), dyadic([3, 2], 0.25, 0.25)],
        forms=(STD,)),
    v1_program(
        "v1_grad_cond_in_loop",
        "tf.gradients through a control flow v1 tf.cond inside a v1 tf.while_loop: the "
        "forward branches push what the backward branches pop.",
        v1_grad_cond_in_loop,
        [np.array([[0.5, 1.0], [-1.5, 2.0], [0.25, -0.5], [-2.0, 0.75]], np.float32),
         dyadic([4, 2], -1.0, 0.25)],
        forms=(STD,)),
    v1_program(
        "v1_layer_ops",
        "A control flow v1 loop whose body transposes, concatenates, sums, expands, "
        "softmaxes, tiles, slices, reverses, one-hots an argmax and gathers the values it "
        "carries (unranked in the graph), writing a TensorArray.",
        v1_layer_ops, [dyadic([3, 2, 1], -0.75, 0.25), dyadic([4, 2], -0.5, 0.25)],
        forms=(STD,)),
    v1_program(
        "v1_dynamic_rnn",
        "tf.compat.v1.nn.dynamic_rnn with an Elman cell (tanh(x W + h U + b)) in a TF1 "
        "graph: a v1 loop over TensorArray V3 ops whose values are unranked in the graph.",
        v1_dynamic_rnn, [X, W_IN, W_H, B_H], ulp=KERAS_ULP, forms=(STD,),
        helpers=[ElmanCell]),
    v1_program(
        "v1_dynamic_rnn_grad",
        "tf.gradients of tf.compat.v1.nn.dynamic_rnn (Elman cell) in a TF1 graph with "
        "respect to the input, both weights and the bias: the backward loop's "
        "TensorArray flows are TensorFlow's arithmetic on flows.",
        # The input's gradient sums products over the units that cancel, the
        # weights' over batch and time: 4 ulp of the largest magnitude.
        v1_dynamic_rnn_grad, [X, W_IN, W_H, B_H, DYS], ulp=TAPE_ULP, forms=(STD,),
        helpers=[ElmanCell, v1_dynamic_rnn]),
    v1_program(
        "v1_lstm_rnn_grad",
        "tf.gradients of tf.compat.v1.nn.dynamic_rnn with an LSTM cell ((c, h) state, "
        "gates split from one matmul of [x_t, h]) with respect to the input, the "
        "weights and the bias.",
        v1_lstm_rnn_grad, [X, weights([F + U, 4 * U], 4.0), weights([4 * U], 5.0), DYS],
        ulp=[KERAS_ULP, KERAS_ULP] + [MaxUlp(4)] * 3, forms=(STD,)),
    v1_program(
        "v1_gru_rnn_grad",
        "tf.gradients of tf.compat.v1.nn.dynamic_rnn with a GRU cell with respect to "
        "the input, both weights and the bias.",
        v1_gru_rnn_grad, [X, weights([F, 3 * U], 6.0), weights([U, 3 * U], 7.0),
                          weights([3 * U], 8.0), DYS],
        ulp=[KERAS_ULP, KERAS_ULP] + [MaxUlp(4)] * 4, forms=(STD,)),
    v1_program(
        "v1_dynamic_rnn_seqlen_grad",
        "tf.gradients of tf.compat.v1.nn.dynamic_rnn with a gated cell and "
        "sequence_length (steps past a sequence's end keep its state).",
        v1_dynamic_rnn_seqlen_grad, [X, weights([F, U], 7.0), weights([U, U], 8.0),
                                     weights([F, U], 9.0), DYS],
        ulp=[KERAS_ULP, KERAS_ULP] + [MaxUlp(4)] * 4, forms=(STD,),
        helpers=[GatedCell, v1_dynamic_rnn_seqlen_grad]),
    v1_program(
        "v1_bidirectional_seqlen_grad",
        "tf.gradients of tf.compat.v1.nn.bidirectional_dynamic_rnn with gated cells and "
        "sequence_length: the backward direction reads tf.ReverseSequence of the input.",
        v1_bidirectional_seqlen_grad,
        [X, weights([F, U], 7.0), weights([U, U], 8.0), weights([F, U], 9.0),
         dyadic([B, T, 2 * U], -0.5, 0.125)],
        ulp=[KERAS_ULP] * 3 + [MaxUlp(4)] * 4, forms=(STD,),
        helpers=[GatedCell]),
    v1_program(
        "v1_foldl_grad",
        "tf.gradients of a TF1 tf.foldl, a = a * 0.5 + r * r over the rows of x.",
        v1_foldl_grad, [dyadic([4, 3], -1.0, 0.25)], forms=(STD,)),
    v1_program(
        "v1_scan_grad",
        "tf.gradients of a TF1 tf.scan, acc = tanh(acc * w + x_t), with respect to the "
        "input and w: the backward loop reads the forward arrays' accumulators.",
        v1_scan_grad, [dyadic([4, 2], -1.0, 0.25), np.array([0.5, -0.75], np.float32),
                       dyadic([4, 2], -0.5, 0.125)], forms=(STD,)),
    v1_program(
        "v1_map_fn_grad",
        "tf.gradients of a TF1 tf.map_fn, tanh(row) * sum(row) per row.",
        v1_map_fn_grad, [dyadic([3, 4], -1.0, 0.125), dyadic([3, 4], 0.5, -0.125)],
        forms=(STD,)),
]

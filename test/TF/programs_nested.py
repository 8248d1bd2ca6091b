"""Corpus programs of loops nested in loops under a gradient: the tape (and
tf.gradients) through autograph loops, tf.while_loop, tf.scan, tf.foldl and
tf.map_fn nested in one another. TensorFlow's gradient keeps each inner
loop's accumulators on accumulators of the outer loop (lists of lists, one
inner list per outer iteration, as long as that iteration's inner trip
count), which ta-import-tf imports as records of rows
(TensorListsOfLists.cpp).
"""

import numpy as np
import tensorflow as tf

from programs import MaxUlp, Program, dyadic
from programs_library import F, weights

ROWS = dyadic([5, F], -1.25, 0.125)


@tf.function
def tf_nested_loops_tape(x, w):
    # Two steps of h = tanh(h * w + x[t] * (k + 1)) per row of x; the tape's
    # gradient of sum(h) with respect to w.
    with tf.GradientTape() as tape:
        tape.watch(w)
        h = tf.zeros([F])
        for t in tf.range(tf.shape(x)[0]):
            for k in tf.range(2):
                h = tf.tanh(h * w + x[t] * tf.cast(k + 1, tf.float32))
        loss = tf.reduce_sum(h)
    return h, tape.gradient(loss, w)


@tf.function
def tf_nested_ragged_tape(x, w):
    # Row t takes t + 1 inner steps (inner lists of lengths 1, 2, 3, ...).
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        h = tf.zeros([F])
        for t in tf.range(tf.shape(x)[0]):
            for k in tf.range(t + 1):
                h = tf.tanh(h * w + x[t] * tf.cast(k, tf.float32))
        loss = tf.reduce_sum(h * h)
    return [h] + tape.gradient(loss, [x, w])


@tf.function
def tf_nested_cond_tape(x, w):
    # An `if` on the state in the inner loop: the gradient keeps the
    # branch each step took (booleans) per inner and outer iteration.
    with tf.GradientTape() as tape:
        tape.watch(w)
        h = tf.zeros([F])
        for t in tf.range(tf.shape(x)[0]):
            for k in tf.range(3):
                if tf.reduce_sum(h) > 0.0:
                    h = tf.tanh(h * w + x[t])
                else:
                    h = tf.sigmoid(h - w * x[t])
        loss = tf.reduce_sum(h)
    return h, tape.gradient(loss, w)


@tf.function
def tf_triple_loops_tape(x, w):
    # Three nested loops, the innermost t + k + 1 steps long: lists of lists
    # of lists.
    with tf.GradientTape() as tape:
        tape.watch(w)
        h = tf.zeros([F])
        for t in tf.range(3):
            for k in tf.range(2):
                for j in tf.range(t + k + 1):
                    h = tf.tanh(h * w + x[t] * tf.cast(j, tf.float32))
        loss = tf.reduce_sum(h)
    return h, tape.gradient(loss, w)


@tf.function
def tf_map_fn_scan_tape(x, w):
    # tf.map_fn over sequences of an Elman-style tf.scan; the tape's
    # gradients of sum(y^2) with respect to x and w.
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        y = tf.map_fn(lambda seq: tf.scan(lambda h, r: tf.tanh(h * w + r), seq,
                                          initializer=tf.zeros([F])), x)
        loss = tf.reduce_sum(y * y)
    return [y] + tape.gradient(loss, [x, w])


@tf.function
def tf_scan_foldl_tape(x, w):
    # tf.scan whose step folds (tf.foldl) the halves of its row into the
    # state; the tape's gradient with respect to w.
    with tf.GradientTape() as tape:
        tape.watch(w)

        def step(h, row):
            return tf.foldl(lambda a, v: tf.tanh(a * w + v),
                            tf.reshape(row, [2, 2]), initializer=h)

        y = tf.scan(step, x, initializer=tf.zeros([2]))
        loss = tf.reduce_sum(y)
    return y, tape.gradient(loss, w)


@tf.function
def v1_nested_while_gradients(x, w):
    # tf.while_loop in tf.while_loop (no autograph), tf.gradients of the
    # final state with respect to x and w.
    def outer_body(t, h):
        def inner_body(k, h):
            return k + 1, tf.tanh(h * w + x[t])
        _, h = tf.while_loop(lambda k, h: k < 2, inner_body, [0, h])
        return t + 1, h
    _, h = tf.while_loop(lambda t, h: t < tf.shape(x)[0], outer_body,
                         [0, tf.zeros([F])])
    return [h] + tf.gradients(tf.reduce_sum(h), [x, w])


@tf.function
def tf_nested_arrays_tape(x):
    # A tf.TensorArray per row written by an inner loop (x[t] * (k + 1)),
    # its stack's sin summed into row t of an outer array; the tape's
    # gradient of sum(y^2) with respect to x.
    with tf.GradientTape() as tape:
        tape.watch(x)
        outer = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
        for t in tf.range(tf.shape(x)[0]):
            inner = tf.TensorArray(tf.float32, size=3)
            for k in tf.range(3):
                inner = inner.write(k, x[t] * tf.cast(k + 1, tf.float32))
            outer = outer.write(t, tf.reduce_sum(tf.sin(inner.stack()), 0))
        y = outer.stack()
        loss = tf.reduce_sum(y * y)
    return y, tape.gradient(loss, x)


@tf.function
def tf_scan_second_order(x):
    # The gradient of a tf.scan's loss, and the gradient of that gradient's
    # sum (a tape inside a tape): the second gradient differentiates the
    # first's backward loop, whose accumulators it keeps on lists of lists.
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            hs = tf.scan(lambda h, r: tf.tanh(h + r), x,
                         initializer=tf.zeros([F]))
            loss = tf.reduce_sum(hs * hs)
        g = inner.gradient(loss, x)
        gs = tf.reduce_sum(g)
    return g, outer.gradient(gs, x)


PROGRAMS = [
    Program(
        "tf_nested_loops_tape",
        "The tape through an autograph loop over the rows of x with a loop of "
        "two steps inside (h = tanh(h * w + x[t] * (k + 1))): the state and "
        "the gradient of sum(h) with respect to w.",
        tf_nested_loops_tape, [ROWS, weights([F], 3.0)]),
    Program(
        "tf_nested_ragged_tape",
        "As tf_nested_loops_tape with row t taking t + 1 inner steps, so the "
        "inner loops' accumulators differ in length: the state and the "
        "gradients of sum(h^2) with respect to x and w.",
        tf_nested_ragged_tape, [ROWS, weights([F], 3.0)]),
    Program(
        "tf_nested_cond_tape",
        "Nested autograph loops whose inner step is an `if` on the state "
        "(tanh or sigmoid): the state and the gradient with respect to w.",
        tf_nested_cond_tape, [ROWS, weights([F], 3.0)]),
    Program(
        "tf_triple_loops_tape",
        "Three nested autograph loops, the innermost t + k + 1 steps long: "
        "the state and the gradient with respect to w.",
        tf_triple_loops_tape, [ROWS, weights([F], 3.0)]),
    Program(
        "tf_map_fn_scan_tape",
        "tf.map_fn of a tf.scan (tanh(h * w + x[t])) over three sequences: "
        "the states and the gradients of sum(y^2) with respect to x and w.",
        tf_map_fn_scan_tape,
        [dyadic([3, 5, F], -0.75, 0.0625), weights([F], 3.0)]),
    Program(
        "tf_scan_foldl_tape",
        "tf.scan whose step is a tf.foldl over the halves of its row: the "
        "states and the gradient of their sum with respect to w.",
        tf_scan_foldl_tape, [ROWS, weights([2], 3.0)]),
    Program(
        "tf_nested_arrays_tape",
        "Default tf.TensorArrays in nested autograph loops: row t of the "
        "outer one the sum of sin of the inner one's [x[t], 2 x[t], 3 x[t]]; "
        "the stack and the gradient of sum(y^2) with respect to x.",
        # sin and cos through the C library, 2 ulp each from TensorFlow's
        # Eigen approximations (docs/embedding.md), then summed.
        tf_nested_arrays_tape, [ROWS], ulp=[MaxUlp(4), MaxUlp(4)]),
    Program(
        "tf_scan_second_order",
        "A tape inside a tape through tf.scan(tanh(h + x[t])): the gradient "
        "of sum(h^2) with respect to x and the gradient of its sum "
        "(max_num_elements of the second gradient's accumulators passed "
        "through the functions TensorFlow makes).",
        # TensorFlow's graph optimizer (grappler's arithmetic optimization,
        # remapping and constant folding) regroups the second gradient's
        # products (TanhGrad's gradient, grad * -2 * b * a); with those off
        # TensorFlow gives ta's bits. 2 ulp measured.
        tf_scan_second_order, [ROWS], ulp=[0, MaxUlp(4)]),
    Program(
        "v1_nested_while_gradients",
        "tf.while_loop nested in tf.while_loop (two inner steps per row of "
        "x), tf.gradients of the final state's sum with respect to x and w.",
        v1_nested_while_gradients, [ROWS, weights([F], 3.0)]),
]

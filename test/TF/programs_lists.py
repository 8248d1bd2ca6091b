"""Corpus programs with TensorFlow 2's tf.TensorArray inside tf.function.

There tf.TensorArray is built on TensorList ops (TensorListReserve,
TensorListSetItem, TensorListGetItem, TensorListStack, TensorListFromTensor,
TensorListLength): values with value semantics, which ta-import-tf turns into
the tensors they stand for (lib/Conversion/TFToTA/TensorLists.cpp), also
lists whose length changes (dynamic_size=True; EmptyTensorList, PushBack,
PopBack and Resize, as the gradient tape's accumulators use them). Only the
functional form is exported: autograph's loops bring ops outside
ta-legalize-tf's set into the executor and region forms (FloorDiv, FloorMod,
GatherV2), which TensorFlow's standard pipeline folds away.
"""

import numpy as np
import tensorflow as tf

from programs import Program, dyadic, f32

@tf.function
def tf2_write_stack(x):
    ta = tf.TensorArray(f32, size=4, element_shape=[3])
    for i in tf.range(4):
        ta = ta.write(i, x[i] * 2.0 - 1.0)
    return ta.stack(), ta.read(2), ta.size()


@tf.function
def tf2_unstack_scan(x, w):
    xs = tf.TensorArray(f32, size=5, element_shape=[2]).unstack(x)
    ys = tf.TensorArray(f32, size=5, element_shape=[2])
    acc = tf.zeros([2])
    for i in tf.range(5):
        acc = acc * w + xs.read(i)
        ys = ys.write(i, acc)
    return ys.stack(), acc


@tf.function
def tf2_rnn(xs, w, u, b):
    inputs = tf.TensorArray(f32, size=3, element_shape=[2, 3]).unstack(xs)
    outputs = tf.TensorArray(f32, size=3, element_shape=[2, 2])
    h = tf.zeros([2, 2])
    for t in tf.range(3):
        h = tf.tanh(tf.matmul(inputs.read(t), w) + tf.matmul(h, u) + b)
        outputs = outputs.write(t, h)
    return outputs.stack(), h


@tf.function
def tf2_overwrite(x):
    # TensorList rules, not TensorArray's: a slot written twice keeps the
    # last value, a slot never written reads as zeros.
    ta = tf.TensorArray(f32, size=3, element_shape=[2])
    ta = ta.write(0, x)
    ta = ta.write(0, x * 3.0)
    if x[0] > 0.0:
        ta = ta.write(2, -x)
    return ta.stack()


@tf.function
def tf2_dynamic(x):
    ta = tf.TensorArray(f32, size=0, dynamic_size=True, element_shape=[2])
    for i in tf.range(3):
        ta = ta.write(i, x * tf.cast(i, f32))
    return ta.stack()


@tf.function
def tf2_push_pop(x):
    shape = tf.constant([2])
    stack = tf.raw_ops.EmptyTensorList(element_shape=shape, max_num_elements=-1,
                                       element_dtype=f32)
    for i in tf.range(4):
        stack = tf.raw_ops.TensorListPushBack(
            input_handle=stack, tensor=x * (tf.cast(i, f32) - 1.5))
    s = tf.zeros([2])
    for _ in tf.range(3):
        stack, item = tf.raw_ops.TensorListPopBack(
            input_handle=stack, element_shape=shape, element_dtype=f32)
        s = s * 0.5 + item
    return s, tf.raw_ops.TensorListLength(input_handle=stack)


@tf.function
def tf2_resize(x):
    shape = tf.constant([2])
    rows = tf.raw_ops.TensorListFromTensor(tensor=x, element_shape=shape)
    stack = lambda l: tf.raw_ops.TensorListStack(
        input_handle=l, element_shape=shape, element_dtype=f32)
    longer = tf.raw_ops.TensorListResize(input_handle=rows, size=5)
    shorter = tf.raw_ops.TensorListResize(input_handle=rows, size=2)
    ta = tf.TensorArray(f32, size=0, dynamic_size=True, element_shape=[2])
    for i in tf.range(3):
        ta = ta.write(i, x[i] + 1.0)
    back = tf.TensorArray(f32, size=3, element_shape=[2])
    for i in tf.range(3):
        back = back.write(i, ta.read(2 - i))
    return stack(longer), stack(shorter), back.stack()


@tf.function
def tf2_tape(x):
    # The gradient tape through a while loop: TensorFlow records the loop's
    # intermediates in accumulators (EmptyTensorList, PushBack) and the
    # backward loop pops them (PopBack).
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = x
        for _ in tf.range(3):
            h = h * x + 1.0
    return h, tape.gradient(h, x)


@tf.function
def tf2_default_element(x):
    # tf.TensorArray with TensorFlow's defaults (no element_shape): the list
    # is made with an unknown element shape, which the items written fix.
    ta = tf.TensorArray(f32, size=4)
    h = tf.zeros([3])
    for i in tf.range(4):
        h = 0.5 * h + x[i]
        ta = ta.write(i, h)
    return ta.stack(), ta.read(1)


@tf.function
def tf2_partial_element(x):
    # element_shape=[None, 2]: the open dim is fixed by the items.
    ta = tf.TensorArray(f32, size=3, element_shape=[None, 2])
    for i in tf.range(3):
        ta = ta.write(i, x * tf.cast(i + 1, f32))
    return ta.stack()


@tf.function
def tf2_map_fn(x):
    return tf.map_fn(lambda row: row * row - 1.0, x)


@tf.function
def tf2_map_fn_tape(x):
    # The gradient of map_fn: the backward loop reads the forward list.
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.map_fn(lambda row: row * row * 0.5, x)
    return y, tape.gradient(y, x)


@tf.function
def tf2_default_element_tape(x):
    # The tape's gradient of a loop over a default tf.TensorArray.
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(f32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, x * tf.cast(i + 1, f32))
        y = ta.stack()
    return y, tape.gradient(y, x)


@tf.function
def tf2_gather_scatter(x, at, order):
    # tf.TensorArray.scatter then .gather, with TensorFlow's defaults (an
    # unknown element shape); slot 1 is never written: zeros.
    ta = tf.TensorArray(f32, size=4).scatter(at, x)
    return ta.gather(order), ta.stack()


@tf.function
def tf2_gather_scatter_tape(x, at, order):
    # The tape's gradient of scatter/gather: a gather's gradient scatters.
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(f32, size=4).scatter(at, x * x)
        y = ta.gather(order)
    return y, tape.gradient(y, x)


@tf.function
def tf2_split_concat(x):
    # tf.TensorArray.split into pieces of 2 rows, an element read, and
    # .concat back; the tape's gradient of the concat (a split's is a concat).
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(f32, size=3).split(x * 3.0, [2, 2, 2])
        y = ta.concat()
        second = ta.read(1)
    return y, second, tape.gradient(y, x)


@tf.function
def tf2_split_ragged(x):
    # tf.TensorArray.split into pieces of 1, 3 and 2 rows (TensorFlow's
    # default infer_shape: the element shape keeps dim 0 open), each piece
    # read in a loop and summed, .concat and .size; the tape's gradient of
    # the concat splits dy by the concat's run-time lengths.
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(f32, size=3).split(x * 2.0 - 1.0, [1, 3, 2])
        y = ta.concat() * tf.constant([[1.0, -2.0]])
    sums = tf.TensorArray(f32, size=3)
    for i in tf.range(ta.size()):
        sums = sums.write(i, tf.reduce_sum(ta.read(i), axis=0))
    return y, sums.stack(), ta.read(1), ta.size(), tape.gradient(y, x)


@tf.function
def tf2_split_ragged_lengths(x, lengths):
    # Lengths known at run time (one of them 0), i32 items of [?, 2, 2]: each
    # piece's row count and its last row's sum (an empty piece gives -1).
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True,
                        infer_shape=False).split(x, lengths)
    rows = tf.TensorArray(tf.int32, size=ta.size())
    last = tf.TensorArray(tf.int32, size=ta.size())
    for i in tf.range(ta.size()):
        piece = ta.read(i)
        n = tf.shape(piece)[0]
        rows = rows.write(i, n)
        last = last.write(i, tf.cond(n > 0, lambda: tf.reduce_sum(piece[-1]),
                                     lambda: tf.constant(-1)))
    return rows.stack(), last.stack(), ta.concat()


PROGRAMS = [
    Program(
        "tf2_write_stack",
        "TensorFlow 2's tf.TensorArray in a tf.function (TensorList ops): a loop "
        "writes x[i] * 2 - 1 to a list of size 4, then stack, read(2) and size.",
        tf2_write_stack, [dyadic([4, 3], -1.0, 0.25)]),
    Program(
        "tf2_unstack_scan",
        "tf.TensorArray.unstack (TensorListFromTensor), a loop reading x_t into a "
        "carried acc = acc * w + x_t and writing every acc, then stack.",
        tf2_unstack_scan, [dyadic([5, 2], -1.0, 0.5), np.array([0.5, -1.0], np.float32)]),
    Program(
        "tf2_rnn",
        "dynamic_rnn's pattern on TensorFlow 2's tf.TensorArray: inputs unstacked, "
        "h = tanh(x_t @ W + h @ U + b), every h written, then stack.",
        tf2_rnn,
        [dyadic([3, 2, 3], -1.5, 0.125),
         np.array([[0.5, -0.25], [0.75, 0.5], [-1.0, 0.25]], np.float32),
         np.array([[0.5, -1.0], [0.25, 0.5]], np.float32),
         np.array([0.125, -0.25], np.float32)]),
    Program(
        "tf2_overwrite",
        "TensorList semantics: slot 0 written twice keeps the second value, slot 1 "
        "never written stacks as zeros, slot 2 written in a tf.cond branch.",
        tf2_overwrite, [np.array([0.5, 1.25], np.float32)]),
    Program(
        "tf2_dynamic",
        "A growable TensorFlow 2 tf.TensorArray (dynamic_size=True) written in a loop.",
        tf2_dynamic, [np.array([1.5, -2.0], np.float32)]),
    Program(
        "tf2_push_pop",
        "A stack on TensorList ops, as the gradient tape's accumulators use them: "
        "EmptyTensorList, x * (i - 1.5) pushed for i < 4, then popped in a second "
        "loop into s = s * 0.5 + item (last in, first out), and the length left.",
        tf2_push_pop, [np.array([0.75, -2.5], np.float32)]),
    Program(
        "tf2_resize",
        "TensorListResize: a list of 3 rows grown to 5 (zeros after) and cut to "
        "2, each stacked; a dynamic tf.TensorArray read back in reverse.",
        tf2_resize, [dyadic([3, 2], -1.0, 0.5)]),
    Program(
        "tf2_tape",
        "tf.GradientTape through a tf.while_loop: h = h * x + 1 three times, and "
        "dh/dx, whose backward loop pops the forward loop's accumulators.",
        tf2_tape, [np.array([0.5, -1.5], np.float32)]),
    Program(
        "tf2_default_element",
        "tf.TensorArray(tf.float32, size=4) with TensorFlow's defaults: no element "
        "shape given, the writes h = 0.5 * h + x[i] fix it; stack and read(1).",
        tf2_default_element, [dyadic([4, 3], -1.0, 0.25)]),
    Program(
        "tf2_partial_element",
        "tf.TensorArray with element_shape=[None, 2]: the writes x * (i + 1) fix "
        "the open dim; stack.",
        tf2_partial_element, [dyadic([3, 2], -0.5, 0.25)]),
    Program(
        "tf2_map_fn",
        "tf.map_fn(lambda row: row * row - 1, x): the library's TensorArrays, "
        "made with unknown element shapes.",
        tf2_map_fn, [dyadic([5, 3], -1.5, 0.25)]),
    Program(
        "tf2_map_fn_tape",
        "tf.GradientTape through tf.map_fn(lambda row: row * row / 2): the "
        "results and dy/dx (= x).",
        tf2_map_fn_tape, [dyadic([4, 2], -1.0, 0.25)]),
    Program(
        "tf2_default_element_tape",
        "tf.GradientTape through a loop writing x * (i + 1) to a default "
        "tf.TensorArray, stacked: the results and d(sum)/dx (= 6).",
        tf2_default_element_tape, [dyadic([2], -1.0, 0.5)]),
    Program(
        "tf2_gather_scatter",
        "tf.TensorArray(size=4) with its default element shape: .scatter of 3 "
        "rows at [3, 0, 2], .gather of [2, 3, 0] and the stack (slot 1 unset: "
        "zeros).",
        tf2_gather_scatter,
        [dyadic([3, 2], -1.0, 0.25), np.array([3, 0, 2], np.int32),
         np.array([2, 3, 0], np.int32)]),
    Program(
        "tf2_gather_scatter_tape",
        "tf.GradientTape through .scatter of x * x and .gather of [2, 3, 0, 3]: "
        "the rows gathered and dy/dx (2x for rows gathered, twice for row 0).",
        tf2_gather_scatter_tape,
        [dyadic([3, 2], -1.0, 0.25), np.array([3, 0, 2], np.int32),
         np.array([2, 3, 0, 3], np.int32)]),
    Program(
        "tf2_split_concat",
        "tf.TensorArray.split of 3x into pieces of 2 rows, .read(1), .concat, "
        "and the tape's d(concat)/dx (= 3).",
        tf2_split_concat, [dyadic([6, 2], -1.0, 0.25)]),
    Program(
        "tf2_split_ragged",
        "tf.TensorArray.split of 2x - 1 into pieces of 1, 3 and 2 rows (items of "
        "different lengths), each read in a loop and summed, .read(1), .concat "
        "and .size, and the tape's gradient of the concat (a split by the "
        "concat's run-time lengths).",
        tf2_split_ragged, [dyadic([6, 2], -1.0, 0.25)]),
    Program(
        "tf2_split_ragged_lengths",
        "tf.TensorArray(int32, dynamic_size, infer_shape=False).split of a "
        "[7, 2, 2] tensor by run-time lengths [2, 0, 4, 1]: each piece's rows "
        "and its last row's sum in a loop, and .concat.",
        tf2_split_ragged_lengths,
        [np.arange(-12, 16, dtype=np.int32).reshape(7, 2, 2),
         np.array([2, 0, 4, 1], np.int32)]),
]

#!/usr/bin/env python3
"""TensorFlow as the oracle of arrays whose element shape is open or unranked.

    PYTHONPATH=build/ci/python_packages /usr/bin/python3 \\
        utils/difftest/tf_open_shapes.py --tf-python .venv/bin/python

Each scenario is one program run twice: compiled by ta (through the Python
package, in both checks modes) and as TensorFlow 2.21's own TensorArray
kernels (tf.raw_ops.TensorArray*V3, eager). Values must be equal (dtype,
shape, every element); an error must come from both, and ta's message must
contain TensorFlow's (array names compared as NAME: TensorFlow adds a
suffix of its own). Prints one line per scenario and a summary; exits 1 on
any mismatch. With --corrupt, one of TensorFlow's values is changed, so
that the comparison is seen to fail.

TensorFlow runs in a process of its own (--tf-side, under --tf-python):
its libraries carry their own copy of MLIR, whose symbols, once loaded,
can take the place of the ones ta's module was built against.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import numpy as np

tf = None  # imported by the TensorFlow side only
ta = None  # imported by the ta side only


def create(size, dynamic=False, clear=True, identical=False, shape=None,
           name="ta"):
    return tf.raw_ops.TensorArrayV3(
        size=size, dtype=tf.float32, dynamic_size=dynamic, clear_after_read=clear,
        identical_element_shapes=identical,
        element_shape=tf.TensorShape(shape), tensor_array_name=name)


def write(h, f, i, v):
    return tf.raw_ops.TensorArrayWriteV3(handle=h, index=i, value=v, flow_in=f)


def read(h, f, i):
    return tf.raw_ops.TensorArrayReadV3(handle=h, index=i, flow_in=f, dtype=tf.float32)


def concat(h, f, except0=None):
    return tf.raw_ops.TensorArrayConcatV3(
        handle=h, flow_in=f, dtype=tf.float32,
        element_shape_except0=tf.TensorShape(except0))


def gather(h, f, indices, shape=None):
    return tf.raw_ops.TensorArrayGatherV3(
        handle=h, indices=indices, flow_in=f, dtype=tf.float32,
        element_shape=tf.TensorShape(shape))


def split(h, f, value, lengths):
    return tf.raw_ops.TensorArraySplitV3(handle=h, value=value,
                                  lengths=np.array(lengths, np.int64),
                                  flow_in=f)


def scatter(h, f, indices, value):
    return tf.raw_ops.TensorArrayScatterV3(handle=h, indices=indices, value=value,
                                    flow_in=f)


def tf_ragged(a, b, c):
    h, f = create(0, dynamic=True, clear=False, shape=[None, 2])
    f = write(h, f, 0, a)
    f = write(h, f, 1, b)
    f = write(h, f, 2, c)
    v, l = concat(h, f, [2])
    return v, l, tf.raw_ops.TensorArraySizeV3(handle=h, flow_in=f), read(h, f, 1)


def tf_split(values, lengths):
    h, f = create(3, shape=[None])
    f = split(h, f, values, lengths)
    return [read(h, f, i) for i in (2, 1, 0)]


def tf_identical(v):
    h, f = create(3, identical=True, shape=[None])
    f = write(h, f, 0, v)
    return gather(h, f, [0, 1], [None])


def tf_scatter_gather(rows):
    h, f = create(4, shape=[None])
    f = scatter(h, f, np.array([3, 1], np.int32), rows)
    return gather(h, f, np.array([1, 3], np.int32), [None])


def tf_two(a, b, use):
    h, f = create(2, shape=[None, None] if use == "concat" else [None])
    f = write(h, f, 0, a)
    f = write(h, f, 1, b)
    if use == "concat":
        return concat(h, f, [None])
    return gather(h, f, np.array([0, 1], np.int32), [None])


def tf_identical_mismatch(a, b):
    h, f = create(2, identical=True, shape=[None])
    f = write(h, f, 0, a)
    return write(h, f, 1, b)


def tf_read_unwritten():
    h, f = create(2, shape=[None])
    return read(h, f, 0)


def tf_empty(use):
    if use == "gather":
        h, f = create(0, shape=[None])
        return gather(h, f, np.zeros(0, np.int32), [None])
    h, f = create(0, shape=[None, None])
    return concat(h, f, [None])


def tf_split_bad(values, lengths):
    h, f = create(2, shape=[None])
    return split(h, f, values, lengths)


def tf_scatter_bad(indices, rows):
    h, f = create(2, shape=[None])
    return scatter(h, f, np.array(indices, np.int32), rows)


def tf_grad(*, prepend=None, read_past=False, identical=False,
            second=None):
    """A forward array of slots [1, 2] and [2, 2] (only slot 0 with
    `identical`), its accumulator: slot 0 written twice (or once, then with
    `second`), then read; slot 1 or `read_past` slot 3 read."""
    h, f = create(2, identical=identical, shape=[None, 2])
    f = write(h, f, 0, np.array([[1, 2]], np.float32))
    if not identical:
        f = write(h, f, 1, np.array([[3, 4], [5, 6]], np.float32))
    if prepend is not None:
        g, gf = tf.raw_ops.TensorArrayGradWithShape(
            handle=h, flow_in=f, shape_to_prepend=np.array(prepend, np.int32),
            source="gradients")
        return read(g, gf, 0)
    g, gf = tf.raw_ops.TensorArrayGradV3(handle=h, flow_in=f,
                                         source="gradients")
    if read_past:
        r = read(g, gf, 3)
        return r, tf.raw_ops.TensorArraySizeV3(handle=g, flow_in=gf)
    gf = write(g, gf, 0, np.array([[1, 2]], np.float32))
    gf = write(g, gf, 0, second if second is not None
               else np.array([[3, 4]], np.float32))
    return read(g, gf, 0), read(g, gf, 1)


def tf_static_prepend(prepend, value, gather_rows=False):
    """A forward array of static element shape [2] (slots 0 and 2 written),
    its accumulator with a run-time shape_to_prepend: `value` written twice
    to slot 0 (slot 1 with `gather_rows`, then slots 1, 0, 2 gathered),
    slots 0-2 read, the size."""
    h, f = create(3, shape=[2])
    f = write(h, f, 0, np.array([1, 2], np.float32))
    f = write(h, f, 2, np.array([5, 6], np.float32))
    g, gf = tf.raw_ops.TensorArrayGradWithShape(
        handle=h, flow_in=f, shape_to_prepend=prepend, source="gradients")
    size = tf.raw_ops.TensorArraySizeV3(handle=g, flow_in=gf)
    if gather_rows:
        gf = write(g, gf, 1, value)
        return gather(g, gf, np.array([1, 0, 2], np.int32)), size
    gf = write(g, gf, 0, value)
    gf = write(g, gf, 0, value)
    return read(g, gf, 0), read(g, gf, 1), read(g, gf, 2), size


def tf_closed():
    h, f = create(2, shape=[None], name="a")
    tf.raw_ops.TensorArrayCloseV3(handle=h)
    return tf.raw_ops.TensorArraySizeV3(handle=h, flow_in=f)


def tf_unranked_ranks(a, b, s):
    h, f = create(0, dynamic=True, clear=False)
    f = write(h, f, 0, a)
    f = write(h, f, 1, b)
    f = write(h, f, 2, s)
    return (read(h, f, 2), read(h, f, 0), read(h, f, 1),
            tf.raw_ops.TensorArraySizeV3(handle=h, flow_in=f))


def tf_unranked_two(a, b, use):
    h, f = create(2)
    f = write(h, f, 0, a)
    f = write(h, f, 1, b)
    if use == "concat":
        return concat(h, f)
    return gather(h, f, np.array([0, 1], np.int32))


def tf_unranked_unwritten(use):
    h, f = create(0 if use != "read" else 2)
    if use == "read":
        return read(h, f, 0)
    if use == "gather":
        return gather(h, f, np.zeros(0, np.int32))
    return concat(h, f)


def tf_unranked_grad(a, b, d):
    h, f = create(2)
    f = write(h, f, 0, a)
    f = write(h, f, 1, b)
    g, gf = tf.raw_ops.TensorArrayGradV3(handle=h, flow_in=f,
                                         source="gradients")
    gf = write(g, gf, 0, d)
    gf = write(g, gf, 0, d)
    return read(g, gf, 0), read(g, gf, 1)


def tf_unranked_bulk(value, use):
    h, f = create(2)
    if use == "scatter":
        f = scatter(h, f, np.zeros(0, np.int32), value)
    else:
        f = split(h, f, value, [0, 0])
    return tf.raw_ops.TensorArraySizeV3(handle=h, flow_in=f)


def tf_closed_bulk(value, use):
    """A closed array: TensorFlow checks a split's sum (and a scatter's
    value rank) before it asks the array's size, which fails."""
    h, f = create(2, shape=[None])
    tf.raw_ops.TensorArrayCloseV3(handle=h)
    if use == "scatter":
        return scatter(h, f, np.zeros(0, np.int32), value)
    if use == "gather":
        return gather(h, f, np.zeros(0, np.int32), [None])
    return split(h, f, value, [1, 1])


def tf_closed_gather():
    """No index: no read, so no closed check. The empty result's dims are
    the gather's element_shape attribute in TensorFlow, which ta's gather
    does not have: ta takes the array's, here fixed by the first write, as
    TensorFlow's Python TensorArray passes its own merged element shape."""
    h, f = create(2, identical=True, shape=[None])
    f = write(h, f, 0, np.array([1, 2], np.float32))
    tf.raw_ops.TensorArrayCloseV3(handle=h)
    return gather(h, f, np.zeros(0, np.int32), [2])


PROGRAM = """
!R = !ta.handle<?, tensor<?x2xf32>>
!V = !ta.handle<2, tensor<?xf32>>
!W = !ta.handle<?, tensor<?xf32>>
!M = !ta.handle<2, tensor<?x?xf32>>
!A = !ta.handle<2, tensor<?x2xf32>>
!G = !ta.handle<2, tensor<?x2xf32>, grad>
func.func @ragged(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>, %c: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>, tensor<i64>, tensor<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !R
  %f1 = ta.write %h[%c0], %a, %f : !R, tensor<?x2xf32>
  %f2 = ta.write %h[%c1], %b, %f1 : !R, tensor<?x2xf32>
  %f3 = ta.write %h[%c2], %c, %f2 : !R, tensor<?x2xf32>
  %v, %l = ta.concat %h, %f3 : !R
  %n = ta.size %h, %f3 : !R
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  %r = ta.read %h[%c1], %f3 : !R
  return %v, %l, %size, %r : tensor<?x2xf32>, tensor<?xi64>, tensor<i64>, tensor<?x2xf32>
}
func.func @split(%v: tensor<?xf32>, %l: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !W
  %f1 = ta.split %h, %v, %l, %f : !W, tensor<?xf32>, tensor<?xi64>
  %r2 = ta.read %h[%c2], %f1 : !W
  %r1 = ta.read %h[%c1], %f1 : !W
  %r0 = ta.read %h[%c0], %f1 : !W
  return %r2, %r1, %r0 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
func.func @identical(%v: tensor<?xf32>) -> tensor<2x?xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {identical_element_shapes = true} : !W
  %f1 = ta.write %h[%c0], %v, %f : !W, tensor<?xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %g = ta.gather %h[%i], %f1 : !W, tensor<2xi32>
  return %g : tensor<2x?xf32>
}
func.func @scatter_gather(%rows: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !W
  %i = arith.constant dense<[3, 1]> : tensor<2xi32>
  %f1 = ta.scatter %h[%i], %rows, %f : !W, tensor<2xi32>, tensor<2x?xf32>
  %j = arith.constant dense<[1, 3]> : tensor<2xi32>
  %g = ta.gather %h[%j], %f1 : !W, tensor<2xi32>
  return %g : tensor<2x?xf32>
}
func.func @two_gather(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<2x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !V
  %f1 = ta.write %h[%c0], %a, %f : !V, tensor<?xf32>
  %f2 = ta.write %h[%c1], %b, %f1 : !V, tensor<?xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %g = ta.gather %h[%i], %f2 : !V, tensor<2xi32>
  return %g : tensor<2x?xf32>
}
func.func @two_concat(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !M
  %f1 = ta.write %h[%c0], %a, %f : !M, tensor<?x?xf32>
  %f2 = ta.write %h[%c1], %b, %f1 : !M, tensor<?x?xf32>
  %v, %l = ta.concat %h, %f2 : !M
  return %v, %l : tensor<?x?xf32>, tensor<?xi64>
}
func.func @identical_mismatch(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 {identical_element_shapes = true} : !V
  %f1 = ta.write %h[%c0], %a, %f : !V, tensor<?xf32>
  %f2 = ta.write %h[%c1], %b, %f1 : !V, tensor<?xf32>
  return
}
func.func @read_unwritten() -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !V
  %r = ta.read %h[%c0], %f : !V
  return %r : tensor<?xf32>
}
func.func @empty_gather() -> tensor<0x?xf32> {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 : !W
  %i = arith.constant dense<> : tensor<0xi32>
  %g = ta.gather %h[%i], %f : !W, tensor<0xi32>
  return %g : tensor<0x?xf32>
}
func.func @empty_concat() -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 : !ta.handle<?, tensor<?x?xf32>>
  %v, %l = ta.concat %h, %f : !ta.handle<?, tensor<?x?xf32>>
  return %v : tensor<?x?xf32>
}
func.func @split_bad(%v: tensor<?xf32>, %l: tensor<?xi64>) {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !W
  %f1 = ta.split %h, %v, %l, %f : !W, tensor<?xf32>, tensor<?xi64>
  return
}
func.func @scatter_bad(%i: tensor<?xi32>, %rows: tensor<?x?xf32>) {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !W
  %f1 = ta.scatter %h[%i], %rows, %f : !W, tensor<?xi32>, tensor<?x?xf32>
  return
}
func.func @grad(%second: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %b0 = arith.constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<?x2xf32>
  %b = tensor.cast %b0 : tensor<2x2xf32> to tensor<?x2xf32>
  %h, %f = ta.create %c2 : !A
  %f1 = ta.write %h[%c0], %a, %f : !A, tensor<?x2xf32>
  %f2 = ta.write %h[%c1], %b, %f1 : !A, tensor<?x2xf32>
  %g, %gf = ta.grad %h, %f2 source "gradients" : !A
  %gf1 = ta.write %g[%c0], %a, %gf : !G, tensor<?x2xf32>
  %gf2 = ta.write %g[%c0], %second, %gf1 : !G, tensor<?x2xf32>
  %r0 = ta.read %g[%c0], %gf2 : !G
  %r1 = ta.read %g[%c1], %gf2 : !G
  return %r0, %r1 : tensor<?x2xf32>, tensor<?x2xf32>
}
func.func @grad_read_past() -> (tensor<?x2xf32>, tensor<i64>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<?x2xf32>
  %h, %f = ta.create %c2 {identical_element_shapes = true} : !A
  %f1 = ta.write %h[%c0], %a, %f : !A, tensor<?x2xf32>
  %g, %gf = ta.grad %h, %f1 source "gradients" : !A
  %r = ta.read %g[%c3], %gf : !G
  %n = ta.size %g, %gf : !G
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  return %r, %size : tensor<?x2xf32>, tensor<i64>
}
func.func @grad_prepend(%prepend: tensor<1xi32>) -> tensor<?x?x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %b0 = arith.constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<?x2xf32>
  %b = tensor.cast %b0 : tensor<2x2xf32> to tensor<?x2xf32>
  %h, %f = ta.create %c2 : !A
  %f1 = ta.write %h[%c0], %a, %f : !A, tensor<?x2xf32>
  %f2 = ta.write %h[%c1], %b, %f1 : !A, tensor<?x2xf32>
  %g, %gf = ta.grad_with_shape %h, %f2, %prepend source "gradients" : !A, tensor<1xi32>
  %r = ta.read %g[%c0], %gf : !ta.handle<2, tensor<?x?x2xf32>, grad>
  return %r : tensor<?x?x2xf32>
}
!S = !ta.handle<3, tensor<2xf32>>
!SG = !ta.handle<3, tensor<?x2xf32>, grad>
!SU = !ta.handle<3, tensor<*xf32>, grad>
func.func @static_prepend(%prepend: tensor<1xi32>, %v: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %h, %f = ta.create %c3 : !S
  %f1 = ta.write %h[%c0], %x, %f : !S, tensor<2xf32>
  %f2 = ta.write %h[%c2], %y, %f1 : !S, tensor<2xf32>
  %g, %gf = ta.grad_with_shape %h, %f2, %prepend source "gradients" : !S, tensor<1xi32>
  %n = ta.size %g, %gf : !SG
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  %gf1 = ta.write %g[%c0], %v, %gf : !SG, tensor<?x2xf32>
  %gf2 = ta.write %g[%c0], %v, %gf1 : !SG, tensor<?x2xf32>
  %r0 = ta.read %g[%c0], %gf2 : !SG
  %r1 = ta.read %g[%c1], %gf2 : !SG
  %r2 = ta.read %g[%c2], %gf2 : !SG
  return %r0, %r1, %r2, %size : tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<i64>
}
func.func @static_prepend_any(%prepend: tensor<?xi32>, %v: tensor<*xf32>) -> (tensor<*xf32>, tensor<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %h, %f = ta.create %c3 : !S
  %f1 = ta.write %h[%c0], %x, %f : !S, tensor<2xf32>
  %f2 = ta.write %h[%c2], %y, %f1 : !S, tensor<2xf32>
  %g, %gf = ta.grad_with_shape %h, %f2, %prepend source "gradients" : !S, tensor<?xi32>
  %n = ta.size %g, %gf : !SU
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  %gf1 = ta.write %g[%c1], %v, %gf : !SU, tensor<*xf32>
  %rows = arith.constant dense<[1, 0, 2]> : tensor<3xi32>
  %r = ta.gather %g[%rows], %gf1 : !SU, tensor<3xi32>
  return %r, %size : tensor<*xf32>, tensor<i64>
}
!U = !ta.handle<?, tensor<*xf32>>
!U2 = !ta.handle<2, tensor<*xf32>>
!UG = !ta.handle<2, tensor<*xf32>, grad>
func.func @unranked_ranks(%a: tensor<?x?xf32>, %b: tensor<?xf32>, %s: tensor<f32>) -> (tensor<f32>, tensor<?x?xf32>, tensor<?xf32>, tensor<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %au = tensor.cast %a : tensor<?x?xf32> to tensor<*xf32>
  %bu = tensor.cast %b : tensor<?xf32> to tensor<*xf32>
  %su = tensor.cast %s : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !U
  %f1 = ta.write %h[%c0], %au, %f : !U, tensor<*xf32>
  %f2 = ta.write %h[%c1], %bu, %f1 : !U, tensor<*xf32>
  %f3 = ta.write %h[%c2], %su, %f2 : !U, tensor<*xf32>
  %r2 = ta.read %h[%c2], %f3 : !U
  %r0 = ta.read %h[%c0], %f3 : !U
  %r1 = ta.read %h[%c1], %f3 : !U
  %r2c = tensor.cast %r2 : tensor<*xf32> to tensor<f32>
  %r0c = tensor.cast %r0 : tensor<*xf32> to tensor<?x?xf32>
  %r1c = tensor.cast %r1 : tensor<*xf32> to tensor<?xf32>
  %n = ta.size %h, %f3 : !U
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  return %r2c, %r0c, %r1c, %size : tensor<f32>, tensor<?x?xf32>, tensor<?xf32>, tensor<i64>
}
func.func @unranked_gather(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<2x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %au = tensor.cast %a : tensor<?xf32> to tensor<*xf32>
  %bu = tensor.cast %b : tensor<?xf32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U2
  %f1 = ta.write %h[%c0], %au, %f : !U2, tensor<*xf32>
  %f2 = ta.write %h[%c1], %bu, %f1 : !U2, tensor<*xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %g = ta.gather %h[%i], %f2 : !U2, tensor<2xi32>
  %gc = tensor.cast %g : tensor<*xf32> to tensor<2x?xf32>
  return %gc : tensor<2x?xf32>
}
func.func @unranked_gather_ranks(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<2x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %au = tensor.cast %a : tensor<?x?xf32> to tensor<*xf32>
  %bu = tensor.cast %b : tensor<?xf32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U2
  %f1 = ta.write %h[%c0], %au, %f : !U2, tensor<*xf32>
  %f2 = ta.write %h[%c1], %bu, %f1 : !U2, tensor<*xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %g = ta.gather %h[%i], %f2 : !U2, tensor<2xi32>
  %gc = tensor.cast %g : tensor<*xf32> to tensor<2x?x?xf32>
  return %gc : tensor<2x?x?xf32>
}
func.func @unranked_concat(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %au = tensor.cast %a : tensor<?x2xf32> to tensor<*xf32>
  %bu = tensor.cast %b : tensor<?x2xf32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U2
  %f1 = ta.write %h[%c0], %au, %f : !U2, tensor<*xf32>
  %f2 = ta.write %h[%c1], %bu, %f1 : !U2, tensor<*xf32>
  %v, %l = ta.concat %h, %f2 : !U2
  %vc = tensor.cast %v : tensor<*xf32> to tensor<?x2xf32>
  return %vc, %l : tensor<?x2xf32>, tensor<?xi64>
}
func.func @unranked_concat_scalar(%a: tensor<?xf32>, %s: tensor<f32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %au = tensor.cast %a : tensor<?xf32> to tensor<*xf32>
  %su = tensor.cast %s : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U2
  %f1 = ta.write %h[%c0], %au, %f : !U2, tensor<*xf32>
  %f2 = ta.write %h[%c1], %su, %f1 : !U2, tensor<*xf32>
  %v, %l = ta.concat %h, %f2 : !U2
  %vc = tensor.cast %v : tensor<*xf32> to tensor<?xf32>
  return %vc : tensor<?xf32>
}
func.func @unranked_read_unwritten() -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !U2
  %r = ta.read %h[%c0], %f : !U2
  %rc = tensor.cast %r : tensor<*xf32> to tensor<?xf32>
  return %rc : tensor<?xf32>
}
func.func @unranked_empty_gather() -> tensor<0x?xf32> {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 : !U
  %i = arith.constant dense<> : tensor<0xi32>
  %g = ta.gather %h[%i], %f : !U, tensor<0xi32>
  %gc = tensor.cast %g : tensor<*xf32> to tensor<0x?xf32>
  return %gc : tensor<0x?xf32>
}
func.func @unranked_empty_concat() -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 : !U
  %v, %l = ta.concat %h, %f : !U
  %vc = tensor.cast %v : tensor<*xf32> to tensor<?x?xf32>
  return %vc : tensor<?x?xf32>
}
func.func @unranked_grad(%a: tensor<?xf32>, %b: tensor<?x?xf32>, %d: tensor<?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %au = tensor.cast %a : tensor<?xf32> to tensor<*xf32>
  %bu = tensor.cast %b : tensor<?x?xf32> to tensor<*xf32>
  %du = tensor.cast %d : tensor<?xf32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U2
  %f1 = ta.write %h[%c0], %au, %f : !U2, tensor<*xf32>
  %f2 = ta.write %h[%c1], %bu, %f1 : !U2, tensor<*xf32>
  %g, %gf = ta.grad %h, %f2 source "gradients" : !U2
  %gf1 = ta.write %g[%c0], %du, %gf : !UG, tensor<*xf32>
  %gf2 = ta.write %g[%c0], %du, %gf1 : !UG, tensor<*xf32>
  %r0 = ta.read %g[%c0], %gf2 : !UG
  %r1 = ta.read %g[%c1], %gf2 : !UG
  %r0c = tensor.cast %r0 : tensor<*xf32> to tensor<?xf32>
  %r1c = tensor.cast %r1 : tensor<*xf32> to tensor<?x?xf32>
  return %r0c, %r1c : tensor<?xf32>, tensor<?x?xf32>
}
func.func @unranked_scatter(%v: tensor<*xf32>) -> tensor<i64> {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !U2
  %i = arith.constant dense<> : tensor<0xi32>
  %f1 = ta.scatter %h[%i], %v, %f : !U2, tensor<0xi32>, tensor<*xf32>
  %n = ta.size %h, %f1 : !U2
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  return %size : tensor<i64>
}
func.func @unranked_split(%v: tensor<*xf32>) -> tensor<i64> {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !U2
  %l = arith.constant dense<[0, 0]> : tensor<2xi64>
  %f1 = ta.split %h, %v, %l, %f : !U2, tensor<*xf32>, tensor<2xi64>
  %n = ta.size %h, %f1 : !U2
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  return %size : tensor<i64>
}
func.func @closed_split(%v: tensor<*xf32>) {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !W
  ta.close %h : !W
  %l = arith.constant dense<[1, 1]> : tensor<2xi64>
  %f1 = ta.split %h, %v, %l, %f : !W, tensor<*xf32>, tensor<2xi64>
  return
}
func.func @closed_scatter(%v: tensor<*xf32>) {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !W
  ta.close %h : !W
  %i = arith.constant dense<> : tensor<0xi32>
  %f1 = ta.scatter %h[%i], %v, %f : !W, tensor<0xi32>, tensor<*xf32>
  return
}
func.func @closed_gather() -> tensor<0x?xf32> {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 {identical_element_shapes = true} : !W
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<?xf32>
  %c0 = arith.constant 0 : index
  %f1 = ta.write %h[%c0], %v, %f : !W, tensor<?xf32>
  ta.close %h : !W
  %i = arith.constant dense<> : tensor<0xi32>
  %g = ta.gather %h[%i], %f1 : !W, tensor<0xi32>
  return %g : tensor<0x?xf32>
}
func.func @closed() -> tensor<i64> {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 {name = "a"} : !W
  ta.close %h : !W
  %n = ta.size %h, %f : !W
  %n64 = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n64 : tensor<i64>
  return %size : tensor<i64>
}
"""

f32 = np.float32
SCENARIOS = [
    ("ragged", tf_ragged,
     (np.array([[1, 2]], f32), np.arange(3, 9, dtype=f32).reshape(3, 2),
      np.zeros((0, 2), f32))),
    ("split", tf_split, (np.arange(10, 16, dtype=f32),
                         np.array([2, 0, 4], np.int64))),
    ("identical", tf_identical, (np.array([1, 2], f32),)),
    ("scatter_gather", tf_scatter_gather,
     (np.arange(1, 7, dtype=f32).reshape(2, 3),)),
    ("two_gather", lambda a, b: tf_two(a, b, "gather"),
     (np.array([1], f32), np.array([1, 2], f32))),
    ("two_gather", lambda a, b: tf_two(a, b, "gather"),
     (np.array([1, 5], f32), np.array([1, 2], f32))),
    # A first value of no element: the empty output, no shape comparison.
    ("two_gather", lambda a, b: tf_two(a, b, "gather"),
     (np.zeros(0, f32), np.array([1, 2], f32))),
    ("two_gather", lambda a, b: tf_two(a, b, "gather"),
     (np.array([1, 2], f32), np.zeros(0, f32))),
    ("two_concat", lambda a, b: tf_two(a, b, "concat"),
     (np.ones((1, 1), f32), np.ones((1, 2), f32))),
    ("two_concat", lambda a, b: tf_two(a, b, "concat"),
     (np.ones((3, 2), f32), np.zeros((1, 2), f32))),
    ("identical_mismatch", tf_identical_mismatch,
     (np.array([1], f32), np.array([1, 2], f32))),
    ("read_unwritten", tf_read_unwritten, ()),
    ("empty_gather", lambda: tf_empty("gather"), ()),
    ("empty_concat", lambda: tf_empty("concat"), ()),
    ("split_bad", tf_split_bad, (np.array([1, 2, 3], f32),
                                 np.array([1, 1], np.int64))),
    ("split_bad", tf_split_bad, (np.array([1, 2, 3], f32),
                                 np.array([1, 1, 1], np.int64))),
    ("scatter_bad", tf_scatter_bad, (np.array([0], np.int32),
                                     np.ones((2, 1), f32))),
    ("scatter_bad", tf_scatter_bad, (np.array([0, 2], np.int32),
                                     np.ones((2, 1), f32))),
    ("closed", tf_closed, ()),
    ("grad", lambda second: tf_grad(second=second),
     (np.array([[3, 4]], f32),)),
    ("grad", lambda second: tf_grad(second=second),
     (np.array([[3, 4], [5, 6]], f32),)),
    ("grad_read_past", lambda: tf_grad(read_past=True, identical=True), ()),
    ("grad_prepend", lambda p: tf_grad(prepend=p), (np.array([3], np.int32),)),
    ("grad_prepend", lambda p: tf_grad(prepend=p),
     (np.array([-1], np.int32),)),
    # An array of static element shape, a run-time shape_to_prepend: an
    # accumulator the runtime keeps (prepend ++ [2]).
    ("static_prepend", tf_static_prepend,
     (np.array([2], np.int32), np.arange(4, dtype=f32).reshape(2, 2))),
    ("static_prepend", tf_static_prepend,
     (np.array([0], np.int32), np.zeros((0, 2), f32))),
    ("static_prepend", tf_static_prepend,
     (np.array([2], np.int32), np.ones((3, 2), f32))),
    ("static_prepend", tf_static_prepend,
     (np.array([-1], np.int32), np.ones((1, 2), f32))),
    ("static_prepend_any",
     lambda p, v: tf_static_prepend(p, v, gather_rows=True),
     (np.array([1, 3], np.int32), np.arange(6, dtype=f32).reshape(1, 3, 2))),
    ("static_prepend_any",
     lambda p, v: tf_static_prepend(p, v, gather_rows=True),
     (np.zeros(0, np.int32), np.array([7, 8], f32))),
    ("static_prepend_any",
     lambda p, v: tf_static_prepend(p, v, gather_rows=True),
     (np.array([1, 3], np.int32), np.ones((3, 1, 2), f32))),
    # Unranked elements (no element_shape): slots of any rank.
    ("unranked_ranks", tf_unranked_ranks,
     (np.array([[1, 2]], f32), np.array([3, 4, 5], f32), f32(7))),
    ("unranked_gather", lambda a, b: tf_unranked_two(a, b, "gather"),
     (np.array([1, 2], f32), np.array([3, 4], f32))),
    ("unranked_gather", lambda a, b: tf_unranked_two(a, b, "gather"),
     (np.array([1, 2], f32), np.array([3], f32))),
    ("unranked_gather_ranks", lambda a, b: tf_unranked_two(a, b, "gather"),
     (np.array([[1, 2]], f32), np.array([3, 4], f32))),
    ("unranked_concat", lambda a, b: tf_unranked_two(a, b, "concat"),
     (np.array([[1, 2]], f32), np.arange(3, 9, dtype=f32).reshape(3, 2))),
    ("unranked_concat_scalar", lambda a, b: tf_unranked_two(a, b, "concat"),
     (np.array([1, 2], f32), f32(3))),
    ("unranked_read_unwritten", lambda: tf_unranked_unwritten("read"), ()),
    ("unranked_empty_gather", lambda: tf_unranked_unwritten("gather"), ()),
    ("unranked_empty_concat", lambda: tf_unranked_unwritten("concat"), ()),
    # Unranked values: a scalar fails; an empty vector is split in two.
    ("unranked_scatter", lambda v: tf_unranked_bulk(v, "scatter"),
     (np.array(7, f32),)),
    ("unranked_scatter", lambda v: tf_unranked_bulk(v, "scatter"),
     (np.zeros((0, 2), f32),)),
    ("unranked_split", lambda v: tf_unranked_bulk(v, "split"),
     (np.array(7, f32),)),
    ("unranked_split", lambda v: tf_unranked_bulk(v, "split"),
     (np.zeros((0, 3), f32),)),
    # A closed array: the split's sum, a scatter's value rank first.
    ("closed_split", lambda v: tf_closed_bulk(v, "split"),
     (np.arange(3, dtype=f32),)),
    ("closed_split", lambda v: tf_closed_bulk(v, "split"),
     (np.arange(2, dtype=f32),)),
    ("closed_split", lambda v: tf_closed_bulk(v, "split"),
     (np.array(5, f32),)),
    ("closed_scatter", lambda v: tf_closed_bulk(v, "scatter"),
     (np.array(5, f32),)),
    ("closed_scatter", lambda v: tf_closed_bulk(v, "scatter"),
     (np.zeros((0,), f32),)),
    ("closed_gather", tf_closed_gather, ()),
    ("unranked_grad", tf_unranked_grad,
     (np.array([1, 2], f32), np.array([[3, 4, 5]], f32),
      np.array([10, 20], f32))),
]


def normalize(message):
    """Array names as NAME (TensorFlow suffixes its own: a_14), without
    eager mode's "{{function_node ...}}" prefix and " [Op:...]" suffix."""
    message = re.sub(r"^\{\{function_node [^}]*\}\} ", "", message)
    message = re.sub(
        r"TensorArray [A-Za-z_][A-Za-z0-9_]*?(_\d+)?(@[A-Za-z0-9_/]+)?( has|:)",
        r"TensorArray NAME\2\3", message)
    return message.split(" [Op:")[0].strip()


def encode(fn, args, errors):
    """The outcome of fn(*args) as JSON data."""
    try:
        result = fn(*args)
    except errors as error:
        text = getattr(error, "message", None) or str(error)
        return {"error": normalize(text)}
    if not isinstance(result, (list, tuple)):
        result = [result]
    values = []
    for r in result:
        a = np.asarray(r)
        values.append({"dtype": str(a.dtype), "shape": list(a.shape),
                       "data": a.ravel().tolist()})
    return {"values": values}


def tf_side():
    global tf
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import tensorflow
    tf = tensorflow
    outcomes = [encode(fn, args, tf.errors.OpError)
                for _, fn, args in SCENARIOS]
    json.dump({"version": tf.__version__, "outcomes": outcomes}, sys.stdout)


def same(mine, theirs):
    if "error" in theirs or "error" in mine:
        return ("error" in mine and "error" in theirs
                and theirs["error"] in mine["error"])
    if len(mine["values"]) != len(theirs["values"]):
        return False
    for x, y in zip(mine["values"], theirs["values"]):
        # A size is an index (int64) in ta, an int32 in TensorFlow; values
        # and lengths must agree in dtype too.
        scalar_size = x["shape"] == [] and y["dtype"] == "int32"
        if x["shape"] != y["shape"] or x["data"] != y["data"]:
            return False
        if x["dtype"] != y["dtype"] and not scalar_size:
            return False
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tf-side", action="store_true")
    parser.add_argument("--tf-python", default=sys.executable)
    parser.add_argument("--corrupt", action="store_true")
    options = parser.parse_args()
    if options.tf_side:
        tf_side()
        return 0
    global ta
    import ta as ta_module
    ta = ta_module
    child = subprocess.run([options.tf_python, os.path.abspath(__file__),
                            "--tf-side"], capture_output=True, text=True,
                           check=True)
    oracle = json.loads(child.stdout)
    executables = {checks: ta.compile(PROGRAM, checks=checks)
                   for checks in ("strict", "none")}
    mismatches = errors = values = 0
    for k, (name, _, args) in enumerate(SCENARIOS):
        theirs = oracle["outcomes"][k]
        if options.corrupt and k == 0:
            theirs["values"][0]["data"][0] += 1
            print(f"corrupted a value of scenario {k} ({name})")
        for checks, exe in executables.items():
            mine = encode(getattr(exe, name), args, ta.RuntimeError)
            if not same(mine, theirs):
                mismatches += 1
                print(f"MISMATCH: scenario {k} ({name}, {checks}): "
                      f"ta {mine} TensorFlow {theirs}")
        if "error" in theirs:
            errors += 1
            print(f"scenario {k} {name}: error: {theirs['error']}")
        else:
            values += 1
            print(f"scenario {k} {name}: " + "; ".join(
                f"{v['dtype']}{v['shape']}" for v in theirs["values"]))
    print(f"tf_open_shapes: {len(SCENARIOS)} scenarios ({values} values, "
          f"{errors} errors) in both checks modes against TensorFlow "
          f"{oracle['version']}; {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

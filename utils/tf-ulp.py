#!/usr/bin/env python3
"""Measures how far ta's lowering of a TensorFlow op is from TensorFlow, in
ulp (the distance between the two f32 bit patterns), over random inputs:
the figures docs/embedding.md states for its ops.

    PYTHONPATH=build/ci/python_packages .venv/bin/python utils/tf-ulp.py \\
        sparse-xent --classes 5 13 40 100 1000 --trials 30

sparse-xent: tf.nn.sparse_softmax_cross_entropy_with_logits of [4, classes]
logits (scaled by 0.1, 1, 10 or 60) and random labels, and its gradient
through the tape; prints the largest distance per number of classes, then
one out-of-range label's error.
"""

import argparse
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import ta  # noqa: E402


def ulp(a, b):
    a = np.asarray(a, np.float32).view(np.int32).astype(np.int64)
    b = np.asarray(b, np.float32).view(np.int32).astype(np.int64)
    return int(np.max(np.abs(a - b))) if a.size else 0


def sparse_xent(classes, trials, batch=4):
    rs = np.random.RandomState(classes)

    @tf.function
    def f(x, y):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=x)
            total = tf.reduce_sum(loss * tf.range(1.0, batch + 1.0))
        return [loss, tape.gradient(total, x)]

    compiled, worst = None, 0
    for _ in range(trials):
        logits = (rs.standard_normal((batch, classes))
                  * rs.choice([0.1, 1.0, 10.0, 60.0])).astype(np.float32)
        labels = rs.randint(0, classes, batch).astype(np.int32)
        expected = [t.numpy() for t in f(logits, labels)]
        compiled = compiled or ta.from_tensorflow(f, logits, labels)
        got = compiled(logits, labels)
        worst = max(worst, *(ulp(a, b) for a, b in zip(got, expected)))
    print(f"sparse-xent: {classes} classes, {trials} trials: max {worst} ulp")
    try:
        compiled(logits, np.array([0] * (batch - 1) + [classes], np.int32))
    except Exception as e:  # the label error, as TensorFlow words it
        print(f"  label {classes}: {e}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("op", choices=["sparse-xent"])
    parser.add_argument("--classes", type=int, nargs="+", default=[5, 13, 40, 100])
    parser.add_argument("--trials", type=int, default=30)
    args = parser.parse_args()
    for classes in args.classes:
        sparse_xent(classes, args.trials)


if __name__ == "__main__":
    main()

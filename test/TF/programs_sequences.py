"""Corpus programs of sequence models as people write them with the
library's cells and layers: tf.compat.v1.nn.bidirectional_dynamic_rnn of
TensorFlow's own LSTMCell and GRUCell with lengths given at run time (each
direction's outputs stacked from a loop whose trip count TensorFlow's export
leaves unknown, then reversed by those lengths).

Cells and layers are made when a program is exported, never at import
(making one shifts TensorFlow's function counters). Weights are fixed
(programs_library.weights) and frozen into constants. Bounds as in
programs_library.py: KERAS_ULP where products round.
"""

import numpy as np
import tensorflow as tf

from programs import Program, f32
from programs_library import B, F, KERAS_ULP, T, U, X, weights
from tensorflow.python.framework.convert_to_constants import (
    convert_variables_to_constants_v2)


def freeze(call, specs, layers):
    """`call`'s concrete function for `specs`, the variables `layers` made
    while tracing it set to fixed weights, then frozen into constants."""
    concrete = call.get_concrete_function(*specs)
    variables = [v for layer in layers for v in layer.weights]
    for i, v in enumerate(variables):
        v.assign(weights(v.shape, i))
    return convert_variables_to_constants_v2(concrete, lower_control_flow=False)


def v1_bidirectional_cells():
    # bidirectional_dynamic_rnn(LSTMCell, GRUCell) with the lengths an
    # input: the concatenated outputs, the forward LSTM's last h and the
    # backward GRU's last state.
    from tensorflow.python.keras.layers.legacy_rnn import rnn_cell_impl
    fw, bw = rnn_cell_impl.LSTMCell(U), rnn_cell_impl.GRUCell(U)

    @tf.function
    def call(x, lengths):
        (out_fw, out_bw), (s_fw, s_bw) = tf.compat.v1.nn.bidirectional_dynamic_rnn(
            fw, bw, x, sequence_length=lengths, dtype=f32)
        return tf.concat([out_fw, out_bw], -1), s_fw.h, s_bw

    return freeze(call, [tf.TensorSpec((B, T, F), f32), tf.TensorSpec((B,), tf.int32)],
                  [fw, bw])


LENGTHS = np.array([3, 2], np.int32)

PROGRAMS = [
    Program(
        "v1_bidirectional_cells",
        "tf.compat.v1.nn.bidirectional_dynamic_rnn of TensorFlow's LSTMCell "
        "(forward) and GRUCell (backward), the lengths [3, 2] an input: both "
        "directions' outputs concatenated, the forward last h, the backward "
        "last state.",
        v1_bidirectional_cells, [X, LENGTHS], graph=True, ulp=KERAS_ULP,
        helpers=[weights, freeze, v1_bidirectional_cells]),
]

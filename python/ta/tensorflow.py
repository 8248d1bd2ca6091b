"""ta.from_tensorflow: a TensorFlow function compiled by ta, from Python.

    import numpy as np, tensorflow as tf, keras, ta
    layer = keras.layers.LSTM(8)
    f = ta.from_tensorflow(layer, np.zeros((4, 10, 3), np.float32))
    y = f(x)                       # numpy (or tf.Tensor) in, numpy out

It exports the function with TensorFlow's own exporter
(tf.mlir.experimental.convert_function, tf-standard-pipeline; a Keras
layer's or model's variables frozen into constants first), imports it
(ta-import-tf, ta-legalize-tf) and compiles it for the CPU
(ta-lower-to-llvm). What ta does not take is a ta.DiagnosticError whose
message names the op, its TensorFlow node and why. TensorFlow is imported
only when this module is used.
"""

__all__ = ["from_tensorflow", "TensorFlowFunction"]


def _concrete_function(fn, example_args, input_signature):
    import tensorflow as tf

    specs = input_signature
    if specs is None:
        if not example_args:
            raise TypeError("from_tensorflow needs example arguments or an "
                            "input_signature (the shapes and dtypes to compile for)")
        specs = [tf.TensorSpec(tf.convert_to_tensor(a).shape,
                               tf.convert_to_tensor(a).dtype) for a in example_args]
    specs = list(specs)
    if hasattr(fn, "structured_input_signature") and hasattr(fn, "graph"):
        return fn  # already a concrete function
    if hasattr(fn, "get_concrete_function"):
        return fn.get_concrete_function(*specs)
    if callable(fn):  # a Keras layer or model, or a Python function
        return tf.function(lambda *args: fn(*args)).get_concrete_function(*specs)
    raise TypeError("from_tensorflow takes a tf.function, a concrete function, "
                    "a Keras layer or model, or a Python function, not %r" % (fn,))


def _export(concrete):
    """The concrete function's MLIR text, its variables frozen."""
    import tensorflow as tf
    from tensorflow.python.framework.convert_to_constants import (
        convert_variables_to_constants_v2)

    if concrete.captured_inputs:
        concrete = convert_variables_to_constants_v2(concrete, lower_control_flow=False)
    text = tf.mlir.experimental.convert_function(
        concrete, pass_pipeline="tf-standard-pipeline", show_debug_info=True)
    return concrete, text


class TensorFlowFunction:
    """A TensorFlow function compiled by ta: call it with numpy arrays or
    TensorFlow tensors of the shapes and dtypes it was compiled for; it
    returns numpy arrays (one, or a tuple)."""

    def __init__(self, executable, name, single, module_text):
        self._exe = executable
        self.name = name
        self._single = single
        self.mlir = module_text  # the module as TensorFlow exported it

    def __call__(self, *args):
        import numpy as np

        arrays = [np.asarray(a.numpy() if hasattr(a, "numpy") else a) for a in args]
        results = self._exe.call(self.name, *arrays)
        if isinstance(results, tuple):
            return results[0] if self._single and len(results) == 1 else results
        return results if self._single else (results,)


def from_tensorflow(fn, *example_args, input_signature=None, checks="strict",
                    opt_level=2):
    """Compiles `fn` (a tf.function, a concrete function, a Keras layer or
    model, or a Python function of tensors) with ta for the shapes and dtypes
    of `example_args` (arrays or tensors) or of `input_signature` (a list of
    tf.TensorSpec). `checks`: "strict" (TensorFlow's run-time errors, raised
    as ta.RuntimeError) or "none"."""
    from . import Executable, Module

    concrete = _concrete_function(fn, example_args, input_signature)
    structure = concrete.structured_outputs  # freezing flattens it
    concrete, text = _export(concrete)
    module = Module(text, allow_unregistered=True)
    module.import_tensorflow()
    exe = Executable(module, checks=checks, opt_level=opt_level)
    functions = exe.functions()
    name = concrete.name.decode() if isinstance(concrete.name, bytes) else concrete.name
    if name not in functions:
        if len(functions) != 1:
            raise ValueError("from_tensorflow: cannot tell the entry function among %s"
                             % ", ".join(functions))
        name = functions[0]
    single = not isinstance(structure, (list, tuple, dict))
    return TensorFlowFunction(exe, name, single, text)

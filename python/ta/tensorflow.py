"""ta.from_tensorflow: a TensorFlow function compiled by ta, from Python.

    import numpy as np, tensorflow as tf, keras, ta
    layer = keras.layers.LSTM(8)
    f = ta.from_tensorflow(layer, np.zeros((4, 10, 3), np.float32))
    y = f(x)                       # numpy (or tf.Tensor) in, numpy out

It exports the function with TensorFlow's own exporter
(tf.mlir.experimental.convert_function, tf-standard-pipeline; the
variables a function or a Keras layer or model captures become arguments
after its own, read at every call as TensorFlow reads them, so a trained
model's new weights are seen), imports it
(ta-import-tf, ta-legalize-tf) and compiles it for the CPU
(ta-lower-to-llvm). Variables the function assigns in its own body (a
stateful Keras layer's state; ta-tf-read-variables) are assigned their new
values after each call, as TensorFlow assigns them. What ta does not take
is a ta.DiagnosticError whose
message names the op, its TensorFlow node and why. TensorFlow is imported
only when this module is used.
"""

__all__ = ["from_tensorflow", "TensorFlowFunction"]


def _concrete_function(fn, example_args, input_signature):
    import tensorflow as tf

    specs = input_signature
    if specs is None and not example_args:
        specs = getattr(fn, "input_signature", None)  # a tf.function's own
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


def _captures(concrete):
    """What the concrete function captures, in the order its exported entry
    function takes them after its own arguments: for each, a function
    giving its current value (a variable is read at every call, as
    TensorFlow reads it), the MLIR type of its argument, and the variable
    (None for a captured tensor)."""
    import tensorflow as tf

    variables = {id(v.handle): v for v in concrete.variables}
    captures = []
    for tensor in concrete.captured_inputs:
        variable = variables.get(id(tensor))
        if tensor.dtype == tf.resource and variable is None:
            raise ValueError("from_tensorflow: the function captures a resource "
                             "that is not one of its variables")
        if variable is not None:
            shape = "x".join(str(d) for d in variable.shape) + "x" if variable.shape else ""
            element = _MLIR_ELEMENTS.get(variable.dtype.base_dtype.name)
            if element is None or not variable.shape.is_fully_defined():
                raise ValueError("from_tensorflow: variable %s of %s %s is not "
                                 "one ta takes (static, of integers or floats)"
                                 % (variable.name, variable.dtype.name, variable.shape))
            captures.append((lambda v=variable: v.numpy(),
                             "tensor<%s%s>" % (shape, element), variable))
        else:
            captures.append((lambda t=tensor: t.numpy(), None, None))
    return captures


_MLIR_ELEMENTS = {"float32": "f32", "float64": "f64", "float16": "f16",
                  "bfloat16": "bf16", "int32": "i32", "int64": "i64",
                  "int16": "i16", "int8": "i8", "bool": "i1"}


def _type_capture_arguments(text, name, first, captures):
    """`text` with the entry function's capture arguments (from position
    `first`) that are variables given the type of their value, as the
    argument attribute `ta.variable_type` (ta-tf-read-variables reads it)."""
    import re

    for head in ("func.func @%s(" % name, 'func.func @"%s"(' % name):
        if head in text:
            start = text.index(head) + len(head)
            break
    else:
        raise ValueError("from_tensorflow: no function %s in the export" % name)
    depth, end = 1, start
    while depth:
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        end += 1
    arguments = text[start:end - 1]
    for k, (_, typed, _) in enumerate(captures):
        if typed is None:
            continue
        # `%argN: tensor<*x!tf_type.resource>` and its attributes, if any.
        pattern = r"(%%arg%d: tensor<\*x!tf_type\.resource>)( \{)?" % (first + k)
        attribute = "ta.variable_type = %s" % typed

        def typed_argument(m):
            if m.group(2):
                return m.group(1) + " {" + attribute + ", "
            return m.group(1) + " {" + attribute + "}"

        arguments, count = re.subn(pattern, typed_argument, arguments)
        if count != 1:
            raise ValueError("from_tensorflow: cannot find the argument of "
                             "captured variable %d in the exported function" % k)
    return text[:start] + arguments + text[end - 1:]


def _export(concrete):
    """The concrete function's MLIR text, its captures (variables: read at
    every call) arguments after its own."""
    import tensorflow as tf

    captures = _captures(concrete)
    text = tf.mlir.experimental.convert_function(
        concrete, pass_pipeline="tf-standard-pipeline", show_debug_info=True)
    if captures:
        name = concrete.name.decode() if isinstance(concrete.name, bytes) else concrete.name
        first = len(concrete.inputs) - len(captures)
        text = _type_capture_arguments(text, name, first, captures)
    return captures, text


def _assigned_arguments(text, name):
    """The argument numbers the imported entry function `name` lists in its
    `ta.assigned_variables` (the variables it assigns, ta-tf-read-variables),
    in the order their values follow its results."""
    import re

    for head in ("func.func @%s(" % name, 'func.func @"%s"(' % name):
        if head in text:
            start = text.index(head)
            break
    else:
        if "ta.assigned_variables" in text:
            raise ValueError("from_tensorflow: cannot find the entry function "
                             "%s that assigns variables" % name)
        return []
    end = text.find("func.func", start + 1)
    match = re.search(r"ta\.assigned_variables = \[([^\]]*)\]",
                      text[start:end if end > 0 else len(text)])
    if not match:
        return []
    return [int(v.split(":")[0]) for v in match.group(1).split(",") if v.strip()]


class TensorFlowFunction:
    """A TensorFlow function compiled by ta: call it with numpy arrays or
    TensorFlow tensors of the shapes and dtypes it was compiled for; it
    returns numpy arrays (one, or a tuple)."""

    def __init__(self, executable, name, single, module_text, captures=(),
                 assigned=()):
        self._exe = executable
        self._captures = [read for read, _, _ in captures]
        self.name = name
        self._single = single
        # The variables the function assigns, in the order their new values
        # follow its own results.
        self._assigned = list(assigned)
        self.mlir = module_text  # the module as TensorFlow exported it

    def __call__(self, *args):
        import numpy as np

        arrays = [np.asarray(a.numpy() if hasattr(a, "numpy") else a) for a in args]
        arrays += [np.asarray(read()) for read in self._captures]
        results = self._exe.call(self.name, *arrays)
        if self._assigned:
            results = results if isinstance(results, tuple) else (results,)
            n = len(results) - len(self._assigned)
            for variable, value in zip(self._assigned, results[n:]):
                variable.assign(value)
            results = results[:n]
            if len(results) == 1 and self._single:
                return results[0]
        if isinstance(results, tuple):
            return results[0] if self._single and len(results) == 1 else results
        return results if self._single else (results,)


def from_tensorflow(fn, *example_args, input_signature=None, checks="strict",
                    opt_level=2):
    """Compiles `fn` (a tf.function, a concrete function, a Keras layer or
    model, or a Python function of tensors) with ta for the shapes and dtypes
    of `example_args` (arrays or tensors) or of `input_signature` (a list of
    tf.TensorSpec; by default a tf.function's own). `checks`: "strict"
    (TensorFlow's run-time errors, raised as ta.RuntimeError) or "none"."""
    from . import Executable, Module

    concrete = _concrete_function(fn, example_args, input_signature)
    structure = concrete.structured_outputs  # freezing flattens it
    captures, text = _export(concrete)
    module = Module(text, allow_unregistered=True)
    module.import_tensorflow()
    name = concrete.name.decode() if isinstance(concrete.name, bytes) else concrete.name
    first = len(concrete.inputs) - len(captures)
    assigned = []
    for k in _assigned_arguments(str(module), name):
        if k < first or captures[k - first][2] is None:
            raise ValueError("from_tensorflow: the function assigns its "
                             "argument #%d, which is not a variable it "
                             "captures" % k)
        assigned.append(captures[k - first][2])
    exe = Executable(module, checks=checks, opt_level=opt_level)
    functions = exe.functions()
    if name not in functions:
        if len(functions) != 1:
            raise ValueError("from_tensorflow: cannot tell the entry function among %s"
                             % ", ".join(functions))
        name = functions[0]
    single = not isinstance(structure, (list, tuple, dict))
    return TensorFlowFunction(exe, name, single, text, captures, assigned)

"""The TensorFlow programs of the test/TF corpus (see export.py).

Each Program is a TensorFlow function built from TensorArray V3 ops
(tf.raw_ops.TensorArrayV3 and friends) or UnbatchGrad, with fixed,
deterministic inputs. export.py runs it in TensorFlow, exports it with
TensorFlow's MLIR exporter and writes a lit test that checks the lowered
program against TensorFlow's values.

The programs themselves are in programs_forward.py (forward arrays, loops,
conditionals, calls) and programs_grad.py (gradient accumulators,
tf.gradients, UnbatchGrad); this file holds the Program record and the helper
that builds a function from a TF1-style graph.

Compute ops are kept to the ops ta-legalize-tf lowers: Const, Identity,
IdentityN, NoOp, AddV2, Sub, Mul, RealDiv, Neg, Tanh, Sigmoid, Exp, Maximum,
Minimum, Less, LessEqual, Greater, GreaterEqual, Equal, LogicalAnd, Cast,
MatMul, Range, Fill, ZerosLike, OnesLike, Reshape (static shapes), Pack (of
scalars), StridedSlice (`x[i]`).
"""

import inspect
import textwrap

import numpy as np
import tensorflow as tf

raw = tf.raw_ops
f32 = tf.float32

# The forms export.py can write for a program.
STD = "std"  # tf-standard-pipeline: functional control flow -> NAME.mlir
EXECUTOR = "executor"  # tf-shape-inference: tf_executor islands -> NAME.executor.mlir
REGION = "region"  # ... + tf-functional-control-flow-to-regions -> NAME.region.mlir
# A TF1 graph saved as a TF1 SavedModel and imported with
# convert_saved_model_v1(upgrade_legacy=True), which functionalizes control
# flow v1 (Enter/Exit/Merge/Switch) into tf.While/tf.If -> NAME.savedmodel.mlir
SAVED_MODEL = "saved_model_v1"


class MaxUlp:
    """A bound of n ulp of a result's largest magnitude (check.py's
    maxulp=n), for results that are sums whose terms cancel."""

    def __init__(self, n):
        self.n = n


class Program:
    """One corpus program.

    name: the test's file name (NAME.mlir).
    doc: what the program is, in words (the test's header).
    fn: a tf.function, or a function returning a concrete function (graph=True).
    inputs: the inputs, numpy arrays, in the order of fn's parameters.
    forms: which exports to write (STD always).
    ulp: the f32 bound for every result (ulps, or a MaxUlp), or a list with
      one per result.
    helpers: other functions whose source belongs in the header (functions fn
      calls, or the graph builder).
    gap: why ta does not run the program yet (the issue that will), or None.
      The test is then marked XFAIL with that reason: it must start failing
      the suite (XPASS) once the gap is closed.
    form_gaps: the same, for one form only ({form: why}).
    save: for SAVED_MODEL, a function writing the program as a TF1 SavedModel
      into a directory (inputs in0, in1, ..., outputs out0, out1, ...).
    """

    def __init__(self, name, doc, fn, inputs, forms=(STD,), ulp=0, helpers=(), graph=False,
                 gap=None, form_gaps=None, save=None):
        self.name = name
        self.doc = doc
        self.fn = fn
        self.inputs = [np.asarray(a) for a in inputs]
        self.forms = (STD,) + tuple(f for f in forms if f != STD)
        self.ulp = ulp
        self.helpers = list(helpers)
        self.graph = graph
        self.gap = gap
        self.form_gaps = dict(form_gaps or {})
        self.save = save

    def gap_of(self, form):
        return self.form_gaps.get(form, self.gap)

    def concrete_function(self):
        if self.graph:
            return self.fn()
        specs = [tf.TensorSpec(a.shape, tf.as_dtype(a.dtype)) for a in self.inputs]
        return self.fn.get_concrete_function(*specs)

    def ulps(self, count):
        if isinstance(self.ulp, (int, MaxUlp)):
            return [self.ulp] * count
        assert len(self.ulp) == count, "%s: %d ulp bounds for %d results" % (
            self.name, len(self.ulp), count)
        return list(self.ulp)

    def source(self):
        """The Python source of the program (helpers first)."""
        parts = []
        for f in self.helpers + ([] if self.graph else [self.fn]):
            f = getattr(f, "python_function", f)
            parts.append(textwrap.dedent(inspect.getsource(f)).rstrip())
        return "\n\n".join(parts)


def graph_function(build, specs):
    """A concrete function running the graph `build` makes in TF1 graph mode.

    tf.gradients inside a tf.function cannot differentiate raw TensorArray
    ops: the gradient functions rebuild a TensorArray from the handle, which
    a FuncGraph (control flow v2) only allows for TensorList-backed arrays.
    So the graph is built in a tf.compat.v1 Graph with control flow v2 off
    (tf.gradients then emits TensorArrayGradV3 and V3 ops), and imported
    unchanged into a function with tf.compat.v1.wrap_function.
    """
    graph, _, outs = build_graph(build, specs)
    graph_def = graph.as_graph_def()

    def imported(*args):
        return tf.graph_util.import_graph_def(
            graph_def, name="",
            input_map={"in%d:0" % i: a for i, a in enumerate(args)},
            return_elements=["out%d:0" % i for i in range(len(outs))])

    return tf.compat.v1.wrap_function(imported, specs)


def build_graph(build, specs):
    """The TF1 graph (control flow v2 off) `build` makes from placeholders
    in0, in1, ..., with its results as identities out0, out1, ...; returns
    the graph, the placeholders and the results."""
    tf.compat.v1.disable_control_flow_v2()
    graph = tf.Graph()
    try:
        with graph.as_default():
            args = [tf.compat.v1.placeholder(s.dtype, s.shape, name="in%d" % i)
                    for i, s in enumerate(specs)]
            outs = [tf.identity(o, name="out%d" % i) for i, o in enumerate(build(*args))]
    finally:
        tf.compat.v1.enable_control_flow_v2()
    return graph, args, outs


def save_graph(build, specs, path):
    """Saves the graph `build` makes as a TF1 SavedModel (tag serve,
    signature "main": inputs in0, ..., outputs out0, ...)."""
    graph, args, outs = build_graph(build, specs)
    with tf.compat.v1.Session(graph=graph) as session:
        builder = tf.compat.v1.saved_model.Builder(path)
        signature = tf.compat.v1.saved_model.predict_signature_def(
            inputs={"in%d" % i: a for i, a in enumerate(args)},
            outputs={"out%d" % i: o for i, o in enumerate(outs)})
        builder.add_meta_graph_and_variables(session, ["serve"],
                                             signature_def_map={"main": signature})
        builder.save()


def graph_program(name, doc, build, inputs, **kwargs):
    """A Program whose function is the TF1 graph `build` makes (graph_function)."""
    inputs = [np.asarray(a) for a in inputs]
    specs = [tf.TensorSpec(a.shape, tf.as_dtype(a.dtype)) for a in inputs]
    helpers = list(kwargs.pop("helpers", ())) + [build]
    return Program(name, doc, lambda: graph_function(build, specs), inputs,
                   helpers=helpers, graph=True,
                   save=lambda path: save_graph(build, specs, path), **kwargs)


def dyadic(shape, start, step=0.25):
    """Deterministic f32 inputs: start, start + step, ... (exact in binary)."""
    n = int(np.prod(shape))
    return (start + step * np.arange(n)).astype(np.float32).reshape(shape)


# The corpus, in a fixed order. The modules import this one for Program.
import programs_activations  # noqa: E402
import programs_attention  # noqa: E402
import programs_forward  # noqa: E402
import programs_grad  # noqa: E402
import programs_library  # noqa: E402
import programs_library_ops  # noqa: E402
import programs_lists  # noqa: E402
import programs_nested  # noqa: E402
import programs_sequences  # noqa: E402
import programs_v1  # noqa: E402

PROGRAMS = (programs_forward.PROGRAMS + programs_grad.PROGRAMS + programs_lists.PROGRAMS
            + programs_library.PROGRAMS + programs_library_ops.PROGRAMS
            + programs_v1.PROGRAMS + programs_activations.PROGRAMS
            + programs_attention.PROGRAMS + programs_sequences.PROGRAMS
            + programs_nested.PROGRAMS)
BY_NAME = {p.name: p for p in PROGRAMS}
assert len(BY_NAME) == len(PROGRAMS), "duplicate program names"

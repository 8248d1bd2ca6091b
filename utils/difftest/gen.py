"""Random ta programs and their expected outcomes (utils/difftest/difftest.py).

A program is one public function: a random sequence of TensorArray ops on one
or two forward arrays and their accumulators, with random element types and
shapes, static or growable sizes, constant or run-time indices, index
vectors and split lengths, values of static or run-time shape, gradients with
and without prepended shapes, and closes. While it emits the ops the
generator replays them on the semantics model (model.py), which decides the
expected outcome:
  - "value":   the function returns these arrays (every read, gather,
               concat and size, in order);
  - "runtime": a call stops with this TensorFlow message (strict checks);
  - "compile": parsing/verification fails with a message containing this
               text (a constant that the verifier can judge).
The choices lean towards valid programs (about two thirds run to the end) but
every op also draws bad indices, sizes, shapes and orders.
"""

import numpy as np

from model import Model, RuntimeFailure, UnbatchGradModel

DTYPES = {"f32": np.float32, "i32": np.int32, "f64": np.float64, "i64": np.int64}
# (4, 4): 64 bytes or more with every dtype here, where arrays zero lazily.
ELEMENT_SHAPES = [(), (2,), (3,), (1,), (2, 3), (3, 2), (4, 4)]
SOURCES = ["gradients", "s", "pfor"]


def tensor_type(shape, dtype):
    """The tensor type of a (partial) shape: None dims are '?', a None
    shape is unranked."""
    if shape is None:
        return "tensor<*x%s>" % dtype
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return "tensor<%s%s>" % (dims, dtype)


def literal(value, dtype):
    """An MLIR dense literal for a numpy array (integral values)."""
    if value.ndim == 0:
        v = value.item()
        return ("%d.0" % v) if dtype.startswith("f") else str(int(v))
    return "[" + ", ".join(literal(x, dtype) for x in value) + "]"


class CompileError(Exception):
    """The program was given a statically wrong op; its text is expected."""


class Handle:
    def __init__(self, ssa, flow, array, element_shape, dtype, static_size,
                 is_grad=False, forward=None):
        self.ssa = ssa
        self.flow = flow
        self.array = array
        self.element_shape = (None if element_shape is None
                              else tuple(element_shape))
        self.dtype = dtype
        self.static_size = static_size  # int, or None for '?'
        self.identical = False
        self.is_grad = is_grad
        self.forward = forward
        self.grads = {}  # source -> (element shape) taken from this handle

    @property
    def type(self):
        size = "?" if self.static_size is None else str(self.static_size)
        return "!ta.handle<%s, %s%s>" % (
            size, tensor_type(self.element_shape, self.dtype),
            ", grad" if self.is_grad else "")


class Program:
    def __init__(self, rng, name, want_compile_error):
        self.rng = rng
        self.name = name
        self.want_compile_error = want_compile_error
        self.model = Model()
        self.lines = []
        self.args = []  # (ssa, type, python or numpy value)
        self.results = []  # (ssa, type, expected numpy value)
        self.count = 0
        self.base = 1
        self.handles = []
        self.outcome = None
        self.message = None
        self.pending = None
        self.helpers = []
        self.step = 0
        self.fault_step = -1

    # -- emission helpers --------------------------------------------------

    def fresh(self, prefix="v"):
        self.count += 1
        return "%%%s%d" % (prefix, self.count)

    def emit(self, line):
        self.lines.append("  " + line)

    def arg(self, type_, value):
        ssa = "%%a%d" % len(self.args)
        self.args.append((ssa, type_, value))
        return ssa

    def index(self, value, constant):
        if constant:
            ssa = self.fresh("c")
            self.emit("%s = arith.constant %d : index" % (ssa, value))
            return ssa
        return self.arg("index", int(value))

    def int_vector(self, values, dtype, constant):
        """A 1-D integer tensor: a constant tensor<Kx..>, or an argument of
        type tensor<?x..>."""
        np_values = np.array(values, DTYPES[dtype]).reshape(len(values))
        if constant and len(values):
            ssa = self.fresh("k")
            t = tensor_type((len(values),), dtype)
            self.emit("%s = arith.constant dense<%s> : %s"
                      % (ssa, literal(np_values, dtype), t))
            return ssa, t
        t = tensor_type((None,), dtype)
        return self.arg(t, np_values), t

    def new_value(self, shape, dtype):
        n = int(np.prod(shape)) if shape else 1
        value = (np.arange(n) + self.base).reshape(shape).astype(DTYPES[dtype])
        self.base += 100
        return value

    def tensor(self, value, dtype, static):
        """A value as a constant of static type or an argument whose dim 0 is
        '?' (its shape is checked at run time)."""
        if (static and value.size) or value.ndim == 0:
            ssa = self.fresh("t")
            t = tensor_type(value.shape, dtype)
            self.emit("%s = arith.constant dense<%s> : %s"
                      % (ssa, literal(value, dtype), t))
            return ssa, t
        t = tensor_type((None,) + value.shape[1:], dtype)
        return self.arg(t, value), t

    def result(self, ssa, type_, expected):
        self.results.append((ssa, type_, expected))

    # -- choices -------------------------------------------------------------

    def fault(self, p=1.0):
        """Whether to inject a fault here: only at the program's one faulty
        step (a third of the programs have one), with probability p."""
        return self.step == self.fault_step and self.chance(p)

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, options):
        return options[self.rng.integers(len(options))]

    def current_size(self, h):
        return len(h.array.slots)

    def choose_index(self, h, good):
        """Mostly a good index; sometimes any index near the bounds."""
        if good and not self.fault(0.7):
            return int(self.pick(good))
        return int(self.rng.integers(-1, self.current_size(h) + 2))

    def static_index_error(self, h, index, what="index"):
        """The verifier's judgement of a constant index, or None."""
        if index < 0:
            return "%s %d is negative; TensorArray indices start at 0" % (what, index)
        if not h.is_grad and h.static_size is not None and index >= h.static_size:
            return ("%s %d is out of bounds of a TensorArray of size %d"
                    % (what, index, h.static_size))
        return None

    def expect_compile_error(self, text):
        """Whether to emit a statically wrong op (in a program meant to fail
        at compile time): the op is emitted, the model is not run, and the
        program ends after it."""
        if self.want_compile_error and self.pending is None and self.chance(0.5):
            self.pending = text
            return True
        return False

    def run(self, method, *args):
        """Runs the model, unless the op was emitted statically wrong."""
        if self.pending is None:
            return method(*args)
        return None

    def constant_index_ok(self, h, index):
        """Whether `index` may be emitted as a constant: when the verifier
        accepts it, or when this program is to fail at compile time."""
        error = self.static_index_error(h, index)
        if error is None:
            return self.chance(0.4)
        return self.expect_compile_error(error)

    # -- ops ---------------------------------------------------------------

    def op_create(self):
        dtype = self.pick(list(DTYPES))
        shape = self.pick(ELEMENT_SHAPES)
        kind = self.pick(["static", "static", "fixed", "dynamic"])
        size = int(self.rng.integers(0 if self.chance(0.15) else 1, 5))
        dynamic = kind == "dynamic"
        if kind == "dynamic" and self.chance(0.5):
            size = 0
        clear = self.chance(0.6)
        name = self.pick(["a", "b", "", "x.y"]) if self.chance(0.9) else ""
        static_size = size if kind == "static" else None
        if kind != "static" and self.fault(0.2):
            size = -int(self.rng.integers(1, 3))  # negative: a runtime error
        emitted_size = size
        if kind == "static" and self.chance(0.2):
            if self.chance(0.5):
                if self.expect_compile_error("size %d does not match the handle "
                                             "SIZE %d" % (size + 1, size)):
                    emitted_size = size + 1
            elif self.expect_compile_error("dynamic_size requires the handle "
                                           "SIZE to be '?'"):
                dynamic = True
        constant = kind == "static" or self.chance(0.3)
        if emitted_size < 0 and constant:
            constant = self.expect_compile_error(
                "size must be non-negative, got %d" % emitted_size)
        size_ssa = self.index(emitted_size, constant)
        h = Handle(self.fresh("h"), self.fresh("f"), None, shape, dtype,
                   static_size)
        self.emit_create(h, size_ssa, dynamic, clear, name)
        h.array = self.run(self.model.create, size, shape, DTYPES[dtype],
                           dynamic, clear, name)
        self.handles.append(h)
        return h

    def emit_create(self, h, size_ssa, dynamic, clear, name, identical=False):
        """The ta.create of handle `h` (its SSA names and type) of size
        `size_ssa`, with its attributes."""
        attrs = []
        if dynamic:
            attrs.append("dynamic_size = true")
        if not clear:
            attrs.append("clear_after_read = false")
        if identical:
            attrs.append("identical_element_shapes = true")
        if name:
            attrs.append('name = "%s"' % name)
        self.emit("%s, %s = ta.create %s%s : %s"
                  % (h.ssa, h.flow, size_ssa,
                     " {%s}" % ", ".join(attrs) if attrs else "", h.type))

    def good_write_indices(self, h):
        slots = h.array.slots
        if h.is_grad:
            return [i for i, s in enumerate(slots) if not s.was_read]
        free = [i for i, s in enumerate(slots) if not s.written]
        if h.array.dynamic:
            free.append(len(slots))
        return free

    def good_read_indices(self, h):
        return [i for i, s in enumerate(h.array.slots) if not s.cleared]

    def op_write(self, h):
        index = self.choose_index(h, self.good_write_indices(h))
        constant = self.constant_index_ok(h, index)
        value = self.new_value(h.element_shape, h.dtype)
        static = True
        if h.element_shape and self.chance(0.2):
            static = False
            if self.fault(0.5):  # a value whose run-time shape is wrong
                rows = h.element_shape[0] + self.pick([-1, 1])
                value = self.new_value((rows,) + h.element_shape[1:], h.dtype)
        index_ssa = self.index(index, constant)
        v, t = self.tensor(value, h.dtype, static)
        flow = self.fresh("f")
        self.emit("%s = ta.write %s[%s], %s, %s : %s, %s"
                  % (flow, h.ssa, index_ssa, v, h.flow, h.type, t))
        h.flow = flow
        self.run(self.model.write, h.array, index, value)

    def op_read(self, h):
        index = self.choose_index(h, self.good_read_indices(h))
        constant = self.constant_index_ok(h, index)
        index_ssa = self.index(index, constant)
        r = self.fresh("r")
        self.emit("%s = ta.read %s[%s], %s : %s" % (r, h.ssa, index_ssa, h.flow, h.type))
        value = self.run(self.model.read, h.array, index)
        self.result(r, tensor_type(h.element_shape, h.dtype), value)

    def index_vector(self, h, indices, forward_write=False):
        constant = self.chance(0.5) and len(indices) > 0
        if constant:
            for k, index in enumerate(indices):
                error = self.static_index_error(h, index, "indices[%d] =" % k)
                if error:
                    constant = self.expect_compile_error(error)
                    break
        if constant and forward_write and len(set(indices)) != len(indices) \
                and self.pending is None:
            constant = self.expect_compile_error(
                "a slot of a forward TensorArray can be written once")
        dtype = self.pick(["i32", "i64"])
        return self.int_vector(indices, dtype, constant)

    def op_gather(self, h):
        good = self.good_read_indices(h)
        count = int(self.rng.integers(0, 4))
        if self.fault(0.7):
            indices = [self.choose_index(h, good) for _ in range(count)]
        else:  # distinct good indices (maybe none)
            indices = [int(i) for i in self.rng.permutation(good)[:count]]
        ssa, t = self.index_vector(h, indices)
        g = self.fresh("g")
        self.emit("%s = ta.gather %s[%s], %s : %s, %s" % (g, h.ssa, ssa, h.flow, h.type, t))
        rows = None if "?" in t else len(indices)
        value = self.run(self.model.gather, h.array, indices)
        self.result(g, tensor_type((rows,) + h.element_shape, h.dtype), value)

    def scatter_indices(self, h):
        """1-3 indices for a scatter: mostly distinct writable ones."""
        good = self.good_write_indices(h)
        count = int(self.rng.integers(1, 4))
        if good and not self.fault(0.6):
            return [int(i) for i in self.rng.permutation(good)[:count]]
        return [self.choose_index(h, good) for _ in range(count)]

    def op_scatter(self, h):
        indices = self.scatter_indices(h)
        rows = len(indices)
        ssa, it = self.index_vector(h, indices, forward_write=not h.is_grad)
        if "?" in it and self.fault(0.3):
            rows += 1 if rows == 1 else self.pick([-1, 1])  # differ at run time
        value = self.new_value((max(rows, 0),) + h.element_shape, h.dtype)
        v, vt = self.tensor(value, h.dtype, static=True)
        flow = self.fresh("f")
        self.emit("%s = ta.scatter %s[%s], %s, %s : %s, %s, %s"
                  % (flow, h.ssa, ssa, v, h.flow, h.type, it, vt))
        h.flow = flow
        self.run(self.model.scatter, h.array, indices, value)

    def op_concat(self, h):
        v, lengths = self.fresh("cv"), self.fresh("cl")
        self.emit("%s, %s = ta.concat %s, %s : %s" % (v, lengths, h.ssa, h.flow, h.type))
        value, expected_lengths = self.model.concat(h.array)
        dim0 = None
        if not h.is_grad and h.static_size is not None:
            dim0 = h.static_size * h.element_shape[0]
        self.result(v, tensor_type((dim0,) + h.element_shape[1:], h.dtype), value)
        self.result(lengths, "tensor<?xi64>", expected_lengths)

    def op_split(self, h):
        e0 = h.element_shape[0]
        n = h.static_size if (h.static_size is not None and not h.is_grad) else self.current_size(h)
        if h.array.dynamic and self.chance(0.5):
            n += int(self.rng.integers(0, 3))
        count = n
        if self.fault(0.3):
            count = max(0, n + self.pick([-1, 1]))
        lengths = [e0] * count
        constant = self.chance(0.5)
        if count and self.fault(0.3):  # ragged lengths: the same sum
            constant = False
            lengths[0] += 1
            lengths[-1] -= 1
        if constant and not h.is_grad and h.static_size is not None and count != h.static_size:
            constant = self.expect_compile_error(
                "number of lengths (%d) does not match the TensorArray size %d"
                % (count, h.static_size))
        total = sum(lengths)
        if self.fault(0.3):
            total += 1  # the sum of lengths is not the value's dim 0
            if constant and count > 0:
                constant = self.expect_compile_error(
                    "sum of lengths (%d) does not match value dim 0 (%d)"
                    % (sum(lengths), total))
        value = self.new_value((total,) + h.element_shape[1:], h.dtype)
        ssa, lt = self.int_vector(lengths, "i64", constant and count > 0)
        v, vt = self.tensor(value, h.dtype, static=True)
        flow = self.fresh("f")
        self.emit("%s = ta.split %s, %s, %s, %s : %s, %s, %s"
                  % (flow, h.ssa, v, ssa, h.flow, h.type, vt, lt))
        h.flow = flow
        self.run(self.model.split, h.array, value, lengths)

    def scalar_of_index(self, iv, dtype):
        """Emits `base + iv` as a scalar of `dtype`; returns its SSA name."""
        i = self.fresh("i")
        bits = "i32" if dtype == "i32" else "i64"
        self.emit("  %s = arith.index_cast %s : index to %s" % (i, iv, bits))
        x = i
        if dtype.startswith("f"):
            x = self.fresh("x")
            self.emit("  %s = arith.sitofp %s : %s to %s" % (x, i, bits, dtype))
        return x

    def loop_range(self, h, good):
        """A run of consecutive indices, mostly all good."""
        if not good:
            return None
        lo = int(self.pick(good))
        hi = lo
        while hi + 1 in good and self.chance(0.7):
            hi += 1
        if self.fault(0.5):
            hi += 1
        return lo, hi + 1

    def op_loop_write(self, h):
        """scf.for writing a value made from the induction variable to each
        index of [lo, hi): base + i in every element."""
        span = self.loop_range(h, self.good_write_indices(h))
        if span is None:
            return
        lo, hi = span
        los, his = self.index(lo, self.chance(0.5)), self.index(hi, self.chance(0.5))
        base = self.base
        self.base += 100
        base_ssa = self.index(base, True)
        one, iv, fl, out = self.fresh("c"), self.fresh("iv"), self.fresh("fl"), self.fresh("f")
        self.emit("%s = arith.constant 1 : index" % one)
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (!ta.flow) {"
                  % (out, iv, los, his, one, fl, h.flow))
        shifted = self.fresh("b")
        self.emit("  %s = arith.addi %s, %s : index" % (shifted, iv, base_ssa))
        x = self.scalar_of_index(shifted, h.dtype)
        v = self.fresh("t")
        t = tensor_type(h.element_shape, h.dtype)
        if h.element_shape:
            self.emit("  %s = tensor.splat %s : %s" % (v, x, t))
        else:
            self.emit("  %s = tensor.from_elements %s : %s" % (v, x, t))
        nf = self.fresh("f")
        self.emit("  %s = ta.write %s[%s], %s, %s : %s, %s" % (nf, h.ssa, iv, v, fl, h.type, t))
        self.emit("  scf.yield %s : !ta.flow" % nf)
        self.emit("}")
        h.flow = out
        for i in range(lo, hi):
            value = np.full(h.element_shape, base + i, DTYPES[h.dtype])
            self.run(self.model.write, h.array, i, value)

    def op_loop_read(self, h):
        """scf.for reading each index of [lo, hi) into the rows of a tensor
        (the pattern whose copies go straight into place)."""
        span = self.loop_range(h, self.good_read_indices(h))
        if span is None:
            return
        lo, hi = span
        rows = hi - lo
        los, his = self.index(lo, True), self.index(hi, True)
        one, init = self.fresh("c"), self.fresh("e")
        rt = tensor_type((rows,) + h.element_shape, h.dtype)
        et = tensor_type(h.element_shape, h.dtype)
        self.emit("%s = arith.constant 1 : index" % one)
        self.emit("%s = tensor.empty() : %s" % (init, rt))
        iv, acc, out = self.fresh("iv"), self.fresh("acc"), self.fresh("rows")
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {"
                  % (out, iv, los, his, one, acc, init, rt))
        r, k, nacc = self.fresh("r"), self.fresh("k"), self.fresh("acc")
        self.emit("  %s = ta.read %s[%s], %s : %s" % (r, h.ssa, iv, h.flow, h.type))
        self.emit("  %s = arith.subi %s, %s : index" % (k, iv, los))
        rank = len(h.element_shape)
        offsets = ", ".join([k] + ["0"] * rank)
        sizes = ", ".join(["1"] + [str(d) for d in h.element_shape])
        strides = ", ".join(["1"] * (rank + 1))
        self.emit("  %s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s"
                  % (nacc, r, acc, offsets, sizes, strides, et, rt))
        self.emit("  scf.yield %s : %s" % (nacc, rt))
        self.emit("}")
        values = []
        for i in range(lo, hi):
            values.append(self.run(self.model.read, h.array, i))
        if self.pending is None:
            self.result(out, rt, np.stack(values) if values else
                        np.zeros((0,) + h.element_shape, DTYPES[h.dtype]))

    def op_call_write(self, h):
        """A write in a private helper function that takes the handle."""
        index = self.choose_index(h, self.good_write_indices(h))
        value = self.new_value(h.element_shape, h.dtype)
        t = tensor_type(h.element_shape, h.dtype)
        helper = "%s_w%d" % (self.name, len(self.helpers))
        self.helpers.append(
            "func.func private @%s(%%h: %s, %%i: index, %%v: %s, %%f: !ta.flow) -> !ta.flow {\n"
            "  %%f1 = ta.write %%h[%%i], %%v, %%f : %s, %s\n"
            "  return %%f1 : !ta.flow\n}" % (helper, h.type, t, h.type, t))
        index_ssa = self.index(index, False)
        v, _ = self.tensor(value, h.dtype, True)
        flow = self.fresh("f")
        self.emit("%s = func.call @%s(%s, %s, %s, %s) : (%s, index, %s, !ta.flow) -> !ta.flow"
                  % (flow, helper, h.ssa, index_ssa, v, h.flow, h.type, t))
        h.flow = flow
        self.run(self.model.write, h.array, index, value)

    def op_size(self, h):
        s = self.fresh("s")
        self.emit("%s = ta.size %s, %s : %s" % (s, h.ssa, h.flow, h.type))
        i = self.fresh("si")
        self.emit("%s = arith.index_cast %s : index to i64" % (i, s))
        t = self.fresh("st")
        self.emit("%s = tensor.from_elements %s : tensor<1xi64>" % (t, i))
        size = self.model.size(h.array, h.static_size)
        self.result(t, "tensor<1xi64>", np.array([size], np.int64))

    def op_close(self, h):
        self.emit("ta.close %s : %s" % (h.ssa, h.type))
        self.model.close(h.array)

    def op_grad(self, h):
        source = self.pick(SOURCES)
        prepend = ()
        if self.chance(0.4):
            prepend = (int(self.rng.integers(1, 3)),)
        shape = prepend + h.element_shape
        taken = h.grads.get(source)
        if taken is not None and taken != shape and not self.expect_compile_error(
                'but another gradient of the same array with source "%s" has'
                % source):
            prepend = taken[:len(taken) - len(h.element_shape)]
            shape = taken
        h.grads[source] = shape
        g = Handle(self.fresh("gh"), self.fresh("gf"), None, shape, h.dtype,
                   h.static_size, is_grad=True, forward=h)
        if prepend:
            p = self.fresh("p")
            self.emit("%s = arith.constant dense<[%d]> : tensor<1xi32>" % (p, prepend[0]))
            self.emit('%s, %s = ta.grad_with_shape %s, %s, %s source "%s" : %s, tensor<1xi32>'
                      % (g.ssa, g.flow, h.ssa, h.flow, p, source, h.type))
        else:
            self.emit('%s, %s = ta.grad %s, %s source "%s" : %s'
                      % (g.ssa, g.flow, h.ssa, h.flow, source, h.type))
        g.array = self.run(self.model.grad, h.array, source, prepend)
        self.handles.append(g)

    def usable(self, op, h):
        """Whether a valid `op` on `h` exists in the model's current state."""
        slots = h.array.slots
        if op in (self.op_write, self.op_scatter, self.op_loop_write,
                  self.op_call_write):
            return bool(self.good_write_indices(h))
        if op in (self.op_read, self.op_loop_read):
            return bool(self.good_read_indices(h))
        if op == self.op_split:
            if h.is_grad:
                return not any(s.was_read for s in slots)
            return not any(s.written for s in slots)
        if op == self.op_concat:
            n = h.array.marked_size if h.is_grad else len(slots)
            return not any(s.cleared for s in slots[:max(n, 0)]) and n <= len(slots)
        return True

    def op_grad_of_grad(self, h):
        g, f = self.fresh("gh"), self.fresh("gf")
        self.emit('%s, %s = "ta.grad"(%s, %s) {source = "s"} : (%s, !ta.flow) -> (%s, !ta.flow)'
                  % (g, f, h.ssa, h.flow, h.type, h.type))

    # -- the program -------------------------------------------------------

    def body(self):
        for _ in range(2 if self.chance(0.3) else 1):
            self.op_create()
            if self.pending is not None:
                raise CompileError(self.pending)
        steps = int(self.rng.integers(2, 12))
        if self.chance(0.45):
            self.fault_step = int(self.rng.integers(steps))
        for step in range(steps):
            self.step = step
            h = self.pick(self.handles)
            ops = [self.op_write, self.op_write, self.op_read, self.op_read,
                   self.op_gather, self.op_scatter, self.op_size,
                   self.op_loop_write, self.op_loop_read, self.op_call_write]
            if h.element_shape:
                ops += [self.op_concat, self.op_split]
            if not h.is_grad:
                ops += [self.op_grad, self.op_grad]
            elif self.chance(0.1) and self.expect_compile_error(
                    "cannot take the gradient of a gradient accumulator"):
                ops = [self.op_grad_of_grad]
            if not self.fault():
                ops = [op for op in ops if self.usable(op, h)]
                if not ops:
                    continue
            if self.chance(0.05):
                ops = [self.op_close]
            if h.array.closed and not self.fault() and self.pending is None:
                continue  # a closed array is used only by a faulty step
            self.pick(ops)(h)
            if self.pending is not None:
                raise CompileError(self.pending)

    def generate(self):
        try:
            self.body()
            self.outcome = "value"
        except RuntimeFailure as failure:
            self.outcome, self.message = "runtime", str(failure)
        except CompileError as error:
            self.outcome, self.message = "compile", str(error)
            # Keep the statically wrong op's text: emit it.
        return self

    def source(self):
        params = ", ".join("%s: %s" % (ssa, t) for ssa, t, _ in self.args)
        if self.outcome == "value":
            types = [t for _, t, _ in self.results]
            rets = [ssa for ssa, _, _ in self.results]
        else:
            types, rets = [], []
        head = "func.func @%s(%s)" % (self.name, params)
        if types:
            head += " -> (%s)" % ", ".join(types)
        ret = "  return"
        if rets:
            ret += " %s : %s" % (", ".join(rets), ", ".join(types))
        return "\n\n".join(self.helpers + ["\n".join(
            [head + " {"] + self.lines + [ret, "}"])])

    def call_args(self):
        return [v for _, _, v in self.args]

    def expected(self):
        return [v for _, _, v in self.results]


UNBATCH_FN = """
func.func @{name}(%orig: tensor<?x{rest}x{dt}>, %bi: tensor<?x3xi64>, %grad: tensor<?x{rest}x{dt}>, %id: i64) -> tensor<?x{rest}x{dt}> {{
  %r = ta.unbatch_grad %orig, %bi, %grad, %id {{shared_name = "{name}", timeout_micros = 5000000 : i64}} : tensor<?x{rest}x{dt}>, tensor<?x3xi64>, tensor<?x{rest}x{dt}>
  return %r : tensor<?x{rest}x{dt}>
}}
"""


class UnbatchScenario:
    """One batch: K tasks with distinct ids (or a deliberate duplicate, or an
    owner without a batch index), each with its own grad rows; the owner's
    batch_index lists the ids in a random row order; calls arrive in a
    random order, the owner from its own thread."""

    def __init__(self, rng, name):
        self.name = name
        self.rest = int(rng.integers(1, 4))
        self.dtype = ["f32", "i64", "f64"][rng.integers(3)]
        np_dtype = {"f32": np.float32, "i64": np.int64, "f64": np.float64}[self.dtype]
        k = int(rng.integers(1, 5))
        self.ids = [int(x) for x in rng.choice(1 << 40, size=k, replace=False)]
        owner = int(rng.integers(k))
        rows = [int(rng.integers(1, 3)) for _ in range(k)]
        self.calls = []  # (id, original rows, batch ids, grad)
        order = [int(i) for i in rng.permutation(k)]  # batch_index row order
        base = 1
        for t in range(k):
            grad = (np.arange(rows[t] * self.rest) + base).reshape(rows[t], self.rest)
            base += 100
            if t == owner:
                batch = [self.ids[i] for i in order]
                original = sum(rows)
            else:
                batch, original = [], 0
            self.calls.append((self.ids[t], original, batch, grad.astype(np_dtype)))
        self.owner = owner
        self.kind = "valid"
        draw = rng.random()
        if draw < 0.1 and k > 1:  # a non-owner id sent twice
            dup = [t for t in range(k) if t != owner][0]
            self.calls.insert(int(rng.integers(len(self.calls) + 1)), self.calls[dup])
            self.kind = "duplicate"
        elif draw < 0.15:  # the owner has no batch index
            i, original, _, grad = self.calls[owner]
            self.calls[owner] = (i, original, [], grad)
            self.kind = "empty-index"
        # Arrival order: the owner may come first (it waits), last, or between.
        self.arrival = [int(i) for i in rng.permutation(len(self.calls))]

    def function(self):
        return UNBATCH_FN.format(name=self.name, rest=self.rest, dt=self.dtype)

    def expected(self):
        """Per call: ('value', array) or ('error', text), replayed on the
        model in arrival order; and which call completes which owner."""
        model = UnbatchGradModel(self.name)
        results, completes = {}, {}
        for a in self.arrival:
            key, original, batch, grad = self.calls[a]
            try:
                own, completed = model.compute(original, batch, grad, key)
            except RuntimeFailure as e:
                results[a] = ("error", str(e))
                continue
            if own is not None:
                results[a] = ("value", own)
            for owner, value in completed:
                for b in self.arrival:
                    if self.calls[b][0] == owner and self.calls[b][1] > 0 and b not in results:
                        results[b] = ("value", value)
                        completes[a] = b
        return results, completes

"""Random programs on arrays of open element shape (difftest.py --open).

The element type of each array leaves dims open (`tensor<?x2xf32>`) or is
unranked (`tensor<*xf32>`), as TensorFlow's TensorArray is without an
element_shape: each slot holds a value of its own shape (ragged), unless
identical_element_shapes lets the first write fix one for all. libta_runtime
keeps these arrays, in both checks modes. Some arrays have a static element
shape instead (laid out by the compiler), written with values of open or
unranked types, whose ta.grad_with_shape may take a run-time prepend (an
accumulator the runtime keeps). The programs write, read, gather,
scatter, split (ragged lengths), concat, ask the size and close, with values
of static or run-time shape (unranked arguments included) and results of
the ops' own types, or cast to a ranked type where the array is unranked.
Outcomes come from the same model (model.py, its partial shapes), and
tforacle.py replays the same model calls with TensorFlow.
"""

import numpy as np

from gen import DTYPES, Handle, Program, literal, tensor_type

# Partial element shapes: unranked (twice as likely), and open dims.
OPEN_SHAPES = [None, None, (None,), (None, 2), (2, None), (None, None)]
# Static element shapes, which the compiler lays out, for their
# accumulators of run-time prepend (kept by the runtime).
STATIC_SHAPES = [(2,), (1, 2)]


class OpenProgram(Program):
    # -- values --------------------------------------------------------------

    def concrete(self, h):
        """A shape that fits the array's element shape as the model has it
        now (fixed by a first write with identical_element_shapes): open
        dims of 0-3, an unknown rank of 1-2 dims. Mostly the array's common
        shape, so that gathers and concats see equal shapes."""
        partial = h.array.element_shape
        if partial is not None and all(d is not None for d in partial):
            return tuple(partial)
        if h.common is not None and self.chance(0.6):
            return h.common
        if partial is None:
            rank = int(self.rng.integers(1, 3))
            partial = (None,) * rank
        return tuple(int(self.rng.integers(0, 4)) if d is None else d
                     for d in partial)

    def misfit(self, shape):
        """A shape of another rank or another first dim."""
        if shape and self.chance(0.5):
            return (shape[0] + 1,) + shape[1:]
        return shape + (1,)

    def value_of(self, h, shape, extra=0, bulk=False):
        """`shape`'s value as an SSA value for a write, or (`bulk`) a
        scatter or split, whose value has `extra` dims beyond the element's:
        an argument of open dims, where the verifier lets its rank go with
        the array's (a bulk value of rank 1 or more), or unranked, or a
        constant cast to unranked."""
        value = self.new_value(shape, h.dtype)
        ranked = ((h.element_shape is None
                   or len(shape) == len(h.element_shape) + extra)
                  and (not bulk or len(shape) >= 1))
        if self.chance(0.3) and value.size:
            c = self.fresh("t")
            self.emit("%s = arith.constant dense<%s> : %s"
                      % (c, literal(value, h.dtype), tensor_type(shape, h.dtype)))
            t = tensor_type(None, h.dtype)
            v = self.fresh("u")
            self.emit("%s = tensor.cast %s : %s to %s"
                      % (v, c, tensor_type(shape, h.dtype), t))
            return v, t, value
        if ranked and self.chance(0.5):
            t = tensor_type((None,) * len(shape), h.dtype)
        else:
            t = tensor_type(None, h.dtype)
        return self.arg(t, value), t, value

    def returned(self, ssa, type_, value, h):
        """Returns an op's result: as it is, or, from an unranked array,
        cast to a ranked type of the value's rank (lowered ranked)."""
        if h.element_shape is None and value is not None and self.chance(0.5):
            ranked = tensor_type((None,) * value.ndim, h.dtype)
            c = self.fresh("rc")
            self.emit("%s = tensor.cast %s : %s to %s" % (c, ssa, type_, ranked))
            ssa, type_ = c, ranked
        if value is not None:
            self.result(ssa, type_, value)

    # -- choices -------------------------------------------------------------

    def known(self, h):
        """Whether unwritten slots read as zeros: the element shape, as the
        model has it now, is fully defined."""
        shape = h.array.element_shape
        return shape is not None and all(d is not None for d in shape)

    def good_read_indices(self, h):
        return [i for i, s in enumerate(h.array.slots)
                if not s.cleared and (s.written or self.known(h))]

    def usable(self, op, h):
        if op == self.op_concat:
            slots = h.array.slots
            return bool(slots) and all(
                not s.cleared and (s.written or self.known(h)) for s in slots)
        if op == self.op_gather:
            return bool(self.good_read_indices(h))
        return Program.usable(self, op, h)

    # -- ops -----------------------------------------------------------------

    def op_create(self):
        dtype = self.pick(["f32", "i32", "f64", "i64"])
        shape = self.pick(OPEN_SHAPES + STATIC_SHAPES)
        kind = self.pick(["static", "fixed", "dynamic"])
        size = int(self.rng.integers(0 if self.chance(0.15) else 1, 5))
        dynamic = kind == "dynamic"
        if dynamic and self.chance(0.5):
            size = 0
        if kind != "static" and self.fault(0.2):
            size = -1
        clear = self.chance(0.5)
        identical = self.chance(0.3)
        name = self.pick(["a", "b", ""])
        static_size = size if kind == "static" else None
        size_ssa = self.index(size, kind == "static")
        h = Handle(self.fresh("h"), self.fresh("f"), None, shape, dtype,
                   static_size)
        h.common = None
        self.emit_create(h, size_ssa, dynamic, clear, name, identical)
        h.array = self.model.create(size, shape, DTYPES[dtype], dynamic,
                                    clear, name, identical)
        h.common = self.concrete(h)
        self.handles.append(h)
        return h

    def op_write(self, h):
        index = self.choose_index(h, self.good_write_indices(h))
        shape = self.concrete(h)
        slots = h.array.slots
        if h.is_grad and 0 <= index < len(slots) and \
                slots[index].shape is not None and not self.fault(0.5):
            shape = slots[index].shape  # aggregates, or fills a soft slot
        if self.fault(0.4):
            shape = self.misfit(shape)
        index_ssa = self.index(index, self.constant_index_ok(h, index))
        v, t, value = self.value_of(h, shape)
        flow = self.fresh("f")
        self.emit("%s = ta.write %s[%s], %s, %s : %s, %s"
                  % (flow, h.ssa, index_ssa, v, h.flow, h.type, t))
        h.flow = flow
        self.model.write(h.array, index, value)

    def op_read(self, h):
        index = self.choose_index(h, self.good_read_indices(h))
        index_ssa = self.index(index, self.constant_index_ok(h, index))
        r = self.fresh("r")
        self.emit("%s = ta.read %s[%s], %s : %s"
                  % (r, h.ssa, index_ssa, h.flow, h.type))
        value = self.model.read(h.array, index)
        self.returned(r, tensor_type(h.element_shape, h.dtype), value, h)

    def op_gather(self, h):
        good = self.good_read_indices(h)
        count = int(self.rng.integers(0 if self.fault(0.5) else 1, 4))
        if self.fault(0.7):
            indices = [self.choose_index(h, good) for _ in range(count)]
        else:
            indices = [int(i) for i in self.rng.permutation(good)[:count]]
        ssa, it = self.index_vector(h, indices)
        g = self.fresh("g")
        self.emit("%s = ta.gather %s[%s], %s : %s, %s"
                  % (g, h.ssa, ssa, h.flow, h.type, it))
        value = self.model.gather(h.array, indices)
        if h.element_shape is None:
            t = tensor_type(None, h.dtype)
        else:
            rows = None if "?" in it else len(indices)
            t = tensor_type((rows,) + h.element_shape, h.dtype)
        self.returned(g, t, value, h)

    def op_scatter(self, h):
        indices = self.scatter_indices(h)
        row = self.concrete(h)
        if self.fault(0.3):
            row = self.misfit(row)
        rows = len(indices)
        if self.fault(0.3):
            rows += 1
        shape = (rows,) + row
        if h.element_shape is None and self.fault(0.3):
            shape = ()  # a scalar: not a vector of rows
        ssa, it = self.index_vector(h, indices, forward_write=True)
        v, vt, value = self.value_of(h, shape, extra=1, bulk=True)
        flow = self.fresh("f")
        self.emit("%s = ta.scatter %s[%s], %s, %s : %s, %s, %s"
                  % (flow, h.ssa, ssa, v, h.flow, h.type, it, vt))
        h.flow = flow
        self.model.scatter(h.array, indices, value)

    def op_split(self, h):
        n = h.static_size if h.static_size is not None else self.current_size(h)
        if h.array.dynamic and self.chance(0.5):
            n += int(self.rng.integers(0, 3))
        count = n if not self.fault(0.3) else max(0, n + self.pick([-1, 1]))
        first = self.concrete(h)
        if not first:
            first = (1,)
        partial = h.array.element_shape
        if partial is not None and partial and partial[0] is not None:
            lengths = [partial[0]] * count
        else:  # ragged
            lengths = [int(self.rng.integers(0, 4)) for _ in range(count)]
        total = sum(lengths) + (1 if self.fault(0.3) else 0)
        shape = (total,) + first[1:]
        if h.element_shape is None and self.fault(0.2):
            shape = ()
        ssa, lt = self.int_vector(lengths, "i64", False)
        v, vt, value = self.value_of(h, shape, bulk=True)
        flow = self.fresh("f")
        self.emit("%s = ta.split %s, %s, %s, %s : %s, %s, %s"
                  % (flow, h.ssa, v, ssa, h.flow, h.type, vt, lt))
        h.flow = flow
        self.model.split(h.array, value, lengths)

    def op_grad(self, h):
        """ta.grad or ta.grad_with_shape (a constant prepend of one dim) of
        a forward array: the accumulator, its slots soft written with the
        forward slots' shapes; an existing one is handed back."""
        source = self.pick(["gradients", "s"])
        prepend = (int(self.rng.integers(0, 3)),) if self.chance(0.4) else ()
        # A run-time prepend: the accumulator's type has `?` for it.
        run_time = bool(prepend) and self.chance(0.5)
        if source in h.grads:
            # The type of the one asked for first.
            prepend, run_time = h.grads[source]
        h.grads[source] = prepend, run_time
        shape = (None if h.element_shape is None
                 else ((None,) if run_time else prepend) + h.element_shape)
        g = Handle(self.fresh("gh"), self.fresh("gf"), None, shape, h.dtype,
                   h.static_size, is_grad=True, forward=h)
        if prepend:
            if run_time:
                p = self.arg("tensor<1xi32>", np.array(prepend, np.int32))
            else:
                p = self.fresh("p")
                self.emit("%s = arith.constant dense<[%d]> : tensor<1xi32>"
                          % (p, prepend[0]))
            self.emit('%s, %s = ta.grad_with_shape %s, %s, %s source "%s" : '
                      '%s, tensor<1xi32>'
                      % (g.ssa, g.flow, h.ssa, h.flow, p, source, h.type))
        else:
            self.emit('%s, %s = ta.grad %s, %s source "%s" : %s'
                      % (g.ssa, g.flow, h.ssa, h.flow, source, h.type))
        g.array = self.model.grad(h.array, source, prepend)
        g.common = None
        g.common = self.concrete(g)
        self.handles.append(g)

    def op_concat(self, h):
        v, lengths = self.fresh("cv"), self.fresh("cl")
        self.emit("%s, %s = ta.concat %s, %s : %s"
                  % (v, lengths, h.ssa, h.flow, h.type))
        value, expected_lengths = self.model.concat(h.array)
        if h.element_shape is None:
            t = tensor_type(None, h.dtype)
        else:
            dim0 = None
            if h.static_size is not None and h.element_shape[0] is not None:
                dim0 = h.static_size * h.element_shape[0]
            t = tensor_type((dim0,) + h.element_shape[1:], h.dtype)
        self.returned(v, t, value, h)
        self.result(lengths, "tensor<?xi64>", expected_lengths)

    # -- the program -----------------------------------------------------------

    def body(self):
        for _ in range(2 if self.chance(0.3) else 1):
            self.op_create()
        steps = int(self.rng.integers(2, 12))
        if self.chance(0.45):
            self.fault_step = int(self.rng.integers(steps))
        for step in range(steps):
            self.step = step
            h = self.pick(self.handles)
            if h.is_grad:
                ops = [self.op_write, self.op_write, self.op_read,
                       self.op_read, self.op_gather, self.op_size]
            else:
                ops = [self.op_write, self.op_write, self.op_write,
                       self.op_read, self.op_read, self.op_gather,
                       self.op_scatter, self.op_split, self.op_concat,
                       self.op_size, self.op_grad]
            if not self.fault():
                ops = [op for op in ops if self.usable(op, h)]
                if not ops:
                    continue
            if self.chance(0.05):
                ops = [self.op_close]
            if h.array.closed and not self.fault():
                continue
            self.pick(ops)(h)

"""ta's semantics as a plain state machine: the oracle of the differential
test (utils/difftest/difftest.py).

Written from the semantics (TensorFlow's TensorArray runtime, as the README's
"Lowering to CPU code" section states ta follows it, and TensorFlow's
UnbatchGrad), never from the compiler: a program is replayed op by op on
numpy values, and the result is either the values the program returns or the
first runtime error, with TensorFlow's text.

Where ta documents a deliberate departure from TensorFlow the model follows
ta, and says so:
  - ta.size of a forward array whose SIZE is static folds to that constant
    (TensorFlow's Python TensorArray.size() never runs the kernel then), so it
    does not fail after ta.close;
  - an existing accumulator asked for with another element shape is an error
    (TensorFlow silently returns the existing one);
  - arrays without a name are called "ta" in messages.
"""

import numpy as np


class RuntimeFailure(Exception):
    """The program stops here with TensorFlow's message (strict checks)."""


def fmt_shape(shape):
    """TensorShape::DebugString: "[2,?]" for a partial shape (None for an
    open dim), "<unknown>" for an unknown rank (None)."""
    if shape is None:
        return "<unknown>"
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def compatible(partial, shape):
    """Whether the fully defined `shape` is an instance of `partial`."""
    if partial is None:
        return True
    return len(partial) == len(shape) and all(
        p is None or p == d for p, d in zip(partial, shape))


def fully_defined(partial):
    return partial is not None and all(d is not None for d in partial)


class Slot:
    __slots__ = ("value", "shape", "written", "was_read", "cleared")

    def __init__(self):
        self.value = None  # None: nothing stored (unwritten or soft-written)
        self.shape = None  # a written or soft-written slot's shape, if known
        self.written = False
        self.was_read = False
        self.cleared = False


class Array:
    """A TensorArray. Its element shape may be partial (open dims None, or
    None for an unknown rank): each slot then holds a value of its own
    shape, and with `identical` the first write fixes the element shape."""

    def __init__(self, name, element_shape, dtype, size, dynamic,
                 clear_after_read, is_grad=False, marked_size=-1,
                 identical=False):
        self.name = name
        self.element_shape = (None if element_shape is None
                               else tuple(element_shape))
        self.identical = identical
        # Kept by libta_runtime (an open element type): an existing
        # accumulator is handed back whatever its prepended shape, as
        # TensorFlow does.
        self.kept = not fully_defined(self.element_shape)
        self.dtype = dtype
        self.slots = [Slot() for _ in range(size)]
        self.dynamic = dynamic
        self.clear_after_read = clear_after_read
        self.is_grad = is_grad
        self.marked_size = marked_size
        self.closed = False
        self.accumulators = {}  # source -> Array

    # -- the per-slot rules (TensorFlow's LockedWriteOrAggregate/LockedRead) --

    def check_open(self):
        if self.closed:
            raise RuntimeFailure(
                "TensorArray %s has already been closed." % self.name)

    def write(self, index, value):
        self.check_open()
        n = len(self.slots)
        if index < 0 or (not self.dynamic and index >= n):
            raise RuntimeFailure(
                "TensorArray %s: Tried to write to index %d but array is not "
                "resizeable and size is: %d" % (self.name, index, n))
        while len(self.slots) <= index:
            self.slots.append(Slot())
        if not compatible(self.element_shape, value.shape):
            raise RuntimeFailure(
                "TensorArray %s: Could not write to TensorArray index %d "
                "because the value shape is %s which is incompatible with the "
                "TensorArray's inferred element shape: %s (consider setting "
                "infer_shape=False)." % (self.name, index,
                                         fmt_shape(value.shape),
                                         fmt_shape(self.element_shape)))
        if self.identical and not fully_defined(self.element_shape):
            self.element_shape = tuple(value.shape)
        slot = self.slots[index]
        if slot.was_read:
            raise RuntimeFailure(
                "TensorArray %s: Could not write to TensorArray index %d "
                "because it has already been read." % (self.name, index))
        if slot.written and not self.is_grad:
            raise RuntimeFailure(
                "TensorArray %s: Could not write to TensorArray index %d "
                "because it has already been written to." % (self.name, index))
        if (slot.written and slot.shape is not None
                and slot.shape != tuple(value.shape)):
            raise RuntimeFailure(
                "TensorArray %s: Could not aggregate to TensorArray index %d "
                "because the existing shape is %s but the new input shape is "
                "%s." % (self.name, index, fmt_shape(slot.shape),
                         fmt_shape(value.shape)))
        slot.shape = tuple(value.shape)
        if slot.written and slot.value is not None:
            slot.value = slot.value + value  # an accumulator sums
        else:
            slot.value = value.copy()
        slot.written = True

    def read(self, index):
        self.check_open()
        n = len(self.slots)
        if index < 0 or (not self.is_grad and index >= n):
            raise RuntimeFailure(
                "Tried to read from index %d but array size is: %d" % (index, n))
        # An accumulator read past its size grows it with zero slots (of a
        # fully defined element shape).
        unknown = not fully_defined(self.element_shape)
        if index >= n or (not self.slots[index].written and unknown):
            if unknown:
                raise RuntimeFailure(
                "TensorArray %s: Could not read from TensorArray index %d.  "
                "Furthermore, the element shape is not fully defined: %s.  "
                "It is possible you are working with a resizeable TensorArray "
                "and stop_gradients is not allowing the gradients to be "
                "written.  If you set the full element_shape property on the "
                "forward TensorArray, the proper all-zeros tensor will be "
                "returned instead of incurring this error."
                % (self.name, index, fmt_shape(self.element_shape)))
        while len(self.slots) <= index:
            grown = Slot()
            grown.written = True
            self.slots.append(grown)
        slot = self.slots[index]
        slot.written = True  # an unwritten slot reads as zeros from now on
        if slot.cleared:
            raise RuntimeFailure(
                "TensorArray %s: Could not read index %d twice because it was "
                "cleared after a previous read (perhaps try setting "
                "clear_after_read = false?)." % (self.name, index))
        value = slot.value
        if value is None:  # zeros of its soft-written or the element shape
            value = np.zeros(slot.shape if slot.shape is not None
                             else self.element_shape, self.dtype)
            slot.shape = tuple(value.shape)
        if self.clear_after_read:
            slot.value = None
            slot.cleared = True
        slot.was_read = True
        return value


class Model:
    """One program's arrays. Every method raises RuntimeFailure on error."""

    def create(self, size, element_shape, dtype, dynamic=False,
               clear_after_read=True, name="", identical=False):
        if size < 0:
            raise RuntimeFailure("Size should be >= 0.")
        return Array(name or "ta", element_shape, dtype, size, dynamic,
                     clear_after_read, identical=identical)

    def write(self, array, index, value):
        array.write(index, value)

    def read(self, array, index):
        return array.read(index)

    def gather(self, array, indices):
        if not indices:  # no read: no closed check, as in TensorFlow
            if not fully_defined(array.element_shape):
                raise RuntimeFailure(
                    "TensorArray has size zero, but element shape %s is not "
                    "fully defined. Currently only static shapes are "
                    "supported when packing zero-size TensorArrays."
                    % fmt_shape(array.element_shape))
            return np.zeros((0,) + array.element_shape, array.dtype)
        rows = [array.read(i) for i in indices]
        if rows[0].size == 0:
            # TensorFlow's kernel returns the empty output before it
            # compares the shapes ("nothing to concatenate").
            return np.zeros((len(rows),) + rows[0].shape, array.dtype)
        for k, row in enumerate(rows):
            if row.shape != rows[0].shape:
                raise RuntimeFailure(
                    "TensorArray has inconsistent shapes.  Index 0 has shape: "
                    "%s but index %d has shape: %s"
                    % (fmt_shape(rows[0].shape), k, fmt_shape(row.shape)))
        return np.stack(rows)

    def scatter(self, array, indices, value):
        if value.ndim == 0:
            raise RuntimeFailure("Input value for unpack must be at least a "
                                 "vector but received shape: []")
        # TensorFlow asks the array's size (closed check) next.
        array.check_open()
        if len(indices) != value.shape[0]:
            raise RuntimeFailure(
                "Expected len(indices) == values.shape[0], but saw: %d vs. %d"
                % (len(indices), value.shape[0]))
        n = len(array.slots)
        largest = max(indices) if len(indices) else -1
        if array.dynamic:
            n = max(n, largest + 1)
        if largest >= n:
            raise RuntimeFailure(
                "Max scatter index must be < array size (%d vs. %d)"
                % (largest, n))
        for k, index in enumerate(indices):
            array.write(index, value[k])

    def concat(self, array):
        array.check_open()
        n = array.marked_size if array.is_grad else len(array.slots)
        if n <= 0:
            shape = array.element_shape
            rest = None if shape is None else shape[1:]
            if not fully_defined(rest):
                raise RuntimeFailure(
                    "TensorArray has size zero, but element_shape_except0 %s "
                    "is not fully defined. Currently only static shapes are "
                    "supported when concatenating zero-size TensorArrays."
                    % fmt_shape(rest))
            empty = np.zeros((0,) + rest, array.dtype)
            return empty, np.zeros((0,), np.int64)
        rows = [array.read(i) for i in range(n)]
        for k, row in enumerate(rows):
            if row.ndim == 0:
                raise RuntimeFailure(
                    "Concat saw a scalar shape at index %d but requires at "
                    "least vectors.  Did you mean to call pack?" % k)
            if row.shape[1:] != rows[0].shape[1:]:
                raise RuntimeFailure(
                    "TensorArray has inconsistent shapes.  Index 0 has "
                    "(excepting dimension 0) shape: %s but index %d has "
                    "(excepting dimension 0) shape: %s"
                    % (fmt_shape(rows[0].shape[1:]), k,
                       fmt_shape(row.shape[1:])))
        lengths = np.array([r.shape[0] for r in rows], np.int64)
        return np.concatenate(rows), lengths

    def split(self, array, value, lengths):
        if value.ndim == 0:
            raise RuntimeFailure("Expected value to be at least a vector, but "
                                 "received shape: []")
        total = int(sum(lengths))
        if total != value.shape[0]:
            raise RuntimeFailure(
                "Expected sum of lengths to be equal to values.shape[0], but "
                "sum of lengths is %d and value's shape is: %s"
                % (total, fmt_shape(value.shape)))
        array.check_open()
        n = len(array.slots)
        if array.dynamic:
            n = max(n, len(lengths))
        if n != len(lengths):
            raise RuntimeFailure(
                "TensorArray's size is not equal to the size of lengths (%d vs. "
                "%d), and the TensorArray is not marked as dynamically "
                "resizeable" % (n, len(lengths)))
        if not array.is_grad:
            array.marked_size = n
        offset = 0
        for i, length in enumerate(lengths):
            array.write(i, value[offset:offset + length])
            offset += length

    def size(self, array, static_size=None):
        if static_size is not None and not array.is_grad:
            return static_size  # ta folds it (documented departure)
        array.check_open()
        return len(array.slots)

    def close(self, array):
        array.closed = True
        array.slots = []

    def grad(self, array, source, prepend=()):
        array.dynamic = False  # locked even if the gradient then fails
        array.check_open()
        shape = (None if array.element_shape is None
                 else tuple(prepend) + array.element_shape)
        existing = array.accumulators.get(source)
        if existing is not None:
            if existing.element_shape != shape and not array.kept:
                raise RuntimeFailure(
                    "TensorArray %s: the gradient accumulator exists with "
                    "element shape %s, but this gradient asks for element "
                    "shape %s (TensorFlow would hand back the existing "
                    "accumulator)" % (existing.name,
                                      fmt_shape(existing.element_shape),
                                      fmt_shape(shape)))
            return existing
        acc = Array(array.name + "@" + source, shape, array.dtype,
                    len(array.slots), False, True, is_grad=True,
                    marked_size=array.marked_size, identical=array.identical)
        acc.kept = array.kept
        for slot, forward in zip(acc.slots, array.slots):
            slot.written = forward.written  # soft-written: shape, no value
            if forward.written and forward.shape is not None:
                slot.shape = tuple(prepend) + forward.shape
        array.accumulators[source] = acc
        return acc


class UnbatchGradModel:
    """TensorFlow's UnbatchGradResource, replayed in arrival order. compute()
    returns the call's own result (None for an owner still waiting) and the
    id of any owner it completed, with that owner's result."""

    def __init__(self, name):
        self.name = name
        self.parked = {}  # id -> grad
        self.waiting = {}  # owner id -> (batch_index ids, missing ids)
        self.wanted_by = {}  # missing id -> owner id

    def fail(self, key, message):
        raise RuntimeFailure('UnbatchGrad "%s" (id %d): %s'
                             % (self.name, key, message))

    def output(self, ids):
        return np.concatenate([self.parked.pop(i) for i in ids])

    def compute(self, original_rows, batch_ids, grad, key):
        completed = []
        if key in self.parked:
            self.fail(key, "Two runs with the same batch key.")
        self.parked[key] = grad
        own = None
        if original_rows > 0:
            if not batch_ids:
                self.fail(key, "batch_index is empty while the tensor isn't.")
            missing = {i for i in batch_ids if i not in self.parked}
            if not missing:
                own = self.output(batch_ids)
            else:
                self.waiting[key] = (batch_ids, missing)
                for m in missing:
                    self.wanted_by[m] = key
        else:
            own = np.zeros((0,) + grad.shape[1:], grad.dtype)
        owner = self.wanted_by.pop(key, None)
        if owner is not None:
            ids, missing = self.waiting[owner]
            missing.discard(key)
            if not missing:
                del self.waiting[owner]
                completed.append((owner, self.output(ids)))
        return own, completed

//===- DynamicArrays.cpp - arrays whose element shape is open -------------===//
//
// TensorArrays whose element type leaves dims open (`tensor<?x4xf32>`) keep
// their slots here, as TensorFlow's TensorArray does (tensor_array.h): each
// slot its own tensor, shape and state, the array a partial element shape
// that the first write fixes with identical_element_shapes. Lowered code
// keeps the 64-byte TAArrayHeader in the array's box (name, flags, size)
// and this runtime's array in its `reserved` word.
//
// Operations that give values (read, gather, concat) run in two calls: the
// first does TensorFlow's reads, checks and state changes and reports the
// result's shape, so that the caller can allocate it; `take` then copies the
// values into it. Slot data are heap blocks of libta_runtime's caches
// (BlockCaches.h), reused across calls as compiled code's buffers are.
// Errors go through _ta_rt_exit_with: no C++ object that
// needs destroying is alive at a failure (the error handler may longjmp).
//
//===----------------------------------------------------------------------===//

#include "SlotArena.h"
#include "TARuntimeInternal.h"
#include "ta/Runtime/TAABI.h"
#include "ta/Runtime/TARuntime.h"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <type_traits>
#include <vector>

namespace {

constexpr int64_t kMaxRank = TA_MAX_ELEMENT_RANK;

[[noreturn]] void fail(const char *format, ...) {
  char message[2048];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof(message), format, args);
  va_end(args);
  _ta_rt_exit_with(message);
}

/// A shape as `{rank, dims...}`; rank -1 is an unknown rank, a negative dim
/// an unknown dim.
struct Shape {
  int64_t rank = -1;
  int64_t dims[kMaxRank + 1] = {}; // + 1: a gather's result

  static Shape from(const int64_t *s);
  bool fullyDefined() const {
    if (rank < 0)
      return false;
    for (int64_t d = 0; d < rank; ++d)
      if (dims[d] < 0)
        return false;
    return true;
  }
  /// Whether the fully defined `shape` is an instance of this partial one.
  bool admits(const Shape &shape) const {
    if (rank < 0)
      return true;
    if (rank != shape.rank)
      return false;
    for (int64_t d = 0; d < rank; ++d)
      if (dims[d] >= 0 && dims[d] != shape.dims[d])
        return false;
    return true;
  }
  bool operator==(const Shape &other) const {
    return rank == other.rank &&
           std::memcmp(dims, other.dims, rank * sizeof(int64_t)) == 0;
  }
  bool sameExceptFirst(const Shape &other) const {
    return rank == other.rank && std::memcmp(dims + 1, other.dims + 1,
                                             (rank - 1) * sizeof(int64_t)) == 0;
  }
  /// This shape without its first dim.
  Shape dropFirst() const {
    Shape rest = *this;
    if (rank > 0) {
      rest.rank = rank - 1;
      std::memmove(rest.dims, dims + 1, rest.rank * sizeof(int64_t));
    }
    return rest;
  }
  /// The number of elements of this fully defined shape, counted as
  /// TensorShape counts them, dim by dim: a failure with its message where
  /// a product passes 2**63 - 1, even before a 0 dim (shapes come from
  /// run-time values: a shape_to_prepend of [65536, 65536, 65536, 65536]).
  int64_t elements() const {
    int64_t n = 1;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t product;
      if (__builtin_mul_overflow(n, dims[d], &product))
        fail("Encountered overflow when multiplying %" PRId64 " with %" PRId64
             ", result: -1",
             n, dims[d]);
      n = product;
    }
    return n;
  }
  /// TensorShape::DebugString ("[2,?]", "<unknown>").
  void format(char *out, size_t n) const {
    int64_t encoded[2 + kMaxRank];
    encoded[0] = rank;
    std::memcpy(encoded + 1, dims, (rank < 0 ? 0 : rank) * sizeof(int64_t));
    _ta_rt_format_shape(out, n, encoded);
  }
};

/// The bytes of a tensor of the fully defined `shape`, of `elementBytes`
/// per element; TensorFlow's OOM message where they pass 2**63 - 1.
int64_t shapeBytes(const Shape &shape, int64_t elementBytes) {
  int64_t elements = shape.elements(), bytes;
  if (__builtin_mul_overflow(elements, elementBytes, &bytes))
    fail("OOM when allocating tensor: more than 2**63 - 1 bytes (%" PRId64
         " x %" PRId64 " bytes)",
         elements, elementBytes);
  return bytes;
}

/// Fails where a tensor of the fully defined `shape` could not be
/// allocated (shapeBytes). A partial shape is not checked: TensorFlow's
/// PartialTensorShape counts no elements past an unknown dim, and a slot of
/// that element shape may hold no element (a 0 for the unknown dim); the
/// slots are checked as they are written, and a read of an unwritten one
/// needs the shape fully defined.
void checkBytes(const Shape &shape, int64_t elementBytes) {
  if (shape.fullyDefined())
    (void)shapeBytes(shape, elementBytes);
}

Shape Shape::from(const int64_t *s) {
  Shape shape;
  if (!s || s[0] < 0)
    return shape;
  if (s[0] > kMaxRank)
    fail("ta supports element ranks up to %" PRId64 ", got %" PRId64, kMaxRank,
         s[0]);
  shape.rank = s[0];
  std::memcpy(shape.dims, s + 1, shape.rank * sizeof(int64_t));
  return shape;
}

struct Slot {
  void *data = nullptr; // null: no tensor (never written, or cleared)
  Shape shape;
  bool written = false, read = false, cleared = false;
};

/// A value a read gave: a slot's tensor (in the array's arena, which keeps
/// it after a clear_after_read read) or zeros (`data` null).
struct Pending {
  void *data;
  Shape shape;
};

/// An allocator for the runtime's vectors, over malloc and the blocks
/// libta_runtime keeps (a split into thousands of slots grows vectors of
/// hundreds of KiB each call): an allocation that
/// fails throws std::bad_alloc, which growOrFail turns into ta's OOM error,
/// whatever new-handler the process installed (LLVM's tools, mlir-runner
/// among them, abort in theirs).
template <typename T> struct HeapAllocator {
  using value_type = T;
  HeapAllocator() = default;
  template <typename U> HeapAllocator(const HeapAllocator<U> &) {}
  T *allocate(size_t n) {
    if (n > SIZE_MAX / sizeof(T))
      throw std::bad_array_new_length();
    if (void *p = ta::runtime::allocateHeapBlock(n ? n * sizeof(T) : 1))
      return static_cast<T *>(p);
    throw std::bad_alloc();
  }
  void deallocate(T *p, size_t) { ta::runtime::releaseHeapBlock(p); }
  bool operator==(const HeapAllocator &) const { return true; }
  bool operator!=(const HeapAllocator &) const { return false; }
};

struct DynamicArray {
  TAArrayHeader *header;
  int64_t elementBytes;
  int64_t elementKind; // TAElementKind: how accumulators add
  Shape elementShape;
  std::vector<Slot, HeapAllocator<Slot>> slots;
  std::vector<Pending, HeapAllocator<Pending>> pending;
  /// Where the slots' data live (SlotArena.h): freed all at once.
  ta::runtime::SlotArena arena;
  /// The values read make an empty result (a gather whose first value has
  /// no element): _ta_rt_dyn_take copies none of them.
  bool emptyResult = false;

  int64_t flags() const { return header->flags; }
  bool isGrad() const { return header->flags & TA_FLAG_IS_GRAD; }
  int64_t bytes(const Shape &shape) const {
    return shapeBytes(shape, elementBytes);
  }
};

/// "name" or "name@source", as TensorFlow names arrays in messages.
struct Name {
  char text[512];
  explicit Name(const TAArrayHeader *h) {
    text[0] = '\0';
    if (h->name && h->source)
      std::snprintf(text, sizeof(text), "%s@%s",
                    (const char *)(intptr_t)h->name,
                    (const char *)(intptr_t)h->source);
    else if (h->name)
      std::snprintf(text, sizeof(text), "%s", (const char *)(intptr_t)h->name);
  }
};

DynamicArray &open(int64_t header) {
  auto *h = (TAArrayHeader *)(intptr_t)header;
  if (h->flags & TA_FLAG_CLOSED)
    fail("TensorArray %s has already been closed.", Name(h).text);
  return *(DynamicArray *)(intptr_t)h->reserved;
}

/// Runs `grow`, a growth of the runtime's own bookkeeping (TensorFlow's
/// vector of slots); where it throws (std::bad_alloc, or std::length_error
/// past what a vector holds: a size or index near 2^63 from the program's
/// values), fails with ta's OOM error for `count` objects of `bytes` each,
/// as the arrays of static element shape do, instead of letting the
/// exception end the process. The failure is raised outside the handler:
/// the error handler may leave with longjmp.
template <typename Grow>
void growOrFail(Grow grow, int64_t count, int64_t bytes) {
  bool failed = false;
  try {
    grow();
  } catch (const std::exception &) {
    failed = true;
  }
  if (failed)
    _ta_rt_fail(TA_ERR_OOM, 0, count, bytes, TA_ALLOC_ARRAY);
}

void setSize(DynamicArray &a, size_t n) {
  growOrFail([&] { a.slots.resize(n); }, (int64_t)n, sizeof(Slot));
  a.header->size = (int64_t)n;
  a.header->capacity = (int64_t)n;
}

template <typename T> void addAll(void *into, const void *from, int64_t n) {
  T *x = static_cast<T *>(into);
  const T *y = static_cast<const T *>(from);
  for (int64_t k = 0; k < n; ++k) {
    if constexpr (std::is_integral_v<T>) {
      // Two's complement, wrapping as TensorFlow's Eigen sum and the static
      // lowering's arith.addi do (a signed overflow would be undefined;
      // found by ta-exec-fuzz under UBSan).
      using U = std::make_unsigned_t<T>;
      x[k] = static_cast<T>(static_cast<U>(x[k]) + static_cast<U>(y[k]));
    } else {
      x[k] += y[k];
    }
  }
}

/// AddToTensor: `n` elements of `from` added into `into`.
void add(DynamicArray &a, void *into, const void *from, int64_t n) {
  switch (a.elementKind * 16 + a.elementBytes) {
  case TA_ELEMENT_FLOAT * 16 + 4:
    return addAll<float>(into, from, n);
  case TA_ELEMENT_FLOAT * 16 + 8:
    return addAll<double>(into, from, n);
  case TA_ELEMENT_INTEGER * 16 + 1:
    return addAll<int8_t>(into, from, n);
  case TA_ELEMENT_INTEGER * 16 + 2:
    return addAll<int16_t>(into, from, n);
  case TA_ELEMENT_INTEGER * 16 + 4:
    return addAll<int32_t>(into, from, n);
  case TA_ELEMENT_INTEGER * 16 + 8:
    return addAll<int64_t>(into, from, n);
  case TA_ELEMENT_BOOL * 16 + 1:
    fail("tensor_array::AddToTensor type not supported: bool");
  default:
    fail("ta's runtime does not aggregate %" PRId64 "-byte floats yet",
         a.elementBytes);
  }
}

/// TensorFlow's Write (LockedWriteOrAggregate): a first write copies the
/// value into a tensor the slot owns; an accumulator's later writes add.
void write(DynamicArray &a, int64_t index, const Shape &shape,
           const void *data) {
  int64_t size = (int64_t)a.slots.size();
  bool dynamic = a.flags() & TA_FLAG_DYNAMIC;
  if (index < 0 || (!dynamic && index >= size))
    fail("TensorArray %s: Tried to write to index %" PRId64
         " but array is not resizeable and size is: %" PRId64,
         Name(a.header).text, index, size);
  if (index >= size)
    setSize(a, (size_t)index + 1);
  if (!a.elementShape.admits(shape)) {
    char value[256], element[256];
    shape.format(value, sizeof(value));
    a.elementShape.format(element, sizeof(element));
    fail("TensorArray %s: Could not write to TensorArray index %" PRId64
         " because the value shape is %s which is incompatible with the "
         "TensorArray's inferred element shape: %s (consider setting "
         "infer_shape=False).",
         Name(a.header).text, index, value, element);
  }
  if ((a.flags() & TA_FLAG_IDENTICAL_SHAPES) && !a.elementShape.fullyDefined())
    a.elementShape = shape;
  Slot &slot = a.slots[index];
  if (slot.read)
    fail("TensorArray %s: Could not write to TensorArray index %" PRId64
         " because it has already been read.",
         Name(a.header).text, index);
  if (slot.written && !a.isGrad())
    fail("TensorArray %s: Could not write to TensorArray index %" PRId64
         " because it has already been written to.",
         Name(a.header).text, index);
  if (slot.written && !(slot.shape == shape)) {
    char existing[256], value[256];
    slot.shape.format(existing, sizeof(existing));
    shape.format(value, sizeof(value));
    fail("TensorArray %s: Could not aggregate to TensorArray index %" PRId64
         " because the existing shape is %s but the new input shape is %s.",
         Name(a.header).text, index, existing, value);
  }
  if (slot.written && slot.data) {
    // An accumulator's later writes add (AddToTensor).
    add(a, slot.data, data, shape.elements());
    return;
  }
  int64_t bytes = a.bytes(shape);
  void *copy = a.arena.allocate(bytes ? (uint64_t)bytes : 1);
  if (!copy)
    fail("OOM when allocating tensor of %" PRId64 " bytes", bytes);
  if (bytes) // a zero-size value may have no data at all
    std::memcpy(copy, data, (size_t)bytes);
  slot.data = copy;
  slot.shape = shape;
  slot.written = true;
}

[[noreturn]] void failUnknownShape(DynamicArray &a, int64_t index) {
  char element[256];
  a.elementShape.format(element, sizeof(element));
  fail("TensorArray %s: Could not read from TensorArray index %" PRId64
       ".  Furthermore, the element shape is not fully defined: %s.  It is "
       "possible you are working with a resizeable TensorArray and "
       "stop_gradients is not allowing the gradients to be written.  If you "
       "set the full element_shape property on the forward TensorArray, the "
       "proper all-zeros tensor will be returned instead of incurring this "
       "error.",
       Name(a.header).text, index, element);
}

/// TensorFlow's Read (LockedRead); the value is queued for `take`. A slot
/// never written reads as zeros of the element shape (or, on an
/// accumulator, of the shape its forward slot had); an accumulator read
/// past its size grows to it.
void read(DynamicArray &a, int64_t index) {
  int64_t size = (int64_t)a.slots.size();
  if (index < 0 || (!a.isGrad() && index >= size))
    fail("Tried to read from index %" PRId64 " but array size is: %" PRId64,
         index, size);
  if (index >= size) {
    if (!a.elementShape.fullyDefined())
      failUnknownShape(a, index);
    setSize(a, (size_t)index + 1);
    for (int64_t k = size; k <= index; ++k) {
      a.slots[k].shape = a.elementShape;
      a.slots[k].written = true;
    }
  }
  Slot &slot = a.slots[index];
  if (!slot.written) {
    if (!a.elementShape.fullyDefined())
      failUnknownShape(a, index);
    slot.shape = a.elementShape;
    slot.written = true;
  }
  if (slot.cleared)
    fail("TensorArray %s: Could not read index %" PRId64
         " twice because it was cleared after a previous read (perhaps try "
         "setting clear_after_read = false?).",
         Name(a.header).text, index);
  bool clear = a.flags() & TA_FLAG_CLEAR_AFTER_READ;
  if (!slot.data && !clear) {
    // The slot keeps the zeros it now holds.
    int64_t bytes = a.bytes(slot.shape);
    slot.data = a.arena.allocate(bytes ? (uint64_t)bytes : 1);
    if (!slot.data)
      fail("OOM when allocating tensor of %" PRId64 " bytes", bytes);
    std::memset(slot.data, 0, bytes ? (size_t)bytes : 1);
  }
  growOrFail([&] { a.pending.push_back({slot.data, slot.shape}); },
             (int64_t)a.pending.size() + 1, sizeof(Pending));
  if (clear) {
    slot.data = nullptr;
    slot.cleared = true;
  }
  slot.read = true;
}

int64_t indexAt(int64_t indices, int64_t k, int64_t indexBytes) {
  switch (indexBytes) {
  case 1:
    return ((const int8_t *)(intptr_t)indices)[k];
  case 2:
    return ((const int16_t *)(intptr_t)indices)[k];
  case 4:
    return ((const int32_t *)(intptr_t)indices)[k];
  default:
    return ((const int64_t *)(intptr_t)indices)[k];
  }
}

/// Writes a result's shape to `out` as `{rank, dims...}`: `leading` (if
/// not negative) as its first dim, then `shape`'s dims from `first` on.
/// `out[0]` holds the rank the lowered code's result type has on entry
/// (-1: unranked); a result of another rank is an error, not dims written
/// past what that code reads.
void store(const Shape &shape, int64_t first, int64_t out,
           int64_t leading = -1) {
  auto *words = (int64_t *)(intptr_t)out;
  int64_t want = words[0];
  Shape result;
  result.rank = 0;
  if (leading >= 0)
    result.dims[result.rank++] = leading;
  for (int64_t d = first; d < shape.rank; ++d)
    result.dims[result.rank++] = shape.dims[d];
  if (want >= 0 && want != result.rank) {
    char text[256];
    result.format(text, sizeof(text));
    fail("the value read has shape %s, which is not of rank %" PRId64
         ", the rank of the program's type for it",
         text, want);
  }
  words[0] = result.rank;
  std::memcpy(words + 1, result.dims, result.rank * sizeof(int64_t));
}

/// Frees an array and everything it holds (not its header; the slots' data
/// with the arena).
void destroy(void *array) { delete static_cast<DynamicArray *>(array); }

/// A new array, recorded in the call scope (if any) until released.
DynamicArray *newArray() {
  auto *a = new (std::nothrow) DynamicArray();
  if (!a)
    _ta_rt_fail(TA_ERR_OOM, 0, 1, sizeof(DynamicArray), TA_ALLOC_ARRAY);
  _ta_rt_track(a, destroy);
  return a;
}

/// shape_to_prepend of ta.grad_with_shape (`prependRank` int32 dims at
/// `prepend`), checked as tensor::MakeShape does.
Shape prependedDims(int64_t prepend, int64_t prependRank) {
  if (prependRank > kMaxRank)
    fail("ta supports element ranks up to %" PRId64 ", got %" PRId64, kMaxRank,
         prependRank);
  Shape before;
  before.rank = prependRank;
  for (int64_t d = 0; d < prependRank; ++d) {
    before.dims[d] = ((const int32_t *)(intptr_t)prepend)[d];
    if (before.dims[d] < 0)
      fail("Dimension %" PRId64 " must be >= 0", before.dims[d]);
  }
  // MakeShape's TensorShape counts its elements.
  (void)before.elements();
  return before;
}

/// Fails where `before ++ shape` would pass ta's largest element rank.
void checkPrefixedRank(const Shape &before, const Shape &shape) {
  if (shape.rank >= 0 && before.rank + shape.rank > kMaxRank)
    fail("ta supports element ranks up to %" PRId64 ", got %" PRId64, kMaxRank,
         before.rank + shape.rank);
}

/// `before ++ shape`; of unknown rank where `shape` is.
Shape prefixed(const Shape &before, const Shape &shape) {
  Shape out;
  if (shape.rank < 0)
    return out;
  out = before;
  out.rank = before.rank + shape.rank;
  std::memcpy(out.dims + before.rank, shape.dims, shape.rank * sizeof(int64_t));
  return out;
}

/// TensorArrayGradOp's new accumulator, in the header `g` the lowered code
/// filled (name, source, flags, the type's partial shape): the size and
/// marked size of the forward array `h`, `size` slots, none written yet.
DynamicArray &newAccumulator(TAArrayHeader *g, const TAArrayHeader *h,
                             int64_t elementBytes, int64_t elementKind,
                             const Shape &elementShape, size_t size) {
  g->size = (int64_t)size;
  g->marked_size = h->marked_size;
  DynamicArray *a = newArray();
  a->header = g;
  a->elementBytes = elementBytes;
  a->elementKind = elementKind;
  a->elementShape = elementShape;
  setSize(*a, size);
  g->reserved = (int64_t)(intptr_t)a;
  return *a;
}

} // namespace

extern "C" {

void _ta_rt_dyn_init(int64_t header, int64_t elementBytes,
                     int64_t elementKind) {
  auto *h = (TAArrayHeader *)(intptr_t)header;
  if (h->size < 0)
    fail("Size should be >= 0.");
  Shape shape = Shape::from((const int64_t *)(intptr_t)h->element_shape);
  DynamicArray *a = newArray();
  a->header = h;
  a->elementBytes = elementBytes;
  a->elementKind = elementKind;
  a->elementShape = shape;
  setSize(*a, (size_t)h->size);
  h->reserved = (int64_t)(intptr_t)a;
}

void _ta_rt_dyn_grad(int64_t forward, int64_t accumulator, int64_t prepend,
                     int64_t prependRank) {
  auto *h = (TAArrayHeader *)(intptr_t)forward;
  // DisableDynamicSize comes first, even when the array is closed.
  h->flags &= ~(int64_t)TA_FLAG_DYNAMIC;
  DynamicArray &f = open(forward);
  if (!accumulator)
    return; // LookupOrCreate found it
  Shape before = prependedDims(prepend, prependRank);
  // Ranks and sizes are checked before anything is allocated (a failure
  // unwinds).
  checkPrefixedRank(before, f.elementShape);
  checkBytes(prefixed(before, f.elementShape), f.elementBytes);
  for (const Slot &slot : f.slots)
    if (slot.written) {
      checkPrefixedRank(before, slot.shape);
      checkBytes(prefixed(before, slot.shape), f.elementBytes);
    }
  auto *g = (TAArrayHeader *)(intptr_t)accumulator;
  g->flags |= h->flags & TA_FLAG_IDENTICAL_SHAPES;
  DynamicArray &a =
      newAccumulator(g, h, f.elementBytes, f.elementKind,
                     prefixed(before, f.elementShape), f.slots.size());
  // CopyShapesFrom: the forward array's written slots are soft written.
  for (size_t k = 0; k < f.slots.size(); ++k) {
    if (!f.slots[k].written)
      continue;
    a.slots[k].shape = prefixed(before, f.slots[k].shape);
    a.slots[k].written = true;
  }
}

void _ta_rt_dyn_grad_static(int64_t forward, int64_t state, int64_t accumulator,
                            int64_t elementBytes, int64_t elementKind,
                            int64_t prepend, int64_t prependRank) {
  const auto *h = (const TAArrayHeader *)(intptr_t)forward;
  Shape before = prependedDims(prepend, prependRank);
  Shape element = Shape::from((const int64_t *)(intptr_t)h->element_shape);
  checkPrefixedRank(before, element);
  Shape shape = prefixed(before, element);
  checkBytes(shape, elementBytes);
  DynamicArray &a =
      newAccumulator((TAArrayHeader *)(intptr_t)accumulator, h, elementBytes,
                     elementKind, shape, (size_t)h->size);
  // CopyShapesFrom: every slot of the forward array is of its element
  // shape; those its state says were written are soft written.
  const auto *states = (const uint8_t *)(intptr_t)state;
  if (!states)
    return;
  for (size_t k = 0; k < a.slots.size(); ++k) {
    if (!(states[k] & TA_SLOT_WRITTEN))
      continue;
    a.slots[k].shape = shape;
    a.slots[k].written = true;
  }
}

void _ta_rt_dyn_release(int64_t header) {
  auto *h = (TAArrayHeader *)(intptr_t)header;
  auto *a = (DynamicArray *)(intptr_t)h->reserved;
  if (!a)
    return;
  _ta_rt_untrack(a);
  destroy(a);
  h->reserved = 0;
}

void _ta_rt_dyn_close(int64_t header) {
  // Closing twice is allowed (ClearAndMarkClosed).
  auto *h = (TAArrayHeader *)(intptr_t)header;
  auto *a = (DynamicArray *)(intptr_t)h->reserved;
  for (Slot &slot : a->slots)
    slot.data = nullptr;
  // Values read and not yet taken keep theirs until the array goes.
  if (a->pending.empty())
    a->arena.release();
  h->flags |= TA_FLAG_CLOSED;
}

int64_t _ta_rt_dyn_size(int64_t header) {
  return (int64_t)open(header).slots.size();
}

void _ta_rt_dyn_write(int64_t header, int64_t index, int64_t shape,
                      int64_t data) {
  DynamicArray &a = open(header);
  write(a, index, Shape::from((const int64_t *)(intptr_t)shape),
        (const void *)(intptr_t)data);
}

void _ta_rt_dyn_read(int64_t header, int64_t index, int64_t shapeOut) {
  DynamicArray &a = open(header);
  read(a, index);
  store(a.pending.back().shape, 0, shapeOut);
}

void _ta_rt_dyn_gather(int64_t header, int64_t indices, int64_t count,
                       int64_t indexBytes, int64_t shapeOut) {
  auto *h = (TAArrayHeader *)(intptr_t)header;
  // No index: no read, so no closed check (TensorFlow's kernel merges the
  // element shape and returns); the reads check it otherwise.
  DynamicArray &a =
      count == 0 ? *(DynamicArray *)(intptr_t)h->reserved : open(header);
  if (count == 0) {
    if (!a.elementShape.fullyDefined()) {
      char element[256];
      a.elementShape.format(element, sizeof(element));
      fail("TensorArray has size zero, but element shape %s is not fully "
           "defined. Currently only static shapes are supported when packing "
           "zero-size TensorArrays.",
           element);
    }
    store(a.elementShape, 0, shapeOut, 0);
    return;
  }
  for (int64_t k = 0; k < count; ++k)
    read(a, indexAt(indices, k, indexBytes));
  const Shape &first = a.pending.front().shape;
  // TensorFlow's kernel returns an empty output ([count] + the first
  // value's shape) before it compares the shapes: "nothing to concatenate".
  if (first.elements() == 0) {
    a.emptyResult = true;
    store(first, 0, shapeOut, count);
    return;
  }
  for (size_t k = 1; k < a.pending.size(); ++k) {
    if (a.pending[k].shape == first)
      continue;
    char s0[256], sk[256];
    first.format(s0, sizeof(s0));
    a.pending[k].shape.format(sk, sizeof(sk));
    fail("TensorArray has inconsistent shapes.  Index 0 has shape: %s but "
         "index %zu has shape: %s",
         s0, k, sk);
  }
  // The result, [count] ++ the values' shape, whose size the lowered code
  // computes from this shape (values read as zeros take no memory until
  // then): checked as the concat's.
  Shape counted;
  counted.rank = 1;
  counted.dims[0] = count;
  (void)a.bytes(prefixed(counted, first));
  store(first, 0, shapeOut, count);
}

int64_t _ta_rt_dyn_concat(int64_t header, int64_t shapeOut) {
  DynamicArray &a = open(header);
  // PackOrConcatSize: an accumulator's marked size (-1, read as 0, when its
  // forward array was never split; TensorFlow 2.21 crashes there).
  int64_t count = (int64_t)a.slots.size();
  if (a.isGrad())
    count = a.header->marked_size > 0 ? a.header->marked_size : 0;
  if (count == 0) {
    Shape rest = a.elementShape.dropFirst();
    if (!rest.fullyDefined()) {
      char element[256];
      rest.format(element, sizeof(element));
      fail("TensorArray has size zero, but element_shape_except0 %s is not "
           "fully defined. Currently only static shapes are supported when "
           "concatenating zero-size TensorArrays.",
           element);
    }
    store(a.elementShape, 1, shapeOut, 0);
    return 0;
  }
  for (int64_t k = 0; k < count; ++k)
    read(a, k);
  const Shape &first = a.pending.front().shape;
  int64_t rows = 0;
  for (size_t k = 0; k < a.pending.size(); ++k) {
    const Shape &shape = a.pending[k].shape;
    if (shape.rank < 1)
      fail("Concat saw a scalar shape at index %zu but requires at least "
           "vectors.  Did you mean to call pack?",
           k);
    if (!shape.sameExceptFirst(first)) {
      char s0[256], sk[256];
      first.dropFirst().format(s0, sizeof(s0));
      shape.dropFirst().format(sk, sizeof(sk));
      fail("TensorArray has inconsistent shapes.  Index 0 has (excepting "
           "dimension 0) shape: %s but index %zu has (excepting dimension 0) "
           "shape: %s",
           s0, k, sk);
    }
    if (__builtin_add_overflow(rows, shape.dims[0], &rows))
      fail("OOM when allocating tensor: more than 2**63 - 1 bytes");
  }
  // The result's size, as the gather's.
  Shape result = first;
  result.dims[0] = rows;
  (void)a.bytes(result);
  store(first, 1, shapeOut, rows);
  return count;
}

void _ta_rt_dyn_take(int64_t header, int64_t target, int64_t lengths) {
  auto *h = (TAArrayHeader *)(intptr_t)header;
  DynamicArray &a = *(DynamicArray *)(intptr_t)h->reserved;
  char *out = (char *)(intptr_t)target;
  for (size_t k = 0; k < a.pending.size(); ++k) {
    Pending &p = a.pending[k];
    int64_t bytes = a.emptyResult ? 0 : a.bytes(p.shape);
    if (bytes && p.data)
      std::memcpy(out, p.data, (size_t)bytes);
    else if (bytes)
      std::memset(out, 0, (size_t)bytes);
    out += bytes;
    if (lengths)
      ((int64_t *)(intptr_t)lengths)[k] = p.shape.dims[0];
  }
  a.pending.clear();
  a.emptyResult = false;
}

void _ta_rt_dyn_scatter(int64_t header, int64_t indices, int64_t count,
                        int64_t indexBytes, int64_t valueShape, int64_t data) {
  Shape value = Shape::from((const int64_t *)(intptr_t)valueShape);
  // TensorFlow's order: the value's rank (an unranked value may be a
  // scalar), then the array's size (closed), then the counts.
  if (value.rank < 1)
    fail("Input value for unpack must be at least a vector but received "
         "shape: []");
  DynamicArray &a = open(header);
  if (count != value.dims[0])
    fail("Expected len(indices) == values.shape[0], but saw: %" PRId64
         " vs. %" PRId64,
         count, value.dims[0]);
  int64_t size = (int64_t)a.slots.size(), max = -1;
  for (int64_t k = 0; k < count; ++k) {
    int64_t index = indexAt(indices, k, indexBytes);
    max = index > max ? index : max;
  }
  // A growable array grows to the largest index (its write fails with the
  // OOM error where that cannot be had), so only a fixed one can fail here:
  // no max + 1 to compute, which would wrap for an index of INT64_MAX (as
  // in the lowering of static element shapes).
  if (!(a.flags() & TA_FLAG_DYNAMIC) && max >= size)
    fail("Max scatter index must be < array size (%" PRId64 " vs. %" PRId64 ")",
         max, size);
  Shape row = value.dropFirst();
  int64_t rowBytes = a.bytes(row);
  for (int64_t k = 0; k < count; ++k)
    write(a, indexAt(indices, k, indexBytes), row,
          (const char *)(intptr_t)data + k * rowBytes);
}

void _ta_rt_dyn_split(int64_t header, int64_t lengths, int64_t count,
                      int64_t valueShape, int64_t data) {
  Shape value = Shape::from((const int64_t *)(intptr_t)valueShape);
  // TensorFlow's order: the value's rank (an unranked value may be a
  // scalar), the lengths and their sum, then the array's size (closed).
  if (value.rank < 1)
    fail("Expected value to be at least a vector, but received shape: []");
  const int64_t *length = (const int64_t *)(intptr_t)lengths;
  for (int64_t k = 0; k < count; ++k)
    if (length[k] < 0)
      fail("Expected lengths to be non-negative, but lengths[%" PRId64
           "] is %" PRId64,
           k, length[k]);
  // TensorFlow's int64 sum wraps; past 2^63 - 1 it is ta's error (where
  // it wraps to the value's rows, TensorFlow's kernel reads past the value).
  int64_t sum = 0;
  bool wrapped = false;
  for (int64_t k = 0; k < count; ++k)
    wrapped |= __builtin_add_overflow(sum, length[k], &sum);
  if (wrapped) {
    char shape[256];
    value.format(shape, sizeof(shape));
    fail("Expected sum of lengths to be equal to values.shape[0], but sum of "
         "lengths is more than 2**63 - 1 and value's shape is: %s",
         shape);
  }
  if (sum != value.dims[0]) {
    char shape[256];
    value.format(shape, sizeof(shape));
    fail("Expected sum of lengths to be equal to values.shape[0], but sum of "
         "lengths is %" PRId64 " and value's shape is: %s",
         sum, shape);
  }
  DynamicArray &a = open(header);
  int64_t size = (int64_t)a.slots.size();
  if ((a.flags() & TA_FLAG_DYNAMIC) && size < count)
    size = count;
  if (size != count)
    fail("TensorArray's size is not equal to the size of lengths (%" PRId64
         " vs. %" PRId64 "), and the TensorArray is not marked as dynamically "
         "resizeable",
         size, count);
  if (!a.isGrad()) // SetMarkedSize does nothing on an accumulator
    a.header->marked_size = count;
  Shape element = value;
  int64_t rowBytes = a.bytes(value.dropFirst());
  const char *rows = (const char *)(intptr_t)data;
  for (int64_t k = 0; k < count; ++k) {
    element.dims[0] = length[k];
    write(a, k, element, rows);
    rows += length[k] * rowBytes;
  }
}

} // extern "C"

//===- ArrayLayout.h - header, data and state of an array -------*- C++ -*-===//
//
// Every TensorArray is one byte buffer held in a box:
//
//   [ header: 8 x i64 | data: capacity x elt | state: capacity x i8 ]
//     0                64                    64 + capacity x elt bytes
//
// The state is there where hasState() says so (strict mode, lazy zeroing).
// The data starts at byte 64 whatever the capacity: a slot's address does
// not depend on it, and growth extends the buffer in place (a realloc) and
// moves only the state, a byte per slot. The header is TAArrayHeader of
// include/ta/Runtime/TAABI.h. ArrayLayout is the one place that knows these
// offsets: every pattern reaches a header field, a slot's state or a slot's
// data through it.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_ARRAYLAYOUT_H
#define TA_LIB_CONVERSION_TATOMEMREF_ARRAYLAYOUT_H

#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Dialect/TA/IR/TAOps.h"
#include "ta/Runtime/TAABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::ta::lowering {

/// The header words, flags and slot states of TAABI.h under the names the
/// lowering uses.
enum HeaderField : int64_t {
  kSize = TA_HEADER_SIZE,
  kCapacity = TA_HEADER_CAPACITY,
  kFlags = TA_HEADER_FLAGS,
  kMarkedSize = TA_HEADER_MARKED_SIZE,
  kName = TA_HEADER_NAME,
  kSource = TA_HEADER_SOURCE,
  kElementShape = TA_HEADER_ELEMENT_SHAPE,
  kReserved = TA_HEADER_RESERVED,
  kHeaderFields = TA_HEADER_WORDS,
};
constexpr int64_t kHeaderBytes = TA_HEADER_BYTES;
constexpr int64_t kAlignment = TA_BUFFER_ALIGNMENT;

enum ArrayFlag : int64_t {
  kClosed = TA_FLAG_CLOSED,
  kDynamic = TA_FLAG_DYNAMIC,
  kClearAfterRead = TA_FLAG_CLEAR_AFTER_READ,
  kIsGrad = TA_FLAG_IS_GRAD,
  kInFrame = TA_FLAG_IN_FRAME,
};

enum SlotState : int64_t {
  kWritten = TA_SLOT_WRITTEN,
  kRead = TA_SLOT_READ,
  kCleared = TA_SLOT_CLEARED,
  kMaterialized = TA_SLOT_MATERIALIZED,
};

/// Whether the lowering supports arrays of this type (static element
/// shapes).
bool isSupported(HandleType type);
/// Whether arrays of this type have elements with open dims or of unknown
/// rank, which the runtime keeps (OpenArrayLowering.cpp).
bool hasOpenElementShape(HandleType type);

/// Builds the scalar code of a lowered operation: constants, casts,
/// comparisons, loops, and the memory ta manages itself.
class CodeBuilder {
public:
  CodeBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value index(int64_t v);
  Value i64(int64_t v);
  Value i8(int64_t v);
  Value toIndex(Value v);
  /// An index or narrower integer as an i64 (sign-extended).
  Value toI64(Value v);
  Value cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs);
  /// Whether `bit` is set in `word`.
  Value hasBit(Value word, int64_t bit);

  /// Allocates / frees memory that ta manages itself: boxes and the buffers
  /// they hold, whose lifetime follows the arrays, not SSA scopes. Marked as
  /// manual deallocation, so that the buffer deallocation pipeline (which
  /// frees the temporaries bufferization creates) leaves them alone.
  Value allocStorage(MemRefType type, ValueRange sizes = {},
                     int64_t alignment = 0);
  void freeStorage(Value memref);

  /// A new box of `slots` slots: `buffer` in slot 0 (the array), an empty
  /// (zero-size) view in each of the others (one per gradient source, until
  /// its accumulator is made). Marked like allocStorage's; in the frame
  /// (memref.alloca) where `inFrame` (FrameArrays).
  Value newBox(Value buffer, int64_t slots, bool inFrame = false);
  /// A new box of `slots` slots of `buffers` (`memref<?xi8>`), their
  /// contents for fillBox to store.
  Value allocBox(int64_t slots, bool inFrame = false);
  /// Stores `buffer` in slot 0 of `box` and an empty (zero-size) view of it
  /// in each other slot (a loop where the box's size is dynamic).
  void fillBox(Value box, Value buffer);
  /// The handle of the array in slot `slot` of `box`: the box itself for
  /// slot 0, a view of the slot for an accumulator, of the box type.
  Value handleOf(Value box, int64_t slot);

  /// The address (i64) of a memref's data (with identity layout), for the
  /// runtime.
  Value address(Value buffer);

  /// An `scf.for` from `lb` to `ub` (index values); `body` runs with the
  /// insertion point inside the loop and receives the induction variable.
  void forLoop(Value lb, Value ub, llvm::function_ref<void(Value)> body);
  /// An `scf.if` on `condition` (an i1) of no results: `then` builds its
  /// then-block, `otherwise` its else-block.
  void ifElse(Value condition, llvm::function_ref<void()> then,
              llvm::function_ref<void()> otherwise);

  OpBuilder &b;
  Location loc;
};

/// The layout of the arrays of one handle type in one checks mode.
class ArrayLayout : public CodeBuilder {
public:
  ArrayLayout(OpBuilder &b, Location loc, HandleType type, ChecksMode checks);

  /// Bytes of one element.
  int64_t elementBytes() const { return elementBytesOf(element); }
  /// The bytes of one element of `element` (a static shape).
  static int64_t elementBytesOf(RankedTensorType element);
  /// The most slots a buffer can have: bufferBytes of more would not fit in
  /// an int64.
  int64_t maxCapacity() const;
  /// Whether arrays of this type can grow: only forward arrays of unknown
  /// SIZE (the verifier rejects dynamic_size with a static SIZE).
  bool mayGrow() const { return !type.getIsGrad() && !type.hasStaticSize(); }
  /// Whether some operation grows arrays of this type: writes to growable
  /// forward arrays, and reads of accumulators past their size.
  bool growsSomewhere() const { return mayGrow() || type.getIsGrad(); }
  /// Whether the data of new slots is left uninitialized, a read zeroing a
  /// slot its state says was never written (materialized), rather than
  /// zeroed when allocated: in both checks modes, for elements of
  /// kLazyZeroingBytes or more. Smaller elements are zeroed when allocated:
  /// for them the test on every read costs more than the zeroing saves.
  bool lazyZeroing() const { return elementBytes() >= kLazyZeroingBytes; }
  static constexpr int64_t kLazyZeroingBytes = 64;
  /// Whether each slot has a state byte: in strict mode, for TensorFlow's
  /// checks; with checks=none, where lazy zeroing needs it.
  bool hasState() const { return strict || lazyZeroing(); }

  /// Slot `slot` of a box: an array's buffer, or an accumulator's.
  Value loadBuffer(Value box, int64_t slot = 0);
  void storeBuffer(Value buffer, Value box, int64_t slot = 0);

  /// The header words of a buffer, and one of them.
  Value header(Value buffer);
  Value get(Value header, HeaderField field);
  void set(Value header, HeaderField field, Value value);

  /// Byte offset of the data: kHeaderBytes, whatever the capacity.
  Value dataOffset();
  /// Byte offset of the state of a buffer of `capacity` slots (an index
  /// value): the end of its data.
  Value stateOffset(Value capacity);
  /// The index of slot `i` (an integer or index value) that a bounds check
  /// accepted: as an index, with the sign bit cleared, which changes no
  /// valid index and tells LLVM that its slot lies past the header.
  Value slotIndex(Value i);
  /// Total bytes of a buffer of `capacity` slots.
  Value bufferBytes(Value capacity);
  /// bufferBytes of a constant capacity.
  int64_t bufferBytes(int64_t capacity) const;
  /// The per-slot state bytes (where hasState()).
  Value stateView(Value buffer, Value capacity);
  /// The element data as `memref<capacity x element>`.
  Value dataView(Value buffer, Value capacity);
  /// The data of slots `[0, n)` as `memref<n x element>` with the identity
  /// layout (a whole-range copy into or out of it is one memcpy).
  Value leadingSlots(Value buffer, Value n);
  /// The data of slots `[first, first + n)` (`first` an index value, `n` a
  /// constant or an index value) as `memref<n x element>` with the identity
  /// layout.
  Value slotRange(Value buffer, Value first, OpFoldResult n);
  /// Row `i` of a memref `[n] ++ element`, rank-reduced to the element
  /// shape.
  Value slot(Value data, Value i);
  /// Byte offset of slot `i` (an index value, a slotIndex below the
  /// buffer's capacity).
  Value slotOffset(Value i);
  /// The element at byte `offset` of a buffer, as a memref of the element
  /// shape with the identity layout.
  Value elementAt(Value buffer, Value offset);
  /// Slot `i` of a buffer: elementAt(slotOffset). Its
  /// address is one in-bounds offset from the buffer's (no subview offset
  /// that the memref lowering would add without flags), so LLVM sees an
  /// element access stay past the header.
  Value slotAt(Value buffer, Value i);
  /// The type elementAt gives.
  MemRefType elementMemRefType() const;
  /// Rows `[i, i + element dim 0)` of a memref with the element's rank.
  Value rows(Value data, Value i);
  /// A subview of `data` of type `type`; for elements of no values, a
  /// reinterpret_cast of that type (the subview verifier rejects offsets
  /// into a dim of 0).
  Value subview(Value data, MemRefType type, ArrayRef<OpFoldResult> offsets,
                ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides);
  /// A byte range of a buffer, as a view with an identity layout: copies of
  /// it lower to memcpy (a strided subview with a dynamic offset would go
  /// through the runtime's generic, element-by-element memrefCopy).
  Value bytes(Value buffer, Value offset, Value length);

  /// Allocates a buffer of `capacity` slots (at most maxCapacity()),
  /// uninitialized (ArrayEmitter::newBuffer zeroes what must be).
  Value allocBuffer(Value capacity);
  void zeroFill(Value bytes);

  HandleType type;
  RankedTensorType element;
  bool strict;
};

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_ARRAYLAYOUT_H

//===- ArrayEmitter.h - TensorFlow's per-slot semantics as code -*- C++ -*-===//
//
// The code every element operation shares: TensorFlow's checks (failing
// through the runtime with its error codes), growth, and the Write and Read
// of one slot (LockedWriteOrAggregate, LockedRead) with their state updates.
// The patterns of each op group build on it.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_ARRAYEMITTER_H
#define TA_LIB_CONVERSION_TATOMEMREF_ARRAYEMITTER_H

#include "ArrayLayout.h"
#include "RuntimeFunctions.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::ta::lowering {

/// Fills `args` with the values a failure message needs; called only on the
/// failure path, so that building them costs nothing when checks pass.
using MessageArgs = llvm::function_ref<void(SmallVectorImpl<Value> &)>;

/// A slot of an array: its buffer, the buffer's capacity and the slot's
/// index (index values).
struct SlotRef {
  Value buffer;
  Value capacity;
  Value index;
};

/// Emits the code of one lowered operation on arrays of one handle type.
class ArrayEmitter : public ArrayLayout {
public:
  ArrayEmitter(OpBuilder &b, Location loc, HandleType type, ChecksMode checks,
               ModuleSymbols &symbols)
      : ArrayLayout(b, loc, type, checks), symbols(symbols) {}

  /// The address of the module's global describing `shape`.
  Value shapeAddress(ArrayRef<int64_t> shape);

  /// Calls the runtime's failure function (which does not return) when
  /// `condition` holds. `buffer` (optional) is the array whose header names
  /// it; `args` builds the message's values inside the failure branch.
  void failIf(Value condition, TARuntimeError code, Value buffer,
              MessageArgs args = nullptr);

  /// Fails with TensorFlow's "OOM when allocating", in both checks modes,
  /// when a buffer of `slots` slots (an index value) would have a byte size
  /// past an int64 (a negative `slots` included). Whether the allocation
  /// itself succeeds is checked by libta_runtime's allocation functions
  /// (runtime/Allocation.cpp).
  void checkCapacity(Value slots);
  /// A new buffer of `capacity` slots after checkCapacity (allocBuffer).
  /// Zeroed where reads need zeros (the header and state, and with small
  /// elements the data, unless `filled`: the array's first operation writes
  /// every slot, FilledArrays).
  Value newBuffer(Value capacity, bool filled = false);
  /// A new buffer of `capacity` slots in the function's frame
  /// (FrameArrays: a constant capacity of a few KiB at most), zeroed as
  /// newBuffer's.
  Value newFrameBuffer(int64_t capacity, bool filled = false);
  /// The buffer of an array whose data and state nothing reads or writes
  /// (DatalessArrays): its header alone, zeroed; in the function's frame
  /// where `inFrame`.
  Value newHeaderBuffer(bool inFrame);
  /// A buffer of `bytes` bytes (a constant), uninitialized, as
  /// `memref<?xi8>`: in the function's frame where `inFrame`, else ta's own
  /// heap storage.
  Value staticBuffer(int64_t bytes, bool inFrame);
  /// The bytes of a new buffer of `capacity` slots that must start as
  /// zeros: the header and state with lazy zeroing or where `filled`, else
  /// all of it.
  SmallVector<Value, 2> zeroedAtCreation(Value buffer, Value capacity,
                                         bool filled = false);
  /// Zero-fills `bytes` of a buffer fresh from allocBuffer(`capacity`)
  /// unless it is zero already (TA_FRESH_BUFFER_IS_ZERO: on the CPU, a
  /// buffer libta_runtime mapped, which filling would back page by page).
  void zeroFillFresh(ArrayRef<Value> bytes, Value capacity);
  /// Zeroes the data of the slots of [0, capacity) outside [lb, ub) (index
  /// values; all of them where the range is empty) of a buffer fresh from
  /// newBuffer / newFrameBuffer(filled) (`inFrame`: the latter): what a
  /// loop writing [lb, ub) leaves unwritten (FilledArrays::fillingLoop).
  void zeroSlotsOutside(Value buffer, Value capacity, Value lb, Value ub,
                        bool inFrame);
  /// Reserves capacity for the slots up to `ub` of the growable array in
  /// `box`, about to be written at indices in [lb, ub) (index values): by a
  /// loop that fills it (FilledArrays::reservingLoop) or a scatter. Where
  /// 0 <= lb < ub, ub is past its capacity and at most maxCapacity(), a call
  /// of the module's reservation function, which leaves the array as it was
  /// where the allocation fails. Nothing where that function cannot be had:
  /// growth is then what it was. `overwritten`: every slot in [0, ub) is
  /// written before anything can read one (lookupOrDefineReserveFunction).
  void reserveFor(Value box, Value lb, Value ub, bool overwritten = false);
  /// The capacity growth from `oldCapacity` slots allocates for at least
  /// `capacity` (at most maxCapacity()): for a buffer that is zero when
  /// fresh (mapped), the next one congruent to `oldCapacity` modulo
  /// TA_MOVE_GRANULE_BYTES where that fits, so that the two state offsets
  /// agree modulo the page size and the state moves by remapping.
  Value congruentCapacity(Value capacity, Value oldCapacity);

  /// Loads the buffer and header of the array in `box`; in strict mode,
  /// fails first when the array is closed (every method but Close checks).
  std::pair<Value, Value> open(Value box);
  /// Fails with "has already been closed." when the array is closed.
  void checkOpen(Value buffer, Value header);

  /// `i < 0 || i >= size`, where `allowPastEnd` (if given) exempts the
  /// second half.
  Value outOfBounds(Value i, Value size, Value allowPastEnd = {});

  /// Makes room for slot `i` (an i64 >= 0), sets the size to at least
  /// `i + 1`, and returns the possibly new buffer. The growth itself is a
  /// call of the module's growth function for this element size.
  Value growFor(Value box, Value buffer, Value header, Value i);

  /// `target += source`, elementwise (bool: or). With `intoZeroed`, a float
  /// target element that is zero (+0.0: never written, in a zeroed
  /// accumulator without slot state; -0.0, for which this is the sum)
  /// takes the source element as it is, so that a first write of -0.0
  /// stays -0.0 as TensorFlow stores it (0.0 + -0.0 would be +0.0).
  void accumulate(Value target, Value source, bool intoZeroed = false);

  /// TensorFlow's Write (LockedWriteOrAggregate) of `source`, a memref of
  /// the element shape, to slot `i` (an i64) of the array in `box`. In
  /// strict mode `shapeMismatch` (optional) says that the value's shape is
  /// not the element shape, and `valueShape` gives the value shape's
  /// address for the message.
  void writeSlot(Value box, Value i, Value source, Value shapeMismatch = {},
                 MessageArgs valueShape = nullptr);

  /// The rest of TensorFlow's Write of `source` to `slot`, which is there
  /// (the array open, the index `i` in bounds, room made): the state checks
  /// and updates, then the copy (or, into an accumulator, the sum). A
  /// forward array's Write of a null `source` moves no data (its caller
  /// does: TAToMemRefOptions::bulkMoves); so does writeSlot's.
  void writeInBounds(SlotRef slot, Value i, Value source);

  /// TensorFlow's Read (LockedRead) of slot `i` (an i64) of the array in
  /// `box`: the checks and state updates, then the slot's data as a memref of
  /// the element shape, which the caller copies out before the next array
  /// operation. An unwritten slot reads as zeros (without state the data
  /// starts zeroed; with it, the read zeroes a slot never written); an
  /// accumulator read past its size grows it.
  Value readSlot(Value box, Value i);
  /// readSlot's checks and state updates, giving the byte offset (an index)
  /// of the slot in the array's buffer, as the box holds it after the read.
  Value readSlotOffset(Value box, Value i);
  /// readSlotOffset of slot `i` of a forward array whose buffer and header
  /// words (`flags`, `size`, `capacity`: i64s) were loaded before: a Read
  /// changes neither (what a gather's Reads share).
  Value readLoadedSlotOffset(Value buffer, Value flags, Value size,
                             Value capacity, Value i);
  /// The rest of TensorFlow's Read of `slot`, which is there (the array
  /// open, the index `i` in bounds, an accumulator's room made and its size
  /// set): the state checks and updates, the zeroing of a slot never
  /// written. `clear` is readClearBits of the array's header.
  void readInBounds(SlotRef slot, Value i, Value clear);
  /// The state bits a Read adds besides written and read (an i8): kCleared
  /// for an array that clears after reads, in strict mode; else 0.
  Value readClearBits(Value header);
  /// The same from the header's flags (an i64).
  Value readClearBitsOf(Value flags);
  /// For reads of an accumulator at indices below its capacity (an i64 of
  /// `header`), whose largest is `max` (-1 for none): the size each Read
  /// would set (at least `max + 1`), set once, so that the reads can be
  /// readInBounds.
  void sizeBeforeReads(Value header, Value max);

  /// Whether every Write (`write`) or every Read of a loop over slots
  /// `[lb, ub)` (i64s) of the forward array in `box` can go without its
  /// per-slot work, whatever the loop does in between (it touches no other
  /// slot of the array): the array open, `0 <= lb < ub <= size` (the slots
  /// are there and no access grows the buffer), and in strict mode every
  /// slot unwritten (Write: no written, read or cleared bit) or written and
  /// materialized, not cleared (Read); with checks=none, for reads with
  /// lazy zeroing, every slot materialized (none to zero). One vectorized
  /// scan of the state. If so, the state of the range is set to what the
  /// accesses leave, and the loop's accesses are writePrecheckedSlot or
  /// readPrecheckedSlotOffset of the buffer read before it.
  Value claimLoopSlots(Value box, Value lb, Value ub, bool write);
  /// The Write of `source` to slot `i` of a loop claimLoopSlots accepted,
  /// in `buffer`: the copy, nothing else.
  void writePrecheckedSlot(Value buffer, Value i, Value source);
  /// The Read of slot `i` of a loop claimLoopSlots accepted, as
  /// readSlotOffset gives it: the slot's byte offset, nothing else.
  Value readPrecheckedSlotOffset(Value i);

  /// The size a bulk write needing `needed` slots (an i64) checks against:
  /// a growable array (dynamic flag still set) grows to it first.
  Value sizeAfterGrowth(Value header, Value needed);

  /// One scan of the state of slots `[0, count)` (a loop LLVM vectorizes):
  /// the OR of the state bytes (some slot has a bit: hasBit) and, with
  /// `withAnd`, their AND (every slot has bits: hasAllBits).
  std::pair<Value, Value> foldState(Value state, Value count,
                                    bool withAnd = false);
  /// Whether every bit of `bits` is set in the i8 `word`.
  Value hasAllBits(Value word, int64_t bits);
  /// Sets `bits` (an i8) in the state of slots `[0, count)`.
  void markState(Value state, Value count, Value bits);

  /// The i1 constant 1.
  Value one();

  /// Entry `k` of a 1-D integer memref (indices, lengths) as an i64.
  Value entry(Value vector, Value k);
  /// Folds `combine` over the entries (as i64) of a 1-D integer memref of
  /// `count` entries, starting from `init`.
  Value reduce(Value vector, Value count, Value init,
               llvm::function_ref<Value(Value, Value)> combine);

  /// The module's symbols, where runtime functions, growth and access
  /// functions and constants are found or created.
  ModuleSymbols &symbols;

private:
  /// What readSlot and readSlotOffset share: everything but the data.
  SlotRef prepareRead(Value box, Value i);
};

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_ARRAYEMITTER_H

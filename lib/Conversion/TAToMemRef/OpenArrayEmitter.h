//===- OpenArrayEmitter.h - code of ops on runtime-kept arrays --*- C++ -*-===//
//
// Arrays whose element type leaves dims open (`tensor<?x4xf32>`, or
// unranked) keep their slots in libta_runtime (runtime/DynamicArrays.cpp);
// the box holds the 64-byte header alone, the runtime's array in its
// `reserved` word. OpenArrayEmitter builds the calls that operate on them:
// headers, values passed as `{rank, dims...}` and contiguous data, and
// results whose shape the runtime reports before they are allocated.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_OPENARRAYEMITTER_H
#define TA_LIB_CONVERSION_TATOMEMREF_OPENARRAYEMITTER_H

#include "ArrayLayout.h"
#include "RuntimeFunctions.h"

namespace mlir::ta::lowering {

/// The runtime functions the open-array code calls.
inline constexpr const char *kOpenArrayFunctions[] = {
    TA_RT_DYN_INIT,   TA_RT_DYN_GRAD,  TA_RT_DYN_RELEASE, TA_RT_DYN_CLOSE,
    TA_RT_DYN_SIZE,   TA_RT_DYN_WRITE, TA_RT_DYN_READ,    TA_RT_DYN_GATHER,
    TA_RT_DYN_CONCAT, TA_RT_DYN_TAKE,  TA_RT_DYN_SCATTER, TA_RT_DYN_SPLIT};

/// The code of one op on an array the runtime keeps: calls on its header.
struct OpenArrayEmitter : CodeBuilder {
  OpenArrayEmitter(OpBuilder &b, Location loc, HandleType type,
                   ModuleSymbols &symbols)
      : CodeBuilder(b, loc), type(type), element(type.getElementType()),
        symbols(symbols) {}

  /// Calls the runtime function `name` (the pattern checked that it can be
  /// declared); its result, if any.
  Value call(StringRef name, ValueRange args);

  /// The address of the header of the array in `box`.
  Value header(Value box);

  /// Bytes of one scalar of the element type, and what it is
  /// (TAElementKind).
  Value scalarBytes();
  Value scalarKind();

  /// A new 64-byte header with its fields set (the runtime's word 0).
  Value newHeader(int64_t flags, Value size, Value name, Value source,
                  Value shape);

  /// The address of the partial element shape (-1 for an open dim, a rank
  /// of -1 for an unranked element).
  Value partialShape();

  /// Runs `body` in a memref.alloca_scope (the op may sit in a loop), giving
  /// the i64 values it returns out of the scope as index values.
  SmallVector<Value> scoped(unsigned results,
                            llvm::function_ref<SmallVector<Value>()> body);

  /// A stack buffer of `n` i64 words.
  Value words(int64_t n);

  /// Calls the runtime function `name` with `args`, then the address of
  /// `value`'s shape `{rank, dims...}` and of its data. The shape is on the
  /// stack for the call; an unranked value's, whose dims a loop stores (no
  /// loop can sit in an alloca scope when scf becomes cf), on the heap.
  void callWithValue(StringRef name, SmallVector<Value> args, Value value);

  /// The first `n` words of `buffer`.
  SmallVector<Value> load(Value buffer, int64_t n);

  /// Words for a result's shape as the runtime reports it: `{rank, d0,
  /// ...}` of a gather's result at most.
  static constexpr int64_t kShapeWords = 2 + TA_MAX_ELEMENT_RANK;

  /// The value a read, gather or concat reports: `report` calls the runtime
  /// with the address the result's shape goes to, then the result of type
  /// `resultType` is allocated and filled by _ta_rt_dyn_take, with concat's
  /// lengths when `lengths` is given (it is set to them, as many as the
  /// number `report` returns).
  Value takeResult(Value box, TensorType resultType,
                   llvm::function_ref<Value(Value)> report,
                   Value *lengths = nullptr);

  /// A 1-D integer operand as the runtime takes it.
  struct Vector {
    Value address, count, entryBytes;
  };
  Vector vector(Value tensor);

  /// A ranked `tensor`'s contiguous data (row-major, from the aligned
  /// pointer).
  Value data(Value tensor);

  HandleType type;
  TensorType element;
  ModuleSymbols &symbols;

private:
  /// takeResult of an unranked result: its shape, reported into a heap
  /// buffer, reshapes a flat allocation of its elements.
  Value takeUnranked(Value box, TensorType resultType,
                     llvm::function_ref<Value(Value)> report, Value *lengths);
  /// _ta_rt_dyn_take into `result`, and into concat's lengths (`count`, an
  /// index, of them) when asked for.
  void take(Value box, Value result, Value count, Value *lengths);
};

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_OPENARRAYEMITTER_H

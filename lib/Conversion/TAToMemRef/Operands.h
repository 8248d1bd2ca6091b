//===- Operands.h - tensors at the buffer boundary --------------*- C++ -*-===//
//
// The patterns take tensors (values written, indices, lengths) and give
// tensors (values read, gathered, concatenated), while arrays live in
// buffers: these helpers cross that boundary through bufferization's
// to_buffer / to_tensor, and check operand shapes at run time.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_OPERANDS_H
#define TA_LIB_CONVERSION_TATOMEMREF_OPERANDS_H

#include "ArrayLayout.h"

namespace mlir::ta::lowering {

/// Whether the runtime shape of `tensor` differs from `want` in its rank or
/// in a dim from `firstDim` on; null when the type already guarantees it.
Value shapeMismatch(CodeBuilder &e, Value tensor, ArrayRef<int64_t> want,
                    unsigned firstDim);

/// Appends the address of `{rank, dims...}` describing the runtime shape of
/// `tensor` without its first `drop` dims, with `leading` (an i64) in front
/// when given. Built on the stack: used only on the failure path.
void runtimeShape(CodeBuilder &e, Value tensor, unsigned drop, Value leading,
                  SmallVectorImpl<Value> &args);

/// The number of elements of `tensor`, of any rank, as an index.
Value numElements(CodeBuilder &e, Value tensor);

/// `tensor` as a read-only memref of type `type` (a tensor.cast first when
/// the operand's type is less static; callers check the shape). With
/// `anyOffset` the memref has a dynamic offset (identity strides), so that a
/// slice of a larger tensor (a row of a batch) is used in place rather than
/// copied by bufferization; without it, its data starts at the aligned
/// pointer (for the runtime). An operand whose buffer may have another
/// layout gets the identity layout, the only one bufferization can copy such
/// a buffer into; so does a cast operand of a less static type.
Value toBuffer(OpBuilder &b, Location loc, Value tensor, RankedTensorType type,
               bool anyOffset = false);

/// `shape` of `elementType` with row-major strides and a dynamic offset: a
/// value read where it is, which may be a slice of a larger row-major
/// tensor (a row of a batch). A dynamic dim makes the strides before it
/// dynamic: dim 0's size changes none.
MemRefType getRowMajorType(ArrayRef<int64_t> shape, Type elementType);

/// A 1-D integer tensor operand (indices, lengths) as a read-only memref,
/// and its number of entries.
std::pair<Value, Value> vectorOperand(OpBuilder &b, Location loc, Value tensor);

/// `memref` as `type` (a memref.cast, none where it has that type): an
/// operand of a call of a function that takes it less static.
Value castTo(OpBuilder &b, Location loc, Value memref, Type type);

/// A fresh memref as the tensor result of an operation.
Value toTensor(OpBuilder &b, Location loc, Value memref, Type type);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_OPERANDS_H

//===- UnrankedValues.h - unranked tensors to the runtime ------*- C++ -*-===//
//
// libta_runtime takes values as a shape `{rank, dims...}` and contiguous
// data, and gives results the same way. For an unranked tensor
// (`tensor<*xf32>`: arrays of unranked elements, an unranked unbatch_grad)
// these helpers build the shape on the heap (a loop stores its dims: no
// loop can sit in an alloca_scope once scf becomes cf), flatten the data,
// and make an unranked result of a flat allocation and a reported shape.
// An unranked memref's descriptor lives on the stack, one per execution,
// so a result whose every use casts it to one rank is made ranked instead.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_UNRANKEDVALUES_H
#define TA_LIB_CONVERSION_TATOMEMREF_UNRANKEDVALUES_H

#include "ArrayLayout.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta::lowering {

/// `{rank, dims...}` of `tensor`, of any rank, in a heap buffer (manual
/// deallocation: the caller frees `buffer`), seen as its `words` (rank + 1
/// i64s, what the runtime takes) and as its `dims` alone (what a reshape
/// takes): one loop stores them for both.
struct HeapShape {
  Value buffer, words, dims;
};
HeapShape heapShapeOf(CodeBuilder &e, Value tensor);

/// A contiguous copy of the unranked `tensor`'s elements, row-major, in a
/// new buffer (memref<?xT>, manual deallocation: the caller frees it), of
/// its `dims` (heapShapeOf). Its buffer may be strided (a column, a slice):
/// a reshape of it to its elements would read it as if it were contiguous.
Value contiguousCopy(CodeBuilder &e, Value tensor, Value dims);

/// The product of the `rank` i64 words of `dims` (a memref<?xi64>), as an
/// index.
Value productOf(CodeBuilder &e, Value dims, Value rank);

/// An unranked memref of `flat`'s elements (a memref<?xT>) shaped by the
/// `rank` i64 words of `dims`.
Value reshapedTo(CodeBuilder &e, Value flat, Value dims);

/// The type `result`, of an op that reads values, is made as: its own, or,
/// where it is unranked and every use is a tensor.cast to a ranked type of
/// one rank, that rank with every dim open (the casts then
/// check their dims; the code that makes it checks the rank).
TensorType resultTypeFor(Value result);

/// `value`, made with resultTypeFor(`result`), as the replacement of
/// `result`: where it was made ranked, the casts of `result` cast `value`.
Value replacementFor(ConversionPatternRewriter &rewriter, Value result,
                     Value value);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_UNRANKEDVALUES_H

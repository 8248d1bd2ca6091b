//===- BulkValues.h - the operands of the bulk operations -------*- C++ -*-===//
//
// What ta.scatter and ta.split (GatherScatterLowering.cpp,
// SplitLowering.cpp) share: the value they write, made ranked.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_BULKVALUES_H
#define TA_LIB_CONVERSION_TATOMEMREF_BULKVALUES_H

#include "ArrayEmitter.h"

namespace mlir::ta::lowering {

/// An unranked scatter or split value made ranked: `type`, of the rank the
/// element shape asks for. In strict mode a scalar fails first with
/// TensorFlow's text (`notVector`). `data` views a contiguous copy of the
/// value's elements (`copy`, freed by the caller once the rows are written)
/// as [dim 0] ++ `rest` where its rank is right, and as no row otherwise,
/// which no write reads (strict: the first write fails on the shape first;
/// none: `count` becomes 0, an invalid program writing nothing).
struct RankedBulkValue {
  RankedTensorType type;
  Value data, copy;
};
RankedBulkValue rankedBulkValue(ArrayEmitter &e, Value value,
                                ArrayRef<int64_t> rest,
                                TARuntimeError notVector, Value &count);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_BULKVALUES_H

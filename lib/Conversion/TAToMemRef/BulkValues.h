//===- BulkValues.h - the operands of the bulk operations -------*- C++ -*-===//
//
// What the bulk operations share: the value ta.scatter and ta.split write,
// made ranked; the type of the elements ta.gather and ta.concat read.
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

/// [?] ++ the element shape, identity layout: the elements a gather or a
/// concat reads, allocated where the op is.
MemRefType getElementsType(const ArrayLayout &layout);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_BULKVALUES_H

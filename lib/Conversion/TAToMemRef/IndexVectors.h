//===- IndexVectors.h - the index operand of gather and scatter -*- C++ -*-===//
//
// ta.gather and ta.scatter take a vector of indices. TensorFlow's stack and
// unstack (TensorArray.stack(), .unstack()) pass the range 0, 1, ..., n - 1
// (tf.Range as ta-legalize-tf gives it): its entries are the loop's
// induction variable and its smallest and largest are known, so the
// lowering neither materializes nor scans it, and a loop of accesses at its
// induction variable is one ta-version-access-loops claims (one check of
// the whole range, the rows moved by one copy).
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_INDEXVECTORS_H
#define TA_LIB_CONVERSION_TATOMEMREF_INDEXVECTORS_H

#include "ArrayEmitter.h"

namespace mlir::ta::lowering {

/// The index operand of a gather or scatter: a read-only memref of its
/// entries, or, for a range 0, 1, ..., count - 1, none.
struct IndexVector {
  Value entries;
  Value count;
  bool isRange() const { return !entries; }

  /// `tensor` (a 1-D integer tensor) as an index vector: a range where it
  /// is one (isRangeVector), else its buffer.
  static IndexVector get(OpBuilder &b, Location loc, Value tensor);
  /// Entry `k` as an i64.
  Value at(ArrayEmitter &e, Value k) const;
  /// The smallest and the largest entry (i64s; 0 and -1 when there is
  /// none): a range's from its count, others' in one scan LLVM vectorizes.
  std::pair<Value, Value> bounds(ArrayEmitter &e) const;
};

/// The part of a bulk function's name that says how it takes its indices
/// (`i32_`, `i64_`, ...; `range_`: not at all), appended to `name`; their
/// memref type (`memref<?xiN>`) appended to `inputs`, but for a range.
void appendIndexParameter(Type indexType, std::string &name,
                          SmallVectorImpl<Type> &inputs);

/// Whether `tensor` holds the range 0, 1, ..., n - 1, each entry exact in
/// the element type (n at most 2^(bits - 1)): a dense constant of those
/// values, or a tensor.generate yielding its index (through index_cast,
/// `+ 0` and `* 1`) whose size is a constant or a value no larger than the
/// element type holds (an index_cast from an integer no wider, as
/// ta-legalize-tf gives tf.Range(0, limit, 1)).
bool isRangeVector(Value tensor);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_INDEXVECTORS_H

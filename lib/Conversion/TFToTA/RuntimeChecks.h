//===- RuntimeChecks.h - TensorFlow's run-time errors in lowered code -*- C++
//-*-===//
//
// The lowerings of ta-import-tf and ta-legalize-tf stop a program that
// TensorFlow would stop, with TensorFlow's message, through libta_runtime's
// `_ta_rt_fail(code, header, a, b, c)`. The codes are TARuntimeError of
// include/ta/Runtime/TAABI.h, the header the runtime itself is built from,
// so the two cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TFTOTA_RUNTIMECHECKS_H
#define TA_LIB_CONVERSION_TFTOTA_RUNTIMECHECKS_H

#include "ta/Runtime/TARuntime.h"

#include "mlir/IR/Builders.h"

namespace mlir::ta::tf {

/// Emits, at `b`'s insertion point, a call of `_ta_rt_fail(code, 0, a, b,
/// c)` (`a`, `b`, `c`: index values, `c` 0 if absent) taken unless `ok`
/// holds. The declaration of `_ta_rt_fail` is added to `op`'s module on
/// first use.
void failUnless(OpBuilder &builder, Operation *op, Value ok,
                TARuntimeError code, Value a, Value b, Value c = {});

/// Like failUnless, for a message that prints two shapes (`lhs`, `rhs`:
/// index values): `_ta_rt_fail(code, shapes, rank(lhs), rank(rhs), c)` with
/// `shapes` the address of [rank(lhs), lhs..., rank(rhs), rhs...] as int64s
/// on the stack (`c`: 0 if not given).
void failUnlessShapes(OpBuilder &builder, Operation *op, Value ok,
                      TARuntimeError code, ValueRange lhs, ValueRange rhs,
                      Value c = {});

/// Like failUnlessShapes, for any number of vectors of index values: the
/// header holds [size(v0), v0..., size(v1), v1..., ...].
void failUnlessVectors(OpBuilder &builder, Operation *op, Value ok,
                       TARuntimeError code, ArrayRef<ValueRange> vectors,
                       Value c = {});

/// Like failUnlessShapes, with `lhs` the entries of the 1-D integer tensor
/// `values` (of any length: copied, in a loop, on the failure path only).
void failUnlessListing(OpBuilder &builder, Operation *op, Value ok,
                       TARuntimeError code, Value values, ValueRange rhs);

} // namespace mlir::ta::tf

#endif // TA_LIB_CONVERSION_TFTOTA_RUNTIMECHECKS_H

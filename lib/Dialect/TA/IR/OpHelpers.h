//===- OpHelpers.h - helpers shared by the ta op verifiers ------*- C++ -*-===//
//
// Constant matching and type helpers used by TAOps.cpp and TAGradOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_DIALECT_TA_IR_OPHELPERS_H
#define TA_LIB_DIALECT_TA_IR_OPHELPERS_H

#include "ta/Dialect/TA/IR/TATypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace mlir::ta::detail {

/// The value of `v` if it is a constant integer (index or iN).
std::optional<int64_t> getConstantInt(Value v);

/// The elements of `v` if it is a constant integer tensor.
std::optional<SmallVector<int64_t>> getConstantInts(Value v);

/// `type` without its leading dim (null when unranked or rank 0).
RankedTensorType dropLeadingDim(Type type);

/// The handle type of `handle`, null when it has another type.
HandleType getHandleType(Value handle);

} // namespace mlir::ta::detail

#endif // TA_LIB_DIALECT_TA_IR_OPHELPERS_H

//===- TADialect.h - TA dialect declaration ---------------------*- C++ -*-===//
//
// The `ta` dialect: TensorFlow's TensorArray family as MLIR operations.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TA_IR_TADIALECT_H
#define TA_DIALECT_TA_IR_TADIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "ta/Dialect/TA/IR/TAOpsDialect.h.inc"

#endif // TA_DIALECT_TA_IR_TADIALECT_H

//===- TATypes.h - TA dialect types -----------------------------*- C++ -*-===//
//
// !ta.flow and !ta.handle<SIZE, ELEMENT[, grad]>.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TA_IR_TATYPES_H
#define TA_DIALECT_TA_IR_TATYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "ta/Dialect/TA/IR/TAOpsTypes.h.inc"

#endif // TA_DIALECT_TA_IR_TATYPES_H

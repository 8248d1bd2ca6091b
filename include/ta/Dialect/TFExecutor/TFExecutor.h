//===- TFExecutor.h - the tf_executor graph ops ta reads --------*- C++ -*-===//

#ifndef TA_DIALECT_TFEXECUTOR_TFEXECUTOR_H
#define TA_DIALECT_TFEXECUTOR_TFEXECUTOR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"

#include "ta/Dialect/TFExecutor/TFExecutorOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ta/Dialect/TFExecutor/TFExecutorOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "ta/Dialect/TFExecutor/TFExecutorOps.h.inc"

#endif // TA_DIALECT_TFEXECUTOR_TFEXECUTOR_H

//===- TADialect.cpp - TA dialect -----------------------------------------===//
//
// Registration of the `ta` dialect's types and operations.
//
//===----------------------------------------------------------------------===//

#include "ta/Dialect/TA/IR/TADialect.h"
#include "ta/Dialect/TA/IR/TAOps.h"
#include "ta/Dialect/TA/IR/TATypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::ta;

#include "ta/Dialect/TA/IR/TAOpsDialect.cpp.inc"

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::ta::TensorArrayResource)
MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::ta::UnbatchGradResource)

void TADialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "ta/Dialect/TA/IR/TAOps.cpp.inc"
      >();
}

Operation *TADialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

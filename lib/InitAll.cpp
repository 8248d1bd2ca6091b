//===- InitAll.cpp - register everything ta provides ----------------------===//

#include "ta/InitAll.h"
#include "ta/Dialect/TA/IR/TADialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::ta::registerAllDialects(DialectRegistry &registry) {
  registry.insert<TADialect, arith::ArithDialect, func::FuncDialect,
                  scf::SCFDialect, tensor::TensorDialect>();
}

void mlir::ta::registerAllPasses() {
  // ta's passes and pipelines register here as they are added.
}

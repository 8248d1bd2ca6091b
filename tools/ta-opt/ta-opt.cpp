//===- ta-opt.cpp - ta optimizer driver -----------------------------------===//
//
// mlir-opt for ta: the ta dialect, its passes and pipelines, and the upstream
// dialects and passes that ta programs and tests use.
//
//===----------------------------------------------------------------------===//

#include "ta/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::ta::test {
void registerTestTAToMemRefPatternsPass();
} // namespace mlir::ta::test

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::ta::registerAllPasses();
  mlir::ta::test::registerTestTAToMemRefPatternsPass();
  mlir::DialectRegistry registry;
  mlir::ta::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "ta optimizer driver: TensorArray dialect and pipelines\n",
      registry));
}

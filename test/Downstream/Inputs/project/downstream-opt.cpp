//===- downstream-opt.cpp - a downstream tool embedding ta ----------------===//
//
// Registers ta's dialects and passes through ta/InitAll.h, and a pipeline of
// its own, "downstream-compile", built from ta's C++ pipeline builder with
// checks=none (what a production compiler would pin). It also reports the
// ta ops of its input with the dialect's C++ API (--count-ta-ops).
//
//===----------------------------------------------------------------------===//

#include "ta/Dialect/TA/IR/TADialect.h"
#include "ta/InitAll.h"
#include "ta/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

namespace {
struct CountTAOpsPass
    : mlir::PassWrapper<CountTAOpsPass, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountTAOpsPass)
  llvm::StringRef getArgument() const final { return "count-ta-ops"; }
  llvm::StringRef getDescription() const final {
    return "print the number of ta ops";
  }
  void runOnOperation() override {
    unsigned count = 0;
    getOperation()->walk([&](mlir::Operation *op) {
      if (llvm::isa<mlir::ta::TADialect>(op->getDialect()))
        ++count;
    });
    llvm::errs() << "ta ops: " << count << "\n";
  }
};
} // namespace

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::ta::registerAllPasses();
  mlir::PassRegistration<CountTAOpsPass>();
  mlir::PassPipelineRegistration<>(
      "downstream-compile", "ta-lower-to-llvm with checks=none",
      [](mlir::OpPassManager &pm) {
        mlir::ta::LowerToLLVMOptions options;
        options.checks = mlir::ta::ChecksMode::None;
        mlir::ta::buildLowerToLLVMPipeline(pm, options);
      });
  mlir::DialectRegistry registry;
  mlir::ta::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "a downstream tool embedding ta\n", registry));
}

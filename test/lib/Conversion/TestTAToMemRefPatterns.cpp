//===- TestTAToMemRefPatterns.cpp - the ta-to-memref patterns alone -------===//
//
// ta-test-memref-patterns applies populateTAToMemRefConversionPatterns in a
// conversion of its own, with none of ta-lower-to-memref's preparation: no
// runtime declarations, no growth functions, no escape analysis. It checks
// that the patterns are usable as a library in someone else's conversion.
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Dialect/TA/IR/TADialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ta;

namespace {

struct TestTAToMemRefPatternsPass
    : PassWrapper<TestTAToMemRefPatternsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTAToMemRefPatternsPass)

  TestTAToMemRefPatternsPass() = default;
  TestTAToMemRefPatternsPass(const TestTAToMemRefPatternsPass &pass)
      : PassWrapper(pass) {}

  StringRef getArgument() const final { return "ta-test-memref-patterns"; }
  StringRef getDescription() const final {
    return "apply the ta-to-memref patterns without ta-lower-to-memref";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                    func::FuncDialect, linalg::LinalgDialect, LLVM::LLVMDialect,
                    memref::MemRefDialect, scf::SCFDialect,
                    tensor::TensorDialect>();
  }

  Option<bool> none{*this, "none", llvm::cl::desc("lower with checks=none"),
                    llvm::cl::init(false)};

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ModuleOp module = getOperation();
    TAToMemRefOptions options;
    options.checks = none ? ChecksMode::None : ChecksMode::Strict;
    options.sources = GradSourceTable::collect(module);

    TATypeConverter converter(context);
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.addIllegalDialect<TADialect>();
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    populateTAToMemRefConversionPatterns(converter, patterns, options);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

namespace mlir::ta::test {
void registerTestTAToMemRefPatternsPass() {
  PassRegistration<TestTAToMemRefPatternsPass>();
}
} // namespace mlir::ta::test

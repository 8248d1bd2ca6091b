//===- ConvertToLLVM.cpp - the CPU pipeline's conversion to LLVM ----------===//
//
// ta-convert-to-llvm: the last conversion of ta-lower-to-llvm, the patterns
// of convert-cf-to-llvm, ta-finalize-memref-to-llvm, convert-func-to-llvm
// and the arith, math and index conversions applied together. See the pass
// description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"
#include "ta/Transforms/Transforms.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TACONVERTTOLLVMPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

struct TAConvertToLLVMPass
    : public ta::impl::TAConvertToLLVMPassBase<TAConvertToLLVMPass> {
  using TAConvertToLLVMPassBase::TAConvertToLLVMPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LLVMTypeConverter converter(&getContext(),
                                ta::llvmLoweringOptions(module, dataLayout,
                                                        useAlignedAlloc,
                                                        useGenericFunctions),
                                &dataLayout);
    RewritePatternSet patterns(&getContext());
    SymbolTableCollection symbolTables;
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(
        converter, patterns, /*abortOnFailure=*/true, &symbolTables);
    ta::populateTAFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                         &symbolTables);
    populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);
    // As convert-arith-to-llvm: ceildivsi, ceildivui and floordivsi first
    // expanded into the ops that lower.
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(getContext());
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

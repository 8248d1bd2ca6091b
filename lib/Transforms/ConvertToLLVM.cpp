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
#include "mlir/Dialect/Func/IR/FuncOps.h"
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

/// The `llvm.noalias` marks of memref arguments, which the conversion of a
/// function drops where an argument expands to several (a memref
/// descriptor's fields), as the positions of their aligned pointers (the
/// one accesses go through) among the converted arguments, by function.
using NoAliasPointers = SmallVector<std::pair<StringAttr, SmallVector<size_t>>>;

NoAliasPointers findNoAliasMemRefs(ModuleOp module,
                                   const LLVMTypeConverter &converter) {
  NoAliasPointers found;
  StringRef noAlias = LLVM::LLVMDialect::getNoAliasAttrName();
  for (auto function : module.getOps<func::FuncOp>()) {
    // A bare-pointer convention's memref is one pointer, which keeps its
    // attributes.
    if (converter.getOptions().useBarePtrCallConv ||
        function->hasAttr("llvm.bareptr"))
      continue;
    auto marked = [&](unsigned i) {
      return isa<MemRefType>(function.getArgumentTypes()[i]) &&
             function.getArgAttr(i, noAlias);
    };
    unsigned count = function.getNumArguments();
    if (llvm::none_of(llvm::seq(count), marked))
      continue;
    TypeConverter::SignatureConversion conversion(count);
    if (!converter.convertFunctionSignature(function.getFunctionType(),
                                            /*isVariadic=*/false,
                                            /*useBarePtrCallConv=*/false,
                                            conversion))
      continue;
    SmallVector<size_t> pointers;
    for (unsigned i : llvm::seq(count)) {
      auto mapping = conversion.getInputMapping(i);
      // A ranked descriptor: allocated and aligned pointers, offset, ...
      if (marked(i) && mapping && mapping->size >= 3)
        pointers.push_back(mapping->inputNo + 1);
    }
    found.emplace_back(function.getSymNameAttr(), std::move(pointers));
  }
  return found;
}

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
    NoAliasPointers noAlias = findNoAliasMemRefs(module, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // The aligned pointer of a memref argument marked `llvm.noalias`,
    // marked so, as the pointer of a bare-pointer calling convention.
    for (auto &[name, pointers] : noAlias)
      if (auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
        for (size_t i : pointers)
          function.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(),
                              UnitAttr::get(&getContext()));
  }
};

} // namespace

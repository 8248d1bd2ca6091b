//===- Pipelines.cpp - ta pass pipelines ----------------------------------===//

#include "ta/Pipelines/Pipelines.h"
#include "ta/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void mlir::ta::buildLowerToLLVMPipeline(OpPassManager &pm,
                                        const LowerToLLVMOptions &options) {
  TALowerToMemRefPassOptions lowerOptions;
  lowerOptions.checks = options.checks;
  pm.addPass(createTALowerToMemRefPass(lowerOptions));
  // Elementwise arith on tensors in the surrounding code.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // Tensor loop-carried values need not stay in place (an RNN state is a
  // new tensor every step).
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());

  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::ta::registerPipelines() {
  PassPipelineRegistration<LowerToLLVMOptions>(
      "ta-lower-to-llvm",
      "lower ta and the surrounding tensor code to the LLVM dialect",
      buildLowerToLLVMPipeline);
}

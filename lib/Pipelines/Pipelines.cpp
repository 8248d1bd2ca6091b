//===- Pipelines.cpp - ta pass pipelines ----------------------------------===//

#include "ta/Pipelines/Pipelines.h"
#include "ta/Conversion/Passes.h"
#include "ta/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

/// ta to buffers and the surrounding tensor code bufferized: the common
/// start of the CPU and GPU pipelines.
static void addLowerToBuffers(mlir::OpPassManager &pm,
                              mlir::ta::ChecksMode checks, bool outlineAccesses,
                              bool frameArrays, bool fillLoops,
                              bool reserveCapacity, bool scalarize,
                              bool bulkMoves = false) {
  using namespace mlir;
  using namespace mlir::ta;
  TALowerToMemRefPassOptions lowerOptions;
  lowerOptions.checks = checks;
  lowerOptions.outlineAccesses = outlineAccesses;
  lowerOptions.frameArrays = frameArrays;
  lowerOptions.fillLoops = fillLoops;
  lowerOptions.reserveCapacity = reserveCapacity;
  lowerOptions.bulkMoves = bulkMoves;
  // TensorFlow's scalars (0-d tensors: imported loops' counters, and
  // elementwise arith on them once it is linalg) as scalars, not a buffer
  // per op per iteration; then loops counting by one as scf.for: what the
  // lowering reserves capacity for, proves filled and versions. On the
  // CPU: the GPU pipeline has not run them on a device.
  if (scalarize) {
    OpPassManager &function = pm.nest<func::FuncOp>();
    function.addPass(createConvertElementwiseToLinalgPass());
    function.addPass(createTAScalarizeZeroDimTensorsPass());
    function.addPass(createTAUpliftCountedLoopsPass());
  }
  pm.addPass(createTALowerToMemRefPass(lowerOptions));
  // Loops of strict writes or reads: their checks once, before the loop
  // (with checks=none the pass only drops the marks of access functions).
  if (outlineAccesses)
    pm.addPass(createTAVersionAccessLoopsPass());
  // Elementwise arith on tensors: in the surrounding code where the passes
  // above did not run, and what the lowering made.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());

  // A value read from an array and inserted into a tensor (the usual way
  // results are collected) is copied straight into its place. One function
  // at a time (the analysis without function boundaries): the same output
  // for every program of the tests and the benchmark, a third of the time
  // of the module-wide analysis at 100k ops.
  pm.addNestedPass<func::FuncOp>(
      bufferization::createEmptyTensorEliminationPass());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // Tensor loop-carried values need not stay in place (an RNN state is a
  // new tensor every step).
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Tensor constants' globals named in program order, not in the order
  // bufferization visits functions (which varies from run to run).
  TAConstantGlobalsPassOptions constants;
  constants.alignment = bufferize.bufferAlignment;
  pm.addPass(createTAConstantGlobalsPass(constants));
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Frees what bufferization allocated (values read out of arrays, gather
  // and concat results, copies) once dead; ta's own boxes and buffers are
  // marked manual_deallocation and left to the lowering. Before any
  // canonicalization, which drops that mark.
  pm.addPass(createTABufferDeallocationPass());
  // Passes that see one function at a time run nested on func.func, one
  // function after the other through a whole group (the function stays in
  // cache; functions run in parallel where ta-opt has threads).
  OpPassManager &simplify = pm.nest<func::FuncOp>();
  simplify.addPass(createCanonicalizerPass());
  simplify.addPass(bufferization::createBufferDeallocationSimplificationPass());
  // Module passes: the helper function of a multi-memref dealloc.
  pm.addPass(bufferization::createLowerDeallocationsPass());
  // The bufferization.clone ops deallocation introduced, function by
  // function: every dealloc is lowered above, so nothing here needs the
  // module (a conversion of the whole module walked every op of a cold
  // module: 0.49 s of 20 s at 100k ops, nested 0.16 s).
  pm.addNestedPass<func::FuncOp>(createConvertBufferizationToMemRefPass());
  // Allocation sizes that would wrap fail with TensorFlow's OOM message.
  pm.addPass(createTACheckAllocationSizesPass());
}

void mlir::ta::buildLowerToLLVMPipeline(OpPassManager &pm,
                                        const LowerToLLVMOptions &options) {
  // Each access a call of its array kind's access function: the IR stays a
  // few operations per access through every pass below.
  addLowerToBuffers(pm, options.checks, options.outlineAccesses,
                    /*frameArrays=*/true, /*fillLoops=*/true,
                    /*reserveCapacity=*/true, /*scalarize=*/true);
  OpPassManager &function = pm.nest<func::FuncOp>();
  // Equal subviews become one value, so that self-copies fold away.
  function.addPass(createCSEPass());
  function.addPass(createCanonicalizerPass());
  function.addPass(createConvertLinalgToLoopsPass());
  function.addPass(memref::createExpandStridedMetadataPass());
  function.addPass(createLowerAffinePass());
  function.addPass(createSCFToControlFlowPass());
  // aligned_alloc: the aligned pointer is the allocation itself (no integer
  // rounding), so LLVM's alias analysis keeps its provenance and hoists the
  // array's buffer address out of element loops. Allocations go through
  // libta_runtime (runtime/Allocation.c), which fails with TensorFlow's OOM
  // message where malloc gives null. Control flow, memref (upstream's
  // conversion, with element copies whose addresses LLVM knows to be in
  // bounds: strict writes then keep the header's loads out of loops), func,
  // arith, math and index in one conversion.
  TAConvertToLLVMPassOptions toLLVM;
  toLLVM.useAlignedAlloc = true;
  toLLVM.useGenericFunctions = true;
  pm.addPass(createTAConvertToLLVMPass(toLLVM));
  // The memref descriptors one lowered op builds and the next takes apart
  // (insertvalue / extractvalue chains) fold away: about a fifth of the IR
  // is left for printing, mlir-translate and LLVM to read.
  OpPassManager &llvmFunction = pm.nest<LLVM::LLVMFuncOp>();
  llvmFunction.addPass(createReconcileUnrealizedCastsPass());
  llvmFunction.addPass(createCanonicalizerPass());
  // The allocation functions' results are fresh memory, as malloc's are to
  // LLVM. Last: a module pass, its verification then walks the folded IR.
  pm.addPass(createTAMarkRuntimeAllocatorsPass());
}

std::string mlir::ta::defaultPTXFeatures(StringRef chip) {
  // The PTX ISA version that introduced each architecture (the NVPTX
  // backend rejects older ones, e.g. "PTX version 6.0 does not support
  // target 'sm_90'").
  unsigned sm = 0;
  if (!chip.consume_front("sm_") ||
      chip.take_while(llvm::isDigit).getAsInteger(10, sm))
    return "";
  if (sm >= 120)
    return "+ptx87";
  if (sm >= 100)
    return "+ptx86";
  if (sm >= 90)
    return "+ptx80";
  if (sm >= 89)
    return "+ptx78";
  if (sm >= 87)
    return "+ptx74";
  if (sm >= 86)
    return "+ptx71";
  if (sm >= 80)
    return "+ptx70";
  return "+ptx60";
}

void mlir::ta::buildLowerToNVVMPipeline(OpPassManager &pm,
                                        const LowerToNVVMOptions &options) {
  // Accesses written out where they are: the form the GPU data movement
  // passes below were run on a device with (access functions would put each
  // element copy's kernel launch inside a host function of its own).
  // Device kernels reach every array buffer: none may be on the host's
  // stack. Arrays a loop fills are zeroed whole at creation, and growable
  // ones grow as they are written, as on the device so far (fill-loops has
  // not run on a GPU yet; managed allocations have no quiet failures).
  // A gather's or scatter's rows move in one loop nest after the per-slot
  // work of all its indices: one kernel per op, not one per slot.
  addLowerToBuffers(pm, options.checks, /*outlineAccesses=*/false,
                    /*frameArrays=*/false, /*fillLoops=*/false,
                    /*reserveCapacity=*/false, /*scalarize=*/false,
                    /*bulkMoves=*/true);
  // Growth's reallocation as an allocation and a copy: managed memory has
  // no realloc.
  pm.addNestedPass<func::FuncOp>(memref::createExpandReallocPass());
  OpPassManager &function = pm.nest<func::FuncOp>();
  // Equal subviews become one value, so that self-copies fold away.
  function.addPass(createCSEPass());
  function.addPass(createCanonicalizerPass());

  // Data movement as kernels; buffers in managed memory.
  pm.addPass(createTALowerToGPUPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  // One grid-stride kernel per loop nest, within CUDA's grid limits at any
  // size.
  TAParallelLoopsToGPUPassOptions launch;
  launch.blockSize = options.blockSize;
  pm.addNestedPass<func::FuncOp>(createTAParallelLoopsToGPUPass(launch));
  pm.addPass(createCanonicalizerPass());
  // Constants and index computations into the kernels, not parameters: a
  // row's length is a constant there (a shift or a multiply, not a 64-bit
  // division per element) and the kernels take fewer arguments.
  pm.addNestedPass<func::FuncOp>(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  // The emulator's copy of each kernel, a host function (renamed after
  // their code: the emulator finds kernels by name).
  if (options.emulate)
    pm.addPass(createTAGPUHostKernelsPass());
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createTAGPUManagedMemoryPass());

  // gpu-lower-to-nvvm-pipeline, with the toolkit option it lacks.
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features.empty() ? defaultPTXFeatures(options.chip)
                                             : std::string(options.features);
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  // Arith on the host only: in kernels, convert-gpu-to-nvvm lowers it, with
  // libdevice where LLVM's NVPTX backend has no exact instruction (arith.remf
  // to __nv_fmodf; llvm.frem is illegal there).
  pm.addNestedPass<LLVM::LLVMFuncOp>(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(createConvertGpuOpsToNVVMOps());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createGpuToLLVMConversionPass());
  // What gpu-to-llvm's memref patterns leave on the host: the reshape of an
  // unranked value to its elements (arrays of unranked elements pass it to
  // libta_runtime), whose lowering does not apply there.
  FinalizeMemRefToLLVMConversionPassOptions hostMemRef;
  hostMemRef.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(hostMemRef));
  // Kernel arguments live on the stack only for their launch.
  pm.addPass(createTAGPULaunchStackScopePass());
  if (options.emulate)
    pm.addPass(createTAGPURegisterHostKernelsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = options.toolkit;
  switch (options.format) {
  case GPUBinaryFormat::PTX:
    binary.compilationTarget = "isa";
    break;
  case GPUBinaryFormat::Cubin:
    binary.compilationTarget = "bin";
    break;
  case GPUBinaryFormat::Fatbin:
    binary.compilationTarget = "fatbin";
    break;
  }
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::ta::registerPipelines() {
  // Every upstream pass the pipelines run, so that what
  // `--dump-pass-pipeline` prints, or a crash reproducer holds, runs again in
  // ta-opt as a `--pass-pipeline` (ta's own passes are registered with the
  // rest of ta's).
  registerConvertElementwiseToLinalgPass();
  registerConvertLinalgToLoopsPass();
  registerConvertLinalgToParallelLoopsPass();
  bufferization::registerEmptyTensorEliminationPass();
  bufferization::registerOneShotBufferizePass();
  bufferization::registerBufferDeallocationSimplificationPass();
  bufferization::registerLowerDeallocationsPass();
  registerConvertBufferizationToMemRefPass();
  memref::registerExpandStridedMetadataPass();
  memref::registerExpandReallocPass();
  registerLowerAffinePass();
  registerSCFToControlFlowPass();
  registerReconcileUnrealizedCastsPass();
  registerGpuLaunchSinkIndexComputationsPass();
  registerGpuKernelOutliningPass();
  registerGpuAsyncRegionPass();
  registerGpuNVVMAttachTarget();
  registerGpuModuleToBinaryPass();
  registerConvertNVGPUToNVVMPass();
  registerConvertVectorToSCF();
  registerConvertNVVMToLLVMPass();
  registerConvertFuncToLLVMPass();
  registerArithToLLVMConversionPass();
  registerConvertIndexToLLVMPass();
  registerConvertGpuOpsToNVVMOps();
  registerGpuToLLVMConversionPass();
  registerFinalizeMemRefToLLVMConversionPass();
  registerConvertMathToLLVMPass();

  PassPipelineRegistration<>(
      "ta-import-tf",
      "import a TensorFlow program as its MLIR exporter prints it: "
      "TensorArrays into ta, TensorLists into tensors, control flow into scf "
      "(the ta-tf-* passes, in order)",
      [](OpPassManager &pm) { buildImportTFPipeline(pm); });
  PassPipelineRegistration<LowerToLLVMOptions>(
      "ta-lower-to-llvm",
      "lower ta and the surrounding tensor code to the LLVM dialect",
      buildLowerToLLVMPipeline);
  PassPipelineRegistration<LowerToNVVMOptions>(
      "ta-lower-to-nvvm",
      "lower ta and the surrounding tensor code to host code calling mgpu* "
      "and GPU kernels in a gpu.binary",
      buildLowerToNVVMPipeline);
}

//===- Transforms.h - patterns on lowered ta buffers ------------*- C++ -*-===//
//
// Patterns on the output of ta-lower-to-memref (after bufferization): to
// LLVM on the CPU, with in-bounds addresses and libta_runtime's allocation;
// to the GPU, where every buffer is allocated in memory both the host and the
// device reach, every data movement becomes a linalg op, and every
// resulting parallel loop one grid-stride kernel (ta-parallel-loops-to-gpu).
//
//===----------------------------------------------------------------------===//

#ifndef TA_TRANSFORMS_TRANSFORMS_H
#define TA_TRANSFORMS_TRANSFORMS_H

#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
class DataLayoutAnalysis;
class LLVMTypeConverter;
class ModuleOp;
class SymbolTableCollection;
} // namespace mlir

namespace mlir::ta {

/// The options of ta's conversions to LLVM for `module`: its data layout
/// (from `dataLayout`), heap allocations through aligned_alloc or malloc,
/// and the generic allocation functions (`_mlir_memref_to_llvm_*`, which
/// libta_runtime provides) or libc's.
LowerToLLVMOptions llvmLoweringOptions(ModuleOp module,
                                       const DataLayoutAnalysis &dataLayout,
                                       bool useAlignedAlloc,
                                       bool useGenericFunctions);

/// Adds ta-finalize-memref-to-llvm's patterns: upstream's memref-to-LLVM
/// patterns after ta's in-bounds lowerings of `memref.view` and contiguous
/// `memref.copy`, and, where the converter's options ask for aligned_alloc,
/// the constant-size lowering of static allocations and (with the generic
/// allocation functions too) libta_runtime's `memref.realloc`. Runtime
/// functions are declared on first use, in the nearest symbol table.
void populateTAFinalizeMemRefToLLVMConversionPatterns(
    const LLVMTypeConverter &converter, RewritePatternSet &patterns,
    SymbolTableCollection *symbolTables = nullptr);

/// Adds the pattern that rewrites `memref.copy` (every element move of the
/// lowered ta ops) to `linalg.copy`, a kernel once linalg is mapped to GPU
/// loops.
void populateTAGPUDataMovementPatterns(RewritePatternSet &patterns);

/// Adds patterns, for host code after `gpu-async-region`, that rewrite
/// - `memref.alloc` to `gpu.alloc host_shared` and `memref.dealloc` to an
///   async `gpu.dealloc` waited for (buffers in managed memory: the host runs
///   control and checks on array headers and slot state, kernels move the
///   data);
/// - `memref.get_global` to a host-shared copy of the global (constants feed
///   kernels).
void populateTAGPUManagedMemoryPatterns(RewritePatternSet &patterns);

/// Adds the pattern that turns every outermost host `scf.parallel` without
/// reductions into one grid-stride `gpu.launch` of `blockSize` threads per
/// block and at most `maxBlocks` blocks (see ta-parallel-loops-to-gpu).
void populateTAParallelLoopToLaunchPatterns(RewritePatternSet &patterns,
                                            int64_t blockSize,
                                            int64_t maxBlocks);

} // namespace mlir::ta

#endif // TA_TRANSFORMS_TRANSFORMS_H

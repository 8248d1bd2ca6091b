//===- Pipelines.h - ta pass pipelines --------------------------*- C++ -*-===//
//
// ta-lower-to-llvm: ta -> memref/scf -> bufferized -> LLVM dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TA_PIPELINES_PIPELINES_H
#define TA_PIPELINES_PIPELINES_H

#include "ta/Conversion/TAToMemRef/TAToMemRef.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::ta {

/// Options of `ta-lower-to-llvm`.
struct LowerToLLVMOptions : public PassPipelineOptions<LowerToLLVMOptions> {
  PassOptions::Option<ChecksMode> checks{
      *this, "checks",
      llvm::cl::desc("runtime checks: 'strict' (TensorFlow's errors) or "
                     "'none'"),
      llvm::cl::init(ChecksMode::Strict),
      llvm::cl::values(
          clEnumValN(ChecksMode::Strict, "strict",
                     "reproduce TensorFlow's runtime errors"),
          clEnumValN(ChecksMode::None, "none", "no state, no checks"))};
};

/// Adds ta -> memref/scf, one-shot bufferization (function boundaries
/// included) and the conversions to the LLVM dialect to `pm`.
void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options);

/// Registers `ta-lower-to-llvm` with the global pipeline registry.
void registerPipelines();

} // namespace mlir::ta

#endif // TA_PIPELINES_PIPELINES_H

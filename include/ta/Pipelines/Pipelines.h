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
/// The options every ta pipeline has.
template <typename Derived>
struct TAPipelineOptions : public PassPipelineOptions<Derived> {
  mlir::detail::PassOptions::Option<ChecksMode> checks{
      *this, "checks",
      llvm::cl::desc("runtime checks: 'strict' (TensorFlow's errors) or "
                     "'none'"),
      llvm::cl::init(ChecksMode::Strict),
      llvm::cl::values(
          clEnumValN(ChecksMode::Strict, "strict",
                     "reproduce TensorFlow's runtime errors"),
          clEnumValN(ChecksMode::None, "none", "no state, no checks"))};
};

struct LowerToLLVMOptions : public TAPipelineOptions<LowerToLLVMOptions> {
  mlir::detail::PassOptions::Option<bool> outlineAccesses{
      *this, "outline-accesses",
      llvm::cl::desc("lower each ta.write and ta.read to a call of its array "
                     "kind's access function (false: the code at each access)"),
      llvm::cl::init(true)};
};

/// Adds ta -> memref/scf, one-shot bufferization (function boundaries
/// included) and the conversions to the LLVM dialect to `pm`.
void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options);

/// The kind of device code `ta-lower-to-nvvm` embeds in `gpu.binary`.
enum class GPUBinaryFormat { PTX, Cubin, Fatbin };

struct LowerToNVVMOptions : public TAPipelineOptions<LowerToNVVMOptions> {
  mlir::detail::PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("the GPU architecture (sm_XX)"),
      llvm::cl::init("sm_90")};
  mlir::detail::PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features; empty: the lowest PTX version the chip "
                     "needs (+ptx80 for sm_90)"),
      llvm::cl::init("")};
  mlir::detail::PassOptions::Option<GPUBinaryFormat> format{
      *this, "format", llvm::cl::desc("device code in gpu.binary"),
      llvm::cl::init(GPUBinaryFormat::Fatbin),
      llvm::cl::values(
          clEnumValN(GPUBinaryFormat::PTX, "isa", "PTX text (JIT by driver)"),
          clEnumValN(GPUBinaryFormat::Cubin, "bin", "cubin (ptxas)"),
          clEnumValN(GPUBinaryFormat::Fatbin, "fatbin",
                     "fatbin: cubin and PTX (ptxas, fatbinary)"))};
  mlir::detail::PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("the CUDA toolkit with ptxas and fatbinary"),
      llvm::cl::init("/usr/local/cuda")};
  mlir::detail::PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("threads per block of the data-movement kernels"),
      llvm::cl::init(256)};
  mlir::detail::PassOptions::Option<bool> emulate{
      *this, "emulate",
      llvm::cl::desc("also compile every kernel for the host and register it "
                     "with libta_cuda_runtime, for ta's GPU emulator "
                     "(libta_gpu_emulator); the program still runs on a GPU"),
      llvm::cl::init(false)};
};

/// ta and the surrounding tensor code to host code in the LLVM dialect that
/// calls mgpu* (libta_cuda_runtime) plus `gpu.binary` device code.
void buildLowerToNVVMPipeline(OpPassManager &pm,
                              const LowerToNVVMOptions &options);

/// The PTX features `ta-lower-to-nvvm` uses for `chip` when none are given.
std::string defaultPTXFeatures(StringRef chip);

/// Registers `ta-lower-to-llvm` with the global pipeline registry.
void registerPipelines();

} // namespace mlir::ta

#endif // TA_PIPELINES_PIPELINES_H

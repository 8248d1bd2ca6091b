//===- GPULaunchStackScope.cpp - bound the stack a kernel launch takes ----===//
//
// The translation of `gpu.launch_func` to LLVM IR packs the kernel's
// arguments into stack slots (`alloca`) at the launch site. A launch inside
// a host loop (a data movement per slot, a step of an RNN) then grows the
// stack on every iteration until the function returns: 65536 launches of a
// kernel with a dozen arguments overflow an 8 MiB stack. ta-gpu-launch-
// stack-scope brackets every launch with llvm.intr.stacksave and
// llvm.intr.stackrestore, so its argument slots are freed right after it
// (cuLaunchKernel has copied the arguments by then).
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAGPULAUNCHSTACKSCOPEPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

struct TAGPULaunchStackScopePass
    : public ta::impl::TAGPULaunchStackScopePassBase<
          TAGPULaunchStackScopePass> {
  void runOnOperation() override {
    auto pointer = LLVM::LLVMPointerType::get(&getContext());
    getOperation()->walk([&](gpu::LaunchFuncOp launch) {
      if (isa_and_nonnull<LLVM::StackSaveOp>(launch->getPrevNode()))
        return;
      OpBuilder b(launch);
      Value top = LLVM::StackSaveOp::create(b, launch.getLoc(), pointer);
      b.setInsertionPointAfter(launch);
      LLVM::StackRestoreOp::create(b, launch.getLoc(), top);
    });
  }
};

} // namespace

//===- GPUDataMovement.cpp - every element move of lowered ta as linalg ---===//
//
// ta-lower-to-gpu runs on the output of ta-lower-to-memref and one-shot
// bufferization: every memref.copy of ranked memrefs becomes linalg.copy,
// so that, with the fills and accumulations the lowering already emits as
// linalg, all data movement maps onto GPU kernels. (A copy of unranked
// memrefs, which linalg does not take, stays memref.copy: the host copies
// managed memory.)
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TALOWERTOGPUPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;

namespace {

struct CopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    // linalg takes ranked memrefs; a copy of unranked ones (an open
    // array's value into a buffer of its own) stays a host copy, of managed
    // memory the host reads and writes.
    if (!isa<MemRefType>(op.getSource().getType()) ||
        !isa<MemRefType>(op.getTarget().getType()))
      return rewriter.notifyMatchFailure(op, "unranked copy");
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                op.getTarget());
    return success();
  }
};

struct TALowerToGPUPass
    : public ta::impl::TALowerToGPUPassBase<TALowerToGPUPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTAGPUDataMovementPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::ta::populateTAGPUDataMovementPatterns(RewritePatternSet &patterns) {
  patterns.add<CopyToLinalg>(patterns.getContext());
}

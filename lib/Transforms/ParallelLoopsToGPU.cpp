//===- ParallelLoopsToGPU.cpp - scf.parallel as grid-stride kernels -------===//
//
// Every outermost `scf.parallel` of host code (the data movement of lowered
// ta code, and the surrounding elementwise code, after
// convert-linalg-to-parallel-loops) becomes one `gpu.launch` over its
// iteration space linearized to one dimension:
//
//   total  = prod_d ceildiv(ub_d - lb_d, step_d)
//   blocks = min(ceildiv(total, blockSize), maxBlocks)
//   gpu.launch blocks(blocks, 1, 1) threads(blockSize, 1, 1) {
//     for l = bid.x * blockSize + tid.x; l < total; l += blocks * blockSize
//       iv_d = lb_d + ((l / stride_d) mod count_d) * step_d
//       <loop body>
//   }
//
// The grid has one dimension, bounded by maxBlocks: any iteration space,
// 2^31 elements and beyond, launches within CUDA's limits (gridDim.x <
// 2^31, gridDim.y and .z < 2^16), and consecutive threads take consecutive
// iterations of the innermost dimension (coalesced accesses). An empty
// iteration space launches nothing.
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAPARALLELLOOPSTOGPUPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;

namespace {

struct ParallelLoopToLaunch : OpRewritePattern<scf::ParallelOp> {
  ParallelLoopToLaunch(MLIRContext *context, int64_t blockSize,
                       int64_t maxBlocks)
      : OpRewritePattern(context), blockSize(blockSize), maxBlocks(maxBlocks) {}

  LogicalResult matchAndRewrite(scf::ParallelOp op,
                                PatternRewriter &rewriter) const override {
    if (op->getParentOfType<gpu::LaunchOp>() ||
        op->getParentOfType<scf::ParallelOp>())
      return rewriter.notifyMatchFailure(op, "not an outermost host loop");
    if (op.getNumReductions() != 0)
      return rewriter.notifyMatchFailure(op, "a reduction");
    Location loc = op.getLoc();
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    // Trip counts (0 where the range is empty) and their product.
    SmallVector<Value> counts;
    Value zero = index(0), one = index(1);
    Value total = one;
    for (auto [lb, ub, step] :
         llvm::zip(op.getLowerBound(), op.getUpperBound(), op.getStep())) {
      Value span = arith::SubIOp::create(rewriter, loc, ub, lb);
      Value count = arith::CeilDivSIOp::create(rewriter, loc, span, step);
      count = arith::MaxSIOp::create(rewriter, loc, count, zero);
      counts.push_back(count);
      total = arith::MulIOp::create(rewriter, loc, total, count);
    }
    Value block = index(blockSize);
    Value blocks = arith::CeilDivSIOp::create(rewriter, loc, total, block);
    blocks = arith::MinSIOp::create(rewriter, loc, blocks, index(maxBlocks));
    // At least one block: an empty (or, for a size that wrapped, negative)
    // iteration space runs no iteration of the grid-stride loop, and a grid
    // dim of 0 is invalid.
    blocks = arith::MaxSIOp::create(rewriter, loc, blocks, one);
    auto launch =
        gpu::LaunchOp::create(rewriter, loc, blocks, one, one, block, one, one);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&launch.getBody().front());
    Value start = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, launch.getBlockIds().x, block),
        launch.getThreadIds().x);
    Value stride =
        arith::MulIOp::create(rewriter, loc, launch.getGridSize().x, block);
    auto loop = scf::ForOp::create(rewriter, loc, start, total, stride);
    gpu::TerminatorOp::create(rewriter, loc);

    rewriter.setInsertionPointToStart(loop.getBody());
    IRMapping mapping;
    Value rest = loop.getInductionVar();
    for (int64_t d = counts.size() - 1; d >= 0; --d) {
      // Dimension 0 takes what is left; the others a remainder.
      Value position = rest;
      if (d > 0) {
        position = arith::RemUIOp::create(rewriter, loc, rest, counts[d]);
        rest = arith::DivUIOp::create(rewriter, loc, rest, counts[d]);
      }
      Value scaled =
          arith::MulIOp::create(rewriter, loc, position, op.getStep()[d]);
      mapping.map(
          op.getInductionVars()[d],
          arith::AddIOp::create(rewriter, loc, op.getLowerBound()[d], scaled));
    }
    for (Operation &nested : op.getBody()->without_terminator())
      rewriter.clone(nested, mapping);
    rewriter.eraseOp(op);
    return success();
  }

  int64_t blockSize;
  int64_t maxBlocks;
};

struct TAParallelLoopsToGPUPass
    : public ta::impl::TAParallelLoopsToGPUPassBase<TAParallelLoopsToGPUPass> {
  using Base::Base;
  void runOnOperation() override {
    if (blockSize < 1 || blockSize > 1024) {
      getOperation()->emitError() << "block-size must be in [1, 1024], got "
                                  << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    if (maxBlocks < 1 || maxBlocks > 2147483647) {
      getOperation()->emitError()
          << "max-blocks must be in [1, 2147483647], got "
          << static_cast<int64_t>(maxBlocks);
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populateTAParallelLoopToLaunchPatterns(patterns, blockSize, maxBlocks);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::ta::populateTAParallelLoopToLaunchPatterns(
    RewritePatternSet &patterns, int64_t blockSize, int64_t maxBlocks) {
  patterns.add<ParallelLoopToLaunch>(patterns.getContext(), blockSize,
                                     maxBlocks);
}

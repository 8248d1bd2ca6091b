//===- BufferDeallocation.cpp - deallocation around ta's arrays -----------===//
//
// ta-buffer-deallocation: MLIR's ownership-based buffer deallocation on the
// functions whose boundaries carry no array box (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TABUFFERDEALLOCATIONPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;

namespace {

/// An array box: a memref of buffers (see ta-lower-to-memref).
bool isBox(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && isa<MemRefType>(memref.getElementType());
}

/// Whether `function` is left alone: it returns a box or receives one from
/// a call, or it frees buffers itself (a memref.dealloc that is not ta's,
/// a memref.realloc).
/// Box arguments are fine: they are not owned, never freed or cloned.
bool isLeftAlone(FunctionOpInterface function) {
  if (llvm::any_of(function.getResultTypes(), isBox))
    return true;
  WalkResult result = function->walk([](Operation *op) {
    if (isa<CallOpInterface>(op) && llvm::any_of(op->getResultTypes(), isBox))
      return WalkResult::interrupt();
    // (A realloc frees its source: ta's growth functions.)
    if (isa<memref::ReallocOp>(op))
      return WalkResult::interrupt();
    if (isa<memref::DeallocOp>(op) &&
        !op->hasAttr(bufferization::BufferizationDialect::kManualDeallocation))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// A clone of an unranked memref that a cast made from a ranked one, as
/// the deallocation makes for a function result of unranked type: the cast
/// of a ranked clone. (convert-bufferization-to-memref copies an unranked
/// clone through memref.dim, which folds onto the cast's 0-d source and
/// fails to verify; the ranked clone is one copy, without the rank loop.)
void cloneBeforeUnrankedCasts(FunctionOpInterface function) {
  function->walk([](bufferization::CloneOp clone) {
    auto cast = clone.getInput().getDefiningOp<memref::CastOp>();
    if (!cast || !isa<UnrankedMemRefType>(clone.getType()) ||
        !isa<MemRefType>(cast.getSource().getType()))
      return;
    OpBuilder b(clone);
    Value ranked =
        bufferization::CloneOp::create(b, clone.getLoc(), cast.getSource());
    clone.replaceAllUsesWith(
        memref::CastOp::create(b, clone.getLoc(), clone.getType(), ranked)
            .getResult());
    clone.erase();
  });
}

struct TABufferDeallocationPass
    : public ta::impl::TABufferDeallocationPassBase<TABufferDeallocationPass> {
  void runOnOperation() override {
    SymbolTableCollection symbolTables;
    bufferization::DeallocationOptions options;
    for (auto function : getOperation().getOps<FunctionOpInterface>()) {
      if (function.isExternal() || isLeftAlone(function))
        continue;
      // Bufferized loops pass their result buffers through as iteration
      // arguments; folding those first keeps ownership out of the loops
      // (which the deallocation would otherwise answer with a clone of the
      // result). Only scf's own folders: canonicalizing memref ops would
      // rebuild allocations without their manual_deallocation mark.
      RewritePatternSet patterns(&getContext());
      scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
      scf::IfOp::getCanonicalizationPatterns(patterns, &getContext());
      scf::WhileOp::getCanonicalizationPatterns(patterns, &getContext());
      if (failed(applyPatternsGreedily(function, std::move(patterns))))
        return signalPassFailure();
      if (failed(bufferization::deallocateBuffersOwnershipBased(
              function, options, symbolTables)))
        return signalPassFailure();
      cloneBeforeUnrankedCasts(function);
    }
  }
};

} // namespace

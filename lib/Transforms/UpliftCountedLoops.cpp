//===- UpliftCountedLoops.cpp - while loops counting by one as scf.for ----===//
//
// ta-uplift-counted-loops: TensorFlow's loops reach ta as scf.while; once
// their counters are scalars (ta-scalarize-0d-tensors), one that counts an
// integer by one up to a bound is an scf.for over index, the form in which
// the lowering reserves a growable array's capacity for the loop, proves an
// array filled by it and checks its accesses once. See the pass description
// in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAUPLIFTCOUNTEDLOOPSPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

/// What makes an scf.while a counted loop: `before` is `iv < bound` (or
/// `bound > iv`, signed) and passes its arguments on unchanged, `after`
/// yields `iv + 1` in the counter's place.
struct CountedLoop {
  unsigned position;
  arith::CmpIOp cmp;
  Value bound;
};

/// The counter of `loop` if it is a counted loop (constants in `before`
/// aside, which the rewrite moves out).
std::optional<CountedLoop> matchCountedLoop(scf::WhileOp loop) {
  Block *before = loop.getBeforeBody();
  scf::ConditionOp condition = loop.getConditionOp();
  if (ValueRange(before->getArguments()) != condition.getArgs())
    return std::nullopt;
  auto cmp = condition.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp->getBlock() != before || !cmp->hasOneUse())
    return std::nullopt;
  for (Operation &op : before->without_terminator())
    if (&op != cmp.getOperation() && !isa<arith::ConstantOp>(op))
      return std::nullopt;
  using Pred = arith::CmpIPredicate;
  Value counter, bound;
  if (cmp.getPredicate() == Pred::slt) {
    counter = cmp.getLhs();
    bound = cmp.getRhs();
  } else if (cmp.getPredicate() == Pred::sgt) {
    counter = cmp.getRhs();
    bound = cmp.getLhs();
  } else {
    return std::nullopt;
  }
  // The counter a `before` argument that only the compare and the
  // condition take; the bound from outside the loop, or a constant of
  // `before`.
  auto iv = dyn_cast<BlockArgument>(counter);
  if (!iv || iv.getOwner() != before || !llvm::hasNItems(iv.getUses(), 2))
    return std::nullopt;
  if (bound.getParentRegion() == &loop.getBefore()
          ? !bound.getDefiningOp<arith::ConstantOp>()
          : !DominanceInfo().properlyDominates(bound, loop))
    return std::nullopt;
  unsigned position = iv.getArgNumber();
  Value next = loop.getYieldOp().getResults()[position];
  auto add = next.getDefiningOp<arith::AddIOp>();
  Value inBody = loop.getAfterArguments()[position];
  if (!add || (add.getLhs() != inBody && add.getRhs() != inBody))
    return std::nullopt;
  Value step = add.getLhs() == inBody ? add.getRhs() : add.getLhs();
  if (!matchPattern(step, m_One()))
    return std::nullopt;
  return CountedLoop{position, cmp, bound};
}

/// A counted scf.while as an scf.for from the counter's initial value to
/// the bound, step 1, over index: the counter's type is sign-extended, so
/// its values in the loop (from lb up to bound - 1) are the index's,
/// truncated exactly; `iv + 1` never wraps (iv < bound). The loop's result
/// in the counter's place is the counter's last value, max(lb, bound).
struct UpliftCountedWhile : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    std::optional<CountedLoop> counted = matchCountedLoop(loop);
    if (!counted)
      return rewriter.notifyMatchFailure(loop, "not a loop counting by one");
    unsigned position = counted->position;
    Location loc = loop.getLoc();
    for (Operation &op :
         llvm::make_early_inc_range(loop.getBeforeBody()->without_terminator()))
      if (&op != counted->cmp.getOperation())
        rewriter.moveOpBefore(&op, loop);
    Value lb = loop.getInits()[position];
    Type counterType = lb.getType();
    auto toIndex = [&](Value value) -> Value {
      if (value.getType().isIndex())
        return value;
      return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                        value);
    };
    SmallVector<Value> inits;
    for (auto [i, init] : llvm::enumerate(loop.getInits()))
      if (i != position)
        inits.push_back(init);
    Value lower = toIndex(lb), upper = toIndex(counted->bound);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto forOp =
        scf::ForOp::create(rewriter, loc, lower, upper, one, inits,
                           [](OpBuilder &, Location, Value, ValueRange) {});
    Block *body = forOp.getBody();
    Value index = forOp.getInductionVar();
    // The counter in the body: the index itself, or its truncation, where
    // an index_cast back to index is the index.
    Block *after = loop.getAfterBody();
    Value counter = index;
    if (!counterType.isIndex()) {
      BlockArgument inBody = after->getArgument(position);
      for (Operation *user : llvm::make_early_inc_range(inBody.getUsers()))
        if (auto cast = dyn_cast<arith::IndexCastOp>(user);
            cast && cast.getType().isIndex())
          rewriter.replaceOp(cast, index);
      rewriter.setInsertionPointToStart(body);
      counter = arith::IndexCastOp::create(rewriter, loc, counterType, index);
    }
    SmallVector<Value> arguments;
    for (unsigned i = 0, e = after->getNumArguments(); i != e; ++i)
      arguments.push_back(
          i == position ? counter : body->getArgument(1 + i - (i > position)));
    rewriter.inlineBlockBefore(after, body, body->end(), arguments);
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    SmallVector<Value> yielded;
    for (auto [i, value] : llvm::enumerate(yield.getResults()))
      if (i != position)
        yielded.push_back(value);
    Value next = yield.getResults()[position];
    rewriter.setInsertionPoint(yield);
    rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yielded);
    // The increment, now the loop's.
    if (Operation *add = next.getDefiningOp(); add && add->use_empty())
      rewriter.eraseOp(add);
    rewriter.setInsertionPointAfter(forOp);
    SmallVector<Value> results(forOp.getResults());
    results.insert(results.begin() + position,
                   arith::MaxSIOp::create(rewriter, loc, lb, counted->bound));
    rewriter.replaceOp(loop, results);
    return success();
  }
};

struct TAUpliftCountedLoopsPass
    : public ta::impl::TAUpliftCountedLoopsPassBase<TAUpliftCountedLoopsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> loops;
    getOperation()->walk([&](scf::WhileOp loop) { loops.push_back(loop); });
    RewritePatternSet patterns(&getContext());
    patterns.add<UpliftCountedWhile>(&getContext());
    // The loops alone: no folding or constant hoisting elsewhere (see
    // ta-scalarize-0d-tensors).
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    config.enableFolding(false);
    config.enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyOpPatternsGreedily(loops, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

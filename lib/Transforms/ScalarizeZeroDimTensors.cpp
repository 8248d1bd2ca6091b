//===- ScalarizeZeroDimTensors.cpp - 0-d tensor code as scalar code -------===//
//
// ta-scalarize-0d-tensors: TensorFlow's scalars are 0-d tensors, and its
// loops, as ta-import-tf brings them in, carry their counters and limits as
// 0-d tensors and compute them with 0-d linalg.generic ops, each of which
// bufferization gives a buffer of its own: an allocation and a free per
// scalar op per iteration. The pass computes them as scalars instead. See
// the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TASCALARIZEZERODIMTENSORSPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

/// Whether `type` is a tensor of rank 0.
bool isZeroDim(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0;
}

/// Whether `op` is inside a loop.
bool inLoop(Operation *op) {
  return op->getParentOfType<LoopLikeOpInterface>() != nullptr;
}

/// `type`, a 0-d tensor's element type in its place.
Type scalarType(Type type) {
  return isZeroDim(type) ? cast<RankedTensorType>(type).getElementType() : type;
}

/// `value`'s scalar where it is a 0-d tensor: its element.
Value toScalar(OpBuilder &b, Location loc, Value value) {
  if (!isZeroDim(value.getType()))
    return value;
  return tensor::ExtractOp::create(b, loc, value, ValueRange{});
}

/// A linalg.generic without loops over 0-d tensors and scalars: its body on
/// the elements, each result a tensor.from_elements of what it yields.
struct ScalarizeGeneric : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumLoops() != 0 || !op.hasPureTensorSemantics() ||
        !llvm::all_of(op->getOperandTypes(), [](Type type) {
          return isZeroDim(type) || !isa<ShapedType>(type);
        }))
      return rewriter.notifyMatchFailure(op, "not a 0-d computation");
    Block &body = op.getRegion().front();
    Location loc = op.getLoc();
    IRMapping mapping;
    for (auto [operand, argument] :
         llvm::zip_equal(op->getOperands(), body.getArguments()))
      if (!argument.use_empty())
        mapping.map(argument, toScalar(rewriter, loc, operand));
    for (Operation &inner : body.without_terminator())
      rewriter.clone(inner, mapping);
    SmallVector<Value> results;
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    for (auto [value, result] :
         llvm::zip_equal(yield.getValues(), op.getResults()))
      results.push_back(tensor::FromElementsOp::create(
          rewriter, loc, result.getType(), mapping.lookupOrDefault(value)));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Retypes `block`'s 0-d tensor arguments to their scalars, their uses
/// taking a tensor.from_elements of the scalar.
void scalarizeArguments(PatternRewriter &rewriter, Block &block, Location loc) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&block);
  for (BlockArgument argument : block.getArguments()) {
    Type type = argument.getType();
    if (!isZeroDim(type))
      continue;
    argument.setType(scalarType(type));
    auto tensor = tensor::FromElementsOp::create(rewriter, loc, type,
                                                 ValueRange{argument});
    rewriter.replaceAllUsesExcept(argument, tensor, tensor);
  }
}

/// Replaces `terminator`'s 0-d tensor operands with their elements.
void scalarizeOperands(PatternRewriter &rewriter, Operation *terminator) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(terminator);
  for (OpOperand &operand : terminator->getOpOperands())
    if (isZeroDim(operand.get().getType())) {
      Value scalar = toScalar(rewriter, terminator->getLoc(), operand.get());
      rewriter.modifyOpInPlace(terminator, [&] { operand.set(scalar); });
    }
}

/// An scf.while that carries 0-d tensors: the same loop carrying their
/// scalars (extracted from the initial values, from_elements where the
/// regions and the results use them, extracted again where the regions
/// pass them on).
struct ScalarizeWhile : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::WhileOp op,
                                PatternRewriter &rewriter) const override {
    if (!llvm::any_of(op->getOperandTypes(), isZeroDim) &&
        !llvm::any_of(op->getResultTypes(), isZeroDim))
      return rewriter.notifyMatchFailure(op, "carries no 0-d tensor");
    Location loc = op.getLoc();
    SmallVector<Value> inits;
    for (Value init : op.getInits())
      inits.push_back(toScalar(rewriter, loc, init));
    SmallVector<Type> resultTypes;
    for (Type type : op.getResultTypes())
      resultTypes.push_back(scalarType(type));
    auto loop = scf::WhileOp::create(rewriter, loc, resultTypes, inits);
    rewriter.inlineRegionBefore(op.getBefore(), loop.getBefore(),
                                loop.getBefore().end());
    rewriter.inlineRegionBefore(op.getAfter(), loop.getAfter(),
                                loop.getAfter().end());
    scalarizeArguments(rewriter, loop.getBeforeBody()[0], loc);
    scalarizeArguments(rewriter, loop.getAfterBody()[0], loc);
    scalarizeOperands(rewriter, loop.getConditionOp());
    scalarizeOperands(rewriter, loop.getYieldOp());
    SmallVector<Value> results;
    rewriter.setInsertionPointAfter(loop);
    for (auto [old, result] :
         llvm::zip_equal(op.getResults(), loop.getResults())) {
      Value value = result;
      if (isZeroDim(old.getType()))
        value = tensor::FromElementsOp::create(rewriter, loc, old.getType(),
                                               ValueRange{result});
      results.push_back(value);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// The element of a 0-d tensor.from_elements: its scalar; of a 0-d
/// constant: a scalar constant.
struct ScalarizeExtract : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    if (!isZeroDim(op.getTensor().getType()))
      return rewriter.notifyMatchFailure(op, "not of a 0-d tensor");
    if (auto tensor = op.getTensor().getDefiningOp<tensor::FromElementsOp>()) {
      rewriter.replaceOp(op, tensor.getElements().front());
      return success();
    }
    DenseElementsAttr constant;
    if (!matchPattern(op.getTensor(), m_Constant(&constant)))
      return rewriter.notifyMatchFailure(op, "not of a known tensor");
    // (A complex element is an array attribute, not arith's.)
    auto scalar = dyn_cast<TypedAttr>(constant.getSplatValue<Attribute>());
    if (!scalar || !arith::ConstantOp::isBuildableWith(scalar, op.getType()))
      return rewriter.notifyMatchFailure(op, "not an arith constant");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, scalar);
    return success();
  }
};

struct TAScalarizeZeroDimTensorsPass
    : public ta::impl::TAScalarizeZeroDimTensorsPassBase<
          TAScalarizeZeroDimTensorsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<ScalarizeGeneric, ScalarizeWhile, ScalarizeExtract>(context);
    // A loop drops what it carries unchanged or unused (a limit, a step).
    scf::WhileOp::getCanonicalizationPatterns(patterns, context);
    // The loops and what is inside them: where a buffer per op is one per
    // iteration. Straight-line code is left as it was, constants and dead
    // ops included (no folding, no region simplification): hoisting
    // constants, or erasing a dead one, changed what bufferization could
    // do with a value passed to an external function
    // (test/Integration/CPU/tf-lists.mlir).
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<LoopLikeOpInterface>(op) || inLoop(op))
        ops.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    config.enableFolding(false);
    config.enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

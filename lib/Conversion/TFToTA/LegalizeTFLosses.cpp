//===- LegalizeTFLosses.cpp - TensorFlow's cross entropy ------------------===//
//
// tf.SparseSoftmaxCrossEntropyWithLogits (tf.nn.sparse_softmax_cross_entropy
// _with_logits, Keras's sparse categorical cross entropy) of f32 logits
// [batch, classes] and integer labels [batch], as TensorFlow's CPU kernel
// computes it (sparse_xent_op.h):
//
//   shifted = logits - max(logits along classes),
//   e = exp(shifted) (Eigen's exp over the whole tensor), sum = sum(e),
//   loss = log(sum) - shifted[label] (the C library's logf: the kernel's
//     generator computes it one element at a time),
//   backprop = e / sum - (class == label).
//
// Labels are checked first, as the op does: the smallest one if negative,
// else the largest if it is not below the number of classes, named with
// every label ("Received a label value of 5 which is outside the valid
// range of [0, 3).  Label values: 0 5"). Where the check does not stop the
// program, a row with a bad label is NaN, as the kernel's generators make
// it. The sum is Eigen's reduction of the exps it computes inside it (its
// lanes, and exp's packet and scalar paths split by row:
// eigenRowSumExp); the backprop's exps are a separate expression over the
// whole tensor.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "RuntimeChecks.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

/// sum(exp(shifted)) along each row of the static [rows, n] `shifted`, as
/// Eigen's inner-dim sum reduction of TensorFlow's `shifted.exp()` computes
/// it (TensorReduction.h, InnerMostDimReducer): rows of more than 8192
/// split in two at a packet boundary, each half summed so, and added; a
/// shorter row in packets of eight lanes of exps (Eigen's packet exp): four
/// accumulators over the first (n / 32) * 32 elements, added into the
/// first in order, which takes the remaining whole packets; the last n % 8
/// one by one from zero (the C library's expf); that sum plus the lanes'
/// (predux: lanes i and i + 4, then pairs 0+2 and 1+3, then their sum).
/// The split assumes rows start on a packet boundary (n % 8 == 0, or rows
/// of at most 8192). Returns [rows, 1].
Value eigenRowSumExp(ConversionPatternRewriter &rewriter, Operation *op,
                     Value shifted) {
  Location loc = op->getLoc();
  RankedTensorType type = rankedType(shifted);
  Type f32 = type.getElementType();
  int64_t n = type.getDimSize(1);
  func::FuncOp expf = declareLibm(rewriter, op, "expf");
  auto sumType = RankedTensorType::get({type.getDimSize(0), 1}, f32);
  MLIRContext *ctx = rewriter.getContext();
  AffineExpr d0 = getAffineDimExpr(0, ctx), d1 = getAffineDimExpr(1, ctx);
  auto body = [&](OpBuilder &b, Location l, ValueRange) {
    Value row = linalg::IndexOp::create(b, l, 0);
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    Value zero = arith::ConstantOp::create(b, l, b.getFloatAttr(f32, 0));
    auto add = [&](Value x, Value y) -> Value {
      return arith::AddFOp::create(b, l, x, y);
    };
    auto exp = [&](Value k, bool scalar) {
      Value x = tensor::ExtractOp::create(b, l, shifted, ValueRange{row, k});
      return eigenExp(b, l, expf, x,
                      arith::ConstantIntOp::create(b, l, scalar, 1));
    };
    // `lanes` (packets of eight) add the packets of [begin, end) round
    // robin; returns them.
    auto packets = [&](int64_t begin, int64_t end, SmallVector<Value> lanes) {
      int64_t accumulators = lanes.size() / 8;
      if (begin >= end)
        return lanes;
      int64_t step = 8 * accumulators;
      auto loop = scf::ForOp::create(b, l, index(begin), index(end),
                                     index(step), lanes);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> next(loop.getRegionIterArgs());
      for (int64_t k = 0; k < step; ++k)
        next[k] = add(next[k], exp(arith::AddIOp::create(
                                       b, l, loop.getInductionVar(), index(k)),
                                   /*scalar=*/false));
      scf::YieldOp::create(b, l, next);
      lanes.assign(loop.getResults().begin(), loop.getResults().end());
      return lanes;
    };
    auto leaf = [&](int64_t first, int64_t count) {
      SmallVector<Value> p0(8, zero);
      int64_t start = 0;
      if (count >= 32) {
        int64_t four = count / 32 * 32;
        SmallVector<Value> p =
            packets(first, first + four, SmallVector<Value>(32, zero));
        p0.assign(p.begin(), p.begin() + 8);
        for (int64_t m = 1; m < 4; ++m)
          for (int64_t k = 0; k < 8; ++k)
            p0[k] = add(p0[k], p[8 * m + k]);
        start = four;
      }
      if (start + 8 <= count) {
        int64_t whole = count / 8 * 8;
        // The remaining whole packets, into the first accumulator.
        p0 = packets(first + start, first + whole, p0);
        start = whole;
      }
      Value accum = zero;
      for (int64_t j = start; j < count; ++j)
        accum = add(accum, exp(index(first + j), /*scalar=*/true));
      SmallVector<Value> half;
      for (int64_t k = 0; k < 4; ++k)
        half.push_back(add(p0[k], p0[k + 4]));
      return add(accum, add(add(half[0], half[2]), add(half[1], half[3])));
    };
    std::function<Value(int64_t, int64_t)> tree = [&](int64_t first,
                                                      int64_t count) {
      if (count <= 8 * 1024)
        return leaf(first, count);
      int64_t split =
          8 * llvm::divideCeil(first + llvm::divideCeil(count, 2), 8);
      int64_t left = std::min(split - first, count);
      Value accum = add(zero, tree(first, left));
      if (left < count)
        accum = add(accum, tree(split, count - left));
      return accum;
    };
    linalg::YieldOp::create(b, l, tree(0, n));
  };
  return linalg::GenericOp::create(
             rewriter, loc, sumType, ValueRange{},
             tensor::EmptyOp::create(rewriter, loc, sumType.getShape(), f32)
                 .getResult(),
             SmallVector<AffineMap>{AffineMap::get(2, 0, {d0, d1}, ctx)},
             SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
             body)
      .getResult(0);
}

std::string unsupportedSparseXent(Operation *op) {
  if (std::string why = checkSignature(op, 2, 2); !why.empty())
    return why;
  RankedTensorType logits = rankedType(op->getOperand(0));
  RankedTensorType labels = rankedType(op->getOperand(1));
  if (!logits.getElementType().isF32() || logits.getRank() != 2 ||
      !logits.hasStaticShape())
    return "needs static f32 logits [batch, classes] (ta-legalize-tf "
           "computes TensorFlow's f32 kernel)";
  if (!labels.getElementType().isInteger(32) &&
      !labels.getElementType().isInteger(64))
    return "needs int32 or int64 labels";
  if (labels.getRank() != 1 || labels.getDimSize(0) != logits.getDimSize(0))
    return "needs labels [batch] of the logits' batch (TensorFlow: logits "
           "and labels must have the same first dimension)";
  if (logits.getDimSize(1) == 0 && logits.getDimSize(0) > 0)
    return "needs logits of at least one class (TensorFlow: Must have at "
           "least one class)";
  auto loss = rankedType(op->getResult(0));
  auto backprop = rankedType(op->getResult(1));
  if (!loss || !backprop || loss.getElementType() != logits.getElementType() ||
      backprop.getElementType() != logits.getElementType() ||
      failed(
          verifyCompatibleShape(loss, labels.clone(logits.getElementType()))) ||
      failed(verifyCompatibleShape(backprop, logits)))
    return "needs results [batch] and [batch, classes] of the logits' type";
  return "";
}

LogicalResult rewriteSparseXent(Operation *op, ValueRange operands,
                                ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value logits = operands[0], labels = operands[1];
  RankedTensorType type = rankedType(logits);
  auto labelType = cast<IntegerType>(rankedType(labels).getElementType());
  int64_t batch = type.getDimSize(0), classes = type.getDimSize(1);
  auto labelConstant = [&](OpBuilder &b, Location l, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, l, labelType, v);
  };

  // The labels, checked before anything is computed.
  if (batch > 0) {
    auto extreme = [&](ReduceKind kind) -> Value {
      Value reduced =
          reduceAlong(rewriter, loc, labels, {0}, /*keep=*/false, kind);
      return tensor::ExtractOp::create(rewriter, loc, reduced, ValueRange{});
    };
    Value lo = extreme(ReduceKind::Min), hi = extreme(ReduceKind::Max);
    Value negative =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, lo,
                              labelConstant(rewriter, loc, 0));
    Value beyond =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, hi,
                              labelConstant(rewriter, loc, classes));
    Value ok = arith::XOrIOp::create(
        rewriter, loc, arith::OrIOp::create(rewriter, loc, negative, beyond),
        arith::ConstantIntOp::create(rewriter, loc, 1, 1));
    Value bad = arith::SelectOp::create(rewriter, loc, negative, lo, hi);
    tf::failUnlessListing(
        rewriter, op, ok, TA_ERR_SPARSE_XENT_LABEL, labels,
        ValueRange{arith::IndexCastOp::create(rewriter, loc,
                                              rewriter.getIndexType(), bad),
                   arith::ConstantIndexOp::create(rewriter, loc, classes)});
  }

  Value shifted, e;
  std::tie(shifted, e) = shiftedExp(rewriter, op, logits);
  Value sum = eigenRowSumExp(rewriter, op, shifted);
  Type f32 = type.getElementType();
  auto nan = [&](OpBuilder &b, Location l) -> Value {
    return arith::ConstantOp::create(
        b, l, b.getFloatAttr(f32, APFloat::getQNaN(APFloat::IEEEsingle())));
  };
  // Whether `label` is a class, and it as an index (0 where it is not).
  auto classOf = [&](OpBuilder &b, Location l, Value label) {
    Value valid = arith::AndIOp::create(
        b, l,
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, label,
                              labelConstant(b, l, 0)),
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, label,
                              labelConstant(b, l, classes)));
    Value index = arith::SelectOp::create(
        b, l, valid, arith::IndexCastOp::create(b, l, b.getIndexType(), label),
        arith::ConstantIndexOp::create(b, l, 0));
    return std::make_pair(valid, index);
  };

  // loss[b] = logf(sum[b]) - shifted[b, label[b]].
  func::FuncOp logf = declareLibm(rewriter, op, "logf");
  auto lossType = RankedTensorType::get({batch}, f32);
  MLIRContext *ctx = rewriter.getContext();
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  auto zero = getAffineConstantExpr(0, ctx);
  Value loss =
      linalg::GenericOp::create(
          rewriter, loc, lossType, ValueRange{labels, sum},
          tensor::EmptyOp::create(rewriter, loc, lossType.getShape(), f32)
              .getResult(),
          SmallVector<AffineMap>{AffineMap::get(1, 0, {d0}, ctx),
                                 AffineMap::get(1, 0, {d0, zero}, ctx),
                                 AffineMap::get(1, 0, {d0}, ctx)},
          SmallVector<utils::IteratorType>{utils::IteratorType::parallel},
          [&](OpBuilder &b, Location l, ValueRange args) {
            auto [valid, label] = classOf(b, l, args[0]);
            Value row = linalg::IndexOp::create(b, l, 0);
            Value picked = tensor::ExtractOp::create(b, l, shifted,
                                                     ValueRange{row, label});
            Value log = func::CallOp::create(b, l, logf, ValueRange{args[1]})
                            .getResult(0);
            Value v =
                flushDenormal(b, l, arith::SubFOp::create(b, l, log, picked));
            linalg::YieldOp::create(
                b, l,
                arith::SelectOp::create(b, l, valid, v, nan(b, l)).getResult());
          })
          .getResult(0);

  // backprop[b, j] = e[b, j] / sum[b] - (j == label[b]).
  Value backprop =
      linalg::GenericOp::create(
          rewriter, loc, type, ValueRange{e, sum, labels},
          emptyLike(rewriter, loc, type, logits),
          SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(2),
                                 rowMap(rewriter, 2),
                                 AffineMap::get(2, 0, {d0}, ctx),
                                 rewriter.getMultiDimIdentityMap(2)},
          SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
          [&](OpBuilder &b, Location l, ValueRange args) {
            auto [valid, label] = classOf(b, l, args[2]);
            Value column = linalg::IndexOp::create(b, l, 1);
            Value hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                              column, label);
            Value one = arith::ConstantOp::create(b, l, b.getFloatAttr(f32, 1));
            Value none =
                arith::ConstantOp::create(b, l, b.getFloatAttr(f32, 0));
            Value q = flushDenormal(
                b, l, arith::DivFOp::create(b, l, args[0], args[1]));
            Value v = arith::SubFOp::create(
                b, l, q, arith::SelectOp::create(b, l, hit, one, none));
            linalg::YieldOp::create(
                b, l,
                arith::SelectOp::create(b, l, valid, v, nan(b, l)).getResult());
          })
          .getResult(0);
  rewriter.replaceOp(
      op, {castTo(rewriter, loc, loss, op->getResult(0).getType()),
           castTo(rewriter, loc, backprop, op->getResult(1).getType())});
  return success();
}

const Lowering kLowerings[] = {{"tf.SparseSoftmaxCrossEntropyWithLogits",
                                unsupportedSparseXent, rewriteSparseXent}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::lossLowerings() { return kLowerings; }

void mlir::ta::populateTFLossToLinalgPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, lossLowerings());
}

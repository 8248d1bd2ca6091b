//===- LegalizeTFTopK.cpp - tf.TopKV2 (tf.math.top_k, tf.sort) ------------===//
//
// tf.TopKV2 of a static input and a constant k (tf.math.top_k, and tf.sort
// and tf.argsort, which TensorFlow builds from it): along the last dim,
// the k largest values in descending order and their indices, equal
// values in the order of their indices (TensorFlow's documented order:
// -0.0 and 0.0 are equal). Each row is a selection: k passes over it, each
// taking the largest value not taken yet (the first of equals). A NaN is
// never larger than another value, so it is taken where it comes first
// among those left; TensorFlow's comparator leaves NaN's place to its sort
// algorithm, so rows with NaN may order differently. `sorted = false`
// (TensorFlow: any order) is diagnosed.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

std::string unsupportedTopK(Operation *op) {
  if (std::string why = checkSignature(op, 2, 2); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  Type element = input ? input.getElementType() : Type();
  if (!input || !input.hasStaticShape() || input.getRank() < 1 ||
      !(isa<FloatType>(element) || element.isSignlessInteger()) ||
      element.isInteger(1))
    return "needs a static input of rank >= 1, of floats or integers";
  std::optional<int64_t> k = tf::constantScalar(op->getOperand(1));
  if (!k || *k < 0)
    return "needs a constant, non-negative k";
  int64_t n = input.getShape().back();
  if (*k > n)
    return "has k = " + std::to_string(*k) + " of " + std::to_string(n) +
           " columns (TensorFlow: input must have at least k columns)";
  if (auto sorted = op->getAttrOfType<BoolAttr>("sorted");
      sorted && !sorted.getValue())
    return "has sorted = false, whose order TensorFlow leaves to its kernel";
  SmallVector<int64_t> shape(input.getShape().drop_back());
  shape.push_back(*k);
  RankedTensorType values = rankedType(op->getResult(0));
  RankedTensorType indices = rankedType(op->getResult(1));
  if (!values || values.getElementType() != element ||
      failed(verifyCompatibleShape(values.getShape(), shape)) || !indices ||
      !(indices.getElementType().isInteger(32) ||
        indices.getElementType().isInteger(64)) ||
      failed(verifyCompatibleShape(indices.getShape(), shape)))
    return "needs results of the input's values and integer indices, [..., k]";
  return "";
}

LogicalResult rewriteTopK(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  Type element = input.getElementType();
  Type indexElement = rankedType(op->getResult(1)).getElementType();
  int64_t n = input.getShape().back();
  int64_t k = *tf::constantScalar(op->getOperand(1));
  int64_t rows = input.getNumElements() / std::max<int64_t>(n, 1);
  if (n == 0)
    rows = ShapedType::getNumElements(input.getShape().drop_back());
  // The input as [rows, n].
  Value x = operands[0];
  auto flatType = RankedTensorType::get({rows, n}, element);
  if (input.getRank() == 1)
    x = tensor::ExpandShapeOp::create(
        rewriter, loc, flatType, x, SmallVector<ReassociationIndices>{{0, 1}});
  else if (input.getRank() > 2) {
    ReassociationIndices leading;
    for (int64_t d = 0; d + 1 < input.getRank(); ++d)
      leading.push_back(d);
    x = tensor::CollapseShapeOp::create(
        rewriter, loc, flatType, x,
        SmallVector<ReassociationIndices>{leading, {input.getRank() - 1}});
  }
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto valuesType = RankedTensorType::get({rows, k}, element);
  auto indicesType = RankedTensorType::get({rows, k}, indexElement);
  Value values =
      tensor::EmptyOp::create(rewriter, loc, valuesType.getShape(), element);
  Value picked = tensor::EmptyOp::create(rewriter, loc, indicesType.getShape(),
                                         indexElement);
  auto perRow = scf::ForOp::create(rewriter, loc, index(rewriter, 0),
                                   index(rewriter, rows), index(rewriter, 1),
                                   ValueRange{values, picked});
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(perRow.getBody());
    Value r = perRow.getInductionVar();
    Value none = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(RankedTensorType::get({n}, rewriter.getI1Type()),
                               false));
    auto perPick =
        scf::ForOp::create(rewriter, loc, index(rewriter, 0),
                           index(rewriter, k), index(rewriter, 1),
                           ValueRange{perRow.getRegionIterArg(0),
                                      perRow.getRegionIterArg(1), none});
    {
      OpBuilder::InsertionGuard inner(rewriter);
      rewriter.setInsertionPointToStart(perPick.getBody());
      Value j = perPick.getInductionVar();
      Value taken = perPick.getRegionIterArg(2);
      Value zero = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getZeroAttr(element));
      // The first largest value not taken (best = n: none yet).
      auto scan = scf::ForOp::create(rewriter, loc, index(rewriter, 0),
                                     index(rewriter, n), index(rewriter, 1),
                                     ValueRange{index(rewriter, n), zero});
      {
        OpBuilder::InsertionGuard body(rewriter);
        rewriter.setInsertionPointToStart(scan.getBody());
        Value c = scan.getInductionVar();
        Value best = scan.getRegionIterArg(0),
              bestValue = scan.getRegionIterArg(1);
        Value isTaken =
            tensor::ExtractOp::create(rewriter, loc, taken, ValueRange{c});
        Value v = tensor::ExtractOp::create(rewriter, loc, x, ValueRange{r, c});
        Value larger =
            isa<FloatType>(element)
                ? Value(arith::CmpFOp::create(
                      rewriter, loc, arith::CmpFPredicate::OGT, v, bestValue))
                : Value(arith::CmpIOp::create(
                      rewriter, loc, arith::CmpIPredicate::sgt, v, bestValue));
        Value first = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, best, index(rewriter, n));
        Value free = arith::XOrIOp::create(
            rewriter, loc, isTaken,
            arith::ConstantIntOp::create(rewriter, loc, 1, 1));
        Value better = arith::AndIOp::create(
            rewriter, loc, free,
            arith::OrIOp::create(rewriter, loc, first, larger));
        scf::YieldOp::create(
            rewriter, loc,
            ValueRange{
                arith::SelectOp::create(rewriter, loc, better, c, best),
                arith::SelectOp::create(rewriter, loc, better, v, bestValue)});
      }
      Value best = scan.getResult(0), bestValue = scan.getResult(1);
      Value nowTaken = tensor::InsertOp::create(
          rewriter, loc, arith::ConstantIntOp::create(rewriter, loc, 1, 1),
          taken, ValueRange{best});
      Value nextValues = tensor::InsertOp::create(rewriter, loc, bestValue,
                                                  perPick.getRegionIterArg(0),
                                                  ValueRange{r, j});
      Value nextPicked = tensor::InsertOp::create(
          rewriter, loc,
          arith::IndexCastOp::create(rewriter, loc, indexElement, best),
          perPick.getRegionIterArg(1), ValueRange{r, j});
      scf::YieldOp::create(rewriter, loc,
                           ValueRange{nextValues, nextPicked, nowTaken});
    }
    scf::YieldOp::create(
        rewriter, loc, ValueRange{perPick.getResult(0), perPick.getResult(1)});
  }
  // Back to the input's leading dims.
  SmallVector<int64_t> shape(input.getShape().drop_back());
  shape.push_back(k);
  auto reshape = [&](Value v, Type elementType) -> Value {
    auto type = RankedTensorType::get(shape, elementType);
    if (input.getRank() == 2)
      return v;
    if (input.getRank() == 1)
      return tensor::CollapseShapeOp::create(
          rewriter, loc, type, v, SmallVector<ReassociationIndices>{{0, 1}});
    ReassociationIndices leading;
    for (int64_t d = 0; d + 1 < input.getRank(); ++d)
      leading.push_back(d);
    return tensor::ExpandShapeOp::create(
        rewriter, loc, type, v,
        SmallVector<ReassociationIndices>{leading, {input.getRank() - 1}});
  };
  rewriter.replaceOp(
      op, {castTo(rewriter, loc, reshape(perRow.getResult(0), element),
                  op->getResult(0).getType()),
           castTo(rewriter, loc, reshape(perRow.getResult(1), indexElement),
                  op->getResult(1).getType())});
  return success();
}

const Lowering kLowerings[] = {{"tf.TopKV2", unsupportedTopK, rewriteTopK}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::topKLowerings() { return kLowerings; }

void mlir::ta::populateTFTopKToTensorPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, topKLowerings());
}

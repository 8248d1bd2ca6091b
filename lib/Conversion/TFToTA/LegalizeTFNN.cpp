//===- LegalizeTFNN.cpp - TensorFlow's layer ops and reductions -----------===//
//
// The ops a recurrent layer and its gradient add around the TensorArrays
// (Keras SimpleRNN/GRU/LSTM, dynamic_rnn cells):
//
//  - tf.BiasAdd (NHWC: the bias added along the last dim) and
//    tf.BiasAddGrad (its sum over every other dim);
//  - tf.TanhGrad(y, dy) = dy * (1 - y * y), as TensorFlow's kernel rounds
//    it; tf.SigmoidGrad(y, dy) = dy * (y * (1 - y)) on all but the last
//    n % 8 elements of a tensor of n, (dy * y) * (1 - y) on those: Eigen's
//    packet and scalar paths (AVX: packets of 8 floats) associate the
//    product differently, and TensorFlow's wheel runs both;
//  - tf.Sum and tf.Max over constant axes (keep_dims or not). Max
//    propagates NaN and keeps the later of two equal values (max(-0, 0) is
//    0, max(0, -0) is -0), as TensorFlow's reduction does; an empty Max is
//    -inf. Sums add in index order: TensorFlow's Eigen reduction adds in
//    packets and trees, so a sum of values whose partial sums round may
//    differ from TensorFlow's by the rounding of the sum (exact wherever the
//    partial sums are, as in the corpus).
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

//===----------------------------------------------------------------------===//
// Reductions: tf.Sum, tf.Max, tf.BiasAddGrad
//===----------------------------------------------------------------------===//

/// The shape of `input` reduced over `dims` (kept as 1s where `keep`).
SmallVector<int64_t> reducedShape(RankedTensorType input,
                                  ArrayRef<int64_t> dims, bool keep) {
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < input.getRank(); ++d) {
    if (!llvm::is_contained(dims, d))
      shape.push_back(input.getDimSize(d));
    else if (keep)
      shape.push_back(1);
  }
  return shape;
}

bool isMax(Operation *op) { return op->getName().getStringRef() == "tf.Max"; }

/// `input` reduced over `dims` into a tensor of `shape` (a sum, or a max
/// where `max`), in index order.
Value reduce(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> dims,
             bool keep, bool max) {
  auto type = cast<RankedTensorType>(input.getType());
  Type element = type.getElementType();
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape = reducedShape(type, dims, keep);
  auto resultType = RankedTensorType::get(shape, element);
  SmallVector<Value> dynamic;
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = llvm::is_contained(dims, d);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (reduced) {
      if (keep)
        outExprs.push_back(b.getAffineConstantExpr(0));
      continue;
    }
    outExprs.push_back(b.getAffineDimExpr(d));
    if (type.isDynamicDim(d))
      dynamic.push_back(tensor::DimOp::create(b, loc, input, d));
  }
  TypedAttr initialAttr;
  if (!max)
    initialAttr = b.getZeroAttr(element);
  else if (auto f = dyn_cast<FloatType>(element))
    initialAttr = b.getFloatAttr(
        element, APFloat::getInf(f.getFloatSemantics(), /*Negative=*/true));
  else
    initialAttr = b.getIntegerAttr(
        element, APInt::getSignedMinValue(element.getIntOrFloatBitWidth()));
  Value initial = arith::ConstantOp::create(b, loc, initialAttr);
  Value empty = tensor::EmptyOp::create(b, loc, resultType, dynamic);
  Value init = linalg::FillOp::create(b, loc, initial, empty).getResult(0);
  SmallVector<AffineMap> maps{
      b.getMultiDimIdentityMap(rank),
      AffineMap::get(rank, 0, outExprs, b.getContext())};
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, input, init, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value x = args[0], acc = args[1];
        Value next;
        if (!max) {
          next = isa<FloatType>(element)
                     ? arith::AddFOp::create(nb, nloc, acc, x).getResult()
                     : arith::AddIOp::create(nb, nloc, acc, x).getResult();
        } else if (isa<FloatType>(element)) {
          // acc unless x is greater (or NaN); a NaN acc stays.
          Value keepAcc = arith::OrIOp::create(
              nb, nloc,
              arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO, acc,
                                    acc),
              arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGT, acc,
                                    x));
          next = arith::SelectOp::create(nb, nloc, keepAcc, acc, x);
        } else {
          next = arith::MaxSIOp::create(nb, nloc, acc, x);
        }
        linalg::YieldOp::create(nb, nloc, next);
      });
  return generic.getResult(0);
}

std::string unsupportedReduction(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  Type element = input.getElementType();
  if (element.isInteger(1) ||
      (element.isInteger() && !isMax(op) && !element.isInteger(32) &&
       !element.isInteger(64)))
    return "reduces elements of a type ta-legalize-tf does not reduce";
  std::optional<SmallVector<int64_t>> dims =
      constantAxes(op->getOperand(1), input.getRank());
  if (!dims)
    return "needs constant axes within its operand's rank";
  auto keep = op->getAttrOfType<BoolAttr>("keep_dims");
  SmallVector<int64_t> shape =
      reducedShape(input, *dims, keep && keep.getValue());
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getElementType() != element ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not its operand's, reduced";
  return "";
}

LogicalResult rewriteReduction(Operation *op, ValueRange operands,
                               ConversionPatternRewriter &rewriter) {
  RankedTensorType input = rankedType(operands[0]);
  SmallVector<int64_t> dims = *constantAxes(op->getOperand(1), input.getRank());
  auto keep = op->getAttrOfType<BoolAttr>("keep_dims");
  Value reduced = reduce(rewriter, op->getLoc(), operands[0], dims,
                         keep && keep.getValue(), isMax(op));
  rewriter.replaceOp(
      op, castTo(rewriter, op->getLoc(), reduced, op->getResult(0).getType()));
  return success();
}

/// Why `op`'s data_format is not the one ta-legalize-tf lowers (NHWC), or "".
std::string checkDataFormat(Operation *op) {
  auto format = op->getAttrOfType<StringAttr>("data_format");
  if (format && format.getValue() != "NHWC")
    return "has data_format '" + format.getValue().str() +
           "'; ta-legalize-tf lowers NHWC (the bias along the last dim)";
  return "";
}

std::string unsupportedBiasAddGrad(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  if (std::string why = checkDataFormat(op); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  if (input.getRank() < 2 || !isa<FloatType>(input.getElementType()) ||
      result.getElementType() != input.getElementType() ||
      failed(
          verifyCompatibleShape(result.getShape(), {input.getShape().back()})))
    return "needs a float operand of rank >= 2 and a result of its last dim";
  return "";
}

LogicalResult rewriteBiasAddGrad(Operation *op, ValueRange operands,
                                 ConversionPatternRewriter &rewriter) {
  int64_t rank = rankedType(operands[0]).getRank();
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  Value reduced = reduce(rewriter, op->getLoc(), operands[0], dims,
                         /*keep=*/false, /*max=*/false);
  rewriter.replaceOp(
      op, castTo(rewriter, op->getLoc(), reduced, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.BiasAdd
//===----------------------------------------------------------------------===//

std::string unsupportedBiasAdd(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  if (std::string why = checkDataFormat(op); !why.empty())
    return why;
  RankedTensorType value = rankedType(op->getOperand(0));
  RankedTensorType bias = rankedType(op->getOperand(1));
  if (value.getRank() < 2 || bias.getRank() != 1 ||
      !isa<FloatType>(value.getElementType()) ||
      bias.getElementType() != value.getElementType() ||
      rankedType(op->getResult(0)) != value)
    return "needs a float value of rank >= 2, a 1-D bias of its element "
           "type and a result of the value's type";
  int64_t last = value.getShape().back(), size = bias.getDimSize(0);
  if (ShapedType::isDynamic(last) || ShapedType::isDynamic(size) ||
      last != size)
    return "needs as many biases as the last dim of its value, both static";
  return "";
}

LogicalResult rewriteBiasAdd(Operation *op, ValueRange operands,
                             ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  auto type = rankedType(op->getResult(0));
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps{
      rewriter.getMultiDimIdentityMap(rank),
      AffineMap::get(rank, 0, rewriter.getAffineDimExpr(rank - 1)),
      rewriter.getMultiDimIdentityMap(rank)};
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, operands,
      emptyLike(rewriter, loc, type, operands[0]), maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(
            b, l, arith::AddFOp::create(b, l, args[0], args[1]).getResult());
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// tf.TanhGrad, tf.SigmoidGrad
//===----------------------------------------------------------------------===//

std::string unsupportedActivationGrad(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType type = rankedType(op->getResult(0));
  if (!type.getElementType().isF32() || rankedType(op->getOperand(0)) != type ||
      rankedType(op->getOperand(1)) != type)
    return "needs f32 operands and result of one type (ta-legalize-tf "
           "computes TensorFlow's f32 kernels)";
  return "";
}

LogicalResult rewriteActivationGrad(Operation *op, ValueRange operands,
                                    ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  auto type = rankedType(op->getResult(0));
  int64_t rank = type.getRank();
  bool sigmoid = op->getName().getStringRef() == "tf.SigmoidGrad";
  // Where Eigen's scalar tail starts (SigmoidGrad).
  SmallVector<Value> dims;
  for (int64_t k = 0; k < rank; ++k)
    dims.push_back(tensor::DimOp::create(rewriter, loc, operands[0], k));
  Value tailStart = eigenTailStart(rewriter, loc, dims);
  auto id = rewriter.getMultiDimIdentityMap(rank);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, operands,
      emptyLike(rewriter, loc, type, operands[0]),
      SmallVector<AffineMap>{id, id, id},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value y = args[0], dy = args[1];
        Value one = arith::ConstantOp::create(b, l, b.getF32FloatAttr(1.0f));
        auto mul = [&](Value x, Value z) {
          return arith::MulFOp::create(b, l, x, z).getResult();
        };
        auto sub = [&](Value x, Value z) {
          return arith::SubFOp::create(b, l, x, z).getResult();
        };
        if (!sigmoid) {
          linalg::YieldOp::create(b, l, mul(dy, sub(one, mul(y, y))));
          return;
        }
        Value tail = inEigenTail(b, l, dims, tailStart);
        Value packet = mul(dy, mul(y, sub(one, y)));
        Value scalar = mul(mul(dy, y), sub(one, y));
        linalg::YieldOp::create(
            b, l,
            arith::SelectOp::create(b, l, tail, scalar, packet).getResult());
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

const Lowering kLowerings[] = {
    {"tf.BiasAdd", unsupportedBiasAdd, rewriteBiasAdd},
    {"tf.BiasAddGrad", unsupportedBiasAddGrad, rewriteBiasAddGrad},
    {"tf.TanhGrad", unsupportedActivationGrad, rewriteActivationGrad},
    {"tf.SigmoidGrad", unsupportedActivationGrad, rewriteActivationGrad},
    {"tf.Sum", unsupportedReduction, rewriteReduction},
    {"tf.Max", unsupportedReduction, rewriteReduction}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::layerLowerings() { return kLowerings; }

void mlir::ta::populateTFLayerToLinalgPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, layerLowerings());
}

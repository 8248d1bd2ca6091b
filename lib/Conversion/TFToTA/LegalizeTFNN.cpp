//===- LegalizeTFNN.cpp - TensorFlow's layer ops and activations ----------===//
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
//  - tf.Relu (x < 0 ? 0 : x: NaN and -0 pass, as Eigen's cwiseMax(0)) and
//    tf.ReluGrad (gradients * (features > 0), a product: an infinite
//    gradient where features <= 0 is NaN, as in TensorFlow);
//  - tf.Softmax along the last dim, TensorFlow's kernel: e = exp(logits -
//    max), with tf.Exp's Eigen packet and tail paths over the whole tensor,
//    times 1 / sum(e) (a reciprocal, then a product). The sum adds in index
//    order (see LegalizeTFReductions.cpp); TensorFlow's oneDNN softmax,
//    which its graph rewrite may substitute, computes its own exp: within
//    a few ulp (the corpus bounds it); tf.LogSoftmax: (logits - max) -
//    log(sum(e)), Eigen's log over the row sums (TensorFlow's kernel sums
//    the exps inside its reduction: the corpus bounds the difference).
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "TFUtils.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

AffineMap mlir::ta::tflegalize::rowMap(OpBuilder &b, int64_t rank) {
  SmallVector<AffineExpr> exprs;
  for (int64_t k = 0; k + 1 < rank; ++k)
    exprs.push_back(b.getAffineDimExpr(k));
  exprs.push_back(b.getAffineConstantExpr(0));
  return AffineMap::get(rank, 0, exprs, b.getContext());
}

std::pair<Value, Value>
mlir::ta::tflegalize::shiftedExp(ConversionPatternRewriter &rewriter,
                                 Operation *op, Value logits) {
  Location loc = op->getLoc();
  RankedTensorType type = rankedType(logits);
  int64_t rank = type.getRank();
  SmallVector<Value> dims;
  for (int64_t k = 0; k < rank; ++k)
    dims.push_back(tensor::DimOp::create(rewriter, loc, logits, k));
  Value max = reduceAlong(rewriter, loc, logits, {rank - 1}, /*keep=*/true,
                          ReduceKind::Max);
  Value tailStart = eigenTailStart(rewriter, loc, dims);
  func::FuncOp libm = declareLibm(rewriter, op, "expf");
  auto id = rewriter.getMultiDimIdentityMap(rank);
  auto parallel =
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type, type}, ValueRange{logits, max},
      ValueRange{emptyLike(rewriter, loc, type, logits),
                 emptyLike(rewriter, loc, type, logits)},
      SmallVector<AffineMap>{id, rowMap(rewriter, rank), id, id}, parallel,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value shifted = arith::SubFOp::create(b, l, args[0], args[1]);
        Value tail = inEigenTail(b, l, dims, tailStart);
        linalg::YieldOp::create(
            b, l, ValueRange{shifted, eigenExp(b, l, libm, shifted, tail)});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

namespace {

//===----------------------------------------------------------------------===//
// tf.BiasAdd, tf.BiasAddGrad
//===----------------------------------------------------------------------===//

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
  Value reduced = reduceAlong(rewriter, op->getLoc(), operands[0], dims,
                              /*keep=*/false, ReduceKind::Sum);
  rewriter.replaceOp(
      op, castTo(rewriter, op->getLoc(), reduced, op->getResult(0).getType()));
  return success();
}

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

//===----------------------------------------------------------------------===//
// tf.Relu, tf.ReluGrad, tf.Softmax
//===----------------------------------------------------------------------===//

std::string unsupportedRelu(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType type = rankedType(op->getOperand(0));
  if (type.getElementType().isInteger(1) ||
      failed(verifyCompatibleShape(rankedType(op->getResult(0)), type)) ||
      rankedType(op->getResult(0)).getElementType() != type.getElementType())
    return "needs a numeric operand and a result of its type";
  return "";
}

LogicalResult rewriteRelu(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType type = rankedType(operands[0]);
  Value relu = mapElements(
      rewriter, loc, operands[0], type, [&](OpBuilder &b, Location l, Value x) {
        Value zero =
            arith::ConstantOp::create(b, l, b.getZeroAttr(x.getType()));
        if (!isa<FloatType>(x.getType()))
          return Value(arith::MaxSIOp::create(b, l, x, zero));
        // Eigen's cwiseMax(0): x < 0 ? 0 : x (NaN and -0 pass through).
        Value negative =
            arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, zero);
        return Value(arith::SelectOp::create(b, l, negative, zero, x));
      });
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, relu, op->getResult(0).getType()));
  return success();
}

std::string unsupportedReluGrad(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType type = rankedType(op->getResult(0));
  if (type.getElementType().isInteger(1) || !type.hasStaticShape() ||
      rankedType(op->getOperand(0)) != type ||
      rankedType(op->getOperand(1)) != type)
    return "needs numeric gradients, features and result of one static type";
  return "";
}

LogicalResult rewriteReluGrad(Operation *op, ValueRange operands,
                              ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType type = rankedType(op->getResult(0));
  int64_t rank = type.getRank();
  auto id = rewriter.getMultiDimIdentityMap(rank);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, operands, emptyLike(rewriter, loc, type),
      SmallVector<AffineMap>{id, id, id},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        // gradients * (features > 0), a product: inf or NaN gradients
        // times 0 are NaN, as in TensorFlow.
        Value g = args[0], f = args[1];
        Type element = g.getType();
        Value zero = arith::ConstantOp::create(b, l, b.getZeroAttr(element));
        Value one = arith::ConstantOp::create(
            b, l,
            isa<FloatType>(element) ? TypedAttr(b.getFloatAttr(element, 1.0))
                                    : TypedAttr(b.getIntegerAttr(element, 1)));
        bool isFloat = isa<FloatType>(element);
        Value positive = isFloat
                             ? Value(arith::CmpFOp::create(
                                   b, l, arith::CmpFPredicate::OGT, f, zero))
                             : Value(arith::CmpIOp::create(
                                   b, l, arith::CmpIPredicate::sgt, f, zero));
        Value mask = arith::SelectOp::create(b, l, positive, one, zero);
        linalg::YieldOp::create(
            b, l,
            isFloat ? Value(arith::MulFOp::create(b, l, g, mask))
                    : Value(arith::MulIOp::create(b, l, g, mask)));
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

std::string unsupportedSoftmax(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType type = rankedType(op->getOperand(0));
  if (!type.getElementType().isF32() || type.getRank() < 1 ||
      failed(verifyCompatibleShape(rankedType(op->getResult(0)), type)) ||
      rankedType(op->getResult(0)).getElementType() != type.getElementType())
    return "needs an f32 operand of rank >= 1 and a result of its type "
           "(ta-legalize-tf computes TensorFlow's f32 kernel)";
  return "";
}

LogicalResult rewriteSoftmax(Operation *op, ValueRange operands,
                             ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value logits = operands[0];
  RankedTensorType type = rankedType(logits);
  int64_t rank = type.getRank();
  // TensorFlow's kernel: e = exp(logits - max(logits along classes)), one
  // Eigen expression over the whole tensor (packets, and the scalar tail);
  // softmax = e * (1 / sum(e along classes)) or, for LogSoftmax,
  // (logits - max) - log(sum(e along classes)), Eigen's log over the sums.
  auto [shifted, e] = shiftedExp(rewriter, op, logits);
  Value sum =
      reduceAlong(rewriter, loc, e, {rank - 1}, /*keep=*/true, ReduceKind::Sum);
  bool log = tf::isNamed(op, "tf.LogSoftmax");
  auto id = rewriter.getMultiDimIdentityMap(rank);
  auto parallel =
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
  if (log) {
    // log(sum), its own Eigen expression over the [..., 1] sums.
    auto sumType = rankedType(sum);
    SmallVector<Value> dims;
    for (int64_t k = 0; k < rank; ++k)
      dims.push_back(tensor::DimOp::create(rewriter, loc, sum, k));
    Value tailStart = eigenTailStart(rewriter, loc, dims);
    func::FuncOp logf = declareLibm(rewriter, op, "logf");
    auto sumId = rewriter.getMultiDimIdentityMap(rank);
    sum =
        linalg::GenericOp::create(
            rewriter, loc, sumType, sum, emptyLike(rewriter, loc, sumType, sum),
            SmallVector<AffineMap>{sumId, sumId}, parallel,
            [&](OpBuilder &b, Location l, ValueRange args) {
              Value tail = inEigenTail(b, l, dims, tailStart);
              linalg::YieldOp::create(b, l,
                                      eigenLog(b, l, logf, args[0], tail));
            })
            .getResult(0);
  }
  Value softmax =
      linalg::GenericOp::create(
          rewriter, loc, type, ValueRange{log ? shifted : e, sum},
          emptyLike(rewriter, loc, type, logits),
          SmallVector<AffineMap>{id, rowMap(rewriter, rank), id}, parallel,
          [&](OpBuilder &b, Location l, ValueRange args) {
            if (log) {
              linalg::YieldOp::create(
                  b, l,
                  arith::SubFOp::create(b, l, args[0], args[1]).getResult());
              return;
            }
            Value one = arith::ConstantOp::create(b, l, b.getF32FloatAttr(1));
            Value inverse = arith::DivFOp::create(b, l, one, args[1]);
            linalg::YieldOp::create(
                b, l,
                arith::MulFOp::create(b, l, args[0], inverse).getResult());
          })
          .getResult(0);
  rewriter.replaceOp(
      op, castTo(rewriter, loc, softmax, op->getResult(0).getType()));
  return success();
}

const Lowering kLowerings[] = {
    {"tf.BiasAdd", unsupportedBiasAdd, rewriteBiasAdd},
    {"tf.BiasAddGrad", unsupportedBiasAddGrad, rewriteBiasAddGrad},
    {"tf.TanhGrad", unsupportedActivationGrad, rewriteActivationGrad},
    {"tf.SigmoidGrad", unsupportedActivationGrad, rewriteActivationGrad},
    {"tf.Relu", unsupportedRelu, rewriteRelu},
    {"tf.ReluGrad", unsupportedReluGrad, rewriteReluGrad},
    {"tf.Softmax", unsupportedSoftmax, rewriteSoftmax},
    {"tf.LogSoftmax", unsupportedSoftmax, rewriteSoftmax}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::layerLowerings() { return kLowerings; }

void mlir::ta::populateTFLayerToLinalgPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, layerLowerings());
}

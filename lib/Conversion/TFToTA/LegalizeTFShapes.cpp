//===- LegalizeTFShapes.cpp - TensorFlow's shape ops ----------------------===//
//
// The ops that compute with or on shapes, as TensorFlow's gradients and
// its sequence library emit them around TensorArrays: tf.Shape (a tensor's
// dims, static ones as constants).
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

//===----------------------------------------------------------------------===//
// tf.Shape
//===----------------------------------------------------------------------===//

std::string unsupportedShape(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getRank() != 1 ||
      (!result.isDynamicDim(0) && result.getDimSize(0) != input.getRank()) ||
      !(result.getElementType().isInteger(32) ||
        result.getElementType().isInteger(64)))
    return "needs a 1-D int32 or int64 result with one element per dim of "
           "its operand";
  return "";
}

LogicalResult rewriteShape(Operation *op, ValueRange operands,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  Type element = rankedType(op->getResult(0)).getElementType();
  SmallVector<Value> dims;
  for (int64_t k = 0; k < input.getRank(); ++k) {
    if (!input.isDynamicDim(k)) {
      dims.push_back(arith::ConstantOp::create(
          rewriter, loc, rewriter.getIntegerAttr(element, input.getDimSize(k))));
      continue;
    }
    Value dim = tensor::DimOp::create(rewriter, loc, operands[0], k);
    dims.push_back(arith::IndexCastOp::create(rewriter, loc, element, dim));
  }
  auto type = RankedTensorType::get({input.getRank()}, element);
  Value shape = tensor::FromElementsOp::create(rewriter, loc, type, dims);
  rewriter.replaceOp(op, castTo(rewriter, loc, shape, op->getResult(0).getType()));
  return success();
}

const Lowering kLowerings[] = {{"tf.Shape", unsupportedShape, rewriteShape}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::shapeLowerings() { return kLowerings; }

void mlir::ta::populateTFShapeToTensorPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, shapeLowerings());
}

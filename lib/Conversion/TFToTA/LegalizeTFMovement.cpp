//===- LegalizeTFMovement.cpp - TensorFlow's reversals, tiles, selects ----===//
//
// The ops whose result elements are their operands' at computed positions,
// as Keras's Bidirectional wrapper (tf.ReverseV2 of the time axis), masked
// recurrent layers (tf.SelectV2 of the new state or the old, broadcasting a
// [batch, 1] mask) and the gradients of broadcasts (tf.Tile) emit them:
// each one linalg.generic over the result that reads its operands where
// TensorFlow's kernel does. Shapes are static and axes, multiples constant,
// so every shape check TensorFlow makes at run time is made here.
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

/// A linalg.generic over the static `result` whose element at index `i`
/// is `element(b, loc, i)` (the operands read inside, by tensor.extract).
Value generate(OpBuilder &b, Location loc, RankedTensorType result,
               function_ref<Value(OpBuilder &, Location, ValueRange)> element) {
  int64_t rank = result.getRank();
  Value init = tensor::EmptyOp::create(b, loc, result, ValueRange());
  auto generic = linalg::GenericOp::create(
      b, loc, result, ValueRange(), init,
      SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank)},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        SmallVector<Value> at;
        for (int64_t d = 0; d < rank; ++d)
          at.push_back(linalg::IndexOp::create(nb, nloc, d));
        linalg::YieldOp::create(nb, nloc, element(nb, nloc, at));
      });
  return generic.getResult(0);
}

/// The constant dims `value` names in a tensor of `rank` (negative ones
/// from the end), sorted and unique, or nullopt.
std::optional<SmallVector<int64_t>> constantDims(Value value, int64_t rank) {
  std::optional<SmallVector<int64_t>> values = tf::constantInts(value);
  if (!values)
    return std::nullopt;
  SmallVector<int64_t> dims;
  for (int64_t d : *values) {
    if (d < -rank || d >= rank)
      return std::nullopt;
    dims.push_back(d < 0 ? d + rank : d);
  }
  llvm::sort(dims);
  dims.erase(llvm::unique(dims), dims.end());
  return dims;
}

//===----------------------------------------------------------------------===//
// tf.ReverseV2
//===----------------------------------------------------------------------===//

std::string unsupportedReverse(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  if (!input.hasStaticShape() || rankedType(op->getResult(0)) != input)
    return "needs a static operand and a result of its type";
  if (!constantDims(op->getOperand(1), input.getRank()))
    return "needs constant axes within its operand's rank";
  return "";
}

LogicalResult rewriteReverse(Operation *op, ValueRange operands,
                             ConversionPatternRewriter &rewriter) {
  RankedTensorType type = rankedType(operands[0]);
  SmallVector<int64_t> axes =
      *constantDims(op->getOperand(1), type.getRank());
  Value result = generate(
      rewriter, op->getLoc(), type,
      [&](OpBuilder &b, Location loc, ValueRange at) -> Value {
        SmallVector<Value> from(at);
        for (int64_t d : axes)
          from[d] = arith::SubIOp::create(
              b, loc,
              arith::ConstantIndexOp::create(b, loc, type.getDimSize(d) - 1),
              at[d]);
        return tensor::ExtractOp::create(b, loc, operands[0], from);
      });
  rewriter.replaceOp(op, result);
  return success();
}

//===----------------------------------------------------------------------===//
// tf.Tile
//===----------------------------------------------------------------------===//

std::string unsupportedTile(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  std::optional<SmallVector<int64_t>> multiples =
      tf::constantInts(op->getOperand(1));
  if (!input.hasStaticShape() || !multiples ||
      (int64_t)multiples->size() != input.getRank() ||
      llvm::any_of(*multiples, [](int64_t m) { return m < 0; }))
    return "needs a static operand and constant, non-negative multiples, one "
           "per dim";
  SmallVector<int64_t> shape;
  for (auto [d, m] : llvm::zip(input.getShape(), *multiples))
    shape.push_back(d * m);
  if (result.getElementType() != input.getElementType() ||
      result.getShape() != ArrayRef<int64_t>(shape))
    return "has a result whose type is not its operand's, tiled";
  return "";
}

LogicalResult rewriteTile(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  RankedTensorType input = rankedType(operands[0]);
  Value result = generate(
      rewriter, op->getLoc(), rankedType(op->getResult(0)),
      [&](OpBuilder &b, Location loc, ValueRange at) -> Value {
        SmallVector<Value> from;
        for (auto [d, i] : llvm::enumerate(at))
          from.push_back(arith::RemUIOp::create(
              b, loc, i,
              arith::ConstantIndexOp::create(b, loc, input.getDimSize(d))));
        return tensor::ExtractOp::create(b, loc, operands[0], from);
      });
  rewriter.replaceOp(op, result);
  return success();
}

//===----------------------------------------------------------------------===//
// tf.SelectV2
//===----------------------------------------------------------------------===//

/// Whether the static `operand` broadcasts to the static `result` (numpy's
/// rule: aligned from the last dim, each dim equal or 1).
bool broadcastsTo(RankedTensorType operand, RankedTensorType result) {
  if (!operand.hasStaticShape() || operand.getRank() > result.getRank())
    return false;
  int64_t skip = result.getRank() - operand.getRank();
  for (auto [d, size] : llvm::enumerate(operand.getShape()))
    if (size != 1 && size != result.getDimSize(skip + d))
      return false;
  return true;
}

std::string unsupportedSelect(Operation *op) {
  if (std::string why = checkSignature(op, 3, 1); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  RankedTensorType cond = rankedType(op->getOperand(0));
  if (!cond.getElementType().isInteger(1))
    return "needs a bool condition";
  if (!result.hasStaticShape() ||
      llvm::any_of(op->getOperands(),
                   [&](Value v) { return !broadcastsTo(rankedType(v), result); }))
    return "needs static operands that broadcast to its static result";
  for (Value v : op->getOperands().drop_front())
    if (rankedType(v).getElementType() != result.getElementType())
      return "needs values of its result's element type";
  // The result is the operands' broadcast shape, no larger.
  for (int64_t d = 0; d < result.getRank(); ++d) {
    bool reached = llvm::any_of(op->getOperands(), [&](Value v) {
      RankedTensorType type = rankedType(v);
      int64_t k = d - (result.getRank() - type.getRank());
      return k >= 0 && type.getDimSize(k) == result.getDimSize(d);
    });
    if (!reached)
      return "has a result larger than its operands' broadcast shape";
  }
  return "";
}

LogicalResult rewriteSelect(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  RankedTensorType result = rankedType(op->getResult(0));
  Value selected = generate(
      rewriter, op->getLoc(), result,
      [&](OpBuilder &b, Location loc, ValueRange at) -> Value {
        SmallVector<Value> values;
        for (Value operand : operands) {
          RankedTensorType type = rankedType(operand);
          int64_t skip = result.getRank() - type.getRank();
          SmallVector<Value> from;
          for (int64_t k = 0; k < type.getRank(); ++k)
            from.push_back(type.getDimSize(k) == 1 &&
                                   result.getDimSize(skip + k) != 1
                               ? arith::ConstantIndexOp::create(b, loc, 0)
                               : at[skip + k]);
          values.push_back(tensor::ExtractOp::create(b, loc, operand, from));
        }
        return arith::SelectOp::create(b, loc, values[0], values[1],
                                       values[2]);
      });
  rewriter.replaceOp(op, selected);
  return success();
}

const Lowering kLowerings[] = {
    {"tf.ReverseV2", unsupportedReverse, rewriteReverse},
    {"tf.Tile", unsupportedTile, rewriteTile},
    {"tf.SelectV2", unsupportedSelect, rewriteSelect}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::movementLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFMovementToLinalgPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, movementLowerings());
}

//===- LegalizeTFStacking.cpp - tf.stack, tf.unstack, tf.split by sizes ---===//
//
// tf.Pack (tf.stack: N values of one shape along a new axis; scalars into a
// vector as tf.Pack of a slice's bounds has them), tf.Unpack (tf.unstack:
// the N slices along an axis, each without it) and tf.SplitV (tf.split by
// constant sizes, one of them -1 for what the others leave), on static
// shapes. The pieces of Unpack and SplitV are copied out of their operand:
// a view across rows has a layout that function results and loop-carried
// values cannot take.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "TFUtils.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

/// The axis attribute of `op` for a rank of `rank`, counted from 0
/// (TensorFlow counts a negative one from the end), if in range.
std::optional<int64_t> axisAttr(Operation *op, int64_t rank) {
  auto attr = op->getAttrOfType<IntegerAttr>("axis");
  int64_t axis = attr ? attr.getInt() : 0;
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return std::nullopt;
  return axis;
}

/// `slice` copied into a fresh tensor.
Value copied(OpBuilder &b, Location loc, Value slice) {
  auto type = cast<RankedTensorType>(slice.getType());
  Value init =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  return linalg::CopyOp::create(b, loc, slice, init).getResult(0);
}

/// The piece of `input` at [offset, offset + size) along `axis` (without
/// that axis where `drop`), copied out.
Value piece(OpBuilder &b, Location loc, Value input, int64_t axis,
            int64_t offset, int64_t size, bool drop) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  for (int64_t d : type.getShape())
    sizes.push_back(b.getIndexAttr(d));
  offsets[axis] = b.getIndexAttr(offset);
  sizes[axis] = b.getIndexAttr(size);
  SmallVector<int64_t> shape(type.getShape());
  if (drop)
    shape.erase(shape.begin() + axis);
  else
    shape[axis] = size;
  auto sliceType = RankedTensorType::get(shape, type.getElementType());
  return copied(b, loc,
                tensor::ExtractSliceOp::create(b, loc, sliceType, input,
                                               offsets, sizes, strides));
}

std::string unsupportedPack(Operation *op) {
  if (std::string why = checkSignature(op, -1, 1); !why.empty())
    return why;
  if (op->getNumOperands() == 0)
    return "needs at least one value";
  RankedTensorType first = rankedType(op->getOperand(0));
  for (Value value : op->getOperands()) {
    RankedTensorType type = rankedType(value);
    if (type.getElementType() != first.getElementType() ||
        failed(verifyCompatibleShape(type.getShape(), first.getShape())))
      return "needs values of one shape and element type";
    if (!type.hasStaticShape())
      return "needs values of a static shape";
  }
  std::optional<int64_t> axis = axisAttr(op, first.getRank() + 1);
  if (!axis)
    return "needs an axis in [-rank - 1, rank] of its values";
  SmallVector<int64_t> shape(first.getShape());
  shape.insert(shape.begin() + *axis, op->getNumOperands());
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getElementType() != first.getElementType() ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not its values stacked";
  return "";
}

LogicalResult rewritePack(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType first = rankedType(operands[0]);
  Type element = first.getElementType();
  int64_t rank = first.getRank() + 1;
  int64_t axis = *axisAttr(op, rank);
  int64_t n = operands.size();
  Value packed;
  if (first.getRank() == 0) {
    // Scalars into a vector.
    SmallVector<Value> scalars;
    for (Value operand : operands)
      scalars.push_back(tensor::ExtractOp::create(rewriter, loc, operand));
    packed = tensor::FromElementsOp::create(
        rewriter, loc, RankedTensorType::get({n}, element), scalars);
  } else {
    SmallVector<int64_t> shape(first.getShape());
    shape.insert(shape.begin() + axis, n);
    packed = tensor::EmptyOp::create(rewriter, loc, shape, element);
    for (auto [k, operand] : llvm::enumerate(operands)) {
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t d : shape)
        sizes.push_back(rewriter.getIndexAttr(d));
      offsets[axis] = rewriter.getIndexAttr(k);
      sizes[axis] = rewriter.getIndexAttr(1);
      // A rank-reducing insert: the value without the stacked axis.
      packed = tensor::InsertSliceOp::create(
          rewriter, loc, castTo(rewriter, loc, operand, first), packed, offsets,
          sizes, strides);
    }
  }
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, packed, op->getResult(0).getType()));
  return success();
}

std::string unsupportedUnpack(Operation *op) {
  if (std::string why = checkSignature(op, 1, op->getNumResults());
      !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  std::optional<int64_t> axis = axisAttr(op, input.getRank());
  if (!axis)
    return "needs an axis within its operand's rank";
  if (!input.hasStaticShape() ||
      input.getDimSize(*axis) != (int64_t)op->getNumResults())
    return "needs a static operand with one result per entry along its axis";
  SmallVector<int64_t> shape(input.getShape());
  shape.erase(shape.begin() + *axis);
  for (Value result : op->getResults())
    if (rankedType(result).getElementType() != input.getElementType() ||
        failed(verifyCompatibleShape(rankedType(result).getShape(), shape)))
      return "has a result whose type is not a slice of its operand";
  return "";
}

LogicalResult rewriteUnpack(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  int64_t axis = *axisAttr(op, rankedType(operands[0]).getRank());
  SmallVector<Value> results;
  for (auto [k, result] : llvm::enumerate(op->getResults()))
    results.push_back(castTo(
        rewriter, loc, piece(rewriter, loc, operands[0], axis, k, 1, true),
        result.getType()));
  rewriter.replaceOp(op, results);
  return success();
}

/// The sizes of tf.SplitV `op` along its axis: its constant size_splits,
/// the one -1 given what the others leave of `extent`; null where they are
/// not constant, are negative otherwise, or do not add up to `extent`.
std::optional<SmallVector<int64_t>> splitSizes(Operation *op, int64_t extent) {
  std::optional<SmallVector<int64_t>> sizes =
      tf::constantInts(op->getOperand(1));
  if (!sizes || sizes->size() != op->getNumResults())
    return std::nullopt;
  int64_t known = 0, inferred = -1;
  for (auto [k, size] : llvm::enumerate(*sizes)) {
    if (size == -1 && inferred < 0) {
      inferred = k;
      continue;
    }
    if (size < 0)
      return std::nullopt;
    known += size;
  }
  if (inferred >= 0 && known <= extent)
    (*sizes)[inferred] = extent - known;
  else if (known != extent)
    return std::nullopt;
  return sizes;
}

std::string unsupportedSplitV(Operation *op) {
  if (std::string why = checkSignature(op, 3, op->getNumResults());
      !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  std::optional<int64_t> axis =
      constantAxis(op->getOperand(2), input.getRank());
  if (!axis)
    return "needs a constant axis within its operand's rank";
  if (!input.hasStaticShape())
    return "needs a static operand";
  std::optional<SmallVector<int64_t>> sizes =
      splitSizes(op, input.getDimSize(*axis));
  if (!sizes)
    return "needs constant size_splits, one per result, that add up to its "
           "operand's dim along the axis (one of them may be -1)";
  for (auto [result, size] : llvm::zip(op->getResults(), *sizes)) {
    SmallVector<int64_t> shape(input.getShape());
    shape[*axis] = size;
    if (rankedType(result).getElementType() != input.getElementType() ||
        failed(verifyCompatibleShape(rankedType(result).getShape(), shape)))
      return "has a result whose type is not a piece of its operand";
  }
  return "";
}

LogicalResult rewriteSplitV(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  int64_t axis = *constantAxis(op->getOperand(2), input.getRank());
  SmallVector<int64_t> sizes = *splitSizes(op, input.getDimSize(axis));
  SmallVector<Value> results;
  int64_t offset = 0;
  for (auto [result, size] : llvm::zip(op->getResults(), sizes)) {
    results.push_back(
        castTo(rewriter, loc,
               piece(rewriter, loc, operands[0], axis, offset, size,
                     /*drop=*/false),
               result.getType()));
    offset += size;
  }
  rewriter.replaceOp(op, results);
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.Pack", unsupportedPack, rewritePack},
    {"tf.Unpack", unsupportedUnpack, rewriteUnpack},
    {"tf.SplitV", unsupportedSplitV, rewriteSplitV}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::stackingLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFStackingToTensorPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, stackingLowerings());
}

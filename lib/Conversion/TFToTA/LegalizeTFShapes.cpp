//===- LegalizeTFShapes.cpp - TensorFlow's shape ops ----------------------===//
//
// The ops that compute with shapes or move data between layouts, as
// TensorFlow's gradients and its sequence library (Keras recurrent layers,
// dynamic_rnn) emit them around TensorArrays: tf.Shape (a tensor's dims,
// static ones as constants), BroadcastGradientArgs (the reduction indices
// of a broadcasting op's gradient, constants of constant shapes, as
// TensorFlow folds them), Transpose (linalg.transpose),
// InvertPermutation (a constant where TensorFlow folds it, a checked loop
// otherwise), Split (slices
// along an axis), ConcatV2 (inserts along an axis), Squeeze (a
// collapse of unit dims) and ExpandDims (an expansion by one). Axes,
// permutations and squeezed dims are constants and the dims they do not move
// static, so every shape check TensorFlow makes at run time is made here, when
// the op is lowered.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "RuntimeChecks.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;
using tf::failUnless;

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
          rewriter, loc,
          rewriter.getIntegerAttr(element, input.getDimSize(k))));
      continue;
    }
    Value dim = tensor::DimOp::create(rewriter, loc, operands[0], k);
    dims.push_back(arith::IndexCastOp::create(rewriter, loc, element, dim));
  }
  auto type = RankedTensorType::get({input.getRank()}, element);
  Value shape = tensor::FromElementsOp::create(rewriter, loc, type, dims);
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, shape, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.Rank
//===----------------------------------------------------------------------===//

std::string unsupportedRank(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getRank() != 0 || !result.getElementType().isInteger(32))
    return "needs a scalar int32 result";
  return "";
}

LogicalResult rewriteRank(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  auto type = rankedType(op->getResult(0));
  rewriter.replaceOpWithNewOp<arith::ConstantOp>(
      op, DenseElementsAttr::get(type, rewriter.getI32IntegerAttr(
                                           rankedType(operands[0]).getRank())));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.BroadcastGradientArgs
//===----------------------------------------------------------------------===//

std::string unsupportedBroadcastGradientArgs(Operation *op) {
  if (std::string why = checkSignature(op, 2, 2); !why.empty())
    return why;
  // A result no op reads need not be known (a gradient's indices for a
  // constant operand, whose gradient is not asked for).
  for (Value result : op->getResults())
    if (!result.use_empty() && !tf::constantInts(result))
      return "needs shapes that broadcast, constant where the reduction "
             "indices it gives depend on them (TensorFlow's gradients "
             "compute these from static shapes)";
  return "";
}

LogicalResult
rewriteBroadcastGradientArgs(Operation *op, ValueRange,
                             ConversionPatternRewriter &rewriter) {
  SmallVector<Value> results;
  for (Value result : op->getResults()) {
    SmallVector<int64_t> dims = tf::constantInts(result).value_or(
        SmallVector<int64_t>()); // none where unread (checked)
    Type element = rankedType(result).getElementType();
    auto type = RankedTensorType::get({(int64_t)dims.size()}, element);
    SmallVector<APInt> values = llvm::map_to_vector(dims, [&](int64_t d) {
      return APInt(element.getIntOrFloatBitWidth(), d);
    });
    Value constant = arith::ConstantOp::create(
        rewriter, op->getLoc(), DenseIntElementsAttr::get(type, values));
    results.push_back(
        castTo(rewriter, op->getLoc(), constant, result.getType()));
  }
  rewriter.replaceOp(op, results);
  return success();
}

/// Whether `type` and `expected` may be the same shape and have one element
/// type.
bool fits(RankedTensorType type, ArrayRef<int64_t> shape, Type element) {
  return type.getElementType() == element &&
         succeeded(verifyCompatibleShape(type.getShape(), shape));
}

//===----------------------------------------------------------------------===//
// tf.Transpose
//===----------------------------------------------------------------------===//

std::string unsupportedTranspose(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  std::optional<SmallVector<int64_t>> perm =
      tf::constantInts(op->getOperand(1));
  if (!perm || (int64_t)perm->size() != input.getRank() ||
      !isPermutationVector(*perm))
    return "needs a constant permutation of its operand's dims";
  SmallVector<int64_t> shape;
  for (int64_t d : *perm)
    shape.push_back(input.getDimSize(d));
  if (!fits(rankedType(op->getResult(0)), shape, input.getElementType()))
    return "has a result whose type is not its operand's, permuted";
  return "";
}

LogicalResult rewriteTranspose(Operation *op, ValueRange operands,
                               ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  SmallVector<int64_t> perm = *tf::constantInts(op->getOperand(1));
  SmallVector<int64_t> shape;
  SmallVector<Value> dims;
  for (int64_t d : perm) {
    shape.push_back(input.getDimSize(d));
    dims.push_back(tensor::DimOp::create(rewriter, loc, operands[0], d));
  }
  auto type = RankedTensorType::get(shape, input.getElementType());
  Value init = emptyLike(rewriter, loc, type, {}, dims);
  Value transposed =
      linalg::TransposeOp::create(rewriter, loc, operands[0], init, perm)
          .getResult()[0];
  rewriter.replaceOp(
      op, castTo(rewriter, loc, transposed, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.InvertPermutation
//===----------------------------------------------------------------------===//

std::string unsupportedInvertPermutation(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  Type element = input.getElementType();
  if (input.getRank() != 1 || !(element.isInteger(32) || element.isInteger(64)))
    return "needs a 1-D int32 or int64 operand (TensorFlow: "
           "\"invert_permutation expects a 1D vector.\")";
  if (!fits(rankedType(op->getResult(0)), input.getShape(), element))
    return "has a result whose type is not its operand's";
  // A constant permutation is inverted here, as TensorFlow folds it; one
  // that is not a permutation fails with TensorFlow's message.
  if (std::optional<SmallVector<int64_t>> perm =
          tf::constantInts(op->getOperand(0))) {
    int64_t n = perm->size();
    SmallVector<bool> seen(n, false);
    for (int64_t d : *perm) {
      if (d < 0 || d >= n)
        return "inverts a constant that is not a permutation: " +
               std::to_string(d) + " is not between 0 and " + std::to_string(n);
      if (seen[d])
        return "inverts a constant that is not a permutation: " +
               std::to_string(d) + " is duplicated in the input";
      seen[d] = true;
    }
  }
  return "";
}

/// y[x[i]] = i, with TensorFlow's two checks on every entry, in its order.
LogicalResult rewriteInvertPermutation(Operation *op, ValueRange operands,
                                       ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (std::optional<SmallVector<int64_t>> inverse =
          tf::constantInts(op->getResult(0))) {
    Type element = type.getElementType();
    auto attr = DenseIntElementsAttr::get(
        RankedTensorType::get({(int64_t)inverse->size()}, element),
        llvm::map_to_vector(*inverse, [&](int64_t v) {
          return APInt(element.getIntOrFloatBitWidth(), v);
        }));
    Value constant = arith::ConstantOp::create(rewriter, loc, attr);
    rewriter.replaceOp(op, castTo(rewriter, loc, constant, type));
    return success();
  }
  Value input = operands[0];
  Type element = rankedType(input).getElementType();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value n = tensor::DimOp::create(rewriter, loc, input, 0);
  auto result = RankedTensorType::get({ShapedType::kDynamic}, element);
  Value minusOne = arith::ConstantOp::create(
      rewriter, loc, rewriter.getIntegerAttr(element, -1));
  Value init = linalg::FillOp::create(
                   rewriter, loc, minusOne,
                   emptyLike(rewriter, loc, result, {}, ValueRange{n}))
                   .getResult(0);
  auto loop = scf::ForOp::create(
      rewriter, loc, index(0), n, index(1), ValueRange{init},
      [&](OpBuilder &b, Location loc, Value i, ValueRange iterArgs) {
        Value entry = tensor::ExtractOp::create(b, loc, input, i);
        Value d = arith::IndexCastOp::create(b, loc, b.getIndexType(), entry);
        auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
          return arith::CmpIOp::create(b, loc, p, x, y);
        };
        Value inRange = arith::AndIOp::create(
            b, loc, cmp(arith::CmpIPredicate::sge, d, index(0)),
            cmp(arith::CmpIPredicate::slt, d, n));
        failUnless(b, op, inRange, TA_ERR_PERMUTATION_RANGE, d, n);
        Value previous = tensor::ExtractOp::create(b, loc, iterArgs[0], d);
        failUnless(b, op, cmp(arith::CmpIPredicate::eq, previous, minusOne),
                   TA_ERR_PERMUTATION_DUPLICATE, d, d);
        Value position = arith::IndexCastOp::create(b, loc, element, i);
        scf::YieldOp::create(
            b, loc,
            tensor::InsertOp::create(b, loc, position, iterArgs[0], d)
                .getResult());
      });
  rewriter.replaceOp(op, castTo(rewriter, loc, loop.getResult(0), type));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.Split and tf.ConcatV2
//===----------------------------------------------------------------------===//

std::string unsupportedSplit(Operation *op) {
  if (std::string why = checkSignature(op, 2, op->getNumResults());
      !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(1));
  std::optional<int64_t> axis =
      constantAxis(op->getOperand(0), input.getRank());
  if (!axis)
    return "needs a constant axis within its operand's rank";
  int64_t n = op->getNumResults(), size = input.getDimSize(*axis);
  if (n == 0 || ShapedType::isDynamic(size) || size % n)
    return "needs a static dim along its axis that its result count divides";
  SmallVector<int64_t> shape(input.getShape());
  shape[*axis] = size / n;
  for (Value result : op->getResults())
    if (!fits(rankedType(result), shape, input.getElementType()))
      return "has a result whose type is not a piece of its operand";
  return "";
}

LogicalResult rewriteSplit(Operation *op, ValueRange operands,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value input = operands[1];
  RankedTensorType type = rankedType(input);
  int64_t axis = *constantAxis(op->getOperand(0), type.getRank());
  int64_t piece = type.getDimSize(axis) / op->getNumResults();
  SmallVector<Value> results;
  for (auto [k, result] : llvm::enumerate(op->getResults())) {
    SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
    offsets[axis] = rewriter.getIndexAttr(k * piece);
    sizes[axis] = rewriter.getIndexAttr(piece);
    Value slice = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                                 sizes, strides);
    results.push_back(castTo(rewriter, loc, slice, result.getType()));
  }
  rewriter.replaceOp(op, results);
  return success();
}

std::string unsupportedConcat(Operation *op) {
  if (std::string why = checkSignature(op, -1, 1); !why.empty())
    return why;
  if (op->getNumOperands() < 2)
    return "needs at least one value and an axis";
  ValueRange values = op->getOperands().drop_back();
  RankedTensorType first = rankedType(values[0]);
  std::optional<int64_t> axis =
      constantAxis(op->getOperands().back(), first.getRank());
  if (!axis)
    return "needs a constant axis within its values' rank";
  SmallVector<int64_t> shape(first.getShape());
  shape[*axis] = 0;
  for (Value value : values) {
    RankedTensorType type = rankedType(value);
    if (type.getRank() != first.getRank() ||
        type.getElementType() != first.getElementType())
      return "needs values of one rank and element type";
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (d == *axis) {
        shape[d] = ShapedType::isDynamic(type.getDimSize(d)) ||
                           ShapedType::isDynamic(shape[d])
                       ? ShapedType::kDynamic
                       : shape[d] + type.getDimSize(d);
        continue;
      }
      if (type.isDynamicDim(d) || type.getDimSize(d) != first.getDimSize(d))
        return "needs values whose dims off its axis are static and equal";
    }
  }
  if (!fits(rankedType(op->getResult(0)), shape, first.getElementType()))
    return "has a result whose type is not its values' concatenation";
  return "";
}

LogicalResult rewriteConcat(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  ValueRange values = operands.drop_back();
  RankedTensorType first = rankedType(values[0]);
  int64_t rank = first.getRank();
  int64_t axis = *constantAxis(op->getOperands().back(), rank);
  // The result's extent along the axis: the values' sum.
  SmallVector<OpFoldResult> starts;
  OpFoldResult total = rewriter.getIndexAttr(0);
  int64_t staticTotal = 0;
  for (Value value : values) {
    starts.push_back(total);
    int64_t size = rankedType(value).getDimSize(axis);
    if (!ShapedType::isDynamic(size) && isa<Attribute>(total)) {
      staticTotal += size;
      total = rewriter.getIndexAttr(staticTotal);
      continue;
    }
    Value sum = isa<Value>(total)
                    ? cast<Value>(total)
                    : arith::ConstantIndexOp::create(rewriter, loc, staticTotal)
                          .getResult();
    total =
        arith::AddIOp::create(rewriter, loc, sum,
                              tensor::DimOp::create(rewriter, loc, value, axis))
            .getResult();
  }
  SmallVector<int64_t> shape(first.getShape());
  std::optional<int64_t> constTotal = getConstantIntValue(total);
  shape[axis] = constTotal ? *constTotal : ShapedType::kDynamic;
  auto type = RankedTensorType::get(shape, first.getElementType());
  SmallVector<Value> dynamic;
  if (!constTotal)
    dynamic.push_back(cast<Value>(total));
  Value result = tensor::EmptyOp::create(rewriter, loc, type, dynamic);
  for (auto [value, start] : llvm::zip(values, starts)) {
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    offsets[axis] = start;
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    result = tensor::InsertSliceOp::create(
        rewriter, loc, value, result, offsets,
        tensor::getMixedSizes(rewriter, loc, value), strides);
  }
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, result, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.Squeeze
//===----------------------------------------------------------------------===//

/// The dims tf.Squeeze removes from `input` (its squeeze_dims, or every
/// static dim of 1 where it names none), or nullopt if one named is not a
/// static 1 or out of range.
std::optional<SmallVector<int64_t>> squeezed(Operation *op,
                                             RankedTensorType input) {
  SmallVector<int64_t> dims;
  auto named = op->getAttrOfType<ArrayAttr>("squeeze_dims");
  if (!named || named.empty()) {
    for (int64_t d = 0; d < input.getRank(); ++d)
      if (input.getDimSize(d) == 1)
        dims.push_back(d);
    return dims;
  }
  for (Attribute attr : named) {
    auto d = dyn_cast<IntegerAttr>(attr);
    int64_t rank = input.getRank();
    if (!d || d.getInt() < -rank || d.getInt() >= rank)
      return std::nullopt;
    int64_t dim = d.getInt() < 0 ? d.getInt() + rank : d.getInt();
    if (input.getDimSize(dim) != 1)
      return std::nullopt;
    dims.push_back(dim);
  }
  llvm::sort(dims);
  dims.erase(llvm::unique(dims), dims.end());
  return dims;
}

std::string unsupportedSqueeze(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  std::optional<SmallVector<int64_t>> dims = squeezed(op, input);
  if (!dims)
    return "needs squeeze_dims that name static dims of 1";
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < input.getRank(); ++d)
    if (!llvm::is_contained(*dims, d))
      shape.push_back(input.getDimSize(d));
  if (!fits(rankedType(op->getResult(0)), shape, input.getElementType()))
    return "has a result whose type is not its operand's, squeezed";
  if (!getReassociationIndicesForCollapse(input.getShape(), shape))
    return "squeezes dims ta-legalize-tf cannot collapse";
  return "";
}

LogicalResult rewriteSqueeze(Operation *op, ValueRange operands,
                             ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  SmallVector<int64_t> dims = *squeezed(op, input);
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < input.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      shape.push_back(input.getDimSize(d));
  SmallVector<ReassociationIndices> groups =
      *getReassociationIndicesForCollapse(input.getShape(), shape);
  Value collapsed =
      tensor::CollapseShapeOp::create(rewriter, loc, operands[0], groups);
  rewriter.replaceOp(
      op, castTo(rewriter, loc, collapsed, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.ExpandDims
//===----------------------------------------------------------------------===//

/// Where tf.ExpandDims inserts its dim of 1 (its constant axis, counted
/// from the end of the result where negative), if in [-rank-1, rank].
std::optional<int64_t> expandedAt(Operation *op, int64_t rank) {
  std::optional<int64_t> axis = tf::constantScalar(op->getOperand(1));
  if (!axis || *axis < -rank - 1 || *axis > rank)
    return std::nullopt;
  return *axis < 0 ? *axis + rank + 1 : *axis;
}

std::string unsupportedExpandDims(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  std::optional<int64_t> at = expandedAt(op, input.getRank());
  if (!at)
    return "needs a constant axis in [-rank - 1, rank]";
  SmallVector<int64_t> shape(input.getShape());
  shape.insert(shape.begin() + *at, 1);
  if (!fits(rankedType(op->getResult(0)), shape, input.getElementType()))
    return "has a result whose type is not its operand's with a dim of 1 "
           "inserted";
  return "";
}

LogicalResult rewriteExpandDims(Operation *op, ValueRange operands,
                                ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  int64_t rank = input.getRank();
  int64_t at = *expandedAt(op, rank);
  SmallVector<int64_t> shape(input.getShape());
  shape.insert(shape.begin() + at, 1);
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(tensor::getMixedSize(rewriter, loc, operands[0], d));
  sizes.insert(sizes.begin() + at, rewriter.getIndexAttr(1));
  // The new dim joins its neighbour's group (of a scalar: one group).
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < rank; ++d)
    groups.push_back({d < at ? d : d + 1});
  if (rank == 0)
    groups.clear();
  else if (at < rank)
    groups[at].insert(groups[at].begin(), at);
  else
    groups[rank - 1].push_back(rank);
  auto type = RankedTensorType::get(shape, input.getElementType());
  Value expanded = tensor::ExpandShapeOp::create(rewriter, loc, type,
                                                 operands[0], groups, sizes);
  rewriter.replaceOp(
      op, castTo(rewriter, loc, expanded, op->getResult(0).getType()));
  return success();
}

const Lowering kLowerings[] = {
    {"tf.Shape", unsupportedShape, rewriteShape},
    {"tf.Rank", unsupportedRank, rewriteRank},
    {"tf.BroadcastGradientArgs", unsupportedBroadcastGradientArgs,
     rewriteBroadcastGradientArgs},
    {"tf.Transpose", unsupportedTranspose, rewriteTranspose},
    {"tf.InvertPermutation", unsupportedInvertPermutation,
     rewriteInvertPermutation},
    {"tf.Split", unsupportedSplit, rewriteSplit},
    {"tf.ConcatV2", unsupportedConcat, rewriteConcat},
    {"tf.Squeeze", unsupportedSqueeze, rewriteSqueeze},
    {"tf.ExpandDims", unsupportedExpandDims, rewriteExpandDims}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::shapeLowerings() { return kLowerings; }

void mlir::ta::populateTFShapeToTensorPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, shapeLowerings());
}

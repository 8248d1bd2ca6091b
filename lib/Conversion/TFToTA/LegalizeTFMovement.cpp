//===- LegalizeTFMovement.cpp - TensorFlow's reversals, tiles, selects ----===//
//
// The ops whose result elements are their operands' at computed positions,
// as Keras's Bidirectional wrapper (tf.ReverseV2 of the time axis),
// bidirectional_dynamic_rnn with sequence_length (tf.ReverseSequence: each
// batch entry's first seq_lengths[b] steps reversed), masked
// recurrent layers (tf.SelectV2 of the new state or the old, broadcasting a
// [batch, 1] mask; tf.Select, TensorFlow 1's where, picking rows by a
// [batch] vector in dynamic_rnn with sequence_length) and the gradients of
// broadcasts (tf.Tile) emit them: each one linalg.generic over the result that
// reads its operands where TensorFlow's kernel does. Shapes are static and
// axes, multiples constant, so every shape check TensorFlow makes at run time
// is made here; and tf.GatherV2 with a constant axis, batch_dims 0 (others:
// LegalizeTFGathers.cpp) and a scalar
// or vector of indices (what TensorFlow's standard pipeline makes of an
// unstacked tf.TensorArray read at a run-time index) or indices of a static
// shape (an embedding lookup of [batch, time] ids): the slices of the params
// at the indices along the axis, each index checked in [0, n) first, with
// TensorFlow's text ("indices[1] = 5 is not in [0, 4)", "indices[0,2] = 12
// is not in [0, 10)"); tf.OneHot of
// static indices and a constant depth (an index outside [0, depth): a row
// of off_value, as in TensorFlow); tf.BroadcastTo of a static operand to a
// constant shape.
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
using tf::failUnless;
using tf::failUnlessShapes;

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

//===----------------------------------------------------------------------===//
// tf.ReverseV2
//===----------------------------------------------------------------------===//

std::string unsupportedReverse(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  if (!input.hasStaticShape() || rankedType(op->getResult(0)) != input)
    return "needs a static operand and a result of its type";
  if (!constantAxes(op->getOperand(1), input.getRank()))
    return "needs constant axes within its operand's rank";
  return "";
}

LogicalResult rewriteReverse(Operation *op, ValueRange operands,
                             ConversionPatternRewriter &rewriter) {
  RankedTensorType type = rankedType(operands[0]);
  SmallVector<int64_t> axes = *constantAxes(op->getOperand(1), type.getRank());
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
// tf.ReverseSequence
//===----------------------------------------------------------------------===//

/// The `seq_dim` and `batch_dim` attributes of tf.ReverseSequence `op`
/// where they name two distinct dims of `rank`.
std::optional<std::pair<int64_t, int64_t>> sequenceDims(Operation *op,
                                                        int64_t rank) {
  auto seq = op->getAttrOfType<IntegerAttr>("seq_dim");
  auto batch = op->getAttrOfType<IntegerAttr>("batch_dim");
  int64_t batchDim = batch ? batch.getInt() : 0;
  if (!seq || seq.getInt() < 0 || seq.getInt() >= rank || batchDim < 0 ||
      batchDim >= rank || seq.getInt() == batchDim)
    return std::nullopt;
  return std::make_pair(seq.getInt(), batchDim);
}

std::string unsupportedReverseSequence(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  if (!input.hasStaticShape() || rankedType(op->getResult(0)) != input)
    return "needs a static operand and a result of its type";
  std::optional<std::pair<int64_t, int64_t>> dims =
      sequenceDims(op, input.getRank());
  if (!dims)
    return "needs seq_dim and batch_dim as two distinct dims of its operand";
  RankedTensorType lengths = rankedType(op->getOperand(1));
  if (lengths.getRank() != 1 || !lengths.getElementType().isInteger() ||
      lengths.getElementType().isInteger(1) ||
      lengths.getDimSize(0) != input.getDimSize(dims->second))
    return "needs seq_lengths as an integer vector of one length per batch "
           "entry";
  return "";
}

/// Per batch entry b, the first seq_lengths[b] elements along seq_dim
/// reversed, the rest kept; each length checked first, in TensorFlow's
/// order ("seq_lens(1) < 0", "seq_lens(1) > input.dims(0)").
LogicalResult rewriteReverseSequence(Operation *op, ValueRange operands,
                                     ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType type = rankedType(operands[0]);
  std::pair<int64_t, int64_t> dims = *sequenceDims(op, type.getRank());
  int64_t seqDim = dims.first, batchDim = dims.second;
  auto index = [&](OpBuilder &b, Location l, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, l, v);
  };
  auto length = [&](OpBuilder &b, Location l, Value at) -> Value {
    Value v = tensor::ExtractOp::create(b, l, operands[1], at);
    return arith::IndexCastOp::create(b, l, b.getIndexType(), v);
  };
  Value extent = index(rewriter, loc, type.getDimSize(seqDim));
  scf::ForOp::create(
      rewriter, loc, index(rewriter, loc, 0),
      index(rewriter, loc, type.getDimSize(batchDim)), index(rewriter, loc, 1),
      ValueRange(), [&](OpBuilder &b, Location l, Value d, ValueRange) {
        Value len = length(b, l, d);
        failUnless(b, op,
                   arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, len,
                                         index(b, l, 0)),
                   TA_ERR_SEQ_LENGTH_NEGATIVE, d, index(b, l, 0));
        failUnless(
            b, op,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::sle, len, extent),
            TA_ERR_SEQ_LENGTH_LONG, d, index(b, l, seqDim));
        scf::YieldOp::create(b, l);
      });
  Value result = generate(
      rewriter, loc, type,
      [&](OpBuilder &b, Location l, ValueRange at) -> Value {
        Value len = length(b, l, at[batchDim]);
        Value t = at[seqDim];
        Value reversed = arith::SubIOp::create(
            b, l, arith::SubIOp::create(b, l, len, index(b, l, 1)), t);
        SmallVector<Value> from(at);
        from[seqDim] = arith::SelectOp::create(
            b, l,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, t, len),
            reversed, t);
        return tensor::ExtractOp::create(b, l, operands[0], from);
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

/// "" if the select `op` has a bool condition and two values; why not
/// otherwise.
std::string selectSignatureProblem(Operation *op) {
  if (std::string why = checkSignature(op, 3, 1); !why.empty())
    return why;
  if (!rankedType(op->getOperand(0)).getElementType().isInteger(1))
    return "needs a bool condition";
  return "";
}

std::string unsupportedSelect(Operation *op) {
  if (std::string why = selectSignatureProblem(op); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  if (!result.hasStaticShape() || llvm::any_of(op->getOperands(), [&](Value v) {
        return !broadcastsTo(rankedType(v), result);
      }))
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
        return arith::SelectOp::create(b, loc, values[0], values[1], values[2]);
      });
  rewriter.replaceOp(op, selected);
  return success();
}

/// tf.Select (TensorFlow 1's where, as dynamic_rnn's sequence_length
/// emits it): values of one shape and a condition of that shape, a scalar,
/// or a vector that picks rows.
std::string unsupportedSelectV1(Operation *op) {
  if (std::string why = selectSignatureProblem(op); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  RankedTensorType cond = rankedType(op->getOperand(0));
  if (!result.hasStaticShape() || !cond.hasStaticShape() ||
      llvm::any_of(op->getOperands().drop_front(),
                   [&](Value v) { return rankedType(v) != result; }))
    return "needs static values of its result's type";
  bool rows = cond.getRank() == 1 && result.getRank() > 1 &&
              cond.getDimSize(0) == result.getDimSize(0);
  if (cond.getShape() != result.getShape() && cond.getRank() != 0 && !rows)
    return "needs a condition of its values' shape, a scalar, or a vector "
           "as long as their first dim";
  return "";
}

LogicalResult rewriteSelectV1(Operation *op, ValueRange operands,
                              ConversionPatternRewriter &rewriter) {
  RankedTensorType result = rankedType(op->getResult(0));
  int64_t condRank = rankedType(operands[0]).getRank();
  Value selected = generate(
      rewriter, op->getLoc(), result,
      [&](OpBuilder &b, Location loc, ValueRange at) -> Value {
        Value cond = tensor::ExtractOp::create(b, loc, operands[0],
                                               at.take_front(condRank));
        return arith::SelectOp::create(
            b, loc, cond, tensor::ExtractOp::create(b, loc, operands[1], at),
            tensor::ExtractOp::create(b, loc, operands[2], at));
      });
  rewriter.replaceOp(op, selected);
  return success();
}

//===----------------------------------------------------------------------===//
// tf.GatherV2
//===----------------------------------------------------------------------===//

std::string unsupportedGatherV2(Operation *op) {
  if (std::string why = checkSignature(op, 3, 1); !why.empty())
    return why;
  if (auto batch = op->getAttrOfType<IntegerAttr>("batch_dims");
      batch && batch.getInt() != 0)
    return unsupportedGatherBatched(op);
  RankedTensorType params = rankedType(op->getOperand(0));
  RankedTensorType indices = rankedType(op->getOperand(1));
  std::optional<int64_t> axis =
      constantAxis(op->getOperand(2), params.getRank());
  if (!axis)
    return "needs a constant axis within its params' rank";
  if (!indices.getElementType().isInteger() ||
      indices.getElementType().isInteger(1) ||
      (indices.getRank() > 1 && !indices.hasStaticShape()))
    return "needs integer indices: a scalar, a vector, or of a static shape";
  SmallVector<int64_t> shape(params.getShape().take_front(*axis));
  llvm::append_range(shape, indices.getShape());
  llvm::append_range(shape, params.getShape().drop_front(*axis + 1));
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getElementType() != params.getElementType() ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not the params gathered";
  return "";
}

LogicalResult rewriteGatherV2(Operation *op, ValueRange operands,
                              ConversionPatternRewriter &rewriter) {
  if (auto batch = op->getAttrOfType<IntegerAttr>("batch_dims");
      batch && batch.getInt() != 0)
    return rewriteGatherBatched(op, operands, rewriter);
  Location loc = op->getLoc();
  Value params = operands[0], indices = operands[1];
  RankedTensorType type = rankedType(params);
  int64_t rank = type.getRank();
  int64_t axis = *constantAxis(op->getOperand(2), rank);
  // Indices of rank >= 2 (static): gathered as a vector, the axis then
  // expanded into their shape; an index out of range names its position.
  ArrayRef<int64_t> indexShape = rankedType(indices).getShape();
  bool multi = indexShape.size() > 1;
  if (multi) {
    SmallVector<ReassociationIndices> all(1);
    for (int64_t d = 0; d < (int64_t)indexShape.size(); ++d)
      all[0].push_back(d);
    indices = tensor::CollapseShapeOp::create(rewriter, loc, indices, all);
  }
  bool scalar = rankedType(indices).getRank() == 0;
  Value n = tensor::DimOp::create(rewriter, loc, params, axis);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  // The index at `k` (none for a scalar), checked in [0, n).
  auto indexAt = [&](OpBuilder &b, Value k) {
    SmallVector<Value> at;
    if (k)
      at.push_back(k);
    Value raw = tensor::ExtractOp::create(b, loc, indices, at);
    Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), raw);
    Value ok = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, zero),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, n));
    if (multi) {
      // The position of flat index k in the indices' shape.
      SmallVector<Value> position = positionOf(b, loc, k, indexShape);
      failUnlessShapes(b, op, ok, TA_ERR_GATHER_INDEX_ND, position,
                       ValueRange{i, n});
      return i;
    }
    failUnless(b, op, ok, TA_ERR_GATHER_INDEX,
               k ? k : arith::ConstantIndexOp::create(b, loc, -1).getResult(),
               i, n);
    return i;
  };
  // The slice of the params at `i` along the axis (the axis kept, size 1).
  auto sliceAt = [&](OpBuilder &b, Value i) {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, params);
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    offsets[axis] = i;
    sizes[axis] = b.getIndexAttr(1);
    return std::make_tuple(offsets, sizes, strides);
  };
  Value result;
  if (scalar) {
    auto [offsets, sizes, strides] = sliceAt(rewriter, indexAt(rewriter, {}));
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + axis);
    auto reduced = RankedTensorType::get(shape, type.getElementType());
    result = tensor::ExtractSliceOp::create(rewriter, loc, reduced, params,
                                            offsets, sizes, strides);
  } else {
    // The result has the params' rank: the axis holds the gathered slices.
    Value k = tensor::DimOp::create(rewriter, loc, indices, 0);
    SmallVector<int64_t> shape(type.getShape());
    shape[axis] = rankedType(indices).getDimSize(0);
    auto gathered = RankedTensorType::get(shape, type.getElementType());
    SmallVector<Value> dims;
    for (int64_t d = 0; d < rank; ++d)
      dims.push_back(
          d == axis
              ? k
              : tensor::DimOp::create(rewriter, loc, params, d).getResult());
    Value init = emptyLike(rewriter, loc, gathered, {}, dims);
    auto forOp = scf::ForOp::create(
        rewriter, loc, zero, k,
        arith::ConstantIndexOp::create(rewriter, loc, 1), init);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(forOp.getBody());
    Value j = forOp.getInductionVar();
    auto [offsets, sizes, strides] = sliceAt(rewriter, indexAt(rewriter, j));
    Value slice = tensor::ExtractSliceOp::create(rewriter, loc, params, offsets,
                                                 sizes, strides);
    offsets[axis] = j;
    Value into = tensor::InsertSliceOp::create(rewriter, loc, slice,
                                               forOp.getRegionIterArg(0),
                                               offsets, sizes, strides);
    scf::YieldOp::create(rewriter, loc, into);
    result = forOp.getResult(0);
    rewriter.setInsertionPointAfter(forOp);
    if (multi) {
      // The gathered axis into the indices' shape.
      SmallVector<int64_t> expanded(type.getShape().take_front(axis));
      llvm::append_range(expanded, indexShape);
      llvm::append_range(expanded, type.getShape().drop_front(axis + 1));
      SmallVector<ReassociationIndices> groups;
      for (int64_t d = 0; d < rank; ++d) {
        ReassociationIndices group;
        int64_t first = d <= axis ? d : d + indexShape.size() - 1;
        int64_t count = d == axis ? indexShape.size() : 1;
        for (int64_t e = 0; e < count; ++e)
          group.push_back(first + e);
        groups.push_back(group);
      }
      SmallVector<OpFoldResult> outputShape;
      for (auto [e, extent] : llvm::enumerate(expanded))
        outputShape.push_back(
            ShapedType::isDynamic(extent)
                ? OpFoldResult(tensor::DimOp::create(
                      rewriter, loc, params,
                      e < (size_t)axis ? e : e - indexShape.size() + 1))
                : OpFoldResult(rewriter.getIndexAttr(extent)));
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get(expanded, type.getElementType()),
          result, groups, outputShape);
    }
  }
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, result, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.OneHot
//===----------------------------------------------------------------------===//

/// Where tf.OneHot puts its depth dim in a result of `rank` (its axis, -1:
/// last), if in range.
std::optional<int64_t> oneHotAxis(Operation *op, int64_t rank) {
  auto attr = op->getAttrOfType<IntegerAttr>("axis");
  int64_t axis = attr ? attr.getInt() : -1;
  if (axis < -1 || axis >= rank)
    return std::nullopt;
  return axis == -1 ? rank - 1 : axis;
}

std::string unsupportedOneHot(Operation *op) {
  if (std::string why = checkSignature(op, 4, 1); !why.empty())
    return why;
  RankedTensorType indices = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  Type element = result.getElementType();
  if (!indices.hasStaticShape() || !indices.getElementType().isInteger() ||
      indices.getElementType().isInteger(1))
    return "needs integer indices of a static shape";
  std::optional<int64_t> depth = tf::constantScalar(op->getOperand(1));
  if (!depth || rankedType(op->getOperand(1)).getRank() != 0)
    return "needs a constant depth";
  if (*depth < 0)
    return "has depth " + std::to_string(*depth) +
           ", which TensorFlow rejects: depth must be non-negative";
  for (int k : {2, 3})
    if (rankedType(op->getOperand(k)) != RankedTensorType::get({}, element))
      return "needs on_value and off_value as scalars of its result's type";
  std::optional<int64_t> axis = oneHotAxis(op, indices.getRank() + 1);
  if (!axis)
    return "needs an axis in [-1, rank of indices]";
  SmallVector<int64_t> shape(indices.getShape());
  shape.insert(shape.begin() + *axis, *depth);
  if (failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose shape is not its indices' with depth inserted";
  return "";
}

LogicalResult rewriteOneHot(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType indices = rankedType(operands[0]);
  int64_t depth = *tf::constantScalar(op->getOperand(1));
  int64_t axis = *oneHotAxis(op, indices.getRank() + 1);
  SmallVector<int64_t> shape(indices.getShape());
  shape.insert(shape.begin() + axis, depth);
  Type element = rankedType(op->getResult(0)).getElementType();
  auto type = RankedTensorType::get(shape, element);
  Value on = tensor::ExtractOp::create(rewriter, loc, operands[2]);
  Value off = tensor::ExtractOp::create(rewriter, loc, operands[3]);
  Value result = generate(
      rewriter, loc, type, [&](OpBuilder &b, Location l, ValueRange at) {
        SmallVector<Value> where(at);
        Value position = where[axis];
        where.erase(where.begin() + axis);
        Value index = arith::IndexCastOp::create(
            b, l, b.getIndexType(),
            tensor::ExtractOp::create(b, l, operands[0], where));
        // An index outside [0, depth) matches no position: all off.
        Value hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, index,
                                          position);
        return Value(arith::SelectOp::create(b, l, hit, on, off));
      });
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, result, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.BroadcastTo
//===----------------------------------------------------------------------===//

std::string unsupportedBroadcastTo(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  std::optional<SmallVector<int64_t>> shape =
      tf::constantInts(op->getOperand(1));
  if (!shape || !input.hasStaticShape() ||
      rankedType(op->getOperand(1)).getRank() != 1 ||
      llvm::any_of(*shape, [](int64_t d) { return d < 0; }))
    return "needs a static operand and a constant shape";
  auto type = RankedTensorType::get(*shape, input.getElementType());
  if (!broadcastsTo(input, type) || failed(verifyCompatibleShape(result, type)))
    return "needs an operand that broadcasts to its shape, and a result of "
           "that shape";
  return "";
}

LogicalResult rewriteBroadcastTo(Operation *op, ValueRange operands,
                                 ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  auto type = RankedTensorType::get(*tf::constantInts(op->getOperand(1)),
                                    input.getElementType());
  int64_t offset = type.getRank() - input.getRank();
  Value result = generate(
      rewriter, loc, type, [&](OpBuilder &b, Location l, ValueRange at) {
        SmallVector<Value> where;
        Value zero = arith::ConstantIndexOp::create(b, l, 0);
        for (int64_t d = 0; d < input.getRank(); ++d)
          where.push_back(input.getDimSize(d) == 1 ? zero : at[d + offset]);
        return Value(tensor::ExtractOp::create(b, l, operands[0], where));
      });
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, result, op->getResult(0).getType()));
  return success();
}

const Lowering kLowerings[] = {
    {"tf.GatherV2", unsupportedGatherV2, rewriteGatherV2},
    {"tf.ReverseV2", unsupportedReverse, rewriteReverse},
    {"tf.ReverseSequence", unsupportedReverseSequence, rewriteReverseSequence},
    {"tf.Tile", unsupportedTile, rewriteTile},
    {"tf.SelectV2", unsupportedSelect, rewriteSelect},
    {"tf.Select", unsupportedSelectV1, rewriteSelectV1},
    {"tf.OneHot", unsupportedOneHot, rewriteOneHot},
    {"tf.BroadcastTo", unsupportedBroadcastTo, rewriteBroadcastTo}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::movementLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFMovementToLinalgPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, movementLowerings());
}

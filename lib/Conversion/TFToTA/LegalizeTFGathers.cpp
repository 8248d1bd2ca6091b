//===- LegalizeTFGathers.cpp - tf.GatherNd, tf.GatherV2 with batch_dims ---===//
//
// tf.GatherNd (tf.gather_nd: each row [i0, ..., ik-1] of the indices picks
// params[i0, ..., ik-1, ...]) and tf.GatherV2 with batch_dims (tf.gather
// with batch_dims=b: each batch entry's indices gather along the axis from
// its own params), on static shapes. Every index is checked first, in a
// loop over the indices, with TensorFlow's texts ("indices[1] = [5, 0] does
// not index into param shape [3,4]", "indices[1,1] = 3 is not in [0, 3)");
// then one linalg.generic over the result reads the params where the
// indices point. (tf.GatherV2 of batch_dims 0: LegalizeTFMovement.cpp.)
// tf.Where of one operand (tf.where(cond): the positions of its true, or
// nonzero, elements as rows of int64 coordinates, in row-major order, as
// many as there are): counted in one loop, written in a second.
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

bool isIndexTensor(RankedTensorType type) {
  return type && type.hasStaticShape() &&
         type.getElementType().isSignlessInteger() &&
         !type.getElementType().isInteger(1);
}

} // namespace

void mlir::ta::tflegalize::forEachPosition(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
    function_ref<void(OpBuilder &, ArrayRef<Value>)> body) {
  int64_t count = ShapedType::getNumElements(shape);
  if (count == 0)
    return;
  auto loop =
      scf::ForOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                         arith::ConstantIndexOp::create(b, loc, count),
                         arith::ConstantIndexOp::create(b, loc, 1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  body(b, positionOf(b, loc, loop.getInductionVar(), shape));
}

Value mlir::ta::tflegalize::indexAt(OpBuilder &b, Location loc, Value indices,
                                    ArrayRef<Value> position) {
  Value raw = tensor::ExtractOp::create(b, loc, indices, position);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), raw);
}

namespace {

/// Whether 0 <= `i` < `n`.
Value inRange(OpBuilder &b, Location loc, Value i, int64_t n) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i,
                            arith::ConstantIndexOp::create(b, loc, n)));
}

/// A linalg.generic over the static `result` yielding, at each position,
/// the element of `params` at `coordinates(b, position)`.
Value gatherInto(ConversionPatternRewriter &rewriter, Location loc,
                 RankedTensorType result, Value params,
                 function_ref<SmallVector<Value>(OpBuilder &, ArrayRef<Value>)>
                     coordinates) {
  int64_t rank = result.getRank();
  return linalg::GenericOp::create(
             rewriter, loc, result, ValueRange{},
             tensor::EmptyOp::create(rewriter, loc, result.getShape(),
                                     result.getElementType())
                 .getResult(),
             SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &b, Location l, ValueRange) {
               SmallVector<Value> position;
               for (int64_t d = 0; d < rank; ++d)
                 position.push_back(linalg::IndexOp::create(b, l, d));
               linalg::YieldOp::create(
                   b, l,
                   tensor::ExtractOp::create(b, l, params,
                                             coordinates(b, position))
                       .getResult());
             })
      .getResult(0);
}

//===----------------------------------------------------------------------===//
// tf.GatherNd
//===----------------------------------------------------------------------===//

std::string unsupportedGatherNd(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType params = rankedType(op->getOperand(0));
  RankedTensorType indices = rankedType(op->getOperand(1));
  if (!params || !params.hasStaticShape() || params.getRank() < 1)
    return "needs static params of rank >= 1";
  if (!isIndexTensor(indices) || indices.getRank() < 1)
    return "needs integer indices of a static shape, rank >= 1";
  int64_t k = indices.getShape().back();
  if (k < 1 || k > params.getRank())
    return "needs index rows of 1 to rank(params) entries (TensorFlow: "
           "index innermost dimension length must be <= params rank)";
  SmallVector<int64_t> shape(indices.getShape().drop_back());
  llvm::append_range(shape, params.getShape().drop_front(k));
  RankedTensorType result = rankedType(op->getResult(0));
  if (!result || result.getElementType() != params.getElementType() ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not the params gathered";
  return "";
}

LogicalResult rewriteGatherNd(Operation *op, ValueRange operands,
                              ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value params = operands[0], indices = operands[1];
  RankedTensorType paramsType = rankedType(params);
  ArrayRef<int64_t> indexShape = rankedType(indices).getShape();
  ArrayRef<int64_t> rows = indexShape.drop_back();
  int64_t k = indexShape.back();
  // Each row checked: every entry within its params dim.
  forEachPosition(rewriter, loc, rows, [&](OpBuilder &b, ArrayRef<Value> at) {
    SmallVector<Value> row, dims;
    Value ok = arith::ConstantIntOp::create(b, loc, 1, 1);
    for (int64_t e = 0; e < k; ++e) {
      SmallVector<Value> position(at);
      position.push_back(arith::ConstantIndexOp::create(b, loc, e));
      Value i = indexAt(b, loc, indices, position);
      row.push_back(i);
      ok = arith::AndIOp::create(b, loc, ok,
                                 inRange(b, loc, i, paramsType.getDimSize(e)));
    }
    for (int64_t extent : paramsType.getShape())
      dims.push_back(arith::ConstantIndexOp::create(b, loc, extent));
    tf::failUnlessVectors(b, op, ok, TA_ERR_GATHER_ND_ROW,
                          {ValueRange(at), ValueRange(row), ValueRange(dims)});
  });
  SmallVector<int64_t> shape(rows);
  llvm::append_range(shape, paramsType.getShape().drop_front(k));
  auto result = RankedTensorType::get(shape, paramsType.getElementType());
  Value gathered = gatherInto(
      rewriter, loc, result, params,
      [&](OpBuilder &b, ArrayRef<Value> position) {
        SmallVector<Value> coordinates;
        for (int64_t e = 0; e < k; ++e) {
          SmallVector<Value> at(position.take_front(rows.size()));
          at.push_back(arith::ConstantIndexOp::create(b, loc, e));
          coordinates.push_back(indexAt(b, loc, indices, at));
        }
        llvm::append_range(coordinates, position.drop_front(rows.size()));
        return coordinates;
      });
  rewriter.replaceOp(
      op, castTo(rewriter, loc, gathered, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.GatherV2 with batch_dims
//===----------------------------------------------------------------------===//

/// batch_dims and the axis of a batched tf.GatherV2, counted from 0, if
/// they are constants TensorFlow takes (0 <= batch_dims <= axis, batch_dims
/// <= rank(indices), the batch dims the same in params and indices).
std::optional<std::pair<int64_t, int64_t>> batchAndAxis(Operation *op) {
  RankedTensorType params = rankedType(op->getOperand(0));
  RankedTensorType indices = rankedType(op->getOperand(1));
  auto attr = op->getAttrOfType<IntegerAttr>("batch_dims");
  std::optional<int64_t> axis =
      params ? constantAxis(op->getOperand(2), params.getRank()) : std::nullopt;
  if (!attr || !axis || !indices)
    return std::nullopt;
  int64_t batch = attr.getInt();
  if (batch < 0)
    batch += indices.getRank();
  if (batch < 0 || batch > *axis || batch > indices.getRank() ||
      params.getShape().take_front(batch) !=
          indices.getShape().take_front(batch))
    return std::nullopt;
  return std::make_pair(batch, *axis);
}

std::string unsupportedBatchedGather(Operation *op) {
  RankedTensorType params = rankedType(op->getOperand(0));
  RankedTensorType indices = rankedType(op->getOperand(1));
  if (!params || !params.hasStaticShape() || !isIndexTensor(indices))
    return "needs static params and integer indices of a static shape";
  std::optional<std::pair<int64_t, int64_t>> ba = batchAndAxis(op);
  if (!ba)
    return "needs a constant axis and batch_dims with batch_dims <= axis, "
           "batch_dims <= rank(indices), and the batch dims the same in "
           "params and indices";
  auto [batch, axis] = *ba;
  SmallVector<int64_t> shape(params.getShape().take_front(axis));
  llvm::append_range(shape, indices.getShape().drop_front(batch));
  llvm::append_range(shape, params.getShape().drop_front(axis + 1));
  RankedTensorType result = rankedType(op->getResult(0));
  if (!result || result.getElementType() != params.getElementType() ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not the params gathered";
  return "";
}

LogicalResult rewriteBatchedGather(Operation *op, ValueRange operands,
                                   ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value params = operands[0], indices = operands[1];
  RankedTensorType paramsType = rankedType(params);
  ArrayRef<int64_t> indexShape = rankedType(indices).getShape();
  int64_t batch, axis;
  std::tie(batch, axis) = *batchAndAxis(op);
  int64_t n = paramsType.getDimSize(axis);
  int64_t gatheredRank = indexShape.size() - batch;
  // Every index checked in [0, n), named by its position.
  forEachPosition(
      rewriter, loc, indexShape, [&](OpBuilder &b, ArrayRef<Value> at) {
        Value i = indexAt(b, loc, indices, at);
        tf::failUnlessShapes(
            b, op, inRange(b, loc, i, n), TA_ERR_GATHER_INDEX_ND, at,
            ValueRange{i,
                       arith::ConstantIndexOp::create(b, loc, n).getResult()});
      });
  SmallVector<int64_t> shape(paramsType.getShape().take_front(axis));
  llvm::append_range(shape, indexShape.drop_front(batch));
  llvm::append_range(shape, paramsType.getShape().drop_front(axis + 1));
  auto result = RankedTensorType::get(shape, paramsType.getElementType());
  // result[b, p, i, r] = params[b, p, indices[b, i], r].
  Value gathered =
      gatherInto(rewriter, loc, result, params,
                 [&](OpBuilder &b, ArrayRef<Value> position) {
                   SmallVector<Value> at(position.take_front(batch));
                   llvm::append_range(at, position.slice(axis, gatheredRank));
                   SmallVector<Value> coordinates(position.take_front(axis));
                   coordinates.push_back(indexAt(b, loc, indices, at));
                   llvm::append_range(coordinates,
                                      position.drop_front(axis + gatheredRank));
                   return coordinates;
                 });
  rewriter.replaceOp(
      op, castTo(rewriter, loc, gathered, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.Where (one operand)
//===----------------------------------------------------------------------===//

std::string unsupportedWhere(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  if (!input.hasStaticShape() || input.getRank() < 1)
    return "needs an operand of a static shape, rank >= 1 (TensorFlow: "
           "WhereOp : Unhandled input dimensions: 0)";
  RankedTensorType result = rankedType(op->getResult(0));
  if (!result.getElementType().isInteger(64) ||
      failed(verifyCompatibleShape(result.getShape(),
                                   {ShapedType::kDynamic, input.getRank()})))
    return "needs an int64 result of one row per true element and one "
           "column per dim of its operand";
  return "";
}

LogicalResult rewriteWhere(Operation *op, ValueRange operands,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value input = operands[0];
  RankedTensorType type = rankedType(input);
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = type.getRank();
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // Whether the element at `position` is true (nonzero; NaN is true).
  auto isTrue = [&](OpBuilder &b, ArrayRef<Value> position) -> Value {
    Value x = tensor::ExtractOp::create(b, loc, input, position);
    Type element = type.getElementType();
    if (element.isInteger(1))
      return x;
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    if (isa<FloatType>(element))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero);
  };
  int64_t total = type.getNumElements();
  auto count = scf::ForOp::create(rewriter, loc, index(rewriter, 0),
                                  index(rewriter, total), index(rewriter, 1),
                                  ValueRange{index(rewriter, 0)});
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(count.getBody());
    Value at = isTrue(
        rewriter, positionOf(rewriter, loc, count.getInductionVar(), shape));
    Value next = arith::AddIOp::create(
        rewriter, loc, count.getRegionIterArg(0),
        arith::SelectOp::create(rewriter, loc, at, index(rewriter, 1),
                                index(rewriter, 0)));
    scf::YieldOp::create(rewriter, loc, next);
  }
  auto resultType = RankedTensorType::get({ShapedType::kDynamic, rank},
                                          rewriter.getI64Type());
  Value rows = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                       rewriter.getI64Type(),
                                       ValueRange{count.getResult(0)});
  auto fill = scf::ForOp::create(rewriter, loc, index(rewriter, 0),
                                 index(rewriter, total), index(rewriter, 1),
                                 ValueRange{rows, index(rewriter, 0)});
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(fill.getBody());
    SmallVector<Value> position =
        positionOf(rewriter, loc, fill.getInductionVar(), shape);
    Value out = fill.getRegionIterArg(0), k = fill.getRegionIterArg(1);
    Value at = isTrue(rewriter, position);
    auto written = scf::IfOp::create(rewriter, loc, TypeRange{resultType}, at,
                                     /*withElseRegion=*/true);
    rewriter.setInsertionPointToStart(written.thenBlock());
    Value row = out;
    for (int64_t d = 0; d < rank; ++d) {
      Value coordinate = arith::IndexCastOp::create(
          rewriter, loc, rewriter.getI64Type(), position[d]);
      row = tensor::InsertOp::create(rewriter, loc, coordinate, row,
                                     ValueRange{k, index(rewriter, d)});
    }
    scf::YieldOp::create(rewriter, loc, row);
    rewriter.setInsertionPointToStart(written.elseBlock());
    scf::YieldOp::create(rewriter, loc, out);
    rewriter.setInsertionPointAfter(written);
    Value next = arith::AddIOp::create(
        rewriter, loc, k,
        arith::SelectOp::create(rewriter, loc, at, index(rewriter, 1),
                                index(rewriter, 0)));
    scf::YieldOp::create(rewriter, loc, ValueRange{written.getResult(0), next});
  }
  rewriter.replaceOp(
      op, castTo(rewriter, loc, fill.getResult(0), op->getResult(0).getType()));
  return success();
}

const Lowering kLowerings[] = {
    {"tf.GatherNd", unsupportedGatherNd, rewriteGatherNd},
    {"tf.Where", unsupportedWhere, rewriteWhere}};

} // namespace

std::string mlir::ta::tflegalize::unsupportedGatherBatched(Operation *op) {
  return unsupportedBatchedGather(op);
}

LogicalResult mlir::ta::tflegalize::rewriteGatherBatched(
    Operation *op, ValueRange operands, ConversionPatternRewriter &rewriter) {
  return rewriteBatchedGather(op, operands, rewriter);
}

ArrayRef<Lowering> mlir::ta::tflegalize::gatherLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFGatherToLinalgPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, gatherLowerings());
}

SmallVector<Value> mlir::ta::tflegalize::positionOf(OpBuilder &b, Location loc,
                                                    Value flat,
                                                    ArrayRef<int64_t> shape) {
  SmallVector<Value> position(shape.size());
  Value rest = flat;
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    Value extent = arith::ConstantIndexOp::create(b, loc, shape[d]);
    position[d] = arith::RemUIOp::create(b, loc, rest, extent);
    rest = arith::DivUIOp::create(b, loc, rest, extent);
  }
  return position;
}

//===- LegalizeTFSegments.cpp - tf.UnsortedSegmentSum and Prod ------------===//
//
// tf.UnsortedSegmentSum (TensorFlow's dense form of a gather's gradient:
// the IndexedSlices tf.gather's gradient makes are added with it, in loops
// and wherever they meet a dense gradient) and tf.UnsortedSegmentProd:
// output[s] is the sum (product) of every data[i] whose segment_ids[i] is
// s, from 0 (1); ids below 0 are dropped. As TensorFlow's CPU kernel does:
// every id is checked first ("segment_ids[1,1] = 7 is out of range [0, 4)",
// the first in order), then each row of data is added (multiplied) into its
// segment, rows in index order, so every segment's result is TensorFlow's.
// num_segments is a constant or known at run time ("Input num_segments ==
// -2 must not be negative."). Data and ids have static shapes, data's
// starting with the ids'.
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

bool isSum(Operation *op) {
  return op->getName().getStringRef() == "tf.UnsortedSegmentSum";
}

std::string unsupportedSegmentReduction(Operation *op) {
  if (std::string why = checkSignature(op, 3, 1); !why.empty())
    return why;
  RankedTensorType data = rankedType(op->getOperand(0));
  RankedTensorType ids = rankedType(op->getOperand(1));
  RankedTensorType count = rankedType(op->getOperand(2));
  if (!data.hasStaticShape() || !ids.hasStaticShape())
    return "needs data and segment_ids of static shapes";
  if (!ids.getElementType().isSignlessInteger() ||
      ids.getElementType().isInteger(1))
    return "needs integer segment_ids";
  if (count.getRank() != 0 || !count.getElementType().isSignlessInteger() ||
      count.getElementType().isInteger(1))
    return "needs a scalar integer num_segments";
  if (data.getRank() < ids.getRank() ||
      data.getShape().take_front(ids.getRank()) != ids.getShape())
    return "needs data whose shape starts with segment_ids' shape "
           "(TensorFlow: data.shape does not start with segment_ids.shape)";
  std::optional<int64_t> n = tf::constantScalar(op->getOperand(2));
  SmallVector<int64_t> shape{n && *n >= 0 ? *n : ShapedType::kDynamic};
  llvm::append_range(shape, data.getShape().drop_front(ids.getRank()));
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getElementType() != data.getElementType() ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not num_segments rows of data's";
  return "";
}

/// The static `value` with its leading `count` dims as one (a scalar's
/// none as one of size 1).
Value collapseFront(OpBuilder &b, Location loc, Value value, int64_t count) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape{
      ShapedType::getNumElements(type.getShape().take_front(count))};
  llvm::append_range(shape, type.getShape().drop_front(count));
  auto flat = RankedTensorType::get(shape, type.getElementType());
  if (count == 1)
    return value;
  if (count == 0) {
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d < type.getRank(); ++d)
      groups.push_back(d == 0 ? ReassociationIndices{0, 1}
                              : ReassociationIndices{d + 1});
    return tensor::ExpandShapeOp::create(b, loc, flat, value, groups);
  }
  SmallVector<ReassociationIndices> groups{
      llvm::to_vector(llvm::seq<int64_t>(0, count))};
  for (int64_t d = count; d < type.getRank(); ++d)
    groups.push_back({d});
  return tensor::CollapseShapeOp::create(b, loc, flat, value, groups);
}

LogicalResult rewriteSegmentReduction(Operation *op, ValueRange operands,
                                      ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value data = operands[0], ids = operands[1];
  RankedTensorType dataType = rankedType(data);
  ArrayRef<int64_t> idShape = rankedType(ids).getShape();
  Type element = dataType.getElementType();
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };

  // The count: a constant, or checked non-negative at run time (a negative
  // constant fails there too, as in TensorFlow).
  std::optional<int64_t> constant = tf::constantScalar(op->getOperand(2));
  if (constant && *constant < 0)
    constant.reset();
  Value n = tf::scalarIndex(rewriter, loc, operands[2]);
  if (!constant)
    tf::failUnless(rewriter, op,
                   arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::sge, n,
                                         index(rewriter, 0)),
                   TA_ERR_SEGMENT_COUNT, n, n);

  // Every id checked first, named by its position.
  int64_t rows = ShapedType::getNumElements(idShape);
  forEachPosition(
      rewriter, loc, idShape, [&](OpBuilder &b, ArrayRef<Value> at) {
        Value id = indexAt(b, loc, ids, at);
        Value ok = arith::OrIOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, id,
                                  index(b, 0)),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, id, n));
        tf::failUnlessShapes(b, op, ok, TA_ERR_SEGMENT_ID, at,
                             ValueRange{id, n});
      });

  // The segments, from the reduction's identity; each row into its own.
  SmallVector<int64_t> shape{constant ? *constant : ShapedType::kDynamic};
  ArrayRef<int64_t> inner = dataType.getShape().drop_front(idShape.size());
  llvm::append_range(shape, inner);
  auto resultType = RankedTensorType::get(shape, element);
  TypedAttr identity = isSum(op) ? rewriter.getZeroAttr(element)
                       : isa<FloatType>(element)
                           ? TypedAttr(rewriter.getFloatAttr(element, 1.0))
                           : TypedAttr(rewriter.getIntegerAttr(element, 1));
  // (The allocation's count is never below 0, even where the check above
  // has stopped a program of a negative one: constants fold into its type.)
  SmallVector<Value> dims{
      arith::MaxSIOp::create(rewriter, loc, n, index(rewriter, 0))};
  for (int64_t d : inner)
    dims.push_back(index(rewriter, d));
  Value init =
      linalg::FillOp::create(
          rewriter, loc,
          arith::ConstantOp::create(rewriter, loc, identity).getResult(),
          emptyLike(rewriter, loc, resultType, Value(), dims))
          .getResult(0);
  Value flatData = collapseFront(rewriter, loc, data, idShape.size());
  Value flatIds = collapseFront(rewriter, loc, ids, idShape.size());
  auto rowType = RankedTensorType::get(inner, element);
  int64_t rank = 1 + inner.size();
  auto slice = [&](OpBuilder &b, Value at, SmallVectorImpl<OpFoldResult> &offs,
                   SmallVectorImpl<OpFoldResult> &sizes,
                   SmallVectorImpl<OpFoldResult> &strides) {
    offs.assign(rank, b.getIndexAttr(0));
    offs[0] = at;
    sizes.assign({b.getIndexAttr(1)});
    for (int64_t d : inner)
      sizes.push_back(b.getIndexAttr(d));
    strides.assign(rank, b.getIndexAttr(1));
  };
  auto loop = scf::ForOp::create(rewriter, loc, index(rewriter, 0),
                                 index(rewriter, rows), index(rewriter, 1),
                                 ValueRange{init});
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    Value i = loop.getInductionVar(), out = loop.getRegionIterArg(0);
    Value id = indexAt(rewriter, loc, flatIds, {i});
    auto kept = scf::IfOp::create(
        rewriter, loc, TypeRange{resultType},
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, id,
                              index(rewriter, 0)),
        /*withElseRegion=*/true);
    rewriter.setInsertionPointToStart(kept.thenBlock());
    SmallVector<OpFoldResult> offs, sizes, strides;
    slice(rewriter, i, offs, sizes, strides);
    Value row = tensor::ExtractSliceOp::create(rewriter, loc, rowType, flatData,
                                               offs, sizes, strides);
    slice(rewriter, id, offs, sizes, strides);
    Value segment = tensor::ExtractSliceOp::create(rewriter, loc, rowType, out,
                                                   offs, sizes, strides);
    int64_t rowRank = inner.size();
    auto map = rewriter.getMultiDimIdentityMap(rowRank);
    Value combined =
        linalg::GenericOp::create(
            rewriter, loc, rowType, ValueRange{row}, ValueRange{segment},
            SmallVector<AffineMap>{map, map},
            SmallVector<utils::IteratorType>(rowRank,
                                             utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange args) {
              // TensorFlow's order: the segment so far, then the row.
              Value acc = args[1], x = args[0];
              Value r =
                  isa<FloatType>(element)
                      ? (isSum(op) ? Value(arith::AddFOp::create(b, l, acc, x))
                                   : Value(arith::MulFOp::create(b, l, acc, x)))
                      : (isSum(op)
                             ? Value(arith::AddIOp::create(b, l, acc, x))
                             : Value(arith::MulIOp::create(b, l, acc, x)));
              linalg::YieldOp::create(b, l, r);
            })
            .getResult(0);
    Value updated = tensor::InsertSliceOp::create(rewriter, loc, combined, out,
                                                  offs, sizes, strides);
    scf::YieldOp::create(rewriter, loc, updated);
    rewriter.setInsertionPointToStart(kept.elseBlock());
    scf::YieldOp::create(rewriter, loc, out);
    rewriter.setInsertionPointAfter(kept);
    scf::YieldOp::create(rewriter, loc, kept.getResult(0));
  }
  rewriter.replaceOp(
      op, castTo(rewriter, loc, loop.getResult(0), op->getResult(0).getType()));
  return success();
}

const Lowering kLowerings[] = {
    {"tf.UnsortedSegmentSum", unsupportedSegmentReduction,
     rewriteSegmentReduction},
    {"tf.UnsortedSegmentProd", unsupportedSegmentReduction,
     rewriteSegmentReduction}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::segmentLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFSegmentToLinalgPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, segmentLowerings());
}

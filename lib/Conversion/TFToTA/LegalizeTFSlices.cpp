//===- LegalizeTFSlices.cpp - TensorFlow's x[i] slices and their gradient -===//
//
// The `x[i]` form of tf.StridedSlice (shrink_axis_mask = 1, one begin, end
// and stride each; the other masks 0), as loops index arrays' inputs, and
// tf.StridedSliceGrad of the same form, as tf.gradients differentiates
// them: row i of x, and zeros of x's shape with row i set. TensorFlow counts
// a negative i from the end and fails outside [-n, n) with "slice index i
// of dimension 0 out of bounds.", naming the index counted from the start;
// the lowering checks the same, through libta_runtime.
//
// tf.GatherV2 with a constant axis, batch_dims 0 and a scalar or vector of
// indices (what TensorFlow's standard pipeline makes of an unstacked
// tf.TensorArray read at a run-time index): the slices of the params at the
// indices along the axis, each index checked in [0, n) first, with
// TensorFlow's text ("indices[1] = 5 is not in [0, 4)").
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "RuntimeChecks.h"
#include "TFUtils.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;
using tf::failUnless;

namespace {

/// "" if the begin, end and strides operands (1 to 3) and the masks of the
/// StridedSlice or StridedSliceGrad `op` are the x[i] form; otherwise why
/// not.
std::string indexFormProblem(Operation *op) {
  for (StringRef mask :
       {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask"})
    if (auto attr = op->getAttrOfType<IntegerAttr>(mask);
        attr && attr.getInt() != 0)
      return "has a mask of the ranges form; ta-legalize-tf lowers x[i]";
  auto shrink = op->getAttrOfType<IntegerAttr>("shrink_axis_mask");
  if (!shrink || shrink.getInt() != 1)
    return "needs shrink_axis_mask = 1: ta-legalize-tf lowers x[i]";
  for (Value vector : op->getOperands().slice(1, 3)) {
    RankedTensorType type = rankedType(vector);
    if (type.getShape() != ArrayRef<int64_t>{1} ||
        type.getElementType().isInteger(1) ||
        !type.getElementType().isInteger())
      return "needs begin, end and strides of one integer each (x[i])";
  }
  DenseIntElementsAttr strides;
  if (!matchPattern(op->getOperand(3), m_Constant(&strides)))
    return "needs constant strides";
  // TensorFlow ignores a positive stride on a shrunk axis and rejects the
  // others.
  if (!(*strides.getValues<APInt>().begin()).isStrictlyPositive())
    return "has a stride that is not positive, which TensorFlow rejects (only "
           "stride 1 allowed on non-range indexing)";
  return "";
}

/// The index x[i] takes of a first dimension of `n`: begin = [i] (end is
/// begin + 1 for a shrunk axis, in TensorFlow too); TensorFlow counts a
/// negative i from the end and fails outside [-n, n), naming the index
/// counted from the start.
Value checkedIndex(ConversionPatternRewriter &rewriter, Operation *op,
                   Value beginVector, Value n) {
  Location loc = op->getLoc();
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value begin =
      tensor::ExtractOp::create(rewriter, loc, beginVector, ValueRange{c0});
  Value i =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), begin);
  Value negative =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, i, c0);
  Value wrapped = arith::SelectOp::create(
      rewriter, loc, negative, arith::AddIOp::create(rewriter, loc, i, n), i);
  Value inBounds = arith::AndIOp::create(
      rewriter, loc,
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, wrapped,
                            c0),
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, wrapped,
                            n));
  failUnless(rewriter, op, inBounds, TA_ERR_SLICE_INDEX, wrapped, c0);
  return wrapped;
}

/// The offsets, sizes and strides of row `i` of `type` (`value`'s).
struct RowSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
};
RowSlice rowSlice(OpBuilder &b, Location loc, Value value, Value i) {
  auto type = cast<RankedTensorType>(value.getType());
  RowSlice row;
  row.offsets.assign(type.getRank(), b.getIndexAttr(0));
  row.offsets[0] = i;
  row.sizes.push_back(b.getIndexAttr(1));
  for (int64_t k = 1; k < type.getRank(); ++k)
    row.sizes.push_back(
        type.isDynamicDim(k)
            ? OpFoldResult(tensor::DimOp::create(b, loc, value, k).getResult())
            : OpFoldResult(b.getIndexAttr(type.getDimSize(k))));
  row.strides.assign(type.getRank(), b.getIndexAttr(1));
  return row;
}

std::string unsupportedStridedSlice(Operation *op) {
  if (std::string why = checkSignature(op, 4, 1); !why.empty())
    return why;
  if (std::string why = indexFormProblem(op); !why.empty())
    return why;
  RankedTensorType source = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  if (source.getRank() < 1 ||
      source.getElementType() != result.getElementType() ||
      failed(verifyCompatibleShape(source.getShape().drop_front(),
                                   result.getShape())))
    return "has a result that is not an element of its operand's first "
           "dimension";
  return "";
}

LogicalResult rewriteStridedSlice(Operation *op, ValueRange operands,
                                  ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType source = rankedType(operands[0]);
  RankedTensorType result = rankedType(op->getResult(0));
  Value n = tensor::DimOp::create(rewriter, loc, operands[0], 0);
  Value i = checkedIndex(rewriter, op, operands[1], n);
  if (source.getRank() == 1) {
    // A scalar: its element (a rank-reducing slice to a 0-d tensor carries
    // a strided layout that bufferized branches do not allocate).
    Value element = tensor::ExtractOp::create(rewriter, loc, operands[0], i);
    rewriter.replaceOp(
        op,
        castTo(rewriter, loc,
               tensor::FromElementsOp::create(
                   rewriter, loc,
                   RankedTensorType::get({}, source.getElementType()), element),
               result));
    return success();
  }
  RowSlice row = rowSlice(rewriter, loc, operands[0], i);
  auto sliceType = RankedTensorType::get(source.getShape().drop_front(),
                                         source.getElementType());
  Value slice =
      tensor::ExtractSliceOp::create(rewriter, loc, sliceType, operands[0],
                                     row.offsets, row.sizes, row.strides);
  rewriter.replaceOp(op, castTo(rewriter, loc, slice, result));
  return success();
}

/// tf.StridedSliceGrad(shape, begin, end, strides, dy) of x[i]: zeros of
/// `shape` (a constant, the result's static type) with row i set to dy.
std::string unsupportedStridedSliceGrad(Operation *op) {
  if (std::string why = checkSignature(op, 5, 1); !why.empty())
    return why;
  if (std::string why = indexFormProblem(op); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  RankedTensorType dy = rankedType(op->getOperand(4));
  DenseIntElementsAttr shape;
  if (!matchPattern(op->getOperand(0), m_Constant(&shape)) ||
      !result.hasStaticShape() || result.getRank() < 1 ||
      shape.getNumElements() != result.getRank() ||
      !llvm::equal(llvm::map_range(shape.getValues<APInt>(),
                                   [](APInt d) { return d.getSExtValue(); }),
                   result.getShape()))
    return "needs a constant shape of rank >= 1 that is its result's static "
           "type";
  if (dy.getElementType() != result.getElementType() ||
      failed(
          verifyCompatibleShape(result.getShape().drop_front(), dy.getShape())))
    return "has a gradient that is not an element of its shape's first "
           "dimension";
  return "";
}

LogicalResult rewriteStridedSliceGrad(Operation *op, ValueRange operands,
                                      ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType result = rankedType(op->getResult(0));
  Value n = arith::ConstantIndexOp::create(rewriter, loc, result.getDimSize(0));
  Value i = checkedIndex(rewriter, op, operands[1], n);
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(result.getElementType()));
  Value zeros = filled(rewriter, loc, result, zero);
  auto row = RankedTensorType::get(result.getShape().drop_front(),
                                   result.getElementType());
  Value dy = castTo(rewriter, loc, operands[4], row);
  if (result.getRank() == 1) {
    Value element = tensor::ExtractOp::create(rewriter, loc, dy);
    rewriter.replaceOp(
        op, tensor::InsertOp::create(rewriter, loc, element, zeros, i));
    return success();
  }
  RowSlice slice = rowSlice(rewriter, loc, zeros, i);
  rewriter.replaceOp(
      op, tensor::InsertSliceOp::create(rewriter, loc, dy, zeros, slice.offsets,
                                        slice.sizes, slice.strides));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.GatherV2
//===----------------------------------------------------------------------===//

/// GatherV2's axis, counted from 0, if constant and within `rank`.
std::optional<int64_t> gatherAxis(Operation *op, int64_t rank) {
  std::optional<int64_t> axis = tf::constantScalar(op->getOperand(2));
  if (!axis || *axis < -rank || *axis >= rank)
    return std::nullopt;
  return *axis < 0 ? *axis + rank : *axis;
}

std::string unsupportedGatherV2(Operation *op) {
  if (std::string why = checkSignature(op, 3, 1); !why.empty())
    return why;
  if (auto batch = op->getAttrOfType<IntegerAttr>("batch_dims");
      batch && batch.getInt() != 0)
    return "has batch_dims; ta-legalize-tf lowers gathers of batch_dims 0";
  RankedTensorType params = rankedType(op->getOperand(0));
  RankedTensorType indices = rankedType(op->getOperand(1));
  std::optional<int64_t> axis = gatherAxis(op, params.getRank());
  if (!axis)
    return "needs a constant axis within its params' rank";
  if (indices.getRank() > 1 || !indices.getElementType().isInteger() ||
      indices.getElementType().isInteger(1))
    return "needs a scalar or a vector of integer indices";
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
  Location loc = op->getLoc();
  Value params = operands[0], indices = operands[1];
  RankedTensorType type = rankedType(params);
  int64_t rank = type.getRank();
  int64_t axis = *gatherAxis(op, rank);
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
  }
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, result, op->getResult(0).getType()));
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.StridedSlice", unsupportedStridedSlice, rewriteStridedSlice},
    {"tf.StridedSliceGrad", unsupportedStridedSliceGrad,
     rewriteStridedSliceGrad},
    {"tf.GatherV2", unsupportedGatherV2, rewriteGatherV2}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::sliceLowerings() { return kLowerings; }

void mlir::ta::populateTFSliceToTensorPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, sliceLowerings());
}

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
// Slices of constant bounds (begin, end and strides constants, begin_mask,
// end_mask and shrink_axis_mask any, strides positive; a static operand),
// as Keras's GRU slices its fused kernel (`w[:, :units]`), and their
// gradients: bounds canonicalized as TensorFlow does (negative ones from the
// end, clamped), an extract_slice and a collapse of the shrunk dims, or
// zeros with the gradient inserted.
//
// Slices with indices known at run time on any axis, new axes and an
// ellipsis: LegalizeTFGeneralSlices.cpp.
//
// tf.Slice(x, begin, size) of begins and sizes constant or computed (as
// `tf.slice(x, [t, 1], [1, 2])` in a loop): TensorFlow's checks, dim by
// dim, at run time ("Expected begin[0] in [0, 3], but got 4", then the
// size's, a size of -1 taking the rest), then an extract_slice. A dim of 0
// takes begin 0 and size 0 only, as in TensorFlow, whose text for it is
// the general one here.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "RuntimeChecks.h"
#include "TFUtils.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
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

/// A slice of constant bounds of a static shape: per dim, the offset, size
/// and stride, whether the dim is shrunk, and the result's shape.
struct ConstantSlice {
  SmallVector<int64_t> offsets, sizes, strides;
  SmallVector<bool> shrunk;
  SmallVector<int64_t> resultShape;
};

/// The slice StridedSlice(Grad) `op` takes of `shape` (begin, end and
/// strides at operands 1 to 3), canonicalized as TensorFlow does: a masked
/// begin is 0 and a masked end the dim, negative bounds count from the end,
/// and both are clamped to [0, dim]; a shrunk dim takes begin, which must
/// lie in [-dim, dim). Null where the bounds are not constant or not of
/// this form (ellipsis and new axes, strides that are not positive), or a
/// shrunk index is out of range.
std::optional<ConstantSlice> constantSlice(Operation *op,
                                           ArrayRef<int64_t> shape) {
  auto mask = [&](StringRef name) {
    auto attr = op->getAttrOfType<IntegerAttr>(name);
    return attr ? attr.getInt() : 0;
  };
  if (mask("ellipsis_mask") || mask("new_axis_mask"))
    return std::nullopt;
  std::optional<SmallVector<int64_t>> begin =
      tf::constantInts(op->getOperand(1));
  std::optional<SmallVector<int64_t>> end = tf::constantInts(op->getOperand(2));
  std::optional<SmallVector<int64_t>> strides =
      tf::constantInts(op->getOperand(3));
  if (!begin || !end || !strides || begin->size() != end->size() ||
      begin->size() != strides->size() || begin->size() > shape.size() ||
      llvm::any_of(shape, ShapedType::isDynamic))
    return std::nullopt;
  ConstantSlice slice;
  for (auto [d, dim] : llvm::enumerate(shape)) {
    int64_t offset = 0, size = dim, stride = 1;
    bool shrink = false;
    if (d < begin->size()) {
      stride = (*strides)[d];
      if (stride <= 0)
        return std::nullopt;
      int64_t first = (*begin)[d], last = (*end)[d];
      if (mask("shrink_axis_mask") >> d & 1) {
        // TensorFlow ignores the stride and the end of a shrunk dim.
        if (first < -dim || first >= dim)
          return std::nullopt;
        offset = first < 0 ? first + dim : first;
        size = 1;
        stride = 1;
        shrink = true;
      } else {
        first = mask("begin_mask") >> d & 1 ? 0 : first;
        last = mask("end_mask") >> d & 1 ? dim : last;
        first = std::clamp<int64_t>(first < 0 ? first + dim : first, 0, dim);
        last = std::clamp<int64_t>(last < 0 ? last + dim : last, 0, dim);
        offset = first;
        size = last > first ? (last - first - 1) / stride + 1 : 0;
      }
    }
    slice.offsets.push_back(offset);
    slice.sizes.push_back(size);
    slice.strides.push_back(stride);
    slice.shrunk.push_back(shrink);
    if (!shrink)
      slice.resultShape.push_back(size);
  }
  return slice;
}

/// The extract_slice (or insert_slice) operands of `slice`.
struct SliceBounds {
  SmallVector<OpFoldResult> offsets, sizes, strides;
};
SliceBounds boundsOf(OpBuilder &b, const ConstantSlice &slice) {
  SliceBounds bounds;
  for (auto [o, s, t] : llvm::zip(slice.offsets, slice.sizes, slice.strides)) {
    bounds.offsets.push_back(b.getIndexAttr(o));
    bounds.sizes.push_back(b.getIndexAttr(s));
    bounds.strides.push_back(b.getIndexAttr(t));
  }
  return bounds;
}

/// Why StridedSlice(Grad) `op` of `shape` with a result or gradient of
/// `sliced`'s type is not a slice of constant bounds, or "".
std::string constantSliceProblem(Operation *op, ArrayRef<int64_t> shape,
                                 RankedTensorType sliced, Type element) {
  std::optional<ConstantSlice> slice = constantSlice(op, shape);
  if (!slice)
    return "is neither x[i] nor a slice of constant bounds (positive strides, "
           "no ellipsis or new axis, shrunk indices in range) of a static "
           "operand";
  if (sliced.getElementType() != element ||
      failed(verifyCompatibleShape(sliced.getShape(), slice->resultShape)))
    return "has a result or gradient whose type is not the slice's";
  return "";
}

std::string unsupportedStridedSlice(Operation *op) {
  if (std::string why = checkSignature(op, 4, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  if (!indexFormProblem(op).empty()) {
    std::string why =
        constantSliceProblem(op, input.getShape(), rankedType(op->getResult(0)),
                             input.getElementType());
    if (why.empty() || constantSlice(op, input.getShape()))
      return why;
    return unsupportedGeneralStridedSlice(op);
  }
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
  if (!indexFormProblem(op).empty() && !constantSlice(op, source.getShape()))
    return rewriteGeneralStridedSlice(op, operands, rewriter);
  if (!indexFormProblem(op).empty()) {
    // Constant bounds: the slice, its shrunk unit dims collapsed.
    ConstantSlice slice = *constantSlice(op, source.getShape());
    SliceBounds bounds = boundsOf(rewriter, slice);
    Value sliced = tensor::ExtractSliceOp::create(rewriter, loc, operands[0],
                                                  bounds.offsets, bounds.sizes,
                                                  bounds.strides);
    if (llvm::is_contained(slice.shrunk, true))
      sliced = tensor::CollapseShapeOp::create(
          rewriter, loc, sliced,
          *getReassociationIndicesForCollapse(slice.sizes, slice.resultShape));
    rewriter.replaceOp(op, castTo(rewriter, loc, sliced, result));
    return success();
  }
  Value n = tensor::DimOp::create(rewriter, loc, operands[0], 0);
  Value i = checkedSliceIndex(rewriter, op, operands[1], n);
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
  if (!indexFormProblem(op).empty()) {
    std::string why = constantSliceProblem(op, result.getShape(), dy,
                                           result.getElementType());
    if (why.empty() || constantSlice(op, result.getShape()))
      return why;
    return unsupportedGeneralStridedSliceGrad(op);
  }
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
  if (!indexFormProblem(op).empty() && !constantSlice(op, result.getShape()))
    return rewriteGeneralStridedSliceGrad(op, operands, rewriter);
  if (!indexFormProblem(op).empty()) {
    // Constant bounds: zeros with the gradient, its shrunk unit dims
    // restored, inserted at the slice.
    ConstantSlice slice = *constantSlice(op, result.getShape());
    SliceBounds bounds = boundsOf(rewriter, slice);
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(result.getElementType()));
    Value dy = castTo(
        rewriter, loc, operands[4],
        RankedTensorType::get(slice.resultShape, result.getElementType()));
    if (llvm::is_contained(slice.shrunk, true))
      dy = tensor::ExpandShapeOp::create(
          rewriter, loc,
          RankedTensorType::get(slice.sizes, result.getElementType()), dy,
          *getReassociationIndicesForCollapse(slice.sizes, slice.resultShape));
    rewriter.replaceOp(op, tensor::InsertSliceOp::create(
                               rewriter, loc, dy,
                               filled(rewriter, loc, result, zero),
                               bounds.offsets, bounds.sizes, bounds.strides));
    return success();
  }
  Value n = arith::ConstantIndexOp::create(rewriter, loc, result.getDimSize(0));
  Value i = checkedSliceIndex(rewriter, op, operands[1], n);
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
// tf.Slice
//===----------------------------------------------------------------------===//

std::string unsupportedSlice(Operation *op) {
  if (std::string why = checkSignature(op, 3, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  int64_t rank = input.getRank();
  for (int k : {1, 2}) {
    RankedTensorType bounds = rankedType(op->getOperand(k));
    if (bounds.getRank() != 1 || bounds.getDimSize(0) != rank ||
        !bounds.getElementType().isInteger() ||
        bounds.getElementType().isInteger(1))
      return "needs begin and size as integer vectors of its operand's rank";
  }
  if (rankedType(op->getResult(0)).getElementType() != input.getElementType() ||
      rankedType(op->getResult(0)).getRank() != rank)
    return "has a result whose type is not a slice of its operand's";
  // Constant bounds in range fix the result's dims.
  std::optional<SmallVector<int64_t>> begin =
      tf::constantInts(op->getOperand(1));
  std::optional<SmallVector<int64_t>> size =
      tf::constantInts(op->getOperand(2));
  RankedTensorType result = rankedType(op->getResult(0));
  for (int64_t k = 0; begin && size && k < rank; ++k) {
    int64_t b = (*begin)[k], s = (*size)[k], dim = input.getDimSize(k);
    if (s == -1 && !ShapedType::isDynamic(dim))
      s = dim - b;
    if (s >= 0 && !result.isDynamicDim(k) && result.getDimSize(k) != s)
      return "has a result whose type is not a slice of its operand's";
  }
  return "";
}

LogicalResult rewriteSlice(Operation *op, ValueRange operands,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value input = operands[0];
  RankedTensorType type = rankedType(input);
  int64_t rank = type.getRank();
  std::optional<SmallVector<int64_t>> constBegin =
      tf::constantInts(op->getOperand(1));
  std::optional<SmallVector<int64_t>> constSize =
      tf::constantInts(op->getOperand(2));
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  auto element = [&](Value vector, int64_t k) -> Value {
    Value v = tensor::ExtractOp::create(rewriter, loc, vector, index(k));
    return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                      v);
  };
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
    return arith::CmpIOp::create(rewriter, loc, p, x, y);
  };
  SmallVector<OpFoldResult> offsets, sizes;
  SmallVector<int64_t> shape;
  for (int64_t k = 0; k < rank; ++k) {
    Value dim = tensor::DimOp::create(rewriter, loc, input, k);
    Value begin = element(operands[1], k), size = element(operands[2], k);
    // TensorFlow's order: begin in [0, dim], then size (-1: the rest) in
    // [0, dim - begin].
    Value beginOk = arith::AndIOp::create(
        rewriter, loc, cmp(arith::CmpIPredicate::sge, begin, index(0)),
        cmp(arith::CmpIPredicate::sle, begin, dim));
    failUnless(rewriter, op, beginOk, TA_ERR_SLICE_BEGIN, index(k), begin, dim);
    Value rest = arith::SubIOp::create(rewriter, loc, dim, begin);
    size = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpIPredicate::eq, size, index(-1)), rest,
        size);
    Value sizeOk = arith::AndIOp::create(
        rewriter, loc, cmp(arith::CmpIPredicate::sge, size, index(0)),
        cmp(arith::CmpIPredicate::sle, size, rest));
    failUnless(rewriter, op, sizeOk, TA_ERR_SLICE_SIZE, index(k), size, rest);
    int64_t b = constBegin ? (*constBegin)[k] : ShapedType::kDynamic;
    int64_t s = constSize ? (*constSize)[k] : ShapedType::kDynamic;
    if (s == -1 && !ShapedType::isDynamic(b) && !type.isDynamicDim(k))
      s = type.getDimSize(k) - b;
    bool staticSize = !ShapedType::isDynamic(s) && s >= 0;
    RankedTensorType result = rankedType(op->getResult(0));
    if (!staticSize && !result.isDynamicDim(k)) {
      // A static result dim the sizes known at run time must give.
      Value typed = index(result.getDimSize(k));
      failUnless(rewriter, op, cmp(arith::CmpIPredicate::eq, size, typed),
                 TA_ERR_RESULT_DIM, size, typed, index(k));
      s = result.getDimSize(k);
      staticSize = true;
    }
    offsets.push_back(begin);
    sizes.push_back(staticSize ? OpFoldResult(rewriter.getIndexAttr(s))
                               : OpFoldResult(size));
    shape.push_back(staticSize ? s : ShapedType::kDynamic);
  }
  SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
  auto sliceType = RankedTensorType::get(shape, type.getElementType());
  Value slice = tensor::ExtractSliceOp::create(rewriter, loc, sliceType, input,
                                               offsets, sizes, strides);
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, slice, op->getResult(0).getType()));
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.StridedSlice", unsupportedStridedSlice, rewriteStridedSlice},
    {"tf.StridedSliceGrad", unsupportedStridedSliceGrad,
     rewriteStridedSliceGrad},
    {"tf.Slice", unsupportedSlice, rewriteSlice}};

} // namespace

Value mlir::ta::tflegalize::checkedSliceIndex(
    ConversionPatternRewriter &rewriter, Operation *op, Value beginVector,
    Value n, int64_t entry, int64_t dim) {
  Location loc = op->getLoc();
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value at = arith::ConstantIndexOp::create(rewriter, loc, entry);
  Value begin =
      tensor::ExtractOp::create(rewriter, loc, beginVector, ValueRange{at});
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
  failUnless(rewriter, op, inBounds, TA_ERR_SLICE_INDEX, wrapped,
             arith::ConstantIndexOp::create(rewriter, loc, dim));
  return wrapped;
}

ArrayRef<Lowering> mlir::ta::tflegalize::sliceLowerings() { return kLowerings; }

void mlir::ta::populateTFSliceToTensorPatterns(RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, sliceLowerings());
}

std::optional<SmallVector<int64_t>>
mlir::ta::tflegalize::stridedSliceShape(Operation *op,
                                        ArrayRef<int64_t> shape) {
  if (std::optional<ConstantSlice> slice = constantSlice(op, shape))
    return slice->resultShape;
  return generalStridedSliceShape(op, shape);
}

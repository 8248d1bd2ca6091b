//===- LegalizeTFGeneralSlices.cpp - tf.StridedSlice of run-time indices --===//
//
// tf.StridedSlice in the forms autograph's loops and TensorFlow's sequence
// code emit beyond x[i] and constant bounds: indices known at run time on
// any axis (`x[:, t, :]`, `x[t, k]`, bounds packed by tf.Pack), new axes
// (`m[:, None]`), an ellipsis (`x[..., 2]`), mixed with ranges of constant
// bounds on static dims and ranges whose bounds are known at run time only
// (`x[t:t + 2]`: a dim of the size TensorFlow clamps the bounds to; their
// gradient is not lowered). Each index is checked as x[i]'s is, with
// TensorFlow's text naming its dim ("slice index 3 of dimension 1 out of
// bounds."); the slice is copied out (a view across rows has a layout that
// function results and loop-carried values cannot take), then the new
// axes are expanded.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "TFUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

/// A tf.StridedSlice whose indices may be known at run time only (as
/// autograph's loops index `x[:, t, :]`, `x[t, k]`), with new axes
/// (`m[:, None]`) and an ellipsis: per input dim, the whole dim, a range
/// of constant bounds of a static dim, a range whose bounds (begin and
/// end entry `entry`, or the dim's start and end where masked) are known at
/// run time only (`x[t:t + 2]`), or an index (begin entry `entry`, checked
/// at run time); and the result's shape, new axes as 1s.
struct GeneralSlice {
  enum class Kind { Whole, Range, RunRange, Index };
  struct Dim {
    Kind kind = Kind::Whole;
    int64_t offset = 0, size = 0, stride = 1;
    unsigned entry = 0;
    bool fromStart = false, toEnd = false;
  };
  SmallVector<Dim> dims;
  /// Per result dim: the input dim it is, or -1 for a new axis.
  SmallVector<int64_t> resultDims;
};

/// The `n` entries of the vector `v` that are constants: all of a
/// constant, the constant scalars of a tf.Pack (autograph's `x[:, t]`
/// packs its bounds).
SmallVector<std::optional<int64_t>> entryConstants(Value v, int64_t n) {
  SmallVector<std::optional<int64_t>> entries(n);
  if (std::optional<SmallVector<int64_t>> all = tf::constantInts(v)) {
    if ((int64_t)all->size() == n)
      for (auto [entry, value] : llvm::zip(entries, *all))
        entry = value;
    return entries;
  }
  Operation *pack = v.getDefiningOp();
  if (tf::isNamed(pack, "tf.Pack") && (int64_t)pack->getNumOperands() == n)
    for (auto [entry, operand] : llvm::zip(entries, pack->getOperands()))
      entry = tf::constantScalar(operand);
  return entries;
}

/// TensorFlow's sparse slice spec of `op` (begin, end, strides at operands
/// 1 to 3 and the masks) over an input of `shape`, or null where it is not
/// of the form GeneralSlice takes: bounds that are not constants but of an
/// index, strides that are not positive, an index and a new axis at once,
/// two ellipses, more dims than the input has.
std::optional<GeneralSlice> generalSlice(Operation *op,
                                         ArrayRef<int64_t> shape) {
  auto mask = [&](StringRef name) -> uint64_t {
    auto attr = op->getAttrOfType<IntegerAttr>(name);
    return attr ? attr.getValue().getZExtValue() : 0;
  };
  uint64_t beginMask = mask("begin_mask"), endMask = mask("end_mask"),
           ellipsis = mask("ellipsis_mask"), newAxis = mask("new_axis_mask"),
           shrink = mask("shrink_axis_mask");
  // begin, end and strides are operands 1 to 3 of both tf.StridedSlice
  // (input, ...) and tf.StridedSliceGrad (shape, ..., dy).
  if (op->getNumOperands() != 4 && op->getNumOperands() != 5)
    return std::nullopt;
  auto vector = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!vector || vector.getRank() != 1 || vector.isDynamicDim(0) ||
      !isa<IntegerType>(vector.getElementType()) ||
      op->getOperand(2).getType() != vector ||
      op->getOperand(3).getType() != vector || llvm::popcount(ellipsis) > 1)
    return std::nullopt;
  int64_t entries = vector.getDimSize(0);
  if (entries > 63)
    return std::nullopt;
  SmallVector<std::optional<int64_t>> begin =
      entryConstants(op->getOperand(1), entries);
  SmallVector<std::optional<int64_t>> end =
      entryConstants(op->getOperand(2), entries);
  std::optional<SmallVector<int64_t>> strides =
      tf::constantInts(op->getOperand(3));
  if (!strides || (int64_t)strides->size() != entries)
    return std::nullopt;
  // The input dims the spec names (an ellipsis names the rest).
  int64_t named = 0;
  for (int64_t k = 0; k < entries; ++k)
    named += !(ellipsis >> k & 1) && !(newAxis >> k & 1);
  int64_t rank = shape.size();
  if (named > rank)
    return std::nullopt;
  GeneralSlice slice;
  slice.dims.resize(rank);
  int64_t d = 0;
  auto whole = [&](int64_t count) {
    for (int64_t k = 0; k < count; ++k, ++d)
      slice.resultDims.push_back(d);
  };
  for (int64_t k = 0; k < entries; ++k) {
    if (ellipsis >> k & 1) {
      whole(rank - named);
      continue;
    }
    if (newAxis >> k & 1) {
      if (shrink >> k & 1)
        return std::nullopt;
      slice.resultDims.push_back(-1);
      continue;
    }
    GeneralSlice::Dim &dim = slice.dims[d];
    int64_t stride = (*strides)[k];
    if (shrink >> k & 1) {
      // TensorFlow ignores the end and a positive stride of an index; a
      // constant index out of range fails wherever it runs.
      if (stride <= 0 || (begin[k] && !ShapedType::isDynamic(shape[d]) &&
                          (*begin[k] < -shape[d] || *begin[k] >= shape[d])))
        return std::nullopt;
      dim.kind = GeneralSlice::Kind::Index;
      dim.entry = k;
      dim.size = 1;
      ++d;
      continue;
    }
    if (stride <= 0)
      return std::nullopt;
    bool fromStart = beginMask >> k & 1, toEnd = endMask >> k & 1;
    if (fromStart && toEnd && stride == 1) {
      whole(1);
      continue;
    }
    int64_t extent = shape[d];
    if (ShapedType::isDynamic(extent) || (!fromStart && !begin[k]) ||
        (!toEnd && !end[k])) {
      // Bounds (or the extent) known at run time only: a dynamic dim.
      dim.kind = GeneralSlice::Kind::RunRange;
      dim.entry = k;
      dim.fromStart = fromStart;
      dim.toEnd = toEnd;
      dim.stride = stride;
      slice.resultDims.push_back(d);
      ++d;
      continue;
    }
    int64_t first = fromStart ? 0 : *begin[k];
    int64_t last = toEnd ? extent : *end[k];
    first = std::clamp<int64_t>(first < 0 ? first + extent : first, 0, extent);
    last = std::clamp<int64_t>(last < 0 ? last + extent : last, 0, extent);
    dim.kind = GeneralSlice::Kind::Range;
    dim.offset = first;
    dim.size = last > first ? (last - first - 1) / stride + 1 : 0;
    dim.stride = stride;
    slice.resultDims.push_back(d);
    ++d;
  }
  whole(rank - d); // the implicit ellipsis at the end
  return slice;
}

/// The result shape of `slice` of an input of `shape`.
SmallVector<int64_t> generalSliceShape(const GeneralSlice &slice,
                                       ArrayRef<int64_t> shape) {
  SmallVector<int64_t> result;
  for (int64_t d : slice.resultDims)
    result.push_back(d < 0 ? 1
                     : slice.dims[d].kind == GeneralSlice::Kind::Range
                         ? slice.dims[d].size
                     : slice.dims[d].kind == GeneralSlice::Kind::RunRange
                         ? ShapedType::kDynamic
                         : shape[d]);
  return result;
}

} // namespace

std::optional<SmallVector<int64_t>>
mlir::ta::tflegalize::generalStridedSliceShape(Operation *op,
                                               ArrayRef<int64_t> shape) {
  std::optional<GeneralSlice> slice = generalSlice(op, shape);
  if (!slice)
    return std::nullopt;
  return generalSliceShape(*slice, shape);
}

std::string
mlir::ta::tflegalize::unsupportedGeneralStridedSlice(Operation *op) {
  RankedTensorType input = rankedType(op->getOperand(0));
  std::optional<GeneralSlice> slice = generalSlice(op, input.getShape());
  if (!slice)
    return "is neither x[i] nor a slice of ranges, indices and new axes "
           "(positive constant strides; constant indices in range)";
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getElementType() != input.getElementType() ||
      failed(verifyCompatibleShape(
          result.getShape(), generalSliceShape(*slice, input.getShape()))))
    return "has a result whose type is not the slice's";
  return "";
}

std::string
mlir::ta::tflegalize::unsupportedGeneralStridedSliceGrad(Operation *op) {
  RankedTensorType result = rankedType(op->getResult(0));
  std::optional<GeneralSlice> slice = generalSlice(op, result.getShape());
  if (!slice)
    return "is neither x[i] nor a slice of ranges, indices and new axes "
           "(positive constant strides; constant indices in range)";
  if (llvm::any_of(slice->dims, [](const GeneralSlice::Dim &dim) {
        return dim.kind == GeneralSlice::Kind::RunRange;
      }))
    return "is the gradient of a slice whose range bounds or extent are "
           "known at run time only (`x[t:t + 2]`), which ta-legalize-tf "
           "does not lower";
  RankedTensorType dy = rankedType(op->getOperand(4));
  if (dy.getElementType() != result.getElementType() ||
      failed(verifyCompatibleShape(
          dy.getShape(), generalSliceShape(*slice, result.getShape()))))
    return "has a gradient whose type is not the slice's";
  return "";
}

/// The gradient of a general slice of the static `shape`: zeros with dy
/// inserted at the slice. dy's new axes are collapsed away and the indexed
/// dims expanded back as 1s, so the insert_slice keeps every dim.
LogicalResult mlir::ta::tflegalize::rewriteGeneralStridedSliceGrad(
    Operation *op, ValueRange operands, ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType result = rankedType(op->getResult(0));
  Type element = result.getElementType();
  GeneralSlice slice = *generalSlice(op, result.getShape());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> kept, full;
  for (auto [d, dim] : llvm::enumerate(slice.dims)) {
    int64_t extent = result.getDimSize(d);
    int64_t size = dim.kind == GeneralSlice::Kind::Whole   ? extent
                   : dim.kind == GeneralSlice::Kind::Range ? dim.size
                                                           : 1;
    offsets.push_back(
        dim.kind == GeneralSlice::Kind::Index
            ? OpFoldResult(checkedSliceIndex(
                  rewriter, op, operands[1],
                  arith::ConstantIndexOp::create(rewriter, loc, extent),
                  dim.entry, d))
            : OpFoldResult(rewriter.getIndexAttr(dim.offset)));
    sizes.push_back(rewriter.getIndexAttr(size));
    strides.push_back(rewriter.getIndexAttr(dim.stride));
    full.push_back(size);
    if (dim.kind != GeneralSlice::Kind::Index)
      kept.push_back(size);
  }
  Value dy = castTo(rewriter, loc, operands[4],
                    RankedTensorType::get(
                        generalSliceShape(slice, result.getShape()), element));
  auto keptType = RankedTensorType::get(kept, element);
  auto fullType = RankedTensorType::get(full, element);
  if (kept.empty()) {
    // Every dim indexed: the one element.
    SmallVector<Value> zeros(rankedType(dy).getRank(),
                             arith::ConstantIndexOp::create(rewriter, loc, 0));
    dy = tensor::FromElementsOp::create(
        rewriter, loc, fullType,
        tensor::ExtractOp::create(rewriter, loc, dy, zeros).getResult());
  } else {
    // Both reshapes group each unit dim (a new axis in dy, an index in the
    // input) with the kept dim after it, the last kept dim's at the end.
    auto groupsOf = [&](auto isKept, int64_t rank) {
      SmallVector<ReassociationIndices> groups(kept.size());
      int64_t group = 0;
      for (int64_t r = 0; r < rank; ++r) {
        groups[std::min<int64_t>(group, kept.size() - 1)].push_back(r);
        if (isKept(r))
          ++group;
      }
      return groups;
    };
    if (rankedType(dy).getRank() != (int64_t)kept.size())
      dy = tensor::CollapseShapeOp::create(
          rewriter, loc, keptType, dy,
          groupsOf([&](int64_t r) { return slice.resultDims[r] >= 0; },
                   slice.resultDims.size()));
    if (fullType.getRank() != (int64_t)kept.size())
      dy = tensor::ExpandShapeOp::create(rewriter, loc, fullType, dy,
                                         groupsOf(
                                             [&](int64_t d) {
                                               return slice.dims[d].kind !=
                                                      GeneralSlice::Kind::Index;
                                             },
                                             full.size()));
  }
  Value zero =
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element));
  rewriter.replaceOp(
      op, tensor::InsertSliceOp::create(rewriter, loc, dy,
                                        filled(rewriter, loc, result, zero),
                                        offsets, sizes, strides));
  return success();
}

/// A general slice: each index checked as x[i]'s (TensorFlow's text,
/// naming its dim), an extract_slice that drops the indexed dims, then the
/// new axes.
LogicalResult mlir::ta::tflegalize::rewriteGeneralStridedSlice(
    Operation *op, ValueRange operands, ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value input = operands[0];
  RankedTensorType source = rankedType(input);
  RankedTensorType result = rankedType(op->getResult(0));
  GeneralSlice slice = *generalSlice(op, source.getShape());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> kept;
  for (auto [d, dim] : llvm::enumerate(slice.dims)) {
    Value extent = tensor::DimOp::create(rewriter, loc, input, d);
    switch (dim.kind) {
    case GeneralSlice::Kind::Whole:
      offsets.push_back(rewriter.getIndexAttr(0));
      sizes.push_back(source.isDynamicDim(d)
                          ? OpFoldResult(extent)
                          : rewriter.getIndexAttr(source.getDimSize(d)));
      strides.push_back(rewriter.getIndexAttr(1));
      kept.push_back(source.getDimSize(d));
      break;
    case GeneralSlice::Kind::Range:
      offsets.push_back(rewriter.getIndexAttr(dim.offset));
      sizes.push_back(rewriter.getIndexAttr(dim.size));
      strides.push_back(rewriter.getIndexAttr(dim.stride));
      kept.push_back(dim.size);
      break;
    case GeneralSlice::Kind::RunRange: {
      // TensorFlow's bounds for a positive stride: a negative one counted
      // from the end, then clamped to [0, extent].
      auto index = [&](int64_t v) -> Value {
        return arith::ConstantIndexOp::create(rewriter, loc, v);
      };
      unsigned entry = dim.entry;
      auto bound = [&](Value vector) -> Value {
        Value raw = tensor::ExtractOp::create(rewriter, loc, vector,
                                              ValueRange{index(entry)});
        Value v = arith::IndexCastOp::create(rewriter, loc,
                                             rewriter.getIndexType(), raw);
        Value negative = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::slt, v, index(0));
        v = arith::SelectOp::create(
            rewriter, loc, negative,
            arith::AddIOp::create(rewriter, loc, v, extent), v);
        v = arith::MaxSIOp::create(rewriter, loc, v, index(0));
        return arith::MinSIOp::create(rewriter, loc, v, extent);
      };
      Value first = dim.fromStart ? index(0) : bound(operands[1]);
      Value last = dim.toEnd ? extent : bound(operands[2]);
      // (last - first - 1) / stride + 1 elements where last > first.
      Value span = arith::SubIOp::create(rewriter, loc, last, first);
      Value count = arith::AddIOp::create(
          rewriter, loc,
          arith::DivUIOp::create(
              rewriter, loc,
              arith::SubIOp::create(rewriter, loc, span, index(1)),
              index(dim.stride)),
          index(1));
      Value any = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sgt, span, index(0));
      offsets.push_back(first);
      sizes.push_back(
          arith::SelectOp::create(rewriter, loc, any, count, index(0))
              .getResult());
      strides.push_back(rewriter.getIndexAttr(dim.stride));
      kept.push_back(ShapedType::kDynamic);
      break;
    }
    case GeneralSlice::Kind::Index:
      offsets.push_back(
          checkedSliceIndex(rewriter, op, operands[1], extent, dim.entry, d));
      sizes.push_back(rewriter.getIndexAttr(1));
      strides.push_back(rewriter.getIndexAttr(1));
      break;
    }
  }
  Type element = source.getElementType();
  Value sliced;
  if (kept.empty()) {
    // Every dim indexed: the element, in a fresh tensor (a rank-reducing
    // slice to 0-d carries a strided layout, as x[i]'s of a vector would).
    SmallVector<Value> at;
    for (OpFoldResult offset : offsets)
      at.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, offset));
    Value scalar = tensor::ExtractOp::create(rewriter, loc, input, at);
    SmallVector<int64_t> ones(result.getRank(), 1);
    sliced = tensor::FromElementsOp::create(
        rewriter, loc, RankedTensorType::get(ones, element), scalar);
  } else {
    // The slice copied out: a view across rows (`x[:, t, :]`) has a layout
    // that function results and loop-carried values cannot take.
    auto keptType = RankedTensorType::get(kept, element);
    sliced = tensor::ExtractSliceOp::create(rewriter, loc, keptType, input,
                                            offsets, sizes, strides);
    SmallVector<Value> dynamicSizes;
    for (auto [k, size] : llvm::enumerate(kept))
      if (ShapedType::isDynamic(size))
        dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, sliced, k));
    sliced = linalg::CopyOp::create(
                 rewriter, loc, sliced,
                 tensor::EmptyOp::create(rewriter, loc, keptType, dynamicSizes)
                     .getResult())
                 .getResult(0);
    if ((int64_t)kept.size() != result.getRank()) {
      // New axes: each joins the group of the kept dim after it (the last
      // kept dim's, at the end).
      SmallVector<ReassociationIndices> groups(kept.size());
      int64_t group = 0;
      for (auto [r, d] : llvm::enumerate(slice.resultDims)) {
        groups[std::min<int64_t>(group, kept.size() - 1)].push_back(r);
        if (d >= 0)
          ++group;
      }
      sliced = tensor::ExpandShapeOp::create(
          rewriter, loc,
          RankedTensorType::get(generalSliceShape(slice, source.getShape()),
                                element),
          sliced, groups);
    }
  }
  rewriter.replaceOp(op, castTo(rewriter, loc, sliced, result));
  return success();
}

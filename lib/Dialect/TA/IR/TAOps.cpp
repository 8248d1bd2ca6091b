//===- TAOps.cpp - TA dialect operations ----------------------------------===//
//
// Verifiers, result-type inference, folders and canonicalizations of the `ta`
// array operations (the gradient operations are in TAGradOps.cpp). Verifiers
// reject every rule that types and constants decide; the rest is checked at
// run time by the strict lowering.
//
//===----------------------------------------------------------------------===//

#include "ta/Dialect/TA/IR/TAOps.h"
#include "OpHelpers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::detail;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::optional<int64_t> ta::detail::getConstantInt(Value v) {
  APInt value;
  if (!matchPattern(v, m_ConstantInt(&value)))
    return std::nullopt;
  return value.getSExtValue();
}

std::optional<SmallVector<int64_t>> ta::detail::getConstantInts(Value v) {
  DenseIntElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &value : attr.getValues<APInt>())
    values.push_back(value.getSExtValue());
  return values;
}

/// Checks a constant index against the array: negative indices are always out
/// of bounds; indices past a static size are out of bounds of a forward array
/// (accumulators grow on reads, so their size is a lower bound only).
static LogicalResult verifyConstantIndex(Operation *op, const Twine &what,
                                         int64_t index, HandleType type) {
  if (index < 0)
    return op->emitOpError() << what << " " << index
                             << " is negative; TensorArray indices start at 0";
  if (!type.getIsGrad() && type.hasStaticSize() && index >= type.getSize())
    return op->emitOpError()
           << what << " " << index << " is out of bounds of a TensorArray of "
           << "size " << type.getSize();
  return success();
}

/// Checks the constant elements of an index vector, naming each `indices[k]`.
static LogicalResult verifyConstantIndices(Operation *op, Value indices,
                                           HandleType type) {
  std::optional<SmallVector<int64_t>> values = getConstantInts(indices);
  if (!values)
    return success();
  for (auto [k, index] : llvm::enumerate(*values))
    if (failed(verifyConstantIndex(op, "indices[" + Twine(k) + "] =", index,
                                   type)))
      return failure();
  return success();
}

/// Checks that a tensor of type `valueType` (named `what`) has the array's
/// element type.
static LogicalResult verifyElementType(Operation *op, StringRef what,
                                       Type valueType, HandleType handle) {
  Type expected = handle.getElementType().getElementType();
  if (getElementTypeOrSelf(valueType) != expected)
    return op->emitOpError()
           << what << " element type " << getElementTypeOrSelf(valueType)
           << " does not match the TensorArray element type " << expected;
  return success();
}

/// Checks that a tensor of type `valueType` (named `what`) can be stored as an
/// element of the array: same element type and a compatible shape.
static LogicalResult verifyStorable(Operation *op, StringRef what,
                                    Type valueType, HandleType handle) {
  TensorType element = handle.getElementType();
  if (failed(verifyElementType(op, what, valueType, handle)))
    return failure();
  if (failed(verifyCompatibleShape(valueType, element)))
    return op->emitOpError()
           << what << " type " << valueType
           << " is incompatible with the TensorArray element type " << element;
  return success();
}

RankedTensorType ta::detail::dropLeadingDim(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || ranked.getRank() == 0)
    return nullptr;
  return RankedTensorType::get(ranked.getShape().drop_front(),
                               ranked.getElementType());
}

/// Emits an error if `type` is a ranked tensor of rank 0.
static LogicalResult verifyNotScalar(Operation *op, StringRef what, Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (ranked && ranked.getRank() == 0)
    return op->emitOpError() << what << " must have rank >= 1, got " << type;
  return success();
}

/// Emits an error if the array's elements are scalars.
static LogicalResult verifyNonScalarElements(Operation *op, StringRef opName,
                                             HandleType handle) {
  auto ranked = dyn_cast<RankedTensorType>(handle.getElementType());
  if (ranked && ranked.getRank() == 0)
    return op->emitOpError()
           << "cannot " << opName << " a TensorArray of scalar elements "
           << handle.getElementType();
  return success();
}

HandleType ta::detail::getHandleType(Value handle) {
  return dyn_cast<HandleType>(handle.getType());
}

//===----------------------------------------------------------------------===//
// CreateOp
//===----------------------------------------------------------------------===//

LogicalResult CreateOp::verify() {
  HandleType type = getHandle().getType();
  if (type.getIsGrad())
    return emitOpError("result must be a forward TensorArray handle, not an "
                       "accumulator; accumulators come from 'ta.grad' and "
                       "'ta.grad_with_shape'");
  if (getDynamicSize() && type.hasStaticSize())
    return emitOpError() << "dynamic_size requires the handle SIZE to be '?', "
                         << "got " << type.getSize();
  if (std::optional<int64_t> size = getConstantInt(getSize())) {
    if (*size < 0)
      return emitOpError() << "size must be non-negative, got " << *size;
    if (type.hasStaticSize() && *size != type.getSize())
      return emitOpError() << "size " << *size
                           << " does not match the handle SIZE "
                           << type.getSize();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SizeOp
//===----------------------------------------------------------------------===//

OpFoldResult SizeOp::fold(FoldAdaptor) {
  HandleType type = getHandle().getType();
  // Accumulators grow on reads past their size: never fold them.
  if (type.getIsGrad() || !type.hasStaticSize())
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), type.getSize());
}

//===----------------------------------------------------------------------===//
// FlowJoinOp
//===----------------------------------------------------------------------===//

OpFoldResult FlowJoinOp::fold(FoldAdaptor) {
  if (getFlowsIn().size() == 1)
    return getFlowsIn().front();
  return {};
}

namespace {
/// Joins the flows of the joins it reads, once each: a fresh flow (a join
/// of nothing) orders nothing.
struct FlattenFlowJoin : OpRewritePattern<FlowJoinOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FlowJoinOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> flows;
    llvm::SmallDenseSet<Value> seen;
    bool changed = false;
    for (Value flow : op.getFlowsIn()) {
      auto inner = flow.getDefiningOp<FlowJoinOp>();
      ValueRange expanded = inner ? inner.getFlowsIn() : ValueRange(flow);
      changed |= inner != nullptr;
      for (Value v : expanded)
        if (seen.insert(v).second)
          flows.push_back(v);
        else
          changed = true;
    }
    if (!changed)
      return failure();
    rewriter.replaceOp(op, FlowJoinOp::create(rewriter, op.getLoc(), flows));
    return success();
  }
};
} // namespace

void FlowJoinOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                             MLIRContext *context) {
  patterns.add<FlattenFlowJoin>(context);
}

//===----------------------------------------------------------------------===//
// WriteOp / ReadOp
//===----------------------------------------------------------------------===//

LogicalResult WriteOp::verify() {
  HandleType type = getHandle().getType();
  if (failed(verifyStorable(*this, "value", getValue().getType(), type)))
    return failure();
  if (std::optional<int64_t> index = getConstantInt(getIndex()))
    return verifyConstantIndex(*this, "index", *index, type);
  return success();
}

LogicalResult ReadOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  HandleType type = getHandleType(adaptor.getOperands()[0]);
  if (!type)
    return failure();
  types.push_back(type.getElementType());
  return success();
}

LogicalResult ReadOp::verify() {
  if (std::optional<int64_t> index = getConstantInt(getIndex()))
    return verifyConstantIndex(*this, "index", *index, getHandle().getType());
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp / ScatterOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  HandleType type = getHandleType(adaptor.getOperands()[0]);
  auto indices = dyn_cast<RankedTensorType>(adaptor.getOperands()[1].getType());
  if (!type || !indices || indices.getRank() != 1)
    return failure();
  TensorType element = type.getElementType();
  auto ranked = dyn_cast<RankedTensorType>(element);
  if (!ranked) {
    types.push_back(UnrankedTensorType::get(element.getElementType()));
    return success();
  }
  SmallVector<int64_t> shape{indices.getDimSize(0)};
  llvm::append_range(shape, ranked.getShape());
  types.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}

LogicalResult GatherOp::verify() {
  return verifyConstantIndices(*this, getIndices(), getHandle().getType());
}

LogicalResult ScatterOp::verify() {
  HandleType type = getHandle().getType();
  Type valueType = getValue().getType();
  if (failed(verifyNotScalar(*this, "value", valueType)))
    return failure();
  if (failed(verifyElementType(*this, "value", valueType, type)))
    return failure();
  if (auto value = dyn_cast<RankedTensorType>(valueType)) {
    int64_t rows = value.getDimSize(0);
    int64_t count = getIndices().getType().getDimSize(0);
    if (!ShapedType::isDynamic(rows) && !ShapedType::isDynamic(count) &&
        rows != count)
      return emitOpError() << "value dim 0 (" << rows
                           << ") does not match the number of indices ("
                           << count << ")";
    if (failed(verifyStorable(*this, "value row", dropLeadingDim(value), type)))
      return failure();
  }
  if (failed(verifyConstantIndices(*this, getIndices(), type)))
    return failure();
  // A forward slot can be written once: duplicate constant indices always
  // fail at run time ("... because it has already been written to.").
  if (!type.getIsGrad()) {
    if (std::optional<SmallVector<int64_t>> values =
            getConstantInts(getIndices())) {
      // Not a DenseMap: INT64_MAX and INT64_MAX - 1 are its reserved keys.
      std::map<int64_t, size_t> first;
      for (auto [k, index] : llvm::enumerate(*values)) {
        auto [it, inserted] = first.try_emplace(index, k);
        if (!inserted)
          return emitOpError()
                 << "indices[" << k << "] = " << index << " repeats indices["
                 << it->second
                 << "]; a slot of a forward TensorArray can be written once";
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ConcatOp / SplitOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location>,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  HandleType type = getHandleType(adaptor.getOperands()[0]);
  if (!type)
    return failure();
  TensorType element = type.getElementType();
  auto ranked = dyn_cast<RankedTensorType>(element);
  if (!ranked) {
    types.push_back(UnrankedTensorType::get(element.getElementType()));
  } else {
    // Scalar elements are rejected by the verifier; infer a placeholder.
    SmallVector<int64_t> shape{ShapedType::kDynamic};
    if (ranked.getRank() > 0) {
      llvm::append_range(shape, ranked.getShape().drop_front());
      int64_t dim0 = ranked.getDimSize(0);
      // A forward array concatenates its size; an accumulator its marked
      // size, which types do not know.
      if (!type.getIsGrad() && type.hasStaticSize() &&
          !ShapedType::isDynamic(dim0))
        shape[0] = type.getSize() * dim0;
    }
    types.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  }
  types.push_back(RankedTensorType::get({ShapedType::kDynamic},
                                        IntegerType::get(context, 64)));
  return success();
}

LogicalResult ConcatOp::verify() {
  return verifyNonScalarElements(*this, "concat", getHandle().getType());
}

LogicalResult SplitOp::verify() {
  HandleType type = getHandle().getType();
  if (failed(verifyNonScalarElements(*this, "split into", type)) ||
      failed(verifyNotScalar(*this, "value", getValue().getType())))
    return failure();
  TensorType element = type.getElementType();
  Type valueType = getValue().getType();
  if (failed(verifyElementType(*this, "value", valueType, type)))
    return failure();
  // Piece i has shape [lengths[i]] ++ value.shape[1:].
  auto value = dyn_cast<RankedTensorType>(valueType);
  auto rankedElement = dyn_cast<RankedTensorType>(element);
  if (value && rankedElement &&
      (value.getRank() != rankedElement.getRank() ||
       failed(verifyCompatibleShape(dropLeadingDim(value),
                                    dropLeadingDim(rankedElement)))))
    return emitOpError() << "value type " << valueType
                         << " is incompatible with the TensorArray element "
                         << "type " << element << " beyond dim 0";
  int64_t count = getLengths().getType().getDimSize(0);
  if (!type.getIsGrad() && type.hasStaticSize() &&
      !ShapedType::isDynamic(count) && count != type.getSize())
    return emitOpError() << "number of lengths (" << count
                         << ") does not match the TensorArray size "
                         << type.getSize();
  std::optional<SmallVector<int64_t>> lengths = getConstantInts(getLengths());
  if (!lengths)
    return success();
  int64_t sum = 0;
  for (auto [i, length] : llvm::enumerate(*lengths)) {
    if (length < 0)
      return emitOpError() << "lengths[" << i << "] = " << length
                           << " is negative";
    if (rankedElement && !rankedElement.isDynamicDim(0) &&
        length != rankedElement.getDimSize(0))
      return emitOpError() << "lengths[" << i << "] = " << length
                           << " does not match the element dim 0 ("
                           << rankedElement.getDimSize(0) << ")";
    sum += length;
  }
  if (value && !value.isDynamicDim(0) && sum != value.getDimSize(0))
    return emitOpError() << "sum of lengths (" << sum
                         << ") does not match value dim 0 ("
                         << value.getDimSize(0) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// TableGen'd definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "ta/Dialect/TA/IR/TAOps.cpp.inc"

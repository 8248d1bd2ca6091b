//===- TAOps.cpp - TA dialect operations ----------------------------------===//
//
// Verifiers, result-type inference, folders and canonicalizations of the `ta`
// operations. Verifiers reject every rule that types and constants decide;
// the rest is checked at run time by the strict lowering.
//
//===----------------------------------------------------------------------===//

#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::ta;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns the value of `v` if it is a constant integer (index or iN).
static std::optional<int64_t> getConstantInt(Value v) {
  APInt value;
  if (!matchPattern(v, m_ConstantInt(&value)))
    return std::nullopt;
  return value.getSExtValue();
}

/// Returns the elements of `v` if it is a constant integer tensor.
static std::optional<SmallVector<int64_t>> getConstantInts(Value v) {
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

/// Returns `type` without its leading dim (nullptr when unranked or rank 0).
static RankedTensorType dropLeadingDim(Type type) {
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

static HandleType getHandleType(Value handle) {
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
      llvm::DenseMap<int64_t, size_t> first;
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
// GradOp / GradWithShapeOp
//===----------------------------------------------------------------------===//

/// The rules shared by both gradient operations.
static LogicalResult verifyGradSource(Operation *op, HandleType type,
                                      StringRef source) {
  if (type.getIsGrad())
    return op->emitOpError("cannot take the gradient of a gradient "
                           "accumulator (TensorFlow: \"Wrong input "
                           "container.\")");
  if (source.empty())
    return op->emitOpError("source must not be empty");
  return success();
}

/// TensorFlow keys accumulators by (array, source) alone: a second gradient
/// with another element shape silently gets the first accumulator. ta
/// rejects it when both gradients take the same handle value (the lowering
/// checks the remaining cases at run time). Reported on the later op.
static LogicalResult verifyOneAccumulatorShape(Operation *op, Value handle,
                                               StringRef source,
                                               HandleType result) {
  for (Operation *other : handle.getUsers()) {
    if (other == op || !isa<GradOp, GradWithShapeOp>(other))
      continue;
    if (other->getBlock() == op->getBlock() && !other->isBeforeInBlock(op))
      continue;
    auto otherSource = other->getAttrOfType<StringAttr>("source");
    auto otherResult = dyn_cast<HandleType>(other->getResult(0).getType());
    if (!otherSource || otherSource.getValue() != source || !otherResult)
      continue;
    if (succeeded(verifyCompatibleShape(result.getElementType(),
                                        otherResult.getElementType())))
      continue;
    InFlightDiagnostic diag = op->emitOpError();
    diag << "asks for accumulator elements " << result.getElementType()
         << " but another gradient of the same array with source \"" << source
         << "\" has " << otherResult.getElementType()
         << " (one accumulator per array and source)";
    diag.attachNote(other->getLoc()) << "the other gradient";
    return diag;
  }
  return success();
}

LogicalResult GradOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  HandleType type = getHandleType(adaptor.getOperands()[0]);
  if (!type)
    return failure();
  types.push_back(type.getGradType());
  types.push_back(adaptor.getOperands()[1].getType());
  return success();
}

LogicalResult GradOp::verify() {
  if (failed(verifyGradSource(*this, getHandle().getType(), getSource())))
    return failure();
  return verifyOneAccumulatorShape(*this, getHandle(), getSource(),
                                   getGradHandle().getType());
}

/// Infers the accumulator type; with `useConstant`, prepended dims come from a
/// constant `shapeToPrepend` (negative dims are an error), otherwise they are
/// `?`.
static HandleType inferGradTypeImpl(Value handle, Value shapeToPrepend,
                                    std::optional<Location> loc,
                                    bool useConstant) {
  HandleType type = getHandleType(handle);
  auto shape = dyn_cast<RankedTensorType>(shapeToPrepend.getType());
  if (!type || !shape || shape.getRank() != 1)
    return nullptr;
  TensorType element = type.getElementType();
  auto ranked = dyn_cast<RankedTensorType>(element);
  if (!ranked || shape.isDynamicDim(0))
    return HandleType::get(type.getSize(),
                           UnrankedTensorType::get(element.getElementType()),
                           /*isGrad=*/true);
  SmallVector<int64_t> dims(shape.getDimSize(0), ShapedType::kDynamic);
  if (useConstant) {
    if (std::optional<SmallVector<int64_t>> values =
            getConstantInts(shapeToPrepend)) {
      for (auto [i, dim] : llvm::enumerate(*values)) {
        if (dim < 0) {
          (void)emitOptionalError(loc, "'ta.grad_with_shape' op ",
                                  "shape_to_prepend[", i, "] = ", dim,
                                  " is negative");
          return nullptr;
        }
        dims[i] = dim;
      }
    }
  }
  llvm::append_range(dims, ranked.getShape());
  return HandleType::get(type.getSize(),
                         RankedTensorType::get(dims, ranked.getElementType()),
                         /*isGrad=*/true);
}

HandleType GradWithShapeOp::inferGradType(Value handle, Value shapeToPrepend,
                                          std::optional<Location> loc) {
  return inferGradTypeImpl(handle, shapeToPrepend, loc, /*useConstant=*/true);
}

void GradWithShapeOp::build(OpBuilder &builder, OperationState &state,
                            Value handle, Value flowIn, Value shapeToPrepend,
                            StringRef source) {
  HandleType type = inferGradType(handle, shapeToPrepend, std::nullopt);
  // Invalid constants (negative dims) are left for the verifier to report.
  if (!type)
    type = inferGradTypeImpl(handle, shapeToPrepend, std::nullopt,
                             /*useConstant=*/false);
  build(builder, state, type, flowIn.getType(), handle, flowIn, shapeToPrepend,
        source);
}

/// Whether `declared` agrees with `inferred`: equal, except that prepended
/// dims that are static in `inferred` may be `?` in `declared` (so the op
/// stays valid when its operand only later folds to a constant).
static bool isCompatibleGradType(HandleType declared, HandleType inferred,
                                 int64_t prependRank) {
  if (declared == inferred)
    return true;
  if (declared.getSize() != inferred.getSize() || !declared.getIsGrad())
    return false;
  auto d = dyn_cast<RankedTensorType>(declared.getElementType());
  auto i = dyn_cast<RankedTensorType>(inferred.getElementType());
  if (!d || !i || d.getElementType() != i.getElementType() ||
      d.getRank() != i.getRank())
    return false;
  for (int64_t k = 0, e = d.getRank(); k < e; ++k) {
    if (d.getDimSize(k) == i.getDimSize(k))
      continue;
    if (k < prependRank && d.isDynamicDim(k))
      continue;
    return false;
  }
  return true;
}

LogicalResult GradWithShapeOp::verify() {
  HandleType type = getHandle().getType();
  if (failed(verifyGradSource(*this, type, getSource())))
    return failure();
  HandleType inferred =
      inferGradType(getHandle(), getShapeToPrepend(), getLoc());
  if (!inferred)
    return failure();
  HandleType declared = getGradHandle().getType();
  int64_t prependRank = getShapeToPrepend().getType().getDimSize(0);
  if (!isCompatibleGradType(declared, inferred, prependRank))
    return emitOpError() << "result type " << declared
                         << " does not match the accumulator type " << inferred
                         << " (element shape = shape_to_prepend ++ forward "
                            "element shape)";
  return verifyOneAccumulatorShape(*this, getHandle(), getSource(), declared);
}

ParseResult GradWithShapeOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  OpAsmParser::UnresolvedOperand handle, flow, shape;
  StringAttr source;
  Type handleType, shapeType, gradType;
  if (parser.parseOperand(handle) || parser.parseComma() ||
      parser.parseOperand(flow) || parser.parseComma() ||
      parser.parseOperand(shape) || parser.parseKeyword("source") ||
      parser.parseAttribute(source, NoneType::get(parser.getContext())))
    return failure();
  result.getOrAddProperties<Properties>().source = source;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  if (parser.parseType(handleType) || parser.parseComma() ||
      parser.parseType(shapeType))
    return failure();
  bool hasResultType = succeeded(parser.parseOptionalArrow());
  if (hasResultType && parser.parseType(gradType))
    return failure();
  Type flowType = FlowType::get(parser.getContext());
  if (parser.resolveOperand(handle, handleType, result.operands) ||
      parser.resolveOperand(flow, flowType, result.operands) ||
      parser.resolveOperand(shape, shapeType, result.operands))
    return failure();
  if (!hasResultType) {
    if (!inferGradTypeImpl(result.operands[0], result.operands[2], std::nullopt,
                           /*useConstant=*/false))
      return parser.emitError(typesLoc,
                              "cannot infer the accumulator type; expected "
                              "'!ta.handle' and a 1-D 'tensor' of 'i32'");
    // Reports negative constant dims.
    gradType =
        inferGradType(result.operands[0], result.operands[2], result.location);
    if (!gradType)
      return failure();
  }
  result.addTypes({gradType, flowType});
  return success();
}

void GradWithShapeOp::print(OpAsmPrinter &p) {
  p << ' ' << getHandle() << ", " << getFlowIn() << ", " << getShapeToPrepend()
    << " source ";
  p.printAttributeWithoutType(getSourceAttr());
  p.printOptionalAttrDict((*this)->getAttrs(), /*elidedAttrs=*/{"source"});
  p << " : " << getHandle().getType() << ", " << getShapeToPrepend().getType();
  // The result type is printed only when it differs from the inferred one.
  if (getGradHandle().getType() !=
      inferGradType(getHandle(), getShapeToPrepend(), std::nullopt))
    p << " -> " << getGradHandle().getType();
}

namespace {
/// `ta.grad_with_shape` with nothing to prepend is `ta.grad`
/// (TensorFlow's GradV3 is GradWithShape with an empty shape_to_prepend).
struct GradWithEmptyShapeToGrad : public OpRewritePattern<GradWithShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GradWithShapeOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getShapeToPrepend().getType().getDimSize(0) != 0)
      return rewriter.notifyMatchFailure(op, "shape_to_prepend is not empty");
    auto grad = GradOp::create(rewriter, op.getLoc(), op.getHandle(),
                               op.getFlowIn(), op.getSourceAttr());
    if (grad.getGradHandle().getType() != op.getGradHandle().getType())
      return rewriter.notifyMatchFailure(op, "result types differ");
    rewriter.replaceOp(op, grad);
    return success();
  }
};
} // namespace

void GradWithShapeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *context) {
  patterns.add<GradWithEmptyShapeToGrad>(context);
}

//===----------------------------------------------------------------------===//
// UnbatchGradOp
//===----------------------------------------------------------------------===//

LogicalResult UnbatchGradOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  Type grad = adaptor.getOperands()[2].getType();
  auto ranked = dyn_cast<RankedTensorType>(grad);
  if (!ranked) {
    auto unranked = dyn_cast<UnrankedTensorType>(grad);
    if (!unranked)
      return failure();
    types.push_back(unranked);
    return success();
  }
  if (ranked.getRank() == 0)
    return emitOptionalError(loc,
                             "'ta.unbatch_grad' op grad must have rank "
                             ">= 1 (the result is [?] ++ grad.shape[1:]), "
                             "got ",
                             grad);
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, ranked.getShape().drop_front());
  types.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}

LogicalResult UnbatchGradOp::verify() {
  auto batchIndex = getBatchIndex().getType();
  if (batchIndex.getDimSize(1) != 3)
    return emitOpError() << "batch_index must have shape [?, 3], got "
                         << batchIndex;
  Type input = getOriginalInput().getType();
  Type grad = getGrad().getType();
  Type dtype = getElementTypeOrSelf(grad);
  if (!dtype.isIntOrFloat())
    return emitOpError() << "grad must be a tensor of integers or floats, got "
                         << grad;
  if (getElementTypeOrSelf(input) != dtype)
    return emitOpError() << "original_input element type "
                         << getElementTypeOrSelf(input)
                         << " does not match the grad element type " << dtype;
  auto rankedInput = dyn_cast<RankedTensorType>(input);
  auto rankedGrad = dyn_cast<RankedTensorType>(grad);
  if (rankedInput && rankedGrad && rankedGrad.getRank() > 0) {
    if (rankedInput.getRank() != rankedGrad.getRank())
      return emitOpError() << "original_input rank " << rankedInput.getRank()
                           << " does not match the grad rank "
                           << rankedGrad.getRank();
    if (failed(verifyCompatibleShape(dropLeadingDim(rankedInput),
                                     dropLeadingDim(rankedGrad))))
      return emitOpError() << "original_input type " << input
                           << " and grad type " << grad
                           << " differ beyond dim 0";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TableGen'd definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "ta/Dialect/TA/IR/TAOps.cpp.inc"

//===- TAGradOps.cpp - ta.grad, ta.grad_with_shape, ta.unbatch_grad -------===//
//
// Verifiers, result-type inference and the custom syntax of the gradient
// operations: accumulators of forward arrays and the unbatch rendezvous.
//
//===----------------------------------------------------------------------===//

#include "OpHelpers.h"
#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::detail;

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

//===- TFToTA.cpp - TensorFlow TensorArray ops into ta --------------------===//
//
// ta-import-tf: the generic `tf.*` TensorArray ops TensorFlow's MLIR exporter
// prints become ta ops. The tf dialects are not linked in: their ops are
// unregistered (matched by name) and their types and attributes opaque
// (`!tf_type.resource<...>`, `#tf_type.shape<...>`), read from their text.
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/TFToTA/TFToTA.h"
#include "ta/Conversion/Passes.h"
#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAIMPORTTFPASS
#include "ta/Conversion/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;

namespace {

constexpr StringLiteral kCreate = "tf.TensorArrayV3";
constexpr StringLiteral kWrite = "tf.TensorArrayWriteV3";
constexpr StringLiteral kRead = "tf.TensorArrayReadV3";
constexpr StringLiteral kGather = "tf.TensorArrayGatherV3";
constexpr StringLiteral kScatter = "tf.TensorArrayScatterV3";
constexpr StringLiteral kConcat = "tf.TensorArrayConcatV3";
constexpr StringLiteral kSplit = "tf.TensorArraySplitV3";
constexpr StringLiteral kSize = "tf.TensorArraySizeV3";
constexpr StringLiteral kClose = "tf.TensorArrayCloseV3";
constexpr StringLiteral kGrad = "tf.TensorArrayGradV3";
constexpr StringLiteral kGradWithShape = "tf.TensorArrayGradWithShape";
constexpr StringLiteral kUnbatchGrad = "tf.UnbatchGrad";
constexpr StringLiteral kConst = "tf.Const";

const StringLiteral kImported[] = {
    kCreate, kWrite, kRead, kGather,        kScatter,     kConcat, kSplit,
    kSize,   kClose, kGrad, kGradWithShape, kUnbatchGrad, kConst};

/// The ops that take a handle as operand 0, with the index of their flow
/// operand (-1: none), their number of operands and of results, and the
/// operand that is a scalar index (-1: none).
struct HandleUse {
  StringLiteral name;
  int flowOperand;
  unsigned operands;
  unsigned results;
  int indexOperand;
};
const HandleUse kHandleUsers[] = {
    {kWrite, 3, 4, 1, 1},   {kRead, 2, 3, 1, 1},
    {kGather, 2, 3, 1, -1}, {kScatter, 3, 4, 1, -1},
    {kConcat, 1, 2, 2, -1}, {kSplit, 3, 4, 1, -1},
    {kSize, 1, 2, 1, -1},   {kClose, -1, 1, 0, -1},
    {kGrad, 1, 2, 2, -1},   {kGradWithShape, 1, 3, 2, -1}};

const HandleUse *handleUse(Operation *op) {
  for (const HandleUse &use : kHandleUsers)
    if (op->getName().getStringRef() == use.name)
      return &use;
  return nullptr;
}

bool isNamed(Operation *op, StringRef name) {
  return op && op->getName().getStringRef() == name;
}

/// Whether `op` makes a handle (result 0) and a flow (result 1).
bool makesHandle(Operation *op) {
  return isNamed(op, kCreate) || isNamed(op, kGrad) ||
         isNamed(op, kGradWithShape);
}

/// Whether `value` is a TensorFlow flow made by an imported op.
bool isImportedFlow(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (makesHandle(def))
    return cast<OpResult>(value).getResultNumber() == 1;
  return isNamed(def, kWrite) || isNamed(def, kScatter) || isNamed(def, kSplit);
}

/// The text inside `<...>` of an opaque `prefix<...>` in dialect tf_type.
std::optional<StringRef> opaqueBody(StringRef dialect, StringRef data,
                                    StringRef prefix) {
  if (dialect != "tf_type" || !data.consume_front(prefix) ||
      !data.consume_front("<") || !data.consume_back(">"))
    return std::nullopt;
  return data.trim();
}

/// The shape of a `#tf_type.shape<2x?x3>` attribute (`<*>`: unranked), or
/// failure if the attribute is not one.
FailureOr<std::optional<SmallVector<int64_t>>> parseShape(Attribute attr) {
  auto opaque = dyn_cast_or_null<OpaqueAttr>(attr);
  if (!opaque)
    return failure();
  std::optional<StringRef> body = opaqueBody(
      opaque.getDialectNamespace().getValue(), opaque.getAttrData(), "shape");
  if (!body)
    return failure();
  if (*body == "*")
    return std::optional<SmallVector<int64_t>>();
  SmallVector<int64_t> dims;
  if (body->empty())
    return std::optional<SmallVector<int64_t>>(dims);
  SmallVector<StringRef> parts;
  body->split(parts, 'x');
  for (StringRef part : parts) {
    part = part.trim();
    int64_t dim;
    if (part == "?")
      dims.push_back(ShapedType::kDynamic);
    else if (!part.getAsInteger(10, dim) && dim >= 0)
      dims.push_back(dim);
    else
      return failure();
  }
  return std::optional<SmallVector<int64_t>>(dims);
}

/// The text inside `resource<...>` of a `tensor<...x!tf_type.resource...>`
/// (empty for a bare `!tf_type.resource`), or nothing if `type` is no
/// resource tensor.
std::optional<StringRef> resourceBody(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  auto opaque =
      tensor ? dyn_cast<OpaqueType>(tensor.getElementType()) : OpaqueType();
  if (!opaque || opaque.getDialectNamespace() != "tf_type")
    return std::nullopt;
  StringRef data = opaque.getTypeData();
  if (data == "resource")
    return StringRef();
  return opaqueBody(opaque.getDialectNamespace().getValue(), data, "resource");
}

bool isResource(Type type) { return resourceBody(type).has_value(); }

/// The array type in `tensor<...x!tf_type.resource<tensor<...>>>`, if the
/// exporter recorded one.
RankedTensorType resourceSubtype(Type handleType) {
  std::optional<StringRef> body = resourceBody(handleType);
  if (!body || body->empty())
    return {};
  return dyn_cast_or_null<RankedTensorType>(
      parseType(*body, handleType.getContext()));
}

BoolAttr boolAttr(Operation *op, StringRef name, bool defaultValue) {
  if (auto attr = op->getAttrOfType<BoolAttr>(name))
    return attr;
  return BoolAttr::get(op->getContext(), defaultValue);
}

/// The constant integer a scalar tensor value holds, if it is one.
std::optional<int64_t> constantScalar(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    if (Operation *def = value.getDefiningOp(); isNamed(def, kConst))
      attr = dyn_cast_or_null<DenseIntElementsAttr>(def->getAttr("value"));
  if (!attr || attr.getNumElements() != 1)
    return std::nullopt;
  return (*attr.value_begin<APInt>()).getSExtValue();
}

/// The handle type of a tf.TensorArrayV3, or failure after a diagnostic
/// when `diagnose`.
FailureOr<HandleType> createdHandleType(Operation *op, bool diagnose) {
  auto fail = [&](const Twine &why) -> FailureOr<HandleType> {
    if (diagnose)
      op->emitOpError() << why;
    return failure();
  };
  auto dtype = op->getAttrOfType<TypeAttr>("dtype");
  if (!dtype || !(isa<IntegerType, FloatType>(dtype.getValue())))
    return fail("needs a `dtype` attribute of an integer or float type");
  std::optional<SmallVector<int64_t>> shape;
  if (Attribute attr = op->getAttr("element_shape")) {
    FailureOr<std::optional<SmallVector<int64_t>>> parsed = parseShape(attr);
    if (failed(parsed))
      return fail("has an `element_shape` that is not a #tf_type.shape");
    shape = *parsed;
  }
  // A shape the exporter inferred for the whole array refines a partial
  // element_shape.
  bool complete = shape && llvm::none_of(*shape, ShapedType::isDynamic);
  RankedTensorType array = op->getNumResults()
                               ? resourceSubtype(op->getResult(0).getType())
                               : RankedTensorType();
  if (!complete && array && array.getRank() >= 1 &&
      array.getElementType() == dtype.getValue() &&
      (!shape || shape->size() + 1 == (size_t)array.getRank()))
    shape = SmallVector<int64_t>(array.getShape().drop_front());
  TensorType element =
      shape ? TensorType(RankedTensorType::get(*shape, dtype.getValue()))
            : TensorType(UnrankedTensorType::get(dtype.getValue()));
  int64_t size = ShapedType::kDynamic;
  std::optional<int64_t> constant = op->getNumOperands() == 1
                                        ? constantScalar(op->getOperand(0))
                                        : std::nullopt;
  if (constant && *constant >= 0 &&
      !boolAttr(op, "dynamic_size", false).getValue())
    size = *constant;
  return HandleType::get(size, element);
}

/// A scalar tensor as an `index` (or, with `type`, an integer of that type),
/// folded when constant.
Value scalar(ConversionPatternRewriter &rewriter, Location loc, Value tensor,
             Type type) {
  if (std::optional<int64_t> constant = constantScalar(tensor)) {
    if (type.isIndex())
      return arith::ConstantIndexOp::create(rewriter, loc, *constant);
    return arith::ConstantIntOp::create(rewriter, loc, type, *constant);
  }
  Value element = tensor::ExtractOp::create(rewriter, loc, tensor);
  if (element.getType() == type)
    return element;
  if (type.isIndex())
    return arith::IndexCastOp::create(rewriter, loc, type, element);
  return arith::ExtSIOp::create(rewriter, loc, type, element);
}

/// `value` as TensorFlow typed it (a cast where ta's type is more refined).
Value asTFType(ConversionPatternRewriter &rewriter, Location loc, Value value,
               Type tfType) {
  if (value.getType() == tfType)
    return value;
  return tensor::CastOp::create(rewriter, loc, tfType, value);
}

/// One pattern for every imported op: the op's name selects the rewrite.
struct ImportTFOp : ConversionPattern {
  ImportTFOp(StringRef name, MLIRContext *context)
      : ConversionPattern(name, /*benefit=*/1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op->getLoc();
    StringRef name = op->getName().getStringRef();
    auto source = [&] {
      auto attr = op->getAttrOfType<StringAttr>("source");
      return attr ? attr.getValue() : StringRef();
    };
    auto index = [&](Value v) {
      return scalar(rewriter, loc, v, rewriter.getIndexType());
    };
    if (name == kConst) {
      auto value = dyn_cast_or_null<TypedAttr>(op->getAttr("value"));
      if (!value || !isa<ElementsAttr>(value))
        return failure();
      rewriter.replaceOp(op, arith::ConstantOp::create(rewriter, loc, value));
      return success();
    }
    if (name == kCreate) {
      FailureOr<HandleType> type = createdHandleType(op, /*diagnose=*/false);
      if (failed(type))
        return failure();
      auto name = op->getAttrOfType<StringAttr>("tensor_array_name");
      auto create = CreateOp::create(
          rewriter, loc, *type, FlowType::get(getContext()), index(operands[0]),
          boolAttr(op, "dynamic_size", false),
          boolAttr(op, "clear_after_read", true),
          boolAttr(op, "identical_element_shapes", false),
          name ? name : rewriter.getStringAttr(""));
      rewriter.replaceOp(op, create->getResults());
      return success();
    }
    if (name == kUnbatchGrad) {
      auto container = op->getAttrOfType<StringAttr>("container");
      auto shared = op->getAttrOfType<StringAttr>("shared_name");
      Value id = scalar(rewriter, loc, operands[3], rewriter.getI64Type());
      auto grad = UnbatchGradOp::create(
          rewriter, loc, op->getResult(0).getType(), operands[0], operands[1],
          operands[2], id, container ? container : rewriter.getStringAttr(""),
          shared ? shared : rewriter.getStringAttr(""), IntegerAttr());
      rewriter.replaceOp(op, grad);
      return success();
    }
    // Ops on a handle: operands[0] is the ta handle made by an imported op.
    Value handle = operands[0];
    if (!isa<HandleType>(handle.getType()))
      return failure();
    if (name == kWrite) {
      rewriter.replaceOp(op, WriteOp::create(rewriter, loc, handle,
                                             index(operands[1]), operands[2],
                                             operands[3]));
    } else if (name == kRead) {
      Value v = ReadOp::create(rewriter, loc, handle, index(operands[1]),
                               operands[2]);
      rewriter.replaceOp(
          op, asTFType(rewriter, loc, v, op->getResult(0).getType()));
    } else if (name == kGather) {
      Value v =
          GatherOp::create(rewriter, loc, handle, operands[1], operands[2]);
      rewriter.replaceOp(
          op, asTFType(rewriter, loc, v, op->getResult(0).getType()));
    } else if (name == kScatter) {
      rewriter.replaceOp(op,
                         ScatterOp::create(rewriter, loc, handle, operands[1],
                                           operands[2], operands[3]));
    } else if (name == kConcat) {
      auto concat = ConcatOp::create(rewriter, loc, handle, operands[1]);
      rewriter.replaceOp(op, {asTFType(rewriter, loc, concat.getValue(),
                                       op->getResult(0).getType()),
                              asTFType(rewriter, loc, concat.getLengths(),
                                       op->getResult(1).getType())});
    } else if (name == kSplit) {
      rewriter.replaceOp(op, SplitOp::create(rewriter, loc, handle, operands[1],
                                             operands[2], operands[3]));
    } else if (name == kSize) {
      Value size = SizeOp::create(rewriter, loc, handle, operands[1]);
      auto tfType = cast<RankedTensorType>(op->getResult(0).getType());
      Value narrow = arith::IndexCastOp::create(rewriter, loc,
                                                tfType.getElementType(), size);
      rewriter.replaceOp(
          op, tensor::FromElementsOp::create(rewriter, loc, tfType, narrow));
    } else if (name == kClose) {
      CloseOp::create(rewriter, loc, handle);
      rewriter.eraseOp(op);
    } else if (name == kGrad) {
      rewriter.replaceOp(
          op, GradOp::create(rewriter, loc, handle, operands[1], source())
                  ->getResults());
    } else if (name == kGradWithShape) {
      rewriter.replaceOp(op, GradWithShapeOp::create(rewriter, loc, handle,
                                                     operands[1], operands[2],
                                                     source())
                                 ->getResults());
    } else {
      return failure();
    }
    return success();
  }
};

struct TAImportTFPass : public ta::impl::TAImportTFPassBase<TAImportTFPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkTFImportable(module)))
      return signalPassFailure();
    prepareTFImport(module);
    ConversionTarget target(getContext());
    configureTFToTAConversionTarget(target);
    RewritePatternSet patterns(&getContext());
    populateTFToTAConversionPatterns(patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // The tf.Const tensors whose only users were folded away.
    module.walk([](arith::ConstantOp op) {
      if (op->use_empty() && isa<TensorType>(op.getType()))
        op->erase();
    });
  }
};

} // namespace

ArrayRef<StringLiteral> mlir::ta::getImportedTFOpNames() { return kImported; }

void mlir::ta::populateTFToTAConversionPatterns(RewritePatternSet &patterns) {
  for (StringLiteral name : kImported)
    patterns.add<ImportTFOp>(name, patterns.getContext());
}

void mlir::ta::configureTFToTAConversionTarget(ConversionTarget &target) {
  target.markUnknownOpDynamicallyLegal([](Operation *op) {
    return !llvm::is_contained(kImported, op->getName().getStringRef());
  });
}

LogicalResult mlir::ta::checkTFImportable(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (name == kConst) {
      Attribute value = op->getAttr("value");
      if (!isa_and_nonnull<ElementsAttr>(value) || !isa<TypedAttr>(value)) {
        op->emitOpError("ta-import-tf imports only builtin elements "
                        "attributes as `value`");
        ok = false;
      }
      return;
    }
    // A scalar (0-d) integer tensor: sizes, indices, ids.
    auto scalar = [&](Value value, StringRef what) {
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (type && type.getRank() == 0 && type.getElementType().isInteger())
        return true;
      op->emitOpError() << "expects its " << what
                        << " as a scalar integer tensor, got "
                        << value.getType();
      ok = false;
      return false;
    };
    if (name == kCreate) {
      if (op->getNumOperands() != 1 || op->getNumResults() != 2) {
        op->emitOpError("expects 1 operand (size) and 2 results");
        ok = false;
        return;
      }
      if (!scalar(op->getOperand(0), "size") ||
          failed(createdHandleType(op, /*diagnose=*/true)))
        ok = false;
    }
    if (name == kUnbatchGrad) {
      if (op->getNumOperands() != 4 || op->getNumResults() != 1 ||
          !isa<TensorType>(op->getResult(0).getType())) {
        op->emitOpError("expects 4 operands and 1 tensor result");
        ok = false;
        return;
      }
      scalar(op->getOperand(3), "id");
      return;
    }
    if (const HandleUse *use = handleUse(op)) {
      if (op->getNumOperands() != use->operands ||
          op->getNumResults() != use->results) {
        op->emitOpError() << "expects " << use->operands << " operands and "
                          << use->results << " results";
        ok = false;
        return;
      }
      if (use->indexOperand >= 0)
        scalar(op->getOperand(use->indexOperand), "index");
      if (name == kSize)
        scalar(op->getResult(0), "result");
      Operation *def = op->getOperand(0).getDefiningOp();
      if (!makesHandle(def) ||
          cast<OpResult>(op->getOperand(0)).getResultNumber() != 0) {
        op->emitOpError("reads a handle that no TensorArray op of this "
                        "function makes (ta-import-tf does not follow "
                        "handles through arguments, calls or control flow)");
        ok = false;
      }
      if (use->flowOperand >= 0 &&
          !isImportedFlow(op->getOperand(use->flowOperand))) {
        op->emitOpError("reads a flow that no TensorArray op of this "
                        "function makes");
        ok = false;
      }
    }
    // A handle may only be used by the TensorArray ops themselves.
    if (makesHandle(op) && op->getNumResults() >= 1) {
      for (OpOperand &operand : op->getResult(0).getUses()) {
        Operation *user = operand.getOwner();
        if (!handleUse(user) || operand.getOperandNumber() != 0) {
          user->emitOpError("uses a TensorArray handle; ta-import-tf "
                            "imports handles used only by TensorArray ops");
          ok = false;
        }
      }
      if (!isResource(op->getResult(0).getType())) {
        op->emitOpError("result 0 is not a !tf_type.resource tensor");
        ok = false;
      }
    }
  });
  return success(ok);
}

void mlir::ta::prepareTFImport(ModuleOp module) {
  SmallVector<OpOperand *> uses;
  module.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (isImportedFlow(result))
        for (OpOperand &use : result.getUses()) {
          const HandleUse *user = handleUse(use.getOwner());
          if (!user || (int)use.getOperandNumber() != user->flowOperand)
            uses.push_back(&use);
        }
  });
  for (OpOperand *use : uses) {
    OpBuilder builder(use->getOwner());
    auto type = dyn_cast<RankedTensorType>(use->get().getType());
    if (!type)
      type = RankedTensorType::get({}, builder.getF32Type());
    Value zero = arith::ConstantOp::create(
        builder, use->get().getLoc(),
        DenseElementsAttr::get(type,
                               builder.getZeroAttr(type.getElementType())));
    use->set(zero);
  }
}

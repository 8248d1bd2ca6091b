//===- TFToTA.cpp - TensorFlow TensorArray ops into ta --------------------===//
//
// ta-tf-convert-tensor-arrays, the step of ta-import-tf that rewrites the
// generic `tf.*` TensorArray ops TensorFlow's MLIR exporter prints into ta
// ops once their handles and flows carry ta types (the steps are listed in
// TFToTAInternal.h). This file holds the TensorArray op patterns, their
// importability check (run by ta-tf-type-resources) and the pass.
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/TFToTA/TFToTA.h"
#include "TFShapes.h"
#include "TFToTAInternal.h"
#include "TFUtils.h"
#include "ta/Conversion/Passes.h"
#include "ta/Dialect/TA/IR/TAOps.h"
#include "ta/Dialect/TA/Utils/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TATFCONVERTTENSORARRAYSPASS
#include "ta/Conversion/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;
using tf::boolAttr;
using tf::constantScalar;

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

/// A scalar tensor as an `index` (or, with `type`, an integer of that type),
/// folded when constant.
Value scalar(ConversionPatternRewriter &rewriter, Location loc, Value tensor,
             Type type) {
  if (std::optional<int64_t> constant = constantScalar(tensor)) {
    if (type.isIndex())
      return arith::ConstantIndexOp::create(rewriter, loc, *constant);
    return arith::ConstantIntOp::create(rewriter, loc, type, *constant);
  }
  auto scalarType = RankedTensorType::get(
      {}, cast<TensorType>(tensor.getType()).getElementType());
  if (tensor.getType() != scalarType)
    tensor = tensor::CastOp::create(rewriter, loc, scalarType, tensor);
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

/// Reads of a TensorFlow op's operands as ta wants them.
struct Operands {
  ConversionPatternRewriter &rewriter;
  Location loc;

  /// A scalar integer tensor as an `index`, folded when constant.
  Value index(Value v) {
    return scalar(rewriter, loc, v, rewriter.getIndexType());
  }

  /// A 1-D operand (indices, lengths), ranked where the exporter left it
  /// unranked.
  Value vector(Value v) {
    auto type = cast<TensorType>(v.getType());
    if (type.hasRank())
      return v;
    return tensor::CastOp::create(
        rewriter, loc,
        RankedTensorType::get({ShapedType::kDynamic}, type.getElementType()),
        v);
  }
};

/// A gradient op's `source`.
StringRef sourceOf(Operation *op) {
  auto attr = op->getAttrOfType<StringAttr>("source");
  return attr ? attr.getValue() : StringRef();
}

/// Replaces `op` by `value`, as TensorFlow typed its result.
void replaceAsTF(ConversionPatternRewriter &rewriter, Operation *op,
                 Value value) {
  rewriter.replaceOp(
      op, asTFType(rewriter, op->getLoc(), value, op->getResult(0).getType()));
}

using ImportFn = LogicalResult (*)(Operation *op, ArrayRef<Value> operands,
                                   ConversionPatternRewriter &rewriter);

LogicalResult importConst(Operation *op, ArrayRef<Value>,
                          ConversionPatternRewriter &rewriter) {
  auto value = dyn_cast_or_null<TypedAttr>(op->getAttr("value"));
  if (!value || !isa<ElementsAttr>(value))
    return failure();
  rewriter.replaceOp(op,
                     arith::ConstantOp::create(rewriter, op->getLoc(), value));
  return success();
}

LogicalResult importCreate(Operation *op, ArrayRef<Value> operands,
                           ConversionPatternRewriter &rewriter) {
  // typeResources gave the results their ta types.
  auto type = dyn_cast<HandleType>(op->getResult(0).getType());
  if (!type)
    return failure();
  Location loc = op->getLoc();
  auto name = op->getAttrOfType<StringAttr>("tensor_array_name");
  auto create =
      CreateOp::create(rewriter, loc, type, FlowType::get(op->getContext()),
                       Operands{rewriter, loc}.index(operands[0]),
                       boolAttr(op, "dynamic_size", false),
                       boolAttr(op, "clear_after_read", true),
                       boolAttr(op, "identical_element_shapes", false),
                       name ? name : rewriter.getStringAttr(""));
  rewriter.replaceOp(op, create->getResults());
  return success();
}

LogicalResult importUnbatchGrad(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  auto container = op->getAttrOfType<StringAttr>("container");
  auto shared = op->getAttrOfType<StringAttr>("shared_name");
  Value id = scalar(rewriter, loc, operands[3], rewriter.getI64Type());
  // The inferred type, cast to TensorFlow's where it is less refined.
  SmallVector<Type> inferred;
  if (failed(UnbatchGradOp::inferReturnTypes(
          op->getContext(), loc,
          ValueRange{operands[0], operands[1], operands[2], id},
          DictionaryAttr(), OpaqueProperties(nullptr), RegionRange(),
          inferred)))
    return failure();
  auto grad = UnbatchGradOp::create(
      rewriter, loc, inferred.front(), operands[0], operands[1], operands[2],
      id, container ? container : rewriter.getStringAttr(""),
      shared ? shared : rewriter.getStringAttr(""), IntegerAttr());
  replaceAsTF(rewriter, op, grad);
  return success();
}

// The ops on a handle: operands[0] is the ta handle an imported op made
// (the pattern checks it).

LogicalResult importWrite(Operation *op, ArrayRef<Value> operands,
                          ConversionPatternRewriter &rewriter) {
  Operands in{rewriter, op->getLoc()};
  rewriter.replaceOp(op, WriteOp::create(rewriter, in.loc, operands[0],
                                         in.index(operands[1]), operands[2],
                                         operands[3]));
  return success();
}

LogicalResult importRead(Operation *op, ArrayRef<Value> operands,
                         ConversionPatternRewriter &rewriter) {
  Operands in{rewriter, op->getLoc()};
  replaceAsTF(rewriter, op,
              ReadOp::create(rewriter, in.loc, operands[0],
                             in.index(operands[1]), operands[2]));
  return success();
}

LogicalResult importGather(Operation *op, ArrayRef<Value> operands,
                           ConversionPatternRewriter &rewriter) {
  Operands in{rewriter, op->getLoc()};
  replaceAsTF(rewriter, op,
              GatherOp::create(rewriter, in.loc, operands[0],
                               in.vector(operands[1]), operands[2]));
  return success();
}

LogicalResult importScatter(Operation *op, ArrayRef<Value> operands,
                            ConversionPatternRewriter &rewriter) {
  Operands in{rewriter, op->getLoc()};
  rewriter.replaceOp(op, ScatterOp::create(rewriter, in.loc, operands[0],
                                           in.vector(operands[1]), operands[2],
                                           operands[3]));
  return success();
}

LogicalResult importConcat(Operation *op, ArrayRef<Value> operands,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  auto concat = ConcatOp::create(rewriter, loc, operands[0], operands[1]);
  rewriter.replaceOp(op, {asTFType(rewriter, loc, concat.getValue(),
                                   op->getResult(0).getType()),
                          asTFType(rewriter, loc, concat.getLengths(),
                                   op->getResult(1).getType())});
  return success();
}

LogicalResult importSplit(Operation *op, ArrayRef<Value> operands,
                          ConversionPatternRewriter &rewriter) {
  Operands in{rewriter, op->getLoc()};
  rewriter.replaceOp(op,
                     SplitOp::create(rewriter, in.loc, operands[0], operands[1],
                                     in.vector(operands[2]), operands[3]));
  return success();
}

LogicalResult importSize(Operation *op, ArrayRef<Value> operands,
                         ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value size = SizeOp::create(rewriter, loc, operands[0], operands[1]);
  auto tfType = cast<TensorType>(op->getResult(0).getType());
  auto scalarType = RankedTensorType::get({}, tfType.getElementType());
  Value narrow =
      arith::IndexCastOp::create(rewriter, loc, tfType.getElementType(), size);
  replaceAsTF(
      rewriter, op,
      tensor::FromElementsOp::create(rewriter, loc, scalarType, narrow));
  return success();
}

LogicalResult importClose(Operation *op, ArrayRef<Value> operands,
                          ConversionPatternRewriter &rewriter) {
  CloseOp::create(rewriter, op->getLoc(), operands[0]);
  rewriter.eraseOp(op);
  return success();
}

LogicalResult importGrad(Operation *op, ArrayRef<Value> operands,
                         ConversionPatternRewriter &rewriter) {
  rewriter.replaceOp(op, GradOp::create(rewriter, op->getLoc(), operands[0],
                                        operands[1], sourceOf(op))
                             ->getResults());
  return success();
}

LogicalResult importGradWithShape(Operation *op, ArrayRef<Value> operands,
                                  ConversionPatternRewriter &rewriter) {
  rewriter.replaceOp(op, GradWithShapeOp::create(
                             rewriter, op->getLoc(), op->getResult(0).getType(),
                             operands[1].getType(), operands[0], operands[1],
                             operands[2], sourceOf(op))
                             ->getResults());
  return success();
}

/// Each imported op's rewrite, and whether it takes a handle as operand 0.
struct Import {
  StringLiteral name;
  ImportFn rewrite;
  bool onHandle;
};
const Import kImports[] = {{kConst, importConst, false},
                           {kCreate, importCreate, false},
                           {kUnbatchGrad, importUnbatchGrad, false},
                           {kWrite, importWrite, true},
                           {kRead, importRead, true},
                           {kGather, importGather, true},
                           {kScatter, importScatter, true},
                           {kConcat, importConcat, true},
                           {kSplit, importSplit, true},
                           {kSize, importSize, true},
                           {kClose, importClose, true},
                           {kGrad, importGrad, true},
                           {kGradWithShape, importGradWithShape, true}};

/// The pattern of one imported op.
struct ImportTFOp : ConversionPattern {
  ImportTFOp(const Import &import, MLIRContext *context)
      : ConversionPattern(import.name, /*benefit=*/1, context), import(import) {
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (import.onHandle && !isa<HandleType>(operands[0].getType()))
      return rewriter.notifyMatchFailure(op, "operand 0 is not a ta handle");
    return import.rewrite(op, operands, rewriter);
  }

  const Import &import;
};

struct ConvertTensorArrays
    : public ta::impl::TATFConvertTensorArraysPassBase<ConvertTensorArrays> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The run-time checks of imported ops call _ta_rt_fail.
    if (failed(tfimport::verifyRuntimeFunctionNames(module)))
      return signalPassFailure();
    ConversionTarget target(getContext());
    configureTFToTAConversionTarget(target);
    RewritePatternSet patterns(&getContext());
    populateTFToTAConversionPatterns(patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

ArrayRef<StringLiteral> mlir::ta::getImportedTFOpNames() {
  static const SmallVector<StringLiteral> names = [] {
    SmallVector<StringLiteral> all;
    for (const Import &import : kImports)
      all.push_back(import.name);
    return all;
  }();
  return names;
}

void mlir::ta::populateTFToTAConversionPatterns(RewritePatternSet &patterns) {
  for (const Import &import : kImports)
    patterns.add<ImportTFOp>(import, patterns.getContext());
}

void mlir::ta::configureTFToTAConversionTarget(ConversionTarget &target) {
  target.markUnknownOpDynamicallyLegal([](Operation *op) {
    return !llvm::is_contained(getImportedTFOpNames(),
                               op->getName().getStringRef());
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
      } else if (op->getNumOperands() != 0 || op->getNumResults() != 1 ||
                 cast<TypedAttr>(value).getType() !=
                     op->getResult(0).getType()) {
        op->emitOpError("needs one result of its `value`'s type ")
            << cast<TypedAttr>(value).getType() << " and no operands";
        ok = false;
      }
      return;
    }
    // A scalar integer tensor (0-d, or unranked where the exporter did not
    // refine it): sizes, indices, ids.
    auto scalar = [&](Value value, StringRef what) {
      auto type = dyn_cast<TensorType>(value.getType());
      if (type && (!type.hasRank() || type.getRank() == 0) &&
          type.getElementType().isInteger())
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
      scalar(op->getOperand(0), "size");
      if (!tf::isResource(op->getResult(0).getType())) {
        op->emitOpError("result 0 is not a !tf_type.resource tensor");
        ok = false;
      }
      return;
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
      if ((name == kGrad || name == kGradWithShape) &&
          !tf::isResource(op->getResult(0).getType())) {
        op->emitOpError("result 0 is not a !tf_type.resource tensor");
        ok = false;
      }
    }
  });
  return success(ok);
}

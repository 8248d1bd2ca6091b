//===- LegalizeTFStructural.cpp - TensorFlow's structural ops -------------===//
//
// The ops that build, move and reshape tensors around TensorArrays:
// identities, fills, ranges and reshapes (the `x[i]` slices:
// LegalizeTFSlices.cpp; packing: LegalizeTFStacking.cpp; tf.MatMul:
// LegalizeTFContractions.cpp). Where TensorFlow checks a value
// at run time (Range's arguments, Reshape's element count), the lowering
// does too, with TensorFlow's message through libta_runtime.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "RuntimeChecks.h"
#include "TFUtils.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;
using tf::failUnless;

namespace {

/// Whether `value` is a 0-d tensor of elements `element`.
bool isScalarOf(Value value, Type element) {
  RankedTensorType type = rankedType(value);
  return type && type.getRank() == 0 && type.getElementType() == element;
}

/// Whether `value` is a 0-d tensor of integers.
bool isScalarInt(Value value) {
  RankedTensorType type = rankedType(value);
  return type && type.getRank() == 0 && type.getElementType().isInteger() &&
         !type.getElementType().isInteger(1);
}

//===----------------------------------------------------------------------===//
// Identities
//===----------------------------------------------------------------------===//

std::string unsupportedIdentity(Operation *op) {
  bool single = op->getName().getStringRef() == "tf.Identity";
  if (op->getNumOperands() != op->getNumResults() ||
      (single && op->getNumOperands() != 1))
    return single ? "needs 1 operand and 1 result, as TensorFlow defines it"
                  : "needs as many results as operands";
  for (auto [from, to] : llvm::zip(op->getOperandTypes(), op->getResultTypes()))
    if (from != to && !(isa<TensorType>(from) && isa<TensorType>(to) &&
                        tensor::CastOp::areCastCompatible(from, to)))
      return "passes a value of another type than its result's";
  return "";
}

LogicalResult rewriteIdentity(Operation *op, ValueRange operands,
                              ConversionPatternRewriter &rewriter) {
  SmallVector<Value> results;
  for (auto [value, type] : llvm::zip(operands, op->getResultTypes()))
    results.push_back(castTo(rewriter, op->getLoc(), value, type));
  rewriter.replaceOp(op, results);
  return success();
}

std::string unsupportedNoOp(Operation *op) { return checkSignature(op, 0, 0); }

LogicalResult rewriteNoOp(Operation *op, ValueRange,
                          ConversionPatternRewriter &rewriter) {
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// Fills
//===----------------------------------------------------------------------===//

std::string unsupportedLike(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  if (input.getElementType() != result.getElementType() ||
      failed(verifyCompatibleShape(input.getShape(), result.getShape())))
    return "has a result whose type is not its operand's";
  return "";
}

LogicalResult rewriteLike(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType result = rankedType(op->getResult(0));
  Type element = result.getElementType();
  TypedAttr value =
      op->getName().getStringRef() == "tf.ZerosLike"
          ? rewriter.getZeroAttr(element)
          : (isa<FloatType>(element)
                 ? TypedAttr(rewriter.getFloatAttr(element, 1))
                 : TypedAttr(rewriter.getIntegerAttr(element, 1)));
  Value scalar = arith::ConstantOp::create(rewriter, loc, value);
  // The operand's dims where the result's are dynamic.
  RankedTensorType input = rankedType(operands[0]);
  auto like = RankedTensorType::get(input.getShape(), element);
  rewriter.replaceOp(
      op, castTo(rewriter, loc,
                 filled(rewriter, loc, like, scalar, operands[0]), result));
  return success();
}

std::string unsupportedFill(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  if (!isScalarOf(op->getOperand(1), result.getElementType()))
    return "needs a scalar value of the result's element type";
  RankedTensorType dims = rankedType(op->getOperand(0));
  if (dims.getRank() != 1 || dims.getDimSize(0) != result.getRank() ||
      !dims.getElementType().isInteger() || dims.getElementType().isInteger(1))
    return "needs integer dims, one per dim of its result";
  DenseIntElementsAttr constant;
  if (matchPattern(op->getOperand(0), m_Constant(&constant)))
    for (auto [d, s] :
         llvm::zip(constant.getValues<APInt>(), result.getShape()))
      if (d.getSExtValue() >= 0 && !ShapedType::isDynamic(s) &&
          d.getSExtValue() != s)
        return "has constant dims that are not its result's shape";
  return "";
}

LogicalResult rewriteFill(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType result = rankedType(op->getResult(0));
  Value scalar = tensor::ExtractOp::create(rewriter, loc, operands[1]);
  DenseIntElementsAttr constant;
  if (matchPattern(operands[0], m_Constant(&constant)) &&
      llvm::equal(
          constant.getValues<APInt>(), result.getShape(),
          [](const APInt &d, int64_t s) { return d.getSExtValue() == s; })) {
    rewriter.replaceOp(op, filled(rewriter, loc, result, scalar));
    return success();
  }
  // Dims known at run time: each checked >= 0 (TensorFlow's text), then
  // against the result's static dims.
  SmallVector<Value> dims;
  for (int64_t k = 0; k < result.getRank(); ++k) {
    Value at = arith::ConstantIndexOp::create(rewriter, loc, k);
    Value dim = tensor::ExtractOp::create(rewriter, loc, operands[0], at);
    dims.push_back(arith::IndexCastOp::create(rewriter, loc,
                                              rewriter.getIndexType(), dim));
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    failUnless(rewriter, op,
               arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge,
                                     dims.back(), zero),
               TA_ERR_FILL_DIM, dims.back(), zero);
  }
  for (auto [k, dim] : llvm::enumerate(dims)) {
    if (result.isDynamicDim(k))
      continue;
    Value typed =
        arith::ConstantIndexOp::create(rewriter, loc, result.getDimSize(k));
    failUnless(rewriter, op,
               arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                     dim, typed),
               TA_ERR_RESULT_DIM, dim, typed,
               arith::ConstantIndexOp::create(rewriter, loc, k));
  }
  rewriter.replaceOp(
      op, linalg::FillOp::create(rewriter, loc, scalar,
                                 emptyLike(rewriter, loc, result, {}, dims))
              .getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// Ranges and packing
//===----------------------------------------------------------------------===//

std::string unsupportedRange(Operation *op) {
  if (std::string why = checkSignature(op, 3, 1); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getRank() != 1 ||
      llvm::any_of(
          op->getOperands(),
          [&](Value v) { return !isScalarOf(v, result.getElementType()); }) ||
      !isScalarInt(op->getOperand(0)))
    return "needs scalar integer operands and a 1-D result of their type "
           "(ta-legalize-tf lowers integer ranges)";
  return "";
}

/// The value of operand `i` of `op` where it is an integer constant of one
/// element (a tf.Const, converted or not).
std::optional<int64_t> constantOperand(Operation *op, ValueRange operands,
                                       int i) {
  for (Value v : {operands[i], op->getOperand(i)}) {
    DenseIntElementsAttr value;
    if (!matchPattern(v, m_Constant(&value)))
      if (Operation *def = v.getDefiningOp();
          def && def->getName().getStringRef() == "tf.Const")
        value = dyn_cast_or_null<DenseIntElementsAttr>(def->getAttr("value"));
    if (value && value.getNumElements() == 1)
      return (*value.getValues<APInt>().begin()).getSExtValue();
  }
  return std::nullopt;
}

LogicalResult rewriteRange(Operation *op, ValueRange operands,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType result = rankedType(op->getResult(0));
  Type element = result.getElementType();
  Value limit = scalarIndex(rewriter, loc, operands[1]);
  Value start, delta;
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
    return arith::CmpIOp::create(rewriter, loc, p, x, y);
  };
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value c0 = index(0);
  // TensorArray.stack() and .unstack(): range(0, limit, 1), whose entries
  // are their indices and whose size is the limit (an integer of the
  // element type: the lowering knows every entry exact, IndexVectors.h).
  bool iota = constantOperand(op, operands, 0) == 0 &&
              constantOperand(op, operands, 2) == 1;
  Value size;
  if (iota) {
    failUnless(rewriter, op, cmp(arith::CmpIPredicate::sle, c0, limit),
               TA_ERR_RANGE_UP, c0, limit);
    size = limit;
  } else {
    // TensorFlow's RangeOp: its three checks, then
    // size = (|limit - start| + |delta| - 1) / |delta|.
    start = scalarIndex(rewriter, loc, operands[0]);
    delta = scalarIndex(rewriter, loc, operands[2]);
    failUnless(rewriter, op, cmp(arith::CmpIPredicate::ne, delta, c0),
               TA_ERR_RANGE_DELTA, delta, c0);
    Value up = cmp(arith::CmpIPredicate::sgt, delta, c0);
    Value down = arith::XOrIOp::create(
        rewriter, loc, up, arith::ConstantIntOp::create(rewriter, loc, 1, 1));
    failUnless(
        rewriter, op,
        arith::OrIOp::create(rewriter, loc, down,
                             cmp(arith::CmpIPredicate::sle, start, limit)),
        TA_ERR_RANGE_UP, start, limit);
    failUnless(
        rewriter, op,
        arith::OrIOp::create(rewriter, loc, up,
                             cmp(arith::CmpIPredicate::sge, start, limit)),
        TA_ERR_RANGE_DOWN, start, limit);
    auto abs = [&](Value v) -> Value {
      Value negated = arith::SubIOp::create(rewriter, loc, c0, v);
      return arith::SelectOp::create(
          rewriter, loc, cmp(arith::CmpIPredicate::slt, v, c0), negated, v);
    };
    Value step = abs(delta);
    Value span = abs(arith::SubIOp::create(rewriter, loc, limit, start));
    size = arith::DivUIOp::create(
        rewriter, loc,
        arith::SubIOp::create(rewriter, loc,
                              arith::AddIOp::create(rewriter, loc, span, step),
                              index(1)),
        step);
  }
  SmallVector<Value> dynamic;
  if (result.isDynamicDim(0))
    dynamic.push_back(size);
  else
    failUnless(rewriter, op,
               cmp(arith::CmpIPredicate::eq, size, index(result.getDimSize(0))),
               TA_ERR_RANGE_SIZE, size, index(result.getDimSize(0)));
  auto generate = tensor::GenerateOp::create(
      rewriter, loc, result, dynamic,
      [&](OpBuilder &b, Location loc, ValueRange ivs) {
        Value value = ivs[0];
        if (!iota)
          value = arith::AddIOp::create(
              b, loc, start, arith::MulIOp::create(b, loc, ivs[0], delta));
        tensor::YieldOp::create(
            b, loc, arith::IndexCastOp::create(b, loc, element, value));
      });
  rewriter.replaceOp(op, generate);
  return success();
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

/// Whether tf.Reshape `op` reshapes to another value's shape (tf.Shape of
/// it: TensorFlow's gradients reshape to the shapes of forward values),
/// which it takes at run time where its dims are.
bool reshapesLike(Operation *op) {
  Operation *def = op->getOperand(1).getDefiningOp();
  auto shape = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  return tf::isNamed(def, "tf.Shape") && shape && shape.getRank() == 1 &&
         shape.getDimSize(0) == rankedType(op->getResult(0)).getRank();
}

std::string unsupportedReshape(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType source = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  if (source.getElementType() != result.getElementType())
    return "has a result element type TensorFlow does not give it";
  if (!result.hasStaticShape() && !reshapesLike(op))
    return "needs a static result shape, or the shape of another value "
           "(tf.Shape)";
  if (source.hasStaticShape() && result.hasStaticShape() &&
      source.getNumElements() != result.getNumElements())
    return "has a result of another number of elements than its operand";
  return "";
}

LogicalResult rewriteReshape(Operation *op, ValueRange operands,
                             ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType source = rankedType(operands[0]);
  RankedTensorType result = rankedType(op->getResult(0));
  if (!result.hasStaticShape()) {
    // To another value's shape, its dims read at run time (a shape, so no
    // -1 among them): TensorFlow's check of the number of values.
    auto i64 = rewriter.getI64Type();
    Value count = arith::ConstantIntOp::create(rewriter, loc, 1, 64);
    for (int64_t k = 0; k < source.getRank(); ++k)
      count = arith::MulIOp::create(
          rewriter, loc, count,
          arith::IndexCastOp::create(
              rewriter, loc, i64,
              tensor::DimOp::create(rewriter, loc, operands[0], k)));
    SmallVector<Value> dims;
    Value wanted = arith::ConstantIntOp::create(rewriter, loc, 1, 64);
    for (int64_t k = 0; k < result.getRank(); ++k) {
      Value at = arith::ConstantIndexOp::create(rewriter, loc, k);
      Value dim = tensor::ExtractOp::create(rewriter, loc, operands[1], at);
      dim = arith::ExtSIOp::create(rewriter, loc, i64, dim);
      if (!result.isDynamicDim(k)) // the type's dim, as TensorFlow typed it
        dim = arith::ConstantIntOp::create(rewriter, loc, result.getDimSize(k),
                                           64);
      dims.push_back(dim);
      wanted = arith::MulIOp::create(rewriter, loc, wanted, dim);
    }
    auto asIndex = [&](Value v) {
      return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                        v);
    };
    failUnless(rewriter, op,
               arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                     count, wanted),
               TA_ERR_RESHAPE, asIndex(count), asIndex(wanted));
    Value shape = tensor::FromElementsOp::create(
        rewriter, loc, RankedTensorType::get({result.getRank()}, i64), dims);
    rewriter.replaceOp(op, tensor::ReshapeOp::create(rewriter, loc, result,
                                                     operands[0], shape));
    return success();
  }
  if (!source.hasStaticShape()) {
    // TensorFlow's check, at run time.
    Value count = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t k = 0; k < source.getRank(); ++k)
      count = arith::MulIOp::create(
          rewriter, loc, count,
          tensor::DimOp::create(rewriter, loc, operands[0], k));
    Value wanted =
        arith::ConstantIndexOp::create(rewriter, loc, result.getNumElements());
    failUnless(rewriter, op,
               arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                     count, wanted),
               TA_ERR_RESHAPE, count, wanted);
  }
  auto shapeType =
      RankedTensorType::get({result.getRank()}, rewriter.getI64Type());
  Value shape = arith::ConstantOp::create(
      rewriter, loc, DenseIntElementsAttr::get(shapeType, result.getShape()));
  rewriter.replaceOp(
      op, tensor::ReshapeOp::create(rewriter, loc, result, operands[0], shape));
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.Identity", unsupportedIdentity, rewriteIdentity},
    {"tf.IdentityN", unsupportedIdentity, rewriteIdentity},
    {"tf.NoOp", unsupportedNoOp, rewriteNoOp},
    {"tf.ZerosLike", unsupportedLike, rewriteLike},
    {"tf.OnesLike", unsupportedLike, rewriteLike},
    {"tf.Fill", unsupportedFill, rewriteFill},
    {"tf.Range", unsupportedRange, rewriteRange},
    {"tf.Reshape", unsupportedReshape, rewriteReshape}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::structuralLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFStructuralToLinalgPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, structuralLowerings());
}

//===- LegalizeTFCommon.cpp - ta-legalize-tf's lowerings, by table --------===//

#include "LegalizeTFCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

/// The pattern of one lowering: it matches where the check passes.
struct LoweringPattern : ConversionPattern {
  LoweringPattern(const Lowering &lowering, MLIRContext *context)
      : ConversionPattern(lowering.name, 1, context), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::string why = lowering.unsupported(op); !why.empty())
      return rewriter.notifyMatchFailure(op, why);
    return lowering.rewrite(op, operands, rewriter);
  }

  const Lowering &lowering;
};

std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << type << "'";
  return text;
}

} // namespace

ArrayRef<ArrayRef<Lowering>> mlir::ta::tflegalize::loweringGroups() {
  static const ArrayRef<Lowering> groups[] = {
      elementwiseLowerings(),    structuralLowerings(), sliceLowerings(),
      transcendentalLowerings(), shapeLowerings(),      layerLowerings(),
      movementLowerings(),       reductionLowerings(),  activationLowerings(),
      unaryMathLowerings(),      stackingLowerings(),   contractionLowerings(),
      lossLowerings(),           gatherLowerings(),     topKLowerings(),
      segmentLowerings()};
  return groups;
}

const Lowering *mlir::ta::tflegalize::findLowering(Operation *op) {
  StringRef name = op->getName().getStringRef();
  for (ArrayRef<Lowering> group : loweringGroups())
    for (const Lowering &lowering : group)
      if (lowering.name == name)
        return &lowering;
  return nullptr;
}

void mlir::ta::tflegalize::addLoweringPatterns(RewritePatternSet &patterns,
                                               ArrayRef<Lowering> lowerings) {
  for (const Lowering &lowering : lowerings)
    patterns.add<LoweringPattern>(lowering, patterns.getContext());
}

bool mlir::ta::tflegalize::isLowerableElement(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.isSignless() &&
           llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

std::string mlir::ta::tflegalize::checkSignature(Operation *op, int operands,
                                                 unsigned results) {
  auto count = [](int n, StringRef what) {
    return llvm::formatv("{0} {1}{2}", n, what, n == 1 ? "" : "s").str();
  };
  if (operands >= 0 && op->getNumOperands() != unsigned(operands))
    return "needs " + count(operands, "operand") + " and " +
           count(results, "result") + ", as TensorFlow defines it";
  if (op->getNumResults() != results)
    return "needs " + count(results, "result") + ", as TensorFlow defines it";
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
    auto tensor = dyn_cast<TensorType>(type);
    if (!tensor)
      return "has the non-tensor type " + typeString(type);
    if (!tensor.hasRank())
      return "has unranked tensor types, which ta-legalize-tf does not lower "
             "(export with TensorFlow's shape inference: "
             "pass_pipeline='tf-standard-pipeline' or 'tf-shape-inference')";
    if (!isLowerableElement(tensor.getElementType()))
      return "has elements of type " + typeString(tensor.getElementType()) +
             ", which ta-legalize-tf does not lower (it lowers bool, signless "
             "integers, f16, bf16, f32, f64)";
  }
  return "";
}

Value mlir::ta::tflegalize::emptyLike(OpBuilder &b, Location loc,
                                      RankedTensorType type, Value like,
                                      ValueRange dims) {
  SmallVector<Value> dynamic;
  for (int64_t k = 0; k < type.getRank(); ++k)
    if (type.isDynamicDim(k))
      dynamic.push_back(dims.empty()
                            ? Value(tensor::DimOp::create(b, loc, like, k))
                            : dims[k]);
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamic);
}

Value mlir::ta::tflegalize::mapElements(
    OpBuilder &b, Location loc, Value input, RankedTensorType result,
    function_ref<Value(OpBuilder &, Location, Value)> body) {
  int64_t rank = result.getRank();
  auto id = b.getMultiDimIdentityMap(rank);
  return linalg::GenericOp::create(
             b, loc, result, input, emptyLike(b, loc, result, input),
             SmallVector<AffineMap>{id, id},
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &b, Location loc, ValueRange args) {
               linalg::YieldOp::create(b, loc, body(b, loc, args[0]));
             })
      .getResult(0);
}

Value mlir::ta::tflegalize::filled(OpBuilder &b, Location loc,
                                   RankedTensorType type, Value scalar,
                                   Value like) {
  return linalg::FillOp::create(b, loc, scalar, emptyLike(b, loc, type, like))
      .getResult(0);
}

std::optional<int64_t> mlir::ta::tflegalize::constantAxis(Value value,
                                                          int64_t rank) {
  std::optional<int64_t> axis = tf::constantScalar(value);
  if (!axis || *axis < -rank || *axis >= rank)
    return std::nullopt;
  return *axis < 0 ? *axis + rank : *axis;
}

std::optional<SmallVector<int64_t>>
mlir::ta::tflegalize::constantAxes(Value value, int64_t rank) {
  std::optional<SmallVector<int64_t>> values = tf::constantInts(value);
  if (!values)
    return std::nullopt;
  SmallVector<int64_t> axes;
  for (int64_t axis : *values) {
    if (axis < -rank || axis >= rank)
      return std::nullopt;
    axes.push_back(axis < 0 ? axis + rank : axis);
  }
  llvm::sort(axes);
  axes.erase(llvm::unique(axes), axes.end());
  return axes;
}

Value mlir::ta::tflegalize::flushDenormal(OpBuilder &b, Location loc, Value v) {
  if (!v.getType().isF32())
    return v;
  Value raw = arith::BitcastOp::create(b, loc, b.getI32Type(), v);
  auto i32 = [&](uint32_t bits) -> Value {
    return arith::ConstantIntOp::create(b, loc, static_cast<int32_t>(bits), 32);
  };
  Value exponent = arith::AndIOp::create(b, loc, raw, i32(0x7f800000));
  Value denormal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, i32(0));
  Value sign = arith::BitcastOp::create(
      b, loc, v.getType(),
      arith::AndIOp::create(b, loc, raw, i32(0x80000000u)));
  return arith::SelectOp::create(b, loc, denormal, sign, v);
}

Value mlir::ta::tflegalize::eigenTailStart(OpBuilder &b, Location loc,
                                           ValueRange dims) {
  Value count = arith::ConstantIndexOp::create(b, loc, 1);
  for (Value dim : dims)
    count = arith::MulIOp::create(b, loc, count, dim);
  return arith::SubIOp::create(
      b, loc, count,
      arith::RemUIOp::create(b, loc, count,
                             arith::ConstantIndexOp::create(b, loc, 8)));
}

Value mlir::ta::tflegalize::inEigenTail(OpBuilder &b, Location loc,
                                        ValueRange dims, Value tailStart) {
  Value linear = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [k, dim] : llvm::enumerate(dims))
    linear = arith::AddIOp::create(b, loc,
                                   arith::MulIOp::create(b, loc, linear, dim),
                                   linalg::IndexOp::create(b, loc, k));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, linear,
                               tailStart);
}

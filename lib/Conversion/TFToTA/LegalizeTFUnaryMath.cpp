//===- LegalizeTFUnaryMath.cpp - rounding, sign, trigonometry, rsqrt ------===//
//
// Unary ops of one linalg.generic each:
//
//  - exact, as TensorFlow's kernels: tf.Floor, Ceil, Round (half to even,
//    the sign of zero kept; integers unchanged), Sign (-1, 0 or 1; +0 for
//    both zeros, NaN for NaN; integers too), IsFinite (false for NaN and
//    infinities), and tf.StopGradient and PreventGradient, which are the
//    identity when a program runs;
//  - through the C library: tf.Sin, Cos (sinf, cosf), Rsqrt (1 / sqrt,
//    each correctly rounded), Erf and Erfc on f32 (erff, erfcf: gelu);
//    denormal operands read as zeros and denormal results flushed, as
//    TensorFlow's flush-to-zero mode does.
//    TensorFlow's CPU kernels compute these with Eigen's packet approximations
//    (psin_float, pcos_float, and for rsqrt the processor's rsqrtps estimate
//    refined by one Newton step, which differs between processors), so no
//    lowering reproduces them bit for bit everywhere; the corpus checks the ulp
//    bound docs/embedding.md states.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

enum class Fn {
  Floor,
  Ceil,
  Round,
  Sign,
  IsFinite,
  Identity,
  Sin,
  Cos,
  Rsqrt,
  Erf,
  Erfc
};

Fn fnOf(Operation *op) {
  return llvm::StringSwitch<Fn>(op->getName().getStringRef())
      .Case("tf.Floor", Fn::Floor)
      .Case("tf.Ceil", Fn::Ceil)
      .Case("tf.Round", Fn::Round)
      .Case("tf.Sign", Fn::Sign)
      .Case("tf.IsFinite", Fn::IsFinite)
      .Case("tf.Sin", Fn::Sin)
      .Case("tf.Cos", Fn::Cos)
      .Case("tf.Rsqrt", Fn::Rsqrt)
      .Case("tf.Erf", Fn::Erf)
      .Case("tf.Erfc", Fn::Erfc)
      .Default(Fn::Identity);
}

/// Whether `fn` takes integers as well as floats.
bool takesIntegers(Fn fn) {
  return fn == Fn::Round || fn == Fn::Sign || fn == Fn::Identity;
}

std::string unsupportedUnaryMath(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  Fn fn = fnOf(op);
  RankedTensorType input = rankedType(op->getOperand(0));
  RankedTensorType result = rankedType(op->getResult(0));
  Type expected = fn == Fn::IsFinite ? IntegerType::get(op->getContext(), 1)
                                     : input.getElementType();
  if (result.getElementType() != expected ||
      failed(verifyCompatibleShape(input.getShape(), result.getShape())))
    return fn == Fn::IsFinite ? "needs a bool result of its operand's shape"
                              : "needs an operand and a result of one type";
  bool isFloat = isa<FloatType>(input.getElementType());
  if ((fn == Fn::Erf || fn == Fn::Erfc) && !input.getElementType().isF32())
    return "needs an f32 operand (ta-legalize-tf calls the C library's f32 "
           "function)";
  if (!isFloat && !(takesIntegers(fn) && !input.getElementType().isInteger(1)))
    return takesIntegers(fn) ? "needs a numeric operand"
                             : "needs a float operand (TensorFlow's kernel of "
                               "this op is on floats)";
  return "";
}

Value compute(OpBuilder &b, Location loc, Fn fn, Value x, func::FuncOp libm) {
  Type type = x.getType();
  bool isFloat = isa<FloatType>(type);
  auto constant = [&](double v) -> Value {
    return arith::ConstantOp::create(
        b, loc,
        isFloat ? TypedAttr(b.getFloatAttr(type, v))
                : TypedAttr(b.getIntegerAttr(type, static_cast<int64_t>(v))));
  };
  switch (fn) {
  case Fn::Floor:
    return math::FloorOp::create(b, loc, x);
  case Fn::Ceil:
    return math::CeilOp::create(b, loc, x);
  case Fn::Round:
    return isFloat ? Value(math::RoundEvenOp::create(b, loc, x)) : x;
  case Fn::Sign: {
    Value zero = constant(0);
    if (!isFloat) {
      Value positive =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero);
      Value negative =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
      return arith::SelectOp::create(
          b, loc, positive, constant(1),
          arith::SelectOp::create(b, loc, negative, constant(-1), zero));
    }
    // x > 0 ? 1 : x < 0 ? -1 : (NaN ? x : +0).
    Value positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    Value negative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
    Value nan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    Value rest = arith::SelectOp::create(b, loc, nan, x, zero);
    return arith::SelectOp::create(
        b, loc, positive, constant(1),
        arith::SelectOp::create(b, loc, negative, constant(-1), rest));
  }
  case Fn::IsFinite: {
    Value magnitude = math::AbsFOp::create(b, loc, x);
    return arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::ONE, magnitude,
        constant(std::numeric_limits<double>::infinity()));
  }
  // The C library's functions read denormals as zeros and their denormal
  // results are flushed, as in TensorFlow.
  case Fn::Sin:
    return flushDenormal(b, loc,
                         math::SinOp::create(b, loc, flushDenormal(b, loc, x)));
  case Fn::Cos:
    return flushDenormal(b, loc,
                         math::CosOp::create(b, loc, flushDenormal(b, loc, x)));
  case Fn::Rsqrt:
    return arith::DivFOp::create(
        b, loc, constant(1),
        math::SqrtOp::create(b, loc, flushDenormal(b, loc, x)));
  case Fn::Erf:
  case Fn::Erfc:
    return flushDenormal(
        b, loc,
        func::CallOp::create(b, loc, libm, flushDenormal(b, loc, x))
            .getResult(0));
  case Fn::Identity:
    return x;
  }
  llvm_unreachable("a unary op");
}

LogicalResult rewriteUnaryMath(Operation *op, ValueRange operands,
                               ConversionPatternRewriter &rewriter) {
  Fn fn = fnOf(op);
  Location loc = op->getLoc();
  if (fn == Fn::Identity) {
    rewriter.replaceOp(
        op, castTo(rewriter, loc, operands[0], op->getResult(0).getType()));
    return success();
  }
  auto input = cast<RankedTensorType>(operands[0].getType());
  auto type = RankedTensorType::get(
      input.getShape(), rankedType(op->getResult(0)).getElementType());
  func::FuncOp libm = fn == Fn::Erf    ? declareLibm(rewriter, op, "erff")
                      : fn == Fn::Erfc ? declareLibm(rewriter, op, "erfcf")
                                       : func::FuncOp();
  Value mapped = mapElements(rewriter, loc, operands[0], type,
                             [&](OpBuilder &b, Location l, Value x) {
                               return compute(b, l, fn, x, libm);
                             });
  rewriter.replaceOp(op,
                     castTo(rewriter, loc, mapped, op->getResult(0).getType()));
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.Floor", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Ceil", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Round", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Sign", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.IsFinite", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.StopGradient", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.PreventGradient", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Sin", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Cos", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Rsqrt", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Erf", unsupportedUnaryMath, rewriteUnaryMath},
    {"tf.Erfc", unsupportedUnaryMath, rewriteUnaryMath}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::unaryMathLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFUnaryMathToLinalgPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, unaryMathLowerings());
}

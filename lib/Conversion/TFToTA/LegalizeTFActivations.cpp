//===- LegalizeTFActivations.cpp - activations and their gradients --------===//
//
// The activations of Keras layers and tf.nn and the gradients TensorFlow
// takes of them and of square roots, each one linalg.generic computing what
// TensorFlow's CPU kernel computes (relu_op_functor.h, softplus_op.h,
// cwise_ops_gradients.h), as one Eigen expression: where it holds an exp or
// a log1p, Eigen's packet path on all but the last n % 8 elements and its
// scalar path (the C library) on those (LegalizeTFMath.cpp):
//
//  - Relu6: max(x, 0) then min(., 6), NaN passing through (Eigen's
//    cwiseMax/cwiseMin<PropagateNaN>, x < 0 ? 0 : x, so -0 stays -0);
//    Relu6Grad: g * (0 < f < 6 ? 1 : 0);
//  - Elu: x < 0 ? exp(x) - 1 : x; EluGrad (of the activations a):
//    a < 0 ? (a + 1) * g : g; Selu: x < 0 ? scale_alpha * (exp(x) - 1)
//    : scale * x; SeluGrad: a < 0 ? g * (a + scale_alpha) : g * scale;
//  - Softplus: x > -t ? x : x < t ? exp(x) : log1p(exp(x)) with t =
//    log(f32 epsilon) + 2; SoftplusGrad: g / (exp(-f) + 1);
//  - LeakyReluGrad: f > 0 ? g : g * alpha;
//  - SqrtGrad (y, dy): Eigen's packet 0 where dy is 0, else (0.5 / y) * dy;
//    its scalar tail 0 where dy is 0, else (0.5 * dy) / y;
//  - RsqrtGrad (y, dy): packet mul_no_nan(-0.5 * (y * y), mul_no_nan(y,
//    dy)); scalar 0 where dy is 0, else (-0.5 * (dy * y)) * (y * y).
//
// Each multiply and add is one rounded f32 operation, and an f32 result that
// is a denormal is flushed to the zero of its sign, as TensorFlow's
// flush-to-zero mode does (SoftplusGrad of -85 divides by exp(85)).
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

enum class Act {
  Relu6,
  Relu6Grad,
  Elu,
  EluGrad,
  Selu,
  SeluGrad,
  Softplus,
  SoftplusGrad,
  LeakyReluGrad,
  SqrtGrad,
  RsqrtGrad
};

Act actOf(Operation *op) {
  return llvm::StringSwitch<Act>(op->getName().getStringRef())
      .Case("tf.Relu6", Act::Relu6)
      .Case("tf.Relu6Grad", Act::Relu6Grad)
      .Case("tf.Elu", Act::Elu)
      .Case("tf.EluGrad", Act::EluGrad)
      .Case("tf.Selu", Act::Selu)
      .Case("tf.SeluGrad", Act::SeluGrad)
      .Case("tf.Softplus", Act::Softplus)
      .Case("tf.SoftplusGrad", Act::SoftplusGrad)
      .Case("tf.LeakyReluGrad", Act::LeakyReluGrad)
      .Case("tf.SqrtGrad", Act::SqrtGrad)
      .Default(Act::RsqrtGrad);
}

bool isUnary(Act act) {
  return act == Act::Relu6 || act == Act::Elu || act == Act::Selu ||
         act == Act::Softplus;
}

/// Whether the kernel of `act` is one Eigen expression with a packet and a
/// scalar path that differ.
bool hasTail(Act act) {
  return act == Act::Elu || act == Act::Selu || act == Act::Softplus ||
         act == Act::SoftplusGrad || act == Act::SqrtGrad ||
         act == Act::RsqrtGrad;
}

// SELU's constants, as TensorFlow's kernel rounds them to float.
constexpr float kSeluScale = 1.0507009873554804934193349852946f;
constexpr float kSeluScaleAlpha = 1.7580993408473768599402175208123f;

/// Scalar arithmetic on one float type, one rounded operation each.
struct Arith {
  OpBuilder &b;
  Location loc;
  Type type;

  Value c(double v) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, v));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value select(Value p, Value x, Value y) {
    return arith::SelectOp::create(b, loc, p, x, y);
  }
  /// An f32 denormal as the zero of its sign (TensorFlow runs with
  /// flush-to-zero); other types unchanged.
  Value flush(Value v) { return flushDenormal(b, loc, v); }
  /// Eigen's mul_no_nan(a, b): 0 where b is 0, else a * b.
  Value mulNoNan(Value a, Value x) {
    return select(cmp(arith::CmpFPredicate::OEQ, x, c(0)), c(0), mul(a, x));
  }
};

/// The scalar (`tail`) or packet path of one element of `act`, `x` the
/// operand of an activation, `g` and `x` those of a gradient.
Value element(Arith &a, Act act, Value g, Value x, Value tail,
              func::FuncOp expf, func::FuncOp log1pf) {
  auto exp = [&](Value v) { return eigenExp(a.b, a.loc, expf, v, tail); };
  switch (act) {
  case Act::Relu6: {
    Value relu = a.select(a.lt(x, a.c(0)), a.c(0), x);
    return a.select(a.lt(a.c(6), relu), a.c(6), relu);
  }
  case Act::Relu6Grad: {
    Value inside =
        arith::AndIOp::create(a.b, a.loc, a.lt(a.c(0), x), a.lt(x, a.c(6)));
    return a.mul(g, a.select(inside, a.c(1), a.c(0)));
  }
  case Act::Elu:
    return a.select(a.lt(x, a.c(0)), a.sub(exp(x), a.c(1)), x);
  case Act::EluGrad:
    return a.select(a.lt(x, a.c(0)), a.mul(a.add(x, a.c(1)), g), g);
  case Act::Selu:
    return a.select(a.lt(x, a.c(0)),
                    a.mul(a.c(kSeluScaleAlpha), a.sub(exp(x), a.c(1))),
                    a.mul(a.c(kSeluScale), x));
  case Act::SeluGrad:
    return a.select(a.lt(x, a.c(0)), a.mul(g, a.add(x, a.c(kSeluScaleAlpha))),
                    a.mul(g, a.c(kSeluScale)));
  case Act::Softplus: {
    // log(FLT_EPSILON) + 2, as the kernel computes it in float.
    float threshold = std::log(std::numeric_limits<float>::epsilon()) + 2.0f;
    Value e = exp(x);
    Value log1p = eigenLog1p(a.b, a.loc, log1pf, e, tail);
    return a.select(a.lt(a.c(-threshold), x), x,
                    a.select(a.lt(x, a.c(threshold)), e, log1p));
  }
  case Act::SoftplusGrad: {
    Value negated = arith::NegFOp::create(a.b, a.loc, x);
    return a.div(g, a.add(exp(negated), a.c(1)));
  }
  case Act::LeakyReluGrad:
    llvm_unreachable("computed with its alpha");
  case Act::SqrtGrad: {
    // Operands (y, dy): here g is y and x is dy.
    Value scalar = a.div(a.mul(a.c(0.5), x), g);
    Value packet = a.mul(a.div(a.c(0.5), g), x);
    Value zero = a.cmp(arith::CmpFPredicate::OEQ, x, a.c(0));
    return a.select(zero, a.c(0), a.select(tail, scalar, packet));
  }
  case Act::RsqrtGrad: {
    Value square = a.mul(g, g);
    Value scalar = a.mul(a.mul(a.c(-0.5), a.mul(x, g)), square);
    Value packet = a.mulNoNan(a.mul(a.c(-0.5), square), a.mulNoNan(g, x));
    Value zero = a.cmp(arith::CmpFPredicate::OEQ, x, a.c(0));
    return a.select(tail, a.select(zero, a.c(0), scalar), packet);
  }
  }
  llvm_unreachable("an activation");
}

std::string unsupportedActivation(Operation *op) {
  Act act = actOf(op);
  unsigned operands = isUnary(act) ? 1 : 2;
  if (std::string why = checkSignature(op, operands, 1); !why.empty())
    return why;
  RankedTensorType result = rankedType(op->getResult(0));
  bool sameTypes = llvm::all_of(op->getOperands(), [&](Value v) {
    RankedTensorType type = rankedType(v);
    return type.getElementType() == result.getElementType() &&
           succeeded(verifyCompatibleShape(type.getShape(), result.getShape()));
  });
  if (!sameTypes || (operands == 2 && !result.hasStaticShape()))
    return operands == 1 ? "needs an operand and a result of one type"
                         : "needs operands and a result of one static type";
  if (hasTail(act) ? !result.getElementType().isF32()
                   : !isa<FloatType>(result.getElementType()))
    return hasTail(act) ? "needs f32 tensors (ta-legalize-tf computes "
                          "TensorFlow's f32 kernel of this op)"
                        : "needs float tensors";
  return "";
}

LogicalResult rewriteActivation(Operation *op, ValueRange operands,
                                ConversionPatternRewriter &rewriter) {
  Act act = actOf(op);
  Location loc = op->getLoc();
  auto input = cast<RankedTensorType>(operands.back().getType());
  RankedTensorType type = input.clone(rankedType(op->getResult(0)).getShape());
  int64_t rank = type.getRank();
  SmallVector<Value> dims;
  for (int64_t k = 0; k < rank; ++k)
    dims.push_back(tensor::DimOp::create(rewriter, loc, operands.back(), k));
  Value tailStart =
      hasTail(act) ? eigenTailStart(rewriter, loc, dims) : Value();
  bool usesExp = act == Act::Elu || act == Act::Selu || act == Act::Softplus ||
                 act == Act::SoftplusGrad;
  func::FuncOp expf =
      usesExp ? declareLibm(rewriter, op, "expf") : func::FuncOp();
  func::FuncOp log1pf = act == Act::Softplus
                            ? declareLibm(rewriter, op, "log1pf")
                            : func::FuncOp();
  auto alpha = op->getAttrOfType<FloatAttr>("alpha");
  auto id = rewriter.getMultiDimIdentityMap(rank);
  SmallVector<AffineMap> maps(operands.size() + 1, id);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, operands,
      emptyLike(rewriter, loc, type, operands.back()), maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Arith a{b, l, type.getElementType()};
        Value g = args.size() == 3 ? args[0] : Value();
        Value x = args[args.size() - 2];
        if (act == Act::LeakyReluGrad) {
          // alpha as TensorFlow's kernel holds it, in the element type.
          Value scaled = a.mul(g, a.c(alpha ? alpha.getValueAsDouble() : 0.2));
          linalg::YieldOp::create(b, l, a.select(a.lt(a.c(0), x), g, scaled));
          return;
        }
        Value tail =
            hasTail(act) ? inEigenTail(b, l, dims, tailStart) : Value();
        linalg::YieldOp::create(
            b, l, a.flush(element(a, act, g, x, tail, expf, log1pf)));
      });
  rewriter.replaceOp(op, castTo(rewriter, loc, generic.getResult(0),
                                op->getResult(0).getType()));
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.Relu6", unsupportedActivation, rewriteActivation},
    {"tf.Relu6Grad", unsupportedActivation, rewriteActivation},
    {"tf.Elu", unsupportedActivation, rewriteActivation},
    {"tf.EluGrad", unsupportedActivation, rewriteActivation},
    {"tf.Selu", unsupportedActivation, rewriteActivation},
    {"tf.SeluGrad", unsupportedActivation, rewriteActivation},
    {"tf.Softplus", unsupportedActivation, rewriteActivation},
    {"tf.SoftplusGrad", unsupportedActivation, rewriteActivation},
    {"tf.LeakyReluGrad", unsupportedActivation, rewriteActivation},
    {"tf.SqrtGrad", unsupportedActivation, rewriteActivation},
    {"tf.RsqrtGrad", unsupportedActivation, rewriteActivation}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::activationLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFActivationToLinalgPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, activationLowerings());
}

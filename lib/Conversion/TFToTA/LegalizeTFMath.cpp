//===- LegalizeTFMath.cpp - TensorFlow's f32 tanh, exp, sigmoid, log(1p) --===//
//
// tf.Tanh, tf.Exp, tf.Sigmoid, tf.Log and tf.Log1p on f32, bit for bit as
// TensorFlow's CPU kernels compute them. Those kernels are not correctly
// rounded: they are Eigen's packet math as built into TensorFlow 2.21's wheel
// (AVX, no FMA, denormals flushed to zero), so a correctly rounded lowering
// would differ by up to 6 ulp. The algorithms, their constants and the
// measurement that they agree with TensorFlow at every one of ~1.1 million
// points per function (test/TF/SURVEY.md) are transcribed here:
//
//  - tanh: Eigen's ptanh_float (the non-FMA [9/8] rational approximation),
//    the same on every element;
//  - exp, sigmoid: Eigen's pexp_float / scalar_logistic_op<float> packet
//    path on all but the last n % 8 elements of a tensor of n, which
//    Eigen's scalar path computes with the C library's expf (the lowering
//    calls `expf`, created on first use);
//  - log: Eigen's plog_float on the packets, the C library's logf on the
//    tail (glibc's logf reads a denormal as TensorFlow's flush-to-zero
//    makes it: see scalarElement);
//  - log1p: Eigen's generic_plog1p on the packets (x where 1 + x rounds to
//    1 or log(1 + x) is +inf, else x * (log(1 + x) / ((1 + x) - 1)), log
//    as above), the C library's log1pf on the tail.
//
// Every multiply and add is a separate rounded f32 operation (no fastmath
// flags: LLVM does not contract them).
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "TFUtils.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

/// Scalar f32 arithmetic, one rounded operation each.
struct F32 {
  OpBuilder &b;
  Location loc;

  Value c(uint32_t bits) {
    return arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr(llvm::bit_cast<float>(bits)));
  }
  Value i32(int32_t v) { return arith::ConstantIntOp::create(b, loc, v, 32); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  /// x * y + z, rounded twice.
  Value madd(Value x, Value y, Value z) { return add(mul(x, y), z); }
  Value lt(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
  }
  Value select(Value p, Value x, Value y) {
    return arith::SelectOp::create(b, loc, p, x, y);
  }
  /// x86's minps/maxps: `a` when the comparison fails (a NaN in `a` passes).
  Value pmin(Value a, Value x) { return select(lt(x, a), x, a); }
  Value pmax(Value a, Value x) { return select(lt(a, x), x, a); }
  Value bits(Value v) {
    return arith::BitcastOp::create(b, loc, b.getI32Type(), v);
  }
  Value fromBits(Value v) {
    return arith::BitcastOp::create(b, loc, b.getF32Type(), v);
  }
  /// Denormals to a zero of the same sign (TensorFlow's flush-to-zero).
  Value flush(Value v) {
    Value raw = bits(v);
    Value exponent = arith::AndIOp::create(b, loc, raw, i32(0x7f800000));
    Value denormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           exponent, i32(0));
    Value sign = arith::AndIOp::create(b, loc, raw,
                                       i32(static_cast<int32_t>(0x80000000u)));
    return select(denormal, fromBits(sign), v);
  }
  /// cvttps2dq of a float holding an integer (NaN taken as 0, which the
  /// callers' NaN results do not depend on).
  Value toInt(Value v) {
    Value nan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
    return arith::FPToSIOp::create(b, loc, b.getI32Type(),
                                   select(nan, c(0), v));
  }
  /// 2^k for an i32 k in the normal exponent range (k + 127 in [1, 254]).
  Value pow2(Value k) {
    return fromBits(arith::ShLIOp::create(
        b, loc, arith::AddIOp::create(b, loc, k, i32(127)), i32(23)));
  }
};

// Constants (float bit patterns).
constexpr uint32_t kOne = 0x3f800000, kHalf = 0x3f000000, kZero = 0;
constexpr uint32_t kPosInf = 0x7f800000, kNegInf = 0xff800000;
constexpr uint32_t kLog2e = 0x3fb8aa3b, kC1 = 0xbf318000, kC2 = 0x395e8083;
constexpr uint32_t kExpLow = 0xc2d00000; // -104
constexpr uint32_t kExpHigh = 0x42b1722d;
constexpr uint32_t kSigmoidHigh = 0x41851592;

Value tanh(F32 &f, Value in) {
  Value a = f.flush(in);
  Value x = f.pmax(f.pmin(a, f.c(0x40fd0956)), f.c(0xc0fd0956));
  Value x2 = f.mul(x, x);
  Value x3 = f.mul(x2, x);
  Value p = f.c(0x326f951e);
  for (uint32_t alpha : {0x37b063dcu, 0x3b66bc7fu, 0x3e093cf6u})
    p = f.madd(p, x2, f.c(alpha));
  Value q = f.c(0x35572c00);
  for (uint32_t beta : {0x39ae6d96u, 0x3cd4c460u, 0x3eef4922u, kOne})
    q = f.madd(q, x2, f.c(beta));
  p = f.madd(x3, p, x);
  return f.flush(f.div(p, q));
}

/// The range reduction both packet paths share: m = floor(x log2(e) + 1/2),
/// r = x - m ln(2) in two steps.
std::pair<Value, Value> reduce(F32 &f, Value x) {
  Value m =
      math::FloorOp::create(f.b, f.loc, f.madd(x, f.c(kLog2e), f.c(kHalf)));
  Value r = f.madd(m, f.c(kC1), x);
  r = f.madd(m, f.c(kC2), r);
  return {m, r};
}

Value expPacket(F32 &f, Value in) {
  Value big = f.flush(in);
  Value underflow = f.lt(big, f.c(kExpLow));
  Value x = f.pmin(big, f.c(kExpHigh));
  auto [m, r] = reduce(f, x);
  Value r2 = f.mul(r, r);
  Value even = f.madd(r2, f.c(0x3ab42872), f.c(0x3d2aadcc));
  Value odd = f.madd(r2, f.c(0x3c091de6), f.c(0x3e2aaa47));
  even = f.madd(r2, even, f.c(0x3efffffc));
  Value low = f.add(r, f.c(kOne));
  Value y = f.madd(r, odd, even);
  y = f.madd(r2, y, low);
  // y * 2^m in one rounding (Eigen's pldexp_fast / pldexp: the same value):
  // e = m clamped to [-278, 278], 2^e as (2^(e>>2))^3 * 2^(e - 3(e>>2)).
  Value e = f.toInt(f.pmin(f.pmax(m, f.c(0xc38b0000)), f.c(0x438b0000)));
  Value quarter = arith::ShRSIOp::create(f.b, f.loc, e, f.i32(2));
  Value c = f.pow2(quarter);
  Value res = f.mul(f.mul(f.mul(y, c), c), c);
  Value rest = arith::SubIOp::create(
      f.b, f.loc, e, arith::MulIOp::create(f.b, f.loc, quarter, f.i32(3)));
  res = f.mul(res, f.pow2(rest));
  res = f.pmax(res, big);
  return f.flush(f.select(underflow, f.c(kZero), res));
}

Value sigmoidPacket(F32 &f, Value in) {
  Value big = f.flush(in);
  Value underflow = f.lt(big, f.c(kExpLow));
  Value x = f.mul(f.pmin(big, f.c(kSigmoidHigh)), f.c(kHalf));
  auto [m, r] = reduce(f, x);
  Value r2 = f.mul(r, r);
  Value even = f.madd(r2, f.c(0x3d2b9df0), f.c(0x3efffee0));
  Value odd = f.madd(r2, f.c(0x3c088e52), f.c(0x3e2aab38));
  Value low = f.add(r, f.c(kOne));
  Value p = f.madd(r, odd, even);
  p = f.madd(r2, p, low);
  // 2^m with m + 127 clamped to [0, 255] (pldexp_fast).
  Value k = f.toInt(
      f.pmin(f.pmax(f.add(m, f.c(0x42fe0000)), f.c(kZero)), f.c(0x437f0000)));
  Value scale = f.fromBits(arith::ShLIOp::create(f.b, f.loc, k, f.i32(23)));
  Value e = f.mul(p, scale);
  e = f.mul(e, e);
  Value sigmoid = f.div(e, f.add(f.c(kOne), e));
  return f.flush(f.select(underflow, f.c(kZero), sigmoid));
}

/// Eigen's plog_float: x = 2^e m with m in [sqrt(1/2), sqrt(2)), log(m)
/// from a [3/3] rational function of m - 1, plus e ln(2). Denormals are
/// zeros (-inf); negative inputs and NaN give Eigen's all-ones NaN.
Value logPacket(F32 &f, Value in) {
  Value a = f.flush(in);
  Value raw = f.bits(a);
  // pfrexp: the mantissa in [0.5, 1) and the exponent, of a normal number
  // (the selects below decide every other input).
  Value biased = arith::ShRUIOp::create(
      f.b, f.loc, arith::AndIOp::create(f.b, f.loc, raw, f.i32(0x7f800000)),
      f.i32(23));
  Value e = arith::SIToFPOp::create(
      f.b, f.loc, f.b.getF32Type(),
      arith::SubIOp::create(f.b, f.loc, biased, f.i32(126)));
  Value x = f.fromBits(arith::OrIOp::create(
      f.b, f.loc,
      arith::AndIOp::create(f.b, f.loc, raw,
                            f.i32(static_cast<int32_t>(0x807fffffu))),
      f.i32(kHalf)));
  // m < sqrt(1/2): 2m - 1 and e - 1; otherwise m - 1.
  Value low = f.lt(x, f.c(0x3f3504f3));
  Value tmp = f.select(low, x, f.c(kZero));
  x = arith::SubFOp::create(f.b, f.loc, x, f.c(kOne));
  e = arith::SubFOp::create(f.b, f.loc, e,
                            f.select(low, f.c(kOne), f.c(kZero)));
  x = f.add(x, tmp);
  Value p = f.c(0x3e3af1c9);
  for (uint32_t alpha : {kOne, kOne})
    p = f.madd(p, x, f.c(alpha));
  p = f.mul(x, p);
  Value q = f.c(0x3d4b3a68);
  for (uint32_t beta : {0x3f19674du, 0x3fc00000u, kOne})
    q = f.madd(q, x, f.c(beta));
  Value log = f.madd(e, f.c(0x3f317218), f.div(p, q));
  // Zeros (and denormals) -inf, +inf itself, negatives and NaN NaN.
  Value valid = arith::CmpFOp::create(f.b, f.loc, arith::CmpFPredicate::OGE, a,
                                      f.c(kZero));
  Value isZero = arith::CmpFOp::create(f.b, f.loc, arith::CmpFPredicate::OEQ, a,
                                       f.c(kZero));
  Value isInf = arith::CmpFOp::create(f.b, f.loc, arith::CmpFPredicate::OEQ, a,
                                      f.c(kPosInf));
  log = f.select(isInf, f.c(kPosInf), log);
  log = f.select(valid, log, f.fromBits(f.i32(-1)));
  return f.select(isZero, f.c(kNegInf), log);
}

/// The C library's `name` (expf, logf), declared on first use.
func::FuncOp libmFunction(OpBuilder &b, Operation *op, StringRef name) {
  auto module = op->getParentOfType<ModuleOp>();
  if (auto fn = module.lookupSymbol<func::FuncOp>(name))
    return fn;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto fn = func::FuncOp::create(
      b, op->getLoc(), name,
      b.getFunctionType({b.getF32Type()}, {b.getF32Type()}));
  fn.setPrivate();
  return fn;
}

/// Eigen's generic_plog1p: log(1 + x) scaled by x / ((1 + x) - 1), which
/// cancels the rounding of 1 + x; x itself where 1 + x is 1 or +inf.
Value log1pPacket(F32 &f, Value x) {
  Value xp1 = f.add(x, f.c(kOne));
  Value small = arith::CmpFOp::create(f.b, f.loc, arith::CmpFPredicate::OEQ,
                                      xp1, f.c(kOne));
  Value log1 = logPacket(f, xp1);
  Value inf =
      arith::CmpFOp::create(f.b, f.loc, arith::CmpFPredicate::OEQ, xp1, log1);
  Value large =
      f.mul(x, f.div(log1, arith::SubFOp::create(f.b, f.loc, xp1, f.c(kOne))));
  return f.select(arith::OrIOp::create(f.b, f.loc, small, inf), x, large);
}

enum class Fn { Tanh, Exp, Sigmoid, Log, Log1p };

/// The scalar path of `fn`: the C library's `libm` (expf, logf, log1pf) as
/// it runs in TensorFlow, with denormals read as zeros. glibc's logf scales a
/// denormal by 2^23 first, which then is 0: every positive denormal has the
/// log of 2^-150, -103.97208; a negative one is NaN.
Value scalarElement(F32 &t, func::FuncOp libm, Fn fn, Value x) {
  if (fn == Fn::Log1p)
    return func::CallOp::create(t.b, t.loc, libm, x).getResult(0);
  if (fn == Fn::Log) {
    Value raw = t.bits(x);
    Value magnitude = arith::AndIOp::create(t.b, t.loc, raw, t.i32(0x7fffffff));
    Value denormal = arith::AndIOp::create(
        t.b, t.loc,
        arith::CmpIOp::create(t.b, t.loc, arith::CmpIPredicate::ne, magnitude,
                              t.i32(0)),
        arith::CmpIOp::create(t.b, t.loc, arith::CmpIPredicate::ult, magnitude,
                              t.i32(0x00800000)));
    Value negative = arith::CmpIOp::create(
        t.b, t.loc, arith::CmpIPredicate::slt, raw, t.i32(0));
    Value flushed =
        t.select(negative, t.c(0xffc00000), t.c(0xc2cff1b4)); // NaN, -103.97
    Value log = func::CallOp::create(t.b, t.loc, libm, x).getResult(0);
    return t.select(denormal, flushed, log);
  }
  bool exp = fn == Fn::Exp;
  Value arg = exp ? t.flush(x) : t.flush(t.pmin(x, t.c(kSigmoidHigh)));
  Value e = func::CallOp::create(t.b, t.loc, libm, arg).getResult(0);
  Value out = exp ? e : t.div(e, t.add(t.c(kOne), e));
  return t.flush(out);
}

/// TensorFlow's exp, sigmoid or log of one f32 element: Eigen's packet
/// path, or the scalar path through the C library's `libm` where `tail`
/// holds.
Value eigenElement(OpBuilder &b, Location loc, func::FuncOp libm, Fn fn,
                   Value x, Value tail) {
  auto branch = scf::IfOp::create(b, loc, b.getF32Type(), tail,
                                  /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(branch.thenBlock());
  F32 t{b, loc};
  scf::YieldOp::create(b, loc, scalarElement(t, libm, fn, x));
  b.setInsertionPointToStart(branch.elseBlock());
  F32 p{b, loc};
  Value packet = fn == Fn::Exp     ? expPacket(p, x)
                 : fn == Fn::Log   ? logPacket(p, x)
                 : fn == Fn::Log1p ? log1pPacket(p, x)
                                   : sigmoidPacket(p, x);
  scf::YieldOp::create(b, loc, packet);
  return branch.getResult(0);
}

Fn fnOf(Operation *op) {
  return llvm::StringSwitch<Fn>(op->getName().getStringRef())
      .Case("tf.Tanh", Fn::Tanh)
      .Case("tf.Exp", Fn::Exp)
      .Case("tf.Log", Fn::Log)
      .Case("tf.Log1p", Fn::Log1p)
      .Default(Fn::Sigmoid);
}

std::string unsupportedTranscendental(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  auto input = cast<RankedTensorType>(op->getOperand(0).getType());
  if (!type.getElementType().isF32() ||
      input.getElementType() != type.getElementType() ||
      failed(verifyCompatibleShape(input.getShape(), type.getShape())))
    return "needs an f32 operand and result of one type (ta-legalize-tf "
           "computes TensorFlow's f32 kernels)";
  return "";
}

LogicalResult rewriteTranscendental(Operation *op, ValueRange operands,
                                    ConversionPatternRewriter &rewriter) {
  Fn fn = fnOf(op);
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  Location loc = op->getLoc();
  int64_t rank = type.getRank();
  // The linear index of an element and the number of elements, for the
  // scalar tail of exp and sigmoid.
  SmallVector<Value> dims;
  for (int64_t k = 0; k < rank; ++k)
    dims.push_back(tensor::DimOp::create(rewriter, loc, operands[0], k));
  Value tailStart = eigenTailStart(rewriter, loc, dims);
  func::FuncOp libm = fn == Fn::Tanh    ? func::FuncOp()
                      : fn == Fn::Log   ? libmFunction(rewriter, op, "logf")
                      : fn == Fn::Log1p ? libmFunction(rewriter, op, "log1pf")
                                        : libmFunction(rewriter, op, "expf");
  SmallVector<Value> dynamic;
  for (int64_t k = 0; k < rank; ++k)
    if (type.isDynamicDim(k))
      dynamic.push_back(dims[k]);
  Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                       type.getElementType(), dynamic);
  auto id = rewriter.getMultiDimIdentityMap(rank);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, operands[0], init, SmallVector<AffineMap>{id, id},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        F32 f{b, loc};
        Value x = args[0];
        if (fn == Fn::Tanh) {
          linalg::YieldOp::create(b, loc, tanh(f, x));
          return;
        }
        Value tail = inEigenTail(b, loc, dims, tailStart);
        linalg::YieldOp::create(b, loc,
                                eigenElement(b, loc, libm, fn, x, tail));
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.Tanh", unsupportedTranscendental, rewriteTranscendental},
    {"tf.Exp", unsupportedTranscendental, rewriteTranscendental},
    {"tf.Sigmoid", unsupportedTranscendental, rewriteTranscendental},
    {"tf.Log", unsupportedTranscendental, rewriteTranscendental},
    {"tf.Log1p", unsupportedTranscendental, rewriteTranscendental}};

} // namespace

func::FuncOp mlir::ta::tflegalize::declareLibm(OpBuilder &b, Operation *op,
                                               StringRef name) {
  return libmFunction(b, op, name);
}

Value mlir::ta::tflegalize::eigenExp(OpBuilder &b, Location loc,
                                     func::FuncOp libm, Value x, Value inTail) {
  return eigenElement(b, loc, libm, Fn::Exp, x, inTail);
}

Value mlir::ta::tflegalize::eigenLog(OpBuilder &b, Location loc,
                                     func::FuncOp libm, Value x, Value inTail) {
  return eigenElement(b, loc, libm, Fn::Log, x, inTail);
}

Value mlir::ta::tflegalize::eigenLog1p(OpBuilder &b, Location loc,
                                       func::FuncOp libm, Value x,
                                       Value inTail) {
  return eigenElement(b, loc, libm, Fn::Log1p, x, inTail);
}

ArrayRef<Lowering> mlir::ta::tflegalize::transcendentalLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFTranscendentalToArithPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, transcendentalLowerings());
}

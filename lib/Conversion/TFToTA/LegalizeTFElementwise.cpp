//===- LegalizeTFElementwise.cpp - TensorFlow's elementwise ops -----------===//
//
// Binary arithmetic, comparisons and logic with TensorFlow's (numpy's)
// broadcasting, tf.AddN (summed from the left, as TensorFlow's kernel
// does), tf.SquaredDifference ((x - y)^2, as Eigen's abs2 of the
// difference), tf.Pow (the C library's pow, on floats: within 1 ulp of
// Eigen's generic_pow), and the unary tf.Neg, Square, Abs, Sqrt (correctly
// rounded, as sqrtps is), Reciprocal (1 / x), LeakyRelu and Cast, each one
// linalg.generic computing what TensorFlow's CPU kernels compute:
//
//  - shapes broadcast from the right; a dim of size 1 broadcasts. Dims known
//    only at run time are checked there ("Incompatible shapes: [2] vs. [3]"),
//    and an operand whose dynamic dim may be 1 is read through an index that
//    is 0 where it is;
//  - tf.Maximum/Minimum propagate NaN and otherwise return the first operand
//    on ties (Eigen's `a < b ? b : a`), so max(-0.0, 0.0) is -0.0;
//  - tf.FloorDiv and tf.FloorMod round toward -inf (floor(x / y), and
//    fmod moved to the divisor's sign, for floats); tf.Div of integers and
//    tf.TruncateDiv toward zero (trunc(x / y) for floats); integers
//    divided by 0 stop with TensorFlow's "Integer division by zero", and
//    x / -1 wraps;
//  - tf.Cast follows static_cast on x86: float to int32/int64 gives the
//    most negative value for NaN and out-of-range values (cvttss2si),
//    narrower ints go through int32 and wrap, float to bool is `x != 0`
//    (NaN is true), and 16-bit floats are reached through f32 (Eigen's
//    half and bfloat16 convert from float).
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "RuntimeChecks.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

enum class Kind {
  Add,
  Sub,
  Mul,
  Div,
  TruncateDiv,
  Max,
  Min,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  And,
  Or,
  FloorDiv,
  FloorMod,
  SquaredDifference,
  Pow
};

struct Binary {
  StringLiteral name;
  Kind kind;
};
constexpr Binary kBinary[] = {{"tf.AddV2", Kind::Add},
                              {"tf.Add", Kind::Add},
                              {"tf.Sub", Kind::Sub},
                              {"tf.Mul", Kind::Mul},
                              {"tf.RealDiv", Kind::Div},
                              {"tf.Div", Kind::Div},
                              {"tf.TruncateDiv", Kind::TruncateDiv},
                              {"tf.Maximum", Kind::Max},
                              {"tf.Minimum", Kind::Min},
                              {"tf.Less", Kind::Lt},
                              {"tf.LessEqual", Kind::Le},
                              {"tf.Greater", Kind::Gt},
                              {"tf.GreaterEqual", Kind::Ge},
                              {"tf.Equal", Kind::Eq},
                              {"tf.NotEqual", Kind::Ne},
                              {"tf.LogicalAnd", Kind::And},
                              {"tf.LogicalOr", Kind::Or},
                              {"tf.FloorDiv", Kind::FloorDiv},
                              {"tf.FloorMod", Kind::FloorMod},
                              {"tf.SquaredDifference", Kind::SquaredDifference},
                              {"tf.Pow", Kind::Pow}};

Kind kindOf(Operation *op) {
  for (const Binary &binary : kBinary)
    if (binary.name == op->getName().getStringRef())
      return binary.kind;
  llvm_unreachable("a binary op of the table");
}

bool isComparison(Kind kind) { return kind >= Kind::Lt && kind <= Kind::Ne; }
bool isFloored(Kind kind) {
  return kind == Kind::FloorDiv || kind == Kind::FloorMod;
}
bool isLogical(Kind kind) { return kind == Kind::And || kind == Kind::Or; }

Type elementOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

/// TensorFlow's integer division of `x` by `y` rounding toward zero (C's,
/// as tf.Div and tf.TruncateDiv divide integers), x / -1 wrapping (-INT_MIN
/// is INT_MIN) and a zero divisor read as 1 (the caller checks it first).
Value truncated(OpBuilder &b, Location loc, Value x, Value y) {
  Type type = x.getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value minusOne =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, -1));
  auto eq = [&](Value v, Value c) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, c);
  };
  Value negates = eq(y, minusOne);
  Value divisor = arith::SelectOp::create(
      b, loc, arith::OrIOp::create(b, loc, eq(y, zero), negates), one, y);
  return arith::SelectOp::create(b, loc, negates,
                                 arith::SubIOp::create(b, loc, zero, x),
                                 arith::DivSIOp::create(b, loc, x, divisor));
}

/// TensorFlow's floor division (`div`) or floor modulo of `x` by `y`:
/// floor(x / y) and fmod(x, y) moved to y's sign for floats; for integers,
/// division rounding down and the remainder of y's sign, x / -1 wrapping
/// (-INT_MIN is INT_MIN) and a zero divisor read as 1 (the caller checks
/// it first).
Value floored(OpBuilder &b, Location loc, bool div, Value x, Value y) {
  Type type = x.getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  auto select = [&](Value p, Value t, Value f) -> Value {
    return arith::SelectOp::create(b, loc, p, t, f);
  };
  if (isa<FloatType>(type)) {
    if (div)
      return math::FloorOp::create(b, loc, arith::DivFOp::create(b, loc, x, y));
    Value r = arith::RemFOp::create(b, loc, x, y);
    auto cmp = [&](arith::CmpFPredicate p, Value u, Value v) -> Value {
      return arith::CmpFOp::create(b, loc, p, u, v);
    };
    Value moved = arith::AndIOp::create(
        b, loc, cmp(arith::CmpFPredicate::UNE, r, zero),
        arith::XOrIOp::create(b, loc, cmp(arith::CmpFPredicate::OLT, y, zero),
                              cmp(arith::CmpFPredicate::OLT, r, zero)));
    return select(moved, arith::AddFOp::create(b, loc, r, y), r);
  }
  auto cmp = [&](arith::CmpIPredicate p, Value u, Value v) -> Value {
    return arith::CmpIOp::create(b, loc, p, u, v);
  };
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value minusOne =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, -1));
  Value byMinusOne = cmp(arith::CmpIPredicate::eq, y, minusOne);
  // A divisor of 0 (checked before) or -1 (handled below) read as 1.
  Value safe =
      select(arith::OrIOp::create(b, loc, byMinusOne,
                                  cmp(arith::CmpIPredicate::eq, y, zero)),
             one, y);
  if (div)
    return select(byMinusOne, arith::SubIOp::create(b, loc, zero, x),
                  arith::FloorDivSIOp::create(b, loc, x, safe));
  Value r = arith::RemSIOp::create(b, loc, x, safe);
  Value moved = arith::AndIOp::create(
      b, loc, cmp(arith::CmpIPredicate::ne, r, zero),
      arith::XOrIOp::create(b, loc, cmp(arith::CmpIPredicate::slt, y, zero),
                            cmp(arith::CmpIPredicate::slt, r, zero)));
  return select(byMinusOne, zero,
                select(moved, arith::AddIOp::create(b, loc, r, safe), r));
}

/// The scalar computation of `kind` on `lhs`, `rhs` of element type `type`.
Value scalarBinary(OpBuilder &b, Location loc, Kind kind, Type type, Value lhs,
                   Value rhs) {
  bool isFloat = isa<FloatType>(type);
  auto cmpf = [&](arith::CmpFPredicate p, Value x, Value y) -> Value {
    return arith::CmpFOp::create(b, loc, p, x, y);
  };
  auto cmp = [&](arith::CmpFPredicate f, arith::CmpIPredicate i) -> Value {
    if (isFloat)
      return cmpf(f, lhs, rhs);
    return arith::CmpIOp::create(b, loc, i, lhs, rhs);
  };
  // Eigen's max/min with NaN propagation: a NaN operand (the first if
  // both), else `a < b ? b : a` (max) or `b < a ? b : a` (min).
  auto pick = [&](Value takeRhs) -> Value {
    Value picked = arith::SelectOp::create(b, loc, takeRhs, rhs, lhs);
    Value rhsNaN = cmpf(arith::CmpFPredicate::UNO, rhs, rhs);
    Value lhsNaN = cmpf(arith::CmpFPredicate::UNO, lhs, lhs);
    picked = arith::SelectOp::create(b, loc, rhsNaN, rhs, picked);
    return arith::SelectOp::create(b, loc, lhsNaN, lhs, picked);
  };
  switch (kind) {
  case Kind::Add:
    return isFloat ? Value(arith::AddFOp::create(b, loc, lhs, rhs))
                   : Value(arith::AddIOp::create(b, loc, lhs, rhs));
  case Kind::Sub:
    return isFloat ? Value(arith::SubFOp::create(b, loc, lhs, rhs))
                   : Value(arith::SubIOp::create(b, loc, lhs, rhs));
  case Kind::Mul:
    return isFloat ? Value(arith::MulFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MulIOp::create(b, loc, lhs, rhs));
  case Kind::Div:
    return isFloat ? Value(arith::DivFOp::create(b, loc, lhs, rhs))
                   : truncated(b, loc, lhs, rhs);
  case Kind::TruncateDiv:
    return isFloat ? Value(math::TruncOp::create(
                         b, loc, arith::DivFOp::create(b, loc, lhs, rhs)))
                   : truncated(b, loc, lhs, rhs);
  case Kind::Max:
    return isFloat ? pick(cmpf(arith::CmpFPredicate::OLT, lhs, rhs))
                   : Value(arith::MaxSIOp::create(b, loc, lhs, rhs));
  case Kind::Min:
    return isFloat ? pick(cmpf(arith::CmpFPredicate::OLT, rhs, lhs))
                   : Value(arith::MinSIOp::create(b, loc, lhs, rhs));
  case Kind::Lt:
    return cmp(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt);
  case Kind::Le:
    return cmp(arith::CmpFPredicate::OLE, arith::CmpIPredicate::sle);
  case Kind::Gt:
    return cmp(arith::CmpFPredicate::OGT, arith::CmpIPredicate::sgt);
  case Kind::Ge:
    return cmp(arith::CmpFPredicate::OGE, arith::CmpIPredicate::sge);
  case Kind::Eq:
    return cmp(arith::CmpFPredicate::OEQ, arith::CmpIPredicate::eq);
  case Kind::Ne:
    return cmp(arith::CmpFPredicate::UNE, arith::CmpIPredicate::ne);
  case Kind::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case Kind::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case Kind::FloorDiv:
  case Kind::FloorMod:
    return floored(b, loc, kind == Kind::FloorDiv, lhs, rhs);
  case Kind::SquaredDifference: {
    // Eigen's abs2(a - b): the difference, squared.
    Value d = scalarBinary(b, loc, Kind::Sub, type, lhs, rhs);
    return scalarBinary(b, loc, Kind::Mul, type, d, d);
  }
  case Kind::Pow:
    // The C library's pow (TensorFlow's Eigen generic_pow differs by up to
    // 1 ulp: docs/embedding.md).
    return math::PowFOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("covered switch");
}

/// The static dim of `type` at position `k` of a broadcast of rank `rank`
/// (1 where `type` has no such dim).
int64_t alignedDim(RankedTensorType type, int64_t rank, int64_t k) {
  int64_t offset = rank - type.getRank();
  return k < offset ? 1 : type.getDimSize(k - offset);
}

std::string unsupportedBinary(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  Kind kind = kindOf(op);
  Type lhs = elementOf(op->getOperand(0)), rhs = elementOf(op->getOperand(1));
  Type result = elementOf(op->getResult(0));
  Type i1 = IntegerType::get(op->getContext(), 1);
  if (lhs != rhs)
    return "has operands of two element types";
  if (result != (isComparison(kind) || isLogical(kind) ? i1 : lhs))
    return "has a result element type TensorFlow does not give it";
  bool bools = lhs.isInteger(1);
  if (isLogical(kind) && !bools)
    return "needs bool operands";
  if (!isLogical(kind) && bools && kind != Kind::Eq && kind != Kind::Ne)
    return "has bool operands, for which TensorFlow has no kernel of this op";
  if (kind == Kind::Div && !isa<FloatType>(lhs) &&
      tf::isNamed(op, "tf.RealDiv"))
    return "divides integers; ta-legalize-tf lowers tf.RealDiv on floats "
           "(tf.Div and tf.TruncateDiv divide integers)";
  if (kind == Kind::Pow && !isa<FloatType>(lhs))
    return "raises integers; ta-legalize-tf lowers tf.Pow on floats";
  auto types = {cast<RankedTensorType>(op->getOperand(0).getType()),
                cast<RankedTensorType>(op->getOperand(1).getType())};
  auto out = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = out.getRank();
  if (rank != std::max(types.begin()[0].getRank(), types.begin()[1].getRank()))
    return "has a result whose rank is not its operands' broadcast rank";
  for (int64_t k = 0; k < rank; ++k) {
    // The broadcast dim where it is static: the operands' dim other than 1
    // (1 if all are 1), kDynamic where a dynamic dim may decide it.
    int64_t known = 1;
    bool dynamic = false;
    for (RankedTensorType type : types) {
      int64_t d = alignedDim(type, rank, k);
      if (d == ShapedType::kDynamic) {
        dynamic = true;
        continue;
      }
      if (d == 1)
        continue;
      if (known != 1 && known != d)
        return "has operands whose shapes do not broadcast";
      known = d;
    }
    if (!out.isDynamicDim(k) && (known != 1 || !dynamic) &&
        out.getDimSize(k) != known)
      return "has a result type whose shape is not the operands' broadcast";
  }
  return "";
}

/// The dims of the broadcast of `operands` (of `types`) to rank `rank`, and
/// each operand's dims in `dims`; where a dim is dynamic, TensorFlow's check
/// that the shapes broadcast and ta's that the result has its type's dims.
SmallVector<Value> broadcastDims(OpBuilder &rewriter, Operation *op,
                                 ValueRange operands,
                                 ArrayRef<RankedTensorType> types, int64_t rank,
                                 SmallVectorImpl<SmallVector<Value>> &dims) {
  Location loc = op->getLoc();
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  auto eq = [&](Value x, Value y) -> Value {
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, x, y);
  };
  auto any = [&](Value x, Value y) -> Value {
    return arith::OrIOp::create(rewriter, loc, x, y);
  };
  bool dynamic = llvm::any_of(
      types, [](RankedTensorType t) { return !t.hasStaticShape(); });
  for (auto [j, operand] : llvm::enumerate(operands))
    for (int64_t k = 0; k < types[j].getRank(); ++k)
      dims[j].push_back(
          types[j].isDynamicDim(k)
              ? Value(tensor::DimOp::create(rewriter, loc, operand, k))
              : index(types[j].getDimSize(k)));
  SmallVector<Value> outDims;
  Value ok = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
  Value one = index(1);
  for (int64_t k = 0; k < rank; ++k) {
    Value d[2];
    for (int j = 0; j < 2; ++j) {
      int64_t offset = rank - types[j].getRank();
      d[j] = k < offset ? one : dims[j][k - offset];
    }
    outDims.push_back(
        arith::SelectOp::create(rewriter, loc, eq(d[0], one), d[1], d[0]));
    ok = arith::AndIOp::create(
        rewriter, loc, ok,
        any(eq(d[0], d[1]), any(eq(d[0], one), eq(d[1], one))));
  }
  if (dynamic) {
    tf::failUnlessShapes(rewriter, op, ok, TA_ERR_BROADCAST, dims[0], dims[1]);
    for (int64_t k = 0; k < rank; ++k)
      if (!result.isDynamicDim(k))
        tf::failUnless(rewriter, op,
                       eq(outDims[k], index(result.getDimSize(k))),
                       TA_ERR_RESULT_DIM, outDims[k],
                       index(result.getDimSize(k)), index(k));
  }
  return outDims;
}

/// TensorFlow's "Integer division by zero": fails unless no element of the
/// integer tensor `divisor` is 0.
void checkNoZero(ConversionPatternRewriter &rewriter, Operation *op,
                 Value divisor) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(divisor.getType());
  Type i8 = rewriter.getI8Type();
  Value zeros = mapElements(
      rewriter, loc, divisor, RankedTensorType::get(type.getShape(), i8),
      [&](OpBuilder &b, Location l, Value y) {
        Value zero =
            arith::ConstantOp::create(b, l, b.getZeroAttr(y.getType()));
        return Value(arith::ExtUIOp::create(
            b, l, i8,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, y, zero)));
      });
  Value any =
      reduceAlong(rewriter, loc, zeros,
                  llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())),
                  /*keep=*/false, ReduceKind::Max);
  Value found = tensor::ExtractOp::create(rewriter, loc, any, ValueRange{});
  // 1 where a zero was found (an empty divisor leaves the identity).
  Value ok = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ne, found,
      arith::ConstantOp::create(rewriter, loc, rewriter.getIntegerAttr(i8, 1)));
  Value none = arith::ConstantIndexOp::create(rewriter, loc, 0);
  tf::failUnless(rewriter, op, ok, TA_ERR_INT_DIV_ZERO, none, none);
}

LogicalResult rewriteBinary(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = result.getRank();
  SmallVector<RankedTensorType, 2> types;
  for (Value operand : operands)
    types.push_back(cast<RankedTensorType>(operand.getType()));
  bool dynamic = llvm::any_of(
      types, [](RankedTensorType t) { return !t.hasStaticShape(); });

  // Each operand's dims, and the broadcast dims with TensorFlow's check
  // (static shapes were checked before).
  SmallVector<SmallVector<Value>, 2> dims(2);
  SmallVector<Value> outDims;
  if (dynamic || !result.hasStaticShape())
    outDims = broadcastDims(rewriter, op, operands, types, rank, dims);
  // An operand dim of static size 1 is read at 0. An operand with a
  // dynamic dim, which may be 1 at run time, is read through computed
  // indices in the body (0 where its dim is 1).
  SmallVector<AffineMap> maps;
  SmallVector<Value> inputs;
  SmallVector<int> gathered; // operands read with tensor.extract
  for (auto [j, operand] : llvm::enumerate(operands)) {
    int64_t offset = rank - types[j].getRank();
    SmallVector<AffineExpr> exprs;
    // A dynamic dim may be 1 at run time (and broadcast) whatever the
    // other dims are: nothing static says it is not.
    bool gather = !types[j].hasStaticShape();
    for (int64_t k = 0; k < types[j].getRank(); ++k) {
      int64_t d = types[j].getDimSize(k);
      exprs.push_back(d == 1 ? rewriter.getAffineConstantExpr(0)
                             : rewriter.getAffineDimExpr(k + offset));
    }
    if (gather) {
      gathered.push_back(j);
      continue;
    }
    maps.push_back(AffineMap::get(rank, 0, exprs, rewriter.getContext()));
    inputs.push_back(operand);
  }
  maps.push_back(rewriter.getMultiDimIdentityMap(rank));
  Kind kind = kindOf(op);
  Type element = types[0].getElementType();
  if ((isFloored(kind) || kind == Kind::Div || kind == Kind::TruncateDiv) &&
      !isa<FloatType>(element))
    checkNoZero(rewriter, op, operands[1]);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, result, inputs,
      emptyLike(rewriter, loc, result, {}, outDims), maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value values[2];
        unsigned next = 0;
        for (int j = 0; j < 2; ++j) {
          if (!llvm::is_contained(gathered, j)) {
            values[j] = args[next++];
            continue;
          }
          int64_t offset = rank - types[j].getRank();
          SmallVector<Value> at;
          Value zero = arith::ConstantIndexOp::create(b, loc, 0);
          Value one = arith::ConstantIndexOp::create(b, loc, 1);
          for (int64_t k = 0; k < types[j].getRank(); ++k) {
            Value i = linalg::IndexOp::create(b, loc, k + offset);
            Value broadcast = arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::eq, dims[j][k], one);
            at.push_back(arith::SelectOp::create(b, loc, broadcast, zero, i));
          }
          values[j] = tensor::ExtractOp::create(b, loc, operands[j], at);
        }
        linalg::YieldOp::create(
            b, loc, scalarBinary(b, loc, kind, element, values[0], values[1]));
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

/// A float constant `v` of type `type` (rounded to it; +-inf beyond it).
Value floatConstant(OpBuilder &b, Location loc, FloatType type, double v) {
  APFloat value(v);
  bool lost;
  value.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
  return arith::ConstantOp::create(b, loc, FloatAttr::get(type, value));
}

/// Converts a scalar between TensorFlow element types as tf.Cast's CPU
/// kernel does (see the file comment).
Value castScalar(OpBuilder &b, Location loc, Value value, Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
  auto fromInt = dyn_cast<IntegerType>(from);
  auto toInt = dyn_cast<IntegerType>(to);
  Type f32 = b.getF32Type();
  if (fromInt && toInt) {
    if (toInt.getWidth() == 1)
      return arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne, value,
          arith::ConstantIntOp::create(b, loc, fromInt, 0));
    if (fromInt.getWidth() == 1)
      return arith::ExtUIOp::create(b, loc, to, value);
    if (toInt.getWidth() > fromInt.getWidth())
      return arith::ExtSIOp::create(b, loc, to, value);
    return arith::TruncIOp::create(b, loc, to, value);
  }
  if (fromInt) {
    // To a 16-bit float through f32, as Eigen converts.
    Type direct = to.getIntOrFloatBitWidth() == 16 ? f32 : to;
    Value converted =
        fromInt.getWidth() == 1
            ? Value(arith::UIToFPOp::create(b, loc, direct, value))
            : Value(arith::SIToFPOp::create(b, loc, direct, value));
    return castScalar(b, loc, converted, to);
  }
  auto fromFloat = cast<FloatType>(from);
  if (toInt && toInt.getWidth() == 1)
    return arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::UNE, value,
        arith::ConstantOp::create(b, loc, b.getFloatAttr(fromFloat, 0)));
  if (toInt) {
    // cvttss2si: the most negative value outside the range (and for NaN);
    // narrower ints take the int32 result's low bits.
    unsigned width = std::max(32u, toInt.getWidth());
    Type wide = b.getIntegerType(width);
    double bound = std::ldexp(1.0, width - 1);
    Value inRange = arith::AndIOp::create(
        b, loc,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, value,
                              floatConstant(b, loc, fromFloat, -bound)),
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, value,
                              floatConstant(b, loc, fromFloat, bound)));
    Value converted = arith::SelectOp::create(
        b, loc, inRange, arith::FPToSIOp::create(b, loc, wide, value),
        arith::ConstantOp::create(
            b, loc, b.getIntegerAttr(wide, APInt::getSignedMinValue(width))));
    return castScalar(b, loc, converted, to);
  }
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  // Between 16-bit floats, and from f64 to one, through f32.
  if ((toWidth == 16 && fromWidth != 32) || (fromWidth == 16 && toWidth == 16))
    return castScalar(b, loc, castScalar(b, loc, value, f32), to);
  if (toWidth > fromWidth)
    return arith::ExtFOp::create(b, loc, to, value);
  return arith::TruncFOp::create(b, loc, to, value);
}

std::string unsupportedUnary(Operation *op) {
  if (std::string why = checkSignature(op, 1, 1); !why.empty())
    return why;
  auto input = cast<RankedTensorType>(op->getOperand(0).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (failed(verifyCompatibleShape(input.getShape(), result.getShape())))
    return "has a result whose shape is not its operand's";
  if (op->getName().getStringRef() == "tf.LogicalNot") {
    if (!input.getElementType().isInteger(1) ||
        !result.getElementType().isInteger(1))
      return "needs a bool operand and result";
  } else if (op->getName().getStringRef() != "tf.Cast") {
    if (input.getElementType() != result.getElementType())
      return "has a result element type TensorFlow does not give it";
    if (input.getElementType().isInteger(1))
      return "has a bool operand, for which TensorFlow has no kernel of "
             "this op";
    StringRef name = op->getName().getStringRef();
    if ((name == "tf.Sqrt" || name == "tf.Reciprocal" ||
         name == "tf.LeakyRelu") &&
        !isa<FloatType>(input.getElementType()))
      return "needs a float operand (TensorFlow's kernel of this op is on "
             "floats)";
  }
  return "";
}

LogicalResult rewriteUnary(Operation *op, ValueRange operands,
                           ConversionPatternRewriter &rewriter) {
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  // The operand's dims where the result's are dynamic (equal shapes).
  auto input = cast<RankedTensorType>(operands[0].getType());
  auto resultLike =
      RankedTensorType::get(input.getShape(), result.getElementType());
  Type element = result.getElementType();
  StringRef name = op->getName().getStringRef();
  bool isFloat = isa<FloatType>(element);
  Value mapped = mapElements(
      rewriter, op->getLoc(), operands[0], resultLike,
      [&](OpBuilder &b, Location loc, Value x) -> Value {
        if (name == "tf.Cast")
          return castScalar(b, loc, x, element);
        if (name == "tf.LogicalNot")
          return arith::XOrIOp::create(
              b, loc, x, arith::ConstantIntOp::create(b, loc, 1, 1));
        if (name == "tf.Square")
          return isFloat ? Value(arith::MulFOp::create(b, loc, x, x))
                         : Value(arith::MulIOp::create(b, loc, x, x));
        if (name == "tf.Sqrt")
          return math::SqrtOp::create(b, loc, x);
        if (name == "tf.Reciprocal") {
          Value one =
              arith::ConstantOp::create(b, loc, b.getFloatAttr(element, 1.0));
          return arith::DivFOp::create(b, loc, one, x);
        }
        if (name == "tf.LeakyRelu") {
          // TensorFlow's kernel: x > 0 ? x : x * alpha.
          auto alpha = op->getAttrOfType<FloatAttr>("alpha");
          Value a = arith::ConstantOp::create(
              b, loc,
              b.getFloatAttr(element, alpha ? alpha.getValueAsDouble() : 0.2));
          Value zero =
              arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
          Value positive =
              arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
          return arith::SelectOp::create(b, loc, positive, x,
                                         arith::MulFOp::create(b, loc, x, a));
        }
        if (name == "tf.Abs")
          return isFloat ? Value(math::AbsFOp::create(b, loc, x))
                         : Value(math::AbsIOp::create(b, loc, x));
        if (isFloat)
          return arith::NegFOp::create(b, loc, x);
        Value zero = arith::ConstantIntOp::create(b, loc, element, 0);
        return arith::SubIOp::create(b, loc, zero, x);
      });
  rewriter.replaceOp(op, castTo(rewriter, op->getLoc(), mapped, result));
  return success();
}

std::string unsupportedAddN(Operation *op) {
  if (std::string why = checkSignature(op, -1, 1); !why.empty())
    return why;
  Type result = op->getResult(0).getType();
  // Operands of the result's type, or of types that differ only in dims
  // known on one side: each static dim of the result is one some operand
  // has (every operand is checked against operand 0 at run time).
  auto r = dyn_cast<RankedTensorType>(result);
  bool ok = r && op->getNumOperands() > 0;
  for (Type type : op->getOperandTypes()) {
    auto t = dyn_cast<RankedTensorType>(type);
    ok = ok && t && t.getElementType() == r.getElementType() &&
         succeeded(verifyCompatibleShape(t, r));
  }
  for (int64_t k = 0; ok && k < r.getRank(); ++k)
    ok = r.isDynamicDim(k) ||
         llvm::any_of(op->getOperandTypes(), [&](Type type) {
           return !cast<RankedTensorType>(type).isDynamicDim(k);
         });
  if (!ok)
    return "needs operands of its result's type";
  if (elementOf(op->getResult(0)).isInteger(1))
    return "adds bools, for which TensorFlow has no kernel";
  return "";
}

/// tf.AddN in TensorFlow's CPU kernel's order: the first N % 8 inputs (8
/// or 9 where that is 0 or 1) summed from the left, then each following
/// group of eight summed from the left and added to the running sum (as
/// measured against TensorFlow: 5,200 placements of +-1e8 among ones, N up
/// to 25, all equal).
LogicalResult rewriteAddN(Operation *op, ValueRange inputs,
                          ConversionPatternRewriter &rewriter) {
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = result.getRank();
  Type element = result.getElementType();
  Location loc = op->getLoc();
  // Inputs of one shape; where a type has dynamic dims, every input's shape
  // is checked against input 0's, as TensorFlow's kernel does (for lists,
  // the lengths: their elements are of one static shape).
  if (llvm::any_of(inputs.getTypes(), [](Type type) {
        return !cast<RankedTensorType>(type).hasStaticShape();
      })) {
    auto dimsOf = [&](Value v) {
      SmallVector<Value> dims;
      for (int64_t k = 0; k < rank; ++k)
        dims.push_back(tensor::DimOp::create(rewriter, loc, v, k));
      return dims;
    };
    SmallVector<Value> first = dimsOf(inputs[0]);
    for (auto [j, input] : llvm::enumerate(inputs.drop_front())) {
      SmallVector<Value> dims = dimsOf(input);
      Value ok = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
      for (auto [x, y] : llvm::zip(first, dims))
        ok = arith::AndIOp::create(
            rewriter, loc, ok,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, x,
                                  y));
      if (op->hasAttr(tf::kListAddAttr) && rank > 0)
        tf::failUnless(rewriter, op, ok, TA_ERR_LIST_ADD_LENGTH, first[0],
                       dims[0]);
      else
        tf::failUnlessShapes(
            rewriter, op, ok, TA_ERR_ADDN_SHAPE, first, dims,
            arith::ConstantIndexOp::create(rewriter, loc, j + 1));
    }
  }
  // Then read as the result's type (a refined list beside one a loop
  // carries: types that differ in dims known on one side).
  SmallVector<Value> operands;
  for (Value input : inputs)
    operands.push_back(castTo(rewriter, loc, input, result));
  SmallVector<AffineMap> maps(operands.size() + 1,
                              rewriter.getMultiDimIdentityMap(rank));
  auto generic = linalg::GenericOp::create(
      rewriter, loc, result, operands,
      emptyLike(rewriter, loc, result, operands[0]), maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        ValueRange inputs = args.drop_back();
        auto fold = [&](ValueRange group) {
          Value sum = group.front();
          for (Value next : group.drop_front())
            sum = scalarBinary(b, loc, Kind::Add, element, sum, next);
          return sum;
        };
        size_t first = inputs.size() % 8;
        if (first < 2)
          first += 8;
        first = std::min(first, inputs.size());
        Value sum = fold(inputs.take_front(first));
        for (size_t k = first; k < inputs.size(); k += 8)
          sum = scalarBinary(b, loc, Kind::Add, element, sum,
                             fold(inputs.slice(k, 8)));
        linalg::YieldOp::create(b, loc, sum);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

const SmallVector<Lowering> &lowerings() {
  static const SmallVector<Lowering> all = [] {
    SmallVector<Lowering> list;
    for (const Binary &binary : kBinary)
      list.push_back({binary.name, unsupportedBinary, rewriteBinary});
    list.push_back({"tf.AddN", unsupportedAddN, rewriteAddN});
    list.push_back({"tf.Neg", unsupportedUnary, rewriteUnary});
    list.push_back({"tf.Square", unsupportedUnary, rewriteUnary});
    list.push_back({"tf.Abs", unsupportedUnary, rewriteUnary});
    list.push_back({"tf.Sqrt", unsupportedUnary, rewriteUnary});
    list.push_back({"tf.Reciprocal", unsupportedUnary, rewriteUnary});
    list.push_back({"tf.LeakyRelu", unsupportedUnary, rewriteUnary});
    list.push_back({"tf.Cast", unsupportedUnary, rewriteUnary});
    list.push_back({"tf.LogicalNot", unsupportedUnary, rewriteUnary});
    return list;
  }();
  return all;
}

} // namespace

bool mlir::ta::tflegalize::isBroadcastingBinary(Operation *op) {
  return llvm::any_of(kBinary, [&](const Binary &binary) {
    return binary.name == op->getName().getStringRef();
  });
}

ArrayRef<Lowering> mlir::ta::tflegalize::elementwiseLowerings() {
  return lowerings();
}

void mlir::ta::populateTFElementwiseToLinalgPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, elementwiseLowerings());
}

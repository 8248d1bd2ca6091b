//===- IndexVectors.cpp - ranges recognized, other indices loaded ---------===//

#include "IndexVectors.h"
#include "Operands.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

/// Whether `v` is `k`: itself, or through `+ 0`, `* 1` and casts of an
/// index to an integer (which truncate: the caller bounds `k`).
static bool isIndex(Value v, Value k) {
  while (v != k) {
    Operation *op = v.getDefiningOp();
    if (!op || op->getNumOperands() == 0)
      return false;
    Value lhs = op->getOperand(0);
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op) &&
        lhs.getType().isIndex()) {
      v = lhs;
      continue;
    }
    bool add = isa<arith::AddIOp>(op), mul = isa<arith::MulIOp>(op);
    if (!add && !mul)
      return false;
    Value rhs = op->getOperand(1);
    auto isUnit = [&](Value x) {
      return add ? matchPattern(x, m_Zero()) : matchPattern(x, m_One());
    };
    if (isUnit(rhs))
      v = lhs;
    else if (isUnit(lhs))
      v = rhs;
    else
      return false;
  }
  return true;
}

/// Whether the index `size` is at most 2^(bits - 1): a cast of an integer
/// whose values are (signed: of at most `bits` bits; unsigned: fewer).
static bool fitsSignedBits(Value size, unsigned bits) {
  if (bits >= 64)
    return true;
  auto width = [](Value v) { return v.getType().getIntOrFloatBitWidth(); };
  if (auto cast = size.getDefiningOp<arith::IndexCastOp>())
    return !cast.getIn().getType().isIndex() && width(cast.getIn()) <= bits;
  if (auto cast = size.getDefiningOp<arith::IndexCastUIOp>())
    return !cast.getIn().getType().isIndex() && width(cast.getIn()) < bits;
  return false;
}

/// The count of the range `tensor` holds (isRangeVector): a constant or a
/// value; none when it is not one.
static std::optional<OpFoldResult> matchRange(Value tensor) {
  auto type = dyn_cast<RankedTensorType>(tensor.getType());
  if (!type || type.getRank() != 1)
    return std::nullopt;
  Type element = type.getElementType();
  unsigned bits = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  Builder b(tensor.getContext());
  DenseIntElementsAttr values;
  if (matchPattern(tensor, m_Constant(&values))) {
    int64_t k = 0;
    for (const APInt &value : values.getValues<APInt>())
      if (value.getSignificantBits() > 64 || value.getSExtValue() != k++)
        return std::nullopt;
    return b.getIndexAttr(k);
  }
  auto generate = tensor.getDefiningOp<tensor::GenerateOp>();
  if (!generate)
    return std::nullopt;
  Block &body = generate.getBody().front();
  auto yield = cast<tensor::YieldOp>(body.getTerminator());
  if (!isIndex(yield.getValue(), body.getArgument(0)))
    return std::nullopt;
  // Entries 0..n-1 exact in `bits` bits: n <= 2^(bits - 1).
  if (!type.isDynamicDim(0)) {
    int64_t n = type.getDimSize(0);
    if (bits < 64 && n > (int64_t(1) << (bits - 1)))
      return std::nullopt;
    return b.getIndexAttr(n);
  }
  Value size = generate.getDynamicExtents().front();
  if (!fitsSignedBits(size, bits))
    return std::nullopt;
  return OpFoldResult(size);
}

void lowering::appendIndexParameter(Type indexType, std::string &name,
                                    SmallVectorImpl<Type> &inputs) {
  if (!indexType) {
    name += "range_";
    return;
  }
  llvm::raw_string_ostream(name) << indexType << '_';
  inputs.push_back(MemRefType::get({ShapedType::kDynamic}, indexType));
}

bool lowering::isRangeVector(Value tensor) {
  return matchRange(tensor).has_value();
}

IndexVector IndexVector::get(OpBuilder &b, Location loc, Value tensor) {
  if (std::optional<OpFoldResult> count = matchRange(tensor))
    return {Value(), getValueOrCreateConstantIndexOp(b, loc, *count)};
  auto [entries, count] = vectorOperand(b, loc, tensor);
  return {entries, count};
}

Value IndexVector::at(ArrayEmitter &e, Value k) const {
  return isRange() ? e.toI64(k) : e.entry(entries, k);
}

std::pair<Value, Value> IndexVector::bounds(ArrayEmitter &e) const {
  OpBuilder &b = e.b;
  if (isRange())
    return {
        e.i64(0),
        arith::SubIOp::create(b, e.loc, e.toI64(count), e.i64(1)).getResult()};
  auto loop = scf::ForOp::create(b, e.loc, e.index(0), count, e.index(1),
                                 ValueRange{e.i64(0), e.i64(-1)});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value i = at(e, loop.getInductionVar());
  scf::YieldOp::create(
      b, e.loc,
      ValueRange{
          arith::MinSIOp::create(b, e.loc, loop.getRegionIterArg(0), i),
          arith::MaxSIOp::create(b, e.loc, loop.getRegionIterArg(1), i)});
  return {loop.getResult(0), loop.getResult(1)};
}

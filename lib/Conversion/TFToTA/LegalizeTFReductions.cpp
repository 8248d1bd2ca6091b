//===- LegalizeTFReductions.cpp - TensorFlow's reductions and scans -------===//
//
// Reductions over constant axes and scans along one, as TensorFlow's CPU
// kernels compute them:
//
//  - tf.Sum, tf.Prod, tf.Max, tf.Min, tf.Mean, and tf.Any and tf.All of
//    bools (an empty Any is false, an empty All true) (keep_dims or not). Max
//    and Min propagate NaN and keep the later of two equal values (max(-0,
//    0) is 0), as Eigen's reducers do; an empty Max is -inf (the lowest
//    integer), an empty Min +inf (the highest). Sums and products accumulate
//    in index order: TensorFlow's Eigen reduction adds in packets and trees,
//    so a sum of values whose partial sums round may differ from
//    TensorFlow's by the rounding of the sum (exact wherever the partial
//    sums are). tf.Mean is the sum divided by the number of elements
//    reduced, in the element type (Eigen's MeanReducer: integer division
//    for integers, int32 summed and divided in int64 as TensorFlow does;
//    their reduced dims must be static and non-empty: TensorFlow divides by
//    zero otherwise). Sums, products and means of 16-bit floats, which
//    TensorFlow accumulates in other precisions, and axes named twice
//    (TensorFlow's error) are diagnosed;
//  - tf.ArgMax and tf.ArgMin along a constant axis of static, non-empty
//    extent: the first index of the greatest (least) value; a NaN is never
//    greater or less than anything, so it is kept only where it comes
//    first and every value after it is NaN or no greater (Eigen's
//    ArgMaxTupleReducer, checked against TensorFlow);
//  - tf.Cumsum and tf.Cumprod along a constant axis, exclusive and reverse:
//    a sequential scan (Eigen's ScanLauncher), exact.
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

ReduceKind kindOf(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name == "tf.Max")
    return ReduceKind::Max;
  if (name == "tf.Min")
    return ReduceKind::Min;
  if (name == "tf.Prod")
    return ReduceKind::Prod;
  if (name == "tf.Any")
    return ReduceKind::Any;
  if (name == "tf.All")
    return ReduceKind::All;
  return ReduceKind::Sum; // tf.Sum, tf.Mean
}

bool isMean(Operation *op) { return op->getName().getStringRef() == "tf.Mean"; }

/// The shape of `input` reduced over `dims` (kept as 1s where `keep`).
SmallVector<int64_t> reducedShape(RankedTensorType input,
                                  ArrayRef<int64_t> dims, bool keep) {
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < input.getRank(); ++d) {
    if (!llvm::is_contained(dims, d))
      shape.push_back(input.getDimSize(d));
    else if (keep)
      shape.push_back(1);
  }
  return shape;
}

/// The identity of `kind` on `element`.
TypedAttr identityOf(OpBuilder &b, ReduceKind kind, Type element) {
  auto f = dyn_cast<FloatType>(element);
  unsigned width = element.getIntOrFloatBitWidth();
  switch (kind) {
  case ReduceKind::Sum:
  case ReduceKind::Any:
    return b.getZeroAttr(element);
  case ReduceKind::All:
    return b.getIntegerAttr(element, 1);
  case ReduceKind::Prod:
    return f ? TypedAttr(b.getFloatAttr(element, 1.0))
             : TypedAttr(b.getIntegerAttr(element, 1));
  case ReduceKind::Max:
  case ReduceKind::Min: {
    bool max = kind == ReduceKind::Max;
    if (f)
      return b.getFloatAttr(
          element, APFloat::getInf(f.getFloatSemantics(), /*Negative=*/max));
    return b.getIntegerAttr(element, max ? APInt::getSignedMinValue(width)
                                         : APInt::getSignedMaxValue(width));
  }
  }
  llvm_unreachable("covered switch");
}

/// acc (kind) x, as Eigen's reducer folds x into acc.
Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value acc, Value x) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (kind) {
  case ReduceKind::Any:
    return arith::OrIOp::create(b, loc, acc, x);
  case ReduceKind::All:
    return arith::AndIOp::create(b, loc, acc, x);
  case ReduceKind::Sum:
    return isFloat ? Value(arith::AddFOp::create(b, loc, acc, x))
                   : Value(arith::AddIOp::create(b, loc, acc, x));
  case ReduceKind::Prod:
    return isFloat ? Value(arith::MulFOp::create(b, loc, acc, x))
                   : Value(arith::MulIOp::create(b, loc, acc, x));
  case ReduceKind::Max:
  case ReduceKind::Min: {
    bool max = kind == ReduceKind::Max;
    if (!isFloat)
      return max ? Value(arith::MaxSIOp::create(b, loc, acc, x))
                 : Value(arith::MinSIOp::create(b, loc, acc, x));
    // acc unless x is not beyond it (or acc is NaN): a NaN acc stays.
    Value keepAcc = arith::OrIOp::create(
        b, loc,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, acc, acc),
        arith::CmpFOp::create(
            b, loc, max ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
            acc, x));
    return arith::SelectOp::create(b, loc, keepAcc, acc, x);
  }
  }
  llvm_unreachable("covered switch");
}

std::string unsupportedReduction(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  Type element = input.getElementType();
  ReduceKind kind = kindOf(op);
  bool minMax = kind == ReduceKind::Max || kind == ReduceKind::Min;
  bool logical = kind == ReduceKind::Any || kind == ReduceKind::All;
  if (logical != element.isInteger(1))
    return logical ? "needs a bool operand (TensorFlow's Any and All reduce "
                     "bools)"
                   : "reduces elements of a type ta-legalize-tf does not "
                     "reduce";
  if (!logical && element.isInteger() && !minMax && !element.isInteger(32) &&
      !element.isInteger(64))
    return "reduces elements of a type ta-legalize-tf does not reduce";
  // TensorFlow accumulates 16-bit floats in other precisions and orders.
  if (!minMax && isa<FloatType>(element) &&
      element.getIntOrFloatBitWidth() < 32)
    return "sums or multiplies 16-bit floats, which TensorFlow accumulates "
           "in another precision (not lowered)";
  std::optional<SmallVector<int64_t>> dims =
      constantAxes(op->getOperand(1), input.getRank());
  if (!dims)
    return "needs constant axes within its operand's rank";
  if (dims->size() != tf::constantInts(op->getOperand(1))->size())
    return "names an axis twice, which TensorFlow rejects (axes contains a "
           "duplicate dimension)";
  if (isMean(op) && element.isInteger())
    for (int64_t d : *dims)
      if (input.isDynamicDim(d) || input.getDimSize(d) == 0)
        return "averages integers over dims not known to be non-empty "
               "(TensorFlow divides by zero)";
  auto keep = op->getAttrOfType<BoolAttr>("keep_dims");
  SmallVector<int64_t> shape =
      reducedShape(input, *dims, keep && keep.getValue());
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getElementType() != element ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not its operand's, reduced";
  return "";
}

LogicalResult rewriteReduction(Operation *op, ValueRange operands,
                               ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  SmallVector<int64_t> dims = *constantAxes(op->getOperand(1), input.getRank());
  auto keep = op->getAttrOfType<BoolAttr>("keep_dims");
  Value operand = operands[0];
  Type element = input.getElementType();
  // TensorFlow averages int32 in int64 (and truncates the mean).
  bool widened = isMean(op) && element.isInteger(32);
  if (widened)
    operand = mapElements(
        rewriter, loc, operand,
        RankedTensorType::get(input.getShape(), rewriter.getI64Type()),
        [&](OpBuilder &b, Location l, Value x) {
          return Value(arith::ExtSIOp::create(b, l, b.getI64Type(), x));
        });
  Value reduced = reduceAlong(rewriter, loc, operand, dims,
                              keep && keep.getValue(), kindOf(op));
  if (isMean(op)) {
    // Divided by the count, in the element type.
    Value count = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t d : dims)
      count = arith::MulIOp::create(
          rewriter, loc, count,
          tensor::DimOp::create(rewriter, loc, operands[0], d));
    Value n =
        arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), count);
    if (isa<FloatType>(element))
      n = arith::SIToFPOp::create(rewriter, loc, element, n);
    auto type = cast<RankedTensorType>(reduced.getType());
    reduced = mapElements(
        rewriter, loc, reduced, RankedTensorType::get(type.getShape(), element),
        [&](OpBuilder &b, Location l, Value x) {
          if (isa<FloatType>(element))
            return Value(arith::DivFOp::create(b, l, x, n));
          Value mean = arith::DivSIOp::create(b, l, x, n);
          return widened ? Value(arith::TruncIOp::create(b, l, element, mean))
                         : mean;
        });
  }
  rewriter.replaceOp(
      op, castTo(rewriter, loc, reduced, op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.ArgMax, tf.ArgMin
//===----------------------------------------------------------------------===//

bool isArgMax(Operation *op) {
  return op->getName().getStringRef() == "tf.ArgMax";
}

std::string unsupportedArg(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  Type element = input.getElementType();
  if (element.isInteger(1) || input.getRank() == 0)
    return "needs a numeric operand of rank >= 1";
  std::optional<int64_t> axis =
      constantAxis(op->getOperand(1), input.getRank());
  if (!axis)
    return "needs a constant axis within its operand's rank";
  if (input.isDynamicDim(*axis) || input.getDimSize(*axis) == 0)
    return "needs a static, non-empty extent along its axis";
  RankedTensorType result = rankedType(op->getResult(0));
  Type out = result.getElementType();
  if ((!out.isInteger(32) && !out.isInteger(64)) ||
      failed(verifyCompatibleShape(result.getShape(),
                                   reducedShape(input, *axis, false))))
    return "needs an int32 or int64 result of its operand's shape without "
           "the axis";
  return "";
}

LogicalResult rewriteArg(Operation *op, ValueRange operands,
                         ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType input = rankedType(operands[0]);
  int64_t rank = input.getRank();
  int64_t axis = *constantAxis(op->getOperand(1), rank);
  bool max = isArgMax(op);
  Type element = input.getElementType();
  Type out = rankedType(op->getResult(0)).getElementType();
  SmallVector<int64_t> shape = reducedShape(input, axis, false);
  auto indexType = RankedTensorType::get(shape, out);
  auto valueType = RankedTensorType::get(shape, element);
  SmallVector<Value> dynamic;
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    iterators.push_back(d == axis ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
    if (d == axis)
      continue;
    outExprs.push_back(rewriter.getAffineDimExpr(d));
    if (input.isDynamicDim(d))
      dynamic.push_back(tensor::DimOp::create(rewriter, loc, operands[0], d));
  }
  // Eigen's initial tuple: index 0 and the lowest (highest) value.
  TypedAttr initialValue;
  if (auto f = dyn_cast<FloatType>(element))
    initialValue = rewriter.getFloatAttr(
        element, APFloat::getLargest(f.getFloatSemantics(), /*Negative=*/max));
  else
    initialValue = rewriter.getIntegerAttr(
        element,
        max ? APInt::getSignedMinValue(element.getIntOrFloatBitWidth())
            : APInt::getSignedMaxValue(element.getIntOrFloatBitWidth()));
  Value indices = filled(
      rewriter, loc, indexType,
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(out)),
      tensor::EmptyOp::create(rewriter, loc, indexType, dynamic));
  Value values =
      filled(rewriter, loc, valueType,
             arith::ConstantOp::create(rewriter, loc, initialValue),
             tensor::EmptyOp::create(rewriter, loc, valueType, dynamic));
  AffineMap outMap = AffineMap::get(rank, 0, outExprs, rewriter.getContext());
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{indexType, valueType}, operands[0],
      ValueRange{indices, values},
      SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(rank), outMap,
                             outMap},
      iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = args[0], bestIndex = args[1], best = args[2];
        Value i = arith::IndexCastOp::create(
            b, l, out, linalg::IndexOp::create(b, l, axis));
        bool isFloat = isa<FloatType>(element);
        auto compare = [&](bool greater) -> Value {
          if (isFloat)
            return arith::CmpFOp::create(b, l,
                                         greater ? arith::CmpFPredicate::OGT
                                                 : arith::CmpFPredicate::OLT,
                                         x, best);
          return arith::CmpIOp::create(b, l,
                                       greater ? arith::CmpIPredicate::sgt
                                               : arith::CmpIPredicate::slt,
                                       x, best);
        };
        // Eigen: skip x if it is worse; take it if it is better or (equal
        // or unordered) comes at a smaller index. Visited in index order,
        // the index test takes nothing after the first.
        Value better = compare(max);
        Value worse = compare(!max);
        Value earlier = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt,
                                              bestIndex, i);
        Value take = arith::AndIOp::create(
            b, l,
            arith::XOrIOp::create(
                b, l, worse,
                arith::ConstantIntOp::create(b, l, 1, 1).getResult()),
            arith::OrIOp::create(b, l, better, earlier));
        linalg::YieldOp::create(
            b, l,
            ValueRange{arith::SelectOp::create(b, l, take, i, bestIndex),
                       arith::SelectOp::create(b, l, take, x, best)});
      });
  rewriter.replaceOp(op, castTo(rewriter, loc, generic.getResult(0),
                                op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.Cumsum, tf.Cumprod
//===----------------------------------------------------------------------===//

ReduceKind scanKind(Operation *op) {
  return op->getName().getStringRef() == "tf.Cumprod" ? ReduceKind::Prod
                                                      : ReduceKind::Sum;
}

std::string unsupportedScan(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType input = rankedType(op->getOperand(0));
  Type element = input.getElementType();
  if (input.getRank() == 0 || element.isInteger(1))
    return "needs a numeric operand of rank >= 1";
  if (!constantAxis(op->getOperand(1), input.getRank()))
    return "needs a constant axis within its operand's rank";
  RankedTensorType result = rankedType(op->getResult(0));
  if (result.getElementType() != element ||
      failed(verifyCompatibleShape(result, input)))
    return "has a result whose type is not its operand's";
  return "";
}

bool flag(Operation *op, StringRef name) {
  auto attr = op->getAttrOfType<BoolAttr>(name);
  return attr && attr.getValue();
}

LogicalResult rewriteScan(Operation *op, ValueRange operands,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Value input = operands[0];
  RankedTensorType type = rankedType(input);
  int64_t rank = type.getRank();
  int64_t axis = *constantAxis(op->getOperand(1), rank);
  bool exclusive = flag(op, "exclusive"), reverse = flag(op, "reverse");
  ReduceKind kind = scanKind(op);
  // One line across the axis: the operand's shape without it.
  SmallVector<int64_t> lineShape = reducedShape(type, axis, false);
  auto lineType = RankedTensorType::get(lineShape, type.getElementType());
  SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(d == axis ? OpFoldResult(rewriter.getIndexAttr(1))
                              : tensor::getMixedSize(rewriter, loc, input, d));
  SmallVector<OpFoldResult> lineSizes;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      lineSizes.push_back(sizes[d]);
  Value identity = arith::ConstantOp::create(
      rewriter, loc, identityOf(rewriter, kind, type.getElementType()));
  Value acc =
      linalg::FillOp::create(rewriter, loc, identity,
                             tensor::EmptyOp::create(rewriter, loc, lineSizes,
                                                     type.getElementType())
                                 .getResult())
          .getResult(0);
  Value n = tensor::DimOp::create(rewriter, loc, input, axis);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value init = emptyLike(rewriter, loc, type, input);
  auto loop = scf::ForOp::create(
      rewriter, loc, zero, n, one, ValueRange{init, acc},
      [&](OpBuilder &b, Location l, Value step, ValueRange carried) {
        Value at = reverse
                       ? Value(arith::SubIOp::create(
                             b, l, arith::SubIOp::create(b, l, n, one), step))
                       : step;
        SmallVector<OpFoldResult> where = offsets;
        where[axis] = at;
        Value x = tensor::ExtractSliceOp::create(b, l, lineType, input, where,
                                                 sizes, strides);
        Value before = carried[1];
        // The elementwise fold of the line into the accumulator.
        int64_t lineRank = lineType.getRank();
        auto id = b.getMultiDimIdentityMap(lineRank);
        Value after =
            linalg::GenericOp::create(
                b, l, lineType, ValueRange{before, x},
                emptyLike(b, l, lineType, before),
                SmallVector<AffineMap>{id, id, id},
                SmallVector<utils::IteratorType>(lineRank,
                                                 utils::IteratorType::parallel),
                [&](OpBuilder &nb, Location nl, ValueRange args) {
                  linalg::YieldOp::create(
                      nb, nl, combine(nb, nl, kind, args[0], args[1]));
                })
                .getResult(0);
        Value written =
            tensor::InsertSliceOp::create(b, l, exclusive ? before : after,
                                          carried[0], where, sizes, strides);
        scf::YieldOp::create(b, l, ValueRange{written, after});
      });
  rewriter.replaceOp(
      op, castTo(rewriter, loc, loop.getResult(0), op->getResult(0).getType()));
  return success();
}

const Lowering kLowerings[] = {
    {"tf.Sum", unsupportedReduction, rewriteReduction},
    {"tf.Prod", unsupportedReduction, rewriteReduction},
    {"tf.Max", unsupportedReduction, rewriteReduction},
    {"tf.Min", unsupportedReduction, rewriteReduction},
    {"tf.Mean", unsupportedReduction, rewriteReduction},
    {"tf.Any", unsupportedReduction, rewriteReduction},
    {"tf.All", unsupportedReduction, rewriteReduction},
    {"tf.ArgMax", unsupportedArg, rewriteArg},
    {"tf.ArgMin", unsupportedArg, rewriteArg},
    {"tf.Cumsum", unsupportedScan, rewriteScan},
    {"tf.Cumprod", unsupportedScan, rewriteScan}};

} // namespace

Value mlir::ta::tflegalize::reduceAlong(OpBuilder &b, Location loc, Value input,
                                        ArrayRef<int64_t> dims, bool keep,
                                        ReduceKind kind) {
  auto type = cast<RankedTensorType>(input.getType());
  Type element = type.getElementType();
  int64_t rank = type.getRank();
  auto resultType =
      RankedTensorType::get(reducedShape(type, dims, keep), element);
  SmallVector<Value> dynamic;
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = llvm::is_contained(dims, d);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (reduced) {
      if (keep)
        outExprs.push_back(b.getAffineConstantExpr(0));
      continue;
    }
    outExprs.push_back(b.getAffineDimExpr(d));
    if (type.isDynamicDim(d))
      dynamic.push_back(tensor::DimOp::create(b, loc, input, d));
  }
  Value initial =
      arith::ConstantOp::create(b, loc, identityOf(b, kind, element));
  Value empty = tensor::EmptyOp::create(b, loc, resultType, dynamic);
  Value init = linalg::FillOp::create(b, loc, initial, empty).getResult(0);
  SmallVector<AffineMap> maps{
      b.getMultiDimIdentityMap(rank),
      AffineMap::get(rank, 0, outExprs, b.getContext())};
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, input, init, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc,
                                combine(nb, nloc, kind, args[1], args[0]));
      });
  return generic.getResult(0);
}

ArrayRef<Lowering> mlir::ta::tflegalize::reductionLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFReductionToLinalgPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, reductionLowerings());
}

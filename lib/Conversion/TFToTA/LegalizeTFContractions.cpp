//===- LegalizeTFContractions.cpp - tf.MatMul, BatchMatMul, Einsum --------===//
//
// tf.MatMul (transposes as linalg.transpose, then linalg.matmul) and
// tf.BatchMatMul, BatchMatMulV2 and BatchMatMulV3 (tf.matmul of rank > 2,
// attention's q k^T): one linalg.generic over the broadcast batch dims, the
// rows, the columns and the contracted dim, whose indexing maps read the
// adjoint operands (adj_x, adj_y) and broadcast batch dims of 1 (V2, V3)
// without a copy. tf.Einsum of one or two static operands (tf.einsum, its
// ellipses written out as labels of their own,
// Keras's EinsumDense and MultiHeadAttention): one linalg.generic with a
// loop per label, its maps read off the equation. Products are summed in the
// order of the contracted dim, as linalg.matmul sums; TensorFlow's kernels
// (Eigen's or oneDNN's blocked contraction, with fused multiply-adds) may sum
// otherwise: the corpus bounds these results (test/TF/programs_library.py,
// KERAS_ULP).
//
//===----------------------------------------------------------------------===//

#include "LegalizeTFCommon.h"
#include "TFUtils.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

/// Whether `op`'s flag `attr` (transpose_a, adj_x...) is set.
bool transposes(Operation *op, StringRef attr) {
  auto flag = op->getAttrOfType<BoolAttr>(attr);
  return flag && flag.getValue();
}

/// The shape of a 2-D `type`, its dims swapped where `transposed`.
SmallVector<int64_t, 2> productShape(RankedTensorType type, bool transposed) {
  SmallVector<int64_t, 2> shape(type.getShape());
  if (transposed)
    std::swap(shape[0], shape[1]);
  return shape;
}

std::string unsupportedMatMul(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType a = rankedType(op->getOperand(0));
  RankedTensorType b = rankedType(op->getOperand(1));
  RankedTensorType c = rankedType(op->getResult(0));
  if (!a.hasStaticShape() || !b.hasStaticShape() || !c.hasStaticShape() ||
      a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return "needs static 2-D types";
  if (a.getElementType() != b.getElementType() ||
      a.getElementType() != c.getElementType() ||
      a.getElementType().isInteger(1))
    return "needs operands and result of one numeric element type";
  SmallVector<int64_t, 2> x = productShape(a, transposes(op, "transpose_a"));
  SmallVector<int64_t, 2> y = productShape(b, transposes(op, "transpose_b"));
  if (x[1] != y[0] || c.getShape() != ArrayRef<int64_t>{x[0], y[1]})
    return "has shapes that do not multiply";
  return "";
}

LogicalResult rewriteMatMul(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  RankedTensorType result = rankedType(op->getResult(0));
  // A transposed operand is transposed first (linalg.transpose).
  static constexpr StringLiteral kTransposes[] = {"transpose_a", "transpose_b"};
  SmallVector<Value, 2> factors;
  for (auto [operand, attr] : llvm::zip(operands, kTransposes)) {
    RankedTensorType type = rankedType(operand);
    if (!transposes(op, attr)) {
      factors.push_back(operand);
      continue;
    }
    auto swapped =
        RankedTensorType::get(productShape(type, true), type.getElementType());
    Value init = tensor::EmptyOp::create(rewriter, loc, swapped, ValueRange());
    factors.push_back(linalg::TransposeOp::create(rewriter, loc, operand, init,
                                                  ArrayRef<int64_t>{1, 0})
                          .getResult()[0]);
  }
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(result.getElementType()));
  Value init = filled(rewriter, loc, result, zero);
  rewriter.replaceOp(op, linalg::MatmulOp::create(
                             rewriter, loc, TypeRange{result}, factors, init)
                             .getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// BatchMatMul
//===----------------------------------------------------------------------===//

/// The shape of tf.BatchMatMul* `op`'s product: the operands' batch dims
/// broadcast (V2, V3; equal for the first version), then x's rows and y's
/// columns (adj_x, adj_y read the operands' last two dims swapped); null
/// where they do not multiply or broadcast.
std::optional<SmallVector<int64_t>> batchProductShape(Operation *op) {
  RankedTensorType x = rankedType(op->getOperand(0));
  RankedTensorType y = rankedType(op->getOperand(1));
  if (x.getRank() < 2 || y.getRank() < 2)
    return std::nullopt;
  auto rowsCols = [&](RankedTensorType t, StringRef adj) {
    int64_t r = t.getDimSize(t.getRank() - 2), c = t.getShape().back();
    return transposes(op, adj) ? std::make_pair(c, r) : std::make_pair(r, c);
  };
  auto [xr, xc] = rowsCols(x, "adj_x");
  auto [yr, yc] = rowsCols(y, "adj_y");
  if (xc != yr)
    return std::nullopt;
  bool broadcasts = !tf::isNamed(op, "tf.BatchMatMul");
  int64_t rank = std::max(x.getRank(), y.getRank());
  if (!broadcasts && x.getRank() != y.getRank())
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (int64_t k = 0; k < rank - 2; ++k) {
    auto dimOf = [&](RankedTensorType t) -> int64_t {
      int64_t at = k - (rank - t.getRank());
      return at < 0 ? 1 : t.getDimSize(at);
    };
    int64_t a = dimOf(x), b = dimOf(y);
    if (a != b && !(broadcasts && (a == 1 || b == 1)))
      return std::nullopt;
    shape.push_back(a == 1 ? b : a);
  }
  shape.push_back(xr);
  shape.push_back(yc);
  return shape;
}

std::string unsupportedBatchMatMul(Operation *op) {
  if (std::string why = checkSignature(op, 2, 1); !why.empty())
    return why;
  RankedTensorType x = rankedType(op->getOperand(0));
  RankedTensorType y = rankedType(op->getOperand(1));
  RankedTensorType z = rankedType(op->getResult(0));
  if (!x.hasStaticShape() || !y.hasStaticShape())
    return "needs static operands";
  if (x.getElementType() != y.getElementType() ||
      x.getElementType() != z.getElementType() ||
      x.getElementType().isInteger(1))
    return "needs operands and result of one numeric element type";
  std::optional<SmallVector<int64_t>> shape = batchProductShape(op);
  if (!shape)
    return "needs operands of rank >= 2 whose matrices multiply and whose "
           "batch dims broadcast";
  if (failed(verifyCompatibleShape(z.getShape(), *shape)))
    return "has a result whose type is not its operands' product";
  return "";
}

LogicalResult rewriteBatchMatMul(Operation *op, ValueRange operands,
                                 ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  SmallVector<int64_t> shape = *batchProductShape(op);
  Type element = rankedType(operands[0]).getElementType();
  auto type = RankedTensorType::get(shape, element);
  int64_t rank = shape.size(), batch = rank - 2;
  MLIRContext *ctx = rewriter.getContext();
  // Loops: the batch dims, rows i, columns j, the contracted dim k.
  AffineExpr i = getAffineDimExpr(batch, ctx),
             j = getAffineDimExpr(batch + 1, ctx),
             k = getAffineDimExpr(batch + 2, ctx);
  auto mapOf = [&](Value operand, AffineExpr row, AffineExpr col,
                   StringRef adj) {
    RankedTensorType t = rankedType(operand);
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < t.getRank() - 2; ++d) {
      int64_t loop = d + (batch - (t.getRank() - 2));
      // A batch dim of 1 where the product's is not: broadcast.
      exprs.push_back(t.getDimSize(d) == 1 && shape[loop] != 1
                          ? getAffineConstantExpr(0, ctx)
                          : getAffineDimExpr(loop, ctx));
    }
    if (transposes(op, adj))
      std::swap(row, col);
    exprs.push_back(row);
    exprs.push_back(col);
    return AffineMap::get(rank + 1, 0, exprs, ctx);
  };
  SmallVector<AffineExpr> out;
  for (int64_t d = 0; d < rank; ++d)
    out.push_back(getAffineDimExpr(d, ctx));
  SmallVector<AffineMap> maps{mapOf(operands[0], i, k, "adj_x"),
                              mapOf(operands[1], k, j, "adj_y"),
                              AffineMap::get(rank + 1, 0, out, ctx)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  Value zero =
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element));
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, operands, filled(rewriter, loc, type, zero), maps,
      iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        bool isFloat = isa<FloatType>(element);
        Value product =
            isFloat ? Value(arith::MulFOp::create(b, l, args[0], args[1]))
                    : Value(arith::MulIOp::create(b, l, args[0], args[1]));
        Value sum = isFloat
                        ? Value(arith::AddFOp::create(b, l, args[2], product))
                        : Value(arith::AddIOp::create(b, l, args[2], product));
        linalg::YieldOp::create(b, l, sum);
      });
  rewriter.replaceOp(op, castTo(rewriter, loc, generic.getResult(0),
                                op->getResult(0).getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf.Einsum
//===----------------------------------------------------------------------===//

/// A tf.Einsum equation over static operands: the loops (the output's
/// labels, then the contracted ones in the order they first appear), each
/// label's size, and each operand's and the output's labels.
struct Einsum {
  SmallVector<char> loops;
  llvm::SmallDenseMap<char, int64_t> sizes;
  SmallVector<std::string> inputs;
  /// Per input, its dims of size 1 an ellipsis broadcasts (read at 0).
  SmallVector<SmallVector<bool>> broadcast;
  std::string output;
  unsigned parallel = 0;
};

/// `equation` with its ellipses written out as labels of their own (letters
/// the equation does not use), for operands of ranks `ranks`: an operand's
/// ellipsis stands for the dims its labels leave, the output's for the most
/// any operand's stands for, aligned at the right (numpy's rule). Null
/// where the equation cannot be so written, or TensorFlow's kernel rejects
/// it (no `->`; an ellipsis in the operands but not in the output).
std::optional<std::string> explicitEinsum(StringRef equation,
                                          ArrayRef<int64_t> ranks) {
  auto [lhs, rhs] = equation.split("->");
  if (!equation.contains("->"))
    return std::nullopt;
  SmallVector<StringRef> inputs;
  lhs.split(inputs, ',');
  if (inputs.size() != ranks.size())
    return std::nullopt;
  std::string unused;
  for (char c = 'A'; c <= 'z'; ++c)
    if (llvm::isAlpha(c) && !equation.contains(c))
      unused.push_back(c);
  auto labelCount = [](StringRef labels) {
    return llvm::count_if(labels, [](char c) { return llvm::isAlpha(c); });
  };
  int64_t spread = 0;
  SmallVector<int64_t> spans;
  for (auto [labels, rank] : llvm::zip(inputs, ranks)) {
    int64_t span = labels.contains("...") ? rank - labelCount(labels) : 0;
    if (span < 0 || span > (int64_t)unused.size())
      return std::nullopt;
    spans.push_back(span);
    spread = std::max(spread, span);
  }
  StringRef fresh = StringRef(unused).take_front(spread);
  std::string text;
  for (auto [k, labels] : llvm::enumerate(inputs)) {
    if (k)
      text += ",";
    auto [before, after] = labels.split("...");
    text += before.str();
    if (labels.contains("..."))
      text += fresh.take_back(spans[k]).str() + after.str();
  }
  if (spread > 0 && !rhs.contains("..."))
    return std::nullopt;
  auto [before, after] = rhs.split("...");
  std::string output = before.str();
  if (rhs.contains("..."))
    output += fresh.str() + after.str();
  return text + "->" + output;
}

/// `op`'s equation over its operands, or why it is not one ta-legalize-tf
/// lowers.
FailureOr<Einsum> parseEinsum(Operation *op, std::string &why) {
  auto equation = op->getAttrOfType<StringAttr>("equation");
  why = "needs an equation of one or two operands' labels (letters, and an "
        "ellipsis of dims equal where they repeat), each label once per "
        "operand, the output's labels among the operands' and of equal "
        "sizes where they repeat, an ellipsis in the output where the "
        "operands have one";
  if (!equation || op->getNumOperands() < 1 || op->getNumOperands() > 2)
    return failure();
  SmallVector<int64_t> ranks;
  for (Value operand : op->getOperands()) {
    RankedTensorType type = rankedType(operand);
    if (!type)
      return failure();
    ranks.push_back(type.getRank());
  }
  std::optional<std::string> written =
      explicitEinsum(equation.getValue(), ranks);
  if (!written)
    return failure();
  StringRef text = *written;
  auto [lhs, output] = text.split("->");
  Einsum e;
  SmallVector<StringRef> inputs;
  lhs.split(inputs, ',');
  if (inputs.size() != op->getNumOperands())
    return failure();
  auto labelsOf = [&](StringRef labels, std::string &into) {
    for (char c : labels) {
      if (c == ' ')
        continue;
      if (!llvm::isAlpha(c) || llvm::is_contained(into, c))
        return false;
      into.push_back(c);
    }
    return true;
  };
  // A label of an ellipsis (one the equation does not name) of size 1 in
  // one operand broadcasts to the other's size, as TensorFlow broadcasts
  // ellipsis dims; a named label's sizes are equal.
  auto ofEllipsis = [&](char c) { return !equation.getValue().contains(c); };
  for (auto [k, labels] : llvm::enumerate(inputs)) {
    e.inputs.emplace_back();
    RankedTensorType type = rankedType(op->getOperand(k));
    if (!labelsOf(labels, e.inputs.back()) || !type || !type.hasStaticShape() ||
        type.getRank() != (int64_t)e.inputs.back().size())
      return failure();
    for (auto [c, size] : llvm::zip(e.inputs.back(), type.getShape())) {
      auto [it, fresh] = e.sizes.try_emplace(c, size);
      if (fresh || it->second == size)
        continue;
      if (!ofEllipsis(c) || (it->second != 1 && size != 1))
        return failure();
      // 1 broadcasts to the other size (0 included).
      it->second = it->second == 1 ? size : it->second;
    }
  }
  for (auto [k, labels] : llvm::enumerate(e.inputs)) {
    ArrayRef<int64_t> shape = rankedType(op->getOperand(k)).getShape();
    e.broadcast.emplace_back();
    for (auto [c, size] : llvm::zip(labels, shape))
      e.broadcast.back().push_back(size == 1 && e.sizes.lookup(c) != 1);
  }
  if (!labelsOf(output, e.output))
    return failure();
  for (char c : e.output) {
    if (!e.sizes.count(c))
      return failure();
    e.loops.push_back(c);
  }
  e.parallel = e.loops.size();
  for (const std::string &labels : e.inputs)
    for (char c : labels)
      if (!llvm::is_contained(e.loops, c))
        e.loops.push_back(c);
  return e;
}

std::string unsupportedEinsum(Operation *op) {
  if (std::string why = checkSignature(op, -1, 1); !why.empty())
    return why;
  std::string why;
  FailureOr<Einsum> e = parseEinsum(op, why);
  if (failed(e))
    return why;
  Type element = rankedType(op->getOperand(0)).getElementType();
  if ((!isa<FloatType>(element) && !element.isSignlessInteger()) ||
      element.isInteger(1) || llvm::any_of(op->getOperandTypes(), [&](Type t) {
        return getElementTypeOrSelf(t) != element;
      }))
    return "needs operands of one float or integer element type";
  SmallVector<int64_t> shape;
  for (char c : e->output)
    shape.push_back(e->sizes.lookup(c));
  RankedTensorType result = rankedType(op->getResult(0));
  if (!result || result.getElementType() != element ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return "has a result whose type is not the equation's";
  return "";
}

/// One linalg.generic: a loop per label, the output's parallel, the
/// contracted ones reductions (summed in their order, as the matmuls
/// above sum; TensorFlow contracts through its batched matmul).
LogicalResult rewriteEinsum(Operation *op, ValueRange operands,
                            ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  std::string why;
  Einsum e = *parseEinsum(op, why);
  Type element = rankedType(operands[0]).getElementType();
  SmallVector<int64_t> shape;
  for (char c : e.output)
    shape.push_back(e.sizes.lookup(c));
  auto type = RankedTensorType::get(shape, element);
  MLIRContext *ctx = rewriter.getContext();
  auto mapOf = [&](StringRef labels, ArrayRef<bool> broadcast) {
    SmallVector<AffineExpr> exprs;
    for (auto [d, c] : llvm::enumerate(labels))
      exprs.push_back(!broadcast.empty() && broadcast[d]
                          ? getAffineConstantExpr(0, ctx)
                          : getAffineDimExpr(
                                llvm::find(e.loops, c) - e.loops.begin(), ctx));
    return AffineMap::get(e.loops.size(), 0, exprs, ctx);
  };
  SmallVector<AffineMap> maps;
  for (auto [labels, broadcast] : llvm::zip(e.inputs, e.broadcast))
    maps.push_back(mapOf(labels, broadcast));
  maps.push_back(mapOf(e.output, {}));
  SmallVector<utils::IteratorType> iterators(e.loops.size(),
                                             utils::IteratorType::reduction);
  for (unsigned k = 0; k < e.parallel; ++k)
    iterators[k] = utils::IteratorType::parallel;
  Value zero =
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element));
  bool isFloat = isa<FloatType>(element);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, operands, filled(rewriter, loc, type, zero), maps,
      iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        Value term = args[0];
        if (args.size() == 3)
          term = isFloat ? Value(arith::MulFOp::create(b, l, args[0], args[1]))
                         : Value(arith::MulIOp::create(b, l, args[0], args[1]));
        // Without contracted labels, the product itself (a sum from 0
        // would turn -0 into +0).
        if (e.parallel == e.loops.size()) {
          linalg::YieldOp::create(b, l, term);
          return;
        }
        Value acc = args.back();
        linalg::YieldOp::create(
            b, l,
            isFloat ? Value(arith::AddFOp::create(b, l, acc, term))
                    : Value(arith::AddIOp::create(b, l, acc, term)));
      });
  rewriter.replaceOp(op, castTo(rewriter, loc, generic.getResult(0),
                                op->getResult(0).getType()));
  return success();
}

constexpr Lowering kLowerings[] = {
    {"tf.Einsum", unsupportedEinsum, rewriteEinsum},
    {"tf.MatMul", unsupportedMatMul, rewriteMatMul},
    {"tf.BatchMatMul", unsupportedBatchMatMul, rewriteBatchMatMul},
    {"tf.BatchMatMulV2", unsupportedBatchMatMul, rewriteBatchMatMul},
    {"tf.BatchMatMulV3", unsupportedBatchMatMul, rewriteBatchMatMul}};

} // namespace

ArrayRef<Lowering> mlir::ta::tflegalize::contractionLowerings() {
  return kLowerings;
}

void mlir::ta::populateTFContractionToLinalgPatterns(
    RewritePatternSet &patterns) {
  addLoweringPatterns(patterns, contractionLowerings());
}

//===- TFUtils.cpp - TensorFlow IR read without the tf dialects -----------===//

#include "TFUtils.h"

#include "TFShapes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace {
/// The text inside `<...>` of an opaque `prefix<...>` in dialect tf_type.
std::optional<StringRef> opaqueBody(StringRef dialect, StringRef data,
                                    StringRef prefix) {
  if (dialect != "tf_type" || !data.consume_front(prefix) ||
      !data.consume_front("<") || !data.consume_back(">"))
    return std::nullopt;
  return data.trim();
}
} // namespace

bool mlir::ta::tf::isVariant(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  auto opaque =
      tensor ? dyn_cast<OpaqueType>(tensor.getElementType()) : OpaqueType();
  return opaque && opaque.getDialectNamespace() == "tf_type" &&
         opaque.getTypeData().starts_with("variant");
}

std::optional<StringRef> mlir::ta::tf::resourceBody(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  auto opaque =
      tensor ? dyn_cast<OpaqueType>(tensor.getElementType()) : OpaqueType();
  if (!opaque || opaque.getDialectNamespace() != "tf_type")
    return std::nullopt;
  StringRef data = opaque.getTypeData();
  if (data == "resource")
    return StringRef();
  return opaqueBody(opaque.getDialectNamespace().getValue(), data, "resource");
}

TensorType mlir::ta::tf::resourceSubtype(Type type) {
  std::optional<StringRef> body = resourceBody(type);
  if (!body || body->empty())
    return {};
  return dyn_cast_or_null<TensorType>(parseType(*body, type.getContext()));
}

FailureOr<std::optional<SmallVector<int64_t>>>
mlir::ta::tf::parseShape(Attribute attr) {
  auto opaque = dyn_cast_or_null<OpaqueAttr>(attr);
  if (!opaque)
    return failure();
  std::optional<StringRef> body = opaqueBody(
      opaque.getDialectNamespace().getValue(), opaque.getAttrData(), "shape");
  if (!body)
    return failure();
  if (*body == "*")
    return std::optional<SmallVector<int64_t>>();
  SmallVector<int64_t> dims;
  if (body->empty())
    return std::optional<SmallVector<int64_t>>(dims);
  SmallVector<StringRef> parts;
  body->split(parts, 'x');
  for (StringRef part : parts) {
    part = part.trim();
    int64_t dim;
    if (part == "?")
      dims.push_back(ShapedType::kDynamic);
    else if (!part.getAsInteger(10, dim) && dim >= 0)
      dims.push_back(dim);
    else
      return failure();
  }
  return std::optional<SmallVector<int64_t>>(dims);
}

static DenseIntElementsAttr constantAttr(Value value);

/// The inverse of a constant permutation that `def`, a
/// tf.InvertPermutation, inverts (TensorFlow's constant folding computes it
/// before a kernel runs: the gradient of a transpose is one); null
/// otherwise.
static DenseIntElementsAttr invertedPermutation(Operation *def) {
  if (!mlir::ta::tf::isNamed(def, "tf.InvertPermutation") ||
      def->getNumOperands() != 1)
    return {};
  DenseIntElementsAttr perm = constantAttr(def->getOperand(0));
  if (!perm || perm.getType().getRank() != 1 ||
      !isa<IntegerType>(perm.getType().getElementType()))
    return {};
  SmallVector<int64_t> forward = llvm::map_to_vector(
      perm.getValues<APInt>(), [](const APInt &v) { return v.getSExtValue(); });
  if (!isPermutationVector(forward))
    return {};
  unsigned width = perm.getType().getElementTypeBitWidth();
  SmallVector<APInt> inverse(forward.size(), APInt(width, 0));
  for (auto [i, d] : llvm::enumerate(forward))
    inverse[d] = APInt(width, i);
  return DenseIntElementsAttr::get(perm.getType(), inverse);
}

/// The shape tf.Shape `def` returns where its operand's type is static (or
/// a cast that only forgot the dims of a static value), as TensorFlow folds
/// it.
static DenseIntElementsAttr foldedShape(Operation *def) {
  if (!mlir::ta::tf::isNamed(def, "tf.Shape") || def->getNumOperands() != 1 ||
      def->getNumResults() != 1)
    return {};
  Value operand = def->getOperand(0);
  if (auto cast = operand.getDefiningOp<tensor::CastOp>())
    operand = cast.getSource();
  auto type = dyn_cast<RankedTensorType>(operand.getType());
  auto element =
      dyn_cast<IntegerType>(getElementTypeOrSelf(def->getResult(0).getType()));
  if (!type || !type.hasStaticShape() || !element)
    return {};
  SmallVector<APInt> dims;
  for (int64_t d : type.getShape())
    dims.push_back(APInt(element.getWidth(), d, /*isSigned=*/true));
  return DenseIntElementsAttr::get(
      RankedTensorType::get({type.getRank()}, element), dims);
}

/// The rank tf.Rank `def` returns where its operand is ranked, and the
/// vector tf.Range `def` returns where its operands are constant (up to
/// 1024 elements: the reduction indices `Range(0, Rank(x))` of a reduction
/// over every dim), as TensorFlow folds them.
static DenseIntElementsAttr foldedRankOrRange(Operation *def) {
  if (!def || def->getNumResults() != 1)
    return {};
  auto type = dyn_cast<RankedTensorType>(def->getResult(0).getType());
  auto element =
      type ? dyn_cast<IntegerType>(type.getElementType()) : IntegerType();
  if (!element)
    return {};
  if (mlir::ta::tf::isNamed(def, "tf.Rank") && def->getNumOperands() == 1) {
    Value operand = def->getOperand(0);
    if (auto cast = operand.getDefiningOp<tensor::CastOp>())
      operand = cast.getSource();
    auto input = dyn_cast<RankedTensorType>(operand.getType());
    if (!input || type.getRank() != 0)
      return {};
    return DenseIntElementsAttr::get(
        type, APInt(element.getWidth(), input.getRank()));
  }
  if (!mlir::ta::tf::isNamed(def, "tf.Range") || def->getNumOperands() != 3 ||
      type.getRank() != 1)
    return {};
  std::optional<int64_t> start =
      mlir::ta::tf::constantScalar(def->getOperand(0));
  std::optional<int64_t> limit =
      mlir::ta::tf::constantScalar(def->getOperand(1));
  std::optional<int64_t> delta =
      mlir::ta::tf::constantScalar(def->getOperand(2));
  constexpr int64_t kLarge = int64_t(1) << 40; // no overflow below
  auto small = [&](std::optional<int64_t> v) {
    return v && *v > -kLarge && *v < kLarge;
  };
  if (!small(start) || !small(limit) || !small(delta) || *delta == 0 ||
      (*delta > 0 ? *start > *limit : *start < *limit))
    return {};
  int64_t count =
      (std::abs(*limit - *start) + std::abs(*delta) - 1) / std::abs(*delta);
  if (count > 1024 || (!type.isDynamicDim(0) && type.getDimSize(0) != count))
    return {};
  SmallVector<APInt> values;
  for (int64_t k = 0; k < count; ++k)
    values.push_back(
        APInt(element.getWidth(), *start + k * *delta, /*isSigned=*/true));
  return DenseIntElementsAttr::get(RankedTensorType::get({count}, element),
                                   values);
}

/// The dims `value` holds as a shape: its constant values, or where it is
/// tf.Shape of a ranked value, that value's dims (kDynamic where known at
/// run time only).
static std::optional<SmallVector<int64_t>> shapeDims(Value value) {
  if (std::optional<SmallVector<int64_t>> ints =
          mlir::ta::tf::constantInts(value))
    return ints;
  Operation *def = value.getDefiningOp();
  if (!mlir::ta::tf::isNamed(def, "tf.Shape") || def->getNumOperands() != 1)
    return std::nullopt;
  Value operand = def->getOperand(0);
  if (auto cast = operand.getDefiningOp<tensor::CastOp>())
    operand = cast.getSource();
  auto type = dyn_cast<RankedTensorType>(operand.getType());
  if (!type)
    return std::nullopt;
  return SmallVector<int64_t>(type.getShape());
}

/// TensorFlow's reduction indices (BCastList's grad_reduce_idx) for the
/// static shape `mine` broadcast with `other`: none for equal shapes, else
/// the dims of the broadcast shape where `mine`'s dim (1 where it has fewer
/// dims) is 1; nullopt where the shapes do not broadcast.
static std::optional<SmallVector<int64_t>>
reductionIndices(ArrayRef<int64_t> mine, ArrayRef<int64_t> other) {
  size_t rank = std::max(mine.size(), other.size());
  // dim(s, d): s's dim d of the broadcast shape, 1 where s has fewer dims.
  auto dim = [&](ArrayRef<int64_t> s, size_t d) {
    return d + s.size() < rank ? 1 : s[d + s.size() - rank];
  };
  SmallVector<int64_t> dims;
  for (size_t d = 0; d < rank; ++d) {
    int64_t a = dim(mine, d), b = dim(other, d);
    if (a < 0 || b < 0 || (a != b && a != 1 && b != 1))
      return std::nullopt; // not shapes, or TensorFlow's "Incompatible shapes"
    if (a == 1 && mine != other)
      dims.push_back(d);
  }
  return dims;
}

/// The reduction indices tf.BroadcastGradientArgs returns as `value` (its
/// result 0 or 1) where they are known before it runs: its shapes constant,
/// or with dims known at run time only on which the indices do not depend
/// (every value such a dim can take in shapes that broadcast gives the
/// same indices; a gradient of `x * c` where x's rows are counted at run
/// time); null otherwise.
static DenseIntElementsAttr gradientReduction(Value value) {
  auto result = dyn_cast<OpResult>(value);
  Operation *def = result ? result.getOwner() : nullptr;
  if (!mlir::ta::tf::isNamed(def, "tf.BroadcastGradientArgs") ||
      def->getNumOperands() != 2 || def->getNumResults() != 2)
    return {};
  std::optional<SmallVector<int64_t>> s0 = shapeDims(def->getOperand(0));
  std::optional<SmallVector<int64_t>> s1 = shapeDims(def->getOperand(1));
  auto element = dyn_cast<IntegerType>(getElementTypeOrSelf(value.getType()));
  if (!s0 || !s1 || !element)
    return {};
  // Each dim known at run time only is tried as 1 and as a value other than
  // 1 that broadcasts with the other shape's dim there (that dim, where it
  // is static and not 1; else 2).
  size_t rank = std::max(s0->size(), s1->size());
  SmallVector<std::pair<int64_t *, int64_t>> open; // a dim, its other value
  for (size_t d = 0; d < rank; ++d) {
    int64_t *a =
        d + s0->size() < rank ? nullptr : &(*s0)[d + s0->size() - rank];
    int64_t *b =
        d + s1->size() < rank ? nullptr : &(*s1)[d + s1->size() - rank];
    auto otherValue = [](int64_t *x) {
      return x && !ShapedType::isDynamic(*x) && *x != 1 ? *x : 2;
    };
    if (a && ShapedType::isDynamic(*a))
      open.push_back({a, otherValue(b)});
    if (b && ShapedType::isDynamic(*b))
      open.push_back({b, otherValue(a)});
  }
  if (open.size() > 8)
    return {};
  std::optional<SmallVector<int64_t>> indices;
  for (unsigned bits = 0; bits < (1u << open.size()); ++bits) {
    for (auto [k, dim] : llvm::enumerate(open))
      *dim.first = (bits >> k) & 1 ? dim.second : 1;
    bool first = result.getResultNumber() == 0;
    std::optional<SmallVector<int64_t>> these =
        reductionIndices(first ? *s0 : *s1, first ? *s1 : *s0);
    if (!these)
      continue; // shapes that do not broadcast: TensorFlow's error
    if (indices && *indices != *these)
      return {};
    indices = these;
  }
  if (!indices)
    return {};
  SmallVector<APInt> dims = llvm::map_to_vector(
      *indices, [&](int64_t d) { return APInt(element.getWidth(), d); });
  return DenseIntElementsAttr::get(
      RankedTensorType::get({(int64_t)dims.size()}, element), dims);
}

/// The integer elements attribute a constant tensor value holds.
static DenseIntElementsAttr constantAttr(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr))) {
    Operation *def = value.getDefiningOp();
    if (mlir::ta::tf::isNamed(def, "tf.Const")) {
      attr = dyn_cast_or_null<DenseIntElementsAttr>(def->getAttr("value"));
      // Nothing has verified a tf.Const: a value of another shape than its
      // type is no constant of it.
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (attr && type && attr.getType().getShape() != type.getShape())
        attr = {};
    } else if (!(attr = foldedShape(def)) &&
               !(attr = invertedPermutation(def)) &&
               !(attr = foldedRankOrRange(def)))
      attr = gradientReduction(value);
  }
  return attr;
}

std::optional<SmallVector<int64_t>> mlir::ta::tf::constantInts(Value value) {
  DenseIntElementsAttr attr = constantAttr(value);
  if (!attr)
    return std::nullopt;
  return llvm::map_to_vector(attr.getValues<APInt>(),
                             [](const APInt &v) { return v.getSExtValue(); });
}

std::optional<int64_t> mlir::ta::tf::constantScalar(Value value) {
  DenseIntElementsAttr attr = constantAttr(value);
  if (!attr || attr.getNumElements() != 1)
    return std::nullopt;
  return (*attr.value_begin<APInt>()).getSExtValue();
}

Value mlir::ta::tf::castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

bool mlir::ta::tf::isPublicArgument(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::CastOp>(def) &&
        !(isNamed(def, "tf.Identity") && def->getNumOperands() == 1))
      return false;
    value = def->getOperand(0);
  }
  auto fn = dyn_cast_or_null<func::FuncOp>(
      cast<BlockArgument>(value).getOwner()->getParentOp());
  return fn && fn.isPublic() &&
         cast<BlockArgument>(value).getOwner()->isEntryBlock();
}

void mlir::ta::tf::replaceUsesRefined(Value old, Value value) {
  OpBuilder b(old.getContext());
  b.setInsertionPointAfterValue(value);
  Value cast;
  for (OpOperand &use : llvm::make_early_inc_range(old.getUses())) {
    if (isTFOp(use.getOwner()) || old.getType() == value.getType()) {
      use.set(value);
      continue;
    }
    if (!cast)
      cast = castTo(b, old.getLoc(), value, old.getType());
    use.set(cast);
  }
}

Type mlir::ta::tf::joinTypes(Type a, Type b) {
  if (a == b)
    return a;
  auto ta = dyn_cast<TensorType>(a), tb = dyn_cast<TensorType>(b);
  if (!ta || !tb || ta.getElementType() != tb.getElementType())
    return {};
  if (!ta.hasRank() || !tb.hasRank() || ta.getRank() != tb.getRank())
    return UnrankedTensorType::get(ta.getElementType());
  SmallVector<int64_t> dims;
  for (auto [x, y] : llvm::zip(ta.getShape(), tb.getShape()))
    dims.push_back(x == y ? x : ShapedType::kDynamic);
  return RankedTensorType::get(dims, ta.getElementType());
}

Value mlir::ta::tf::scalarIndex(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<TensorType>(tensor.getType());
  auto scalar = RankedTensorType::get({}, type.getElementType());
  Value element =
      tensor::ExtractOp::create(b, loc, castTo(b, loc, tensor, scalar));
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), element);
}

void mlir::ta::tf::refreshSignature(func::FuncOp fn) {
  if (fn.isExternal())
    return;
  SmallVector<Type> results(fn.getResultTypes());
  fn.walk([&](func::ReturnOp ret) {
    if (ret->getParentOp() == fn)
      results.assign(ret.getOperandTypes().begin(),
                     ret.getOperandTypes().end());
  });
  fn.setFunctionType(FunctionType::get(fn.getContext(),
                                       fn.front().getArgumentTypes(), results));
}

Type mlir::ta::tf::listType(TensorType element) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "variant<" << element << ">";
  MLIRContext *ctx = element.getContext();
  return RankedTensorType::get(
      {}, OpaqueType::get(StringAttr::get(ctx, "tf_type"), os.str()));
}

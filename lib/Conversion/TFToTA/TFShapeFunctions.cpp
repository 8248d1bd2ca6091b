//===- TFShapeFunctions.cpp - TensorFlow's shape functions ----------------===//
//
// The result types TensorFlow's shape functions give the ops ta lowers, from
// their operands' types and constant operands (TensorFlow's own
// `shape_inference` functions, in `tensorflow/core/ops/*.cc`), for
// refineTypes (TFShapes.cpp). Every op of getLegalizedTFOpNames() has one
// here: a TensorFlow 1 graph leaves every value inside a loop unranked, and
// ta-legalize-tf lowers ranked values only. A function gives null where the
// operands do not determine more (an unranked operand, a bound that is not
// constant) or are invalid: the lowering then diagnoses the op, or checks
// it at run time.
//
//===----------------------------------------------------------------------===//

#include "TFShapes.h"

#include "LegalizeTFCommon.h"
#include "TFUtils.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::ta;
using tflegalize::constantAxes;
using tflegalize::constantAxis;

namespace {

constexpr int64_t kDynamic = ShapedType::kDynamic;

/// Ops whose (one) result has their first operand's shape.
constexpr StringLiteral kShapePreserving[] = {
    "tf.Abs",          "tf.BiasAdd",       "tf.Cast",
    "tf.Ceil",         "tf.Cos",           "tf.Cumprod",
    "tf.Cumsum",       "tf.Elu",           "tf.EluGrad",
    "tf.Erf",          "tf.Erfc",          "tf.Exp",
    "tf.Floor",        "tf.Identity",      "tf.IsFinite",
    "tf.LeakyRelu",    "tf.LeakyReluGrad", "tf.Log",
    "tf.Log1p",        "tf.LogSoftmax",    "tf.LogicalNot",
    "tf.Neg",          "tf.OnesLike",      "tf.PreventGradient",
    "tf.Reciprocal",   "tf.Relu",          "tf.Relu6",
    "tf.Relu6Grad",    "tf.ReluGrad",      "tf.ReverseSequence",
    "tf.ReverseV2",    "tf.Round",         "tf.Rsqrt",
    "tf.RsqrtGrad",    "tf.Selu",          "tf.SeluGrad",
    "tf.Sigmoid",      "tf.SigmoidGrad",   "tf.Sign",
    "tf.Sin",          "tf.Softmax",       "tf.Softplus",
    "tf.SoftplusGrad", "tf.Sqrt",          "tf.SqrtGrad",
    "tf.Square",       "tf.StopGradient",  "tf.Tanh",
    "tf.TanhGrad",     "tf.ZerosLike"};

/// Reductions over the constant axes of operand 1 (`keep_dims`).
constexpr StringLiteral kReductions[] = {
    "tf.All", "tf.Any", "tf.Max", "tf.Mean", "tf.Min", "tf.Prod", "tf.Sum"};

RankedTensorType withElement(ArrayRef<int64_t> dims, Type declared) {
  return RankedTensorType::get(dims,
                               cast<TensorType>(declared).getElementType());
}

/// TensorFlow's broadcast of ranked shapes (BroadcastBinaryOpOutputShapeFn):
/// a dim of 1 takes the other; an unknown dim against a known one > 1 is
/// that one (the unknown must be 1 or equal, or the op fails); unknown
/// against unknown or 1 stays unknown; two known dims that differ are
/// TensorFlow's error (left unknown: the lowering checks).
SmallVector<int64_t> broadcastShape(ArrayRef<RankedTensorType> types) {
  int64_t rank = 0;
  for (RankedTensorType t : types)
    rank = std::max(rank, t.getRank());
  SmallVector<int64_t> dims(rank, 1);
  for (RankedTensorType t : types)
    for (int64_t k = 0; k < t.getRank(); ++k) {
      int64_t &dim = dims[rank - t.getRank() + k];
      int64_t d = t.getDimSize(k);
      if (d == 1 || dim == d)
        continue;
      if (dim == 1)
        dim = d;
      else if (ShapedType::isDynamic(dim))
        dim = ShapedType::isDynamic(d) ? kDynamic : d;
      else if (!ShapedType::isDynamic(d))
        dim = kDynamic;
    }
  return dims;
}

/// The dims a constant 1-D operand holds, if it is one.
std::optional<SmallVector<int64_t>> constantDims(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 1)
    return std::nullopt;
  return tf::constantInts(value);
}

int64_t intAttr(Operation *op, StringRef name, int64_t defaultValue) {
  auto attr = op->getAttrOfType<IntegerAttr>(name);
  return attr ? attr.getInt() : defaultValue;
}

/// The product of two dims, unknown where either is.
int64_t mulDims(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) ? kDynamic
                                                              : a * b;
}

/// What the shape functions read of one op.
struct ShapeQuery {
  Operation *op;
  function_ref<Type(Value)> typeOf;

  RankedTensorType ranked(unsigned k) const {
    return k < op->getNumOperands()
               ? dyn_cast<RankedTensorType>(typeOf(op->getOperand(k)))
               : RankedTensorType();
  }
  Type declared(unsigned k = 0) const { return op->getResult(k).getType(); }
  RankedTensorType result(ArrayRef<int64_t> dims, unsigned k = 0) const {
    return withElement(dims, declared(k));
  }
  /// The dims tf.Shape of a ranked value gives where operand `k` is one (its
  /// dims, kDynamic where only known at run time: TensorFlow's gradients
  /// fill and reshape to the shapes of forward values); nullopt otherwise.
  std::optional<SmallVector<int64_t>> shapeOfDims(unsigned k) const {
    Operation *def =
        k < op->getNumOperands() ? op->getOperand(k).getDefiningOp() : nullptr;
    if (!tf::isNamed(def, "tf.Shape") || def->getNumOperands() != 1)
      return std::nullopt;
    auto of = dyn_cast<RankedTensorType>(typeOf(def->getOperand(0)));
    if (!of)
      return std::nullopt;
    return SmallVector<int64_t>(of.getShape());
  }
};

RankedTensorType reshapeType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  if (!in || q.op->getNumOperands() != 2)
    return {};
  // To another value's shape (its dims checked when the reshape runs).
  if (std::optional<SmallVector<int64_t>> like = q.shapeOfDims(1))
    return q.result(*like);
  std::optional<SmallVector<int64_t>> dims = constantDims(q.op->getOperand(1));
  if (!dims)
    return {};
  int64_t known = 1;
  int inferred = -1;
  for (auto [k, d] : llvm::enumerate(*dims)) {
    if (d == -1 && inferred < 0) {
      inferred = k;
      continue;
    }
    if (d < 0)
      return {};
    known *= d;
  }
  if (inferred < 0)
    // A static operand of another size is TensorFlow's error: the lowering
    // diagnoses it.
    return in.hasStaticShape() && known != in.getNumElements()
               ? RankedTensorType()
               : q.result(*dims);
  // The -1 dim: what the other dims leave of a static operand.
  if (!in.hasStaticShape() || known == 0 || in.getNumElements() % known != 0)
    (*dims)[inferred] = kDynamic;
  else
    (*dims)[inferred] = in.getNumElements() / known;
  return q.result(*dims);
}

RankedTensorType reductionType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  if (!in || q.op->getNumOperands() != 2)
    return {};
  std::optional<SmallVector<int64_t>> raw =
      tf::constantInts(q.op->getOperand(1));
  std::optional<SmallVector<int64_t>> axes =
      constantAxes(q.op->getOperand(1), in.getRank());
  // Duplicate axes are TensorFlow's error: the lowering diagnoses them.
  if (!axes || raw->size() != axes->size())
    return {};
  bool keep = tf::boolAttr(q.op, "keep_dims", false).getValue();
  SmallVector<int64_t> dims;
  for (int64_t k = 0; k < in.getRank(); ++k) {
    if (!llvm::is_contained(*axes, k))
      dims.push_back(in.getDimSize(k));
    else if (keep)
      dims.push_back(1);
  }
  return q.result(dims);
}

RankedTensorType argReductionType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  if (!in || q.op->getNumOperands() != 2)
    return {};
  std::optional<int64_t> axis = constantAxis(q.op->getOperand(1), in.getRank());
  if (!axis)
    return {};
  SmallVector<int64_t> dims(in.getShape());
  dims.erase(dims.begin() + *axis);
  return q.result(dims);
}

RankedTensorType concatType(const ShapeQuery &q) {
  unsigned n = q.op->getNumOperands();
  if (n < 2)
    return {};
  RankedTensorType first = q.ranked(0);
  if (!first)
    return {};
  std::optional<int64_t> axis =
      constantAxis(q.op->getOperand(n - 1), first.getRank());
  if (!axis)
    return {};
  SmallVector<int64_t> dims(first.getRank(), kDynamic);
  int64_t along = 0;
  for (unsigned k = 0; k + 1 < n; ++k) {
    RankedTensorType in = q.ranked(k);
    if (!in || in.getRank() != first.getRank())
      return {};
    for (int64_t d = 0; d < in.getRank(); ++d) {
      int64_t dim = in.getDimSize(d);
      if (d == *axis)
        along = ShapedType::isDynamic(dim) || ShapedType::isDynamic(along)
                    ? kDynamic
                    : along + dim;
      else if (!ShapedType::isDynamic(dim))
        dims[d] = dim;
    }
  }
  dims[*axis] = along;
  return q.result(dims);
}

RankedTensorType expandDimsType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  if (!in || q.op->getNumOperands() != 2)
    return {};
  std::optional<int64_t> axis =
      constantAxis(q.op->getOperand(1), in.getRank() + 1);
  if (!axis)
    return {};
  SmallVector<int64_t> dims(in.getShape());
  dims.insert(dims.begin() + *axis, 1);
  return q.result(dims);
}

RankedTensorType gatherType(const ShapeQuery &q) {
  RankedTensorType params = q.ranked(0), indices = q.ranked(1);
  if (!params || !indices || q.op->getNumOperands() != 3)
    return {};
  std::optional<int64_t> axis =
      constantAxis(q.op->getOperand(2), params.getRank());
  int64_t batchDims = intAttr(q.op, "batch_dims", 0);
  if (batchDims < 0)
    batchDims += indices.getRank();
  if (!axis || batchDims < 0 || batchDims > indices.getRank() ||
      batchDims > *axis)
    return {};
  SmallVector<int64_t> dims(params.getShape().take_front(*axis));
  llvm::append_range(dims, indices.getShape().drop_front(batchDims));
  llvm::append_range(dims, params.getShape().drop_front(*axis + 1));
  return q.result(dims);
}

RankedTensorType gatherNdType(const ShapeQuery &q) {
  // indices [..., k] of params: indices' dims but the last, params' from k.
  RankedTensorType params = q.ranked(0), indices = q.ranked(1);
  if (!params || !indices || indices.getRank() < 1 ||
      indices.isDynamicDim(indices.getRank() - 1))
    return {};
  int64_t k = indices.getShape().back();
  if (k > params.getRank())
    return {};
  SmallVector<int64_t> dims(indices.getShape().drop_back());
  llvm::append_range(dims, params.getShape().drop_front(k));
  return q.result(dims);
}

RankedTensorType whereType(const ShapeQuery &q) {
  // One operand: a row of coordinates per true element.
  RankedTensorType input = q.ranked(0);
  if (!input || q.op->getNumOperands() != 1)
    return {};
  return q.result({kDynamic, input.getRank()});
}

RankedTensorType segmentType(const ShapeQuery &q) {
  // num_segments rows of data's dims past segment_ids' rank.
  RankedTensorType data = q.ranked(0), ids = q.ranked(1);
  if (!data || !ids || q.op->getNumOperands() != 3 ||
      ids.getRank() > data.getRank())
    return {};
  std::optional<int64_t> n = tf::constantScalar(q.op->getOperand(2));
  SmallVector<int64_t> dims{n && *n >= 0 ? *n : kDynamic};
  llvm::append_range(dims, data.getShape().drop_front(ids.getRank()));
  return q.result(dims);
}

RankedTensorType oneHotType(const ShapeQuery &q) {
  RankedTensorType indices = q.ranked(0);
  if (!indices || q.op->getNumOperands() != 4)
    return {};
  std::optional<int64_t> depth = tf::constantScalar(q.op->getOperand(1));
  int64_t axis = intAttr(q.op, "axis", -1);
  if (axis < -1 || axis > indices.getRank())
    return {};
  SmallVector<int64_t> dims(indices.getShape());
  dims.insert(axis == -1 ? dims.end() : dims.begin() + axis,
              depth && *depth >= 0 ? *depth : kDynamic);
  return q.result(dims);
}

RankedTensorType rangeType(const ShapeQuery &q) {
  if (q.op->getNumOperands() != 3)
    return {};
  std::optional<int64_t> start = tf::constantScalar(q.op->getOperand(0)),
                         limit = tf::constantScalar(q.op->getOperand(1)),
                         delta = tf::constantScalar(q.op->getOperand(2));
  if (!start || !limit || !delta || *delta == 0 ||
      (*delta > 0 ? *limit < *start : *limit > *start))
    return q.result({kDynamic});
  // ceil(|limit - start| / |delta|), unknown where it overflows.
  int64_t span, step;
  if (llvm::SubOverflow(*delta > 0 ? *limit : *start,
                        *delta > 0 ? *start : *limit, span) ||
      *delta == std::numeric_limits<int64_t>::min())
    return q.result({kDynamic});
  step = *delta > 0 ? *delta : -*delta;
  return q.result({span == 0 ? 0 : (span - 1) / step + 1});
}

RankedTensorType sliceType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  if (!in || q.op->getNumOperands() != 3)
    return {};
  std::optional<SmallVector<int64_t>> sizes = constantDims(q.op->getOperand(2));
  if (!sizes || (int64_t)sizes->size() != in.getRank())
    return {};
  std::optional<SmallVector<int64_t>> begins =
      constantDims(q.op->getOperand(1));
  // Begins of another length are TensorFlow's error: the lowering's.
  if (begins && begins->size() != sizes->size())
    return {};
  SmallVector<int64_t> dims;
  for (auto [k, size] : llvm::enumerate(*sizes)) {
    if (size >= 0) {
      dims.push_back(size);
      continue;
    }
    // -1: the rest of the dim after its begin.
    int64_t dim = in.getDimSize(k);
    bool known = size == -1 && begins && !ShapedType::isDynamic(dim) &&
                 (*begins)[k] >= 0 && (*begins)[k] <= dim;
    dims.push_back(known ? dim - (*begins)[k] : kDynamic);
  }
  return q.result(dims);
}

RankedTensorType squeezeType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  if (!in)
    return {};
  auto named = q.op->getAttrOfType<ArrayAttr>("squeeze_dims");
  SmallVector<int64_t> dims;
  if (!named || named.empty()) {
    // Every dim of 1: known only where every dim is.
    if (!in.hasStaticShape())
      return {};
    for (int64_t dim : in.getShape())
      if (dim != 1)
        dims.push_back(dim);
    return q.result(dims);
  }
  SmallVector<int64_t> squeezed;
  for (Attribute attr : named) {
    auto axis = dyn_cast<IntegerAttr>(attr);
    if (!axis || axis.getInt() < -in.getRank() || axis.getInt() >= in.getRank())
      return {};
    squeezed.push_back(axis.getInt() < 0 ? axis.getInt() + in.getRank()
                                         : axis.getInt());
  }
  for (int64_t k = 0; k < in.getRank(); ++k)
    if (!llvm::is_contained(squeezed, k))
      dims.push_back(in.getDimSize(k));
  return q.result(dims);
}

RankedTensorType tileType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  std::optional<SmallVector<int64_t>> multiples =
      q.op->getNumOperands() == 2 ? constantDims(q.op->getOperand(1))
                                  : std::nullopt;
  if (!in || !multiples || (int64_t)multiples->size() != in.getRank() ||
      llvm::any_of(*multiples, [](int64_t m) { return m < 0; }))
    return {};
  SmallVector<int64_t> dims;
  for (auto [dim, times] : llvm::zip(in.getShape(), *multiples))
    dims.push_back(mulDims(dim, times));
  return q.result(dims);
}

RankedTensorType transposeType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  std::optional<SmallVector<int64_t>> perm =
      q.op->getNumOperands() == 2 ? constantDims(q.op->getOperand(1))
                                  : std::nullopt;
  if (!in || !perm || (int64_t)perm->size() != in.getRank())
    return {};
  SmallVector<int64_t> dims;
  for (int64_t p : *perm) {
    if (p < 0 || p >= in.getRank())
      return {};
    dims.push_back(in.getDimSize(p));
  }
  return q.result(dims);
}

RankedTensorType stridedSliceType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  if (!in || q.op->getNumOperands() != 4)
    return {};
  if (std::optional<SmallVector<int64_t>> shape =
          tflegalize::stridedSliceShape(q.op, in.getShape()))
    return q.result(*shape);
  // x[i] of a first dim known at run time only: the first dim dropped.
  RankedTensorType begin = q.ranked(1);
  if (in.getRank() < 1 || !begin || begin.getShape() != ArrayRef<int64_t>{1} ||
      intAttr(q.op, "shrink_axis_mask", 0) != 1 ||
      intAttr(q.op, "begin_mask", 0) || intAttr(q.op, "end_mask", 0) ||
      intAttr(q.op, "ellipsis_mask", 0) || intAttr(q.op, "new_axis_mask", 0))
    return {};
  return q.result(in.getShape().drop_front());
}

RankedTensorType matmulType(const ShapeQuery &q) {
  RankedTensorType a = q.ranked(0), b = q.ranked(1);
  if (!a || !b || a.getRank() != 2 || b.getRank() != 2)
    return {};
  return q.result(
      {a.getDimSize(tf::boolAttr(q.op, "transpose_a", false).getValue() ? 1
                                                                        : 0),
       b.getDimSize(tf::boolAttr(q.op, "transpose_b", false).getValue() ? 0
                                                                        : 1)});
}

RankedTensorType batchMatmulType(const ShapeQuery &q) {
  // The batch dims broadcast, then x's rows and y's columns (adj_x, adj_y
  // swap an operand's last two dims).
  RankedTensorType a = q.ranked(0), b = q.ranked(1);
  if (!a || !b || a.getRank() < 2 || b.getRank() < 2)
    return {};
  auto batchOf = [](RankedTensorType t) {
    return RankedTensorType::get(t.getShape().drop_back(2), t.getElementType());
  };
  SmallVector<int64_t> dims = broadcastShape({batchOf(a), batchOf(b)});
  bool adjX = tf::boolAttr(q.op, "adj_x", false).getValue();
  bool adjY = tf::boolAttr(q.op, "adj_y", false).getValue();
  dims.push_back(a.getDimSize(a.getRank() - (adjX ? 1 : 2)));
  dims.push_back(b.getDimSize(b.getRank() - (adjY ? 2 : 1)));
  return q.result(dims);
}

RankedTensorType packType(const ShapeQuery &q) {
  // N values of one shape, stacked along `axis`.
  RankedTensorType in = q.ranked(0);
  if (!in)
    return {};
  int64_t rank = in.getRank() + 1;
  int64_t at = intAttr(q.op, "axis", 0);
  if (at < 0)
    at += rank;
  if (at < 0 || at >= rank)
    return {};
  SmallVector<int64_t> dims(in.getShape());
  dims.insert(dims.begin() + at, q.op->getNumOperands());
  return q.result(dims);
}

RankedTensorType biasAddGradType(const ShapeQuery &q) {
  RankedTensorType in = q.ranked(0);
  auto format = q.op->getAttrOfType<StringAttr>("data_format");
  if (!in || in.getRank() < 2)
    return {};
  if (format && format.getValue() == "NCHW")
    return in.getRank() >= 3 ? q.result({in.getDimSize(1)})
                             : RankedTensorType();
  return q.result({in.getShape().back()});
}

/// The one static shape the writes and scatters into the array `maker`
/// makes give its elements, where every use of its handle is in sight: the
/// TensorArray ops of this function (a TensorFlow 1 loop reads its arrays
/// without carrying them), through tf.Identity. None where a split may make
/// elements of different shapes, or control flow or a call carries the
/// handle away (ta-tf-type-resources follows those).
std::optional<SmallVector<int64_t>>
writtenElement(Operation *maker, function_ref<Type(Value)> typeOf) {
  static constexpr StringLiteral readers[] = {
      "tf.TensorArrayReadV3",       "tf.TensorArrayGatherV3",
      "tf.TensorArrayConcatV3",     "tf.TensorArraySizeV3",
      "tf.TensorArrayCloseV3",      "tf.TensorArrayGradV3",
      "tf.TensorArrayGradWithShape"};
  std::optional<SmallVector<int64_t>> shape;
  SmallVector<Value> handles = {maker->getResult(0)};
  while (!handles.empty()) {
    for (OpOperand &use : handles.pop_back_val().getUses()) {
      Operation *user = use.getOwner();
      if (tf::isNamed(user, "tf.Identity")) {
        handles.push_back(user->getResult(0));
        continue;
      }
      if (use.getOperandNumber() != 0)
        return std::nullopt;
      if (llvm::any_of(readers,
                       [&](StringLiteral n) { return tf::isNamed(user, n); }))
        continue;
      bool write = tf::isNamed(user, "tf.TensorArrayWriteV3");
      if ((!write && !tf::isNamed(user, "tf.TensorArrayScatterV3")) ||
          user->getNumOperands() != 4)
        return std::nullopt;
      auto value = dyn_cast<RankedTensorType>(typeOf(user->getOperand(2)));
      if (!value || !value.hasStaticShape() || (!write && !value.getRank()))
        return std::nullopt;
      ArrayRef<int64_t> dims = value.getShape().drop_front(write ? 0 : 1);
      if (shape && ArrayRef<int64_t>(*shape) != dims)
        return std::nullopt;
      shape = SmallVector<int64_t>(dims);
    }
  }
  return shape;
}

/// The static element shape of the TensorArray a handle value comes from
/// (through tf.Identity): the one its tf.TensorArrayV3 states, as
/// TensorFlow's shape inference reads it from the handle's shape data, or
/// else the one its writes give.
std::optional<SmallVector<int64_t>>
tensorArrayElement(Value handle, function_ref<Type(Value)> typeOf) {
  Operation *maker = handle.getDefiningOp();
  while (maker && tf::isNamed(maker, "tf.Identity") &&
         maker->getNumOperands() == 1)
    maker = maker->getOperand(0).getDefiningOp();
  if (!maker || !tf::isNamed(maker, "tf.TensorArrayV3") ||
      maker->getNumResults() != 2)
    return std::nullopt;
  FailureOr<std::optional<SmallVector<int64_t>>> shape =
      tf::parseShape(maker->getAttr("element_shape"));
  if (failed(shape))
    return std::nullopt;
  if (*shape && llvm::none_of(**shape, ShapedType::isDynamic))
    return **shape;
  std::optional<SmallVector<int64_t>> written = writtenElement(maker, typeOf);
  if (!written || (*shape && failed(verifyCompatibleShape(**shape, *written))))
    return std::nullopt;
  return written;
}

/// The one result's type, for the single-result ops.
Type inferOne(const ShapeQuery &q) {
  Operation *op = q.op;
  StringRef name = op->getName().getStringRef();
  if (tflegalize::isBroadcastingBinary(op)) {
    RankedTensorType lhs = q.ranked(0), rhs = q.ranked(1);
    return lhs && rhs ? q.result(broadcastShape({lhs, rhs}))
                      : RankedTensorType();
  }
  if (llvm::is_contained(kShapePreserving, name)) {
    RankedTensorType in = q.ranked(0);
    return in ? q.result(in.getShape()) : RankedTensorType();
  }
  if (llvm::is_contained(kReductions, name))
    return reductionType(q);
  if (name == "tf.Select") {
    // Values of one shape; the condition picks elements or rows.
    RankedTensorType t = q.ranked(1), e = q.ranked(2);
    if (t && e && t.getRank() == e.getRank()) {
      SmallVector<int64_t> dims;
      for (auto [a, b] : llvm::zip(t.getShape(), e.getShape()))
        dims.push_back(ShapedType::isDynamic(a) ? b : a);
      return q.result(dims);
    }
    return t ? q.result(t.getShape())
             : (e ? q.result(e.getShape()) : RankedTensorType());
  }
  if (name == "tf.SelectV2") {
    RankedTensorType c = q.ranked(0), t = q.ranked(1), e = q.ranked(2);
    return c && t && e ? q.result(broadcastShape({c, t, e}))
                       : RankedTensorType();
  }
  if (name == "tf.AddN") {
    // Operands of one shape; the first ranked one gives it.
    for (unsigned k = 0; k < op->getNumOperands(); ++k)
      if (RankedTensorType in = q.ranked(k))
        return q.result(in.getShape());
    return {};
  }
  if (name == "tf.Shape") {
    RankedTensorType in = q.ranked(0);
    return q.result({in ? in.getRank() : kDynamic});
  }
  if (name == "tf.StridedSliceGrad" || name == "tf.Fill" ||
      name == "tf.BroadcastTo") {
    // The shape operand: 0 for the gradient of a slice and for fills, 1 for
    // broadcasts.
    unsigned at = name == "tf.BroadcastTo" ? 1 : 0;
    if (std::optional<SmallVector<int64_t>> like = q.shapeOfDims(at))
      return q.result(*like);
    std::optional<SmallVector<int64_t>> dims =
        op->getNumOperands() > at ? constantDims(op->getOperand(at))
                                  : std::nullopt;
    if (!dims || llvm::any_of(*dims, [](int64_t d) { return d < 0; }))
      return {};
    return q.result(*dims);
  }
  if (name == "tf.TensorArrayReadV3" && op->getNumOperands() == 3) {
    // An element of the array (TensorArrays of TensorFlow 1 loops: their
    // reads are pushed onto tf.gradients' stacks before handles are typed).
    std::optional<SmallVector<int64_t>> element =
        tensorArrayElement(op->getOperand(0), q.typeOf);
    return element ? q.result(*element) : RankedTensorType();
  }
  using ShapeFn = RankedTensorType (*)(const ShapeQuery &);
  ShapeFn fn = llvm::StringSwitch<ShapeFn>(name)
                   .Cases({"tf.ArgMax", "tf.ArgMin"}, argReductionType)
                   .Case("tf.BiasAddGrad", biasAddGradType)
                   .Case("tf.ConcatV2", concatType)
                   .Case("tf.ExpandDims", expandDimsType)
                   .Case("tf.GatherV2", gatherType)
                   .Case("tf.GatherNd", gatherNdType)
                   .Case("tf.MatMul", matmulType)
                   .Case("tf.BatchMatMul", batchMatmulType)
                   .Case("tf.BatchMatMulV2", batchMatmulType)
                   .Case("tf.BatchMatMulV3", batchMatmulType)
                   .Case("tf.OneHot", oneHotType)
                   .Case("tf.Pack", packType)
                   .Case("tf.Range", rangeType)
                   .Case("tf.Reshape", reshapeType)
                   .Case("tf.Slice", sliceType)
                   .Case("tf.Squeeze", squeezeType)
                   .Case("tf.StridedSlice", stridedSliceType)
                   .Case("tf.Tile", tileType)
                   .Case("tf.Transpose", transposeType)
                   .Case("tf.UnsortedSegmentSum", segmentType)
                   .Case("tf.Where", whereType)
                   .Case("tf.UnsortedSegmentProd", segmentType)
                   .Default(nullptr);
  return fn ? fn(q) : Type();
}

} // namespace

SmallVector<Type> tf::inferResultTypes(Operation *op,
                                       function_ref<Type(Value)> typeOf) {
  SmallVector<Type> types(op->getNumResults());
  if (!llvm::all_of(op->getResultTypes(), llvm::IsaPred<TensorType>))
    return types;
  ShapeQuery q{op, typeOf};
  StringRef name = op->getName().getStringRef();
  if (name == "tf.IdentityN") {
    for (unsigned k = 0; k < op->getNumResults() && k < op->getNumOperands();
         ++k)
      types[k] = typeOf(op->getOperand(k));
    return types;
  }
  if (name == "tf.Unpack") {
    // The slices along `axis`, without it.
    RankedTensorType in = q.ranked(0);
    if (!in || in.getRank() == 0)
      return types;
    int64_t axis = intAttr(op, "axis", 0);
    if (axis < 0)
      axis += in.getRank();
    if (axis < 0 || axis >= in.getRank())
      return types;
    SmallVector<int64_t> dims(in.getShape());
    dims.erase(dims.begin() + axis);
    for (unsigned k = 0; k < op->getNumResults(); ++k)
      types[k] = q.result(dims, k);
    return types;
  }
  if (name == "tf.Einsum") {
    // The output labels' sizes, read off the operands' dims.
    auto equation = op->getAttrOfType<StringAttr>("equation");
    if (!equation || !equation.getValue().contains("->"))
      return types;
    auto [lhs, output] = equation.getValue().split("->");
    SmallVector<StringRef> inputs;
    lhs.split(inputs, ',');
    if (inputs.size() != op->getNumOperands())
      return types;
    llvm::SmallDenseMap<char, int64_t> sizes;
    for (auto [k, labels] : llvm::enumerate(inputs)) {
      RankedTensorType in = q.ranked(k);
      std::string letters;
      for (char c : labels)
        if (c != ' ')
          letters.push_back(c);
      if (!in || in.getRank() != (int64_t)letters.size())
        return types;
      for (auto [c, size] : llvm::zip(letters, in.getShape()))
        if (!ShapedType::isDynamic(size))
          sizes[c] = size;
    }
    SmallVector<int64_t> dims;
    for (char c : output)
      if (c != ' ')
        dims.push_back(sizes.count(c) ? sizes[c] : kDynamic);
    types[0] = q.result(dims);
    return types;
  }
  if (name == "tf.TopKV2") {
    // Values and indices: the input's dims with the last k.
    RankedTensorType in = q.ranked(0);
    std::optional<int64_t> k = op->getNumOperands() == 2
                                   ? tf::constantScalar(op->getOperand(1))
                                   : std::nullopt;
    if (!in || in.getRank() < 1 || !k || op->getNumResults() != 2)
      return types;
    SmallVector<int64_t> dims(in.getShape().drop_back());
    dims.push_back(*k);
    types[0] = q.result(dims, 0);
    types[1] = q.result(dims, 1);
    return types;
  }
  if (name == "tf.SparseSoftmaxCrossEntropyWithLogits") {
    // loss [batch], backprop the logits' shape.
    RankedTensorType in = q.ranked(0);
    if (!in || in.getRank() != 2 || op->getNumResults() != 2)
      return types;
    types[0] = q.result({in.getDimSize(0)}, 0);
    types[1] = q.result(in.getShape(), 1);
    return types;
  }
  if (name == "tf.SplitV") {
    // Pieces of the constant size_splits (operand 1; one may be -1) of the
    // value (operand 0) along the axis (operand 2).
    RankedTensorType in = q.ranked(0);
    std::optional<int64_t> axis =
        in && op->getNumOperands() == 3
            ? constantAxis(op->getOperand(2), in.getRank())
            : std::nullopt;
    std::optional<SmallVector<int64_t>> sizes =
        op->getNumOperands() == 3 ? tf::constantInts(op->getOperand(1))
                                  : std::nullopt;
    if (!axis || !sizes || sizes->size() != op->getNumResults())
      return types;
    int64_t known = 0;
    for (int64_t size : *sizes)
      known += size >= 0 ? size : 0;
    for (unsigned k = 0; k < op->getNumResults(); ++k) {
      SmallVector<int64_t> dims(in.getShape());
      int64_t size = (*sizes)[k];
      dims[*axis] = size >= 0 ? size
                    : ShapedType::isDynamic(dims[*axis]) || size != -1
                        ? kDynamic
                        : dims[*axis] - known;
      types[k] = q.result(dims, k);
    }
    return types;
  }
  if (name == "tf.Split") {
    // num_split equal pieces of the value (operand 1) along the axis
    // (operand 0).
    RankedTensorType in = q.ranked(1);
    std::optional<int64_t> axis =
        in && op->getNumOperands() == 2
            ? constantAxis(op->getOperand(0), in.getRank())
            : std::nullopt;
    int64_t pieces = op->getNumResults();
    if (!axis || pieces == 0)
      return types;
    SmallVector<int64_t> dims(in.getShape());
    int64_t dim = dims[*axis];
    if (!ShapedType::isDynamic(dim) && dim % pieces != 0)
      return types;
    dims[*axis] = ShapedType::isDynamic(dim) ? kDynamic : dim / pieces;
    for (unsigned k = 0; k < pieces; ++k)
      types[k] = q.result(dims, k);
    return types;
  }
  if (op->getNumResults() == 1)
    types[0] = inferOne(q);
  return types;
}

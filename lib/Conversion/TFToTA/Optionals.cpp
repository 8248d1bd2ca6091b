//===- Optionals.cpp - the optionals of a conditional's gradient ----------===//
//
// TensorFlow's gradient of a tf.cond inside a loop (cond_v2 under
// while_v2) keeps each branch's intermediates as optionals: the branch that
// computes one returns tf.OptionalFromValue of it, the other branch
// tf.OptionalNone; the forward loop pushes the conditional's optionals onto
// accumulator lists, and the backward loop pops them and reads each with
// tf.OptionalGetValue in the gradient of the branch that made it. This step
// gives an optional the type of its value: every value carrying one (through
// loops, branches, calls, identities, and the items of the lists that hold
// them) is retyped to the join of the values put into it, the lists to
// lists of that type (made with an unknown element shape, which
// ta-tf-decompose-lists fixes from the items), tf.OptionalFromValue becomes
// its value, tf.OptionalNone zeros of the type, tf.OptionalGetValue the
// value it reads. TensorFlow may share one optional result of a
// conditional between an intermediate of one branch and one of another
// type of the other (a float row in one, an int32 slice bound in the
// other): such an optional is a union, the 32-bit words of the value put
// in (f32 or i32, static), read back as the element type the read asks
// for.
//
// What is not kept is whether an optional has a value: TensorFlow's
// gradient reads an intermediate only in the branch that computed it, so no
// read sees an OptionalNone. tf.OptionalHasValue is left unlowered (and
// diagnosed by ta-legalize-tf).
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;
using tfimport::ValueClasses;

namespace {

/// A list op's list operand and the list it returns, if it has both.
std::optional<std::pair<Value, Value>> listStep(Operation *op) {
  if (isNamed(op, "tf.TensorListPushBack") ||
      isNamed(op, "tf.TensorListPopBack") ||
      isNamed(op, "tf.TensorListSetItem") || isNamed(op, "tf.TensorListResize"))
    if (op->getNumOperands() >= 1 && op->getNumResults() >= 1)
      return std::make_pair(op->getOperand(0), op->getResult(0));
  return std::nullopt;
}

/// The list `op` puts an item into or takes one from, and the item.
std::optional<std::pair<Value, Value>> listItem(Operation *op) {
  unsigned operands = op->getNumOperands(), results = op->getNumResults();
  Value item;
  if (isNamed(op, "tf.TensorListPushBack") && operands == 2)
    item = op->getOperand(1);
  else if (isNamed(op, "tf.TensorListSetItem") && operands == 3)
    item = op->getOperand(2);
  else if (isNamed(op, "tf.TensorListPopBack") && operands >= 1 && results == 2)
    item = op->getResult(1);
  else if (isNamed(op, "tf.TensorListGetItem") && operands >= 1 && results == 1)
    item = op->getResult(0);
  if (!item)
    return std::nullopt;
  return std::make_pair(op->getOperand(0), item);
}

/// Zeros of the static `type`, as a tf.Const.
Value zeros(OpBuilder &b, Location loc, RankedTensorType type) {
  Type element = type.getElementType();
  Attribute zero = isa<FloatType>(element)
                       ? Attribute(b.getFloatAttr(element, 0.0))
                       : Attribute(b.getIntegerAttr(element, 0));
  return tf::createTF(
             b, loc, "tf.Const", {}, {type},
             {b.getNamedAttr("value", DenseElementsAttr::get(type, zero))})
      ->getResult(0);
}

/// What the values of one class of optionals are: of one type (the join of
/// the values put in), or, where TensorFlow shares one optional among
/// values of different element types (a conditional's branches'
/// intermediates), a union: each value's 32-bit words, flattened, in a
/// vector of i32 as long as the longest (pack, unpack), read back by the
/// element type the read asks for.
struct Layout {
  /// Per element type, the join of the values of that type.
  llvm::MapVector<Type, Type> members;
  TensorType type;

  bool isUnion() const { return members.size() > 1; }

  LogicalResult finish(MLIRContext *ctx) {
    if (members.empty()) {
      type = RankedTensorType::get({}, Float32Type::get(ctx));
      return success();
    }
    if (members.size() == 1) {
      type = cast<TensorType>(members.front().second);
      return success();
    }
    int64_t words = 0;
    for (auto [element, member] : members) {
      auto ranked = dyn_cast_or_null<RankedTensorType>(member);
      if (!ranked || !ranked.hasStaticShape() ||
          (!element.isF32() && !element.isSignlessInteger(32)))
        return failure();
      words = std::max(words, ranked.getNumElements());
    }
    type = RankedTensorType::get({words}, IntegerType::get(ctx, 32));
    return success();
  }
};

/// `value` (static, of f32 or i32) as the union `words`: its elements
/// flattened, as i32 bits, then zeros.
Value pack(OpBuilder &b, Location loc, Value value, TensorType words) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t n = type.getNumElements();
  auto flatType = RankedTensorType::get({n}, type.getElementType());
  Value flat = type.getRank() == 0
                   ? Value(tensor::FromElementsOp::create(
                         b, loc, flatType,
                         tensor::ExtractOp::create(b, loc, value, ValueRange{})
                             .getResult()))
               : type.getRank() == 1
                   ? value
                   : Value(tensor::CollapseShapeOp::create(
                         b, loc, flatType, value,
                         SmallVector<ReassociationIndices>{llvm::to_vector(
                             llvm::seq<int64_t>(0, type.getRank()))}));
  auto i32 = RankedTensorType::get({n}, b.getI32Type());
  if (!type.getElementType().isSignlessInteger(32))
    flat = arith::BitcastOp::create(b, loc, i32, flat);
  if (n == words.getDimSize(0))
    return flat;
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(cast<ShapedType>(words), int32_t(0)));
  return tensor::InsertSliceOp::create(
      b, loc, flat, zero, ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(n)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
}

/// The value of the static `type` that pack put into `words`.
Value unpack(OpBuilder &b, Location loc, Value words, RankedTensorType type) {
  int64_t n = type.getNumElements();
  auto i32 = RankedTensorType::get({n}, b.getI32Type());
  Value flat = words;
  if (n != cast<RankedTensorType>(words.getType()).getDimSize(0))
    flat = tensor::ExtractSliceOp::create(
        b, loc, i32, words, ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(n)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  auto flatType = RankedTensorType::get({n}, type.getElementType());
  if (!type.getElementType().isSignlessInteger(32))
    flat = arith::BitcastOp::create(b, loc, flatType, flat);
  if (type.getRank() == 1)
    return flat;
  if (type.getRank() == 0)
    return tensor::FromElementsOp::create(
        b, loc, type,
        tensor::ExtractOp::create(
            b, loc, flat, ValueRange{arith::ConstantIndexOp::create(b, loc, 0)})
            .getResult());
  return tensor::ExpandShapeOp::create(
      b, loc, type, flat,
      SmallVector<ReassociationIndices>{
          llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()))});
}

} // namespace

LogicalResult mlir::ta::tfimport::decomposeOptionals(ModuleOp module) {
  SmallVector<Operation *> makes, reads;
  module.walk([&](Operation *op) {
    if (isNamed(op, "tf.OptionalFromValue") || isNamed(op, "tf.OptionalNone"))
      makes.push_back(op);
    else if (isNamed(op, "tf.OptionalGetValue"))
      reads.push_back(op);
  });
  if (makes.empty())
    return success();

  // TensorFlow starts several accumulators from one empty list: each use
  // gets a list of its own (lists are values), so that the accumulators of
  // different intermediates stay apart.
  tfimport::splitListCreations(module, [](Operation *) { return true; });

  // One class per optional and per list, as carriers and list ops pass
  // them on; the items of one list in one class.
  ValueClasses classes;
  joinCarriers(module, classes);
  SmallVector<std::pair<Value, Value>> items;
  module.walk([&](Operation *op) {
    if (auto step = listStep(op))
      classes.join(step->first, step->second);
    if (auto item = listItem(op))
      items.push_back(*item);
  });
  DenseMap<Value, Value> itemOf; // list class -> an item
  for (auto [list, item] : items) {
    auto [it, fresh] = itemOf.try_emplace(classes.find(list), item);
    if (!fresh)
      classes.join(it->second, item);
  }

  // Each optional class's values: per element type, the join of the values
  // of that type put in.
  DenseMap<Value, Layout> layoutOf;
  for (Operation *make : makes) {
    Layout &layout = layoutOf[classes.find(make->getResult(0))];
    if (!isNamed(make, "tf.OptionalFromValue") || make->getNumOperands() != 1)
      continue;
    auto value = cast<TensorType>(make->getOperand(0).getType());
    Type &member = layout.members[value.getElementType()];
    member = member ? tf::joinTypes(member, value) : value;
  }
  for (auto &[root, layout] : layoutOf)
    if (failed(layout.finish(module.getContext())))
      for (Operation *make : makes)
        if (classes.find(make->getResult(0)) == root &&
            isNamed(make, "tf.OptionalFromValue"))
          return make->emitOpError("puts a value of type ")
                 << make->getOperand(0).getType()
                 << " into an optional that others carried with it give "
                    "another type: ta-import-tf imports optionals of one "
                    "type, or of static types of 32-bit elements (TensorFlow "
                    "shares a conditional's optional result among its "
                    "branches' intermediates)";

  // Retype the optionals and the lists holding them.
  auto retype = [&](Value value) {
    Value root = classes.find(value);
    if (auto it = layoutOf.find(root); it != layoutOf.end()) {
      value.setType(it->second.type);
      return;
    }
    if (auto it = itemOf.find(root); it != itemOf.end())
      if (auto held = layoutOf.find(classes.find(it->second));
          held != layoutOf.end())
        value.setType(tf::listType(held->second.type));
  };
  module.walk(
      [&](Block *block) { llvm::for_each(block->getArguments(), retype); });
  SmallVector<Operation *> creations;
  module.walk([&](Operation *op) {
    llvm::for_each(op->getResults(), retype);
    if ((isNamed(op, "tf.EmptyTensorList") ||
         isNamed(op, "tf.TensorListReserve")) &&
        op->getNumOperands() == 2 && op->getNumResults() == 1) {
      auto it = itemOf.find(classes.find(op->getResult(0)));
      if (it != itemOf.end() && layoutOf.count(classes.find(it->second)))
        creations.push_back(op);
    }
  });

  // A list of optionals is made with the element shape of a scalar
  // variant: made with an unknown one instead, and its items fix it.
  for (Operation *op : creations) {
    OpBuilder b(op);
    auto scalar = RankedTensorType::get({}, b.getI32Type());
    Value unknown =
        tf::createTF(b, op->getLoc(), "tf.Const", {}, {scalar},
                     {b.getNamedAttr(
                         "value", DenseElementsAttr::get(scalar, int32_t(-1)))})
            ->getResult(0);
    op->setOperand(0, unknown);
    if (op->hasAttr("element_dtype"))
      op->setAttr(
          "element_dtype",
          TypeAttr::get(getElementTypeOrSelf(
              layoutOf[classes.find(itemOf[classes.find(op->getResult(0))])]
                  .type)));
  }

  for (Operation *make : makes) {
    OpBuilder b(make);
    Value result = make->getResult(0);
    const Layout &layout = layoutOf[classes.find(result)];
    Value value;
    if (isNamed(make, "tf.OptionalFromValue")) {
      value =
          layout.isUnion()
              ? pack(b, make->getLoc(), make->getOperand(0), layout.type)
              : tf::castTo(b, make->getLoc(), make->getOperand(0), layout.type);
    } else {
      auto type = dyn_cast<RankedTensorType>(layout.type);
      if (!type || !type.hasStaticShape() ||
          !type.getElementType().isIntOrFloat())
        return make->emitOpError("makes an optional without a value whose "
                                 "type the optionals with one leave "
                                 "unknown: ")
               << layout.type
               << " (ta-import-tf makes it zeros of a static type)";
      value = zeros(b, make->getLoc(), type);
    }
    result.replaceAllUsesWith(value);
    make->erase();
  }
  for (Operation *read : reads) {
    // An optional none of the makes reaches stays (ta-legalize-tf
    // diagnoses the read).
    Value optional = read->getOperand(0);
    auto it = layoutOf.find(classes.find(optional));
    if (it == layoutOf.end())
      continue;
    Value value = optional;
    if (it->second.isUnion()) {
      Type element = getElementTypeOrSelf(read->getResult(0).getType());
      auto member = it->second.members.find(element);
      if (member == it->second.members.end())
        return read->emitOpError("reads a value of element type ")
               << element << " from an optional that holds none";
      OpBuilder b(read);
      value = unpack(b, read->getLoc(), optional,
                     cast<RankedTensorType>(member->second));
    }
    tf::replaceUsesRefined(read->getResult(0), value);
    read->erase();
  }
  module.walk([](func::FuncOp fn) { tf::refreshSignature(fn); });
  return success();
}

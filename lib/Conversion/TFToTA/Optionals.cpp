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
// value it reads.
//
// What is not kept is whether an optional has a value: TensorFlow's
// gradient reads an intermediate only in the branch that computed it, so no
// read sees an OptionalNone. tf.OptionalHasValue is left unlowered (and
// diagnosed by ta-legalize-tf).
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/IR/BuiltinOps.h"

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
  module.walk([](Operation *op) {
    if (!isNamed(op, "tf.EmptyTensorList") &&
        !isNamed(op, "tf.TensorListReserve"))
      return;
    SmallVector<OpOperand *> uses = llvm::to_vector(llvm::map_range(
        op->getResult(0).getUses(), [](OpOperand &use) { return &use; }));
    for (OpOperand *use : llvm::drop_begin(uses)) {
      OpBuilder b(op);
      use->set(b.clone(*op)->getResult(0));
    }
  });

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

  // Each optional class's value type: the join of the values put in.
  DenseMap<Value, Type> typeOf;
  for (Operation *make : makes) {
    Type &type = typeOf[classes.find(make->getResult(0))];
    if (isNamed(make, "tf.OptionalFromValue") && make->getNumOperands() == 1) {
      Type value = make->getOperand(0).getType();
      Type joined = type ? tf::joinTypes(type, value) : value;
      if (!joined)
        return make->emitOpError("puts a value of type ")
               << value << " into an optional that others carried with it "
               << "give type " << type
               << ": ta-import-tf imports the optionals of one type "
                  "(TensorFlow shares a conditional's optional result among "
                  "its branches' intermediates of different types)";
      type = joined;
    }
  }
  for (auto &[root, type] : typeOf)
    if (!type)
      type = RankedTensorType::get({}, Float32Type::get(module.getContext()));

  // Retype the optionals and the lists holding them.
  auto retype = [&](Value value) {
    Value root = classes.find(value);
    if (auto it = typeOf.find(root); it != typeOf.end()) {
      value.setType(it->second);
      return;
    }
    if (auto it = itemOf.find(root); it != itemOf.end())
      if (auto held = typeOf.find(classes.find(it->second));
          held != typeOf.end())
        value.setType(tf::listType(cast<TensorType>(held->second)));
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
      if (it != itemOf.end() && typeOf.count(classes.find(it->second)))
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
              typeOf[classes.find(itemOf[classes.find(op->getResult(0))])])));
  }

  for (Operation *make : makes) {
    OpBuilder b(make);
    Value result = make->getResult(0);
    Value value;
    if (isNamed(make, "tf.OptionalFromValue")) {
      value =
          tf::castTo(b, make->getLoc(), make->getOperand(0), result.getType());
    } else {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape() ||
          !type.getElementType().isIntOrFloat())
        return make->emitOpError("makes an optional without a value whose "
                                 "type the optionals with one leave "
                                 "unknown: ")
               << result.getType()
               << " (ta-import-tf makes it zeros of a static type)";
      value = zeros(b, make->getLoc(), type);
    }
    result.replaceAllUsesWith(value);
    make->erase();
  }
  for (Operation *read : reads) {
    // An optional none of the makes reaches stays (ta-legalize-tf
    // diagnoses the read).
    if (tf::isVariant(read->getOperand(0).getType()))
      continue;
    tf::replaceUsesRefined(read->getResult(0), read->getOperand(0));
    read->erase();
  }
  module.walk([](func::FuncOp fn) { tf::refreshSignature(fn); });
  return success();
}

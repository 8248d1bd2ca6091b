//===- Variables.cpp - resource variables a program reads, as values ------===//
//
// A tf.function that uses Keras weights or tf.Variables captures them: its
// exported entry function takes each as a resource argument, and the
// program reads it (tf.ReadVariableOp, also inside loops that carry the
// handle, tf.VariableShape in the tape's gradients, tf.ResourceGather for an
// embedding lookup). Where the program only reads a variable, the variable
// is a value the caller passes: this step gives each such argument the
// type of its value (`tensor<!tf_type.resource<tensor<4x3xf32>>>` names
// it, or the argument attribute `ta.variable_type = tensor<4x3xf32>`, which
// ta.from_tensorflow writes where TensorFlow's export leaves the resource
// untyped), retypes every value carrying the
// handle (loops, branches, calls, identities) to it, and rewrites the reads:
// ReadVariableOp is the value, VariableShape its tf.Shape, ResourceGather a
// tf.GatherV2 of it along axis 0. A variable written (AssignVariableOp...)
// or read by other ops is diagnosed; a resource that reaches TensorArray ops
// is a TensorArray handle and left to ta-tf-type-resources.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;
using tfimport::isCarrier;
using tfimport::ValueClasses;

namespace {

/// Ops that read a variable.
bool isRead(Operation *op) {
  return isNamed(op, "tf.ReadVariableOp") || isNamed(op, "tf.VariableShape") ||
         isNamed(op, "tf.ResourceGather");
}

/// One class of values carrying a variable handle.
struct Variable {
  SmallVector<Value> values;
  TensorType type;        // the value's type, from the entry argument
  BlockArgument argument; // a public function's argument of the class
  bool tensorArray = false;
};

/// The reads of the variable `op` reads, as reads of its value.
void rewriteRead(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value value = op->getOperand(0);
  if (isNamed(op, "tf.ReadVariableOp")) {
    tf::replaceUsesRefined(op->getResult(0), value);
  } else if (isNamed(op, "tf.VariableShape")) {
    Operation *shape =
        tf::createTF(b, loc, "tf.Shape", {value}, op->getResultTypes());
    op->getResult(0).replaceAllUsesWith(shape->getResult(0));
  } else {
    // ResourceGather: rows of the value along axis 0.
    Value axis = arith::ConstantOp::create(
        b, loc,
        DenseIntElementsAttr::get(RankedTensorType::get({}, b.getI32Type()),
                                  {int32_t(0)}));
    SmallVector<NamedAttribute> attrs;
    if (Attribute batchDims = op->getAttr("batch_dims"))
      attrs.push_back(b.getNamedAttr("batch_dims", batchDims));
    Operation *gather =
        tf::createTF(b, loc, "tf.GatherV2", {value, op->getOperand(1), axis},
                     op->getResultTypes(), attrs);
    op->getResult(0).replaceAllUsesWith(gather->getResult(0));
  }
  op->erase();
}

} // namespace

LogicalResult mlir::ta::tfimport::readVariables(ModuleOp module) {
  ValueClasses classes;
  joinCarriers(module, classes);
  DenseMap<Value, Variable> variables;
  auto collect = [&](Value value) {
    if (tf::isResource(value.getType()))
      variables[classes.find(value)].values.push_back(value);
  };
  module.walk(
      [&](Block *block) { llvm::for_each(block->getArguments(), collect); });
  module.walk(
      [&](Operation *op) { llvm::for_each(op->getResults(), collect); });

  bool ok = true;
  SmallVector<Operation *> reads;
  for (auto &[root, variable] : variables) {
    // A class is a variable if a public function takes it and it is read.
    bool read = false;
    for (Value value : variable.values) {
      if (auto arg = dyn_cast<BlockArgument>(value))
        if (auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
            fn && fn.isPublic() && arg.getOwner() == &fn.front())
          variable.argument = arg;
      for (Operation *user : value.getUsers()) {
        read |= isRead(user);
        variable.tensorArray |=
            user->getName().getStringRef().starts_with("tf.TensorArray");
      }
    }
    if (!variable.argument || !read || variable.tensorArray)
      continue;
    variable.type = tf::resourceSubtype(variable.argument.getType());
    auto fn = cast<func::FuncOp>(variable.argument.getOwner()->getParentOp());
    if (auto named = fn.getArgAttrOfType<TypeAttr>(
            variable.argument.getArgNumber(), kVariableTypeAttr))
      variable.type = dyn_cast<TensorType>(named.getValue());
    auto ranked = dyn_cast_or_null<RankedTensorType>(variable.type);
    if (!ranked || !ranked.hasStaticShape() ||
        !ranked.getElementType().isIntOrFloat()) {
      emitError(variable.argument.getLoc())
          << "variable argument #" << variable.argument.getArgNumber()
          << " needs the static type of its value, of integers or floats: "
             "its resource type's "
             "(`tensor<!tf_type.resource<tensor<4x3xf32>>>`) "
             "or its `ta.variable_type` attribute's (ta.from_tensorflow "
             "writes it)";
      ok = false;
      continue;
    }
    for (Value value : variable.values)
      for (Operation *user : value.getUsers()) {
        if (isRead(user) && user->getNumOperands() >= 1 &&
            user->getOperand(0) == value) {
          reads.push_back(user);
          continue;
        }
        if (isCarrier(user))
          continue;
        user->emitOpError("uses a variable the program takes as argument #")
            << variable.argument.getArgNumber()
            << "; ta-import-tf imports variables a program only reads "
               "(ReadVariableOp, VariableShape, ResourceGather)";
        ok = false;
      }
  }
  if (!ok)
    return failure();
  for (auto &[root, variable] : variables)
    if (variable.type)
      for (Value value : variable.values)
        value.setType(variable.type);
  for (Operation *op : reads)
    rewriteRead(op);
  module.walk([](func::FuncOp fn) { tf::refreshSignature(fn); });
  return success();
}

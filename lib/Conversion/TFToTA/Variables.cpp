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
// tf.GatherV2 of it along axis 0. A variable the public function itself
// assigns (AssignVariableOp, AssignAddVariableOp, AssignSubVariableOp in its
// own body: a stateful Keras layer's state, a counter) is threaded through
// that body in program order: a read sees the last value assigned before it
// (a loop, branch or call the value at the point it is passed), and the
// function returns each assigned variable's last value after its own
// results, its argument numbers in the function's `ta.assigned_variables`
// (ta.from_tensorflow assigns them back). A variable assigned elsewhere
// (in a loop body, a branch, a called function) or used by other ops is
// diagnosed; a resource that reaches TensorArray ops is a TensorArray handle
// and left to ta-tf-type-resources.
//
//===----------------------------------------------------------------------===//

#include "RuntimeChecks.h"
#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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

/// Ops that assign a variable.
bool isWrite(Operation *op) {
  return isNamed(op, "tf.AssignVariableOp") ||
         isNamed(op, "tf.AssignAddVariableOp") ||
         isNamed(op, "tf.AssignSubVariableOp");
}

/// One class of values carrying a variable handle.
struct Variable {
  SmallVector<Value> values;
  TensorType type;        // the value's type, from the entry argument
  BlockArgument argument; // a public function's argument of the class
  bool tensorArray = false;
  bool written = false;
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

/// `value` as the value of a variable of `type` that `op` assigns it to:
/// itself where it has the type, else cast after a run-time check of its
/// rank and dims (TensorFlow's validate_shape; TensorFlow's exporter leaves
/// a value unranked that the types refined later make static, where the
/// checks fold); null after a diagnostic where it cannot be one.
Value assignedValue(OpBuilder &b, Operation *op, Value value,
                    RankedTensorType type) {
  auto given = dyn_cast<TensorType>(value.getType());
  if (!given || !tensor::CastOp::areCastCompatible(given, type)) {
    op->emitOpError("assigns a value of type ")
        << value.getType() << " to a variable of type " << type
        << "; ta-import-tf takes values of the variable's type, their dims "
           "checked at run time";
    return {};
  }
  if (given == type)
    return value;
  Location loc = op->getLoc();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<Value> want;
  for (int64_t d : type.getShape())
    want.push_back(index(d));
  Value ranked = value;
  if (!given.hasRank()) {
    Value rank = tensor::RankOp::create(b, loc, value);
    tf::failUnlessShapes(b, op,
                         arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                               rank, index(type.getRank())),
                         TA_ERR_ASSIGN_SHAPE, want, ValueRange{});
    ranked = tensor::CastOp::create(
        b, loc,
        RankedTensorType::get(
            SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic),
            type.getElementType()),
        value);
  }
  SmallVector<Value> got;
  Value ok = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (auto [d, extent] : llvm::enumerate(want)) {
    got.push_back(tensor::DimOp::create(b, loc, ranked, d));
    ok = arith::AndIOp::create(b, loc, ok,
                               arith::CmpIOp::create(b, loc,
                                                     arith::CmpIPredicate::eq,
                                                     got.back(), extent));
  }
  tf::failUnlessShapes(b, op, ok, TA_ERR_ASSIGN_SHAPE, want, got);
  return tf::castTo(b, loc, ranked, type);
}

/// Threads the variable `variable`, which its public function assigns in
/// its own body only (checked), through that body: each read there of the
/// value last assigned, each assignment a new value, the carriers passed
/// the value at their point, and the last value returned after the
/// function's results. Reads elsewhere (loop bodies, branches, callees) are
/// left to rewriteRead, on the values the carriers pass them.
LogicalResult threadWrites(const Variable &variable,
                           llvm::DenseSet<Value> &inClass) {
  Block &body = *variable.argument.getOwner();
  auto fn = cast<func::FuncOp>(body.getParentOp());
  Value current = variable.argument;
  auto type = cast<RankedTensorType>(variable.type);
  // The uses of the handle (the argument and its identities in this body,
  // also by ops nested in its ops' regions), told apart before reads
  // become values (the first read's value is the argument itself).
  llvm::DenseSet<OpOperand *> handleUses;
  for (Operation &op : body)
    op.walk([&](Operation *inner) {
      for (OpOperand &use : inner->getOpOperands())
        if (inClass.count(use.get()) && use.get().getParentBlock() == &body)
          handleUses.insert(&use);
    });
  for (Operation &op : llvm::make_early_inc_range(body)) {
    bool onHandle =
        op.getNumOperands() && handleUses.count(&op.getOpOperand(0));
    OpBuilder b(&op);
    Location loc = op.getLoc();
    if (onHandle && isNamed(&op, "tf.Identity") && op.getNumResults() == 1) {
      op.getResult(0).replaceAllUsesWith(op.getOperand(0));
      handleUses.erase(&op.getOpOperand(0));
      op.erase();
      continue;
    }
    if (onHandle && isWrite(&op)) {
      if (op.getNumOperands() != 2)
        return op.emitOpError("needs a variable and a value");
      Value value = assignedValue(b, &op, op.getOperand(1), type);
      if (!value)
        return failure();
      if (isNamed(&op, "tf.AssignAddVariableOp"))
        value = tf::createTF(b, loc, "tf.AddV2", {current, value}, {type})
                    ->getResult(0);
      else if (isNamed(&op, "tf.AssignSubVariableOp"))
        value = tf::createTF(b, loc, "tf.Sub", {current, value}, {type})
                    ->getResult(0);
      current = value;
      handleUses.erase(&op.getOpOperand(0));
      op.erase();
      continue;
    }
    if (onHandle && isRead(&op)) {
      op.setOperand(0, current);
      handleUses.erase(&op.getOpOperand(0));
      rewriteRead(&op);
      continue;
    }
    // A carrier passing the handle on (a loop, a branch, a call, the
    // return) passes the value at this point, as do the reads nested in an
    // op's regions (rewritten with the others).
    bool passedOn = true;
    op.walk([&](Operation *inner) {
      for (OpOperand &use : inner->getOpOperands())
        if (handleUses.count(&use)) {
          passedOn &= inner != &op || isCarrier(&op);
          use.set(current);
        }
    });
    if (!passedOn)
      return op.emitOpError("uses a variable the program takes as argument #")
             << variable.argument.getArgNumber()
             << "; ta-import-tf imports variables a program reads and "
                "assigns (ReadVariableOp, VariableShape, ResourceGather, "
                "AssignVariableOp, AssignAddVariableOp, AssignSubVariableOp)";
  }
  // The last value, returned after the function's own results.
  auto ret =
      body.empty() ? func::ReturnOp() : dyn_cast<func::ReturnOp>(body.back());
  if (!ret)
    return fn.emitOpError("assigns a variable the program takes as argument #")
           << variable.argument.getArgNumber()
           << " but its body does not end in 'func.return'";
  ret->insertOperands(ret->getNumOperands(), current);
  if (failed(fn.insertResult(fn.getNumResults(), type, DictionaryAttr())))
    return fn.emitOpError("cannot return the value of argument #")
           << variable.argument.getArgNumber();
  SmallVector<Attribute> assigned;
  if (auto old = fn->getAttrOfType<ArrayAttr>(tfimport::kAssignedVariablesAttr))
    llvm::append_range(assigned, old.getValue());
  assigned.push_back(IntegerAttr::get(IntegerType::get(fn.getContext(), 64),
                                      variable.argument.getArgNumber()));
  fn->setAttr(tfimport::kAssignedVariablesAttr,
              ArrayAttr::get(fn.getContext(), assigned));
  return success();
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
        read |= isRead(user) || isWrite(user);
        variable.written |= isWrite(user) && user->getOperand(0) == value;
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
        if (variable.written &&
            user->getBlock() == variable.argument.getOwner())
          continue; // threadWrites
        if (isWrite(user)) {
          user->emitOpError("assigns a variable the program takes as "
                            "argument #")
              << variable.argument.getArgNumber()
              << " inside a loop, branch or called function; ta-import-tf "
                 "takes assignments in the function's own body";
          ok = false;
          continue;
        }
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
  // The assigned variables in the order of their arguments (the order of
  // the values the function returns for them).
  SmallVector<Variable *> written;
  for (auto &[root, variable] : variables)
    if (variable.type && variable.written)
      written.push_back(&variable);
  llvm::sort(written, [](Variable *a, Variable *b) {
    return a->argument.getArgNumber() < b->argument.getArgNumber();
  });
  for (Variable *variable : written) {
    llvm::DenseSet<Value> inClass(variable->values.begin(),
                                  variable->values.end());
    if (failed(threadWrites(*variable, inClass)))
      ok = false;
  }
  if (!ok)
    return failure();
  for (Operation *op : reads)
    rewriteRead(op);
  module.walk([](func::FuncOp fn) { tf::refreshSignature(fn); });
  return success();
}

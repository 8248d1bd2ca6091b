//===- Stacks.cpp - TensorFlow stacks into TensorList values --------------===//
//
// tf.gradients of a control flow v1 loop saves the forward values the
// backward loop needs on stacks: `tf.StackV2` before the loops (unbounded,
// max_size -1), `tf.StackPushV2` in the forward body, `tf.StackPopV2` in the
// backward body, the handle entering both frames as a loop invariant. A
// stack is a resource with in-place state; its pushes and pops, in program
// order, are exactly TensorList PushBack and PopBack on a list value
// threaded through that order. decomposeStacks rewrites each stack so: an
// EmptyTensorList where the stack is made, each push and pop an update of
// the current list, and every tf.WhileRegion and tf.IfRegion whose regions
// use the stack given the list as one more carried value (loop) or result
// (conditional). decomposeTensorLists then lowers the lists.
//
// The element type is the one every push pushes (it must be static: the
// stack's own attribute gives only the dtype). A stack whose handle reaches
// another op (a call, functional tf.While, anything but push, pop, close
// and tf.Identity), or that is bounded, is diagnosed.
//
//===----------------------------------------------------------------------===//

#include "TFShapes.h"
#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::ta;
using tf::createTF;
using tf::isNamed;

namespace {

/// A tf.Const of `attr`.
Value createConst(OpBuilder &b, Location loc, DenseElementsAttr attr) {
  return createTF(b, loc, "tf.Const", {}, attr.getType(),
                  {b.getNamedAttr("value", attr)})
      ->getResult(0);
}

/// The tf.Const `tensor<Rxi32>` of `type`'s shape (a TensorList's
/// element_shape operand).
Value shapeConst(OpBuilder &b, Location loc, RankedTensorType type) {
  SmallVector<int32_t> dims(type.getShape());
  auto attr = DenseElementsAttr::get(
      RankedTensorType::get({type.getRank()}, b.getI32Type()),
      ArrayRef<int32_t>(dims));
  return createConst(b, loc, attr);
}

/// One stack: the values that are its handle and what its lists hold.
class Stack {
public:
  explicit Stack(Operation *make) : make(make) {}

  /// Collects the handle's aliases (through tf.Identity) and its push, pop
  /// and close ops; diagnoses any other use and bounded stacks; finds the
  /// element type from the pushes.
  LogicalResult analyze();

  /// Rewrites the stack into list updates and erases its ops.
  LogicalResult rewrite();

private:
  bool isHandle(Value value) { return aliases.contains(value); }
  bool usesHandle(Operation *op);
  FailureOr<Value> thread(Block &block, Block::iterator from, Value list);
  FailureOr<Value> threadLoop(Operation *&loop, Value list);
  FailureOr<Value> threadConditional(Operation *&cond, Value list);
  Operation *withCarried(Operation *op, ValueRange operands, Type result);

  Operation *make;
  llvm::SetVector<Value> aliases;
  SmallVector<Operation *> stackOps; // push, pop, close
  RankedTensorType element;
};

LogicalResult Stack::analyze() {
  auto dtype = make->getAttrOfType<TypeAttr>("elem_type");
  if (make->getNumOperands() != 1 || make->getNumResults() != 1 || !dtype)
    return make->emitOpError("needs a max_size operand, one result and an "
                             "elem_type, as TensorFlow defines it");
  std::optional<int64_t> max = tf::constantScalar(make->getOperand(0));
  if (!max || *max >= 0)
    return make->emitOpError("bounds the stack (max_size); ta-import-tf "
                             "imports unbounded stacks (max_size < 0), as "
                             "tf.gradients makes them");
  aliases.insert(make->getResult(0));
  for (unsigned k = 0; k < aliases.size(); ++k) {
    for (OpOperand &use : aliases[k].getUses()) {
      Operation *user = use.getOwner();
      if (isNamed(user, "tf.Identity") && user->getNumResults() == 1) {
        aliases.insert(user->getResult(0));
        continue;
      }
      bool taken =
          use.getOperandNumber() == 0 &&
          ((isNamed(user, "tf.StackPushV2") && user->getNumOperands() == 2) ||
           isNamed(user, "tf.StackPopV2") || isNamed(user, "tf.StackCloseV2"));
      if (!taken)
        return user->emitOpError("uses the stack made at ")
               << make->getLoc()
               << "; ta-import-tf imports stacks used by StackPushV2, "
                  "StackPopV2 and StackCloseV2 in the function that makes "
                  "them (tf.WhileRegion and tf.IfRegion regions included)";
      if (user->getNumResults() != (isNamed(user, "tf.StackCloseV2") ? 0 : 1))
        return user->emitOpError("needs ")
               << (isNamed(user, "tf.StackCloseV2") ? "no result" : "a result")
               << ", as TensorFlow defines it";
      stackOps.push_back(user);
    }
  }
  // In program order (use lists are not), for the diagnostics below.
  llvm::SmallPtrSet<Operation *, 8> found(stackOps.begin(), stackOps.end());
  stackOps.clear();
  make->getParentRegion()->walk([&](Operation *op) {
    if (found.contains(op))
      stackOps.push_back(op);
  });
  // Every op between the stack and its uses must be one the threading
  // passes the list through.
  for (Operation *op : stackOps)
    for (Operation *at = op; at->getBlock() != make->getBlock();
         at = at->getParentOp()) {
      Operation *parent = at->getParentOp();
      if (!isNamed(parent, "tf.WhileRegion") && !isNamed(parent, "tf.IfRegion"))
        return op->emitOpError("uses a stack inside ")
               << (parent ? parent->getName().getStringRef() : "another block")
               << "; ta-import-tf threads stacks through tf.WhileRegion and "
                  "tf.IfRegion";
    }
  for (Operation *op : stackOps) {
    if (isNamed(op, "tf.StackPopV2")) {
      auto type = dyn_cast<TensorType>(op->getResult(0).getType());
      if (!type || type.getElementType() != dtype.getValue())
        return op->emitOpError("pops ")
               << op->getResult(0).getType() << " from a stack of "
               << dtype.getValue();
    }
    if (!isNamed(op, "tf.StackPushV2"))
      continue;
    if (op->getResult(0).getType() != op->getOperand(1).getType() &&
        !tensor::CastOp::areCastCompatible(op->getOperand(1).getType(),
                                           op->getResult(0).getType()))
      return op->emitOpError("returns ")
             << op->getResult(0).getType() << " for a pushed "
             << op->getOperand(1).getType();
    auto type = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
    if (!type || !type.hasStaticShape())
      return op->emitOpError("pushes a value of type ")
             << op->getOperand(1).getType()
             << "; ta-import-tf imports stacks of static element shapes";
    if (type.getElementType() != dtype.getValue())
      return op->emitOpError("pushes ")
             << type.getElementType() << " onto a stack of "
             << dtype.getValue();
    if (element && element != type)
      return op->emitOpError("pushes a value of type ")
             << type << " onto a stack of " << element
             << " values; ta-import-tf imports stacks of one element type";
    element = type;
  }
  if (!element)
    return make->emitOpError("makes a stack that nothing pushes to (its "
                             "element type is that of its pushes)");
  return success();
}

bool Stack::usesHandle(Operation *op) {
  return op
      ->walk([&](Operation *inner) {
        return llvm::any_of(inner->getOperands(),
                            [&](Value v) { return isHandle(v); })
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// `op` (of the same regions, moved) with `operands` and one more result of
/// type `result`; `op`'s results replaced by the first ones.
Operation *Stack::withCarried(Operation *op, ValueRange operands, Type result) {
  OpBuilder b(op);
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  SmallVector<Type> types(op->getResultTypes());
  types.push_back(result);
  state.addTypes(types);
  state.addAttributes(op->getAttrs());
  // An unregistered op's `<{...}>` is its properties, not attributes.
  state.propertiesAttr = op->getPropertiesAsAttribute();
  for (unsigned r = 0; r < op->getNumRegions(); ++r)
    state.addRegion();
  Operation *created = b.create(state);
  for (unsigned r = 0; r < op->getNumRegions(); ++r)
    created->getRegion(r).takeBody(op->getRegion(r));
  op->replaceAllUsesWith(created->getResults().drop_back());
  op->erase();
  return created;
}

FailureOr<Value> Stack::threadLoop(Operation *&loop, Value list) {
  SmallVector<Value> operands(loop->getOperands());
  operands.push_back(list);
  loop = withCarried(loop, operands, list.getType());
  for (unsigned r = 0; r < 2; ++r) {
    if (loop->getRegion(r).getBlocks().size() != 1)
      return loop->emitOpError("needs single-block regions");
    Block &block = loop->getRegion(r).front();
    Value arg = block.addArgument(list.getType(), loop->getLoc());
    FailureOr<Value> out = thread(block, block.begin(), arg);
    if (failed(out))
      return failure();
    if (r == 0 && *out != arg)
      return loop->emitOpError("pushes or pops a stack in its condition");
    if (r == 1)
      block.getTerminator()->insertOperands(
          block.getTerminator()->getNumOperands(), *out);
  }
  return loop->getResults().back();
}

FailureOr<Value> Stack::threadConditional(Operation *&cond, Value list) {
  SmallVector<Value> operands(cond->getOperands());
  cond = withCarried(cond, operands, list.getType());
  for (Region &region : cond->getRegions()) {
    if (region.getBlocks().size() != 1)
      return cond->emitOpError("needs single-block regions");
    Block &block = region.front();
    FailureOr<Value> out = thread(block, block.begin(), list);
    if (failed(out))
      return failure();
    block.getTerminator()->insertOperands(
        block.getTerminator()->getNumOperands(), *out);
  }
  return cond->getResults().back();
}

/// Rewrites the stack's ops in `block` from `from` on, in program order, as
/// updates of `list`; returns the list at the block's end.
FailureOr<Value> Stack::thread(Block &block, Block::iterator from, Value list) {
  for (Operation &op :
       llvm::make_early_inc_range(llvm::make_range(from, block.end()))) {
    bool mine = op.getNumOperands() > 0 && isHandle(op.getOperand(0));
    OpBuilder b(&op);
    Location loc = op.getLoc();
    if (mine && isNamed(&op, "tf.StackPushV2")) {
      Value item = op.getOperand(1);
      list = createTF(b, loc, "tf.TensorListPushBack", {list, item},
                      list.getType())
                 ->getResult(0);
      op.getResult(0).replaceAllUsesWith(
          tf::castTo(b, loc, item, op.getResult(0).getType()));
    } else if (mine && isNamed(&op, "tf.StackPopV2")) {
      Operation *pop = createTF(
          b, loc, "tf.TensorListPopBack", {list, shapeConst(b, loc, element)},
          {list.getType(), element},
          {b.getNamedAttr("element_dtype",
                          TypeAttr::get(element.getElementType())),
           b.getNamedAttr(tfimport::kStackPopAttr, b.getUnitAttr())});
      list = pop->getResult(0);
      op.getResult(0).replaceAllUsesWith(
          tf::castTo(b, loc, pop->getResult(1), op.getResult(0).getType()));
    } else if (op.getNumRegions() > 0 && usesHandle(&op)) {
      Operation *rebuilt = &op;
      FailureOr<Value> out;
      if (isNamed(&op, "tf.WhileRegion"))
        out = threadLoop(rebuilt, list);
      else if (isNamed(&op, "tf.IfRegion"))
        out = threadConditional(rebuilt, list);
      else
        return op.emitOpError("reads a stack handle inside its regions; "
                              "ta-import-tf threads stacks through "
                              "tf.WhileRegion and tf.IfRegion");
      if (failed(out))
        return failure();
      list = *out;
    }
  }
  return list;
}

LogicalResult Stack::rewrite() {
  OpBuilder b(make->getContext());
  b.setInsertionPointAfter(make);
  Location loc = make->getLoc();
  auto unbounded = DenseElementsAttr::get(
      RankedTensorType::get({}, b.getI32Type()), ArrayRef<int32_t>{-1});
  Value list =
      createTF(b, loc, "tf.EmptyTensorList",
               {shapeConst(b, loc, element), createConst(b, loc, unbounded)},
               tf::listType(element),
               {b.getNamedAttr("element_dtype",
                               TypeAttr::get(element.getElementType()))})
          ->getResult(0);
  Operation *start = list.getDefiningOp();
  if (failed(thread(*make->getBlock(), std::next(start->getIterator()), list)))
    return failure();
  for (Operation *op : stackOps)
    op->erase();
  for (Value alias : llvm::reverse(aliases))
    alias.getDefiningOp()->erase();
  return success();
}

} // namespace

LogicalResult mlir::ta::tfimport::decomposeStacks(ModuleOp module) {
  SmallVector<Operation *> makes;
  module.walk([&](Operation *op) {
    if (isNamed(op, "tf.StackV2"))
      makes.push_back(op);
  });
  for (Operation *make : makes) {
    Stack stack(make);
    if (failed(stack.analyze()) || failed(stack.rewrite()))
      return failure();
  }
  // What the pops read now has the lists' element type.
  if (!makes.empty())
    tf::refineTypes(module);
  return success();
}

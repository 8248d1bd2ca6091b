//===- Carriers.cpp - the values TensorFlow's control flow passes on ------===//
//
// A TensorArray handle, a flow or a TensorList travels through a TensorFlow
// program as a loop-carried value of tf.While (the body returns it to its
// own arguments and to the loop's results), an operand of tf.If and tf.Case
// branches, an argument and result of a called function, and
// tf.Identity(N); the region
// forms (tf.WhileRegion, tf.IfRegion) carry it through region arguments and
// tf.Yield. forEachCarriedPair names each such step, from the value passed
// on to the value that receives it; the steps of the import join them into
// classes (joinCarriers) or follow them in their direction.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;

namespace {

/// The values the function `fn` returns, per return.
void forEachReturn(func::FuncOp fn, function_ref<void(ValueRange)> visit) {
  fn.walk([&](func::ReturnOp ret) {
    if (ret->getParentOp() == fn)
      visit(ret.getOperands());
  });
}

/// `operands` into the arguments of `fn`, its returned values into
/// `results` (either may be empty).
void passThrough(func::FuncOp fn, ValueRange operands, ValueRange results,
                 function_ref<void(Value, Value)> visit) {
  if (!fn || fn.isExternal())
    return;
  for (auto [operand, arg] : llvm::zip(operands, fn.getArguments()))
    visit(operand, arg);
  forEachReturn(fn, [&](ValueRange returned) {
    for (auto [result, value] : llvm::zip(results, returned))
      visit(value, result);
  });
}

/// `values` into every one of `targets`' arguments.
void intoArguments(ValueRange values, ArrayRef<Block *> targets,
                   function_ref<void(Value, Value)> visit) {
  for (Block *block : targets)
    if (block)
      for (auto [value, arg] : llvm::zip(values, block->getArguments()))
        visit(value, arg);
}

Block *entryOf(func::FuncOp fn) {
  return fn && !fn.isExternal() ? &fn.front() : nullptr;
}

/// The branch functions of tf.Case `op` (its `branches`), none if it is
/// not one.
SmallVector<func::FuncOp> caseBranches(Operation *op) {
  SmallVector<func::FuncOp> fns;
  auto branches = isNamed(op, "tf.Case")
                      ? op->getAttrOfType<ArrayAttr>("branches")
                      : ArrayAttr();
  for (Attribute branch :
       branches ? branches.getValue() : ArrayRef<Attribute>())
    if (auto symbol = dyn_cast<FlatSymbolRefAttr>(branch))
      if (auto fn =
              SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, symbol))
        fns.push_back(fn);
  return fns;
}

Block *entryOf(Region &region) {
  return region.empty() ? nullptr : &region.front();
}

void whileSteps(Operation *op, function_ref<void(Value, Value)> visit) {
  func::FuncOp cond = tfimport::calleeOf(op, "cond");
  func::FuncOp body = tfimport::calleeOf(op, "body");
  for (auto [operand, result] : llvm::zip(op->getOperands(), op->getResults()))
    visit(operand, result);
  passThrough(cond, op->getOperands(), {}, visit);
  passThrough(body, op->getOperands(), op->getResults(), visit);
  // The next iteration: what the body returns, into both functions again.
  if (body && !body.isExternal())
    forEachReturn(body, [&](ValueRange returned) {
      intoArguments(returned, {entryOf(cond), entryOf(body)}, visit);
    });
}

void whileRegionSteps(Operation *op, function_ref<void(Value, Value)> visit) {
  Block *cond = entryOf(op->getRegion(0)), *body = entryOf(op->getRegion(1));
  intoArguments(op->getOperands(), {cond, body}, visit);
  for (auto [operand, result] : llvm::zip(op->getOperands(), op->getResults()))
    visit(operand, result);
  Region &bodyRegion = op->getRegion(1);
  if (bodyRegion.empty() || bodyRegion.back().empty())
    return;
  ValueRange yielded = bodyRegion.back().back().getOperands();
  for (auto [result, value] : llvm::zip(op->getResults(), yielded))
    visit(value, result);
  intoArguments(yielded, {cond, body}, visit);
}

} // namespace

bool mlir::ta::tfimport::isCarrier(Operation *op) {
  return isNamed(op, "tf.Identity") || isNamed(op, "tf.IdentityN") ||
         isNamed(op, "tf.While") || isNamed(op, "tf.WhileRegion") ||
         isNamed(op, "tf.If") || isNamed(op, "tf.IfRegion") ||
         isNamed(op, "tf.Case") || isNamed(op, "tf.PartitionedCall") ||
         isNamed(op, "tf.StatefulPartitionedCall") || isNamed(op, "tf.Yield") ||
         isa<func::CallOp, func::ReturnOp>(op);
}

func::FuncOp mlir::ta::tfimport::calleeOf(Operation *op, StringRef attr) {
  auto symbol = op->getAttrOfType<FlatSymbolRefAttr>(attr);
  return symbol ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, symbol)
                : func::FuncOp();
}

llvm::DenseSet<Operation *>
mlir::ta::tfimport::calledFunctions(ModuleOp module) {
  llvm::DenseSet<Operation *> called;
  module.walk([&](Operation *op) {
    for (StringRef attr :
         {"body", "cond", "then_branch", "else_branch", "f", "callee"})
      if (func::FuncOp fn = calleeOf(op, attr))
        called.insert(fn);
    for (func::FuncOp fn : caseBranches(op))
      called.insert(fn);
  });
  return called;
}

void mlir::ta::tfimport::forEachCarriedPair(
    ModuleOp module, function_ref<void(Value from, Value to)> visit) {
  module.walk([&](Operation *op) {
    if (isNamed(op, "tf.Identity") || isNamed(op, "tf.IdentityN")) {
      for (auto [operand, result] :
           llvm::zip(op->getOperands(), op->getResults()))
        visit(operand, result);
    } else if (isNamed(op, "tf.While")) {
      whileSteps(op, visit);
    } else if (isNamed(op, "tf.WhileRegion") && op->getNumRegions() == 2) {
      whileRegionSteps(op, visit);
    } else if (isNamed(op, "tf.If") && op->getNumOperands() >= 1) {
      for (StringRef branch : {"then_branch", "else_branch"})
        passThrough(calleeOf(op, branch), op->getOperands().drop_front(),
                    op->getResults(), visit);
    } else if (isNamed(op, "tf.Case") && op->getNumOperands() >= 1) {
      for (func::FuncOp fn : caseBranches(op))
        passThrough(fn, op->getOperands().drop_front(), op->getResults(),
                    visit);
    } else if (isNamed(op, "tf.IfRegion")) {
      for (Region &region : op->getRegions())
        if (!region.empty() && !region.back().empty())
          for (auto [result, value] :
               llvm::zip(op->getResults(), region.back().back().getOperands()))
            visit(value, result);
    } else if (isNamed(op, "tf.PartitionedCall") ||
               isNamed(op, "tf.StatefulPartitionedCall")) {
      passThrough(calleeOf(op, "f"), op->getOperands(), op->getResults(),
                  visit);
    } else if (auto call = dyn_cast<func::CallOp>(op)) {
      passThrough(calleeOf(op, "callee"), call.getOperands(), call.getResults(),
                  visit);
    }
  });
}

tfimport::CarriedConstants::CarriedConstants(ModuleOp module) {
  forEachCarriedPair(
      module, [&](Value from, Value to) { sources[to].push_back(from); });
}

std::optional<int64_t> tfimport::CarriedConstants::scalar(Value value) const {
  std::optional<int64_t> found;
  SmallVector<Value> work{value};
  llvm::DenseSet<Value> seen{value};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    // A public function's argument: its callers outside the module pass
    // anything.
    if (auto arg = dyn_cast<BlockArgument>(v))
      if (auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
          fn && fn.isPublic() && arg.getOwner() == &fn.front())
        return std::nullopt;
    auto it = sources.find(v);
    if (it == sources.end()) {
      std::optional<int64_t> c = tf::constantScalar(v);
      if (!c || (found && *found != *c))
        return std::nullopt;
      found = c;
      continue;
    }
    for (Value from : it->second)
      if (seen.insert(from).second)
        work.push_back(from);
  }
  return found;
}

void mlir::ta::tfimport::joinCarriers(ModuleOp module, ValueClasses &classes) {
  forEachCarriedPair(module,
                     [&](Value from, Value to) { classes.join(from, to); });
}

//===- ControlFlow.cpp - TensorFlow control flow into scf and func --------===//
//
// tf.While (cond and body functions) and tf.WhileRegion become scf.while,
// tf.If and tf.IfRegion scf.if, tf.Case scf.index_switch (the last branch
// the default: TensorFlow runs it for an index out of range): the
// functions' single blocks (or the
// regions) are cloned into the scf regions, a `tensor<i1>` condition is
// extracted, and values whose TensorFlow types differ in refinement between
// the loop's operands, the body's results and the op's results are joined
// with tensor.cast. tf.PartitionedCall and tf.StatefulPartitionedCall become
// func.call. Handles and flows (already `!ta.handle`, `!ta.flow`) ride along
// as loop-carried values and arguments, which ta-lower-to-memref follows.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;

namespace {

/// `value` as `type`: a tensor.cast between tensor types that differ only in
/// refinement; failure otherwise.
FailureOr<Value> castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() != type &&
      !(isa<TensorType>(value.getType()) && isa<TensorType>(type) &&
        tensor::CastOp::areCastCompatible(value.getType(), type)))
    return failure();
  return tf::castTo(b, loc, value, type);
}

/// Clones the ops of `block` at `b`'s insertion point, its arguments mapped
/// to `args` (cast to the block's argument types: a function's signature
/// may be more or less refined than what its caller passes), and returns
/// what its terminator returns, cast to `types` where given.
FailureOr<SmallVector<Value>> cloneBlock(OpBuilder &b, Operation *op,
                                         Block &block, ValueRange args,
                                         TypeRange types) {
  if (block.empty())
    return op->emitOpError("has an empty region or function body");
  if (block.getNumArguments() != args.size())
    return op->emitOpError("has a region or function of ")
           << block.getNumArguments() << " arguments for " << args.size()
           << " values";
  IRMapping mapping;
  for (auto [arg, value] : llvm::zip(block.getArguments(), args)) {
    FailureOr<Value> cast = castTo(b, op->getLoc(), value, arg.getType());
    if (failed(cast))
      return op->emitOpError()
             << "passes " << value.getType() << " for " << arg.getType();
    mapping.map(arg, *cast);
  }
  // The last op returns: func.return, or tf.Yield (unregistered, so not
  // known to MLIR as a terminator).
  Operation *terminator = &block.back();
  for (Operation &inner : block) {
    if (&inner == terminator)
      break;
    b.clone(inner, mapping);
  }
  SmallVector<Value> results;
  for (auto [k, value] : llvm::enumerate(terminator->getOperands())) {
    Value mapped = mapping.lookupOrDefault(value);
    if (k < types.size()) {
      FailureOr<Value> cast = castTo(b, op->getLoc(), mapped, types[k]);
      if (failed(cast))
        return op->emitOpError() << "returns " << mapped.getType() << " where "
                                 << types[k] << " is carried";
      mapped = *cast;
    }
    results.push_back(mapped);
  }
  return results;
}

/// The single block of the function `symbol` (from `op`'s attribute
/// `attr`) names, or null after a diagnostic.
Block *symbolBlock(Operation *op, FlatSymbolRefAttr symbol, StringRef attr,
                   unsigned arguments) {
  auto fn = symbol
                ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, symbol)
                : func::FuncOp();
  if (!fn || fn.isExternal()) {
    op->emitOpError() << "needs `" << attr << "` to name a function of the "
                      << "module";
    return nullptr;
  }
  if (!fn.getBody().hasOneBlock() || fn.getNumArguments() != arguments) {
    op->emitOpError() << "calls @" << fn.getSymName()
                      << ", which ta-import-tf cannot inline (one block of "
                      << arguments << " arguments expected)";
    return nullptr;
  }
  return &fn.front();
}

/// The single block of the function `attr` names, or null after a
/// diagnostic.
Block *functionBlock(Operation *op, StringRef attr, unsigned arguments) {
  return symbolBlock(op, op->getAttrOfType<FlatSymbolRefAttr>(attr), attr,
                     arguments);
}

/// A TensorFlow predicate (a scalar bool tensor) as an i1.
FailureOr<Value> predicate(OpBuilder &b, Operation *op, Value tensor) {
  auto scalar = RankedTensorType::get({}, b.getI1Type());
  FailureOr<Value> cast = castTo(b, op->getLoc(), tensor, scalar);
  if (failed(cast))
    return op->emitOpError() << "has a predicate of type " << tensor.getType()
                             << "; ta-import-tf takes scalar bool tensors";
  return tensor::ExtractOp::create(b, op->getLoc(), *cast).getResult();
}

/// Replaces `op` by `values`, cast to its result types.
LogicalResult replaceCast(OpBuilder &b, Operation *op, ValueRange values) {
  SmallVector<Value> results;
  for (auto [value, type] : llvm::zip(values, op->getResultTypes())) {
    FailureOr<Value> cast = castTo(b, op->getLoc(), value, type);
    if (failed(cast))
      return op->emitOpError()
             << "yields " << value.getType() << " for " << type;
    results.push_back(*cast);
  }
  op->replaceAllUsesWith(results);
  op->erase();
  return success();
}

/// tf.While / tf.WhileRegion: `cond` and `body` are the blocks to clone.
/// A loop value is carried with the least refined of the types TensorFlow
/// gives it (operand, cond and body arguments, body result, op result):
/// with `shape_invariant`, a value that starts as `tensor<1xf32>` may grow.
LogicalResult convertWhile(Operation *op, Block &cond, Block &body) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  unsigned n = op->getNumOperands();
  if (op->getNumResults() != n || cond.getNumArguments() != n ||
      body.getNumArguments() != n || body.empty() ||
      body.back().getNumOperands() != n)
    return op->emitOpError("needs as many results, cond and body arguments "
                           "and body results as operands (")
           << n << ")";
  SmallVector<Type> types;
  for (unsigned k = 0; k < n; ++k) {
    Type type = op->getOperand(k).getType();
    for (Type other :
         {cond.getArgument(k).getType(), body.getArgument(k).getType(),
          body.back().getOperand(k).getType(), op->getResult(k).getType()})
      if (type)
        type = tf::joinTypes(type, other);
    if (!type)
      return op->emitOpError("carries loop value #")
             << k << " with types no tensor.cast joins";
    types.push_back(type);
  }
  SmallVector<Value> inits;
  for (auto [value, type] : llvm::zip(op->getOperands(), types))
    inits.push_back(*castTo(b, loc, value, type));
  auto loop = scf::WhileOp::create(b, loc, types, inits);
  SmallVector<Location> locs(types.size(), loc);
  Block *before = b.createBlock(&loop.getBefore(), {}, types, locs);
  FailureOr<SmallVector<Value>> test =
      cloneBlock(b, op, cond, before->getArguments(), {});
  if (failed(test))
    return failure();
  if (test->empty())
    return op->emitOpError("has a condition that returns no value");
  FailureOr<Value> i1 = predicate(b, op, test->front());
  if (failed(i1))
    return failure();
  scf::ConditionOp::create(b, loc, *i1, before->getArguments());
  Block *after = b.createBlock(&loop.getAfter(), {}, types, locs);
  FailureOr<SmallVector<Value>> next =
      cloneBlock(b, op, body, after->getArguments(), types);
  if (failed(next))
    return failure();
  scf::YieldOp::create(b, loc, *next);
  b.setInsertionPointAfter(loop);
  return replaceCast(b, op, loop.getResults());
}

/// Clones the branch `block` (with `args` for its arguments) at the end of
/// `into`, an scf branch's block, and yields what it returns as `types`.
LogicalResult yieldBranch(OpBuilder &b, Operation *op, Block &block,
                          ValueRange args, TypeRange types, Block &into) {
  b.setInsertionPointToEnd(&into);
  FailureOr<SmallVector<Value>> values = cloneBlock(b, op, block, args, types);
  if (failed(values))
    return failure();
  if (values->size() != types.size())
    return op->emitOpError("has a branch that returns ")
           << values->size() << " values for " << types.size() << " results";
  scf::YieldOp::create(b, op->getLoc(), *values);
  return success();
}

/// tf.If / tf.IfRegion: `then` and `otherwise` are the blocks to clone, with
/// `args` for their arguments.
LogicalResult convertIf(Operation *op, Value cond, Block &then,
                        Block &otherwise, ValueRange args) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  FailureOr<Value> i1 = predicate(b, op, cond);
  if (failed(i1))
    return failure();
  SmallVector<Type> types(op->getResultTypes());
  auto branch = scf::IfOp::create(b, loc, types, *i1, /*withElse=*/true);
  for (auto [block, region] :
       {std::pair(&then, &branch.getThenRegion()),
        std::pair(&otherwise, &branch.getElseRegion())}) {
    // scf.if builds its blocks with an empty yield when there are no
    // results.
    if (!region->front().empty())
      region->front().getTerminator()->erase();
    if (failed(yieldBranch(b, op, *block, args, types, region->front())))
      return failure();
  }
  op->replaceAllUsesWith(branch.getResults());
  op->erase();
  return success();
}

/// tf.Case: branch k is case k of an scf.index_switch on the branch index
/// but the last, which is its default (TensorFlow runs the last branch for
/// an index out of range, negative ones too).
LogicalResult convertCase(Operation *op) {
  auto branches = op->getAttrOfType<ArrayAttr>("branches");
  if (op->getNumOperands() < 1 || !branches || branches.empty())
    return op->emitOpError("needs a branch index and a nonempty `branches`");
  unsigned n = op->getNumOperands() - 1;
  SmallVector<Block *> blocks;
  for (Attribute branch : branches) {
    Block *block =
        symbolBlock(op, dyn_cast<FlatSymbolRefAttr>(branch), "branches", n);
    if (!block)
      return failure();
    blocks.push_back(block);
  }
  OpBuilder b(op);
  Location loc = op->getLoc();
  FailureOr<Value> index = castTo(b, loc, op->getOperand(0),
                                  RankedTensorType::get({}, b.getI32Type()));
  if (failed(index))
    return op->emitOpError("has a branch index of type ")
           << op->getOperand(0).getType()
           << "; ta-import-tf takes scalar int32 tensors";
  Value i = arith::IndexCastOp::create(
      b, loc, b.getIndexType(), tensor::ExtractOp::create(b, loc, *index));
  SmallVector<Type> types(op->getResultTypes());
  SmallVector<int64_t> cases =
      llvm::to_vector(llvm::seq<int64_t>(0, blocks.size() - 1));
  auto cased =
      scf::IndexSwitchOp::create(b, loc, types, i, cases, cases.size());
  for (auto [k, block] : llvm::enumerate(blocks)) {
    Region &region = k + 1 == blocks.size() ? cased.getDefaultRegion()
                                            : cased.getCaseRegions()[k];
    if (failed(yieldBranch(b, op, *block, op->getOperands().drop_front(), types,
                           *b.createBlock(&region))))
      return failure();
  }
  op->replaceAllUsesWith(cased.getResults());
  op->erase();
  return success();
}

LogicalResult convertCall(Operation *op) {
  auto symbol = op->getAttrOfType<FlatSymbolRefAttr>("f");
  auto fn = symbol
                ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, symbol)
                : func::FuncOp();
  if (!fn)
    return op->emitOpError("needs `f` to name a function of the module");
  if (fn.getNumArguments() != op->getNumOperands() ||
      fn.getNumResults() != op->getNumResults())
    return op->emitOpError("does not match the signature of @")
           << fn.getSymName();
  OpBuilder b(op);
  SmallVector<Value> operands;
  for (auto [value, type] :
       llvm::zip(op->getOperands(), fn.getArgumentTypes())) {
    FailureOr<Value> cast = castTo(b, op->getLoc(), value, type);
    if (failed(cast))
      return op->emitOpError()
             << "passes " << value.getType() << " for " << type;
    operands.push_back(*cast);
  }
  auto call = func::CallOp::create(b, op->getLoc(), fn, operands);
  return replaceCast(b, op, call.getResults());
}

LogicalResult convert(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name == "tf.While") {
    unsigned n = op->getNumOperands();
    Block *cond = functionBlock(op, "cond", n);
    Block *body = cond ? functionBlock(op, "body", n) : nullptr;
    return success(body && succeeded(convertWhile(op, *cond, *body)));
  }
  if (name == "tf.WhileRegion") {
    if (op->getNumRegions() != 2 || !op->getRegion(0).hasOneBlock() ||
        !op->getRegion(1).hasOneBlock())
      return op->emitOpError("needs a cond and a body region of one block");
    return convertWhile(op, op->getRegion(0).front(), op->getRegion(1).front());
  }
  if (name == "tf.If") {
    if (op->getNumOperands() < 1)
      return op->emitOpError("needs a predicate");
    unsigned n = op->getNumOperands() - 1;
    Block *then = functionBlock(op, "then_branch", n);
    Block *otherwise = then ? functionBlock(op, "else_branch", n) : nullptr;
    return success(otherwise &&
                   succeeded(convertIf(op, op->getOperand(0), *then, *otherwise,
                                       op->getOperands().drop_front())));
  }
  if (name == "tf.Case")
    return convertCase(op);
  if (name == "tf.IfRegion") {
    if (op->getNumOperands() != 1 || op->getNumRegions() != 2 ||
        !op->getRegion(0).hasOneBlock() || !op->getRegion(1).hasOneBlock())
      return op->emitOpError("needs a predicate and two regions of one block");
    return convertIf(op, op->getOperand(0), op->getRegion(0).front(),
                     op->getRegion(1).front(), {});
  }
  return convertCall(op);
}

bool isControlFlow(Operation *op) {
  return isNamed(op, "tf.While") || isNamed(op, "tf.WhileRegion") ||
         isNamed(op, "tf.If") || isNamed(op, "tf.IfRegion") ||
         isNamed(op, "tf.Case") || isNamed(op, "tf.PartitionedCall") ||
         isNamed(op, "tf.StatefulPartitionedCall");
}

/// Erases the private functions nothing refers to any more, until none is
/// left. References are searched in attributes and properties alike: the
/// symbol table's use lists do not see into the properties of unregistered
/// ops (`<{f = @callee}>`).
void eraseDeadFunctions(ModuleOp module) {
  bool erased = true;
  while (erased) {
    erased = false;
    llvm::StringSet<> referenced;
    module.walk([&](Operation *op) {
      for (Attribute attrs :
           {Attribute(op->getAttrDictionary()), op->getPropertiesAsAttribute()})
        if (attrs)
          attrs.walk([&](SymbolRefAttr ref) {
            referenced.insert(ref.getRootReference().getValue());
          });
    });
    for (auto fn : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (fn.isPrivate() && !fn.isExternal() &&
          !referenced.contains(fn.getSymName())) {
        fn.erase();
        erased = true;
      }
  }
}

} // namespace

LogicalResult mlir::ta::tfimport::convertControlFlow(ModuleOp module) {
  // Cloning a body that holds control flow clones that too: repeat, to a
  // depth no real program reaches (a recursive function would not end).
  constexpr int kMaxDepth = 64;
  for (int depth = 0;; ++depth) {
    SmallVector<Operation *> ops;
    // Region forms nested in a collected op are cloned with it: not
    // collected themselves.
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isControlFlow(op))
        return WalkResult::advance();
      ops.push_back(op);
      return WalkResult::skip();
    });
    if (ops.empty())
      break;
    if (depth == kMaxDepth)
      return ops.front()->emitOpError(
          "nests control flow deeper than ta-import-tf follows (recursion?)");
    for (Operation *op : ops)
      if (failed(convert(op)))
        return failure();
    eraseDeadFunctions(module);
  }
  // Identities of handles and flows are the values themselves.
  module.walk([](Operation *op) {
    if (!isNamed(op, "tf.Identity") && !isNamed(op, "tf.IdentityN"))
      return;
    for (auto [operand, result] :
         llvm::zip(op->getOperands(), op->getResults()))
      if (isa<HandleType, FlowType>(result.getType()))
        result.replaceAllUsesWith(operand);
    if (op->use_empty() && llvm::all_of(op->getResultTypes(), [](Type type) {
          return isa<HandleType, FlowType>(type);
        }))
      op->erase();
  });
  return success();
}

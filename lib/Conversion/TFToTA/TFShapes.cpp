//===- TFShapes.cpp - TensorFlow's result types, refined ------------------===//
//
// refineTypes, which runs the shape functions of the TensorFlow ops ta
// lowers (TFShapeFunctions.cpp) over a module: in program order, with each
// loop's carried values iterated to a fixpoint (a value is carried with the
// join of the types it enters and comes back with, so a loop variable that
// grows is not typed by its first value) and each conditional's results joined
// over its branches. Types are collected first and applied once, with the casts
// that keep every op that is not a TensorFlow op reading the type it declared.
//
//===----------------------------------------------------------------------===//

#include "TFShapes.h"

#include "TFUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;

bool tf::isTFOp(Operation *op) {
  return !op->getDialect() && op->getName().getStringRef().starts_with("tf.");
}

//===----------------------------------------------------------------------===//
// Refinement
//===----------------------------------------------------------------------===//

namespace {

/// The more refined of two types for one value: `declared` where `inferred`
/// says nothing more or contradicts it.
Type meet(Type declared, Type inferred) {
  auto d = dyn_cast<TensorType>(declared);
  auto i = dyn_cast_if_present<TensorType>(inferred);
  if (!d || !i || d.getElementType() != i.getElementType() || !i.hasRank())
    return declared;
  if (!d.hasRank())
    return i;
  if (d.getRank() != i.getRank())
    return declared;
  SmallVector<int64_t> dims;
  for (auto [x, y] : llvm::zip(d.getShape(), i.getShape())) {
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return declared;
    dims.push_back(ShapedType::isDynamic(x) ? y : x);
  }
  return RankedTensorType::get(dims, d.getElementType());
}

/// Whether `cast` only forgets what its source's type knows (dims or the
/// rank): the refinement reads through it.
bool erasesRefinement(tensor::CastOp cast) {
  Type source = cast.getSource().getType();
  return isa<RankedTensorType>(source) &&
         meet(cast.getType(), source) == source;
}

/// Fixpoint iterations before a loop's values keep their declared types (a
/// join only loses refinement: dims, then the rank, so three suffice).
constexpr int kMaxLoopIterations = 8;

class Refiner {
public:
  void visitBlock(Block &block) {
    for (Operation &op : block)
      visit(&op);
  }

  void apply(Operation *root);

private:
  Type typeOf(Value value) {
    if (auto it = types.find(value); it != types.end())
      return it->second;
    if (auto cast = value.getDefiningOp<tensor::CastOp>())
      if (erasesRefinement(cast))
        return typeOf(cast.getSource());
    return value.getType();
  }

  void set(Value value, Type type) {
    Type refined = meet(value.getType(), type);
    if (refined == value.getType())
      types.erase(value);
    else
      types[value] = refined;
  }

  void visit(Operation *op);
  /// A loop: `before` gets `inits` (joined with what `after` yields),
  /// `forwarded(before)` gives the values `after` gets and the loop returns.
  void visitLoop(Operation *op, ValueRange inits, Block &before, Block &after,
                 function_ref<ValueRange()> forwarded);

  DenseMap<Value, Type> types;
};

void Refiner::visitLoop(Operation *op, ValueRange inits, Block &before,
                        Block &after, function_ref<ValueRange()> forwarded) {
  SmallVector<Type> carried;
  for (Value init : inits)
    carried.push_back(typeOf(init));
  for (int iteration = 0;; ++iteration) {
    bool last = iteration == kMaxLoopIterations;
    if (last)
      for (auto [type, arg] : llvm::zip(carried, before.getArguments()))
        type = arg.getType();
    for (auto [arg, type] : llvm::zip(before.getArguments(), carried))
      set(arg, type);
    visitBlock(before);
    if (&after != &before)
      for (auto [arg, value] : llvm::zip(after.getArguments(), forwarded()))
        set(arg, typeOf(value));
    visitBlock(after);
    bool changed = false;
    for (auto [type, next] : llvm::zip(carried, after.back().getOperands())) {
      Type joined = tf::joinTypes(type, typeOf(next));
      if (joined && joined != type) {
        type = joined;
        changed = true;
      }
    }
    if (!changed || last)
      break;
  }
  for (auto [result, value] : llvm::zip(op->getResults(), forwarded()))
    set(result, typeOf(value));
}

void Refiner::visit(Operation *op) {
  StringRef name = op->getName().getStringRef();
  auto singleBlocks = [&](unsigned n) {
    return op->getNumRegions() == n &&
           llvm::all_of(op->getRegions(), [](Region &region) {
             return region.hasOneBlock() && !region.front().empty();
           });
  };
  if (name == "tf.WhileRegion" && singleBlocks(2)) {
    Block &cond = op->getRegion(0).front(), &body = op->getRegion(1).front();
    unsigned n = op->getNumOperands();
    if (cond.getNumArguments() == n && body.getNumArguments() == n &&
        body.back().getNumOperands() == n && op->getNumResults() == n) {
      // Both regions take the carried values: the body is `after`, with
      // the cond's arguments forwarded.
      visitLoop(op, op->getOperands(), cond, body,
                [&] { return ValueRange(cond.getArguments()); });
      return;
    }
  }
  if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    visitLoop(op, loop.getInits(), loop.getBefore().front(),
              loop.getAfter().front(),
              [&] { return ValueRange(loop.getConditionOp().getArgs()); });
    return;
  }
  bool isIf = (name == "tf.IfRegion" && singleBlocks(2)) ||
              (isa<scf::IfOp>(op) && singleBlocks(2));
  if (isIf) {
    Block &then = op->getRegion(0).front(),
          &otherwise = op->getRegion(1).front();
    visitBlock(then);
    visitBlock(otherwise);
    if (then.back().getNumOperands() == op->getNumResults() &&
        otherwise.back().getNumOperands() == op->getNumResults())
      for (auto [result, a, b] :
           llvm::zip(op->getResults(), then.back().getOperands(),
                     otherwise.back().getOperands()))
        set(result, tf::joinTypes(typeOf(a), typeOf(b)));
    return;
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      visitBlock(block);
  if (!tf::isTFOp(op))
    return;
  SmallVector<Type> inferred =
      tf::inferResultTypes(op, [&](Value value) { return typeOf(value); });
  for (auto [result, type] : llvm::zip(op->getResults(), inferred))
    set(result, type);
}

void Refiner::apply(Operation *root) {
  DenseMap<Value, Type> declared;
  for (auto [value, type] : types) {
    declared[value] = value.getType();
    value.setType(type);
  }
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops) {
    OpBuilder b(op);
    if (tf::isTFOp(op)) {
      // A TensorFlow op reads the value a cast only erased dims or the rank
      // of (a loop's result typed as TensorFlow declared it).
      for (OpOperand &operand : op->getOpOperands())
        if (auto cast = operand.get().getDefiningOp<tensor::CastOp>())
          if (erasesRefinement(cast))
            operand.set(cast.getSource());
      continue;
    }
    // The type each operand must have: a loop's or conditional's carried
    // type, or the declared type of a value that changed.
    auto required = [&](OpOperand &operand) -> Type {
      unsigned k = operand.getOperandNumber();
      Operation *parent = op->getParentOp();
      if (auto loop = dyn_cast<scf::WhileOp>(op))
        return loop.getBefore().getArgument(k).getType();
      if (isa<scf::ConditionOp>(op))
        return k == 0 ? Type()
                      : cast<scf::WhileOp>(parent)
                            .getAfter()
                            .getArgument(k - 1)
                            .getType();
      if (isa<scf::YieldOp>(op)) {
        if (auto loop = dyn_cast<scf::WhileOp>(parent))
          return loop.getBefore().getArgument(k).getType();
        if (isa<scf::IfOp>(parent))
          return parent->getResult(k).getType();
      }
      auto it = declared.find(operand.get());
      return it == declared.end() ? Type() : it->second;
    };
    for (OpOperand &operand : op->getOpOperands()) {
      Type type = required(operand);
      if (type && type != operand.get().getType())
        operand.set(tf::castTo(b, op->getLoc(), operand.get(), type));
    }
  }
}

} // namespace

void tf::refineTypes(Operation *root) {
  Refiner refiner;
  for (Region &region : root->getRegions())
    for (Block &block : region)
      refiner.visitBlock(block);
  refiner.apply(root);
}

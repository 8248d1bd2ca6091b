//===- ConstantItems.cpp - lists whose every push is one constant ---------===//
//
// TensorFlow's gradient of a loop keeps what the backward loop needs of each
// forward iteration on an accumulator: a list made by EmptyTensorList that
// the forward body pushes onto and the backward body pops from (stacks, in a
// TensorFlow 1 graph, become such lists first). Among what it keeps are
// shapes: `tf.Shape` of a slice or of a reduction's operand, which the
// gradients of StridedSlice, Sum, Mean and Reshape read. Where TensorFlow's
// exporter left such a shape unknown but ta's refined types fix it, every
// push is one constant, and so is every item popped; the backward code built
// from it (tf.DynamicStitch of a reduced shape, tf.Reshape and tf.BroadcastTo
// to it) then has static types.
//
// This step folds into constants, to a fixpoint: tf.Shape of a static
// operand, tf.DynamicStitch (and ParallelDynamicStitch) of constants that
// assign every row, and the items popped or read (PopBack, GetItem) from a
// list whose every value comes from EmptyTensorList, pushes, pops and the
// values carriers pass on, and whose every push is one constant. The list
// ops stay: a pop of an empty list still fails, as in TensorFlow. Then the
// types are refined again.
//
//===----------------------------------------------------------------------===//

#include "TFShapes.h"
#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;
using tf::isVariant;

namespace {

/// The elements a constant value holds (tf.Const or a constant op).
ElementsAttr constantOf(Value value) {
  Attribute attr;
  if (matchPattern(value, m_Constant(&attr)))
    return dyn_cast<ElementsAttr>(attr);
  Operation *def = value.getDefiningOp();
  if (isNamed(def, "tf.Const"))
    return dyn_cast_or_null<ElementsAttr>(def->getAttr("value"));
  return {};
}

/// Replaces the uses of `old` by the constant `attr` (replaceUsesRefined).
void replaceByConstant(Value old, ElementsAttr attr) {
  OpBuilder b(old.getContext());
  b.setInsertionPointAfterValue(old);
  tf::replaceUsesRefined(
      old, arith::ConstantOp::create(b, old.getLoc(), cast<TypedAttr>(attr)));
}

/// The shape of a static operand of numbers, as tf.Shape gives it.
ElementsAttr foldShape(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return {};
  auto in = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto out = dyn_cast<TensorType>(op->getResult(0).getType());
  // Handles and lists are not folded: their uses are diagnosed as such.
  if (!in || !in.hasStaticShape() || !in.getElementType().isIntOrFloat() ||
      !out ||
      !(out.getElementType().isInteger(32) ||
        out.getElementType().isInteger(64)))
    return {};
  auto type = RankedTensorType::get({in.getRank()}, out.getElementType());
  SmallVector<APInt> dims = llvm::map_to_vector(in.getShape(), [&](int64_t d) {
    return APInt(out.getElementTypeBitWidth(), d, /*isSigned=*/true);
  });
  return DenseIntElementsAttr::get(type, dims);
}

/// tf.DynamicStitch of constant integers: `data[i]` rows go to the rows
/// `indices[i]` names, later ones winning; null where a row is not assigned
/// or an index is negative (TensorFlow's error, which the op keeps).
ElementsAttr foldStitch(Operation *op) {
  unsigned n = op->getNumOperands() / 2;
  auto out = op->getNumResults() == 1
                 ? dyn_cast<TensorType>(op->getResult(0).getType())
                 : TensorType();
  if (n == 0 || op->getNumOperands() != 2 * n || !out ||
      !out.getElementType().isSignlessInteger() ||
      out.getElementType().isInteger(1))
    return {};
  SmallVector<DenseIntElementsAttr> indices, data;
  for (unsigned i = 0; i < 2 * n; ++i) {
    auto attr =
        dyn_cast_or_null<DenseIntElementsAttr>(constantOf(op->getOperand(i)));
    if (!attr)
      return {};
    (i < n ? indices : data).push_back(attr);
  }
  // Every data[i] is indices[i]'s shape followed by one row shape.
  std::optional<SmallVector<int64_t>> row;
  for (auto [index, values] : llvm::zip(indices, data)) {
    ArrayRef<int64_t> ids = index.getType().getShape();
    ArrayRef<int64_t> all = values.getType().getShape();
    if (all.size() < ids.size() || all.take_front(ids.size()) != ids)
      return {};
    SmallVector<int64_t> rest(all.drop_front(ids.size()));
    if (row && *row != rest)
      return {};
    row = rest;
  }
  int64_t rowSize = 1;
  for (int64_t d : *row)
    rowSize *= d;
  int64_t rows = 0;
  for (DenseIntElementsAttr index : indices)
    for (const APInt &i : index.getValues<APInt>()) {
      if (i.isNegative())
        return {};
      rows = std::max(rows, i.getSExtValue() + 1);
    }
  SmallVector<APInt> merged(rows * rowSize,
                            APInt(out.getElementTypeBitWidth(), 0));
  SmallVector<bool> assigned(rows, false);
  for (auto [index, values] : llvm::zip(indices, data)) {
    SmallVector<APInt> items(values.getValues<APInt>());
    for (auto [k, i] : llvm::enumerate(index.getValues<APInt>())) {
      int64_t at = i.getSExtValue();
      assigned[at] = true;
      for (int64_t e = 0; e < rowSize; ++e)
        merged[at * rowSize + e] =
            items[k * rowSize + e].sextOrTrunc(out.getElementTypeBitWidth());
    }
  }
  if (!llvm::all_of(assigned, [](bool a) { return a; }))
    return {};
  SmallVector<int64_t> dims{rows};
  llvm::append_range(dims, *row);
  return DenseIntElementsAttr::get(
      RankedTensorType::get(dims, out.getElementType()), merged);
}

/// Folds tf.Shape and tf.DynamicStitch under `module`; whether any.
bool foldShapeOps(ModuleOp module) {
  SmallVector<std::pair<Operation *, ElementsAttr>> folded;
  module.walk([&](Operation *op) {
    ElementsAttr attr;
    if (isNamed(op, "tf.Shape"))
      attr = foldShape(op);
    else if (isNamed(op, "tf.DynamicStitch") ||
             isNamed(op, "tf.ParallelDynamicStitch"))
      attr = foldStitch(op);
    if (attr)
      folded.emplace_back(op, attr);
  });
  for (auto [op, attr] : folded) {
    replaceByConstant(op->getResult(0), attr);
    op->erase();
  }
  return !folded.empty();
}

/// What a list value may hold, as a lattice: no item yet (an
/// EmptyTensorList), or items of which something is known: that they are
/// all one constant, or, for vectors of integers, which entries are the
/// same constant in all of them (tf.Pack of constants and run-time scalars:
/// the bounds a slice's gradient keeps).
struct Items {
  bool none = true;
  ElementsAttr item;
  SmallVector<std::optional<int64_t>> entries;

  static Items any() { return {false, {}, {}}; }
  /// What pushing `value` puts on a list.
  static Items pushed(Value value) {
    Items items{false, constantOf(value), {}};
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || type.getRank() != 1 || type.isDynamicDim(0) ||
        !type.getElementType().isSignlessInteger())
      return items;
    Operation *def = value.getDefiningOp();
    if (std::optional<SmallVector<int64_t>> all = tf::constantInts(value))
      items.entries.assign(all->begin(), all->end());
    else if (isNamed(def, "tf.Pack") &&
             (int64_t)def->getNumOperands() == type.getDimSize(0))
      for (Value scalar : def->getOperands())
        items.entries.push_back(tf::constantScalar(scalar));
    return items;
  }
  /// Joins `other` in; whether this changed.
  bool join(const Items &other) {
    if (other.none)
      return false;
    if (none) {
      *this = other;
      return true;
    }
    ElementsAttr joinedItem = item == other.item ? item : ElementsAttr();
    SmallVector<std::optional<int64_t>> joinedEntries;
    if (entries.size() == other.entries.size())
      for (auto [a, b] : llvm::zip(entries, other.entries))
        joinedEntries.push_back(a == b ? a : std::nullopt);
    if (llvm::none_of(joinedEntries, [](auto e) { return e.has_value(); }))
      joinedEntries.clear();
    bool changed = joinedItem != item || joinedEntries != entries;
    item = joinedItem;
    entries = std::move(joinedEntries);
    return changed;
  }
};

/// Whether what the list `value` holds is only what flows into it along
/// the pushes, pops and carriers the analysis follows: a value made by
/// EmptyTensorList, a push, a pop or a carrier, or an argument of a block a
/// carrier enters. Any other list (Reserve, FromTensor, SetItem, a public
/// function's argument...) may hold anything.
bool isFollowed(Value value, const llvm::DenseSet<Operation *> &called) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto fn = dyn_cast<func::FuncOp>(parent))
      return fn.isPrivate() && called.contains(fn);
    return isNamed(parent, "tf.WhileRegion");
  }
  Operation *def = value.getDefiningOp();
  return isNamed(def, "tf.EmptyTensorList") ||
         isNamed(def, "tf.TensorListPushBack") ||
         isNamed(def, "tf.TensorListPopBack") || tfimport::isCarrier(def);
}

/// What every list value of `module` may hold: a fixpoint over the steps
/// that pass lists on (forEachCarriedPair) and the pushes and pops that
/// make a list of another.
DenseMap<Value, Items> listItems(ModuleOp module) {
  DenseMap<Value, Items> items;
  llvm::DenseSet<Operation *> called = tfimport::calledFunctions(module);
  auto seed = [&](Value value) {
    if (isVariant(value.getType()) && !isFollowed(value, called))
      items[value] = Items::any();
  };
  module.walk(
      [&](Block *block) { llvm::for_each(block->getArguments(), seed); });
  module.walk([&](Operation *op) { llvm::for_each(op->getResults(), seed); });
  // Each step: the items of `from` (and `pushed`, if any) flow into `to`.
  struct Step {
    Value from, to;
    Items pushed;
  };
  SmallVector<Step> steps;
  tfimport::forEachCarriedPair(module, [&](Value from, Value to) {
    if (isVariant(from.getType()) || isVariant(to.getType()))
      steps.push_back({from, to, {}});
  });
  module.walk([&](Operation *op) {
    if (isNamed(op, "tf.TensorListPushBack") && op->getNumOperands() == 2)
      steps.push_back({op->getOperand(0), op->getResult(0),
                       Items::pushed(op->getOperand(1))});
    else if (isNamed(op, "tf.TensorListPopBack") && op->getNumResults() == 2)
      steps.push_back({op->getOperand(0), op->getResult(0), {}});
  });
  for (bool changed = true; changed;) {
    changed = false;
    for (const Step &step : steps) {
      Items in = items.lookup(step.from);
      in.join(step.pushed);
      changed |= items[step.to].join(in);
    }
  }
  return items;
}

/// Replaces the uses of the vector `item` by a tf.Pack of its `entries`:
/// the constant ones as constants, the others read off `item` (x[k]).
void replaceByEntries(Value item, ArrayRef<std::optional<int64_t>> entries) {
  OpBuilder b(item.getContext());
  b.setInsertionPointAfterValue(item);
  Location loc = item.getLoc();
  auto type = cast<RankedTensorType>(item.getType());
  auto scalar = RankedTensorType::get({}, type.getElementType());
  auto index = [&](int64_t k) -> Value {
    return arith::ConstantOp::create(
        b, loc,
        DenseIntElementsAttr::get(RankedTensorType::get({1}, b.getI32Type()),
                                  {(int32_t)k}));
  };
  Value one = index(1);
  SmallVector<Value> scalars;
  llvm::SmallPtrSet<Operation *, 8> reads;
  for (auto [k, entry] : llvm::enumerate(entries)) {
    if (entry) {
      scalars.push_back(arith::ConstantOp::create(
          b, loc,
          DenseIntElementsAttr::get(
              scalar, APInt(type.getElementTypeBitWidth(), *entry, true))));
      continue;
    }
    Operation *read = tf::createTF(
        b, loc, "tf.StridedSlice", {item, index(k), index(k + 1), one}, scalar,
        {b.getNamedAttr("shrink_axis_mask", b.getI64IntegerAttr(1))});
    reads.insert(read);
    scalars.push_back(read->getResult(0));
  }
  Operation *pack =
      tf::createTF(b, loc, "tf.Pack", scalars, type,
                   {b.getNamedAttr("axis", b.getI64IntegerAttr(0))});
  item.replaceUsesWithIf(pack->getResult(0), [&](OpOperand &use) {
    return !reads.contains(use.getOwner());
  });
}

/// Folds the items popped or read from lists whose every push is one
/// constant, and the constant entries of vectors every push packs;
/// whether any.
bool foldPoppedItems(ModuleOp module) {
  DenseMap<Value, Items> items = listItems(module);
  bool folded = false;
  SmallVector<Operation *> reads;
  module.walk([&](Operation *op) {
    if ((isNamed(op, "tf.TensorListPopBack") && op->getNumOperands() == 2 &&
         op->getNumResults() == 2) ||
        (isNamed(op, "tf.TensorListGetItem") && op->getNumOperands() == 3 &&
         op->getNumResults() == 1))
      reads.push_back(op);
  });
  for (Operation *op : reads) {
    Value item = op->getResult(op->getNumResults() - 1);
    Items held = items.lookup(op->getOperand(0));
    auto type = dyn_cast<TensorType>(item.getType());
    if (held.none || !type)
      continue;
    if (held.item) {
      if (item.use_empty() ||
          !tensor::CastOp::areCastCompatible(held.item.getType(), type))
        continue;
      replaceByConstant(item, held.item);
      folded = true;
      continue;
    }
    // Entries known: unless the item is read only as they are already.
    auto vector = dyn_cast<RankedTensorType>(type);
    if (held.entries.empty() || !vector || vector.getRank() != 1 ||
        vector.getDimSize(0) != (int64_t)held.entries.size() ||
        llvm::all_of(item.getUsers(), [](Operation *user) {
          return isNamed(user, "tf.StridedSlice");
        }))
      continue;
    replaceByEntries(item, held.entries);
    folded = true;
  }
  return folded;
}

} // namespace

void mlir::ta::tfimport::foldConstantItems(ModuleOp module) {
  bool changed = false;
  for (bool folded = true; folded; changed |= folded) {
    folded = foldShapeOps(module);
    folded |= foldPoppedItems(module);
  }
  if (changed)
    tf::refineTypes(module);
}

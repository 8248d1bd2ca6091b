//===- TensorLists.cpp - TensorFlow 2's TensorLists into tensors ----------===//
//
// Inside a tf.function, TensorFlow 2 builds tf.TensorArray on TensorList
// ops: `tensor<!tf_type.variant<tensor<E>>>` values with value semantics
// (SetItem returns a new list; the old one is unchanged), no write-once or
// read-once rules, and zeros for elements never set. That is not ta's
// TensorArray (a resource whose slots are written once), so lists are not
// imported as ta arrays: a list becomes the tensor `[N] ++ E` it stands for
// (N dynamic where the length changes or is known only at run time), and
// its ops tensor ops, which have exactly those semantics (bufferization
// makes the updates in place where the old list is dead, as in loops;
// TensorListRewrites.cpp). The values a list flows through (loop-carried
// values, branch and call arguments, identities) are followed like handles.
//
// Taken: TensorListReserve, TensorListFromTensor, EmptyTensorList (its
// max_num_elements, a constant where it is made or passed on unchanged
// from one, checked by the pushes), TensorListScatterV2
// and TensorListSplit make lists; SetItem (also resizing), GetItem, Stack,
// Gather, ConcatV2, ScatterIntoExistingList, Length, ElementShape, PushBack,
// PopBack and Resize, with TensorFlow's run-time errors: every method of
// TF2's tf.TensorArray and of its gradients. A list made with an unknown or
// partial element shape (TensorFlow's default: it knows the shape when the
// first item is set) takes the shape its items have: every op that sets,
// pushes, scatters, reads, gathers, stacks or concatenates items refines it;
// where they leave a dim open, the list is diagnosed, except a ragged list
// (TensorArray.split into pieces of different lengths, then only read:
// TensorListsRagged.cpp). A list whose items
// are lists (a nested loop's accumulators in a gradient) is a NestedLists
// class (TensorListsOfLists.cpp): its items are one class, and it is a
// tensor of rows holding them.
//
//===----------------------------------------------------------------------===//

#include "RuntimeChecks.h"
#include "TFShapes.h"
#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isListOp;
using tf::isNamed;
using tf::isVariant;
using tfimport::ValueClasses;

namespace {

/// The element type in `tensor<!tf_type.variant<tensor<E>>>`, ranked or
/// not, if `type` is one.
TensorType listElementType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto opaque =
      tensor ? dyn_cast<OpaqueType>(tensor.getElementType()) : OpaqueType();
  if (!opaque || opaque.getDialectNamespace() != "tf_type" ||
      tensor.getRank() != 0)
    return {};
  StringRef data = opaque.getTypeData();
  if (!data.consume_front("variant<") || !data.consume_back(">"))
    return {};
  return dyn_cast_or_null<TensorType>(
      parseType(data.trim(), type.getContext()));
}

/// `known` refined with what `value` says of the same element: an unranked
/// `known` takes `value`'s shape, a ranked one its unknown dims; null where
/// the two disagree (rank, a dim, the element type).
TensorType refineElement(TensorType known, TensorType value) {
  if (!value || !value.hasRank())
    return known;
  if (value.getElementType() != known.getElementType())
    return {};
  if (!known.hasRank())
    return value;
  if (known.getRank() != value.getRank())
    return {};
  SmallVector<int64_t> dims(known.getShape());
  for (auto [dim, seen] : llvm::zip(dims, value.getShape())) {
    if (ShapedType::isDynamic(dim))
      dim = seen;
    else if (!ShapedType::isDynamic(seen) && seen != dim)
      return {};
  }
  return RankedTensorType::get(dims, known.getElementType());
}

/// The element type a list op says its list has, beyond the list's own
/// type: the item set or pushed, the item read, the rows stacked or made a
/// list of; null where it says nothing.
TensorType elementSeenBy(Operation *op) {
  auto shapeOf = [](Value v) { return dyn_cast<TensorType>(v.getType()); };
  auto rows = [](TensorType t) -> TensorType {
    auto ranked = dyn_cast_or_null<RankedTensorType>(t);
    if (!ranked || ranked.getRank() < 1)
      return {};
    return RankedTensorType::get(ranked.getShape().drop_front(),
                                 ranked.getElementType());
  };
  if (isNamed(op, "tf.TensorListSetItem"))
    return shapeOf(op->getOperand(2));
  if (isNamed(op, "tf.TensorListPushBack"))
    return shapeOf(op->getOperand(1));
  if (isNamed(op, "tf.TensorListGetItem"))
    return shapeOf(op->getResult(0));
  if (isNamed(op, "tf.TensorListPopBack"))
    return shapeOf(op->getResult(1));
  if (isNamed(op, "tf.TensorListStack") || isNamed(op, "tf.TensorListGather"))
    return rows(shapeOf(op->getResult(0)));
  if (isNamed(op, "tf.TensorListFromTensor") ||
      isNamed(op, "tf.TensorListScatterV2"))
    return rows(shapeOf(op->getOperand(0)));
  if (isNamed(op, "tf.TensorListScatterIntoExistingList"))
    return rows(shapeOf(op->getOperand(1)));
  // A concatenation and a split know an element's trailing dims; a split
  // into constant, equal lengths its rows too.
  Value pieces = isNamed(op, "tf.TensorListConcatV2") ? op->getResult(0)
                 : isNamed(op, "tf.TensorListSplit")  ? op->getOperand(0)
                                                      : Value();
  auto whole = pieces ? dyn_cast<RankedTensorType>(pieces.getType())
                      : RankedTensorType();
  if (!whole || whole.getRank() < 1)
    return {};
  SmallVector<int64_t> dims(whole.getShape());
  dims[0] = ShapedType::kDynamic;
  if (isNamed(op, "tf.TensorListSplit"))
    if (std::optional<SmallVector<int64_t>> lengths =
            tf::constantInts(op->getOperand(2));
        lengths && !lengths->empty() && llvm::all_equal(*lengths) &&
        lengths->front() >= 0)
      dims[0] = lengths->front();
  return RankedTensorType::get(dims, whole.getElementType());
}

/// What `op` does with the items elementSeenBy reads off it.
StringRef itemVerb(Operation *op) {
  if (isNamed(op, "tf.TensorListSetItem"))
    return "sets an item";
  if (isNamed(op, "tf.TensorListPushBack"))
    return "pushes an item";
  if (isNamed(op, "tf.TensorListGetItem"))
    return "reads an item";
  if (isNamed(op, "tf.TensorListPopBack"))
    return "pops an item";
  if (isNamed(op, "tf.TensorListStack"))
    return "stacks items";
  if (isNamed(op, "tf.TensorListGather"))
    return "gathers items";
  if (isNamed(op, "tf.TensorListConcatV2"))
    return "concatenates items";
  if (isNamed(op, "tf.TensorListSplit"))
    return "splits into items";
  if (isNamed(op, "tf.TensorListFromTensor"))
    return "makes a list of rows";
  return "scatters items";
}

/// The length a list-making op gives its list (kDynamic if only known at
/// run time), or nullopt if the op makes no list.
std::optional<int64_t> madeLength(Operation *op) {
  if (isNamed(op, "tf.TensorListReserve")) {
    // A negative count fails at run time, as in TensorFlow (the op may sit
    // in a branch never taken).
    std::optional<int64_t> n = tf::constantScalar(op->getOperand(1));
    return n && *n >= 0 ? *n : ShapedType::kDynamic;
  }
  if (isNamed(op, "tf.TensorListFromTensor")) {
    return cast<RankedTensorType>(op->getOperand(0).getType())
        .getDimSize(0); // ranked, rank >= 1: checkListOp
  }
  if (isNamed(op, "tf.EmptyTensorList"))
    return 0;
  if (isNamed(op, "tf.TensorListScatterV2"))
    return ShapedType::kDynamic; // max(num_elements, the highest index + 1)
  if (isNamed(op, "tf.TensorListSplit")) // one element per length
    return cast<RankedTensorType>(op->getOperand(2).getType()).getDimSize(0);
  return std::nullopt;
}

/// The capacity a list-making op gives its list: max_num_elements of an
/// EmptyTensorList (negative: unbounded, -1), else -1.
int64_t madeCapacity(Operation *op, const tfimport::CarriedConstants &known) {
  if (!isNamed(op, "tf.EmptyTensorList"))
    return -1;
  return std::max<int64_t>(*known.scalar(op->getOperand(1)), -1);
}

/// Whether `op` makes, from its list operand, a list of another length.
bool changesLength(Operation *op) {
  if (isNamed(op, "tf.TensorListSetItem")) {
    auto resize = op->getAttrOfType<BoolAttr>("resize_if_index_out_of_bounds");
    return resize && resize.getValue();
  }
  return isNamed(op, "tf.TensorListPushBack") ||
         isNamed(op, "tf.TensorListPopBack") ||
         isNamed(op, "tf.TensorListResize") ||
         isNamed(op, "tf.TensorListScatterIntoExistingList");
}

/// Whether `op` makes its result 0 from its list operand 0 (one class).
bool updatesList(Operation *op) {
  return isNamed(op, "tf.TensorListSetItem") ||
         isNamed(op, "tf.TensorListPushBack") ||
         isNamed(op, "tf.TensorListPopBack") ||
         isNamed(op, "tf.TensorListResize") ||
         isNamed(op, "tf.TensorListScatterIntoExistingList");
}

/// The operand and result counts of the list ops ta-import-tf takes, the
/// operand it reads as a scalar integer (-1: none), the one it reads as a
/// vector of integers (indices, lengths; -1: none) and the tensor operand it
/// takes rows of (-1: none).
struct ListOpArity {
  StringLiteral name;
  unsigned operands;
  unsigned results;
  int scalarOperand;
  int vectorOperand = -1;
  int rowsOperand = -1;
};
constexpr ListOpArity kTaken[] = {
    {"tf.TensorListReserve", 2, 1, 1},
    {"tf.TensorListFromTensor", 2, 1, -1, -1, 0},
    {"tf.EmptyTensorList", 2, 1, 1},
    {"tf.TensorListScatterV2", 4, 1, 3, 1, 0},
    {"tf.TensorListSplit", 3, 1, -1, 2, 0},
    {"tf.TensorListSetItem", 3, 1, 1},
    {"tf.TensorListGetItem", 3, 1, 1},
    {"tf.TensorListStack", 2, 1, -1},
    {"tf.TensorListGather", 3, 1, -1, 1},
    {"tf.TensorListConcatV2", 3, 2, -1},
    {"tf.TensorListScatterIntoExistingList", 3, 1, -1, 2, 1},
    {"tf.TensorListLength", 1, 1, -1},
    {"tf.TensorListElementShape", 1, 1, -1},
    {"tf.TensorListPushBack", 2, 1, -1},
    {"tf.TensorListPopBack", 2, 2, -1},
    {"tf.TensorListResize", 2, 1, 1}};

/// Diagnoses a list op ta-import-tf does not take, or one whose operand
/// and result counts are not TensorFlow's.
LogicalResult checkListOp(Operation *op,
                          const tfimport::CarriedConstants &known) {
  const auto *it = llvm::find_if(kTaken, [&](const ListOpArity &a) {
    return a.name == op->getName().getStringRef();
  });
  if (it == std::end(kTaken))
    return op->emitOpError(
        "is not imported: ta-import-tf imports TensorListReserve, "
        "TensorListFromTensor, EmptyTensorList, TensorListScatterV2, "
        "TensorListSplit, SetItem, GetItem, Stack, Gather, ConcatV2, "
        "ScatterIntoExistingList, Length, ElementShape, PushBack, PopBack "
        "and Resize");
  auto count = [](unsigned n, StringRef what) {
    return std::to_string(n) + " " + what.str() + (n == 1 ? "" : "s");
  };
  if (op->getNumOperands() != it->operands ||
      op->getNumResults() != it->results)
    return op->emitOpError("needs ")
           << count(it->operands, "operand") << " and "
           << count(it->results, "result") << ", as TensorFlow defines it";
  // Every op but those that make a list takes one as operand 0.
  bool makes = isNamed(op, "tf.TensorListReserve") ||
               isNamed(op, "tf.TensorListFromTensor") ||
               isNamed(op, "tf.EmptyTensorList") ||
               isNamed(op, "tf.TensorListScatterV2") ||
               isNamed(op, "tf.TensorListSplit");
  if (!makes && !isVariant(op->getOperand(0).getType()))
    return op->emitOpError("needs a TensorList as operand #0, not ")
           << op->getOperand(0).getType();
  if (it->rowsOperand >= 0) {
    // Unranked where TensorFlow typed it from a list's items (a gradient's
    // split of a concatenation): it takes the list's rows (rankRows).
    // (A public function's argument is never refined: diagnosed.)
    Value rows = op->getOperand(it->rowsOperand);
    Type type = rows.getType();
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!isa<TensorType>(type) || (tensor && tensor.getRank() < 1) ||
        (!tensor && tf::isPublicArgument(rows)))
      return op->emitOpError("needs a tensor of rank >= 1 as operand #")
             << it->rowsOperand << " to take items of its rows, not " << type;
  }
  if (it->vectorOperand >= 0) {
    Type type = op->getOperand(it->vectorOperand).getType();
    auto vector = dyn_cast<RankedTensorType>(type);
    if (!vector || vector.getRank() != 1 ||
        !vector.getElementType().isSignlessInteger() ||
        vector.getElementType().isInteger(1))
      return op->emitOpError("needs a 1-D integer tensor as operand #")
             << it->vectorOperand << ", not " << type;
  }
  if (it->scalarOperand >= 0) {
    Value value = op->getOperand(it->scalarOperand);
    auto scalar = dyn_cast<TensorType>(value.getType());
    if (!scalar || !scalar.getElementType().isSignlessInteger() ||
        !tensor::CastOp::areCastCompatible(
            scalar, RankedTensorType::get({}, scalar.getElementType())))
      return op->emitOpError("needs a scalar integer tensor as operand #")
             << it->scalarOperand << ", not " << value.getType();
  }
  if (isNamed(op, "tf.EmptyTensorList") && !known.scalar(op->getOperand(1)))
    return op->emitOpError("needs a constant max_num_elements (made where "
                           "it is, or passed to it unchanged)");
  return success();
}

/// The tensor operand `op` takes rows of, if it is unranked (TensorFlow
/// typed it from a list's items), cast to the rows of its list, of type
/// `list` (`[N] ++ element`; a ragged list's items `ragged`): the retyping
/// of the values after the lists are tensors makes its type known, or
/// shows it to be another.
void rankRows(Operation *op, RankedTensorType list, RankedTensorType ragged) {
  const auto *it = llvm::find_if(kTaken, [&](const ListOpArity &a) {
    return a.name == op->getName().getStringRef();
  });
  if (it == std::end(kTaken) || it->rowsOperand < 0 ||
      !isa<UnrankedTensorType>(op->getOperand(it->rowsOperand).getType()))
    return;
  SmallVector<int64_t> dims{ShapedType::kDynamic};
  Type element;
  if (ragged) {
    llvm::append_range(dims, ragged.getShape().drop_front());
    element = ragged.getElementType();
  } else {
    // A split's rows are the rows of the elements; the others' the elements.
    ArrayRef<int64_t> shape = list.getShape().drop_front();
    if (isNamed(op, "tf.TensorListSplit"))
      shape = shape.drop_front();
    llvm::append_range(dims, shape);
    element = list.getElementType();
  }
  OpBuilder b(op);
  OpOperand &rows = op->getOpOperand(it->rowsOperand);
  rows.set(tf::castTo(b, op->getLoc(), rows.get(),
                      RankedTensorType::get(dims, element)));
}

} // namespace

bool mlir::ta::tfimport::makesList(Operation *op) {
  return madeLength(op).has_value();
}

TensorType mlir::ta::tfimport::madeListElement(Operation *op) {
  return makesList(op) ? listElementType(op->getResult(0).getType())
                       : TensorType();
}

void mlir::ta::tfimport::splitListCreations(
    ModuleOp module, function_ref<bool(Operation *)> filter) {
  module.walk([&](Operation *op) {
    if ((!isNamed(op, "tf.EmptyTensorList") &&
         !isNamed(op, "tf.TensorListReserve")) ||
        !filter(op))
      return;
    SmallVector<OpOperand *> uses = llvm::to_vector(llvm::map_range(
        op->getResult(0).getUses(), [](OpOperand &use) { return &use; }));
    for (OpOperand *use : llvm::drop_begin(uses)) {
      OpBuilder b(op);
      use->set(b.clone(*op)->getResult(0));
    }
  });
}

LogicalResult mlir::ta::tfimport::decomposeTensorLists(ModuleOp module) {
  // TensorFlow starts the accumulators of lists of one element shape from
  // one list; those of lists of lists (of any lists) are lists apart.
  splitListCreations(module, [](Operation *op) {
    TensorType element = madeListElement(op);
    return element && isVariant(element);
  });
  SmallVector<Operation *> listOps;
  module.walk([&](Operation *op) {
    if (isListOp(op))
      listOps.push_back(op);
  });
  if (listOps.empty())
    return success();
  // max_num_elements, a constant where it is made or where it comes from
  // (a loop's maximum_iterations passed to a gradient's function).
  tfimport::CarriedConstants known(module);
  // Ops on lists whose length changes first: they explain the rest.
  bool taken = true;
  for (Operation *op : listOps)
    if (failed(checkListOp(op, known)))
      taken = false;
  if (!taken)
    return failure();
  ValueClasses classes;
  joinCarriers(module, classes);
  // A list and the list an update makes of it are one class (one type).
  for (Operation *op : listOps)
    if (updatesList(op))
      classes.join(op->getOperand(0), op->getResult(0));
  // Arithmetic on whole lists, as TensorFlow's gradients do it (ZerosLike of
  // a list: a list of its length of zeros; AddN of lists: the lists added
  // item by item, an item never set counting as zeros, as TensorListBinaryAdd
  // does): the lists are one class, and the ops, on the tensors they become,
  // are ta-legalize-tf's.
  SmallVector<Operation *> wholeListOps;
  module.walk([&](Operation *op) {
    if (!isNamed(op, "tf.ZerosLike") && !isNamed(op, "tf.AddN"))
      return;
    if (op->getNumResults() != 1 || !isVariant(op->getResult(0).getType()))
      return;
    wholeListOps.push_back(op);
    for (Value operand : op->getOperands())
      classes.join(operand, op->getResult(0));
    if (isNamed(op, "tf.AddN"))
      op->setAttr(tf::kListAddAttr, UnitAttr::get(op->getContext()));
  });
  // Lists of lists (a nested loop's accumulators): their items one class.
  NestedLists nested;
  if (failed(nested.join(listOps, wholeListOps, classes)))
    return failure();
  auto onNested = [&](Operation *op) {
    return nested.contains(
        classes.find(madeLength(op) ? op->getResult(0) : op->getOperand(0)));
  };

  // Each class's element type: what the ops that make the list say
  // (TensorFlow's default element_shape, unknown, or a partial one leaves
  // it open), refined by what every op on the list sets, pushes, reads or
  // stacks, as TensorFlow's shape inference refines it.
  DenseMap<Value, TensorType> elementOf;
  bool ok = true;
  for (Operation *op : listOps) {
    if (!madeLength(op) || onNested(op))
      continue;
    TensorType element = listElementType(op->getResult(0).getType());
    if (!element) {
      op->emitOpError("makes a list of unknown element type ")
          << op->getResult(0).getType();
      ok = false;
      continue;
    }
    Value root = classes.find(op->getResult(0));
    auto [it, inserted] = elementOf.try_emplace(root, element);
    if (!inserted) {
      TensorType refined = refineElement(it->second, element);
      if (!refined) {
        op->emitOpError("makes a list of ")
            << element << " elements where a list of " << it->second
            << " elements flows into the same values";
        ok = false;
        continue;
      }
      it->second = refined;
    }
  }
  // What ElementShape gives: the shape the list was made with.
  DenseMap<Value, TensorType> madeElementOf = elementOf;
  for (Operation *op : listOps) {
    if (onNested(op))
      continue;
    TensorType seen = elementSeenBy(op);
    Value list = madeLength(op) ? op->getResult(0) : op->getOperand(0);
    auto it = elementOf.find(classes.find(list));
    if (!seen || it == elementOf.end())
      continue;
    // A concatenation of scalars fails when it runs, as in TensorFlow.
    if (isNamed(op, "tf.TensorListConcatV2") && it->second.hasRank() &&
        it->second.getRank() == 0)
      continue;
    TensorType refined = refineElement(it->second, seen);
    if (!refined) {
      op->emitOpError() << itemVerb(op) << " of type " << seen
                        << " where the list's elements are " << it->second;
      ok = false;
      continue;
    }
    it->second = refined;
  }

  // Ragged lists (items of different lengths, made by a split and only
  // read): rows of i64s (TensorListsRagged.cpp).
  DenseMap<Value, SmallVector<Operation *>> opsOf;
  for (Operation *op : listOps)
    opsOf[classes.find(madeLength(op) ? op->getResult(0) : op->getOperand(0))]
        .push_back(op);
  for (Operation *op : wholeListOps)
    opsOf[classes.find(op->getResult(0))].push_back(op);
  DenseMap<Value, RankedTensorType> raggedOf;
  for (auto &[root, element] : elementOf)
    if (RankedTensorType ragged =
            tfimport::raggedListElement(element, opsOf.lookup(root)))
      raggedOf[root] = ragged;

  // Lists whose items' shape stays open may be written with values read
  // from other lists (a ragged list's items summed into a list of sums):
  // the other lists are decomposed first, types refined, and these lists
  // decomposed in another round (lists of lists wait with them). Where no
  // list is decided, they are diagnosed below.
  auto isOpen = [&](Value root) {
    auto it = elementOf.find(root);
    auto element = it == elementOf.end()
                       ? RankedTensorType()
                       : dyn_cast<RankedTensorType>(it->second);
    return it != elementOf.end() && !raggedOf.count(root) &&
           (!element || !element.hasStaticShape());
  };
  bool anyOpen = false, anyDecided = false;
  for (auto &[root, element] : elementOf)
    (isOpen(root) ? anyOpen : anyDecided) = true;
  bool again = anyOpen && anyDecided;
  auto waits = [&](Value list) {
    Value root = classes.find(list);
    return again && (isOpen(root) || nested.contains(root));
  };
  if (again) {
    llvm::erase_if(listOps, [&](Operation *op) {
      return waits(madeLength(op) ? op->getResult(0) : op->getOperand(0));
    });
    llvm::erase_if(wholeListOps,
                   [&](Operation *op) { return waits(op->getResult(0)); });
  }

  // Each class's type: [N] ++ element, N from the ops that make the list
  // (kDynamic where they disagree or know it only at run time).
  DenseMap<Value, RankedTensorType> typeOf;
  for (auto &[root, element] : raggedOf)
    typeOf[root] = tfimport::raggedListType(element);
  for (Operation *op : listOps) {
    std::optional<int64_t> length = madeLength(op);
    if (!length || onNested(op) ||
        raggedOf.count(classes.find(op->getResult(0))))
      continue;
    auto elementIt = elementOf.find(classes.find(op->getResult(0)));
    if (elementIt == elementOf.end())
      continue; // diagnosed above
    auto element = dyn_cast<RankedTensorType>(elementIt->second);
    if (!element || !element.hasStaticShape()) {
      op->emitOpError("makes a list whose element shape is ")
          << elementIt->second
          << " after every op on its items: ta-import-tf "
             "imports lists whose items fix one static element shape";
      ok = false;
      continue;
    }
    if (!element.getElementType().isIntOrFloat()) {
      op->emitOpError("makes a list of ")
          << element.getElementType()
          << " elements; ta-import-tf imports lists of integer and "
             "floating-point elements";
      ok = false;
      continue;
    }
    SmallVector<int64_t> dims{*length};
    llvm::append_range(dims, element.getShape());
    auto type = RankedTensorType::get(dims, element.getElementType());
    auto [it, inserted] =
        typeOf.try_emplace(classes.find(op->getResult(0)), type);
    if (!inserted && it->second != type) {
      if (it->second.getShape().drop_front() != type.getShape().drop_front() ||
          it->second.getElementType() != type.getElementType()) {
        op->emitOpError("makes a list of ")
            << type << " where a list of " << it->second
            << " flows into the same values";
        ok = false;
        continue;
      }
      dims[0] = ShapedType::kDynamic;
      it->second = RankedTensorType::get(dims, element.getElementType());
    }
  }
  // Each class's capacity (the pushes check it), from the ops that make it.
  DenseMap<Value, int64_t> capacityOf;
  for (Operation *op : listOps) {
    if (!madeLength(op))
      continue;
    int64_t capacity = madeCapacity(op, known);
    auto [it, inserted] =
        capacityOf.try_emplace(classes.find(op->getResult(0)), capacity);
    if (!inserted && it->second != capacity) {
      op->emitOpError("makes a list of max_num_elements ")
          << capacity << " where a list of max_num_elements " << it->second
          << " flows into the same values";
      ok = false;
    }
  }
  if (!ok)
    return failure();
  SmallVector<int64_t> capacities;
  for (Operation *op : listOps) {
    auto it = isNamed(op, "tf.TensorListPushBack")
                  ? capacityOf.find(classes.find(op->getOperand(0)))
                  : capacityOf.end();
    capacities.push_back(it == capacityOf.end() ? -1 : it->second);
  }
  // Each op's list's element shape as made (before the lists are retyped).
  SmallVector<TensorType> madeElements;
  for (Operation *op : listOps) {
    Value list = op->getNumOperands() && isVariant(op->getOperand(0).getType())
                     ? op->getOperand(0)
                     : op->getResult(0);
    madeElements.push_back(madeElementOf.lookup(classes.find(list)));
  }
  // Lists whose length changes have a length known at run time only.
  for (Operation *op : listOps)
    if (changesLength(op))
      if (auto it = typeOf.find(classes.find(op->getResult(0)));
          it != typeOf.end() && !it->second.isDynamicDim(0)) {
        SmallVector<int64_t> dims(it->second.getShape());
        dims[0] = ShapedType::kDynamic;
        it->second = RankedTensorType::get(dims, it->second.getElementType());
      }
  // Lists of lists: rows of their items' elements.
  if (!again &&
      failed(nested.assignTypes(classes, typeOf, module.getContext())))
    return failure();

  // Retype every list value, then the signatures of private functions.
  SmallVector<Value> values;
  module.walk(
      [&](Block *block) { llvm::append_range(values, block->getArguments()); });
  module.walk(
      [&](Operation *op) { llvm::append_range(values, op->getResults()); });
  for (Value value : values) {
    if (!isVariant(value.getType()))
      continue;
    auto it = typeOf.find(classes.find(value));
    if (it == typeOf.end() && waits(value))
      continue; // its round is the next
    if (it == typeOf.end()) {
      Operation *where = value.getDefiningOp();
      (where ? where->emitOpError() : emitError(value.getLoc()))
          << "carries a TensorList that no TensorListReserve, "
             "TensorListFromTensor or EmptyTensorList in the module makes";
      ok = false;
      continue;
    }
    value.setType(it->second);
  }
  if (!ok)
    return failure();
  module.walk([](func::FuncOp fn) { tf::refreshSignature(fn); });

  SmallVector<bool> nestedOps = llvm::to_vector(llvm::map_range(
      listOps, [&](Operation *op) { return onNested(op) && !madeLength(op); }));
  SmallVector<RankedTensorType> raggedOps =
      llvm::to_vector(llvm::map_range(listOps, [&](Operation *op) {
        return raggedOf.lookup(classes.find(
            madeLength(op) ? op->getResult(0) : op->getOperand(0)));
      }));
  for (auto [op, capacity, made, isNested, ragged] :
       llvm::zip(listOps, capacities, madeElements, nestedOps, raggedOps)) {
    if (!isNested)
      rankRows(
          op,
          cast<RankedTensorType>(
              (makesList(op) ? op->getResult(0) : op->getOperand(0)).getType()),
          ragged);
    LogicalResult done = ragged     ? rewriteRaggedListOp(op, ragged, made)
                         : isNested ? rewriteNestedListOp(op, capacity)
                                    : rewriteListOp(op, capacity, made);
    if (failed(done))
      ok = false;
  }
  if (!ok)
    return failure();
  if (again) {
    tf::refineTypes(module);
    return decomposeTensorLists(module);
  }
  return success();
}

//===- TensorListsOfLists.cpp - lists whose items are lists ---------------===//
//
// TensorFlow's gradient of a loop nested in a loop keeps the inner loop's
// accumulators (lists of its intermediates, one item per inner iteration)
// on accumulators of the outer loop: lists whose items are lists
// (`tensor<!tf_type.variant<tensor<!tf_type.variant>>>`), made by
// EmptyTensorList, pushed once per outer iteration and popped by the outer
// gradient loop, whose inner gradient loop pops the list it got. An inner
// list's length is its loop's trip count, so the items of one list of lists
// differ in length: they are no rectangular tensor.
//
// A list of lists is one tensor of i64 rows, a stack of records: each list
// pushed is its items as rows (an item's elements flattened, each widened
// to i64, floats by their bits), then a trailer row [its length, the list of
// lists' length after the push, 0...]. A push appends a record, a pop reads
// the last trailer and takes its record off, Length reads the last trailer:
// TensorList's semantics and TensorFlow's errors (a pop from an empty list,
// a push past max_num_elements), and one value to carry through the
// program's loops, branches and calls, as every list is. The items of one
// list of lists are one class, of one list type; a list of lists of lists
// nests the same way (its items' rows are i64 already).
//
// TensorFlow makes lists of lists in gradients only, with EmptyTensorList,
// PushBack, PopBack (and Length); any other op on one is diagnosed.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TensorListRewriter.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;
using tf::isVariant;
using tfimport::NestedLists;
using tfimport::RowsRewriter;

namespace {

/// The list operand of `op` and the list it puts in or takes out, if `op`
/// moves a list item that is itself a list.
std::optional<std::pair<Value, Value>> listItem(Operation *op) {
  if (isNamed(op, "tf.TensorListPushBack") &&
      isVariant(op->getOperand(1).getType()))
    return std::make_pair(op->getOperand(0), op->getOperand(1));
  if (isNamed(op, "tf.TensorListPopBack") &&
      isVariant(op->getResult(1).getType()))
    return std::make_pair(op->getOperand(0), op->getResult(1));
  if (isNamed(op, "tf.TensorListSetItem") &&
      isVariant(op->getOperand(2).getType()))
    return std::make_pair(op->getOperand(0), op->getOperand(2));
  if (isNamed(op, "tf.TensorListGetItem") &&
      isVariant(op->getResult(0).getType()))
    return std::make_pair(op->getOperand(0), op->getResult(0));
  return std::nullopt;
}

/// The lanes of a row of a list of lists whose items are lists of `item`:
/// an element's values, and at least the trailer's two.
int64_t rowLanes(RankedTensorType item) {
  return std::max<int64_t>(2, item.getNumElements());
}

RankedTensorType i64Type(OpBuilder &b, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, b.getI64Type());
}

} // namespace

LogicalResult NestedLists::join(ArrayRef<Operation *> listOps,
                                ArrayRef<Operation *> wholeListOps,
                                ValueClasses &classes) {
  SmallVector<std::pair<Value, Value>> items;
  for (Operation *op : listOps)
    if (std::optional<std::pair<Value, Value>> item = listItem(op))
      items.push_back(*item);
  // The items of one list are one class (joining them may join lists
  // whose items are lists in turn: until nothing changes).
  for (bool changed = true; changed;) {
    changed = false;
    DenseMap<Value, Value> first;
    for (auto [list, item] : items) {
      auto [it, fresh] = first.try_emplace(classes.find(list), item);
      if (!fresh && classes.find(it->second) != classes.find(item)) {
        classes.join(it->second, item);
        changed = true;
      }
    }
  }
  for (auto [list, item] : items)
    itemOf.try_emplace(classes.find(list), item);
  for (Operation *op : listOps) {
    if (!tfimport::makesList(op))
      continue;
    TensorType element = tfimport::madeListElement(op);
    if (element && isVariant(element))
      itemOf.try_emplace(classes.find(op->getResult(0)), Value());
  }

  bool ok = true;
  for (Operation *op : listOps) {
    Value list = tfimport::makesList(op) ? op->getResult(0) : op->getOperand(0);
    if (!contains(classes.find(list)))
      continue;
    if (isNamed(op, "tf.EmptyTensorList")) {
      TensorType element = tfimport::madeListElement(op);
      if (element && !isVariant(element)) {
        op->emitOpError("makes a list of ")
            << element << " elements where a list of lists flows into the "
            << "same values";
        ok = false;
      }
      continue;
    }
    if (isNamed(op, "tf.TensorListLength") ||
        ((isNamed(op, "tf.TensorListPushBack") ||
          isNamed(op, "tf.TensorListPopBack")) &&
         listItem(op)))
      continue;
    op->emitOpError("takes a list of lists: ta-import-tf takes those as "
                    "TensorFlow's gradients of nested loops make them, with "
                    "EmptyTensorList, TensorListPushBack, TensorListPopBack "
                    "and TensorListLength");
    ok = false;
  }
  for (Operation *op : wholeListOps)
    if (contains(classes.find(op->getResult(0)))) {
      op->emitOpError("adds or zeros lists of lists: ta-import-tf takes "
                      "arithmetic on lists of tensors only");
      ok = false;
    }
  // Keyed by the final roots.
  DenseMap<Value, Value> rooted;
  for (auto [root, item] : itemOf)
    rooted.try_emplace(classes.find(root), item);
  itemOf = std::move(rooted);
  for (Operation *op : listOps) {
    Value root = classes.find(tfimport::makesList(op) ? op->getResult(0)
                                                      : op->getOperand(0));
    if (contains(root))
      firstOpOf.try_emplace(root, op);
  }
  return success(ok);
}

LogicalResult
NestedLists::assignTypes(ValueClasses &classes,
                         DenseMap<Value, RankedTensorType> &typeOf,
                         MLIRContext *ctx) {
  auto rowsOf = [&](int64_t lanes) {
    return RankedTensorType::get({ShapedType::kDynamic, lanes},
                                 IntegerType::get(ctx, 64));
  };
  // An item's type is known once its class is typed; a list of lists of
  // lists waits for its items' type.
  for (bool progress = true; progress;) {
    progress = false;
    for (auto [root, item] : itemOf) {
      if (typeOf.count(root))
        continue;
      if (!item) { // never pushed nor popped: rows of the trailer only
        typeOf[root] = rowsOf(2);
        progress = true;
        continue;
      }
      auto it = typeOf.find(classes.find(item));
      if (it == typeOf.end())
        continue;
      RankedTensorType itemType = it->second;
      Type element = itemType.getElementType();
      if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() > 64)
        return firstOpOf.lookup(root)->emitOpError(
                   "takes a list of lists holding lists of ")
               << element
               << " items; ta-import-tf keeps items of up to 64 bits in "
                  "lists of lists";
      typeOf[root] = rowsOf(rowLanes(
          RankedTensorType::get(itemType.getShape().drop_front(), element)));
      progress = true;
    }
  }
  for (auto [root, item] : itemOf)
    if (!typeOf.count(root))
      return firstOpOf.lookup(root)->emitOpError(
          "takes a list of lists holding lists that no TensorListReserve, "
          "TensorListFromTensor or EmptyTensorList in the module makes");
  return success();
}

namespace {

/// The ops of one list op on a list of lists.
struct NestedRewriter : RowsRewriter {
  /// The lists on `rows` (the last trailer's second lane; 0 if none).
  Value count(Value rows) {
    Value n = length(rows);
    auto ifOp =
        scf::IfOp::create(b, loc, TypeRange{b.getIndexType()},
                          cmp(arith::CmpIPredicate::sgt, n, index(0)), true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value last = arith::SubIOp::create(b, loc, n, index(1));
    scf::YieldOp::create(b, loc, lane(rows, last, 1));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, index(0));
    return ifOp.getResult(0);
  }

  LogicalResult rewrite() {
    SmallVector<Value> results;
    Value rows = op->getOperand(0);
    RankedTensorType rowsType = typeOf(rows);
    int64_t lanes = rowsType.getDimSize(1);
    if (isNamed(op, "tf.TensorListLength")) {
      results.push_back(lengthResult(count(rows)));
    } else if (isNamed(op, "tf.TensorListPushBack")) {
      Value n = count(rows);
      if (capacity >= 0)
        check(cmp(arith::CmpIPredicate::slt, n, index(capacity)),
              TA_ERR_LIST_FULL, n, index(capacity));
      Value list = op->getOperand(1);
      Value m = length(list);
      SmallVector<Value> trailer{
          asI64(m), asI64(arith::AddIOp::create(b, loc, n, index(1)))};
      Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
      trailer.resize(lanes, zero);
      Value trailerRow = tensor::FromElementsOp::create(
          b, loc, i64Type(b, {1, lanes}), trailer);
      Value r = length(rows);
      Value end = arith::AddIOp::create(b, loc, r, m);
      Value total = arith::AddIOp::create(b, loc, end, index(1));
      Value grown = tensor::EmptyOp::create(b, loc, rowsType.getShape(),
                                            b.getI64Type(), ValueRange{total});
      grown = insertRows(rows, grown, index(0));
      grown = insertRows(encode(list, lanes), grown, r);
      results.push_back(insertRows(trailerRow, grown, end));
    } else { // tf.TensorListPopBack
      Value n = count(rows);
      Value ok = cmp(arith::CmpIPredicate::sgt, n, index(0));
      check(ok, TA_ERR_LIST_POP_EMPTY, n, n);
      RankedTensorType itemType = typeOf(op->getResult(1));
      auto ifOp = scf::IfOp::create(b, loc, TypeRange{rowsType, itemType}, ok,
                                    /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        Value last = arith::SubIOp::create(b, loc, length(rows), index(1));
        Value m = lane(rows, last, 0);
        Value start = arith::SubIOp::create(b, loc, last, m);
        SmallVector<OpFoldResult> offsets, sizes, strides;
        slice(rowsType, start, m, offsets, sizes, strides);
        Value record = tensor::ExtractSliceOp::create(b, loc, rows, offsets,
                                                      sizes, strides);
        scf::YieldOp::create(b, loc,
                             ValueRange{castTo(prefix(rows, start), rowsType),
                                        decode(record, m, itemType)});
        b.setInsertionPointToStart(ifOp.elseBlock());
        scf::YieldOp::create(b, loc,
                             ValueRange{rows, zeros(itemType, index(0))});
      }
      results.push_back(ifOp.getResult(0));
      results.push_back(ifOp.getResult(1));
    }
    return replaceOp(results);
  }
};

} // namespace

Value RowsRewriter::lane(Value rows, Value row, int64_t k) {
  Value v = tensor::ExtractOp::create(b, loc, rows, ValueRange{row, index(k)});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

Value RowsRewriter::asI64(Value i) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), i);
}

Value RowsRewriter::encode(Value list, int64_t lanes) {
  RankedTensorType type = typeOf(list);
  int64_t k = elementOf(type).getNumElements();
  Type element = type.getElementType();
  unsigned width = element.getIntOrFloatBitWidth();
  auto flatOf = [&](Type t) {
    return RankedTensorType::get({type.getDimSize(0), k}, t);
  };
  Value flat = list;
  if (type.getRank() == 1)
    flat =
        tensor::ExpandShapeOp::create(b, loc, flatOf(element), list, {{0, 1}});
  else if (type.getRank() > 2)
    flat = tensor::CollapseShapeOp::create(
        b, loc, flatOf(element), list,
        SmallVector<ReassociationIndices>{
            {0}, llvm::to_vector(llvm::seq<int64_t>(1, type.getRank()))});
  if (isa<FloatType>(element))
    flat =
        arith::BitcastOp::create(b, loc, flatOf(b.getIntegerType(width)), flat);
  if (width < 64)
    flat = arith::ExtUIOp::create(b, loc, flatOf(b.getI64Type()), flat);
  if (k == lanes)
    return castTo(flat, i64Type(b, {ShapedType::kDynamic, lanes}));
  Value m = length(list);
  Value padded = zeros(i64Type(b, {ShapedType::kDynamic, lanes}), m);
  return insertRows(flat, padded, index(0));
}

Value RowsRewriter::decode(Value rows, Value m, RankedTensorType type) {
  int64_t k = elementOf(type).getNumElements();
  Type element = type.getElementType();
  unsigned width = element.getIntOrFloatBitWidth();
  auto flatOf = [&](Type t) {
    return RankedTensorType::get({ShapedType::kDynamic, k}, t);
  };
  SmallVector<OpFoldResult> offsets{b.getIndexAttr(0), b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes{m, b.getIndexAttr(k)};
  SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
  Value flat = tensor::ExtractSliceOp::create(b, loc, flatOf(b.getI64Type()),
                                              rows, offsets, sizes, strides);
  if (width < 64)
    flat =
        arith::TruncIOp::create(b, loc, flatOf(b.getIntegerType(width)), flat);
  if (isa<FloatType>(element))
    flat = arith::BitcastOp::create(b, loc, flatOf(element), flat);
  SmallVector<int64_t> dims{ShapedType::kDynamic};
  llvm::append_range(dims, type.getShape().drop_front());
  auto listType = RankedTensorType::get(dims, element);
  Value list = flat;
  if (type.getRank() == 1)
    list = tensor::CollapseShapeOp::create(b, loc, listType, flat, {{0, 1}});
  else if (type.getRank() > 2)
    list = tensor::ExpandShapeOp::create(
        b, loc, listType, flat,
        SmallVector<ReassociationIndices>{
            {0}, llvm::to_vector(llvm::seq<int64_t>(1, type.getRank()))});
  return castTo(list, type);
}

Value RowsRewriter::insertRows(Value rows, Value into, Value at) {
  SmallVector<OpFoldResult> offsets{at, b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes{tensor::getMixedSize(b, loc, rows, 0),
                                  tensor::getMixedSize(b, loc, rows, 1)};
  SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
  return tensor::InsertSliceOp::create(b, loc, rows, into, offsets, sizes,
                                       strides);
}

LogicalResult mlir::ta::tfimport::rewriteNestedListOp(Operation *op,
                                                      int64_t capacity) {
  OpBuilder b(op);
  NestedRewriter rewriter{{{b, op, op->getLoc(), capacity, TensorType()}}};
  return rewriter.rewrite();
}

//===- TensorListRewrites.cpp - TensorList ops as tensor ops --------------===//
//
// The rewrites of decomposeTensorLists (TensorLists.cpp), once every list
// value is a tensor `[N] ++ element`: each op on items (the ops on many
// items at once are TensorListBulkRewrites.cpp's) becomes the tensor ops
// with TensorList's semantics (a new list value per update; zeros for
// elements never set) and TensorFlow's run-time errors and texts. Ops that
// change the length (SetItem with resize_if_index_out_of_bounds, PushBack,
// PopBack, Resize) make a list of another length: growing allocates the
// new length, zero-filled, and copies the old elements in (so a push costs
// the list's length; TensorFlow pushes in place when the list has one
// user).
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TensorListRewriter.h"

using namespace mlir;
using namespace mlir::ta;
using tfimport::ListRewriter;

LogicalResult ListRewriter::rewrite() {
  StringRef name = op->getName().getStringRef();
  SmallVector<Value> results;
  auto operand = [&](unsigned k) { return op->getOperand(k); };
  auto resultType = [&](unsigned k) { return op->getResult(k).getType(); };
  if (name == "tf.TensorListReserve") {
    RankedTensorType type = typeOf(op->getResult(0));
    Value n;
    if (type.isDynamicDim(0)) {
      n = indexOf(operand(1));
      check(cmp(arith::CmpIPredicate::sge, n, index(0)), TA_ERR_LIST_RESERVE, n,
            index(0));
    }
    results.push_back(zeros(type, n));
  } else if (name == "tf.EmptyTensorList") {
    results.push_back(zeros(typeOf(op->getResult(0)), index(0)));
  } else if (name == "tf.TensorListFromTensor") {
    results.push_back(asResult(operand(0), 0));
  } else if (name == "tf.TensorListSetItem") {
    Value list = operand(0);
    RankedTensorType type = typeOf(list);
    Value i = indexOf(operand(1));
    Value n = length(list);
    // The index first, then the item's shape, as TensorFlow checks them.
    auto resize = op->getAttrOfType<BoolAttr>("resize_if_index_out_of_bounds");
    if (resize && resize.getValue()) {
      // TensorFlow grows the list to i + 1 first (and crashes for i < 0).
      check(cmp(arith::CmpIPredicate::sge, i, index(0)), TA_ERR_LIST_SET, i, n);
      Value item =
          asItem(operand(2), type, TA_ERR_LIST_SET_SHAPE, "sets an item");
      if (!item)
        return failure();
      list = growTo(list, arith::AddIOp::create(b, loc, i, index(1)));
      results.push_back(set(list, i, item));
    } else {
      Value ok = checkIndex(i, n, TA_ERR_LIST_SET);
      Value item =
          asItem(operand(2), type, TA_ERR_LIST_SET_SHAPE, "sets an item");
      if (!item)
        return failure();
      results.push_back(guarded(ok, list, [&] { return set(list, i, item); }));
    }
  } else if (name == "tf.TensorListPushBack") {
    Value list = operand(0);
    Value item = asItem(operand(1), typeOf(list), TA_ERR_LIST_PUSH_SHAPE,
                        "pushes an item");
    if (!item)
      return failure();
    Value n = length(list);
    if (capacity >= 0)
      check(cmp(arith::CmpIPredicate::slt, n, index(capacity)),
            TA_ERR_LIST_FULL, n, index(capacity));
    Value grown = growTo(list, arith::AddIOp::create(b, loc, n, index(1)));
    results.push_back(set(grown, n, item));
  } else if (name == "tf.TensorListPopBack") {
    Value list = operand(0);
    Value n = length(list);
    Value ok = cmp(arith::CmpIPredicate::sgt, n, index(0));
    check(ok,
          op->hasAttr(tfimport::kStackPopAttr) ? TA_ERR_STACK_EMPTY
                                               : TA_ERR_LIST_POP_EMPTY,
          n, n);
    Value last = arith::SubIOp::create(b, loc, n, index(1));
    results.push_back(
        asResult(guarded(ok, list, [&] { return prefix(list, last); }), 0));
    results.push_back(asResult(
        guarded(ok, zeroElement(typeOf(list)), [&] { return get(list, last); }),
        1));
  } else if (name == "tf.TensorListResize") {
    Value list = operand(0);
    Value size = indexOf(operand(1));
    check(cmp(arith::CmpIPredicate::sge, size, index(0)), TA_ERR_LIST_RESIZE,
          size, size);
    Value kept =
        prefix(list, arith::MinSIOp::create(b, loc, size, length(list)));
    results.push_back(growTo(castTo(kept, typeOf(list)), size));
  } else if (name == "tf.TensorListGetItem") {
    Value i = indexOf(operand(1));
    Value ok = checkIndex(i, length(operand(0)), TA_ERR_LIST_GET);
    results.push_back(asResult(guarded(ok, zeroElement(typeOf(operand(0))),
                                       [&] { return get(operand(0), i); }),
                               0));
  } else if (name == "tf.TensorListStack") {
    Value list = operand(0);
    auto wanted = op->getAttrOfType<IntegerAttr>("num_elements");
    if (wanted && wanted.getInt() >= 0) {
      Value n = length(list);
      Value want = index(wanted.getInt());
      check(cmp(arith::CmpIPredicate::eq, n, want), TA_ERR_LIST_STACK, want, n);
    }
    results.push_back(asResult(list, 0));
  } else if (name == "tf.TensorListLength") {
    results.push_back(lengthResult(length(operand(0))));
  } else if (name == "tf.TensorListElementShape") {
    // TensorFlow's shape of unknown rank is the scalar -1; unknown dims -1.
    // (A result of unknown rank, as the tape's gradients declare it, is
    // given the shape's.)
    auto shapeType = dyn_cast<TensorType>(resultType(0));
    int64_t rank = madeElement.hasRank() ? 1 : 0;
    if (!shapeType || (shapeType.hasRank() && shapeType.getRank() != rank) ||
        !shapeType.getElementType().isSignlessInteger())
      return op->emitOpError("needs a ")
             << (rank ? "1-D" : "scalar") << " integer result";
    unsigned width = shapeType.getElementTypeBitWidth();
    SmallVector<APInt> dims;
    if (!madeElement.hasRank())
      dims.push_back(APInt(width, -1, /*isSigned=*/true));
    else
      for (int64_t d : madeElement.getShape())
        dims.push_back(
            APInt(width, ShapedType::isDynamic(d) ? -1 : d, /*isSigned=*/true));
    auto constantType =
        rank ? RankedTensorType::get({(int64_t)dims.size()},
                                     shapeType.getElementType())
             : RankedTensorType::get({}, shapeType.getElementType());
    results.push_back(
        asResult(arith::ConstantOp::create(
                     b, loc, DenseIntElementsAttr::get(constantType, dims)),
                 0));
  } else if (std::optional<LogicalResult> bulk = rewriteBulk(results)) {
    if (failed(*bulk))
      return failure();
  } else {
    llvm_unreachable("decomposeTensorLists takes only the ops above");
  }
  return replaceOp(results);
}

LogicalResult mlir::ta::tfimport::rewriteListOp(Operation *op, int64_t capacity,
                                                TensorType madeElement) {
  OpBuilder b(op);
  ListRewriter rewriter{b, op, op->getLoc(), capacity, madeElement};
  return rewriter.rewrite();
}

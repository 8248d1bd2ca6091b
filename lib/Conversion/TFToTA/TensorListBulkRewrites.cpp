//===- TensorListBulkRewrites.cpp - Lists gathered, scattered, split ------===//
//
// The TensorList ops on many items at once, once every list value is a
// tensor `[N] ++ element` (TensorListRewriter.h): what TF2's
// tf.TensorArray.gather, .scatter, .concat and .split emit, and their
// gradients (a gather's is a scatter, a split's a concat). Each checks what
// TensorFlow's kernel checks, in its order and with its texts:
//
//   TensorListGather(list, indices)    -> the items at `indices`, stacked;
//   TensorListScatterV2(tensor, indices, _, num_elements)
//                                      -> a list of max(num_elements,
//                                         highest index + 1) items, row k of
//                                         `tensor` at indices[k] (a later
//                                         row wins), zeros elsewhere;
//   TensorListScatterIntoExistingList(list, tensor, indices)
//                                      -> the same into `list`, grown to the
//                                         highest index + 1;
//   TensorListConcatV2(list, _, _)     -> the items concatenated along their
//                                         first dim, and each one's length;
//   TensorListSplit(tensor, _, lengths)-> a list of `tensor`'s consecutive
//                                         pieces of `lengths` rows.
//
// A list's elements have one static shape, so a split into pieces of other
// lengths than its elements' rows (a ragged split, which TensorFlow takes)
// fails at run time with ta's own text.
//
//===----------------------------------------------------------------------===//

#include "TensorListRewriter.h"

using namespace mlir;
using namespace mlir::ta;
using tfimport::ListRewriter;

namespace {

/// `tensor`'s rows are items of `list`'s elements: the same static shape.
bool rowsAreItems(RankedTensorType tensor, RankedTensorType list) {
  return tensor.getShape().drop_front() == list.getShape().drop_front() &&
         tensor.getElementType() == list.getElementType();
}

} // namespace

Value ListRewriter::checkSplit(
    Value m, Value lengths, Value init,
    function_ref<Value(Value k, Value piece, Value end, Value carried)> each) {
  Value n = tensor::DimOp::create(b, loc, lengths, 0);
  auto forOp = scf::ForOp::create(b, loc, index(0), n, index(1),
                                  ValueRange{index(0), init});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(forOp.getBody());
    Value start = forOp.getRegionIterArg(0);
    Value piece = entry(lengths, forOp.getInductionVar());
    check(cmp(arith::CmpIPredicate::sge, piece, index(0)),
          TA_ERR_LIST_SPLIT_LENGTH, piece, piece);
    Value end = arith::AddIOp::create(b, loc, start, piece);
    tf::failUnless(b, op, cmp(arith::CmpIPredicate::sle, end, m),
                   TA_ERR_LIST_SPLIT_SLICE, start, end, m);
    Value next =
        each(forOp.getInductionVar(), piece, end, forOp.getRegionIterArg(1));
    scf::YieldOp::create(b, loc, ValueRange{end, next});
  }
  Value used = forOp.getResult(0);
  check(cmp(arith::CmpIPredicate::eq, used, m), TA_ERR_LIST_SPLIT_UNUSED, m,
        used);
  return forOp.getResult(1);
}

std::optional<LogicalResult>
ListRewriter::rewriteBulk(SmallVectorImpl<Value> &results) {
  StringRef name = op->getName().getStringRef();
  auto operand = [&](unsigned k) { return op->getOperand(k); };
  auto dim = [&](Value v, int64_t d) {
    return tensor::DimOp::create(b, loc, v, d).getResult();
  };
  auto notItems = [&](Value tensor, RankedTensorType list) {
    return op->emitOpError()
           << "takes the rows of " << tensor.getType() << " for a list of "
           << elementOf(list)
           << " elements; ta-import-tf takes items of the list's static "
              "element type";
  };
  // Row k of `tensor` at indices[k] of `list`, for k in [0, count).
  auto scatter = [&](Value list, Value tensor, Value indices, Value count) {
    return loop(count, list, [&](Value k, Value into) {
      return set(into, entry(indices, k), get(tensor, k));
    });
  };
  // The highest of `count` indices (-1 if none), each checked >= 0 and,
  // where `bound` is given and not -1, < bound.
  auto highest = [&](Value indices, Value count, Value bound) {
    return loop(count, index(-1), [&](Value k, Value high) {
      Value i = entry(indices, k);
      check(cmp(arith::CmpIPredicate::sge, i, index(0)),
            TA_ERR_LIST_SCATTER_NEGATIVE, i, i);
      if (bound)
        check(arith::OrIOp::create(
                  b, loc, cmp(arith::CmpIPredicate::eq, bound, index(-1)),
                  cmp(arith::CmpIPredicate::slt, i, bound)),
              TA_ERR_LIST_SCATTER_INDEX, i, bound);
      return arith::MaxSIOp::create(b, loc, high, i).getResult();
    });
  };

  if (name == "tf.TensorListGather") {
    Value list = operand(0), indices = operand(1);
    RankedTensorType type = typeOf(list);
    int64_t count = typeOf(indices).getDimSize(0);
    SmallVector<int64_t> dims{count};
    llvm::append_range(dims, type.getShape().drop_front());
    auto gatheredType = RankedTensorType::get(dims, type.getElementType());
    Value k = dim(indices, 0);
    Value n = length(list);
    SmallVector<Value> dynamic;
    if (ShapedType::isDynamic(count))
      dynamic.push_back(k);
    // TensorFlow's kernel words the index check after the list's element
    // shape as made, and refuses to gather nothing where that shape, with
    // the op's element_shape, leaves a dim unknown.
    bool known = madeElement && madeElement.hasStaticShape();
    TensorType merged = madeElement;
    if (!known)
      if (std::optional<SmallVector<int64_t>> shape =
              tf::constantInts(operand(2));
          shape && cast<ShapedType>(operand(2).getType()).getRank() == 1 &&
          llvm::none_of(*shape, [](int64_t d) { return d < 0; }) &&
          (!madeElement.hasRank() ||
           shape->size() == (size_t)madeElement.getRank()))
        merged = RankedTensorType::get(*shape, type.getElementType());
    if (!merged || !merged.hasStaticShape()) {
      SmallVector<Value> dims;
      if (merged && merged.hasRank())
        for (int64_t d : merged.getShape())
          dims.push_back(index(ShapedType::isDynamic(d) ? -1 : d));
      tf::failUnlessShapes(b, op, cmp(arith::CmpIPredicate::sgt, k, index(0)),
                           TA_ERR_LIST_GATHER_EMPTY, dims, {},
                           index(merged && merged.hasRank() ? 0 : 1));
    }
    Value gathered =
        tensor::EmptyOp::create(b, loc, gatheredType, dynamic).getResult();
    gathered = loop(k, gathered, [&](Value j, Value into) {
      Value i = entry(indices, j);
      Value ok =
          checkIndex(i, n, known ? TA_ERR_LIST_GATHER : TA_ERR_LIST_GATHER_AT);
      return set(into, j,
                 guarded(ok, zeroElement(type), [&] { return get(list, i); }));
    });
    results.push_back(asResult(gathered, 0));
    return success();
  }

  if (name == "tf.TensorListScatterV2") {
    Value tensor = operand(0), indices = operand(1);
    RankedTensorType type = typeOf(op->getResult(0));
    if (!rowsAreItems(typeOf(tensor), type))
      return notItems(tensor, type);
    Value num = indexOf(operand(3));
    check(cmp(arith::CmpIPredicate::sge, num, index(-1)),
          TA_ERR_LIST_SCATTER_COUNT, num, num);
    Value k = dim(indices, 0), rows = dim(tensor, 0);
    check(cmp(arith::CmpIPredicate::eq, k, rows), TA_ERR_LIST_SCATTER_ROWS, k,
          rows);
    Value high = highest(indices, k, num);
    Value n = arith::MaxSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, high, index(1)), num);
    results.push_back(scatter(zeros(type, n), tensor, indices, k));
    return success();
  }

  if (name == "tf.TensorListScatterIntoExistingList") {
    Value list = operand(0), tensor = operand(1), indices = operand(2);
    RankedTensorType type = typeOf(list);
    if (!rowsAreItems(typeOf(tensor), type))
      return notItems(tensor, type);
    Value k = dim(indices, 0), rows = dim(tensor, 0);
    check(cmp(arith::CmpIPredicate::eq, k, rows), TA_ERR_LIST_SCATTER_INTO_ROWS,
          k, rows);
    // TensorFlow does not check for negative indices here (it crashes).
    Value high = highest(indices, k, Value());
    list = growTo(list, arith::AddIOp::create(b, loc, high, index(1)));
    results.push_back(scatter(list, tensor, indices, k));
    return success();
  }

  if (name == "tf.TensorListConcatV2") {
    Value list = operand(0);
    RankedTensorType type = typeOf(list);
    Value n = length(list);
    auto lengthsType =
        RankedTensorType::get({type.getDimSize(0)}, b.getI64Type());
    SmallVector<Value> dynamic;
    if (type.isDynamicDim(0))
      dynamic.push_back(n);
    Value lengths =
        tensor::EmptyOp::create(b, loc, lengthsType, dynamic).getResult();
    if (type.getRank() < 2) {
      // Items that are scalars: TensorFlow fails when the op runs.
      check(arith::ConstantIntOp::create(b, loc, 0, 1),
            TA_ERR_LIST_CONCAT_SCALARS, n, n);
      Value one = arith::ConstantIntOp::create(b, loc, 1, 64);
      results.push_back(asResult(list, 0));
      results.push_back(asResult(
          linalg::FillOp::create(b, loc, one, lengths).getResult(0), 1));
    } else {
      SmallVector<ReassociationIndices> groups{{0, 1}};
      for (int64_t d = 2; d < type.getRank(); ++d)
        groups.push_back({d});
      results.push_back(
          asResult(tensor::CollapseShapeOp::create(b, loc, list, groups), 0));
      Value rows = arith::ConstantIntOp::create(b, loc, type.getDimSize(1), 64);
      results.push_back(asResult(
          linalg::FillOp::create(b, loc, rows, lengths).getResult(0), 1));
    }
    return success();
  }

  if (name == "tf.TensorListSplit") {
    Value tensor = operand(0), lengths = operand(2);
    RankedTensorType type = typeOf(op->getResult(0));
    // Its rows are the rows of the list's elements.
    if (!rowsAreItems(typeOf(tensor), elementOf(type)))
      return notItems(tensor, type);
    int64_t pieceRows = type.getDimSize(1);
    Value m = dim(tensor, 0), n = dim(lengths, 0);
    // TensorFlow's checks; then ta's: every piece has the rows the list's
    // elements have (the first that does not, else -1).
    Value ragged = checkSplit(
        m, lengths, index(-1), [&](Value, Value piece, Value, Value ragged) {
          Value first = arith::AndIOp::create(
              b, loc, cmp(arith::CmpIPredicate::eq, ragged, index(-1)),
              cmp(arith::CmpIPredicate::ne, piece, index(pieceRows)));
          return arith::SelectOp::create(b, loc, first, piece, ragged)
              .getResult();
        });
    check(cmp(arith::CmpIPredicate::eq, ragged, index(-1)),
          TA_ERR_LIST_SPLIT_RAGGED, ragged, index(pieceRows));
    // Now m = n * pieceRows: the tensor's rows regrouped into items.
    SmallVector<int64_t> rowsDims(type.getShape().drop_front());
    rowsDims[0] = ShapedType::kDynamic;
    Value rowsTensor =
        castTo(tensor, RankedTensorType::get(rowsDims, type.getElementType()));
    SmallVector<int64_t> listDims(type.getShape());
    listDims[0] = ShapedType::kDynamic;
    auto listType = RankedTensorType::get(listDims, type.getElementType());
    SmallVector<ReassociationIndices> groups{{0, 1}};
    for (int64_t d = 2; d < type.getRank(); ++d)
      groups.push_back({d});
    SmallVector<OpFoldResult> shape{n};
    for (int64_t d : type.getShape().drop_front())
      shape.push_back(b.getIndexAttr(d));
    Value list = tensor::ExpandShapeOp::create(b, loc, listType, rowsTensor,
                                               groups, shape);
    results.push_back(castTo(list, type));
    return success();
  }
  return std::nullopt;
}

//===- TensorListsRagged.cpp - lists of items of different lengths --------===//
//
// `TensorArray.split(value, lengths)` with lengths that differ (TensorFlow
// takes them, `infer_shape` or not) makes a TensorList whose items have
// different dim 0s: no rectangular tensor. TensorFlow's tf.TensorArray makes
// such a list with TensorListSplit and then reads it (`read`, `concat`,
// `size`, and the gradients of split and concat, which are a concat and a
// split): its items never change once made.
//
// A ragged list is one tensor of i64 rows: the split tensor's rows (an
// element's trailing dims flattened into a row, each value widened to i64,
// floats by their bits), then one row per piece holding where it ends (the
// running sum of the lengths), then a row holding the number of pieces.
// GetItem reads piece i's rows back, ConcatV2 all of them (and the lengths,
// the differences of the ends), Length the count: TensorList's semantics
// and TensorFlow's errors, one value to carry through the program's loops,
// branches and calls, as every list is.
//
// A list is ragged where its items leave dim 0 open after every op on them
// has refined it, and its ops are those above (decomposeTensorLists asks
// raggedListElement); a ragged list that is set, pushed, popped, resized,
// scattered into or added is diagnosed with the open element shape.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TensorListRewriter.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;
using tfimport::RowsRewriter;

namespace {

/// The lanes of a ragged list's rows of items of `element`: an element row's
/// values, at least one (the bookkeeping rows use lane 0).
int64_t raggedLanes(RankedTensorType element) {
  return std::max<int64_t>(
      1, RankedTensorType::get(element.getShape().drop_front(),
                               element.getElementType())
             .getNumElements());
}

/// The ops of one list op on a ragged list.
struct RaggedRewriter : RowsRewriter {
  RankedTensorType element; // [?] ++ its trailing dims

  RankedTensorType rowsType() {
    return RankedTensorType::get({ShapedType::kDynamic, raggedLanes(element)},
                                 b.getI64Type());
  }
  /// The number of pieces of `rows` (its last row's lane 0).
  Value count(Value rows) {
    return lane(rows, arith::SubIOp::create(b, loc, length(rows), index(1)), 0);
  }
  /// The first bookkeeping row of `rows`, of `n` pieces.
  Value firstEnd(Value rows, Value n) {
    return arith::SubIOp::create(
        b, loc, arith::SubIOp::create(b, loc, length(rows), n), index(1));
  }
  /// Where piece `k` (0 <= k < n) starts and how many rows it has.
  std::pair<Value, Value> piece(Value rows, Value ends, Value k) {
    Value end = lane(rows, arith::AddIOp::create(b, loc, ends, k), 0);
    // Piece k - 1's end, read at max(k - 1, 0) so that k = 0 reads in range.
    Value before = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, k, index(1)), index(0));
    Value previous = lane(rows, arith::AddIOp::create(b, loc, ends, before), 0);
    Value start = arith::SelectOp::create(
        b, loc, cmp(arith::CmpIPredicate::eq, k, index(0)), index(0), previous);
    return {start, arith::SubIOp::create(b, loc, end, start)};
  }
  /// Rows [start, start + count) of `rows`.
  Value rowsAt(Value rows, Value start, Value count) {
    SmallVector<OpFoldResult> offsets, sizes, strides;
    slice(rowsType(), start, count, offsets, sizes, strides);
    return tensor::ExtractSliceOp::create(b, loc, rows, offsets, sizes,
                                          strides);
  }
  /// A row of `lanes` i64s, lane 0 `v`, the others 0.
  Value bookRow(Value v) {
    SmallVector<Value> lanes(raggedLanes(element),
                             arith::ConstantIntOp::create(b, loc, 0, 64));
    lanes[0] = asI64(v);
    return tensor::FromElementsOp::create(
        b, loc,
        RankedTensorType::get({1, (int64_t)lanes.size()}, b.getI64Type()),
        lanes);
  }

  Value split(Value tensor, Value lengths) {
    Value m = tensor::DimOp::create(b, loc, tensor, 0);
    Value n = tensor::DimOp::create(b, loc, lengths, 0);
    RankedTensorType type = rowsType();
    Value ends = zeros(type, n);
    ends = checkSplit(m, lengths, ends,
                      [&](Value k, Value, Value end, Value ends) {
                        return insertRows(bookRow(end), ends, k);
                      });
    Value total = arith::AddIOp::create(
        b, loc, arith::AddIOp::create(b, loc, m, n), index(1));
    Value rows = tensor::EmptyOp::create(b, loc, type.getShape(),
                                         b.getI64Type(), ValueRange{total});
    // The tensor's rows as the elements' rows: its trailing dims are theirs
    // (raggedListElement).
    SmallVector<int64_t> dims(element.getShape());
    Value values =
        castTo(tensor, RankedTensorType::get(dims, element.getElementType()));
    rows = insertRows(encode(values, type.getDimSize(1)), rows, index(0));
    rows = insertRows(ends, rows, m);
    return insertRows(bookRow(n), rows, arith::AddIOp::create(b, loc, m, n));
  }

  LogicalResult rewrite() {
    SmallVector<Value> results;
    if (isNamed(op, "tf.TensorListSplit")) {
      results.push_back(split(op->getOperand(0), op->getOperand(2)));
    } else if (isNamed(op, "tf.TensorListLength")) {
      results.push_back(lengthResult(count(op->getOperand(0))));
    } else if (isNamed(op, "tf.TensorListGetItem")) {
      Value rows = op->getOperand(0);
      Value i = indexOf(op->getOperand(1));
      Value n = count(rows);
      Value ok = checkIndex(i, n, TA_ERR_LIST_GET);
      results.push_back(asResult(
          guarded(ok, zeros(element, index(0)),
                  [&] {
                    auto [start, rowCount] = piece(rows, firstEnd(rows, n), i);
                    return decode(rowsAt(rows, start, rowCount), rowCount,
                                  element);
                  }),
          0));
    } else { // tf.TensorListConcatV2
      Value rows = op->getOperand(0);
      Value n = count(rows);
      Value ends = firstEnd(rows, n);
      results.push_back(asResult(decode(rows, ends, element), 0));
      auto lengthsType =
          RankedTensorType::get({ShapedType::kDynamic}, b.getI64Type());
      Value lengths = tensor::EmptyOp::create(b, loc, lengthsType.getShape(),
                                              b.getI64Type(), ValueRange{n});
      lengths = loop(n, lengths, [&](Value k, Value lengths) {
        Value rowCount = piece(rows, ends, k).second;
        return tensor::InsertOp::create(b, loc, asI64(rowCount), lengths, k)
            .getResult();
      });
      results.push_back(asResult(lengths, 1));
    }
    return replaceOp(results);
  }
};

} // namespace

RankedTensorType
mlir::ta::tfimport::raggedListElement(TensorType element,
                                      ArrayRef<Operation *> ops) {
  auto ranked = dyn_cast_or_null<RankedTensorType>(element);
  if (!ranked || ranked.getRank() < 1 || !ranked.isDynamicDim(0) ||
      !RankedTensorType::get(ranked.getShape().drop_front(),
                             ranked.getElementType())
           .hasStaticShape())
    return {};
  Type type = ranked.getElementType();
  if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() > 64)
    return {};
  bool made = false;
  for (Operation *op : ops) {
    if (isNamed(op, "tf.TensorListSplit")) {
      // Its tensor's rows are the elements' (unranked: cast to them).
      auto tensor = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
      if (tensor &&
          (tensor.getShape().drop_front() != ranked.getShape().drop_front() ||
           tensor.getElementType() != ranked.getElementType()))
        return {};
      made = true;
      continue;
    }
    if (!isNamed(op, "tf.TensorListGetItem") &&
        !isNamed(op, "tf.TensorListConcatV2") &&
        !isNamed(op, "tf.TensorListLength") &&
        !isNamed(op, "tf.TensorListElementShape"))
      return {};
  }
  return made ? ranked : RankedTensorType();
}

RankedTensorType mlir::ta::tfimport::raggedListType(RankedTensorType element) {
  return RankedTensorType::get({ShapedType::kDynamic, raggedLanes(element)},
                               IntegerType::get(element.getContext(), 64));
}

LogicalResult mlir::ta::tfimport::rewriteRaggedListOp(Operation *op,
                                                      RankedTensorType element,
                                                      TensorType madeElement) {
  // An ElementShape reads the shape the list was made with, as on any list.
  if (isNamed(op, "tf.TensorListElementShape"))
    return rewriteListOp(op, -1, madeElement);
  OpBuilder b(op);
  RaggedRewriter rewriter{{{b, op, op->getLoc(), -1, madeElement}}, element};
  return rewriter.rewrite();
}

//===- TensorListRewriter.h - The tensor ops of one list op -----*- C++ -*-===//
//
// The builder TensorListRewrites.cpp (the ops on items: set, get, push,
// pop, resize, stack, length) and TensorListBulkRewrites.cpp (the ops on
// many items at once: gather, scatter, concat, split) share: a list is the
// tensor `[N] ++ element` by now, and each helper builds the tensor ops of
// one piece of TensorList's semantics.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TFTOTA_TENSORLISTREWRITER_H
#define TA_LIB_CONVERSION_TFTOTA_TENSORLISTREWRITER_H

#include "RuntimeChecks.h"
#include "TFUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::ta::tfimport {

/// Builds the tensor ops of one list op.
struct ListRewriter {
  OpBuilder &b;
  Operation *op;
  Location loc;
  int64_t capacity;       // of a PushBack's list; -1: unbounded
  TensorType madeElement; // the element shape the list was made with

  RankedTensorType typeOf(Value v) {
    return cast<RankedTensorType>(v.getType());
  }
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value length(Value list) { return tensor::DimOp::create(b, loc, list, 0); }

  Value indexOf(Value scalarTensor) {
    return tf::scalarIndex(b, loc, scalarTensor);
  }
  Value castTo(Value value, Type type) {
    return tf::castTo(b, loc, value, type);
  }

  /// `value` as result `k`'s declared type, or null after a diagnostic if
  /// that type cannot hold it.
  Value asResult(Value value, unsigned k) {
    Type type = op->getResult(k).getType();
    if (value.getType() != type &&
        !tensor::CastOp::areCastCompatible(value.getType(), type)) {
      op->emitOpError("has result #")
          << k << " of type " << type << " where the list gives "
          << value.getType();
      return {};
    }
    // A dim known at run time only, cast to a static one: checked.
    auto from = dyn_cast<RankedTensorType>(value.getType());
    auto to = dyn_cast<RankedTensorType>(type);
    for (int64_t d = 0; from && to && d < from.getRank(); ++d) {
      if (!from.isDynamicDim(d) || to.isDynamicDim(d))
        continue;
      Value dim = tensor::DimOp::create(b, loc, value, d);
      tf::failUnless(
          b, op, cmp(arith::CmpIPredicate::eq, dim, index(to.getDimSize(d))),
          TA_ERR_RESULT_DIM, dim, index(to.getDimSize(d)), index(d));
    }
    return castTo(value, type);
  }

  /// A list's length `n` (an index) as TensorListLength's result: a scalar
  /// i32 tensor of the result's declared type.
  Value lengthResult(Value n) {
    Value n32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), n);
    return asResult(tensor::FromElementsOp::create(
                        b, loc, RankedTensorType::get({}, b.getI32Type()), n32),
                    0);
  }

  /// Replaces `op` by `results`; failure where one is null (diagnosed).
  LogicalResult replaceOp(ArrayRef<Value> results) {
    if (llvm::is_contained(results, Value()))
      return failure();
    op->replaceAllUsesWith(results);
    op->erase();
    return success();
  }

  /// Offsets, sizes and strides of `count` elements of `list` from `first`.
  void slice(RankedTensorType list, OpFoldResult first, OpFoldResult count,
             SmallVectorImpl<OpFoldResult> &offsets,
             SmallVectorImpl<OpFoldResult> &sizes,
             SmallVectorImpl<OpFoldResult> &strides) {
    offsets.assign(list.getRank(), b.getIndexAttr(0));
    offsets[0] = first;
    sizes.assign({count});
    for (int64_t d : list.getShape().drop_front())
      sizes.push_back(b.getIndexAttr(d));
    strides.assign(list.getRank(), b.getIndexAttr(1));
  }

  RankedTensorType elementOf(RankedTensorType list) {
    return RankedTensorType::get(list.getShape().drop_front(),
                                 list.getElementType());
  }

  /// Element `i` of `list`.
  Value get(Value list, Value i) {
    SmallVector<OpFoldResult> offsets, sizes, strides;
    slice(typeOf(list), i, b.getIndexAttr(1), offsets, sizes, strides);
    return tensor::ExtractSliceOp::create(b, loc, elementOf(typeOf(list)), list,
                                          offsets, sizes, strides);
  }

  /// `list` with element `i` replaced by `item`.
  Value set(Value list, Value i, Value item) {
    SmallVector<OpFoldResult> offsets, sizes, strides;
    slice(typeOf(list), i, b.getIndexAttr(1), offsets, sizes, strides);
    return tensor::InsertSliceOp::create(b, loc, item, list, offsets, sizes,
                                         strides);
  }

  /// The first `n` elements of `list` (n <= its length).
  Value prefix(Value list, Value n) {
    SmallVector<OpFoldResult> offsets, sizes, strides;
    slice(typeOf(list), b.getIndexAttr(0), n, offsets, sizes, strides);
    return tensor::ExtractSliceOp::create(b, loc, list, offsets, sizes,
                                          strides);
  }

  /// A zero-filled list of `type` (its dim 0 `n` where dynamic).
  Value zeros(RankedTensorType type, Value n) {
    SmallVector<Value> dynamic;
    if (type.isDynamicDim(0))
      dynamic.push_back(n);
    Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                          type.getElementType(), dynamic);
    Value zero =
        arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
    return linalg::FillOp::create(b, loc, zero, empty).getResult(0);
  }

  /// `list` (dynamic length) grown to `n` elements, zeros after its own, or
  /// `list` itself if it has `n` or more.
  Value growTo(Value list, Value n) {
    RankedTensorType type = typeOf(list);
    Value old = length(list);
    auto grow = scf::IfOp::create(b, loc, TypeRange{type},
                                  cmp(arith::CmpIPredicate::sgt, n, old),
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(grow.thenBlock());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    slice(type, b.getIndexAttr(0), old, offsets, sizes, strides);
    // max(n, old) is n here; written so that a constant n no larger than a
    // constant length does not fold the untaken branch into an invalid slice.
    Value size = arith::MaxSIOp::create(b, loc, n, old);
    Value grown = tensor::InsertSliceOp::create(b, loc, list, zeros(type, size),
                                                offsets, sizes, strides);
    scf::YieldOp::create(b, loc, grown);
    b.setInsertionPointToStart(grow.elseBlock());
    scf::YieldOp::create(b, loc, list);
    return grow.getResult(0);
  }

  /// Fails with `code` (a = `i`, b = `n`) unless `ok`.
  void check(Value ok, TARuntimeError code, Value i, Value n) {
    tf::failUnless(b, op, ok, code, i, n);
  }

  /// Fails with `code` (a = `i`, b = `n`) unless 0 <= i < n; returns
  /// whether it holds.
  Value checkIndex(Value i, Value n, TARuntimeError code) {
    Value ok = arith::AndIOp::create(
        b, loc, cmp(arith::CmpIPredicate::sge, i, index(0)),
        cmp(arith::CmpIPredicate::slt, i, n));
    check(ok, code, i, n);
    return ok;
  }

  /// `access()` where `ok` holds, else `fallback` (of the access's type).
  /// The check of `ok` before it has stopped the program where it does not
  /// hold; the guard keeps an access that constant bounds show out of
  /// range (a list known empty) from folding into an invalid slice.
  Value guarded(Value ok, Value fallback, function_ref<Value()> access) {
    auto ifOp = scf::IfOp::create(b, loc, fallback.getType(), ok,
                                  /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, castTo(access(), fallback.getType()));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, fallback);
    return ifOp.getResult(0);
  }

  /// `item` as an element of a list of `type`: itself where its type is the
  /// element type; cast where it is unranked; cast after a run-time check of
  /// its dims (failing with `code`) where it has dynamic dims the element type
  /// fixes; null (after a diagnostic naming `verb`) where it cannot be one.
  Value asItem(Value item, RankedTensorType type, TARuntimeError code,
               StringRef verb) {
    RankedTensorType element = elementOf(type);
    if (item.getType() == element)
      return item;
    // Unranked where TensorFlow typed it from a list's items: the retyping
    // of the values after the lists are tensors makes its type known (or
    // shows it to be another; what stays unranked, ta-legalize-tf
    // diagnoses). A public function's argument stays as it is: diagnosed.
    if (auto unranked = dyn_cast<UnrankedTensorType>(item.getType());
        unranked && unranked.getElementType() == element.getElementType() &&
        !tf::isPublicArgument(item))
      return castTo(item, element);
    auto ranked = dyn_cast<RankedTensorType>(item.getType());
    if (!ranked || !tensor::CastOp::areCastCompatible(ranked, element)) {
      op->emitOpError() << verb << " of type " << item.getType()
                        << " in a list of " << element
                        << " elements; ta-import-tf takes items of the "
                           "elements' rank, their dims checked at run time";
      return {};
    }
    SmallVector<Value> dims, want;
    Value ok = arith::ConstantIntOp::create(b, loc, 1, 1);
    for (int64_t d = 0; d < element.getRank(); ++d) {
      dims.push_back(tensor::DimOp::create(b, loc, item, d));
      want.push_back(index(element.getDimSize(d)));
      ok = arith::AndIOp::create(
          b, loc, ok, cmp(arith::CmpIPredicate::eq, dims.back(), want.back()));
    }
    tf::failUnlessShapes(b, op, ok, code, dims, want);
    return castTo(item, element);
  }

  /// A zero element of a list of `type`.
  Value zeroElement(RankedTensorType type) {
    RankedTensorType element = elementOf(type);
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(element,
                               b.getZeroAttr(element.getElementType())));
  }

  /// Element `k` of the integer vector `vector`, as an index.
  Value entry(Value vector, Value k) {
    Value v = tensor::ExtractOp::create(b, loc, vector, k);
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  }

  /// `body(k, carried)` for k in [0, count), carrying one value from `init`;
  /// the value the last iteration gives.
  Value loop(Value count, Value init,
             function_ref<Value(Value k, Value carried)> body) {
    auto forOp = scf::ForOp::create(b, loc, index(0), count, index(1), init);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(forOp.getBody());
    Value next = body(forOp.getInductionVar(), forOp.getRegionIterArg(0));
    scf::YieldOp::create(b, loc, next);
    return forOp.getResult(0);
  }

  /// TensorFlow's checks of a split of `m` rows into pieces of `lengths`,
  /// piece by piece (a length is not negative, its slice ends inside the
  /// rows), then that the pieces take every row. `each(k, piece, end,
  /// carried)` runs for piece k (`piece` rows ending at row `end`) after its
  /// checks, carrying one value from `init`; the value the last piece gives.
  Value checkSplit(
      Value m, Value lengths, Value init,
      function_ref<Value(Value k, Value piece, Value end, Value carried)> each);

  LogicalResult rewrite();
  /// The ops on many items at once (TensorListBulkRewrites.cpp): gather,
  /// scatter, concat, split; their values appended to `results`. Failure
  /// after a diagnostic; nullopt for any other op.
  std::optional<LogicalResult> rewriteBulk(SmallVectorImpl<Value> &results);
};

/// Lists kept as rows of i64 lanes (lists of lists, ragged lists): items'
/// elements flattened into rows, each widened to i64 (floats by their bits),
/// with rows of bookkeeping beside them (TensorListsOfLists.cpp).
struct RowsRewriter : ListRewriter {
  /// Lane `k` of row `row` of `rows`, as an index.
  Value lane(Value rows, Value row, int64_t k);
  Value asI64(Value i);
  /// The list `list` (`[m] ++ S`) as m rows of `lanes` i64s.
  Value encode(Value list, int64_t lanes);
  /// The first `m` rows of `rows` as the list of `type` encode made them
  /// from (its dim 0 `m`).
  Value decode(Value rows, Value m, RankedTensorType type);
  /// `rows` inserted into `into` from row `at`.
  Value insertRows(Value rows, Value into, Value at);
};

} // namespace mlir::ta::tfimport

#endif // TA_LIB_CONVERSION_TFTOTA_TENSORLISTREWRITER_H

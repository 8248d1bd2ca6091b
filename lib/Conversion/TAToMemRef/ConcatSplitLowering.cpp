//===- ConcatSplitLowering.cpp - ta.concat, ta.split ----------------------===//
//
// The bulk operations of a whole array, as TensorFlow runs them: their own
// checks first, then one Read or Write per element, in order. Where the
// checks and one scan of the state show that those would do nothing else, a
// concat of a forward array or a split into one is a single copy.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "BulkValues.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// The number of elements Concat reads: the size of a forward array, the
/// marked size of an accumulator (-1 when its forward array was never
/// split, which reads nothing).
Value concatCount(ArrayEmitter &e, Value header) {
  if (!e.type.getIsGrad())
    return e.toIndex(e.get(header, kSize));
  Value marked = e.get(header, kMarkedSize);
  return e.toIndex(arith::MaxSIOp::create(e.b, e.loc, marked, e.i64(0)));
}

/// TensorFlow's Concat: ReadMany of every element, joined along dim 0.
struct ConcatLowering : TAPattern<ConcatOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(ConcatOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Reads one by one: of accumulators, and where the state says a single
    // copy would not do what they do.
    bool readsEach = e.type.getIsGrad() || e.hasState();
    FailureOr<func::FuncOp> read =
        getAccessFunction(e, options.outlineAccesses && readsEach,
                          lookupOrDefineReadFunction, op, rewriter);
    if (failed(read))
      return failure();
    Value box = adaptor.getHandle().front();
    Value count = concatCount(e, e.open(box).second);
    SmallVector<int64_t> shape{ShapedType::kDynamic};
    llvm::append_range(shape, e.element.getShape());
    Value elements = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(shape, e.element.getElementType()),
        ValueRange{count});
    auto readEach = [&] {
      e.forLoop(e.index(0), count, [&](Value k) {
        Value data = readElement(e, *read, box, e.toI64(k), /*inLoop=*/true);
        memref::CopyOp::create(rewriter, loc, data, e.slot(elements, k));
      });
    };
    if (e.type.getIsGrad()) {
      readEach();
    } else {
      // Reading slots [0, size) of a forward array in order is one copy of
      // their data. With a state that is so when no slot was cleared
      // (strict) and, with lazy zeroing, every slot was written (a scan of
      // the state, then, in strict mode, every slot marked as its Read marks
      // it); otherwise the reads one by one zero the slots never written and
      // fail where TensorFlow's do.
      Value buffer = e.loadBuffer(box);
      Value header = e.header(buffer);
      Value capacity = e.toIndex(e.get(header, kCapacity));
      auto copyAll = [&] {
        memref::CopyOp::create(rewriter, loc, e.leadingSlots(buffer, count),
                               elements);
      };
      if (!e.hasState()) {
        copyAll();
      } else {
        Value state = e.stateView(buffer, capacity);
        auto [any, all] = e.foldState(state, count, e.lazyZeroing());
        Value slow = e.strict ? e.hasBit(any, kCleared) : Value();
        if (e.lazyZeroing()) {
          Value unwritten = arith::XOrIOp::create(
              rewriter, loc, e.hasAllBits(all, kMaterialized), e.one());
          slow = slow ? arith::OrIOp::create(rewriter, loc, slow, unwritten)
                      : unwritten;
        }
        auto ifOp = scf::IfOp::create(rewriter, loc, slow, /*withElse=*/true);
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        readEach();
        rewriter.setInsertionPointToStart(ifOp.elseBlock());
        if (e.strict) {
          e.markState(state, count,
                      arith::OrIOp::create(rewriter, loc,
                                           e.readClearBits(header),
                                           e.i8(kWritten | kRead)));
        }
        copyAll();
      }
    }
    SmallVector<ReassociationIndices> joined{{0, 1}};
    for (int64_t d = 2; d <= e.element.getRank(); ++d)
      joined.push_back({d});
    // [count, d0, ...] -> [count * d0, ...]. The verifier wants the joined
    // dim dynamic (count is), even where d0 = 0 makes it 0.
    auto elementsType = cast<MemRefType>(elements.getType());
    SmallVector<int64_t> joinedShape{ShapedType::kDynamic};
    llvm::append_range(joinedShape, e.element.getShape().drop_front());
    auto joinedType = MemRefType::get(joinedShape, e.element.getElementType());
    if (!elementsType.isDynamicDim(0))
      joinedType =
          memref::CollapseShapeOp::computeCollapsedType(elementsType, joined);
    Value value = memref::CollapseShapeOp::create(rewriter, loc, joinedType,
                                                  elements, joined);
    auto valueType = cast<RankedTensorType>(op.getValue().getType());
    auto valueMemRef =
        MemRefType::get(valueType.getShape(), valueType.getElementType());
    if (value.getType() != valueMemRef)
      value = memref::CastOp::create(rewriter, loc, valueMemRef, value);
    auto lengthsType =
        MemRefType::get({ShapedType::kDynamic}, rewriter.getI64Type());
    Value lengths =
        memref::AllocOp::create(rewriter, loc, lengthsType, ValueRange{count});
    linalg::FillOp::create(rewriter, loc,
                           ValueRange{e.i64(e.element.getDimSize(0))},
                           ValueRange{lengths});
    rewriter.replaceOp(
        op, {toTensor(rewriter, loc, value, valueType),
             toTensor(rewriter, loc, lengths, op.getLengths().getType())});
    return success();
  }
};

/// Split's checks of its `count` lengths against `value`'s rows, in
/// order: ta's own first (a negative length, where TensorFlow's kernel
/// aborts; a sum past 2^63 - 1, where it reads past the value), then
/// TensorFlow's (the sum is the value's rows). Returns the OR of every
/// length's XOR with the element's first dim: 0 when every length is that
/// dim, as in every valid split into an array of static element shape.
/// That case takes one scan (LLVM vectorizes it): no length is negative and
/// the sum is `count` times the dim. Otherwise the scans that find the
/// first negative length and whether the sum wraps run too.
static Value checkLengths(ArrayEmitter &e, Value value, Value lengths,
                          Value count) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  int64_t rows0 = e.element.getDimSize(0);
  Value bits = e.reduce(lengths, count, e.i64(0), [&](Value acc, Value length) {
    return arith::OrIOp::create(
        b, loc, acc, arith::XOrIOp::create(b, loc, length, e.i64(rows0)));
  });
  Type i64 = b.getI64Type();
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{i64, i64, b.getI1Type()},
                                e.cmp(arith::CmpIPredicate::eq, bits, e.i64(0)),
                                /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    // No negative length; the sum wraps where count > INT64_MAX / rows0.
    Value count64 = e.toI64(count);
    Value wraps =
        rows0 == 0 ? arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0)
                   : e.cmp(arith::CmpIPredicate::sgt, count64,
                           e.i64(std::numeric_limits<int64_t>::max() / rows0));
    scf::YieldOp::create(
        b, loc,
        ValueRange{e.i64(-1),
                   arith::MulIOp::create(b, loc, count64, e.i64(rows0)),
                   wraps});
    b.setInsertionPointToStart(ifOp.elseBlock());
    // The first negative length (-1: none).
    auto loop = scf::ForOp::create(b, loc, e.index(0), count, e.index(1),
                                   ValueRange{e.i64(-1)});
    {
      OpBuilder::InsertionGuard inLoop(b);
      b.setInsertionPointToStart(loop.getBody());
      Value k = loop.getInductionVar(), first = loop.getRegionIterArg(0);
      Value negative = arith::AndIOp::create(
          b, loc,
          e.cmp(arith::CmpIPredicate::slt, e.entry(lengths, k), e.i64(0)),
          e.cmp(arith::CmpIPredicate::slt, first, e.i64(0)));
      scf::YieldOp::create(b, loc,
                           ValueRange{arith::SelectOp::create(
                               b, loc, negative, e.toI64(k), first)});
    }
    // TensorFlow's int64 sum, and whether it wrapped: with no negative
    // length (checked first), a wrap makes a partial sum negative.
    auto sumLoop = scf::ForOp::create(b, loc, e.index(0), count, e.index(1),
                                      ValueRange{e.i64(0), e.i64(0)});
    {
      OpBuilder::InsertionGuard inLoop(b);
      b.setInsertionPointToStart(sumLoop.getBody());
      Value next =
          arith::AddIOp::create(b, loc, sumLoop.getRegionIterArg(0),
                                e.entry(lengths, sumLoop.getInductionVar()));
      Value wrapped =
          arith::OrIOp::create(b, loc, sumLoop.getRegionIterArg(1), next);
      scf::YieldOp::create(b, loc, ValueRange{next, wrapped});
    }
    scf::YieldOp::create(b, loc,
                         ValueRange{loop.getResult(0), sumLoop.getResult(0),
                                    e.cmp(arith::CmpIPredicate::slt,
                                          sumLoop.getResult(1), e.i64(0))});
  }
  Value first = ifOp.getResult(0), sum = ifOp.getResult(1);
  e.failIf(e.cmp(arith::CmpIPredicate::sge, first, e.i64(0)),
           TA_ERR_SPLIT_NEGATIVE_LENGTH, Value(),
           [&](SmallVectorImpl<Value> &args) {
             args.append({first, e.entry(lengths, e.toIndex(first))});
           });
  e.failIf(ifOp.getResult(2), TA_ERR_SPLIT_SUM_OVERFLOW, Value(),
           [&](SmallVectorImpl<Value> &args) {
             args.push_back(e.i64(0));
             runtimeShape(e, value, 0, Value(), args);
           });
  Value rows = e.toI64(tensor::DimOp::create(b, loc, value, 0));
  e.failIf(e.cmp(arith::CmpIPredicate::ne, sum, rows), TA_ERR_SPLIT_SUM,
           Value(), [&](SmallVectorImpl<Value> &args) {
             args.push_back(sum);
             runtimeShape(e, value, 0, Value(), args);
           });
  return bits;
}

/// TensorFlow's Split: the sum and size checks, the marked size, then one
/// Write of `lengths[i]` rows per element, in order.
struct SplitLowering : TAPattern<SplitOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(SplitOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The value's shape for checks and messages; its rows from `data`.
    Value value = op.getValue();
    Value lengths, count;
    std::tie(lengths, count) = vectorOperand(rewriter, loc, op.getLengths());
    // (In none mode an unranked value of another rank writes nothing.)
    Value writeCount = count;
    RankedBulkValue ranked =
        rankedBulkValue(e, value, e.element.getShape().drop_front(),
                        TA_ERR_SPLIT_NOT_VECTOR, writeCount);
    RankedTensorType valueType = ranked.type;
    Value data = ranked.data;
    Value count64 = e.toI64(count);
    Value box = adaptor.getHandle().front();
    SmallVector<int64_t> want{valueType.getDimSize(0)};
    llvm::append_range(want, e.element.getShape().drop_front());
    Value restMismatch;
    Value lengthBits;
    if (e.strict)
      lengthBits = checkLengths(e, value, lengths, count);
    Value buffer, header;
    std::tie(buffer, header) = e.open(box);
    if (e.strict) {
      Value size = e.sizeAfterGrowth(header, count64);
      e.failIf(e.cmp(arith::CmpIPredicate::ne, size, count64),
               TA_ERR_SPLIT_SIZE, Value(), [&](SmallVectorImpl<Value> &args) {
                 args.append({size, count64});
               });
      restMismatch = shapeMismatch(e, value, want, 1);
    }
    // SetMarkedSize does nothing on an accumulator.
    if (!e.type.getIsGrad())
      e.set(header, kMarkedSize, count64);
    auto writeEach = [&] {
      writeRows(e, box, value, data, lengths, writeCount, want, restMismatch,
                rewriter);
    };
    if (e.type.getIsGrad()) {
      writeEach();
      if (ranked.copy)
        e.freeStorage(ranked.copy);
      rewriter.replaceOpWithMultiple(op, {ValueRange{}});
      return success();
    }
    // Writing the rows to slots [0, count) of a forward array, in a valid
    // program, is one copy, after growing a growable array to `count`
    // slots: every length is the element's first dim and the value has
    // exactly `count` elements' rows. In strict mode that is so when one scan
    // of the lengths and the state finds no mismatch and no slot written or
    // read; otherwise the writes one by one fail where TensorFlow's do.
    if (e.mayGrow()) {
      auto ifOp =
          scf::IfOp::create(rewriter, loc, TypeRange{buffer.getType()},
                            e.cmp(arith::CmpIPredicate::sgt, count64, e.i64(0)),
                            /*withElse=*/true);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      Value last = arith::SubIOp::create(rewriter, loc, count64, e.i64(1));
      scf::YieldOp::create(rewriter, loc, e.growFor(box, buffer, header, last));
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(rewriter, loc, buffer);
      rewriter.setInsertionPointAfter(ifOp);
      buffer = ifOp.getResult(0);
    }
    Value capacity = e.toIndex(e.get(e.header(buffer), kCapacity));
    auto copyAll = [&] {
      copyRows(e, data, want, writeCount, e.leadingSlots(buffer, writeCount),
               rewriter);
    };
    if (!e.strict) {
      // Without checks only materialized matters: one fill of the state.
      if (e.hasState())
        linalg::FillOp::create(
            rewriter, loc, ValueRange{e.i8(kWritten | kMaterialized)},
            ValueRange{e.bytes(buffer, e.stateOffset(capacity), count)});
      copyAll();
      if (ranked.copy)
        e.freeStorage(ranked.copy);
      rewriter.replaceOpWithMultiple(op, {ValueRange{}});
      return success();
    }
    Value slow = e.cmp(arith::CmpIPredicate::ne, lengthBits, e.i64(0));
    if (restMismatch)
      slow = arith::OrIOp::create(rewriter, loc, slow, restMismatch);
    Value state = e.stateView(buffer, capacity);
    slow = arith::OrIOp::create(
        rewriter, loc, slow,
        e.hasBit(e.foldState(state, count).first, kWritten | kRead));
    auto ifOp = scf::IfOp::create(rewriter, loc, slow, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      writeEach();
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      e.markState(state, count, e.i8(kWritten | kMaterialized));
      copyAll();
    }
    if (ranked.copy)
      e.freeStorage(ranked.copy);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }

  /// The value's rows as `count` elements (a reinterpretation, not an
  /// expand_shape: an invalid program's row count must not fail the
  /// compilation), copied to `slots`.
  static void copyRows(ArrayEmitter &e, Value value, ArrayRef<int64_t> want,
                       Value count, Value slots,
                       ConversionPatternRewriter &rewriter) {
    Location loc = e.loc;
    auto valueType = cast<RankedTensorType>(value.getType());
    Value flat =
        toBuffer(rewriter, loc, value,
                 RankedTensorType::get(want, valueType.getElementType()));
    SmallVector<OpFoldResult> sizes{OpFoldResult(count)}, strides;
    for (int64_t d : e.element.getShape())
      sizes.push_back(rewriter.getIndexAttr(d));
    SmallVector<int64_t> shape{ShapedType::kDynamic};
    llvm::append_range(shape, e.element.getShape());
    auto elementsType = MemRefType::get(shape, e.element.getElementType());
    // (For elements of no values the layout leaves the outer stride open.)
    for (int64_t stride : elementsType.getStridesAndOffset().first)
      strides.push_back(ShapedType::isDynamic(stride)
                            ? OpFoldResult(e.index(e.element.getNumElements()))
                            : OpFoldResult(rewriter.getIndexAttr(stride)));
    Value elements = memref::ReinterpretCastOp::create(
        rewriter, loc, elementsType, flat, rewriter.getIndexAttr(0), sizes,
        strides);
    memref::CopyOp::create(rewriter, loc, elements, slots);
  }

  /// TensorFlow's Split after its checks: one Write of `lengths[k]` rows
  /// per element, in order.
  static void writeRows(ArrayEmitter &e, Value box, Value value, Value data,
                        Value lengths, Value count, ArrayRef<int64_t> want,
                        Value restMismatch,
                        ConversionPatternRewriter &rewriter) {
    Location loc = e.loc;
    auto valueType = cast<RankedTensorType>(data.getType());
    Value rows =
        toBuffer(rewriter, loc, data,
                 RankedTensorType::get(want, valueType.getElementType()),
                 /*anyOffset=*/true);
    Value rows0 = e.i64(e.element.getDimSize(0));
    auto loop = scf::ForOp::create(rewriter, loc, e.index(0), count, e.index(1),
                                   ValueRange{e.index(0)});
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value k = loop.getInductionVar();
      Value offset = loop.getRegionIterArg(0);
      Value length = e.entry(lengths, k);
      // Element k has shape [lengths[k]] ++ value.shape[1:].
      Value mismatch;
      if (e.strict) {
        mismatch = e.cmp(arith::CmpIPredicate::ne, length, rows0);
        if (restMismatch)
          mismatch =
              arith::OrIOp::create(rewriter, loc, mismatch, restMismatch);
      }
      e.writeSlot(box, e.toI64(k), e.rows(rows, offset), mismatch,
                  [&](SmallVectorImpl<Value> &args) {
                    runtimeShape(e, value, 1, length, args);
                  });
      Value next =
          arith::AddIOp::create(rewriter, loc, offset, e.toIndex(length));
      scf::YieldOp::create(rewriter, loc, next);
    }
  }
};
} // namespace

void mlir::ta::populateTAConcatSplitLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<ConcatLowering, SplitLowering>(converter, patterns.getContext(),
                                              options);
}

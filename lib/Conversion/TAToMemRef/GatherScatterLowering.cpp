//===- GatherScatterLowering.cpp - ta.gather, ta.scatter ------------------===//
//
// The bulk operations of an index vector, as TensorFlow runs them: their own
// checks first, then one Read or Write per index, in order.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "BulkValues.h"
#include "IndexVectors.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// Builds `then` where `condition` holds and `otherwise` where it does not.
static void ifElse(ArrayEmitter &e, Value condition,
                   llvm::function_ref<void()> then,
                   llvm::function_ref<void()> otherwise) {
  auto ifOp = scf::IfOp::create(e.b, e.loc, condition, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(e.b);
  e.b.setInsertionPointToStart(ifOp.thenBlock());
  then();
  e.b.setInsertionPointToStart(ifOp.elseBlock());
  otherwise();
}

/// TensorFlow's Gather (ReadMany): one Read per index, in order.
///
/// A forward array never grows on a read, so its header does not change
/// during the Reads: it is loaded once, and each index takes the Read of
/// the loaded header (readLoadedSlotOffset: the closed and bounds checks,
/// the state test and update), which LLVM could not hoist out of a loop of
/// Reads (their state stores might alias the header). A
/// range's loop of Reads at the induction variable stays one that
/// ta-version-access-loops claims (one check of the slots, no per-slot
/// state).
///
/// A Read of an accumulator grows it to the index it reads. Where one scan
/// of the indices finds every one below the capacity (so the array is open)
/// and, in strict mode, none negative, no Read can fail on its index or
/// growth: the size is set once, to the largest index plus one, as the Reads
/// would set it, and each index takes readInBounds alone (its state test
/// and update), with the buffer, capacity and flags loaded once. Otherwise
/// the loop of Reads that grow one by one runs, whose first failing Read
/// (out of bounds, a cleared slot, or growth out of memory) gives
/// TensorFlow's error.
struct GatherLowering : TAPattern<GatherOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(GatherOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool grad = e.type.getIsGrad();
    bool range = isRangeVector(op.getIndices());
    FailureOr<func::FuncOp> read =
        getAccessFunction(e, options.outlineAccesses && (grad || range),
                          lookupOrDefineReadFunction, op, rewriter);
    if (failed(read))
      return failure();
    FailureOr<func::FuncOp> inBoundsRead =
        getAccessFunction(e, options.outlineAccesses && grad,
                          lookupOrDefineInBoundsReadFunction, op, rewriter);
    if (failed(inBoundsRead))
      return failure();
    FailureOr<func::FuncOp> loadedRead =
        getAccessFunction(e, options.outlineAccesses && !grad && !range,
                          lookupOrDefineLoadedReadFunction, op, rewriter);
    if (failed(loadedRead))
      return failure();
    IndexVector indices = IndexVector::get(rewriter, loc, op.getIndices());
    Value count = indices.count;
    auto resultType = cast<RankedTensorType>(op.getValue().getType());
    SmallVector<Value> dynamic;
    if (resultType.isDynamicDim(0))
      dynamic.push_back(count);
    Value result = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(resultType.getShape(), resultType.getElementType()),
        dynamic);
    Value box = adaptor.getHandle().front();
    // The array's buffer and header, loaded once (below).
    Value buffer, header;
    auto readEach = [&] {
      e.forLoop(e.index(0), count, [&](Value k) {
        Value data = readElement(e, *read, box, indices.at(e, k),
                                 /*inLoop=*/true);
        memref::CopyOp::create(rewriter, loc, data, e.slot(result, k));
      });
    };
    auto readInBounds = [&] {
      Value capacity = e.get(header, kCapacity);
      Value clear = e.readClearBits(header);
      e.forLoop(e.index(0), count, [&](Value k) {
        Value data = readElementInBounds(e, *inBoundsRead, buffer, capacity,
                                         clear, indices.at(e, k));
        memref::CopyOp::create(rewriter, loc, data, e.slot(result, k));
      });
    };
    if (!grad && range) {
      readEach();
    } else if (!grad) {
      buffer = e.loadBuffer(box);
      header = e.header(buffer);
      // (Without checks the Read needs no flags or size, nor, without
      // state, the capacity.)
      Value flags = e.i64(0), size = e.i64(0), capacity = e.i64(0);
      if (e.strict) {
        flags = e.get(header, kFlags);
        size = e.get(header, kSize);
      }
      if (e.hasState())
        capacity = e.get(header, kCapacity);
      e.forLoop(e.index(0), count, [&](Value k) {
        Value data = readElementLoaded(e, *loadedRead, buffer, flags, size,
                                       capacity, indices.at(e, k));
        memref::CopyOp::create(rewriter, loc, data, e.slot(result, k));
      });
    } else {
      buffer = e.loadBuffer(box);
      header = e.header(buffer);
      Value min, max;
      std::tie(min, max) = indices.bounds(e);
      // A closed accumulator's capacity is 0 (ta.close): it reads one by one
      // whenever there is an index to read. A negative index is a Read's
      // error in strict mode, undefined behaviour without checks.
      Value fast =
          e.cmp(arith::CmpIPredicate::slt, max, e.get(header, kCapacity));
      if (e.strict)
        fast = arith::AndIOp::create(
            rewriter, loc, fast,
            e.cmp(arith::CmpIPredicate::sge, min, e.i64(0)));
      ifElse(
          e, fast,
          [&] {
            e.sizeBeforeReads(header, max);
            readInBounds();
          },
          readEach);
    }
    rewriter.replaceOp(op, toTensor(rewriter, loc, result, resultType));
    return success();
  }
};

/// TensorFlow's Scatter: the length and max-index checks, then one Write
/// per index, in order.
///
/// An accumulator never grows on a write, and the max-index check leaves
/// its largest index below the size: where the scan of the indices that
/// found it also finds none negative (without checks: always), each index
/// takes writeInBounds alone (its state test and update, and the sum), with
/// the buffer and capacity loaded once. Otherwise (and where rows of a less
/// static shape are checked one by one) the loop of Writes runs, whose
/// first failing Write gives TensorFlow's error. A forward array's loop of
/// Writes keeps its header in registers (measured: a scan of the indices
/// for the same cost what it saved). A growable array first gets the
/// capacity for its largest index where none is negative (reserveFor, with
/// `reserveCapacity`): one move of its slots instead of a growth, and a
/// copy of every slot, at each doubling, as a scatter of 0..n-1 (unstack)
/// into an empty array had; where that gives room for every index, each
/// takes writeInBounds, the size set once. A range 0..n-1 (IndexVectors.h)
/// instead takes the loop of Writes at the induction variable, which
/// ta-version-access-loops claims (one check of the slots, the rows moved
/// by one copy): its reservation leaves the data of slots below n unzeroed
/// (every one is written before anything can read it, or the scatter
/// fails), and the size is set before the Writes where it gave room, so
/// that the claim holds.
struct ScatterLowering : TAPattern<ScatterOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(ScatterOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The value's shape for checks and messages; its rows from `data`.
    Value value = op.getValue();
    bool unranked = isa<UnrankedTensorType>(value.getType());
    // Rows of a less static shape are checked one by one, with the Write
    // written out (AccessLowering.cpp).
    bool checkRows =
        e.strict &&
        (unranked ||
         cast<RankedTensorType>(value.getType()).getShape().drop_front() !=
             e.element.getShape());
    FailureOr<func::FuncOp> write =
        getAccessFunction(e, options.outlineAccesses && !checkRows,
                          lookupOrDefineWriteFunction, op, rewriter);
    if (failed(write))
      return failure();
    // A growable array gets the capacity for the largest index first
    // (reserveFor); where that gives room for every index, each takes
    // writeInBounds too, the size set once (but for a range's Writes).
    bool reserve = e.mayGrow() && options.reserveCapacity;
    // A range's Writes to a forward array are the loop of Writes at its
    // induction variable, which ta-version-access-loops claims (one check
    // of the slots, the rows moved by one copy), the size set first.
    bool rangeWrites =
        isRangeVector(op.getIndices()) && !e.type.getIsGrad() && !checkRows;
    bool inBounds =
        (e.type.getIsGrad() || reserve) && !checkRows && !rangeWrites;
    FailureOr<func::FuncOp> inBoundsWrite =
        getAccessFunction(e, options.outlineAccesses && inBounds,
                          lookupOrDefineInBoundsWriteFunction, op, rewriter);
    if (failed(inBoundsWrite))
      return failure();
    IndexVector indices = IndexVector::get(rewriter, loc, op.getIndices());
    // The indices' count, which rankedBulkValue makes 0 where an invalid
    // program's value has no row of the element's rank: the loops and a
    // range's bounds (the overwriting reservation's slots) read the same.
    Value &count = indices.count;
    RankedBulkValue ranked = rankedBulkValue(e, value, e.element.getShape(),
                                             TA_ERR_SCATTER_NOT_VECTOR, count);
    RankedTensorType valueType = ranked.type;
    Value data = ranked.data;
    Value box = adaptor.getHandle().front();
    SmallVector<int64_t> want{valueType.getDimSize(0)};
    llvm::append_range(want, e.element.getShape());
    // TensorFlow's kernel asks the array's size (failing on a closed array)
    // before it compares len(indices) with the value's rows.
    Value buffer, header;
    std::tie(buffer, header) = e.open(box);
    Value size = e.get(header, kSize);
    Value rowMismatch, fast, min, max;
    if (e.strict) {
      Value rows = tensor::DimOp::create(rewriter, loc, value, 0);
      e.failIf(e.cmp(arith::CmpIPredicate::ne, count, rows),
               TA_ERR_SCATTER_LENGTH, buffer,
               [&](SmallVectorImpl<Value> &args) {
                 args.append({e.toI64(count), e.toI64(rows)});
               });
      // The largest index (-1 when there are none) must be below the size;
      // a growable array grows to it, so only a fixed one can fail (no
      // `max + 1` to compute: it would wrap for an index of INT64_MAX).
      std::tie(min, max) = indices.bounds(e);
      Value past = e.cmp(arith::CmpIPredicate::sge, max, size);
      if (e.mayGrow())
        past = arith::AndIOp::create(
            rewriter, loc, past,
            arith::XOrIOp::create(rewriter, loc,
                                  e.hasBit(e.get(header, kFlags), kDynamic),
                                  e.one()));
      e.failIf(past, TA_ERR_SCATTER_MAX_INDEX, buffer,
               [&](SmallVectorImpl<Value> &args) { args.append({max, size}); });
      rowMismatch = shapeMismatch(e, value, want, 1);
      if (inBounds && !reserve)
        fast = e.cmp(arith::CmpIPredicate::sge, min, e.i64(0));
    }
    Value inBoundsBuffer = buffer, inBoundsHeader = header, end;
    if (reserve) {
      if (!max)
        std::tie(min, max) = indices.bounds(e);
      // max + 1 wraps only for an index of INT64_MAX, past any capacity.
      Value first = e.toIndex(min);
      end = arith::AddIOp::create(rewriter, loc, max, e.i64(1));
      e.reserveFor(box, first, e.toIndex(end), /*overwritten=*/rangeWrites);
      if (rangeWrites) {
        // Where the reservation gave room for them all, the size the
        // Writes leave, set before them: their slots are then below it, as
        // the loop's claim asks (an error they find does not say the
        // size).
        Value reserved = e.header(e.loadBuffer(box));
        auto ifOp = scf::IfOp::create(
            rewriter, loc,
            e.cmp(arith::CmpIPredicate::slt, max, e.get(reserved, kCapacity)),
            /*withElseRegion=*/false);
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        e.set(
            reserved, kSize,
            arith::MaxSIOp::create(rewriter, loc, e.get(reserved, kSize), end));
      }
      if (inBounds) {
        // Every index in [0, capacity): no write grows the array, and its
        // size becomes what the writes would leave (an error they find
        // does not say the size).
        inBoundsBuffer = e.loadBuffer(box);
        inBoundsHeader = e.header(inBoundsBuffer);
        Value capacity = e.get(inBoundsHeader, kCapacity);
        Value nonNegative = e.cmp(arith::CmpIPredicate::sge, min, e.i64(0));
        Value room = e.cmp(arith::CmpIPredicate::slt, max, capacity);
        fast = arith::AndIOp::create(rewriter, loc, nonNegative, room);
      }
    }
    Value rows =
        toBuffer(rewriter, loc, data,
                 RankedTensorType::get(want, valueType.getElementType()),
                 /*anyOffset=*/true);
    auto writeEach = [&] {
      e.forLoop(e.index(0), count, [&](Value k) {
        Value row = e.slot(rows, k);
        if (*write) {
          assert(!rowMismatch && "rows of the element shape are not checked");
          writeElement(e, *write, box, indices.at(e, k), row,
                       /*inLoop=*/true);
          return;
        }
        e.writeSlot(box, indices.at(e, k), row, rowMismatch,
                    [&](SmallVectorImpl<Value> &args) {
                      runtimeShape(e, value, 1, Value(), args);
                    });
      });
    };
    auto writeInBounds = [&] {
      Value capacity = e.get(inBoundsHeader, kCapacity);
      if (reserve)
        e.set(inBoundsHeader, kSize,
              arith::MaxSIOp::create(rewriter, loc,
                                     e.get(inBoundsHeader, kSize), end));
      e.forLoop(e.index(0), count, [&](Value k) {
        writeElementInBounds(e, *inBoundsWrite, inBoundsBuffer, capacity,
                             indices.at(e, k), e.slot(rows, k));
      });
    };
    if (!inBounds)
      writeEach();
    else if (!fast)
      writeInBounds();
    else
      ifElse(e, fast, writeInBounds, writeEach);
    if (ranked.copy)
      e.freeStorage(ranked.copy);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};
} // namespace

void mlir::ta::populateTAGatherScatterLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<GatherLowering, ScatterLowering>(converter,
                                                patterns.getContext(), options);
}

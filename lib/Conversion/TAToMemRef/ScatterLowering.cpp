//===- ScatterLowering.cpp - ta.scatter -----------------------------------===//
//
// TensorFlow's Scatter (WriteMany): its own checks first, then one Write per
// index, in order. Where accesses are outlined and the value's rows are of
// the element's shape, that is the body of the scatter function of the
// array's kind and the indices' type, which the op calls with the value in
// place.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "BulkMoves.h"
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

/// How a scatter of one array kind writes its rows: the functions it calls
/// (null where the writes are written out) and the paths it has.
struct ScatterPlan {
  /// Rows of a less static shape than the element's are checked one by one
  /// (strict mode), with the Write written out (AccessLowering.cpp).
  bool checkRows = false;
  /// A growable array gets the capacity for the largest index first
  /// (reserveFor); where that gives room for every index, each takes
  /// writeInBounds too, the size set once (but for a range's Writes).
  bool reserve = false;
  /// A range's Writes to a forward array are the loop of Writes at its
  /// induction variable, which ta-version-access-loops claims (one check
  /// of the slots, the rows moved by one copy), the size set first.
  bool rangeWrites = false;
  /// Each index may take writeInBounds (an accumulator, a reservation).
  bool inBounds = false;
  /// The Writes move no data; the rows move into their slots after them,
  /// by one loop nest (moveSlotRows): TAToMemRefOptions::bulkMoves, for a
  /// forward array (an accumulator's Write adds or stores by the slot's
  /// state, and may take the same slot twice).
  bool bulk = false;
  func::FuncOp write, inBoundsWrite;
};

/// The plan of a scatter into `e`'s arrays of `value` (its rows checked
/// one by one where `checkRows`) at indices that are a range (`range`);
/// a match failure of `op` where a function's name is taken.
static FailureOr<ScatterPlan>
planScatter(const ArrayEmitter &e, const TAToMemRefOptions &options,
            bool checkRows, bool range, Operation *op, RewriterBase &rewriter) {
  ScatterPlan plan;
  plan.checkRows = checkRows;
  plan.reserve = e.mayGrow() && options.reserveCapacity;
  plan.rangeWrites = range && !e.type.getIsGrad() && !checkRows;
  plan.inBounds =
      (e.type.getIsGrad() || plan.reserve) && !checkRows && !plan.rangeWrites;
  plan.bulk = options.bulkMoves && !e.type.getIsGrad();
  FailureOr<func::FuncOp> write =
      getAccessFunction(e, options.outlineAccesses && !checkRows,
                        lookupOrDefineWriteFunction, op, rewriter);
  if (failed(write))
    return failure();
  FailureOr<func::FuncOp> inBoundsWrite =
      getAccessFunction(e, options.outlineAccesses && plan.inBounds,
                        lookupOrDefineInBoundsWriteFunction, op, rewriter);
  if (failed(inBoundsWrite))
    return failure();
  plan.write = *write;
  plan.inBoundsWrite = *inBoundsWrite;
  return plan;
}

/// TensorFlow's Scatter of `rows` ([n] ++ the element shape, any offset) at
/// `indices` into the array in `box`: the length and max-index checks, then
/// one Write per index, in order. `valueRows` is the value's dim 0 (strict
/// mode's length check); `value`, where given, the tensor whose rows are
/// checked one by one (ScatterPlan::checkRows) and whose shape their
/// messages name.
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
static void emitScatter(ArrayEmitter &e, const ScatterPlan &plan, Value box,
                        const IndexVector &indices, Value rows, Value valueRows,
                        Value value) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value count = indices.count;
  // TensorFlow's kernel asks the array's size (failing on a closed array)
  // before it compares len(indices) with the value's rows.
  Value buffer, header;
  std::tie(buffer, header) = e.open(box);
  Value size = e.get(header, kSize);
  Value rowMismatch, fast, min, max;
  if (e.strict) {
    e.failIf(e.cmp(arith::CmpIPredicate::ne, count, valueRows),
             TA_ERR_SCATTER_LENGTH, buffer, [&](SmallVectorImpl<Value> &args) {
               args.append({e.toI64(count), e.toI64(valueRows)});
             });
    // The largest index (-1 when there are none) must be below the size;
    // a growable array grows to it, so only a fixed one can fail (no
    // `max + 1` to compute: it would wrap for an index of INT64_MAX).
    std::tie(min, max) = indices.bounds(e);
    Value past = e.cmp(arith::CmpIPredicate::sge, max, size);
    if (e.mayGrow())
      past = arith::AndIOp::create(
          b, loc, past,
          arith::XOrIOp::create(
              b, loc, e.hasBit(e.get(header, kFlags), kDynamic), e.one()));
    e.failIf(past, TA_ERR_SCATTER_MAX_INDEX, buffer,
             [&](SmallVectorImpl<Value> &args) { args.append({max, size}); });
    if (plan.checkRows) {
      SmallVector<int64_t> want{ShapedType::kDynamic};
      llvm::append_range(want, e.element.getShape());
      rowMismatch = shapeMismatch(e, value, want, 1);
    }
    if (plan.inBounds && !plan.reserve)
      fast = e.cmp(arith::CmpIPredicate::sge, min, e.i64(0));
  }
  Value inBoundsBuffer = buffer, inBoundsHeader = header, end;
  if (plan.reserve) {
    if (!max)
      std::tie(min, max) = indices.bounds(e);
    // max + 1 wraps only for an index of INT64_MAX, past any capacity.
    Value first = e.toIndex(min);
    end = arith::AddIOp::create(b, loc, max, e.i64(1));
    e.reserveFor(box, first, e.toIndex(end),
                 /*overwritten=*/plan.rangeWrites);
    if (plan.rangeWrites) {
      // Where the reservation gave room for them all, the size the Writes
      // leave, set before them: their slots are then below it, as the
      // loop's claim asks (an error they find does not say the size).
      Value reserved = e.header(e.loadBuffer(box));
      auto ifOp = scf::IfOp::create(
          b, loc,
          e.cmp(arith::CmpIPredicate::slt, max, e.get(reserved, kCapacity)),
          /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      e.set(reserved, kSize,
            arith::MaxSIOp::create(b, loc, e.get(reserved, kSize), end));
    }
    if (plan.inBounds) {
      // Every index in [0, capacity): no write grows the array, and its
      // size becomes what the writes would leave (an error they find does
      // not say the size).
      inBoundsBuffer = e.loadBuffer(box);
      inBoundsHeader = e.header(inBoundsBuffer);
      Value capacity = e.get(inBoundsHeader, kCapacity);
      Value nonNegative = e.cmp(arith::CmpIPredicate::sge, min, e.i64(0));
      Value room = e.cmp(arith::CmpIPredicate::slt, max, capacity);
      fast = arith::AndIOp::create(b, loc, nonNegative, room);
    }
  }
  // The row Write k stores; none where the rows move after the Writes.
  auto rowAt = [&](Value k) { return plan.bulk ? Value() : e.slot(rows, k); };
  auto writeEach = [&] {
    e.forLoop(e.index(0), count, [&](Value k) {
      Value row = rowAt(k);
      if (plan.write) {
        assert(!rowMismatch && "rows of the element shape are not checked");
        writeElement(e, plan.write, box, indices.at(e, k), row,
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
    if (plan.reserve)
      e.set(inBoundsHeader, kSize,
            arith::MaxSIOp::create(b, loc, e.get(inBoundsHeader, kSize), end));
    e.forLoop(e.index(0), count, [&](Value k) {
      writeElementInBounds(e, plan.inBoundsWrite, inBoundsBuffer, capacity,
                           indices.at(e, k), rowAt(k));
    });
  };
  if (!plan.inBounds)
    writeEach();
  else if (!fast)
    writeInBounds();
  else
    e.ifElse(fast, writeInBounds, writeEach);
  if (plan.bulk)
    moveSlotRows(e, e.loadBuffer(box), indices, rows, RowMove::IntoSlots);
}

/// `__ta_scatter_<indices>_<kind>_<checks>_<element>`: emitScatter as a
/// function `(box, index count, index value rows, [indices,] rows) -> ()`,
/// `<indices>` the indices' element type (`memref<?x...>`) or `range` (none
/// passed), the rows `[?] ++ element`, row-major at any offset (a slice of
/// a larger tensor, in place). The counts are passed apart from the
/// memrefs, whose sizes are dynamic: where LLVM inlines the call, static
/// ones are constants there again (see the gather function). Indices and
/// rows are marked noalias (markNoAlias). Null when another symbol has the
/// name.
static func::FuncOp lookupOrDefineScatterFunction(const ArrayEmitter &e,
                                                  const ScatterPlan &plan,
                                                  Type indexType) {
  MLIRContext *context = e.type.getContext();
  Type index = IndexType::get(context);
  SmallVector<Type, 5> inputs{TATypeConverter::getBoxType(context), index,
                              index};
  std::string prefix = kScatterFunctionPrefix.str();
  appendIndexParameter(indexType, prefix, inputs);
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, e.element.getShape());
  inputs.push_back(getRowMajorType(shape, e.element.getElementType()));
  return lookupOrDefineArrayFunction(
      e, accessFunctionName(prefix, e, /*write=*/true),
      FunctionType::get(context, inputs, {}),
      [&](ArrayEmitter &f, ValueRange args) {
        markNoAlias(args.drop_front(3));
        IndexVector indices{indexType ? args[3] : Value(), args[1]};
        emitScatter(f, plan, args[0], indices, args.back(), args[2], Value());
        return SmallVector<Value>();
      });
}

/// ta.scatter: where accesses are outlined, the array is not in the
/// function's frame and the value is ranked with rows of the element's
/// shape, a call of the scatter function of the array's kind; otherwise
/// emitScatter where the op is.
struct ScatterLowering : TAPattern<ScatterOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(ScatterOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The value's shape for checks and messages; its rows from `data`.
    Value value = op.getValue();
    bool unranked = isa<UnrankedTensorType>(value.getType());
    bool checkRows =
        e.strict &&
        (unranked ||
         cast<RankedTensorType>(value.getType()).getShape().drop_front() !=
             e.element.getShape());
    bool range = isRangeVector(op.getIndices());
    FailureOr<ScatterPlan> plan =
        planScatter(e, options, checkRows, range, op, rewriter);
    if (failed(plan))
      return failure();
    func::FuncOp scatter;
    if (options.outlineAccesses && !options.frame.holds(op.getHandle()) &&
        !unranked && !checkRows) {
      Type indexType =
          range ? Type() : op.getIndices().getType().getElementType();
      scatter = lookupOrDefineScatterFunction(e, *plan, indexType);
      if (!scatter)
        return rewriter.notifyMatchFailure(
            op, "the name of a scatter function is taken by another symbol");
    }
    IndexVector indices = IndexVector::get(rewriter, loc, op.getIndices());
    // The indices' count, which rankedBulkValue makes 0 where an invalid
    // program's value has no row of the element's rank: the loops and a
    // range's bounds (the overwriting reservation's slots) read the same.
    RankedBulkValue ranked =
        rankedBulkValue(e, value, e.element.getShape(),
                        TA_ERR_SCATTER_NOT_VECTOR, indices.count);
    SmallVector<int64_t> want{ranked.type.getDimSize(0)};
    llvm::append_range(want, e.element.getShape());
    Value rows =
        toBuffer(rewriter, loc, ranked.data,
                 RankedTensorType::get(want, ranked.type.getElementType()),
                 /*anyOffset=*/true);
    Value box = adaptor.getHandle().front();
    if (scatter) {
      ArrayRef<Type> inputs = scatter.getFunctionType().getInputs();
      Value valueRows = ShapedType::isDynamic(want[0])
                            ? memref::DimOp::create(rewriter, loc, rows, 0)
                            : e.index(want[0]);
      SmallVector<Value, 5> args{box, indices.count, valueRows};
      if (!range)
        args.push_back(castTo(rewriter, loc, indices.entries, inputs[3]));
      args.push_back(castTo(rewriter, loc, rows, inputs.back()));
      callInlined(rewriter, loc, scatter, args);
    } else {
      Value valueRows =
          e.strict ? tensor::DimOp::create(rewriter, loc, value, 0) : Value();
      emitScatter(e, *plan, box, indices, rows, valueRows, value);
    }
    if (ranked.copy)
      e.freeStorage(ranked.copy);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};
} // namespace

void mlir::ta::populateTAScatterLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<ScatterLowering>(converter, patterns.getContext(), options);
}

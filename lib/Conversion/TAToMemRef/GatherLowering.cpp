//===- GatherLowering.cpp - ta.gather -------------------------------------===//
//
// TensorFlow's Gather (ReadMany): one Read per index, in order, into a
// buffer of [count] ++ element allocated where the op is. Where accesses
// are outlined, the reads are the body of the gather function of the
// array's kind and the indices' type, which the op calls.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "BulkMoves.h"
#include "BulkValues.h"
#include "IndexVectors.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// The read functions a gather calls; null where the reads are written out.
struct GatherReads {
  func::FuncOp each, inBounds, loaded;
};

/// The read functions a gather of `e`'s arrays calls (`range`: its indices
/// are a range) where accesses are outlined (`outline`); a match failure of
/// `op` where a name is taken by another symbol.
static FailureOr<GatherReads> getGatherReads(const ArrayEmitter &e,
                                             bool outline, bool range,
                                             Operation *op,
                                             RewriterBase &rewriter) {
  bool grad = e.type.getIsGrad();
  GatherReads reads;
  auto get = [&](func::FuncOp &function, bool wanted,
                 func::FuncOp (*lookup)(const ArrayEmitter &)) {
    FailureOr<func::FuncOp> found =
        getAccessFunction(e, outline && wanted, lookup, op, rewriter);
    function = succeeded(found) ? *found : func::FuncOp();
    return found;
  };
  if (failed(get(reads.each, grad || range, lookupOrDefineReadFunction)) ||
      failed(get(reads.inBounds, grad, lookupOrDefineInBoundsReadFunction)) ||
      failed(
          get(reads.loaded, !grad && !range, lookupOrDefineLoadedReadFunction)))
    return failure();
  return reads;
}

/// TensorFlow's Gather of `indices` from the array in `box` into `result`
/// (getElementsType, of the indices' count): one Read per index, in order.
///
/// A forward array never grows on a read, so its header does not change
/// during the Reads: it is loaded once, and each index takes the Read of
/// the loaded header (readLoadedSlotOffset: the closed and bounds checks,
/// the state test and update), which LLVM could not hoist out of a loop of
/// Reads (their state stores might alias the header). A range's loop of
/// Reads at the induction variable stays one that ta-version-access-loops
/// claims (one check of the slots, no per-slot state).
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
///
/// With `bulk` (TAToMemRefOptions::bulkMoves) the Reads move no data: every
/// slot is copied into `result` after them, by one loop nest
/// (moveSlotRows), out of the buffer the box holds then.
static void emitGather(ArrayEmitter &e, const GatherReads &reads, Value box,
                       const IndexVector &indices, Value result, bool bulk) {
  if (bulk) {
    emitGather(e, reads, box, indices, Value(), /*bulk=*/false);
    moveSlotRows(e, e.loadBuffer(box), indices, result, RowMove::OutOfSlots);
    return;
  }
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value count = indices.count;
  // (No result: the Reads alone, their slots' views left unused.)
  auto copyTo = [&](Value k, Value data) {
    if (result)
      memref::CopyOp::create(b, loc, data, e.slot(result, k));
  };
  auto readEach = [&] {
    e.forLoop(e.index(0), count, [&](Value k) {
      copyTo(k, readElement(e, reads.each, box, indices.at(e, k),
                            /*inLoop=*/true));
    });
  };
  if (!e.type.getIsGrad() && indices.isRange())
    return readEach();
  Value buffer = e.loadBuffer(box);
  Value header = e.header(buffer);
  if (!e.type.getIsGrad()) {
    // (Without checks the Read needs no flags or size, nor, without state,
    // the capacity.)
    Value flags = e.i64(0), size = e.i64(0), capacity = e.i64(0);
    if (e.strict) {
      flags = e.get(header, kFlags);
      size = e.get(header, kSize);
    }
    if (e.hasState())
      capacity = e.get(header, kCapacity);
    e.forLoop(e.index(0), count, [&](Value k) {
      copyTo(k, readElementLoaded(e, reads.loaded, buffer, flags, size,
                                  capacity, indices.at(e, k)));
    });
    return;
  }
  Value min, max;
  std::tie(min, max) = indices.bounds(e);
  // A closed accumulator's capacity is 0 (ta.close): it reads one by one
  // whenever there is an index to read. A negative index is a Read's error
  // in strict mode, undefined behaviour without checks.
  Value fast = e.cmp(arith::CmpIPredicate::slt, max, e.get(header, kCapacity));
  if (e.strict)
    fast = arith::AndIOp::create(
        b, loc, fast, e.cmp(arith::CmpIPredicate::sge, min, e.i64(0)));
  e.ifElse(
      fast,
      [&] {
        e.sizeBeforeReads(header, max);
        Value capacity = e.get(header, kCapacity);
        Value clear = e.readClearBits(header);
        e.forLoop(e.index(0), count, [&](Value k) {
          copyTo(k, readElementInBounds(e, reads.inBounds, buffer, capacity,
                                        clear, indices.at(e, k)));
        });
      },
      readEach);
}

/// `__ta_gather_<indices>_<kind>_<checks>_<element>`: emitGather as a
/// function `(box, index count, [indices,] result) -> ()`, `<indices>` the
/// indices' element type (`memref<?x...>`) or `range` (none passed). The
/// count is passed apart from the memrefs, whose sizes are dynamic: where
/// LLVM inlines the call, a static count is a constant there again (a
/// loop of known trip count, unrolled; strict 16 B gathers were 10% slower
/// with the count read from the descriptor). The result is allocated where
/// the op is, so that it is freed there with nothing to check (a buffer a
/// call returns may alias any other); indices and result are marked
/// noalias (markNoAlias). Null when another symbol has the name.
static func::FuncOp lookupOrDefineGatherFunction(const ArrayEmitter &e,
                                                 const GatherReads &reads,
                                                 Type indexType) {
  MLIRContext *context = e.type.getContext();
  SmallVector<Type, 4> inputs{TATypeConverter::getBoxType(context),
                              IndexType::get(context)};
  std::string prefix = kGatherFunctionPrefix.str();
  appendIndexParameter(indexType, prefix, inputs);
  inputs.push_back(getElementsType(e));
  return lookupOrDefineArrayFunction(
      e, accessFunctionName(prefix, e, /*write=*/false),
      FunctionType::get(context, inputs, {}),
      [&](ArrayEmitter &f, ValueRange args) {
        markNoAlias(args.drop_front(2));
        IndexVector indices{indexType ? args[2] : Value(), args[1]};
        emitGather(f, reads, args[0], indices, args.back(), /*bulk=*/false);
        return SmallVector<Value>();
      });
}

/// ta.gather: the result's buffer allocated, then, where accesses are
/// outlined and the array is not in the function's frame, a call of the
/// gather function of the array's kind; otherwise emitGather where the op
/// is.
struct GatherLowering : TAPattern<GatherOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(GatherOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool range = isRangeVector(op.getIndices());
    FailureOr<GatherReads> reads = getGatherReads(
        e, options.outlineAccesses, range, op.getOperation(), rewriter);
    if (failed(reads))
      return failure();
    func::FuncOp gather;
    if (options.outlineAccesses && !options.frame.holds(op.getHandle())) {
      Type indexType =
          range ? Type() : op.getIndices().getType().getElementType();
      gather = lookupOrDefineGatherFunction(e, *reads, indexType);
      if (!gather)
        return rewriter.notifyMatchFailure(
            op, "the name of a gather function is taken by another symbol");
    }
    IndexVector indices = IndexVector::get(rewriter, loc, op.getIndices());
    auto resultType = cast<RankedTensorType>(op.getValue().getType());
    SmallVector<Value, 1> dynamic;
    if (resultType.isDynamicDim(0))
      dynamic.push_back(indices.count);
    // (16-byte aligned for the wide accesses of bulk moves.)
    Value result = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(resultType.getShape(), resultType.getElementType()),
        dynamic, ValueRange(),
        options.bulkMoves ? rewriter.getI64IntegerAttr(16) : IntegerAttr());
    // [count] ++ element, as emitGather and the function take it.
    Value elements = castTo(rewriter, loc, result, getElementsType(e));
    Value box = adaptor.getHandle().front();
    if (gather) {
      SmallVector<Value, 4> args{box, indices.count};
      if (!range)
        args.push_back(castTo(rewriter, loc, indices.entries,
                              gather.getFunctionType().getInput(2)));
      args.push_back(elements);
      callInlined(rewriter, loc, gather, args);
    } else {
      emitGather(e, *reads, box, indices, elements, options.bulkMoves);
    }
    rewriter.replaceOp(op, toTensor(rewriter, loc, result, resultType));
    return success();
  }
};
} // namespace

void mlir::ta::populateTAGatherLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<GatherLowering>(converter, patterns.getContext(), options);
}

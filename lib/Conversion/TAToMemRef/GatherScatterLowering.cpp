//===- GatherScatterLowering.cpp - ta.gather, ta.scatter ------------------===//
//
// The bulk operations of an index vector, as TensorFlow runs them: their own
// checks first, then one Read or Write per index, in order.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "BulkValues.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// TensorFlow's Gather (ReadMany): one Read per index, in order.
///
/// A Read of an accumulator grows it to the index it reads. Where every
/// index is below the capacity (so the array is open) and none negative, no
/// Read can fail on its index or growth: setting the size once, to the
/// largest index plus one, does what the Reads would, and leaves a loop in
/// which the buffer and its header stay put (LLVM keeps them in registers).
/// Otherwise the loop of Reads that grow one by one runs, whose first
/// failing Read (out of bounds, a cleared slot, or growth out of memory)
/// gives TensorFlow's error.
struct GatherLowering : TAPattern<GatherOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(GatherOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool grad = e.type.getIsGrad();
    FailureOr<func::FuncOp> read = getAccessFunction(
        e, options.outlineAccesses, lookupOrDefineReadFunction, op, rewriter);
    if (failed(read))
      return failure();
    FailureOr<func::FuncOp> grownRead =
        grad ? getAccessFunction(e, options.outlineAccesses,
                                 lookupOrDefineGrownReadFunction, op, rewriter)
             : read;
    if (failed(grownRead))
      return failure();
    Value indices, count;
    std::tie(indices, count) = vectorOperand(rewriter, loc, op.getIndices());
    auto resultType = cast<RankedTensorType>(op.getValue().getType());
    SmallVector<Value> dynamic;
    if (resultType.isDynamicDim(0))
      dynamic.push_back(count);
    Value result = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(resultType.getShape(), resultType.getElementType()),
        dynamic);
    Value box = adaptor.getHandle().front();
    auto readAll = [&](func::FuncOp function, bool grown) {
      e.forLoop(e.index(0), count, [&](Value k) {
        Value data = readElement(e, function, box, e.entry(indices, k),
                                 /*inLoop=*/true, grown);
        memref::CopyOp::create(rewriter, loc, data, e.slot(result, k));
      });
    };
    if (!grad) {
      readAll(*read, /*grown=*/false);
    } else {
      // A closed array's capacity is 0 (ta.close), so it takes the loop of
      // Reads whenever there is an index to read.
      Value max = e.reduce(indices, count, e.i64(-1), [&](Value a, Value b) {
        return arith::MaxSIOp::create(rewriter, loc, a, b);
      });
      Value header = e.header(e.loadBuffer(box));
      Value fast =
          e.cmp(arith::CmpIPredicate::slt, max, e.get(header, kCapacity));
      if (e.strict) {
        Value min = e.reduce(indices, count, e.i64(0), [&](Value a, Value b) {
          return arith::MinSIOp::create(rewriter, loc, a, b);
        });
        fast = arith::AndIOp::create(
            rewriter, loc, fast,
            e.cmp(arith::CmpIPredicate::sge, min, e.i64(0)));
      }
      auto ifOp = scf::IfOp::create(rewriter, loc, fast, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      e.sizeBeforeReads(header, max);
      readAll(*grownRead, /*grown=*/true);
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      readAll(*read, /*grown=*/false);
    }
    rewriter.replaceOp(op, toTensor(rewriter, loc, result, resultType));
    return success();
  }
};
/// TensorFlow's Scatter: the length and max-index checks, then one Write
/// per index, in order.
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
    Value indices, count;
    std::tie(indices, count) = vectorOperand(rewriter, loc, op.getIndices());
    RankedBulkValue ranked = rankedBulkValue(e, value, e.element.getShape(),
                                             TA_ERR_SCATTER_NOT_VECTOR, count);
    RankedTensorType valueType = ranked.type;
    Value data = ranked.data;
    Value box = adaptor.getHandle().front();
    SmallVector<int64_t> want{valueType.getDimSize(0)};
    llvm::append_range(want, e.element.getShape());
    Value rowMismatch;
    if (e.strict) {
      // TensorFlow's kernel asks the array's size (failing on a closed
      // array) before it compares len(indices) with the value's rows.
      auto [buffer, header] = e.open(box);
      Value rows = tensor::DimOp::create(rewriter, loc, value, 0);
      e.failIf(e.cmp(arith::CmpIPredicate::ne, count, rows),
               TA_ERR_SCATTER_LENGTH, buffer,
               [&](SmallVectorImpl<Value> &args) {
                 args.append({e.toI64(count), e.toI64(rows)});
               });
      // The largest index (-1 when there are none) must be below the size;
      // a growable array grows to it, so only a fixed one can fail (no
      // `max + 1` to compute: it would wrap for an index of INT64_MAX).
      Value max = e.reduce(indices, count, e.i64(-1), [&](Value a, Value b) {
        return arith::MaxSIOp::create(rewriter, loc, a, b);
      });
      Value size = e.get(header, kSize);
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
    }
    Value rows =
        toBuffer(rewriter, loc, data,
                 RankedTensorType::get(want, valueType.getElementType()),
                 /*anyOffset=*/true);
    e.forLoop(e.index(0), count, [&](Value k) {
      Value row = e.slot(rows, k);
      if (*write) {
        assert(!rowMismatch && "rows of the element shape are not checked");
        writeElement(e, *write, box, e.entry(indices, k), row,
                     /*inLoop=*/true);
        return;
      }
      e.writeSlot(box, e.entry(indices, k), row, rowMismatch,
                  [&](SmallVectorImpl<Value> &args) {
                    runtimeShape(e, value, 1, Value(), args);
                  });
    });
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

//===- SplitLowering.cpp - ta.split ---------------------------------------===//
//
// TensorFlow's Split into a whole array: its own checks first (the lengths,
// their sum, the size), then one Write of `lengths[i]` rows per element, in
// order. Where the checks and one scan of the state show that the writes
// would do nothing else, a split into a forward array is a single copy. A
// strict split calls the split function of its array's kind.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "BulkValues.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

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

/// The value's rows as `count` elements (a reinterpretation, not an
/// expand_shape: an invalid program's row count must not fail the
/// compilation), copied to `slots`. The value is read where it is (any
/// offset), as the writes one by one read it.
static void copyRows(ArrayEmitter &e, Value value, ArrayRef<int64_t> want,
                     Value count, Value slots) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto valueType = cast<RankedTensorType>(value.getType());
  Value flat = toBuffer(b, loc, value,
                        RankedTensorType::get(want, valueType.getElementType()),
                        /*anyOffset=*/true);
  Value offset =
      memref::ExtractStridedMetadataOp::create(b, loc, flat).getOffset();
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, e.element.getShape());
  MemRefType elementsType = getRowMajorType(shape, e.element.getElementType());
  SmallVector<OpFoldResult> sizes{OpFoldResult(count)}, strides;
  for (int64_t d : e.element.getShape())
    sizes.push_back(b.getIndexAttr(d));
  for (int64_t stride : elementsType.getStridesAndOffset().first)
    strides.push_back(b.getIndexAttr(stride));
  Value elements = memref::ReinterpretCastOp::create(
      b, loc, elementsType, flat, OpFoldResult(offset), sizes, strides);
  memref::CopyOp::create(b, loc, elements, slots);
}

/// TensorFlow's Split after its checks: one Write of `lengths[k]` rows
/// per element, in order.
static void writeRows(ArrayEmitter &e, Value box, Value value, Value data,
                      Value lengths, Value count, ArrayRef<int64_t> want,
                      Value restMismatch) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto valueType = cast<RankedTensorType>(data.getType());
  Value rows = toBuffer(b, loc, data,
                        RankedTensorType::get(want, valueType.getElementType()),
                        /*anyOffset=*/true);
  Value rows0 = e.i64(e.element.getDimSize(0));
  auto loop = scf::ForOp::create(b, loc, e.index(0), count, e.index(1),
                                 ValueRange{e.index(0)});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value k = loop.getInductionVar();
  Value offset = loop.getRegionIterArg(0);
  Value length = e.entry(lengths, k);
  // Element k has shape [lengths[k]] ++ value.shape[1:].
  Value mismatch;
  if (e.strict) {
    mismatch = e.cmp(arith::CmpIPredicate::ne, length, rows0);
    if (restMismatch)
      mismatch = arith::OrIOp::create(b, loc, mismatch, restMismatch);
  }
  e.writeSlot(box, e.toI64(k), e.rows(rows, offset), mismatch,
              [&](SmallVectorImpl<Value> &args) {
                runtimeShape(e, value, 1, length, args);
              });
  Value next = arith::AddIOp::create(b, loc, offset, e.toIndex(length));
  scf::YieldOp::create(b, loc, next);
}

/// TensorFlow's Split of `value` by `lengthsTensor` (the op's operands, or
/// a split function's arguments) into the array in `box`: the sum and size
/// checks, the marked size, then one Write of `lengths[i]` rows per
/// element, in order.
static void emitSplit(ArrayEmitter &e, Value box, Value value,
                      Value lengthsTensor) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value lengths, count;
  std::tie(lengths, count) = vectorOperand(b, loc, lengthsTensor);
  // (In none mode an unranked value of another rank writes nothing.)
  Value writeCount = count;
  RankedBulkValue ranked =
      rankedBulkValue(e, value, e.element.getShape().drop_front(),
                      TA_ERR_SPLIT_NOT_VECTOR, writeCount);
  RankedTensorType valueType = ranked.type;
  Value data = ranked.data;
  Value count64 = e.toI64(count);
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
    e.failIf(e.cmp(arith::CmpIPredicate::ne, size, count64), TA_ERR_SPLIT_SIZE,
             Value(), [&](SmallVectorImpl<Value> &args) {
               args.append({size, count64});
             });
    restMismatch = shapeMismatch(e, value, want, 1);
  }
  // SetMarkedSize does nothing on an accumulator.
  if (!e.type.getIsGrad())
    e.set(header, kMarkedSize, count64);
  auto writeEach = [&] {
    writeRows(e, box, value, data, lengths, writeCount, want, restMismatch);
  };
  auto done = [&] {
    if (ranked.copy)
      e.freeStorage(ranked.copy);
  };
  if (e.type.getIsGrad()) {
    writeEach();
    return done();
  }
  // Writing the rows to slots [0, count) of a forward array, in a valid
  // program, is one copy, after growing a growable array to `count`
  // slots: every length is the element's first dim and the value has
  // exactly `count` elements' rows. In strict mode that is so when one scan
  // of the lengths and the state finds no mismatch and no slot written or
  // read; otherwise the writes one by one fail where TensorFlow's do.
  if (e.mayGrow()) {
    auto ifOp =
        scf::IfOp::create(b, loc, TypeRange{buffer.getType()},
                          e.cmp(arith::CmpIPredicate::sgt, count64, e.i64(0)),
                          /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value last = arith::SubIOp::create(b, loc, count64, e.i64(1));
    scf::YieldOp::create(b, loc, e.growFor(box, buffer, header, last));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, buffer);
    b.setInsertionPointAfter(ifOp);
    buffer = ifOp.getResult(0);
  }
  Value capacity = e.toIndex(e.get(e.header(buffer), kCapacity));
  auto copyAll = [&] {
    copyRows(e, data, want, writeCount, e.leadingSlots(buffer, writeCount));
  };
  if (!e.strict) {
    // Without checks only materialized matters: one fill of the state.
    if (e.hasState())
      linalg::FillOp::create(
          b, loc, ValueRange{e.i8(kWritten | kMaterialized)},
          ValueRange{e.bytes(buffer, e.stateOffset(capacity), count)});
    copyAll();
    return done();
  }
  Value slow = e.cmp(arith::CmpIPredicate::ne, lengthBits, e.i64(0));
  if (restMismatch)
    slow = arith::OrIOp::create(b, loc, slow, restMismatch);
  Value state = e.stateView(buffer, capacity);
  slow = arith::OrIOp::create(
      b, loc, slow,
      e.hasBit(e.foldState(state, count).first, kWritten | kRead));
  auto ifOp = scf::IfOp::create(b, loc, slow, /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    writeEach();
    b.setInsertionPointToStart(ifOp.elseBlock());
    e.markState(state, count, e.i8(kWritten | kMaterialized));
    copyAll();
  }
  done();
}

/// The type a split function takes its value as: [?] ++ the element's dims
/// from 1, row-major, any offset (a slice of a larger tensor in place).
static MemRefType getSplitValueType(const ArrayLayout &layout) {
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, layout.element.getShape().drop_front());
  return getRowMajorType(shape, layout.element.getElementType());
}

/// Whether a split of `value` calls the split function: its rank and dims
/// from 1 are the element's (the type says so), so that it passes as
/// getSplitValueType; the rest (an invalid program's value, whose messages
/// name its shape) is written out where the op is.
static bool takesSplitFunction(const ArrayLayout &layout, Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.getRank() == layout.element.getRank() &&
         type.getShape().drop_front() ==
             layout.element.getShape().drop_front() &&
         type.getElementType() == layout.element.getElementType();
}

/// `__ta_split_<kind>_strict_<element>`: emitSplit as a function `(box,
/// value, lengths) -> ()`, the value as getSplitValueType, the lengths as
/// `memref<?xi64>`, both marked noalias (markNoAlias). Null when another
/// symbol has the name.
static func::FuncOp lookupOrDefineSplitFunction(const ArrayEmitter &e) {
  MLIRContext *context = e.type.getContext();
  MemRefType valueType = getSplitValueType(e);
  auto lengthsType =
      MemRefType::get({ShapedType::kDynamic}, IntegerType::get(context, 64));
  auto type = FunctionType::get(
      context, {TATypeConverter::getBoxType(context), valueType, lengthsType},
      {});
  return lookupOrDefineArrayFunction(
      e, accessFunctionName(kSplitFunctionPrefix, e, /*write=*/true), type,
      [&](ArrayEmitter &f, ValueRange args) {
        markNoAlias(args.drop_front());
        // Read only, and no other tensor of these buffers in the function.
        auto tensorOf = [&](Value memref) -> Value {
          auto type = cast<MemRefType>(memref.getType());
          return bufferization::ToTensorOp::create(
              f.b, f.loc,
              RankedTensorType::get(type.getShape(), type.getElementType()),
              memref, /*restrict=*/true, /*writable=*/false);
        };
        emitSplit(f, args[0], tensorOf(args[1]), tensorOf(args[2]));
        return SmallVector<Value>();
      });
}

/// ta.split: in strict mode, where accesses are outlined, the array is not
/// in the function's frame and the value's type fits (takesSplitFunction),
/// a call of the split function of the array's kind; otherwise emitSplit
/// where the op is (with checks=none that is a few operations).
struct SplitLowering : TAPattern<SplitOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(SplitOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value box = adaptor.getHandle().front();
    Value value = op.getValue();
    if (!e.strict || !options.outlineAccesses ||
        options.frame.holds(op.getHandle()) || !takesSplitFunction(e, value)) {
      emitSplit(e, box, value, op.getLengths());
      rewriter.replaceOpWithMultiple(op, {ValueRange{}});
      return success();
    }
    func::FuncOp split = lookupOrDefineSplitFunction(e);
    if (!split)
      return rewriter.notifyMatchFailure(
          op, "the name of a split function is taken by another symbol");
    FunctionType type = split.getFunctionType();
    Value data =
        toBuffer(rewriter, loc, value, cast<RankedTensorType>(value.getType()),
                 /*anyOffset=*/true);
    Value lengths =
        toBuffer(rewriter, loc, op.getLengths(), op.getLengths().getType());
    callInlined(rewriter, loc, split,
                ValueRange{box, castTo(rewriter, loc, data, type.getInput(1)),
                           castTo(rewriter, loc, lengths, type.getInput(2))});
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};
} // namespace

void mlir::ta::populateTASplitLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<SplitLowering>(converter, patterns.getContext(), options);
}

//===- ConcatLowering.cpp - ta.concat -------------------------------------===//
//
// TensorFlow's Concat of a whole array: ReadMany of every element, in
// order, joined along dim 0. Where the checks and one scan of the state
// show that the reads would do nothing else, a concat of a forward array
// is a single copy. Where accesses are outlined, the op calls the count
// function of its array's kind, allocates the destination and calls the
// concat function.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "BulkValues.h"
#include "Operands.h"
#include "Patterns.h"

#include "ta/Dialect/TA/Utils/RuntimeCalls.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>
#include <limits>

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

/// `__ta_concat_count_<kind>_<checks>_<element>`: `(box) -> index`, the
/// array opened (strict: not closed) and its concatCount: the size of the
/// destination, in elements, whose byte size fits in an int64. A forward
/// array's buffer holds that many elements already (its size is at most its
/// capacity). An accumulator's marked size is its forward array's when it
/// was made, which a split that checks=none did not check sets to any
/// count, the accumulator's elements larger (ta.grad_with_shape): checked
/// here, failing as ta-check-allocation-sizes does. Null when another
/// symbol has the name.
static func::FuncOp lookupOrDefineConcatCountFunction(const ArrayEmitter &e) {
  MLIRContext *context = e.type.getContext();
  auto type = FunctionType::get(context, {TATypeConverter::getBoxType(context)},
                                {IndexType::get(context)});
  return lookupOrDefineArrayFunction(
      e, accessFunctionName(kConcatCountFunctionPrefix, e, /*write=*/false),
      type, [](ArrayEmitter &f, ValueRange args) {
        Value count = concatCount(f, f.open(args[0]).second);
        if (f.type.getIsGrad()) {
          int64_t most = std::numeric_limits<int64_t>::max() /
                         std::max<int64_t>(f.elementBytes(), 1);
          f.failIf(f.cmp(arith::CmpIPredicate::ugt, count, f.index(most)),
                   TA_ERR_OOM, Value(), [&](SmallVectorImpl<Value> &message) {
                     message.append(
                         {f.i64(-1), f.i64(0),
                          f.i64(TA_ALLOC_TENSOR | TA_ALLOC_TOO_LARGE)});
                   });
        }
        return SmallVector<Value>{count};
      });
}

/// TensorFlow's Concat of the array in `box`, open: ReadMany of every
/// element into `elements` (getElementsType, of concatCount elements).
/// `read`: the read function of the array's kind, null to write the reads
/// out.
static void emitConcat(ArrayEmitter &e, func::FuncOp read, Value box,
                       Value elements) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value count = memref::DimOp::create(b, loc, elements, 0);
  auto readEach = [&] {
    e.forLoop(e.index(0), count, [&](Value k) {
      Value data = readElement(e, read, box, e.toI64(k), /*inLoop=*/true);
      memref::CopyOp::create(b, loc, data, e.slot(elements, k));
    });
  };
  if (e.type.getIsGrad())
    return readEach();
  // Reading slots [0, size) of a forward array in order is one copy of
  // their data. With a state that is so when no slot was cleared (strict)
  // and, with lazy zeroing, every slot was written (a scan of the state,
  // then, in strict mode, every slot marked as its Read marks it);
  // otherwise the reads one by one zero the slots never written and fail
  // where TensorFlow's do.
  Value buffer = e.loadBuffer(box);
  Value header = e.header(buffer);
  Value capacity = e.toIndex(e.get(header, kCapacity));
  auto copyAll = [&] {
    memref::CopyOp::create(b, loc, e.leadingSlots(buffer, count), elements);
  };
  if (!e.hasState())
    return copyAll();
  Value state = e.stateView(buffer, capacity);
  auto [any, all] = e.foldState(state, count, e.lazyZeroing());
  Value slow = e.strict ? e.hasBit(any, kCleared) : Value();
  if (e.lazyZeroing()) {
    Value unwritten = arith::XOrIOp::create(
        b, loc, e.hasAllBits(all, kMaterialized), e.one());
    slow = slow ? arith::OrIOp::create(b, loc, slow, unwritten) : unwritten;
  }
  auto ifOp = scf::IfOp::create(b, loc, slow, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  readEach();
  b.setInsertionPointToStart(ifOp.elseBlock());
  if (e.strict) {
    e.markState(state, count,
                arith::OrIOp::create(b, loc, e.readClearBits(header),
                                     e.i8(kWritten | kRead)));
  }
  copyAll();
}

/// `__ta_concat_<kind>_<checks>_<element>`: emitConcat as a function
/// `(box, elements) -> ()`, calling `read`: the destination is allocated
/// where the op is, so that it is freed there with nothing to check (a
/// buffer a call returns may alias any other), and marked noalias
/// (markNoAlias). Null when another symbol has the name.
static func::FuncOp lookupOrDefineConcatFunction(const ArrayEmitter &e,
                                                 func::FuncOp read) {
  MLIRContext *context = e.type.getContext();
  auto type = FunctionType::get(
      context, {TATypeConverter::getBoxType(context), getElementsType(e)}, {});
  return lookupOrDefineArrayFunction(
      e, accessFunctionName(kConcatFunctionPrefix, e, /*write=*/false), type,
      [&](ArrayEmitter &f, ValueRange args) {
        markNoAlias(args[1]);
        emitConcat(f, read, args[0], args[1]);
        return SmallVector<Value>();
      });
}

/// Concat's lengths (`tensor<?xi64>`): the element's dim 0 for each of the
/// `count` elements it read; a constant for a forward array of static size
/// up to kMaxConstantLengths (a global of that many i64s), else a splat of
/// `count` (allocated, and its size checked, at run time).
static Value concatLengths(ArrayEmitter &e, Value count, Type type) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  constexpr int64_t kMaxConstantLengths = 512;
  int64_t d0 = e.element.getDimSize(0);
  if (!e.type.getIsGrad() && !e.mayGrow() &&
      e.type.getSize() <= kMaxConstantLengths) {
    auto constantType =
        RankedTensorType::get({e.type.getSize()}, b.getI64Type());
    Value lengths = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(constantType, b.getI64IntegerAttr(d0)));
    return tensor::CastOp::create(b, loc, type, lengths);
  }
  return tensor::SplatOp::create(b, loc, e.i64(d0), type, ValueRange{count});
}

/// ta.concat: where accesses are outlined, a call of the count function of
/// the array's kind, the elements' buffer allocated (marked
/// kSizeCheckedAttr: the count function's count fits) and a call of the
/// concat function; otherwise the array opened (strict: not closed), the
/// buffer allocated and emitConcat where the op is. The value is the
/// elements joined along dim 0. Lengths nothing uses are not made.
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
    func::FuncOp concat, countFunction;
    if (options.outlineAccesses && !options.frame.holds(op.getHandle())) {
      concat = lookupOrDefineConcatFunction(e, *read);
      countFunction = lookupOrDefineConcatCountFunction(e);
      if (!concat || !countFunction)
        return rewriter.notifyMatchFailure(
            op, "the name of a concat function is taken by another symbol");
    }
    Value box = adaptor.getHandle().front();
    Value count =
        countFunction
            ? callInlined(rewriter, loc, countFunction, box).getResult(0)
            : concatCount(e, e.open(box).second);
    auto alloc = memref::AllocOp::create(rewriter, loc, getElementsType(e),
                                         ValueRange{count});
    if (countFunction)
      alloc->setAttr(kSizeCheckedAttr, rewriter.getUnitAttr());
    Value elements = alloc;
    if (concat)
      callInlined(rewriter, loc, concat, ValueRange{box, elements});
    else
      emitConcat(e, *read, box, elements);
    // [count, d0, ...] -> [count * d0, ...]. The verifier wants the joined
    // dim dynamic (count is), even where the op's type has it static.
    SmallVector<ReassociationIndices> joined{{0, 1}};
    for (int64_t d = 2; d <= e.element.getRank(); ++d)
      joined.push_back({d});
    SmallVector<int64_t> joinedShape{ShapedType::kDynamic};
    llvm::append_range(joinedShape, e.element.getShape().drop_front());
    Value value = memref::CollapseShapeOp::create(
        rewriter, loc, MemRefType::get(joinedShape, e.element.getElementType()),
        elements, joined);
    auto valueType = cast<RankedTensorType>(op.getValue().getType());
    auto valueMemRef =
        MemRefType::get(valueType.getShape(), valueType.getElementType());
    if (value.getType() != valueMemRef)
      value = memref::CastOp::create(rewriter, loc, valueMemRef, value);
    SmallVector<Value, 1> lengths;
    if (!op.getLengths().use_empty())
      lengths.push_back(concatLengths(e, count, op.getLengths().getType()));
    rewriter.replaceOpWithMultiple(
        op, {{toTensor(rewriter, loc, value, valueType)}, lengths});
    return success();
  }
};
} // namespace

void mlir::ta::populateTAConcatLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<ConcatLowering>(converter, patterns.getContext(), options);
}

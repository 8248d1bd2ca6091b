//===- GradLowering.cpp - ta.grad, ta.grad_with_shape ---------------------===//
//
// A forward array's box has one slot more per gradient source of the
// module: slot 1 + id(source) holds that source's accumulator (an empty
// buffer until the first ta.grad creates it), and the accumulator's handle
// is a view of that slot. An accumulator whose element shape is known only
// at run time (ta.grad_with_shape with a run-time shape_to_prepend) is kept
// by libta_runtime, as those of arrays of open element shape are: the slot
// then holds its header.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "OpenArrayEmitter.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// What both gradient patterns do first: TensorFlow's DisableDynamicSize
/// (before anything else, even when the array is closed) and its closed
/// check on the forward array in `box`, then a look at the source's slot,
/// entry `index` of `slots` (the box, or the accumulator's handle: a view of
/// the box at the slot), whose buffer `existing` is the empty view until an
/// accumulator exists.
struct SourceSlot {
  SourceSlot(ArrayEmitter &fwd, Value box, Value slots, int64_t index)
      : box(box), slots(slots), index(index) {
    buffer = fwd.loadBuffer(box);
    header = fwd.header(buffer);
    Value flags = fwd.get(header, kFlags);
    fwd.set(header, kFlags,
            arith::AndIOp::create(fwd.b, fwd.loc, flags, fwd.i64(~kDynamic)));
    fwd.checkOpen(buffer, header);
    existing = fwd.loadBuffer(slots, index);
    Value length = memref::DimOp::create(fwd.b, fwd.loc, existing, 0);
    exists = fwd.cmp(arith::CmpIPredicate::ne, length, fwd.index(0));
  }
  Value box, slots;
  int64_t index;
  Value buffer, header, existing, exists;
};

/// TensorFlow's TensorArrayGradOp on arrays of static element shape, from
/// the forward array in `box` to the accumulator of the source named at
/// `source` (an i64 address) in entry `index` of `slots` (SourceSlot):
/// LookupOrCreate. An existing accumulator is checked (strict) to have the
/// element shape this op's type promises; a new one is zeroed, sized as the
/// forward array, with its marked size and name, and (`copyState`) the
/// forward array's written slots soft-written. `reserved`: the box slot of the
/// buffer ta.create reserved for an accumulator in the frame.
void emitGrad(ArrayEmitter &fwd, ArrayEmitter &acc, Value box, Value slots,
              int64_t index, Value source, std::optional<int64_t> reserved,
              bool copyState) {
  OpBuilder &b = acc.b;
  Location loc = acc.loc;
  SourceSlot slot(fwd, box, slots, index);
  Value shape = acc.shapeAddress(acc.element.getShape());
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, slot.exists, true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  if (acc.strict) {
    func::FuncOp check =
        lookupOrDeclareRuntimeFunction(acc.symbols, TA_RT_CHECK_ACCUMULATOR);
    func::CallOp::create(b, loc, check,
                         ValueRange{acc.address(slot.existing), shape});
  }
  b.setInsertionPointToStart(ifOp.elseBlock());
  Value size = fwd.get(slot.header, kSize);
  Value capacity = fwd.toIndex(size);
  Value grad =
      reserved ? acc.loadBuffer(box, *reserved) : acc.newBuffer(capacity);
  Value gradHeader = acc.header(grad);
  acc.set(gradHeader, kSize, size);
  acc.set(gradHeader, kCapacity, size);
  acc.set(gradHeader, kFlags,
          acc.i64(kIsGrad | kClearAfterRead | (reserved ? kInFrame : 0)));
  acc.set(gradHeader, kMarkedSize, fwd.get(slot.header, kMarkedSize));
  acc.set(gradHeader, kName, fwd.get(slot.header, kName));
  acc.set(gradHeader, kSource, source);
  acc.set(gradHeader, kElementShape, shape);
  // CopyShapesFrom: every slot written in the forward array is soft
  // written, with shape shape_to_prepend ++ slot shape (this accumulator's
  // element shape: element shapes are static).
  if (copyState) {
    Value fwdState = fwd.stateView(
        slot.buffer, fwd.toIndex(fwd.get(slot.header, kCapacity)));
    Value gradState = acc.stateView(grad, capacity);
    acc.forLoop(acc.index(0), capacity, [&](Value j) {
      Value st = memref::LoadOp::create(b, loc, fwdState, j);
      Value soft = arith::AndIOp::create(b, loc, st, acc.i8(kWritten));
      memref::StoreOp::create(b, loc, soft, gradState, j);
    });
  }
  acc.storeBuffer(grad, slots, index);
}

/// `__ta_grad_<checks>_<accumulator element>_of_<forward element>`, with
/// `_dataless` where the forward array has no state to copy: emitGrad of an
/// accumulator on the heap as a function `(box, view, i64 source) -> ()`,
/// `view` the accumulator's handle. Null when another symbol has the
/// name.
func::FuncOp lookupOrDefineGradFunction(const ArrayEmitter &fwd,
                                        const ArrayEmitter &acc,
                                        bool copyState) {
  std::string name =
      (kGradFunctionPrefix + (acc.strict ? "strict_" : "none_") +
       elementName(acc.element) + "_of_" + elementName(fwd.element))
          .str();
  if (acc.strict && !copyState)
    name += "_dataless";
  FunctionType type = getGradFunctionType(acc.type.getContext());
  Location loc = acc.symbols.module.getLoc();
  ChecksMode checks = acc.strict ? ChecksMode::Strict : ChecksMode::None;
  return lookupOrDefineInternalFunction(
      acc.symbols, name, type, [&](OpBuilder &b, Block *entry) {
        ArrayEmitter f(b, loc, fwd.type, checks, acc.symbols);
        ArrayEmitter a(b, loc, acc.type, checks, acc.symbols);
        emitGrad(f, a, entry->getArgument(0), entry->getArgument(1), 0,
                 entry->getArgument(2), std::nullopt, copyState);
        func::ReturnOp::create(b, loc);
      });
}

/// ta.grad and ta.grad_with_shape: a call of the gradient function of the
/// two arrays' element shapes, or (an accumulator in the frame, or accesses
/// written out) emitGrad where the op is.
template <typename OpTy> struct GradLowering : TAPattern<OpTy> {
  using TAPattern<OpTy>::TAPattern;
  LogicalResult lower(OpTy op,
                      typename TAPattern<OpTy>::OneToNOpAdaptor adaptor,
                      ArrayEmitter &fwd,
                      ConversionPatternRewriter &rewriter) const override {
    FailureOr<ArrayEmitter> accOr =
        this->emitter(op, op.getGradHandle().getType(), rewriter);
    if (failed(accOr))
      return failure();
    ArrayEmitter &acc = *accOr;
    const TAToMemRefOptions &options = this->options;
    std::optional<int64_t> id = options.sources.lookup(op.getSource());
    if (!id)
      return rewriter.notifyMatchFailure(op, "source not in the table");
    Location loc = op.getLoc();
    Value box = adaptor.getHandle().front();
    int64_t slot = 1 + *id;
    Value view = acc.handleOf(box, slot);
    Value source = getNameAddress(rewriter, loc, acc.symbols, op.getSource());
    // A forward array of DatalessArrays has no slot written; only strict
    // mode keeps the written bits.
    bool copyState = acc.strict && !options.dataless.holds(op.getHandle());
    // An accumulator in the frame takes the buffer ta.create reserved for
    // it (the forward array's size is that constant).
    if (options.frame.holds(op.getGradHandle())) {
      emitGrad(fwd, acc, box, box, slot, source,
               FrameArrays::reservedSlot(options.sources.size(), *id),
               copyState);
    } else if (options.outlineAccesses) {
      func::FuncOp grad = lookupOrDefineGradFunction(fwd, acc, copyState);
      if (!grad)
        return rewriter.notifyMatchFailure(
            op, "the name of a gradient function is taken by another symbol");
      func::CallOp::create(rewriter, loc, grad, ValueRange{box, view, source});
    } else {
      emitGrad(fwd, acc, box, box, slot, source, std::nullopt, copyState);
    }
    rewriter.replaceOpWithMultiple(op, {{view}, {}});
    return success();
  }
};

/// ta.grad_with_shape of an array of static element shape whose accumulator
/// has an open element shape (a run-time shape_to_prepend): the runtime
/// makes it from the forward array's header and slot states.
struct RuntimeKeptGradLowering : TAPattern<GradWithShapeOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(GradWithShapeOp op, OneToNOpAdaptor adaptor,
                      ArrayEmitter &fwd,
                      ConversionPatternRewriter &rewriter) const override {
    HandleType gradType = op.getGradHandle().getType();
    if (!hasOpenElementShape(gradType))
      return rewriter.notifyMatchFailure(op, "accumulator laid out here");
    if (!isRuntimeFunctionAvailable(fwd.symbols, TA_RT_DYN_GRAD_STATIC))
      return rewriter.notifyMatchFailure(
          op, "a runtime function's name is taken by another symbol");
    std::optional<int64_t> id = options.sources.lookup(op.getSource());
    if (!id)
      return rewriter.notifyMatchFailure(op, "source not in the table");
    Location loc = op.getLoc();
    Value box = adaptor.getHandle().front();
    SourceSlot slot(fwd, box, box, 1 + *id);
    Value buffer = slot.buffer, header = slot.header, existing = slot.existing;
    int64_t slotIndex = slot.index;
    OpenArrayEmitter acc(rewriter, loc, gradType, fwd.symbols);
    Value shape = acc.partialShape();
    auto ifOp =
        scf::IfOp::create(rewriter, loc, TypeRange{}, slot.exists, true);
    {
      // LookupOrCreate: the same source returns the same accumulator, which
      // must be one the runtime keeps. One laid out here (by a gradient op
      // of static element shape, `reserved` 0) fails as any accumulator of
      // another element shape does, in both modes: this op's handle cannot
      // reach it.
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      Value reserved = fwd.get(fwd.header(existing), kReserved);
      fwd.failIf(fwd.cmp(arith::CmpIPredicate::eq, reserved, fwd.i64(0)),
                 TA_ERR_ACCUMULATOR_SHAPE, existing,
                 [&](SmallVectorImpl<Value> &args) {
                   args.append({fwd.i64(0), shape});
                 });
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      Value grad = acc.newHeader(
          kIsGrad | kClearAfterRead, acc.i64(0), fwd.get(header, kName),
          getNameAddress(rewriter, loc, acc.symbols, op.getSource()), shape);
      // CopyShapesFrom reads the written bits, which only strict mode keeps
      // (and a forward array of DatalessArrays has none).
      Value state = acc.i64(0);
      if (fwd.strict && !options.dataless.holds(op.getHandle()))
        state = acc.address(
            fwd.stateView(buffer, fwd.toIndex(fwd.get(header, kCapacity))));
      OpenArrayEmitter::Vector prepend = acc.vector(op.getShapeToPrepend());
      acc.call(TA_RT_DYN_GRAD_STATIC,
               {fwd.address(buffer), state, acc.address(grad),
                acc.scalarBytes(), acc.scalarKind(), prepend.address,
                prepend.count});
      fwd.storeBuffer(grad, box, slotIndex);
    }
    rewriter.replaceOpWithMultiple(op, {{fwd.handleOf(box, slotIndex)}, {}});
    return success();
  }
};

} // namespace

void mlir::ta::populateTAGradLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<GradLowering<GradOp>, GradLowering<GradWithShapeOp>,
               RuntimeKeptGradLowering>(converter, patterns.getContext(),
                                        options);
}

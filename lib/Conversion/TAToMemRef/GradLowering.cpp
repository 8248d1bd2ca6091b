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
/// check on the forward array in `box`, then a look at the source's slot
/// `index`, whose buffer `existing` is the empty view until an accumulator
/// exists.
struct SourceSlot {
  SourceSlot(ArrayEmitter &fwd, Value box, int64_t index)
      : index(index), box(box) {
    buffer = fwd.loadBuffer(box);
    header = fwd.header(buffer);
    Value flags = fwd.get(header, kFlags);
    fwd.set(header, kFlags,
            arith::AndIOp::create(fwd.b, fwd.loc, flags, fwd.i64(~kDynamic)));
    fwd.checkOpen(buffer, header);
    existing = fwd.loadBuffer(box, index);
    Value length = memref::DimOp::create(fwd.b, fwd.loc, existing, 0);
    exists = fwd.cmp(arith::CmpIPredicate::ne, length, fwd.index(0));
  }
  int64_t index;
  Value box, buffer, header, existing, exists;
};

/// ta.grad and ta.grad_with_shape: TensorFlow's TensorArrayGradOp.
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
    std::optional<int64_t> id = this->options.sources.lookup(op.getSource());
    if (!id)
      return rewriter.notifyMatchFailure(op, "source not in the table");
    Location loc = op.getLoc();
    SourceSlot slot(fwd, adaptor.getHandle().front(), 1 + *id);
    auto [slotIndex, box, buffer, header, existing, exists] = slot;
    Value shape = acc.shapeAddress(acc.element.getShape());
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, exists, true);
    {
      // LookupOrCreate: the same source returns the same accumulator. ta
      // checks that it has the element shape this op's type promises.
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      if (acc.strict) {
        func::FuncOp check = lookupOrDeclareRuntimeFunction(
            acc.symbols, TA_RT_CHECK_ACCUMULATOR);
        func::CallOp::create(rewriter, loc, check,
                             ValueRange{acc.address(existing), shape});
      }
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      Value size = fwd.get(header, kSize);
      Value capacity = fwd.toIndex(size);
      // An accumulator in the frame takes the buffer ta.create reserved for
      // it (the forward array's size is that constant).
      bool inFrame = this->options.frame.holds(op.getGradHandle());
      Value grad =
          inFrame ? acc.loadBuffer(box, FrameArrays::reservedSlot(
                                            this->options.sources.size(), *id))
                  : acc.newBuffer(capacity);
      Value gradHeader = acc.header(grad);
      acc.set(gradHeader, kSize, size);
      acc.set(gradHeader, kCapacity, size);
      acc.set(gradHeader, kFlags,
              acc.i64(kIsGrad | kClearAfterRead | (inFrame ? kInFrame : 0)));
      acc.set(gradHeader, kMarkedSize, fwd.get(header, kMarkedSize));
      acc.set(gradHeader, kName, fwd.get(header, kName));
      acc.set(gradHeader, kSource,
              getNameAddress(rewriter, loc, acc.symbols, op.getSource()));
      acc.set(gradHeader, kElementShape, shape);
      // CopyShapesFrom: every slot written in the forward array is soft
      // written, with shape shape_to_prepend ++ slot shape (this
      // accumulator's element shape: element shapes are static). A forward
      // array of DatalessArrays has no slot written.
      if (acc.strict && !this->options.dataless.holds(op.getHandle())) {
        Value fwdState =
            fwd.stateView(buffer, fwd.toIndex(fwd.get(header, kCapacity)));
        Value gradState = acc.stateView(grad, capacity);
        acc.forLoop(acc.index(0), capacity, [&](Value j) {
          Value st = memref::LoadOp::create(rewriter, loc, fwdState, j);
          Value soft =
              arith::AndIOp::create(rewriter, loc, st, acc.i8(kWritten));
          memref::StoreOp::create(rewriter, loc, soft, gradState, j);
        });
      }
      acc.storeBuffer(grad, box, slotIndex);
    }
    rewriter.replaceOpWithMultiple(op, {{acc.handleOf(box, slotIndex)}, {}});
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
    SourceSlot slot(fwd, adaptor.getHandle().front(), 1 + *id);
    auto [slotIndex, box, buffer, header, existing, exists] = slot;
    OpenArrayEmitter acc(rewriter, loc, gradType, fwd.symbols);
    Value shape = acc.partialShape();
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, exists, true);
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

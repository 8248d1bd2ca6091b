//===- LifecycleLowering.cpp - ta.create, ta.size, ta.close ---------------===//
//
// An array's buffer and box come into being at ta.create and are freed at
// ta.close (all but the header), by growth (the old buffer), or, for an
// array that cannot outlive its block (BlockLocalArrays), at the end of
// that block. A small one in its function's entry block (FrameArrays) lives
// in the frame, and the accumulators of its gradients may too: nothing frees
// them, and ta.close marks them closed in place. One whose slots nothing
// reads or writes (DatalessArrays) is a header alone, closed in place too.
//
//===----------------------------------------------------------------------===//

#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

struct CreateLowering : TAPattern<CreateOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(CreateOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    bool releasesAtBlockEnd = options.blockLocal.contains(op);
    if (releasesAtBlockEnd && options.sources.someKeptByRuntime() &&
        !isRuntimeFunctionAvailable(e.symbols, TA_RT_DYN_RELEASE))
      return rewriter.notifyMatchFailure(
          op, "a runtime function's name is taken by another symbol");
    // Everything that may fail before any IR is emitted: a frame array's
    // constant size and the emitters of its accumulators in the frame.
    bool inFrame = options.frame.contains(op);
    APInt constantSize;
    if (inFrame && !matchPattern(op.getSize(), m_ConstantInt(&constantSize)))
      return rewriter.notifyMatchFailure(op,
                                         "a frame array of no constant size");
    ArrayRef<HandleType> frameAccumulators = options.frame.accumulators(op);
    SmallVector<std::pair<int64_t, ArrayEmitter>> accumulators;
    for (auto [id, type] : llvm::enumerate(frameAccumulators)) {
      if (!type)
        continue;
      FailureOr<ArrayEmitter> acc = emitter(op, type, rewriter);
      if (failed(acc))
        return failure();
      accumulators.emplace_back(id, std::move(*acc));
    }
    Location loc = op.getLoc();
    Value size = adaptor.getSize().front();
    Value size64 = e.toI64(size);
    if (e.strict)
      e.failIf(e.cmp(arith::CmpIPredicate::slt, size64, e.i64(0)),
               TA_ERR_NEGATIVE_SIZE, Value(),
               [&](SmallVectorImpl<Value> &args) { args.push_back(size64); });
    // An array whose slots nothing touches (DatalessArrays) is its header,
    // of capacity 0: nothing of its size is allocated, but a size whose
    // slots would not fit in memory fails as any array's does.
    bool dataless = options.dataless.contains(op);
    if (dataless)
      e.checkCapacity(size);
    // An array whose first operation writes every slot (FilledArrays)
    // starts with its data as allocated; one that a loop fills has the
    // slots outside the loop's range zeroed before the loop (which, the
    // first to take the handle, follows in this block).
    bool filled = options.filled.contains(op);
    Value buffer = dataless ? e.newHeaderBuffer(inFrame)
                   : inFrame
                       ? e.newFrameBuffer(constantSize.getSExtValue(), filled)
                       : e.newBuffer(size, filled);
    if (scf::ForOp loop = options.filled.fillingLoop(op);
        loop && !e.lazyZeroing()) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(loop);
      e.zeroSlotsOutside(buffer, size, loop.getLowerBound(),
                         loop.getUpperBound(), inFrame);
    }
    Value header = e.header(buffer);
    int64_t flags = 0;
    if (op.getDynamicSize())
      flags |= kDynamic;
    if (op.getClearAfterRead())
      flags |= kClearAfterRead;
    if (inFrame)
      flags |= kInFrame;
    StringRef name = op.getName().empty() ? "ta" : op.getName();
    e.set(header, kSize, size64);
    e.set(header, kCapacity, dataless ? e.i64(0) : size64);
    e.set(header, kFlags, e.i64(flags));
    e.set(header, kMarkedSize, e.i64(-1));
    e.set(header, kName, getNameAddress(rewriter, loc, e.symbols, name));
    e.set(header, kSource, e.i64(0));
    e.set(header, kElementShape, e.shapeAddress(e.element.getShape()));
    // Slot 0 holds the array; one slot per gradient source holds its
    // accumulator, empty (a zero-size view) until created. An array in the
    // frame whose accumulators are too has one slot more per source for the
    // frame buffer reserved for it (FrameArrays::reservedSlot).
    int64_t sources = options.sources.size();
    Value box = e.newBox(
        buffer, 1 + sources + (frameAccumulators.empty() ? 0 : sources),
        inFrame);
    for (auto &[id, acc] : accumulators)
      e.storeBuffer(acc.newFrameBuffer(constantSize.getSExtValue()), box,
                    FrameArrays::reservedSlot(sources, id));
    Value handle = e.handleOf(box, 0);
    // A growable array that a loop fills gets the capacity for the loop's
    // range before it (FilledArrays::reservingLoop).
    if (scf::ForOp loop = options.filled.reservingLoop(op)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(loop);
      e.reserveFor(handle, loop.getLowerBound(), loop.getUpperBound());
    }
    if (releasesAtBlockEnd)
      releaseAtBlockEnd(e, op->getBlock()->getTerminator(), box,
                        options.sources, inFrame, frameAccumulators);
    rewriter.replaceOpWithMultiple(op, {{handle}, {}});
    return success();
  }

  /// Frees an array that cannot outlive its block before the block's
  /// terminator: its buffer (the data, or the header left by ta.close), its
  /// accumulators (a slot whose buffer is still the empty view has none;
  /// one the runtime may keep is released there first) and the box; of an
  /// array in the frame, only the accumulators on the heap. One whose source
  /// has a buffer reserved in the frame (`frameAccumulators`, by source id)
  /// is there unless it grew.
  static void releaseAtBlockEnd(ArrayEmitter &e, Operation *terminator,
                                Value box, const GradSourceTable &sources,
                                bool inFrame,
                                ArrayRef<HandleType> frameAccumulators) {
    OpBuilder::InsertionGuard guard(e.b);
    e.b.setInsertionPoint(terminator);
    if (!inFrame)
      e.freeStorage(e.loadBuffer(box));
    for (int64_t id = 0; id < sources.size(); ++id) {
      bool frameSlot = !frameAccumulators.empty() && frameAccumulators[id];
      Value buffer = e.loadBuffer(box, 1 + id);
      Value bytes = memref::DimOp::create(e.b, e.loc, buffer, 0);
      auto made = scf::IfOp::create(
          e.b, e.loc, e.cmp(arith::CmpIPredicate::ne, bytes, e.index(0)),
          /*withElse=*/false);
      OpBuilder::InsertionGuard inner(e.b);
      e.b.setInsertionPointToStart(made.thenBlock());
      if (frameSlot) {
        auto inFrame = scf::IfOp::create(
            e.b, e.loc, e.hasBit(e.get(e.header(buffer), kFlags), kInFrame),
            /*withElse=*/true);
        e.b.setInsertionPointToStart(inFrame.elseBlock());
      }
      // A no-op for an accumulator laid out here (`reserved` is 0).
      if (!frameSlot && sources.mayBeKeptByRuntime(id))
        func::CallOp::create(
            e.b, e.loc,
            lookupOrDeclareRuntimeFunction(e.symbols, TA_RT_DYN_RELEASE),
            ValueRange{e.address(buffer)});
      e.freeStorage(buffer);
    }
    if (!inFrame)
      e.freeStorage(box);
  }
};

struct SizeLowering : TAPattern<SizeOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(SizeOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value header = e.open(adaptor.getHandle().front()).second;
    rewriter.replaceOp(op, e.toIndex(e.get(header, kSize)));
    return success();
  }
};

struct CloseLowering : TAPattern<CloseOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(CloseOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // TensorFlow's ClearAndMarkClosed: drop every element (free the data,
    // keep a header-only buffer) and mark the array closed. Closing twice is
    // allowed; closing a forward array leaves its accumulators open. An
    // array in the frame is marked closed in place (its memory is the
    // function's until it returns), as is one whose buffer is its header
    // already (DatalessArrays).
    Value box = adaptor.getHandle().front();
    Value buffer = e.loadBuffer(box);
    bool inPlace = options.frame.holds(op.getHandle()) ||
                   options.dataless.holds(op.getHandle());
    Value closed = buffer;
    if (!inPlace) {
      auto type8 =
          MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type());
      closed =
          e.allocStorage(type8, ValueRange{e.index(kHeaderBytes)}, kAlignment);
      memref::CopyOp::create(
          rewriter, loc, e.bytes(buffer, e.index(0), e.index(kHeaderBytes)),
          e.bytes(closed, e.index(0), e.index(kHeaderBytes)));
    }
    Value header = e.header(closed);
    Value flags = arith::OrIOp::create(rewriter, loc, e.get(header, kFlags),
                                       e.i64(kClosed));
    e.set(header, kFlags, flags);
    e.set(header, kCapacity, e.i64(0));
    if (!inPlace) {
      e.freeStorage(buffer);
      e.storeBuffer(closed, box);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::ta::populateTALifecycleLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<CreateLowering, SizeLowering, CloseLowering>(
      converter, patterns.getContext(), options);
}

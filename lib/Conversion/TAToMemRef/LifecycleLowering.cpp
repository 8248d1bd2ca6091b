//===- LifecycleLowering.cpp - ta.create, size, close, flow_join ----------===//
//
// An array's buffer and box come into being at ta.create and are freed at
// ta.close (all but the header), by growth (the old buffer), or, for an
// array that cannot outlive its block (BlockLocalArrays), at the end of
// that block. A small one in its function's entry block (FrameArrays) lives
// in the frame, and the accumulators of its gradients may too: nothing frees
// them, and ta.close marks them closed in place. One whose slots nothing
// reads or writes (DatalessArrays) is a header alone, closed in place too.
// Where accesses are outlined, the creation and the closing of an array
// on the heap are calls: of the create function of its kind
// (`__ta_create_*`), into a box the op allocates, and of `__ta_close`.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// What a new array's buffer holds at ta.create.
enum class NewArray {
  /// Slots zeroed as the layout asks (ArrayEmitter::newBuffer).
  Zeroed,
  /// Every slot written by the array's first operation (FilledArrays):
  /// the header and state zeroed alone.
  Filled,
  /// No slot (DatalessArrays): the header alone, of capacity 0.
  Dataless,
};

/// TensorFlow's creation of an array of `size` slots (an index) with header
/// words `flags` and `name` (i64s): the size checks, its buffer (in the
/// frame, of `frameSize` slots, where given) and the header written.
static Value emitNewArray(ArrayEmitter &e, Value size, Value flags, Value name,
                          NewArray kind,
                          std::optional<int64_t> frameSize = std::nullopt) {
  Value size64 = e.toI64(size);
  if (e.strict)
    e.failIf(e.cmp(arith::CmpIPredicate::slt, size64, e.i64(0)),
             TA_ERR_NEGATIVE_SIZE, Value(),
             [&](SmallVectorImpl<Value> &args) { args.push_back(size64); });
  // A dataless array's size must fit in memory as any array's does, though
  // nothing of it is allocated.
  bool dataless = kind == NewArray::Dataless;
  if (dataless)
    e.checkCapacity(size);
  bool filled = kind == NewArray::Filled;
  Value buffer = dataless    ? e.newHeaderBuffer(frameSize.has_value())
                 : frameSize ? e.newFrameBuffer(*frameSize, filled)
                             : e.newBuffer(size, filled);
  Value header = e.header(buffer);
  e.set(header, kSize, size64);
  e.set(header, kCapacity, dataless ? e.i64(0) : size64);
  e.set(header, kFlags, flags);
  e.set(header, kMarkedSize, e.i64(-1));
  e.set(header, kName, name);
  e.set(header, kSource, e.i64(0));
  e.set(header, kElementShape, e.shapeAddress(e.element.getShape()));
  return buffer;
}

/// `__ta_create_<zeroed|filled|dataless>_array_<checks>_<element>`:
/// emitNewArray as a function `(box, index size, i64 flags, i64 name) ->
/// ()` that fills `box` (CodeBuilder::fillBox) with the new buffer. Null
/// when another symbol has the name.
static func::FuncOp lookupOrDefineCreateFunction(const ArrayEmitter &e,
                                                 NewArray kind) {
  StringRef variant = kind == NewArray::Zeroed   ? "zeroed_"
                      : kind == NewArray::Filled ? "filled_"
                                                 : "dataless_";
  return lookupOrDefineArrayFunction(
      e,
      accessFunctionName((kCreateFunctionPrefix + variant).str(), e,
                         /*write=*/false),
      getCreateFunctionType(e.type.getContext()),
      [&](ArrayEmitter &f, ValueRange args) {
        f.fillBox(args[0], emitNewArray(f, args[1], args[2], args[3], kind));
        return SmallVector<Value>();
      });
}

/// ta.create: where accesses are outlined and the array is not in the
/// function's frame, its box allocated and a call of the create function
/// of its kind; otherwise emitNewArray and the box where the op is. Then
/// what the analyses ask around it: the zeroing of the slots a filling
/// loop leaves, the reservation for a filling loop's range, the release
/// at the end of its block.
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
    // constant size and the emitters of its accumulators in the frame, the
    // create function.
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
    // An array whose slots nothing touches (DatalessArrays) is its header;
    // one whose first operation writes every slot (FilledArrays) starts
    // with its data as allocated; one that a loop fills has the slots
    // outside the loop's range zeroed before the loop (which, the first to
    // take the handle, follows in this block).
    NewArray kind = options.dataless.contains(op) ? NewArray::Dataless
                    : options.filled.contains(op) ? NewArray::Filled
                                                  : NewArray::Zeroed;
    func::FuncOp create;
    if (options.outlineAccesses && !inFrame) {
      create = lookupOrDefineCreateFunction(e, kind);
      if (!create)
        return rewriter.notifyMatchFailure(
            op, "the name of a create function is taken by another symbol");
    }
    Location loc = op.getLoc();
    Value size = adaptor.getSize().front();
    int64_t flags = 0;
    if (op.getDynamicSize())
      flags |= kDynamic;
    if (op.getClearAfterRead())
      flags |= kClearAfterRead;
    if (inFrame)
      flags |= kInFrame;
    Value name = getNameAddress(rewriter, loc, e.symbols,
                                op.getName().empty() ? "ta" : op.getName());
    // Slot 0 holds the array; one slot per gradient source holds its
    // accumulator, empty (a zero-size view) until created. An array in the
    // frame whose accumulators are too has one slot more per source for the
    // frame buffer reserved for it (FrameArrays::reservedSlot).
    int64_t sources = options.sources.size();
    int64_t slots = 1 + sources + (frameAccumulators.empty() ? 0 : sources);
    // The buffer where the op has it (written out); loaded from the box
    // where the code that needs it is (a call).
    Value box, buffer, handle;
    if (create) {
      box = e.allocBox(slots);
      handle = e.handleOf(box, 0);
      callInlined(rewriter, loc, create,
                  ValueRange{handle, size, e.i64(flags), name});
    } else {
      std::optional<int64_t> frameSize;
      if (inFrame)
        frameSize = constantSize.getSExtValue();
      buffer = emitNewArray(e, size, e.i64(flags), name, kind, frameSize);
      box = e.allocBox(slots, inFrame);
      e.fillBox(box, buffer);
      for (auto &[id, acc] : accumulators)
        e.storeBuffer(acc.newFrameBuffer(constantSize.getSExtValue()), box,
                      FrameArrays::reservedSlot(sources, id));
      handle = e.handleOf(box, 0);
    }
    if (scf::ForOp loop = options.filled.fillingLoop(op);
        loop && !e.lazyZeroing()) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(loop);
      e.zeroSlotsOutside(buffer ? buffer : e.loadBuffer(box), size,
                         loop.getLowerBound(), loop.getUpperBound(), inFrame);
    }
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

/// TensorFlow's ClearAndMarkClosed of the array in `box`: drop every
/// element (free the data, keep a header-only buffer) and mark the array
/// closed. Closing twice is allowed; closing a forward array leaves its
/// accumulators open. `inPlace`: the array is marked closed where it is,
/// its buffer kept (an array in the frame, whose memory is the function's
/// until it returns; one whose buffer is its header already).
static void emitClose(ArrayEmitter &e, Value box, bool inPlace) {
  Value buffer = e.loadBuffer(box);
  Value closed = buffer;
  if (!inPlace) {
    auto type8 = MemRefType::get({ShapedType::kDynamic}, e.b.getI8Type());
    closed =
        e.allocStorage(type8, ValueRange{e.index(kHeaderBytes)}, kAlignment);
    memref::CopyOp::create(e.b, e.loc,
                           e.bytes(buffer, e.index(0), e.index(kHeaderBytes)),
                           e.bytes(closed, e.index(0), e.index(kHeaderBytes)));
  }
  Value header = e.header(closed);
  Value flags =
      arith::OrIOp::create(e.b, e.loc, e.get(header, kFlags), e.i64(kClosed));
  e.set(header, kFlags, flags);
  e.set(header, kCapacity, e.i64(0));
  if (!inPlace) {
    e.freeStorage(buffer);
    e.storeBuffer(closed, box);
  }
}

/// `__ta_close`: emitClose of an array on the heap as a function `(box) ->
/// ()`, the same for every kind. Null when another symbol has the name.
static func::FuncOp lookupOrDefineCloseFunction(const ArrayEmitter &e) {
  return lookupOrDefineArrayFunction(e, kCloseFunctionName,
                                     getCloseFunctionType(e.type.getContext()),
                                     [](ArrayEmitter &f, ValueRange args) {
                                       emitClose(f, args[0], /*inPlace=*/false);
                                       return SmallVector<Value>();
                                     });
}

/// ta.close: an array in the frame or of no data (DatalessArrays) is
/// marked closed in place; another is a call of `__ta_close` where accesses
/// are outlined, emitClose where the op is otherwise.
struct CloseLowering : TAPattern<CloseOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(CloseOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value box = adaptor.getHandle().front();
    bool inPlace = options.frame.holds(op.getHandle()) ||
                   options.dataless.holds(op.getHandle());
    if (options.outlineAccesses && !inPlace) {
      func::FuncOp close = lookupOrDefineCloseFunction(e);
      if (!close)
        return rewriter.notifyMatchFailure(
            op, "the name of the close function is taken by another symbol");
      func::CallOp::create(rewriter, op.getLoc(), close, ValueRange{box});
    } else {
      emitClose(e, box, inPlace);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// ta.flow_join: flows lower to nothing.
struct FlowJoinLowering : OpConversionPattern<FlowJoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FlowJoinOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

} // namespace

void mlir::ta::populateTALifecycleLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<CreateLowering, SizeLowering, CloseLowering>(
      converter, patterns.getContext(), options);
  patterns.add<FlowJoinLowering>(converter, patterns.getContext());
}

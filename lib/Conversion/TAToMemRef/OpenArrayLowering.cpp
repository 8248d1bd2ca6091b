//===- OpenArrayLowering.cpp - arrays whose element shape is open ---------===//
//
// Forward arrays whose element type leaves dims open (`tensor<?x4xf32>`):
// TensorFlow's common case (an element shape known at the first write, or a
// different shape per slot, as in a concat of variable-length sequences).
// Their slots live in libta_runtime (runtime/DynamicArrays.cpp), TensorFlow's
// TensorArray with a tensor, shape and state per slot; the box holds the
// 64-byte header alone. Each op is one or two calls: a value read comes back
// in two, the first reporting its shape, then the copy into the result
// allocated for it. The runtime checks in both checks modes: its bookkeeping
// of shapes is the work, and a check costs little beside it.
//
//===----------------------------------------------------------------------===//

#include "OpenArrayEmitter.h"
#include "Operands.h"
#include "Patterns.h"
#include "UnrankedValues.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

bool lowering::hasOpenElementShape(HandleType type) {
  return !type.getElementType().hasStaticShape();
}

namespace {

/// A pattern for one ta op on open arrays.
template <typename OpTy> struct OpenArrayPattern : TAPatternBase<OpTy> {
  using typename TAPatternBase<OpTy>::OneToNOpAdaptor;
  using TAPatternBase<OpTy>::TAPatternBase;

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    auto type = cast<HandleType>(op.getHandle().getType());
    if (!hasOpenElementShape(type))
      return rewriter.notifyMatchFailure(op, "element shape not open");
    FailureOr<ModuleSymbols *> table = this->moduleSymbols(op, rewriter);
    if (failed(table))
      return failure();
    for (const char *name : kOpenArrayFunctions)
      if (!isRuntimeFunctionAvailable(**table, name))
        return rewriter.notifyMatchFailure(
            op, "a runtime function's name is taken by another symbol");
    OpenArrayEmitter e(rewriter, op.getLoc(), type, **table);
    return lower(op, adaptor, e, rewriter);
  }

  virtual LogicalResult lower(OpTy op, OneToNOpAdaptor adaptor,
                              OpenArrayEmitter &e,
                              ConversionPatternRewriter &rewriter) const = 0;
};

struct OpenCreate : OpenArrayPattern<CreateOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(CreateOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t flags = 0;
    if (op.getDynamicSize())
      flags |= TA_FLAG_DYNAMIC;
    if (op.getClearAfterRead())
      flags |= TA_FLAG_CLEAR_AFTER_READ;
    if (op.getIdenticalElementShapes())
      flags |= TA_FLAG_IDENTICAL_SHAPES;
    StringRef name = op.getName().empty() ? "ta" : op.getName();
    Value buffer = e.newHeader(flags, e.toI64(adaptor.getSize().front()),
                               getNameAddress(rewriter, loc, e.symbols, name),
                               e.i64(0), e.partialShape());
    e.call(TA_RT_DYN_INIT,
           {e.address(buffer), e.scalarBytes(), e.scalarKind()});
    // The same box as a static array's: slot 0 the header, one slot per
    // gradient source for its accumulator's header, empty until created.
    int64_t slots = 1 + options.sources.size();
    Value box = e.newBox(buffer, slots);
    if (options.blockLocal.contains(op))
      releaseAtBlockEnd(e, op->getBlock()->getTerminator(), box, slots);
    Value handle = e.handleOf(box, 0);
    rewriter.replaceOpWithMultiple(op, {{handle}, {}});
    return success();
  }

  /// Releases, before the block's terminator, the runtime's arrays of the
  /// array and of its accumulators (a slot whose buffer is still the empty
  /// view has none), their headers and the box.
  static void releaseAtBlockEnd(OpenArrayEmitter &e, Operation *terminator,
                                Value box, int64_t slots) {
    OpBuilder::InsertionGuard guard(e.b);
    e.b.setInsertionPoint(terminator);
    for (int64_t s = 0; s < slots; ++s) {
      Value header =
          memref::LoadOp::create(e.b, e.loc, box, ValueRange{e.index(s)});
      auto release = [&] {
        e.call(TA_RT_DYN_RELEASE, {e.address(header)});
        e.freeStorage(header);
      };
      if (s == 0) {
        release();
        continue;
      }
      Value bytes = memref::DimOp::create(e.b, e.loc, header, 0);
      auto ifOp = scf::IfOp::create(
          e.b, e.loc, e.cmp(arith::CmpIPredicate::ne, bytes, e.index(0)),
          /*withElse=*/false);
      OpBuilder::InsertionGuard inner(e.b);
      e.b.setInsertionPointToStart(ifOp.thenBlock());
      release();
    }
    e.freeStorage(box);
  }
};

/// ta.grad / ta.grad_with_shape of an open forward array: the accumulator
/// in the box's slot for the source, made by the runtime on first use.
template <typename OpTy> struct OpenGrad : OpenArrayPattern<OpTy> {
  using OpenArrayPattern<OpTy>::OpenArrayPattern;
  using typename OpenArrayPattern<OpTy>::OneToNOpAdaptor;
  LogicalResult lower(OpTy op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> id = this->options.sources.lookup(op.getSource());
    if (!id)
      return rewriter.notifyMatchFailure(op, "source not in the table");
    int64_t slotIndex = 1 + *id;
    Location loc = op.getLoc();
    Value box = adaptor.getHandle().front();
    Value forward = e.header(box);
    Value existing = memref::LoadOp::create(rewriter, loc, box,
                                            ValueRange{e.index(slotIndex)});
    Value exists =
        e.cmp(arith::CmpIPredicate::ne,
              memref::DimOp::create(rewriter, loc, existing, 0), e.index(0));
    // The prepended dims: shape_to_prepend's values (none for ta.grad).
    Value prepend = e.i64(0), prependRank = e.i64(0);
    if constexpr (std::is_same_v<OpTy, GradWithShapeOp>) {
      OpenArrayEmitter::Vector shape = e.vector(op.getShapeToPrepend());
      prepend = shape.address;
      prependRank = shape.count;
    }
    auto ifOp = scf::IfOp::create(rewriter, loc, exists, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      e.call(TA_RT_DYN_GRAD, {forward, e.i64(0), prepend, prependRank});
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      OpenArrayEmitter acc(rewriter, loc, op.getGradHandle().getType(),
                           e.symbols);
      Value forwardWords = memref::ViewOp::create(
          rewriter, loc,
          MemRefType::get({TA_HEADER_WORDS}, rewriter.getI64Type()),
          memref::LoadOp::create(rewriter, loc, box, ValueRange{acc.index(0)}),
          acc.index(0), ValueRange{});
      Value name = memref::LoadOp::create(
          rewriter, loc, forwardWords, ValueRange{acc.index(TA_HEADER_NAME)});
      Value header = acc.newHeader(
          TA_FLAG_IS_GRAD | TA_FLAG_CLEAR_AFTER_READ, acc.i64(0), name,
          getNameAddress(rewriter, loc, acc.symbols, op.getSource()),
          acc.partialShape());
      acc.call(TA_RT_DYN_GRAD,
               {forward, acc.address(header), prepend, prependRank});
      memref::StoreOp::create(rewriter, loc, header, box,
                              ValueRange{acc.index(slotIndex)});
    }
    rewriter.replaceOpWithMultiple(op, {{e.handleOf(box, slotIndex)}, {}});
    return success();
  }
};

struct OpenSize : OpenArrayPattern<SizeOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(SizeOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value size =
        e.call(TA_RT_DYN_SIZE, {e.header(adaptor.getHandle().front())});
    rewriter.replaceOp(op, e.toIndex(size));
    return success();
  }
};

struct OpenClose : OpenArrayPattern<CloseOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(CloseOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    e.call(TA_RT_DYN_CLOSE, {e.header(adaptor.getHandle().front())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct OpenWrite : OpenArrayPattern<WriteOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(WriteOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value value = op.getValue();
    e.callWithValue(TA_RT_DYN_WRITE,
                    {e.header(adaptor.getHandle().front()),
                     e.toI64(adaptor.getIndex().front())},
                    value);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct OpenRead : OpenArrayPattern<ReadOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(ReadOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value box = adaptor.getHandle().front();
    Value header = e.header(box);
    Value index = e.toI64(adaptor.getIndex().front());
    Value value =
        e.takeResult(box, resultTypeFor(op.getValue()), [&](Value shape) {
          return e.call(TA_RT_DYN_READ, {header, index, shape});
        });
    rewriter.replaceOp(op, replacementFor(rewriter, op.getValue(), value));
    return success();
  }
};

struct OpenGather : OpenArrayPattern<GatherOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(GatherOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value box = adaptor.getHandle().front();
    Value header = e.header(box);
    OpenArrayEmitter::Vector indices = e.vector(op.getIndices());
    Value value =
        e.takeResult(box, resultTypeFor(op.getValue()), [&](Value shape) {
          return e.call(TA_RT_DYN_GATHER,
                        {header, indices.address, indices.count,
                         indices.entryBytes, shape});
        });
    rewriter.replaceOp(op, replacementFor(rewriter, op.getValue(), value));
    return success();
  }
};

struct OpenConcat : OpenArrayPattern<ConcatOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(ConcatOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value box = adaptor.getHandle().front();
    Value header = e.header(box);
    // The value (its rows, then the dims after the first), and a length per
    // slot read.
    Value lengths;
    Value value = e.takeResult(
        box, resultTypeFor(op.getValue()),
        [&](Value shape) { return e.call(TA_RT_DYN_CONCAT, {header, shape}); },
        &lengths);
    rewriter.replaceOp(op, {replacementFor(rewriter, op.getValue(), value),
                            toTensor(rewriter, op.getLoc(), lengths,
                                     op.getLengths().getType())});
    return success();
  }
};

struct OpenScatter : OpenArrayPattern<ScatterOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(ScatterOp op, OneToNOpAdaptor adaptor,
                      OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value value = op.getValue();
    Value header = e.header(adaptor.getHandle().front());
    OpenArrayEmitter::Vector indices = e.vector(op.getIndices());
    e.callWithValue(
        TA_RT_DYN_SCATTER,
        {header, indices.address, indices.count, indices.entryBytes}, value);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct OpenSplit : OpenArrayPattern<SplitOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(SplitOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value value = op.getValue();
    Value header = e.header(adaptor.getHandle().front());
    // Lengths are i64 (the verifier's TensorOf<[I64]>).
    OpenArrayEmitter::Vector lengths = e.vector(op.getLengths());
    e.callWithValue(TA_RT_DYN_SPLIT, {header, lengths.address, lengths.count},
                    value);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

} // namespace

void mlir::ta::populateTAOpenArrayLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<OpenCreate, OpenSize, OpenClose, OpenWrite, OpenRead, OpenGather,
               OpenConcat, OpenScatter, OpenSplit, OpenGrad<GradOp>,
               OpenGrad<GradWithShapeOp>>(converter, patterns.getContext(),
                                          options);
}

//===- AccessLowering.cpp - ta.write, ta.read -----------------------------===//
//
// One slot at a time: TensorFlow's Write and Read of a tensor operand or
// result, each a call of the module's access function for the array's kind
// (AccessFunctions.h).
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

struct WriteLowering : TAPattern<WriteOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(WriteOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = op.getValue();
    // A value of a less static type (rare) has its shape checked between
    // the bounds check (and growth) and the state checks, with a message
    // giving its runtime shape: written out here.
    bool checkShape = e.strict && value.getType() != e.element;
    FailureOr<func::FuncOp> write =
        getAccessFunction(e, options.outlineAccesses && !checkShape,
                          lookupOrDefineWriteFunction, op, rewriter);
    if (failed(write))
      return failure();
    Value box = adaptor.getHandle().front();
    Value i = e.toI64(adaptor.getIndex().front());
    Value source =
        toBuffer(rewriter, loc, value, e.element, /*anyOffset=*/true);
    if (*write) {
      writeElement(e, *write, box, i, source, isInLoop(op));
    } else {
      Value mismatch = checkShape
                           ? shapeMismatch(e, value, e.element.getShape(), 0)
                           : Value();
      e.writeSlot(box, i, source, mismatch, [&](SmallVectorImpl<Value> &args) {
        runtimeShape(e, value, 0, Value(), args);
      });
    }
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct ReadLowering : TAPattern<ReadOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(ReadOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<func::FuncOp> read = getAccessFunction(
        e, options.outlineAccesses, lookupOrDefineReadFunction, op, rewriter);
    if (failed(read))
      return failure();
    Value slot = readElement(e, *read, adaptor.getHandle().front(),
                             e.toI64(adaptor.getIndex().front()), isInLoop(op));
    // Destination-passing style: the copy out of the slot writes into a
    // tensor.empty, which empty-tensor elimination replaces by the slice of
    // the tensor the value is inserted into (no temporary); otherwise
    // bufferization allocates it and buffer deallocation frees it. The
    // slot's view is only read, before any later operation on the array.
    Value data = bufferization::ToTensorOp::create(
        rewriter, loc, e.element, slot, /*restrict=*/true, /*writable=*/false);
    // A value nobody reads needs no copy: the read stays for its checks and
    // its clearing, and the dead view folds away after bufferization.
    if (op.getValue().use_empty()) {
      rewriter.replaceOp(op, data);
      return success();
    }
    Value empty = tensor::EmptyOp::create(rewriter, loc, e.element.getShape(),
                                          e.element.getElementType());
    rewriter.replaceOp(op, bufferization::MaterializeInDestinationOp::create(
                               rewriter, loc, data, empty)
                               .getResult());
    return success();
  }
};

} // namespace

void mlir::ta::populateTAAccessLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<WriteLowering, ReadLowering>(converter, patterns.getContext(),
                                            options);
}

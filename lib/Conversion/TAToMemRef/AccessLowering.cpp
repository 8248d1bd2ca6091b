//===- AccessLowering.cpp - ta.write, ta.read -----------------------------===//
//
// One slot at a time: TensorFlow's Write and Read (ArrayEmitter::writeSlot,
// readSlot) of a tensor operand or result.
//
//===----------------------------------------------------------------------===//

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
    Value mismatch =
        e.strict ? shapeMismatch(e, value, e.element.getShape(), 0) : Value();
    Value source =
        toBuffer(rewriter, loc, value, e.element, /*anyOffset=*/true);
    Value i = e.toI64(adaptor.getIndex().front());
    e.writeSlot(adaptor.getHandle().front(), i, source, mismatch,
                [&](SmallVectorImpl<Value> &args) {
                  runtimeShape(e, value, 0, Value(), args);
                });
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct ReadLowering : TAPattern<ReadOp> {
  using TAPattern::TAPattern;
  LogicalResult lower(ReadOp op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value slot = e.readSlot(adaptor.getHandle().front(),
                            e.toI64(adaptor.getIndex().front()));
    // Destination-passing style: the copy out of the slot writes into a
    // tensor.empty, which empty-tensor elimination replaces by the slice of
    // the tensor the value is inserted into (no temporary); otherwise
    // bufferization allocates it and buffer deallocation frees it. The
    // slot's view is only read, before any later operation on the array.
    Value data = bufferization::ToTensorOp::create(
        rewriter, loc, e.element, slot, /*restrict=*/true, /*writable=*/false);
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

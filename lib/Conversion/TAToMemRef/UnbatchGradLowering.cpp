//===- UnbatchGradLowering.cpp - ta.unbatch_grad --------------------------===//
//
// TensorFlow's UnbatchGrad as calls into libta_runtime's rendezvous.
//
//===----------------------------------------------------------------------===//

#include "Operands.h"
#include "Patterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// The address of "container\0shared_name\0element type\0", which names an
/// unbatch_grad call site for the runtime.
Value getSiteAddress(OpBuilder &b, Location loc, ModuleSymbols &symbols,
                     UnbatchGradOp op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op.getContainer() << '\0' << op.getSharedName() << '\0'
     << getElementTypeOrSelf(op.getGrad().getType()) << '\0';
  return getBytesAddress(b, loc, symbols, "__ta_unbatch.", op.getSharedName(),
                         text);
}

/// TensorFlow's UnbatchGrad as calls into libta_runtime's rendezvous: the
/// call registers the grad (and, for an owner, waits for its batch); the
/// result is allocated from the row count it reports and filled by the
/// runtime. The same code in both checks modes: the rendezvous's checks
/// guard its own memory.
struct UnbatchGradLowering : OpConversionPattern<UnbatchGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UnbatchGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto gradType = dyn_cast<RankedTensorType>(op.getGrad().getType());
    if (!gradType)
      return rewriter.notifyMatchFailure(op, "unranked grad");
    if (op.getSharedName().empty())
      return rewriter.notifyMatchFailure(
          op, "no shared_name (see nameUnbatchGradResources)");
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not in a module");
    Type i64 = rewriter.getI64Type();
    // unbatch_grad ops are few: a table of their own each.
    ModuleSymbols symbols(module);
    func::FuncOp unbatch =
        lookupOrDeclareRuntimeFunction(symbols, TA_RT_UNBATCH_GRAD);
    func::FuncOp rowsOf =
        lookupOrDeclareRuntimeFunction(symbols, TA_RT_UNBATCH_GRAD_ROWS);
    func::FuncOp take =
        lookupOrDeclareRuntimeFunction(symbols, TA_RT_UNBATCH_GRAD_TAKE);
    if (!unbatch || !rowsOf || !take)
      return rewriter.notifyMatchFailure(
          op, "a runtime function's name is taken by another symbol");
    CodeBuilder e(rewriter, loc);

    Value owner = arith::ExtUIOp::create(
        rewriter, loc, i64,
        e.cmp(arith::CmpIPredicate::sgt,
              numElements(e, adaptor.getOriginalInput()), e.index(0)));
    auto indexType =
        RankedTensorType::get({ShapedType::kDynamic, 3}, rewriter.getI64Type());
    Value batchIndex =
        toBuffer(rewriter, loc, adaptor.getBatchIndex(), indexType);
    Value rows = e.toI64(memref::DimOp::create(rewriter, loc, batchIndex, 0));
    Value grad = toBuffer(rewriter, loc, adaptor.getGrad(), gradType);
    Value site = getSiteAddress(rewriter, loc, symbols, op);
    int64_t bits = gradType.getElementTypeBitWidth();

    // The grad's shape lives on the stack only for the call (the op may sit
    // in a loop).
    auto scope = memref::AllocaScopeOp::create(rewriter, loc, TypeRange{i64});
    Value ticket;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.createBlock(&scope.getBodyRegion());
      int64_t rank = gradType.getRank();
      Value shape = memref::AllocaOp::create(rewriter, loc,
                                             MemRefType::get({rank + 1}, i64));
      memref::StoreOp::create(rewriter, loc, e.i64(rank), shape,
                              ValueRange{e.index(0)});
      for (int64_t d = 0; d < rank; ++d)
        memref::StoreOp::create(
            rewriter, loc,
            e.toI64(tensor::DimOp::create(rewriter, loc, adaptor.getGrad(), d)),
            shape, ValueRange{e.index(d + 1)});
      SmallVector<Value> operands{site,
                                  e.i64((bits + 7) / 8),
                                  e.i64(op.getTimeoutMicros().value_or(0)),
                                  adaptor.getId(),
                                  owner,
                                  e.address(batchIndex),
                                  rows,
                                  e.address(grad),
                                  e.address(shape)};
      Value called =
          func::CallOp::create(rewriter, loc, unbatch, operands).getResult(0);
      memref::AllocaScopeReturnOp::create(rewriter, loc, called);
    }
    ticket = scope.getResult(0);

    Value resultRows =
        func::CallOp::create(rewriter, loc, rowsOf, ValueRange{ticket})
            .getResult(0);
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<Value> sizes{e.toIndex(resultRows)};
    for (int64_t d = 1; d < gradType.getRank(); ++d)
      if (resultType.isDynamicDim(d))
        sizes.push_back(
            tensor::DimOp::create(rewriter, loc, adaptor.getGrad(), d));
    Value result = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(resultType.getShape(), resultType.getElementType()),
        sizes, rewriter.getI64IntegerAttr(kAlignment));
    func::CallOp::create(rewriter, loc, take,
                         ValueRange{ticket, e.address(result)});
    rewriter.replaceOp(op, toTensor(rewriter, loc, result, resultType));
    return success();
  }
};

} // namespace

void mlir::ta::populateTAUnbatchGradLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<UnbatchGradLowering>(converter, patterns.getContext());
}

void mlir::ta::nameUnbatchGradResources(Operation *root) {
  root->walk([](FunctionOpInterface function) {
    int64_t k = 0;
    function.walk([&](UnbatchGradOp op) {
      std::string name =
          (function.getName() + "/unbatch_grad_" + Twine(k++)).str();
      if (op.getSharedName().empty())
        op.setSharedName(name);
    });
  });
}

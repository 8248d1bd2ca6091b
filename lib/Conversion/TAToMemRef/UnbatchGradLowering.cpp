//===- UnbatchGradLowering.cpp - ta.unbatch_grad --------------------------===//
//
// TensorFlow's UnbatchGrad as calls into libta_runtime's rendezvous.
//
//===----------------------------------------------------------------------===//

#include "Operands.h"
#include "Patterns.h"
#include "RuntimeFunctions.h"
#include "UnrankedValues.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
/// guard its own memory. An unranked grad passes its shape on the heap and
/// gets an unranked result (reshaped to [rows] ++ grad.shape[1:]), or a
/// ranked one where every use casts the result to one rank, which the grad
/// must then have.
struct UnbatchGradLowering : OpConversionPattern<UnbatchGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UnbatchGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getSharedName().empty())
      return rewriter.notifyMatchFailure(
          op, "no shared_name (see nameUnbatchGradResources)");
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not in a module");
    // unbatch_grad ops are few: a table of their own each.
    ModuleSymbols symbols(module);
    func::FuncOp unbatch =
        lookupOrDeclareRuntimeFunction(symbols, TA_RT_UNBATCH_GRAD);
    func::FuncOp rowsOf =
        lookupOrDeclareRuntimeFunction(symbols, TA_RT_UNBATCH_GRAD_ROWS);
    func::FuncOp take =
        lookupOrDeclareRuntimeFunction(symbols, TA_RT_UNBATCH_GRAD_TAKE);
    if (!unbatch || !rowsOf || !take ||
        !isRuntimeFunctionAvailable(symbols, TA_RT_FAIL))
      return rewriter.notifyMatchFailure(
          op, "a runtime function's name is taken by another symbol");
    CodeBuilder e(rewriter, loc);
    Value grad = adaptor.getGrad();
    TensorType resultType = resultTypeFor(op.getResult());
    // (Casts to rank 0 stay casts of the unranked result: no grad of rank 0
    // has a result.)
    if (resultType.hasRank() && resultType.getRank() == 0)
      resultType = op.getResult().getType();
    if (!isa<RankedTensorType>(grad.getType()) && resultType.hasRank()) {
      // Ranked by the result's casts: the grad must have that rank (ta's
      // own check, in both modes, before any dim is used).
      int64_t want = resultType.getRank();
      Value rank = tensor::RankOp::create(rewriter, loc, grad);
      auto ifOp = scf::IfOp::create(
          rewriter, loc, e.cmp(arith::CmpIPredicate::ne, rank, e.index(want)),
          /*withElse=*/false);
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        func::CallOp::create(
            rewriter, loc, lookupOrDeclareRuntimeFunction(symbols, TA_RT_FAIL),
            ValueRange{
                arith::ConstantIntOp::create(
                    rewriter, loc, rewriter.getI32Type(), TA_ERR_RESULT_RANK),
                /*header=*/e.i64(0), e.toI64(rank), e.i64(want), e.i64(0)});
      }
      grad = tensor::CastOp::create(
          rewriter, loc,
          RankedTensorType::get(
              SmallVector<int64_t>(want, ShapedType::kDynamic),
              resultType.getElementType()),
          grad);
    }

    Value owner = arith::ExtUIOp::create(
        rewriter, loc, rewriter.getI64Type(),
        e.cmp(arith::CmpIPredicate::sgt,
              numElements(e, adaptor.getOriginalInput()), e.index(0)));
    auto indexType =
        RankedTensorType::get({ShapedType::kDynamic, 3}, rewriter.getI64Type());
    Value batchIndex =
        toBuffer(rewriter, loc, adaptor.getBatchIndex(), indexType);
    Value rows = e.toI64(memref::DimOp::create(rewriter, loc, batchIndex, 0));
    // An unranked grad's data: a contiguous copy, freed after the call (the
    // rendezvous keeps a copy of its own).
    HeapShape shape;
    Value copy;
    Value gradData;
    if (auto ranked = dyn_cast<RankedTensorType>(grad.getType())) {
      gradData = e.address(toBuffer(rewriter, loc, grad, ranked));
    } else {
      shape = heapShapeOf(e, grad);
      gradData = e.address(copy = contiguousCopy(e, grad, shape.dims));
    }
    int64_t bits = getElementTypeOrSelf(grad.getType()).getIntOrFloatBitWidth();
    SmallVector<Value> operands{getSiteAddress(rewriter, loc, symbols, op),
                                e.i64((bits + 7) / 8),
                                e.i64(op.getTimeoutMicros().value_or(0)),
                                adaptor.getId(),
                                owner,
                                e.address(batchIndex),
                                rows,
                                gradData};
    Value value =
        isa<RankedTensorType>(grad.getType())
            ? lowerRanked(e, grad, resultType, operands, unbatch, rowsOf, take)
            : lowerUnranked(e, grad, shape, copy, resultType, operands, unbatch,
                            rowsOf, take);
    rewriter.replaceOp(op, replacementFor(rewriter, op.getResult(), value));
    return success();
  }

  /// The call, its rows and the result of a ranked grad: the grad's shape
  /// on the stack only for the call (the op may sit in a loop).
  static Value lowerRanked(CodeBuilder &e, Value grad, TensorType resultType,
                           SmallVector<Value> operands, func::FuncOp unbatch,
                           func::FuncOp rowsOf, func::FuncOp take) {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    auto gradType = cast<RankedTensorType>(grad.getType());
    Type i64 = b.getI64Type();
    auto scope = memref::AllocaScopeOp::create(b, loc, TypeRange{i64});
    {
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(&scope.getBodyRegion());
      int64_t rank = gradType.getRank();
      Value shape =
          memref::AllocaOp::create(b, loc, MemRefType::get({rank + 1}, i64));
      memref::StoreOp::create(b, loc, e.i64(rank), shape,
                              ValueRange{e.index(0)});
      for (int64_t d = 0; d < rank; ++d)
        memref::StoreOp::create(b, loc,
                                e.toI64(tensor::DimOp::create(b, loc, grad, d)),
                                shape, ValueRange{e.index(d + 1)});
      operands.push_back(e.address(shape));
      Value called =
          func::CallOp::create(b, loc, unbatch, operands).getResult(0);
      memref::AllocaScopeReturnOp::create(b, loc, called);
    }
    Value ticket = scope.getResult(0);
    Value rows =
        func::CallOp::create(b, loc, rowsOf, ValueRange{ticket}).getResult(0);
    auto ranked = cast<RankedTensorType>(resultType);
    SmallVector<Value> sizes{e.toIndex(rows)};
    for (int64_t d = 1; d < gradType.getRank(); ++d)
      if (ranked.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(b, loc, grad, d));
    Value result = memref::AllocOp::create(
        b, loc, MemRefType::get(ranked.getShape(), ranked.getElementType()),
        sizes, b.getI64IntegerAttr(kAlignment));
    func::CallOp::create(b, loc, take, ValueRange{ticket, e.address(result)});
    return toTensor(b, loc, result, ranked);
  }

  /// The same for an unranked grad (`shape`: its shape on the heap, `copy`:
  /// its data, freed after the call): the result's shape ([rows] ++
  /// grad.shape[1:]) on the heap too; the result a flat allocation
  /// reshaped.
  /// (A scalar grad fails in the runtime.)
  static Value lowerUnranked(CodeBuilder &e, Value grad, HeapShape shape,
                             Value copy, TensorType resultType,
                             SmallVector<Value> operands, func::FuncOp unbatch,
                             func::FuncOp rowsOf, func::FuncOp take) {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    operands.push_back(e.address(shape.words));
    Value ticket = func::CallOp::create(b, loc, unbatch, operands).getResult(0);
    e.freeStorage(copy);
    Value rows =
        func::CallOp::create(b, loc, rowsOf, ValueRange{ticket}).getResult(0);
    Value rank = tensor::RankOp::create(b, loc, grad);
    Value dims =
        e.allocStorage(MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
                       ValueRange{rank});
    memref::StoreOp::create(b, loc, rows, dims, ValueRange{e.index(0)});
    e.forLoop(e.index(1), rank, [&](Value d) {
      Value dim = memref::LoadOp::create(b, loc, shape.dims, ValueRange{d});
      memref::StoreOp::create(b, loc, dim, dims, ValueRange{d});
    });
    e.freeStorage(shape.buffer);
    Value flat = memref::AllocOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, resultType.getElementType()),
        ValueRange{productOf(e, dims, rank)}, b.getI64IntegerAttr(kAlignment));
    func::CallOp::create(b, loc, take, ValueRange{ticket, e.address(flat)});
    Value result = reshapedTo(e, flat, dims);
    e.freeStorage(dims);
    return toTensor(b, loc, result, resultType);
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

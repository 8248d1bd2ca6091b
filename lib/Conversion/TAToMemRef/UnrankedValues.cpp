//===- UnrankedValues.cpp - unranked tensors at the runtime boundary ------===//

#include "UnrankedValues.h"
#include "Operands.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

HeapShape lowering::heapShapeOf(CodeBuilder &e, Value tensor) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value rank = tensor::RankOp::create(b, loc, tensor);
  Value count = arith::AddIOp::create(b, loc, rank, e.index(1));
  Value buffer = e.allocStorage(
      MemRefType::get({ShapedType::kDynamic}, b.getI8Type()),
      ValueRange{arith::MulIOp::create(b, loc, count, e.index(8))});
  auto wordsType = MemRefType::get({ShapedType::kDynamic}, b.getI64Type());
  Value words = memref::ViewOp::create(b, loc, wordsType, buffer, e.index(0),
                                       ValueRange{count});
  memref::StoreOp::create(b, loc, e.toI64(rank), words, ValueRange{e.index(0)});
  e.forLoop(e.index(0), rank, [&](Value d) {
    memref::StoreOp::create(
        b, loc, e.toI64(tensor::DimOp::create(b, loc, tensor, d)), words,
        ValueRange{arith::AddIOp::create(b, loc, d, e.index(1))});
  });
  Value dims = memref::ViewOp::create(b, loc, wordsType, buffer, e.index(8),
                                      ValueRange{rank});
  return {buffer, words, dims};
}

Value lowering::contiguousCopy(CodeBuilder &e, Value tensor, Value dims) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type scalar = getElementTypeOrSelf(tensor.getType());
  Value source = bufferization::ToBufferOp::create(
      b, loc, UnrankedMemRefType::get(scalar, /*memorySpace=*/0), tensor,
      /*read_only=*/true);
  Value rank = memref::DimOp::create(b, loc, dims, 0);
  Value flat = e.allocStorage(MemRefType::get({ShapedType::kDynamic}, scalar),
                              ValueRange{productOf(e, dims, rank)}, kAlignment);
  memref::CopyOp::create(b, loc, source, reshapedTo(e, flat, dims));
  return flat;
}

Value lowering::productOf(CodeBuilder &e, Value dims, Value rank) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto loop = scf::ForOp::create(b, loc, e.index(0), rank, e.index(1),
                                 ValueRange{e.index(1)});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value dim =
      memref::LoadOp::create(b, loc, dims, ValueRange{loop.getInductionVar()});
  scf::YieldOp::create(b, loc,
                       ValueRange{arith::MulIOp::create(
                           b, loc, loop.getRegionIterArg(0), e.toIndex(dim))});
  return loop.getResult(0);
}

Value lowering::reshapedTo(CodeBuilder &e, Value flat, Value dims) {
  Type scalar = cast<MemRefType>(flat.getType()).getElementType();
  return memref::ReshapeOp::create(
      e.b, e.loc, UnrankedMemRefType::get(scalar, /*memorySpace=*/0), flat,
      dims);
}

TensorType lowering::resultTypeFor(Value result) {
  auto type = cast<TensorType>(result.getType());
  if (type.hasRank() || result.use_empty())
    return type;
  std::optional<int64_t> rank;
  for (Operation *user : result.getUsers()) {
    auto castOp = dyn_cast<tensor::CastOp>(user);
    auto to = castOp ? dyn_cast<RankedTensorType>(castOp.getType()) : nullptr;
    if (!to || (rank && *rank != to.getRank()))
      return type;
    rank = to.getRank();
  }
  return RankedTensorType::get(
      SmallVector<int64_t>(*rank, ShapedType::kDynamic), type.getElementType());
}

Value lowering::replacementFor(ConversionPatternRewriter &rewriter,
                               Value result, Value value) {
  if (value.getType() == result.getType())
    return value;
  for (Operation *user : llvm::make_early_inc_range(result.getUsers())) {
    auto castOp = cast<tensor::CastOp>(user);
    rewriter.replaceOpWithNewOp<tensor::CastOp>(castOp, castOp.getType(),
                                                value);
  }
  return tensor::CastOp::create(rewriter, result.getLoc(), result.getType(),
                                value);
}

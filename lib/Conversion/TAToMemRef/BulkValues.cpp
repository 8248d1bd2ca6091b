//===- BulkValues.cpp - the operands of the bulk operations ---------------===//

#include "BulkValues.h"
#include "Operands.h"
#include "UnrankedValues.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

RankedBulkValue lowering::rankedBulkValue(ArrayEmitter &e, Value value,
                                          ArrayRef<int64_t> rest,
                                          TARuntimeError notVector,
                                          Value &count) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto tensorType = cast<TensorType>(value.getType());
  if (tensorType.hasRank())
    return {cast<RankedTensorType>(tensorType), value, Value()};
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, rest);
  auto type = RankedTensorType::get(shape, tensorType.getElementType());
  Value rank = tensor::RankOp::create(b, loc, value);
  if (e.strict)
    e.failIf(e.cmp(arith::CmpIPredicate::eq, rank, e.index(0)), notVector,
             Value(), [](SmallVectorImpl<Value> &) {});
  Value rankOk = e.cmp(arith::CmpIPredicate::eq, rank, e.index(type.getRank()));
  // Dim 0 where the rank is right (tensor.dim of a scalar is undefined).
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{b.getIndexType()}, rankOk,
                                /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc,
                         ValueRange{tensor::DimOp::create(b, loc, value, 0)});
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, ValueRange{e.index(0)});
  }
  HeapShape heapShape = heapShapeOf(e, value);
  Value copy = contiguousCopy(e, value, heapShape.dims);
  e.freeStorage(heapShape.buffer);
  SmallVector<OpFoldResult> sizes{OpFoldResult(ifOp.getResult(0))};
  SmallVector<OpFoldResult> strides(shape.size(), b.getIndexAttr(1));
  int64_t stride = 1;
  for (int64_t d = shape.size() - 1; d >= 1; --d) {
    strides[d] = b.getIndexAttr(stride);
    stride *= shape[d];
  }
  strides[0] = b.getIndexAttr(stride);
  for (int64_t d : rest)
    sizes.push_back(b.getIndexAttr(d));
  Value view = memref::ReinterpretCastOp::create(
      b, loc, MemRefType::get(shape, type.getElementType()), copy,
      OpFoldResult(b.getIndexAttr(0)), sizes, strides);
  if (!e.strict)
    count = arith::SelectOp::create(b, loc, rankOk, count, e.index(0));
  return {type, toTensor(b, loc, view, type), copy};
}

MemRefType lowering::getElementsType(const ArrayLayout &layout) {
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, layout.element.getShape());
  return MemRefType::get(shape, layout.element.getElementType());
}

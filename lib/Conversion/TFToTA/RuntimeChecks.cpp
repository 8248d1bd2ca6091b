//===- RuntimeChecks.cpp - TensorFlow's run-time errors in lowered code ---===//

#include "RuntimeChecks.h"
#include "ta/Dialect/TA/Utils/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {
/// Opens `scf.if !ok` at `b`'s insertion point and moves into it.
void enterFailure(OpBuilder &b, Location loc, Value ok) {
  Value bad = arith::XOrIOp::create(
      b, loc, ok, arith::ConstantIntOp::create(b, loc, 1, /*width=*/1));
  auto check = scf::IfOp::create(b, loc, bad, /*withElseRegion=*/false);
  b.setInsertionPointToStart(check.thenBlock());
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
}

void callFail(OpBuilder &b, Operation *op, TARuntimeError code,
              ArrayRef<Value> args) {
  Location loc = op->getLoc();
  SmallVector<Value> operands{
      arith::ConstantIntOp::create(b, loc, code, 32).getResult()};
  llvm::append_range(operands, args);
  // Where the module has `_ta_rt_fail` as something else (ta-import-tf
  // rejects that first), the call names it and fails verification.
  ta::lookupOrDeclareRuntimeFunction(op->getParentOfType<ModuleOp>(),
                                     TA_RT_FAIL);
  func::CallOp::create(b, loc, TA_RT_FAIL, TypeRange{}, operands);
}
} // namespace

void mlir::ta::tf::failUnless(OpBuilder &builder, Operation *op, Value ok,
                              TARuntimeError code, Value a, Value b, Value c) {
  OpBuilder::InsertionGuard guard(builder);
  Location loc = op->getLoc();
  enterFailure(builder, loc, ok);
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 64);
  callFail(builder, op, code,
           {zero, toI64(builder, loc, a), toI64(builder, loc, b),
            c ? toI64(builder, loc, c) : zero});
}

void mlir::ta::tf::failUnlessVectors(OpBuilder &builder, Operation *op,
                                     Value ok, TARuntimeError code,
                                     ArrayRef<ValueRange> vectors, Value c) {
  OpBuilder::InsertionGuard guard(builder);
  Location loc = op->getLoc();
  enterFailure(builder, loc, ok);
  // [size(v0), v0..., size(v1), v1..., ...], as the runtime's message reads.
  SmallVector<Value> words;
  for (ValueRange vector : vectors) {
    words.push_back(
        arith::ConstantIntOp::create(builder, loc, vector.size(), 64));
    for (Value v : vector)
      words.push_back(toI64(builder, loc, v));
  }
  auto buffer = memref::AllocaOp::create(
      builder, loc,
      MemRefType::get({int64_t(words.size())}, builder.getI64Type()));
  for (auto [k, word] : llvm::enumerate(words))
    memref::StoreOp::create(
        builder, loc, word, buffer,
        ValueRange{arith::ConstantIndexOp::create(builder, loc, k)});
  Value address = toI64(
      builder, loc,
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer));
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(builder, loc, v, 64);
  };
  callFail(builder, op, code,
           {address, constant(vectors.empty() ? 0 : vectors[0].size()),
            constant(vectors.size() < 2 ? 0 : vectors[1].size()),
            c ? toI64(builder, loc, c) : constant(0)});
}

void mlir::ta::tf::failUnlessShapes(OpBuilder &builder, Operation *op, Value ok,
                                    TARuntimeError code, ValueRange lhs,
                                    ValueRange rhs, Value c) {
  failUnlessVectors(builder, op, ok, code, {lhs, rhs}, c);
}

void mlir::ta::tf::failUnlessListing(OpBuilder &builder, Operation *op,
                                     Value ok, TARuntimeError code,
                                     Value values, ValueRange rhs) {
  OpBuilder::InsertionGuard guard(builder);
  Location loc = op->getLoc();
  enterFailure(builder, loc, ok);
  // [n, values..., rank(rhs), rhs...], the values copied on this path only.
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, v);
  };
  Value n = tensor::DimOp::create(builder, loc, values, 0);
  Value words = arith::AddIOp::create(builder, loc, n, index(2 + rhs.size()));
  auto buffer = memref::AllocaOp::create(
      builder, loc,
      MemRefType::get({ShapedType::kDynamic}, builder.getI64Type()),
      ValueRange{words});
  memref::StoreOp::create(builder, loc, toI64(builder, loc, n), buffer,
                          ValueRange{index(0)});
  auto copy = scf::ForOp::create(builder, loc, index(0), n, index(1));
  {
    OpBuilder::InsertionGuard inLoop(builder);
    builder.setInsertionPointToStart(copy.getBody());
    Value k = copy.getInductionVar();
    Value v = tensor::ExtractOp::create(builder, loc, values, ValueRange{k});
    if (v.getType() != builder.getI64Type())
      v = arith::ExtSIOp::create(builder, loc, builder.getI64Type(), v);
    memref::StoreOp::create(
        builder, loc, v, buffer,
        ValueRange{arith::AddIOp::create(builder, loc, k, index(1))});
  }
  Value at = arith::AddIOp::create(builder, loc, n, index(1));
  memref::StoreOp::create(
      builder, loc, arith::ConstantIntOp::create(builder, loc, rhs.size(), 64),
      buffer, ValueRange{at});
  for (auto [j, v] : llvm::enumerate(rhs))
    memref::StoreOp::create(
        builder, loc, toI64(builder, loc, v), buffer,
        ValueRange{arith::AddIOp::create(builder, loc, at, index(1 + j))});
  Value address = toI64(
      builder, loc,
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer));
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 64);
  callFail(builder, op, code,
           {address, toI64(builder, loc, n),
            arith::ConstantIntOp::create(builder, loc, rhs.size(), 64), zero});
}

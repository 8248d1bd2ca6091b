//===- ConstantGlobals.cpp - tensor constants' globals in program order ---===//
//
// ta-constant-globals: the memref.global of every ranked tensor
// arith.constant, created in program order before one-shot-bufferize, so
// that bufferization (which visits functions in an order LLVM 22 takes from
// pointer-keyed containers) names none itself. See the pass description in
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TACONSTANTGLOBALSPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

struct TAConstantGlobalsPass
    : public ta::impl::TAConstantGlobalsPassBase<TAConstantGlobalsPass> {
  using TAConstantGlobalsPassBase::TAConstantGlobalsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbolTables;
    module.walk([&](arith::ConstantOp constant) {
      // Bufferization makes a global of the nearest module's for each
      // ranked tensor constant. getGlobalFor fails only for a constant
      // outside any module: none here (where it would, bufferization's own
      // call fails on the same constant and says why).
      if (isa<RankedTensorType>(constant.getType()) &&
          constant->getParentOfType<ModuleOp>() == module)
        (void)bufferization::getGlobalFor(constant, symbolTables, alignment);
    });
  }
};

} // namespace

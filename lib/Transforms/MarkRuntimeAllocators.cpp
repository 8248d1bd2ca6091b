//===- MarkRuntimeAllocators.cpp - fresh memory from libta_runtime --------===//
//
// ta-mark-runtime-allocators: MLIR's generic allocation functions, which
// libta_runtime defines over malloc, aligned_alloc and free, get the
// attributes LLVM gives malloc, aligned_alloc and free (noalias results,
// allockind, allocsize, alloc-family, allocalign, allocptr), so that its
// alias analysis and its removal of unused allocations treat them alike.
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAMARKRUNTIMEALLOCATORSPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

/// LLVM's attributes of an allocation function (llvm/IR/Attributes.h):
/// allockind bits, and allocsize's packing of (element size argument,
/// no count argument).
enum : uint64_t {
  kAllocKindAlloc = 1,
  kAllocKindFree = 4,
  kAllocKindUninitialized = 8,
  kAllocKindAligned = 32,
};
uint64_t allocSize(unsigned sizeArgument) {
  return (uint64_t(sizeArgument) << 32) | 0xFFFFFFFFu;
}

struct TAMarkRuntimeAllocatorsPass
    : public ta::impl::TAMarkRuntimeAllocatorsPassBase<
          TAMarkRuntimeAllocatorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder b(&getContext());
    auto declaration = [&](StringRef name) {
      auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
      return function && function.isExternal() ? function : LLVM::LLVMFuncOp();
    };
    auto mark = [&](LLVM::LLVMFuncOp function, uint64_t kind,
                    std::optional<uint64_t> size) {
      SmallVector<Attribute> passthrough{
          b.getArrayAttr({b.getStringAttr("allockind"),
                          b.getStringAttr(std::to_string(kind))}),
          b.getArrayAttr(
              {b.getStringAttr("alloc-family"), b.getStringAttr("malloc")})};
      if (size)
        passthrough.push_back(
            b.getArrayAttr({b.getStringAttr("allocsize"),
                            b.getStringAttr(std::to_string(*size))}));
      function->setAttr("passthrough", b.getArrayAttr(passthrough));
      // As LLVM declares malloc and free (inferLibFuncAttributes): memory
      // no IR can see (the heap), and for free the pointer it is given; no
      // unwinding; returns (what lets LLVM delete an unused allocation: a
      // failed one would stop the program, as a failed malloc may).
      using LLVM::ModRefInfo;
      ModRefInfo arguments =
          kind == kAllocKindFree ? ModRefInfo::ModRef : ModRefInfo::NoModRef;
      function.setMemoryEffectsAttr(LLVM::MemoryEffectsAttr::get(
          &getContext(), {/*other=*/ModRefInfo::NoModRef, /*argMem=*/arguments,
                          /*inaccessibleMem=*/ModRefInfo::ModRef,
                          /*errnoMem=*/ModRefInfo::NoModRef,
                          /*targetMem0=*/ModRefInfo::NoModRef,
                          /*targetMem1=*/ModRefInfo::NoModRef}));
      function.setNoUnwind(true);
      function.setWillReturn(true);
    };
    if (auto alloc = declaration("_mlir_memref_to_llvm_alloc")) {
      alloc.setResultAttr(0, LLVM::LLVMDialect::getNoAliasAttrName(),
                          b.getUnitAttr());
      mark(alloc, kAllocKindAlloc | kAllocKindUninitialized, allocSize(0));
    }
    if (auto alloc = declaration("_mlir_memref_to_llvm_aligned_alloc")) {
      alloc.setResultAttr(0, LLVM::LLVMDialect::getNoAliasAttrName(),
                          b.getUnitAttr());
      alloc.setArgAttr(0, LLVM::LLVMDialect::getAllocAlignAttrName(),
                       b.getUnitAttr());
      mark(alloc, kAllocKindAlloc | kAllocKindUninitialized | kAllocKindAligned,
           allocSize(1));
    }
    if (auto free = declaration("_mlir_memref_to_llvm_free")) {
      free.setArgAttr(0, LLVM::LLVMDialect::getAllocatedPointerAttrName(),
                      b.getUnitAttr());
      // free keeps no copy of the pointer: without this LLVM cannot delete
      // an allocation whose only other uses are its own stores and loads.
      free.setArgAttr(0, LLVM::LLVMDialect::getNoCaptureAttrName(),
                      b.getUnitAttr());
      mark(free, kAllocKindFree, std::nullopt);
    }
  }
};

} // namespace

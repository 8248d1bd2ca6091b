//===- GPUManagedMemory.cpp - lowered ta buffers in CUDA managed memory ---===//
//
// ta-gpu-managed-memory keeps ta's buffer layout (header, slot state, data)
// and host control flow unchanged and moves the memory to the GPU: buffers
// are allocated host-shared (CUDA managed memory), so that host code reads
// and updates headers and state in place while kernels copy, fill,
// accumulate, gather and scatter element data. A constant global kernels
// may read gets one managed copy for the process, made where it is first
// used.
//
//===----------------------------------------------------------------------===//

#include "ta/Transforms/Passes.h"

#include "ta/Runtime/TAABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAGPUMANAGEDMEMORYPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;

namespace {

/// Marks the host-memory globals that the copies made by
/// GetGlobalToHostShared read, so that they are not rewritten again.
constexpr StringLiteral kHostSourceAttr = "ta.host_source";

/// Whether buffers of `type` move to managed memory: plain host buffers
/// (identity layout, default memory space). Allocation and deallocation
/// agree on it, so that no buffer is freed by another allocator.
bool isPlainHostBuffer(MemRefType type) {
  return type.getLayout().isIdentity() && !type.getMemorySpace();
}

struct AllocToHostShared : OpRewritePattern<memref::AllocOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::AllocOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainHostBuffer(op.getType()))
      return rewriter.notifyMatchFailure(op, "not a plain host buffer");
    rewriter.replaceOpWithNewOp<gpu::AllocOp>(
        op, op.getType(), /*asyncToken=*/Type(), ValueRange{},
        op.getDynamicSizes(), op.getSymbolOperands(), /*hostShared=*/true);
    return success();
  }
};

struct DeallocToGPU : OpRewritePattern<memref::DeallocOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::DeallocOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPlainHostBuffer(cast<MemRefType>(op.getMemref().getType())))
      return rewriter.notifyMatchFailure(op, "not a plain host buffer");
    // gpu-to-llvm lowers only the async form.
    Location loc = op.getLoc();
    Type token = gpu::AsyncTokenType::get(rewriter.getContext());
    Value start =
        gpu::WaitOp::create(rewriter, loc, token, ValueRange{}).getAsyncToken();
    Value done = gpu::DeallocOp::create(rewriter, loc, token, ValueRange{start},
                                        op.getMemref())
                     .getAsyncToken();
    rewriter.replaceOpWithNewOp<gpu::WaitOp>(op, Type(), ValueRange{done});
    return success();
  }
};

/// A constant global read where kernels may read it: one managed copy of it
/// for the process, made on first use and kept (a copy at every use would
/// be an allocation that lives on, at every call of the function using it).
/// Two private host globals keep it: `__ta_managed.<name>`, a
/// memref<1xmemref<T>> holding the copy, and `__ta_managed_ready.<name>`,
/// a byte that says whether it is made.
struct GetGlobalToHostShared : OpRewritePattern<memref::GetGlobalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::GetGlobalOp op,
                                PatternRewriter &rewriter) const override {
    if (op->hasAttr(kHostSourceAttr) ||
        !op.getType().getLayout().isIdentity() ||
        !op.getType().hasStaticShape())
      return rewriter.notifyMatchFailure(op, "already a copy source");
    Location loc = op.getLoc();
    MemRefType type = op.getType();
    auto slotType = MemRefType::get({1}, type);
    auto flagType = MemRefType::get({1}, rewriter.getI8Type());
    std::string slotName = ("__ta_managed." + op.getName()).str();
    std::string flagName = ("__ta_managed_ready." + op.getName()).str();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module.lookupSymbol(slotName)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      memref::GlobalOp::create(rewriter, loc, slotName,
                               rewriter.getStringAttr("private"), slotType,
                               Attribute(), /*constant=*/false, IntegerAttr());
      memref::GlobalOp::create(
          rewriter, loc, flagName, rewriter.getStringAttr("private"), flagType,
          DenseElementsAttr::get(
              RankedTensorType::get({1}, rewriter.getI8Type()),
              rewriter.getI8IntegerAttr(0)),
          /*constant=*/false, IntegerAttr());
    }
    auto hostGlobal = [&](Type globalType, StringRef name) {
      auto get = memref::GetGlobalOp::create(rewriter, loc, globalType, name);
      get->setAttr(kHostSourceAttr, rewriter.getUnitAttr());
      return get.getResult();
    };
    Value slot = hostGlobal(slotType, slotName);
    Value flag = hostGlobal(flagType, flagName);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value made = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne,
        memref::LoadOp::create(rewriter, loc, flag, zero),
        arith::ConstantIntOp::create(rewriter, loc, 0, 8));
    auto ifOp =
        scf::IfOp::create(rewriter, loc,
                          arith::XOrIOp::create(rewriter, loc, made,
                                                arith::ConstantIntOp::create(
                                                    rewriter, loc, 1, 1)),
                          /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      Value source = hostGlobal(type, op.getName());
      auto copy =
          gpu::AllocOp::create(rewriter, loc, type, Type(), ValueRange{},
                               ValueRange{}, ValueRange{}, /*hostShared=*/true);
      Type token = gpu::AsyncTokenType::get(rewriter.getContext());
      Value start = gpu::WaitOp::create(rewriter, loc, token, ValueRange{})
                        .getAsyncToken();
      Value done =
          gpu::MemcpyOp::create(rewriter, loc, token, ValueRange{start},
                                copy.getMemref(), source)
              .getAsyncToken();
      gpu::WaitOp::create(rewriter, loc, Type(), ValueRange{done});
      memref::StoreOp::create(rewriter, loc, copy.getMemref(), slot, zero);
      memref::StoreOp::create(rewriter, loc,
                              arith::ConstantIntOp::create(rewriter, loc, 1, 8),
                              flag, zero);
    }
    rewriter.replaceOp(op, memref::LoadOp::create(rewriter, loc, slot, zero));
    return success();
  }
};

struct TAGPUManagedMemoryPass
    : public ta::impl::TAGPUManagedMemoryPassBase<TAGPUManagedMemoryPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTAGPUManagedMemoryPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    getOperation()->walk(
        [](memref::GetGlobalOp op) { op->removeAttr(kHostSourceAttr); });
    // Managed memory is not zero when allocated, whatever its size: the
    // lowering's fills of fresh buffers stay (TAABI.h).
    if (auto isZero =
            getOperation().lookupSymbol<func::FuncOp>(TA_FRESH_BUFFER_IS_ZERO);
        isZero && !isZero.isExternal()) {
      Block &entry = isZero.getBody().front();
      while (!entry.empty())
        entry.back().erase();
      auto b = OpBuilder::atBlockEnd(&entry);
      Value no =
          arith::ConstantOp::create(b, isZero.getLoc(), b.getBoolAttr(false));
      func::ReturnOp::create(b, isZero.getLoc(), no);
    }
  }
};

} // namespace

void mlir::ta::populateTAGPUManagedMemoryPatterns(RewritePatternSet &patterns) {
  patterns.add<AllocToHostShared, DeallocToGPU, GetGlobalToHostShared>(
      patterns.getContext());
}

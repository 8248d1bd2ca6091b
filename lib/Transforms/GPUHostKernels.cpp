//===- GPUHostKernels.cpp - every kernel compiled for the host too --------===//
//
// ta's GPU emulator (libta_gpu_emulator, a CUDA driver without a GPU) runs
// a program's kernels on the host. ta-gpu-host-kernels gives it their code:
// after kernel outlining, each kernel is renamed after its code (its name,
// then a hash of it: two programs in one process never register different
// kernels under one name, and the driver finds a kernel by name only), and
// cloned into a host function, its twin, which takes the kernel's arguments
// and the launch's grid and block dims and runs every thread of every block
// in turn: six loops, block z, y, x then thread z, y, x, with
// gpu.block_id/thread_id/block_dim/grid_dim/global_id replaced by the loop
// values and the dims. Every thread runs, not one: ta's kernels stride
// through their iterations by gridDim * blockDim. A kernel whose threads
// talk to each other (barriers, shuffles, shared memory) has no such
// sequential form and is diagnosed.
//
// The twin is marked `ta.host_kernel = "<kernel name>"`;
// ta-gpu-register-host-kernels (GPURegisterHostKernels.cpp) registers it
// once it is LLVM code.
//
//===----------------------------------------------------------------------===//

#include "ta/Runtime/TAHostKernels.h"
#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/xxhash.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAGPUHOSTKERNELSPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

/// The loop values and dims a twin's body reads for one kernel thread.
struct ThreadValues {
  Value block[3], thread[3], blockDim[3], gridDim[3];
};

/// Replaces the gpu dialect ops of a kernel body cloned into `region` by
/// `values`; fails (after a diagnostic on `kernel`) on ops whose threads
/// depend on each other.
LogicalResult replaceGPUOps(Region &region, const ThreadValues &values,
                            gpu::GPUFuncOp kernel) {
  auto pick = [](const Value(&v)[3], gpu::Dimension d) {
    return v[static_cast<unsigned>(d)];
  };
  SmallVector<Operation *> ops;
  region.walk([&](Operation *op) {
    if (isa<gpu::GPUDialect>(op->getDialect()))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Value value;
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
      value = pick(values.thread, id.getDimension());
    else if (auto id = dyn_cast<gpu::BlockIdOp>(op))
      value = pick(values.block, id.getDimension());
    else if (auto dim = dyn_cast<gpu::BlockDimOp>(op))
      value = pick(values.blockDim, dim.getDimension());
    else if (auto dim = dyn_cast<gpu::GridDimOp>(op))
      value = pick(values.gridDim, dim.getDimension());
    else if (auto id = dyn_cast<gpu::GlobalIdOp>(op))
      value = arith::AddIOp::create(
          b, op->getLoc(),
          arith::MulIOp::create(b, op->getLoc(),
                                pick(values.block, id.getDimension()),
                                pick(values.blockDim, id.getDimension())),
          pick(values.thread, id.getDimension()));
    if (value) {
      op->getResult(0).replaceAllUsesWith(value);
      op->erase();
      continue;
    }
    if (isa<gpu::ReturnOp>(op)) {
      scf::YieldOp::create(b, op->getLoc());
      op->erase();
      continue;
    }
    return kernel.emitOpError("cannot run on the host: '")
           << op->getName()
           << "' makes its threads depend on each other (ta's GPU emulator "
              "runs a kernel's threads one after another)";
  }
  return success();
}

/// `kernel`'s name after its code: the name, then a hash of the kernel.
std::string uniqueName(gpu::GPUFuncOp kernel) {
  std::string text;
  llvm::raw_string_ostream os(text);
  kernel->print(os, OpPrintingFlags().useLocalScope());
  return (kernel.getName() + "_" + llvm::utohexstr(llvm::xxh3_64bits(text)))
      .str();
}

struct TAGPUHostKernelsPass
    : public ta::impl::TAGPUHostKernelsPassBase<TAGPUHostKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUFuncOp> kernels;
    module.walk([&](gpu::GPUFuncOp fn) {
      if (fn.isKernel())
        kernels.push_back(fn);
    });
    // Renamed first: the launches name the kernels they launch.
    DenseMap<Attribute, SymbolRefAttr> renamed;
    for (gpu::GPUFuncOp kernel : kernels) {
      auto gpuModule = kernel->getParentOfType<gpu::GPUModuleOp>();
      std::string name = uniqueName(kernel);
      SymbolRefAttr old =
          SymbolRefAttr::get(gpuModule.getNameAttr(),
                             {FlatSymbolRefAttr::get(kernel.getNameAttr())});
      if (failed(SymbolTable(gpuModule).rename(kernel, name)))
        return signalPassFailure();
      renamed[old] =
          SymbolRefAttr::get(gpuModule.getNameAttr(),
                             {FlatSymbolRefAttr::get(kernel.getNameAttr())});
    }
    module.walk([&](gpu::LaunchFuncOp launch) {
      if (auto it = renamed.find(launch.getKernel()); it != renamed.end())
        launch.setKernelAttr(it->second);
    });
    // One twin per name: kernels of one name have one code (two modules
    // may outline the same kernel).
    llvm::StringSet<> twinned;
    for (gpu::GPUFuncOp kernel : kernels)
      if (twinned.insert(kernel.getName()).second &&
          failed(makeTwin(module, kernel)))
        return signalPassFailure();
  }

  LogicalResult makeTwin(ModuleOp module, gpu::GPUFuncOp kernel) {
    if (kernel.getNumWorkgroupAttributions() ||
        kernel.getNumPrivateAttributions())
      return kernel.emitOpError(
          "cannot run on the host: it has workgroup or private memory "
          "attributions (ta's GPU emulator runs a kernel's threads one after "
          "another)");
    Location loc = kernel.getLoc();
    MLIRContext *ctx = module.getContext();
    Type index = IndexType::get(ctx);
    SmallVector<Type> inputs(kernel.getArgumentTypes());
    inputs.append(6, index); // grid x, y, z; block x, y, z
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    auto twin =
        func::FuncOp::create(b, loc, ("__ta_host_" + kernel.getName()).str(),
                             FunctionType::get(ctx, inputs, {}));
    twin.setPrivate();
    twin->setAttr(TA_HOST_KERNEL_ATTR, b.getStringAttr(kernel.getName()));
    Block *entry = twin.addEntryBlock();
    b.setInsertionPointToStart(entry);
    ValueRange dims = entry->getArguments().take_back(6);
    ThreadValues values;
    for (unsigned d = 0; d < 3; ++d) {
      values.gridDim[d] = dims[d];
      values.blockDim[d] = dims[3 + d];
    }
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    // Blocks z, y, x, then their threads z, y, x.
    for (int d = 2; d >= 0; --d) {
      auto loop = scf::ForOp::create(b, loc, zero, values.gridDim[d], one);
      b.setInsertionPointToStart(loop.getBody());
      values.block[d] = loop.getInductionVar();
    }
    for (int d = 2; d >= 0; --d) {
      auto loop = scf::ForOp::create(b, loc, zero, values.blockDim[d], one);
      b.setInsertionPointToStart(loop.getBody());
      values.thread[d] = loop.getInductionVar();
    }
    auto body = scf::ExecuteRegionOp::create(b, loc, TypeRange{});
    IRMapping map;
    map.map(kernel.getArguments(), entry->getArguments().drop_back(6));
    kernel.getBody().cloneInto(&body.getRegion(), map);
    if (failed(replaceGPUOps(body.getRegion(), values, kernel)))
      return failure();
    b.setInsertionPointToEnd(entry);
    func::ReturnOp::create(b, loc);
    return success();
  }
};

} // namespace

//===- GPURegisterHostKernels.cpp - register the kernels' host twins ------===//
//
// Runs once the host code is LLVM: each host twin ta-gpu-host-kernels made
// (an llvm.func marked `ta.host_kernel = "<kernel name>"`, taking the
// kernel's parameters as the kernel takes them after lowering, then the
// six launch dims) gets an entry of the TAHostKernel form,
// `void (void **params, const int64_t *launch)`, which loads each
// parameter from the address cuLaunchKernel's `params` holds for it and
// calls the twin; a global constructor registers every entry with
// libta_cuda_runtime (ta_host_kernel_register: the kernel's name, the
// entry, its parameters' sizes), where the emulator finds it. Twins,
// entries and the constructor are internal to the module.
//
//===----------------------------------------------------------------------===//

#include "ta/Runtime/TAHostKernels.h"
#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAGPUREGISTERHOSTKERNELSPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kConstructor = "__ta_register_host_kernels";

/// The bytes a parameter of `type` takes in cuLaunchKernel's `params`, 0
/// for a type a kernel parameter cannot have.
int32_t paramBytes(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  if (type.isIntOrFloat())
    return (type.getIntOrFloatBitWidth() + 7) / 8;
  return 0;
}

struct TAGPURegisterHostKernelsPass
    : public ta::impl::TAGPURegisterHostKernelsPassBase<
          TAGPURegisterHostKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> twins;
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
      if (fn->hasAttr(TA_HOST_KERNEL_ATTR))
        twins.push_back(fn);
    if (twins.empty())
      return;
    if (module.lookupSymbol(kConstructor)) {
      module.emitOpError("has a symbol named '")
          << kConstructor << "', the name of the constructor that registers "
          << "its kernels' host twins";
      return signalPassFailure();
    }
    MLIRContext *ctx = module.getContext();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto i32 = IntegerType::get(ctx, 32);
    auto i64 = IntegerType::get(ctx, 64);
    auto voidType = LLVM::LLVMVoidType::get(ctx);
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    Location loc = module.getLoc();

    auto registerFn = dyn_cast_or_null<LLVM::LLVMFuncOp>(
        module.lookupSymbol(TA_HOST_KERNEL_REGISTER));
    if (!registerFn)
      registerFn = LLVM::LLVMFuncOp::create(
          b, loc, TA_HOST_KERNEL_REGISTER,
          LLVM::LLVMFunctionType::get(voidType, {ptr, ptr, i32, ptr}));
    auto constructor = LLVM::LLVMFuncOp::create(
        b, loc, kConstructor, LLVM::LLVMFunctionType::get(voidType, {}),
        LLVM::Linkage::Internal);
    Block *ctorBody = constructor.addEntryBlock(b);

    for (LLVM::LLVMFuncOp twin : twins) {
      StringRef name =
          twin->getAttrOfType<StringAttr>(TA_HOST_KERNEL_ATTR).getValue();
      ArrayRef<Type> params = twin.getFunctionType().getParams();
      if (params.size() < TA_LAUNCH_DIMS) {
        twin.emitOpError("is no host twin of a kernel: it takes fewer than ")
            << static_cast<int>(TA_LAUNCH_DIMS) << " parameters";
        return signalPassFailure();
      }
      ArrayRef<Type> kernelParams = params.drop_back(TA_LAUNCH_DIMS);
      SmallVector<int32_t> sizes;
      for (Type type : kernelParams) {
        sizes.push_back(paramBytes(type));
        if (!sizes.back()) {
          twin.emitOpError("takes a kernel parameter of type ")
              << type << ", which ta's GPU emulator does not pass";
          return signalPassFailure();
        }
      }
      twin.setLinkage(LLVM::Linkage::Internal);

      // The entry: (void **params, const int64_t *launch).
      b.setInsertionPointToEnd(module.getBody());
      auto entryFn = LLVM::LLVMFuncOp::create(
          b, twin.getLoc(), (twin.getName() + "_entry").str(),
          LLVM::LLVMFunctionType::get(voidType, {ptr, ptr}),
          LLVM::Linkage::Internal);
      Block *block = entryFn.addEntryBlock(b);
      b.setInsertionPointToStart(block);
      SmallVector<Value> args;
      for (auto [k, type] : llvm::enumerate(kernelParams)) {
        Value slot =
            LLVM::GEPOp::create(b, loc, ptr, ptr, block->getArgument(0),
                                ArrayRef<LLVM::GEPArg>{(int32_t)k});
        Value address = LLVM::LoadOp::create(b, loc, ptr, slot);
        args.push_back(LLVM::LoadOp::create(b, loc, type, address));
      }
      for (int32_t d = 0; d < TA_LAUNCH_DIMS; ++d) {
        Value slot = LLVM::GEPOp::create(
            b, loc, ptr, i64, block->getArgument(1), ArrayRef<LLVM::GEPArg>{d});
        args.push_back(LLVM::LoadOp::create(b, loc, i64, slot));
      }
      LLVM::CallOp::create(b, loc, twin, args);
      LLVM::ReturnOp::create(b, loc, ValueRange{});

      // Its registration: the name and the sizes as private constants.
      b.setInsertionPointToEnd(module.getBody());
      std::string nameText = name.str();
      nameText.push_back('\0');
      auto nameType =
          LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), nameText.size());
      auto nameGlobal = LLVM::GlobalOp::create(
          b, loc, nameType, /*isConstant=*/true, LLVM::Linkage::Private,
          (twin.getName() + "_name").str(), b.getStringAttr(nameText));
      auto sizesType = LLVM::LLVMArrayType::get(i32, sizes.size());
      auto sizesGlobal = LLVM::GlobalOp::create(
          b, loc, sizesType, /*isConstant=*/true, LLVM::Linkage::Private,
          (twin.getName() + "_sizes").str(),
          sizes.empty()
              ? Attribute()
              : Attribute(DenseIntElementsAttr::get(
                    RankedTensorType::get({(int64_t)sizes.size()}, i32),
                    ArrayRef<int32_t>(sizes))));
      if (sizes.empty()) {
        Block *init = b.createBlock(&sizesGlobal.getInitializerRegion());
        b.setInsertionPointToStart(init);
        LLVM::ReturnOp::create(
            b, loc, LLVM::ZeroOp::create(b, loc, sizesType).getResult());
      }
      b.setInsertionPointToEnd(ctorBody);
      Value nameAddress = LLVM::AddressOfOp::create(b, loc, nameGlobal);
      Value entryAddress = LLVM::AddressOfOp::create(b, loc, entryFn);
      Value count = LLVM::ConstantOp::create(b, loc, i32, sizes.size());
      Value sizesAddress = LLVM::AddressOfOp::create(b, loc, sizesGlobal);
      LLVM::CallOp::create(
          b, loc, registerFn,
          ValueRange{nameAddress, entryAddress, count, sizesAddress});
    }
    b.setInsertionPointToEnd(ctorBody);
    LLVM::ReturnOp::create(b, loc, ValueRange{});

    // Run at load, before main and before any kernel is asked for (with the
    // module's other constructors, if it has any).
    SmallVector<Attribute> ctors{FlatSymbolRefAttr::get(constructor)};
    SmallVector<Attribute> priorities{b.getI32IntegerAttr(65535)};
    SmallVector<Attribute> data{LLVM::ZeroAttr::get(ctx)};
    for (auto old :
         llvm::make_early_inc_range(module.getOps<LLVM::GlobalCtorsOp>())) {
      llvm::append_range(ctors, old.getCtors());
      llvm::append_range(priorities, old.getPriorities());
      llvm::append_range(data, old.getData());
      old.erase();
    }
    b.setInsertionPointToEnd(module.getBody());
    LLVM::GlobalCtorsOp::create(b, loc, b.getArrayAttr(ctors),
                                b.getArrayAttr(priorities),
                                b.getArrayAttr(data));
  }
};

} // namespace

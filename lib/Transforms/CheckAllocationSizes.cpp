//===- CheckAllocationSizes.cpp - no wrapped allocation sizes -------------===//
//
// ta-check-allocation-sizes: a memref.alloc whose byte size would pass
// INT64_MAX stops the program with TensorFlow's OOM message (through
// libta_runtime's `_ta_rt_fail`) instead of allocating the wrapped size.
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ta/Dialect/TA/Utils/RuntimeCalls.h"
#include "ta/Runtime/TAABI.h"
#include "ta/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::ta {
#define GEN_PASS_DEF_TACHECKALLOCATIONSIZESPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

/// Bytes of one element of a memref: scalars by their bit width, memrefs
/// (ta's boxes) by their LLVM descriptor (two pointers, an offset, sizes
/// and strides).
std::optional<int64_t> elementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  if (auto memref = dyn_cast<MemRefType>(type))
    return 8 * (3 + 2 * memref.getRank());
  if (isa<UnrankedMemRefType>(type))
    return 16;
  return std::nullopt;
}

/// Emits, before `alloc`, the check that its byte size fits in an int64:
/// `staticBytes` (the static sizes times the element's bytes) times the
/// dynamic sizes.
void checkSize(memref::AllocOp alloc, int64_t staticBytes, func::FuncOp fail) {
  OpBuilder b(alloc);
  Location loc = alloc.getLoc();
  Type i64Type = b.getI64Type();
  auto i64 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i64Type, v);
  };
  auto cmp = [&](arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
  };
  SmallVector<Value> sizes;
  for (Value size : alloc.getDynamicSizes())
    sizes.push_back(arith::IndexCastOp::create(b, loc, i64Type, size));
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  Value tooLarge;
  if (sizes.size() == 1) {
    // One run-time size: an unsigned comparison (negative sizes too).
    tooLarge = cmp(arith::CmpIPredicate::ugt, sizes[0],
                   i64(staticBytes == 0 ? kMax : kMax / staticBytes));
  } else {
    // Several: their product, with a flag for each step that overflows.
    Value bytes = i64(staticBytes);
    tooLarge = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    for (Value size : sizes) {
      auto product = arith::MulUIExtendedOp::create(b, loc, bytes, size);
      tooLarge = arith::OrIOp::create(
          b, loc, tooLarge,
          cmp(arith::CmpIPredicate::ne, product.getHigh(), i64(0)));
      bytes = product.getLow();
    }
    tooLarge = arith::OrIOp::create(
        b, loc, tooLarge, cmp(arith::CmpIPredicate::slt, bytes, i64(0)));
    // A 0 size makes no byte, whatever the product before it did.
    for (Value size : sizes)
      tooLarge = arith::AndIOp::create(
          b, loc, tooLarge, cmp(arith::CmpIPredicate::ne, size, i64(0)));
  }
  auto ifOp = scf::IfOp::create(b, loc, tooLarge, /*withElse=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  func::CallOp::create(
      b, loc, fail,
      ValueRange{
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), TA_ERR_OOM),
          i64(0), i64(-1), i64(0), i64(TA_ALLOC_TENSOR | TA_ALLOC_TOO_LARGE)});
}

struct TACheckAllocationSizesPass
    : public ta::impl::TACheckAllocationSizesPassBase<
          TACheckAllocationSizesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<memref::AllocOp> allocs;
    for (auto function : module.getOps<func::FuncOp>())
      function.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    func::FuncOp fail;
    for (memref::AllocOp alloc : allocs) {
      MemRefType type = alloc.getType();
      std::optional<int64_t> bytes = elementBytes(type.getElementType());
      // A static 0 size makes no byte, whatever the others.
      if (bytes && llvm::is_contained(type.getShape(), 0))
        continue;
      bool fits = bytes.has_value();
      for (int64_t size : type.getShape())
        if (!ShapedType::isDynamic(size))
          fits = fits && !llvm::MulOverflow(*bytes, size, *bytes);
      if (!fits) {
        alloc.emitOpError() << "allocates " << type
                            << ", whose byte size is not known or does not "
                               "fit in an int64";
        return signalPassFailure();
      }
      if (alloc.getDynamicSizes().empty() ||
          alloc->hasAttr(ta::kSizeCheckedAttr))
        continue;
      if (!fail &&
          !(fail = ta::lookupOrDeclareRuntimeFunction(module, TA_RT_FAIL))) {
        module.emitError() << "ta-check-allocation-sizes: '" << TA_RT_FAIL
                           << "' is defined otherwise in this module";
        return signalPassFailure();
      }
      checkSize(alloc, *bytes, fail);
    }
  }
};

} // namespace

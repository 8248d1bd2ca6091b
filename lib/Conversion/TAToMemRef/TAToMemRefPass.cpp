//===- TAToMemRefPass.cpp - the ta-lower-to-memref pass -------------------===//
//
// Diagnoses symbols that take the lowering's names, computes what the
// patterns are told (gradient sources, block-local arrays) and converts.
// The layout and the code live in ArrayLayout / ArrayEmitter, the patterns
// in one file per op group.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "ArrayLayout.h"
#include "RuntimeFunctions.h"
#include "ta/Conversion/Passes.h"
#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"

#include <set>

namespace mlir::ta {
#define GEN_PASS_DEF_TALOWERTOMEMREFPASS
#include "ta/Conversion/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

struct TALowerToMemRefPass
    : public ta::impl::TALowerToMemRefPassBase<TALowerToMemRefPass> {
  using TALowerToMemRefPassBase::TALowerToMemRefPassBase;

  /// Diagnoses symbols that take the names of the functions the lowering
  /// calls or defines; sets `hasUnbatch`.
  LogicalResult checkSymbols(ModuleOp module, bool &hasUnbatch) {
    bool ok = true;
    hasUnbatch = false;
    module.walk([&](UnbatchGradOp) { hasUnbatch = true; });
    for (Operation &op : *module.getBody()) {
      auto symbol =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (!symbol)
        continue;
      StringRef name = symbol.getValue();
      if (takesReservedName(&op)) {
        op.emitOpError() << "is named '" << name
                         << "', a name ta-lower-to-memref reserves for its "
                            "internal functions";
        ok = false;
      } else if (failed(verifyRuntimeFunctionName(&op))) {
        ok = false;
      }
    }
    return success(ok);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (bulkMoves && outlineAccesses) {
      module.emitError("bulk-moves needs outline-accesses=false: the data of "
                       "outlined accesses moves in their functions");
      return signalPassFailure();
    }
    bool hasUnbatch;
    if (failed(checkSymbols(module, hasUnbatch)))
      return signalPassFailure();
    if (hasUnbatch)
      nameUnbatchGradResources(module);
    TAToMemRefOptions options;
    options.checks = checks;
    options.outlineAccesses = outlineAccesses;
    options.bulkMoves = bulkMoves;
    options.sources = GradSourceTable::collect(module);
    options.blockLocal = BlockLocalArrays::analyze(module);
    options.dataless = DatalessArrays::analyze(module);
    options.reserveCapacity = reserveCapacity;
    options.filled = FilledArrays::analyze(module, fillLoops, reserveCapacity);
    if (frameArrays)
      options.frame = FrameArrays::analyze(module, options.blockLocal,
                                           options.dataless, options.sources);

    TATypeConverter typeConverter(context);
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.addIllegalDialect<TADialect>();
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        linalg::LinalgDialect, memref::MemRefDialect, scf::SCFDialect,
        tensor::TensorDialect, vector::VectorDialect>();
    target.addLegalOp<ModuleOp>();
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(
        patterns, typeConverter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return typeConverter.isSignatureLegal(op.getFunctionType()) &&
             typeConverter.isLegal(&op.getBody());
    });
    populateCallOpTypeConversionPattern(patterns, typeConverter);
    populateReturnOpTypeConversionPattern(patterns, typeConverter);
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return typeConverter.isLegal(op); });
    scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter,
                                                         patterns, target);
    populateTAToMemRefConversionPatterns(typeConverter, patterns, options);
    if (failed(applyPartialConversion(module, target, std::move(patterns)))) {
      signalPassFailure();
      return;
    }
    // The index vectors the patterns computed rather than read (ranges,
    // IndexVectors.h) would still be materialized by bufferization (a
    // generate filled, a constant made a global).
    module.walk([](Operation *op) {
      if (isa<tensor::GenerateOp, arith::ConstantOp>(op) &&
          isa<RankedTensorType>(op->getResult(0).getType()) &&
          isOpTriviallyDead(op))
        op->erase();
    });
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

GradSourceTable GradSourceTable::collect(Operation *root) {
  std::set<std::string> sources, keptByRuntime;
  root->walk([&](Operation *op) {
    if (auto grad = dyn_cast<GradOp>(op)) {
      sources.insert(grad.getSource().str());
    } else if (auto grad = dyn_cast<GradWithShapeOp>(op)) {
      sources.insert(grad.getSource().str());
      if (isSupported(grad.getHandle().getType()) &&
          hasOpenElementShape(grad.getGradHandle().getType()))
        keptByRuntime.insert(grad.getSource().str());
    }
  });
  GradSourceTable table;
  for (const std::string &source : sources)
    table.ids.try_emplace(source, table.ids.size());
  for (const std::string &source : keptByRuntime)
    table.keptByRuntime.insert(table.ids.lookup(source));
  return table;
}

std::optional<int64_t> GradSourceTable::lookup(StringRef source) const {
  auto it = ids.find(source);
  if (it == ids.end())
    return std::nullopt;
  return it->second;
}

MemRefType TATypeConverter::getBoxType(MLIRContext *context) {
  auto buffer =
      MemRefType::get({ShapedType::kDynamic}, IntegerType::get(context, 8));
  auto layout = StridedLayoutAttr::get(context, ShapedType::kDynamic, {1});
  return MemRefType::get({ShapedType::kDynamic}, buffer, layout);
}

TATypeConverter::TATypeConverter(MLIRContext *context) {
  addConversion([](Type type) { return type; });
  // A null type is a conversion failure (std::nullopt would fall through to
  // the identity conversion above and keep the handle).
  addConversion([context](HandleType type) -> Type {
    if (!isSupported(type) && !hasOpenElementShape(type))
      return Type();
    return getBoxType(context);
  });
  // Flows only order effects: they are erased.
  addConversion([](FlowType, SmallVectorImpl<Type> &) { return success(); });
}

void mlir::ta::populateTAToMemRefConversionPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  TAToMemRefOptions shared = options;
  if (!shared.symbols)
    shared.symbols = std::make_shared<lowering::SymbolCache>();
  populateTALifecycleLoweringPatterns(converter, patterns, shared);
  populateTAAccessLoweringPatterns(converter, patterns, shared);
  populateTAGatherLoweringPatterns(converter, patterns, shared);
  populateTAScatterLoweringPatterns(converter, patterns, shared);
  populateTAConcatLoweringPatterns(converter, patterns, shared);
  populateTASplitLoweringPatterns(converter, patterns, shared);
  populateTAGradLoweringPatterns(converter, patterns, shared);
  populateTAOpenArrayLoweringPatterns(converter, patterns, shared);
  populateTAUnbatchGradLoweringPatterns(converter, patterns);
}

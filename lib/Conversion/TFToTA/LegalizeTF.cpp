//===- LegalizeTF.cpp - a small set of TensorFlow ops into linalg ---------===//
//
// ta-legalize-tf: the TensorFlow compute ops that the programs around
// TensorArrays use most (loop counters, cell arithmetic, index
// construction) lowered to linalg/arith/tensor, so that an imported program
// runs end to end without TensorFlow's own legalizations. The set is small
// on purpose; its lowerings are tables, one per group, each with its
// populate function: elementwise ops with TensorFlow's broadcasting and
// casts (LegalizeTFElementwise.cpp), structural ops (identities, fills,
// ranges, packing, reshapes, `x[i]` slices, matmul:
// LegalizeTFStructural.cpp), TensorFlow's own tanh, exp, sigmoid, log and
// log1p (LegalizeTFMath.cpp), activations and their gradients
// (LegalizeTFActivations.cpp), rounding, sign and trigonometry
// (LegalizeTFUnaryMath.cpp), stacking and splitting
// (LegalizeTFStacking.cpp), and the slice, shape, layer, movement and
// reduction groups. Results follow TensorFlow's CPU kernels bit for bit for
// everything but MatMul, whose summation order may differ, and Sin, Cos,
// Rsqrt and Pow, computed with the C library (the corpus under test/TF
// states their bounds).
//
// This file holds the pass: it first gives the results TensorFlow left
// unranked the types their operands determine, then diagnoses every tf op
// that is not lowered, naming the reason (no lowering for the op, or the
// lowering's check), and only then converts.
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/TFToTA/LegalizeTF.h"
#include "LegalizeTFCommon.h"
#include "TFShapes.h"
#include "ta/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TALEGALIZETFPASS
#include "ta/Conversion/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tflegalize;

namespace {

struct TALegalizeTFPass
    : public ta::impl::TALegalizeTFPassBase<TALegalizeTFPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    tf::refineTypes(module);
    // Every tf op left unlowered, with the reason, before converting.
    bool ok = true;
    module.walk([&](Operation *op) {
      if (op->getDialect() || !op->getName().getStringRef().starts_with("tf."))
        return;
      const Lowering *lowering = findLowering(op);
      if (!lowering) {
        op->emitOpError("is not lowered by ta-legalize-tf (TensorFlow's own "
                        "legalizations, or a pattern added to "
                        "lib/Conversion/TFToTA/LegalizeTF*.cpp, must lower "
                        "it)");
        ok = false;
      } else if (std::string why = lowering->unsupported(op); !why.empty()) {
        op->emitOpError(why);
        ok = false;
      }
    });
    if (!ok)
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateTFElementwiseToLinalgPatterns(patterns);
    populateTFStructuralToLinalgPatterns(patterns);
    populateTFSliceToTensorPatterns(patterns);
    populateTFTranscendentalToArithPatterns(patterns);
    populateTFShapeToTensorPatterns(patterns);
    populateTFLayerToLinalgPatterns(patterns);
    populateTFMovementToLinalgPatterns(patterns);
    populateTFReductionToLinalgPatterns(patterns);
    populateTFActivationToLinalgPatterns(patterns);
    populateTFUnaryMathToLinalgPatterns(patterns);
    populateTFStackingToTensorPatterns(patterns);
    populateTFContractionToLinalgPatterns(patterns);
    populateTFLossToLinalgPatterns(patterns);
    populateTFGatherToLinalgPatterns(patterns);
    populateTFSegmentToLinalgPatterns(patterns);
    populateTFTopKToTensorPatterns(patterns);
    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !llvm::is_contained(getLegalizedTFOpNames(),
                                 op->getName().getStringRef());
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

ArrayRef<StringLiteral> mlir::ta::getLegalizedTFOpNames() {
  static const SmallVector<StringLiteral> names = [] {
    SmallVector<StringLiteral> all;
    for (ArrayRef<Lowering> group : loweringGroups())
      for (const Lowering &lowering : group)
        all.push_back(lowering.name);
    return all;
  }();
  return names;
}

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
// LegalizeTFStructural.cpp) and TensorFlow's own tanh, exp and sigmoid
// (LegalizeTFMath.cpp). Results follow TensorFlow's CPU kernels bit for bit
// for everything but MatMul, whose summation order may differ (the corpus
// under test/TF states its bound).
//
// This file holds the pass: it first gives the results TensorFlow left
// unranked the types their operands determine, then diagnoses every tf op
// that is not lowered, naming the reason (no lowering for the op, or the
// lowering's check), and only then converts.
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/TFToTA/LegalizeTF.h"
#include "LegalizeTFCommon.h"
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

//===----------------------------------------------------------------------===//
// Type refinement
//===----------------------------------------------------------------------===//

/// Whether `op` is a TensorFlow op (unregistered, `tf.` prefix).
bool isTFOp(Operation *op) {
  return !op->getDialect() && op->getName().getStringRef().starts_with("tf.");
}

/// The result type TensorFlow's shape function gives `op` from its operand
/// types, where it is more refined than the declared one (TensorFlow leaves
/// some results unranked, e.g. everything computed from a ConcatV3).
RankedTensorType refinedType(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (op->getNumResults() != 1)
    return {};
  auto declared = dyn_cast<TensorType>(op->getResult(0).getType());
  if (!declared || declared.hasRank())
    return {};
  auto ranked = [&](unsigned k) {
    return k < op->getNumOperands()
               ? dyn_cast<RankedTensorType>(op->getOperand(k).getType())
               : RankedTensorType();
  };
  if (isBroadcastingBinary(op)) {
    RankedTensorType lhs = ranked(0), rhs = ranked(1);
    if (!lhs || !rhs)
      return {};
    int64_t rank = std::max(lhs.getRank(), rhs.getRank());
    SmallVector<int64_t> dims(rank, 1);
    for (RankedTensorType t : {lhs, rhs})
      for (int64_t k = 0; k < t.getRank(); ++k) {
        int64_t &dim = dims[rank - t.getRank() + k];
        int64_t d = t.getDimSize(k);
        if (d == 1)
          continue;
        dim = (dim == 1 || dim == d) ? d : ShapedType::kDynamic;
      }
    return RankedTensorType::get(dims, declared.getElementType());
  }
  if (name == "tf.Neg" || name == "tf.Cast" || name == "tf.ZerosLike" ||
      name == "tf.OnesLike" || name == "tf.Identity") {
    RankedTensorType in = ranked(0);
    return in ? RankedTensorType::get(in.getShape(), declared.getElementType())
              : RankedTensorType();
  }
  if (name == "tf.Reshape") {
    RankedTensorType in = ranked(0);
    DenseIntElementsAttr shape;
    if (!in || !in.hasStaticShape() ||
        !matchPattern(op->getOperand(1), m_Constant(&shape)))
      return {};
    SmallVector<int64_t> dims;
    int64_t known = 1, inferred = -1;
    for (auto [k, dim] : llvm::enumerate(shape.getValues<APInt>())) {
      int64_t d = dim.getSExtValue();
      if (d == -1 && inferred < 0) {
        inferred = k;
        d = 1;
      } else if (d < 0) {
        return {};
      }
      known *= d;
      dims.push_back(d);
    }
    if (known == 0 || in.getNumElements() % known != 0)
      return {};
    if (inferred >= 0)
      dims[inferred] = in.getNumElements() / known;
    else if (known != in.getNumElements())
      return {};
    return RankedTensorType::get(dims, declared.getElementType());
  }
  return {};
}

/// Gives the TensorFlow ops of `module` the result types their operands
/// determine, in program order: a tf op reading a `tensor.cast` to an
/// unranked type reads the cast's ranked source instead, and users that are
/// not tf ops keep the declared type through a cast back.
void refineTypes(ModuleOp module) {
  module.walk<WalkOrder::PreOrder>([](Operation *op) {
    if (!isTFOp(op))
      return;
    for (OpOperand &operand : op->getOpOperands())
      if (auto cast = operand.get().getDefiningOp<tensor::CastOp>())
        if (isa<RankedTensorType>(cast.getSource().getType()) &&
            isa<UnrankedTensorType>(cast.getType()))
          operand.set(cast.getSource());
    RankedTensorType refined = refinedType(op);
    if (!refined)
      return;
    Value result = op->getResult(0);
    Type declared = result.getType();
    result.setType(refined);
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    Value back;
    for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
      if (isTFOp(use.getOwner()))
        continue;
      if (!back)
        back = tensor::CastOp::create(b, op->getLoc(), declared, result);
      if (use.getOwner() != back.getDefiningOp())
        use.set(back);
    }
  });
}

struct TALegalizeTFPass
    : public ta::impl::TALegalizeTFPassBase<TALegalizeTFPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    refineTypes(module);
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
    populateTFTranscendentalToArithPatterns(patterns);
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
    for (ArrayRef<Lowering> group :
         {elementwiseLowerings(), structuralLowerings(),
          transcendentalLowerings()})
      for (const Lowering &lowering : group)
        all.push_back(lowering.name);
    return all;
  }();
  return names;
}

//===- TFToTA.h - TensorFlow TensorArray ops into ta ------------*- C++ -*-===//
//
// Patterns that import the TensorArray family as TensorFlow's MLIR exporter
// prints it (generic `tf.*` ops, resource handles as
// `tensor<...!tf_type.resource...>`, flows as `tensor<f32>`, scalar int32
// index tensors) into ta ops.
//
//===----------------------------------------------------------------------===//

#ifndef TA_CONVERSION_TFTOTA_TFTOTA_H
#define TA_CONVERSION_TFTOTA_TFTOTA_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class ConversionTarget;
class ModuleOp;
class OpPassManager;
class RewritePatternSet;
} // namespace mlir

namespace mlir::ta {

/// Adds the steps of ta-import-tf to `pm`, in order: the passes
/// ta-tf-drop-session-initializers, -functionalize, -flatten-executor,
/// -refine-types, -decompose-stacks, -type-resources,
/// -convert-tensor-arrays, -decompose-lists and -control-flow-to-scf.
void buildImportTFPipeline(OpPassManager &pm);

/// The TensorFlow ops ta-import-tf rewrites: tf.TensorArrayV3, ...WriteV3,
/// ...ReadV3, ...GatherV3, ...ScatterV3, ...ConcatV3, ...SplitV3,
/// ...SizeV3, ...CloseV3, ...GradV3, tf.TensorArrayGradWithShape,
/// tf.UnbatchGrad, and tf.Const (their index and size operands).
ArrayRef<StringLiteral> getImportedTFOpNames();

/// Adds one conversion pattern per op of getImportedTFOpNames(). They expect
/// the handles and flows they read, and the results of the ops that make
/// them, to carry their ta types already (`!ta.handle<...>`, `!ta.flow`), as
/// ta-import-tf's resource typing leaves them.
void populateTFToTAConversionPatterns(RewritePatternSet &patterns);

/// Marks the ops of getImportedTFOpNames() illegal, everything else legal.
void configureTFToTAConversionTarget(ConversionTarget &target);

/// Emits a diagnostic naming the op for every TensorArray op whose operands
/// and results ta-import-tf does not take (their number, a non-scalar index
/// or size, a result that is no resource) and every tf.Const whose value is
/// not a builtin elements attribute; fails if any.
LogicalResult checkTFImportable(ModuleOp module);

} // namespace mlir::ta

#endif // TA_CONVERSION_TFTOTA_TFTOTA_H

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
class RewritePatternSet;
} // namespace mlir

namespace mlir::ta {

/// The TensorFlow ops ta-import-tf rewrites: tf.TensorArrayV3, ...WriteV3,
/// ...ReadV3, ...GatherV3, ...ScatterV3, ...ConcatV3, ...SplitV3,
/// ...SizeV3, ...CloseV3, ...GradV3, tf.TensorArrayGradWithShape,
/// tf.UnbatchGrad, and tf.Const (their index and size operands).
ArrayRef<StringLiteral> getImportedTFOpNames();

/// Adds one conversion pattern per op of getImportedTFOpNames(). They expect
/// handles and flows to come from imported ops (checkTFImportable) and
/// replace TensorFlow flows by `!ta.flow` values, so every user of a flow
/// must itself be imported (prepareTFImport).
void populateTFToTAConversionPatterns(RewritePatternSet &patterns);

/// Marks the ops of getImportedTFOpNames() illegal, everything else legal.
void configureTFToTAConversionTarget(ConversionTarget &target);

/// Emits a diagnostic naming the op for every form ta-import-tf does not
/// import (a handle or flow that does not come from a TensorArray op of the
/// same function, a handle used by another op, a missing or unknown
/// `dtype`/`element_shape`, a non-builtin tf.Const value); fails if any.
LogicalResult checkTFImportable(ModuleOp module);

/// Gives every user of a TensorFlow flow that is not a TensorArray op its
/// value, a constant 0.0 (TensorFlow's flows are always 0.0), so that the
/// flows themselves can become `!ta.flow`.
void prepareTFImport(ModuleOp module);

} // namespace mlir::ta

#endif // TA_CONVERSION_TFTOTA_TFTOTA_H

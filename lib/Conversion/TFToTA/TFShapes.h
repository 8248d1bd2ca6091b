//===- TFShapes.h - TensorFlow's result types, refined ----------*- C++ -*-===//
//
// TensorFlow's exporter leaves results unranked where its shape inference did
// not run or could not see through a loop (every value of a TensorFlow 1
// dataflow loop is `tensor<*x...>`). ta's lowerings need ranks: these give
// each TensorFlow op the type its shape function derives from its operands,
// and carry that through loops to a fixpoint.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TFTOTA_TFSHAPES_H
#define TA_LIB_CONVERSION_TFTOTA_TFSHAPES_H

#include "mlir/IR/Operation.h"

namespace mlir::ta::tf {

/// Whether `op` is a TensorFlow op (unregistered, `tf.` prefix).
bool isTFOp(Operation *op);

/// The types TensorFlow's shape function gives the results of `op` from its
/// operands' types (`typeOf`) and constant operands, one per result: null
/// where it gives nothing more than an unranked tensor (or the op is not one
/// ta lowers). TFShapeFunctions.cpp.
SmallVector<Type> inferResultTypes(Operation *op,
                                   function_ref<Type(Value)> typeOf);

/// Refines the types of the values under `root`: each TensorFlow op's results
/// to the meet of its declared type and what `inferResultTypes` gives, and
/// the values loops carry (tf.WhileRegion, scf.while) and conditionals
/// join (tf.IfRegion, scf.if) to a fixpoint over their regions. A value
/// whose type changes is read through a tensor.cast back to its declared
/// type by users that are not TensorFlow ops; loop and branch terminators
/// and inits are cast to the refined carried types; TensorFlow ops read
/// through casts that only erase a rank.
void refineTypes(Operation *root);

} // namespace mlir::ta::tf

#endif // TA_LIB_CONVERSION_TFTOTA_TFSHAPES_H

//===- LegalizeTF.h - a small set of TensorFlow ops into linalg -*- C++ -*-===//
//
// Patterns that lower the TensorFlow compute ops found around TensorArrays
// (elementwise arithmetic and comparisons with broadcasting, identities,
// casts, ranges, fills, packing, reshapes, slices, matmul, reductions,
// activations, data movement) to
// linalg/arith/tensor, for ta-legalize-tf. Each pattern checks the op it
// matches (TensorFlow's ops are unregistered: nothing else has verified
// their arity and types) and does not match where the check fails.
//
//===----------------------------------------------------------------------===//

#ifndef TA_CONVERSION_TFTOTA_LEGALIZETF_H
#define TA_CONVERSION_TFTOTA_LEGALIZETF_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::ta {

/// The TensorFlow ops the patterns below lower.
ArrayRef<StringLiteral> getLegalizedTFOpNames();

/// tf.AddV2, Add, Sub, Mul, RealDiv, Maximum, Minimum, Less, LessEqual,
/// Greater, GreaterEqual, Equal, NotEqual, LogicalAnd, LogicalOr (one
/// linalg.generic each, with TensorFlow's broadcasting, checked at run time
/// where dims are dynamic), tf.AddN (in TensorFlow's order of summation),
/// tf.FloorDiv and FloorMod (integer division by zero checked at run time),
/// SquaredDifference, tf.Neg, Square, Abs, Sqrt, Reciprocal, LeakyRelu and
/// tf.Cast (TensorFlow's CPU conversions).
void populateTFElementwiseToLinalgPatterns(RewritePatternSet &patterns);

/// tf.Identity, IdentityN, NoOp, MatMul, Range, Fill (dims checked at run
/// time where not constant), ZerosLike, OnesLike, Reshape (static result
/// shapes).
void populateTFStructuralToLinalgPatterns(RewritePatternSet &patterns);

/// tf.StridedSlice and tf.StridedSliceGrad of the `x[i]` form, with
/// TensorFlow's run-time bounds check, and of constant bounds; tf.Slice of
/// any begins and sizes, checked at run time.
void populateTFSliceToTensorPatterns(RewritePatternSet &patterns);

/// tf.Tanh, tf.Exp, tf.Sigmoid on f32: TensorFlow's CPU kernels bit for bit
/// (Eigen's approximations; exp and sigmoid call the C library's expf for
/// the last n % 8 elements, as Eigen's scalar path does).
void populateTFTranscendentalToArithPatterns(RewritePatternSet &patterns);

/// tf.Shape (static dims as constants, dynamic ones read at run time),
/// Transpose, Split, ConcatV2, Squeeze and ExpandDims (constant axes).
void populateTFShapeToTensorPatterns(RewritePatternSet &patterns);

/// tf.BiasAdd, BiasAddGrad, TanhGrad and SigmoidGrad (TensorFlow's f32
/// kernels bit for bit), Relu, ReluGrad and Softmax.
void populateTFLayerToLinalgPatterns(RewritePatternSet &patterns);

/// tf.Sum, Prod, Max, Min and Mean over constant axes, ArgMax and ArgMin
/// along a constant axis, Cumsum and Cumprod (sequential scans).
void populateTFReductionToLinalgPatterns(RewritePatternSet &patterns);

/// tf.ReverseV2, Tile and SelectV2 (broadcasting), on static shapes;
/// tf.GatherV2 of a scalar or vector of indices along a constant axis, each
/// checked; tf.OneHot of a constant depth; tf.BroadcastTo to a constant
/// shape.
void populateTFMovementToLinalgPatterns(RewritePatternSet &patterns);

/// tf.Relu6, Elu, Selu, Softplus and the gradients Relu6Grad, EluGrad,
/// SeluGrad, SoftplusGrad, LeakyReluGrad, SqrtGrad, RsqrtGrad: TensorFlow's
/// CPU kernels (Eigen's packet and scalar paths where they differ).
void populateTFActivationToLinalgPatterns(RewritePatternSet &patterns);

/// tf.Floor, Ceil, Round (half to even), Sign, IsFinite and StopGradient
/// exactly; tf.Sin, Cos and Rsqrt through the C library (within the ulp
/// bound docs/embedding.md states of TensorFlow's Eigen approximations).
void populateTFUnaryMathToLinalgPatterns(RewritePatternSet &patterns);

/// tf.Pack (tf.stack), Unpack (tf.unstack) and SplitV (tf.split by
/// constant sizes) on static shapes.
void populateTFStackingToTensorPatterns(RewritePatternSet &patterns);

/// tf.MatMul and tf.BatchMatMul, BatchMatMulV2, BatchMatMulV3 (adjoints
/// and broadcast batch dims read through indexing maps) on static shapes.
void populateTFContractionToLinalgPatterns(RewritePatternSet &patterns);

/// tf.SparseSoftmaxCrossEntropyWithLogits (Keras's sparse categorical
/// cross entropy): TensorFlow's f32 kernel, labels checked with its error.
void populateTFLossToLinalgPatterns(RewritePatternSet &patterns);

/// tf.GatherNd and tf.GatherV2 with batch_dims on static shapes, every
/// index checked with TensorFlow's texts; tf.Where of one operand (the
/// coordinates of its true elements).
void populateTFGatherToLinalgPatterns(RewritePatternSet &patterns);

/// tf.UnsortedSegmentSum (a gather's gradient made dense) and
/// tf.UnsortedSegmentProd: every id checked, then each row reduced into its
/// segment in TensorFlow's order.
void populateTFSegmentToLinalgPatterns(RewritePatternSet &patterns);

/// tf.TopKV2 (tf.math.top_k, tf.sort) of a static input and a constant k:
/// a selection per row, equal values in the order of their indices.
void populateTFTopKToTensorPatterns(RewritePatternSet &patterns);

} // namespace mlir::ta

#endif // TA_CONVERSION_TFTOTA_LEGALIZETF_H

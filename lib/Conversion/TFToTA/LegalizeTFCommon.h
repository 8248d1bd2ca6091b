//===- LegalizeTFCommon.h - ta-legalize-tf's lowerings, by table -*- C++
//-*-===//
//
// Each TensorFlow op ta-legalize-tf lowers is a `Lowering`: a check that says
// why an op cannot be lowered (its arity, types or attributes: TensorFlow's
// ops are unregistered, so nothing has verified them) and a rewrite that may
// assume the check passed. The pattern built from an entry runs the check
// itself (no hidden preparation); the pass runs the same checks first to
// turn each reason into a diagnostic naming the op.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TFTOTA_LEGALIZETFCOMMON_H
#define TA_LIB_CONVERSION_TFTOTA_LEGALIZETFCOMMON_H

#include "TFUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include <string>

namespace mlir::ta::tflegalize {

using tf::castTo;
using tf::scalarIndex;

/// How ta-legalize-tf lowers the TensorFlow op `name`.
struct Lowering {
  StringLiteral name;
  /// Why `op` is not lowered, or "" when it is.
  std::string (*unsupported)(Operation *op);
  /// Replaces `op`, for which `unsupported` returned "".
  LogicalResult (*rewrite)(Operation *op, ValueRange operands,
                           ConversionPatternRewriter &rewriter);
};

/// The lowerings of each group (LegalizeTFElementwise.cpp,
/// LegalizeTFStructural.cpp, LegalizeTFSlices.cpp, LegalizeTFMath.cpp,
/// LegalizeTFShapes.cpp, LegalizeTFNN.cpp, LegalizeTFMovement.cpp,
/// LegalizeTFReductions.cpp, LegalizeTFActivations.cpp,
/// LegalizeTFUnaryMath.cpp, LegalizeTFStacking.cpp,
/// LegalizeTFContractions.cpp).
ArrayRef<Lowering> elementwiseLowerings();
ArrayRef<Lowering> structuralLowerings();
ArrayRef<Lowering> sliceLowerings();
ArrayRef<Lowering> transcendentalLowerings();
ArrayRef<Lowering> shapeLowerings();
ArrayRef<Lowering> layerLowerings();
ArrayRef<Lowering> movementLowerings();
ArrayRef<Lowering> reductionLowerings();
ArrayRef<Lowering> activationLowerings();
ArrayRef<Lowering> unaryMathLowerings();
ArrayRef<Lowering> stackingLowerings();
ArrayRef<Lowering> contractionLowerings();
ArrayRef<Lowering> lossLowerings();
ArrayRef<Lowering> gatherLowerings();
ArrayRef<Lowering> segmentLowerings();
ArrayRef<Lowering> topKLowerings();

/// Whether `op` is one of the elementwise binary ops (which broadcast).
bool isBroadcastingBinary(Operation *op);

/// The lowering of `op`, or null if ta-legalize-tf has none.
const Lowering *findLowering(Operation *op);

/// Every group's lowerings, the groups above in order.
ArrayRef<ArrayRef<Lowering>> loweringGroups();

/// Adds one pattern per entry of `lowerings`.
void addLoweringPatterns(RewritePatternSet &patterns,
                         ArrayRef<Lowering> lowerings);

/// Whether ta-legalize-tf computes on `type` as TensorFlow does: signless
/// integers of 1, 8, 16, 32, 64 bits (TensorFlow's bool and intN), f16,
/// bf16, f32, f64.
bool isLowerableElement(Type type);

/// "" if `op` has `operands` operands (any number if negative) and
/// `results` results, all ranked tensors of lowerable elements; otherwise
/// why not.
std::string checkSignature(Operation *op, int operands, unsigned results);

/// An empty tensor of `type`; its dynamic dims are `dims` (one per dim of
/// `type`, used where dynamic) or, if `dims` is empty, those of `like`.
Value emptyLike(OpBuilder &b, Location loc, RankedTensorType type,
                Value like = {}, ValueRange dims = {});

/// A linalg.generic over `result`'s shape mapping `input` (same shape)
/// through `body`.
Value mapElements(OpBuilder &b, Location loc, Value input,
                  RankedTensorType result,
                  function_ref<Value(OpBuilder &, Location, Value)> body);

/// A tensor of `type` filled with `scalar`.
Value filled(OpBuilder &b, Location loc, RankedTensorType type, Value scalar,
             Value like = {});

/// The result shape of tf.StridedSlice `op` of constant bounds (begin, end,
/// strides at operands 1 to 3, its masks) of a static `shape`, as
/// TensorFlow canonicalizes them; null where the bounds are not constant or
/// not of a form ta lowers (LegalizeTFSlices.cpp).
std::optional<SmallVector<int64_t>> stridedSliceShape(Operation *op,
                                                      ArrayRef<int64_t> shape);

/// tf.StridedSlice with indices known at run time on any axis, new axes and
/// an ellipsis (LegalizeTFGeneralSlices.cpp): its result shape over an
/// input of `shape` (null where it is not of that form), why `op` is not
/// lowered ("" if it is), and its lowering.
std::optional<SmallVector<int64_t>>
generalStridedSliceShape(Operation *op, ArrayRef<int64_t> shape);
std::string unsupportedGeneralStridedSlice(Operation *op);
std::string unsupportedGeneralStridedSliceGrad(Operation *op);
LogicalResult
rewriteGeneralStridedSliceGrad(Operation *op, ValueRange operands,
                               ConversionPatternRewriter &rewriter);
LogicalResult rewriteGeneralStridedSlice(Operation *op, ValueRange operands,
                                         ConversionPatternRewriter &rewriter);

/// The index a slice of `op` takes of a dim of `n` (the dim numbered `dim`)
/// from entry `entry` of `beginVector`: TensorFlow counts a negative index
/// from the end and fails outside [-n, n) with "slice index i of dimension
/// d out of bounds.", naming the index counted from the start.
Value checkedSliceIndex(ConversionPatternRewriter &rewriter, Operation *op,
                        Value beginVector, Value n, int64_t entry = 0,
                        int64_t dim = 0);

/// The constant axis `value` holds for a tensor of `rank`, counted from 0
/// (TensorFlow counts negative axes from the end), if it is one in range.
std::optional<int64_t> constantAxis(Value value, int64_t rank);

/// The constant axes `value` holds (a scalar or a vector) for a tensor of
/// `rank`, counted from 0, sorted and unique, if all are in range.
std::optional<SmallVector<int64_t>> constantAxes(Value value, int64_t rank);

/// Where Eigen's scalar tail starts in a tensor of `dims` (TensorFlow's
/// wheel computes elementwise kernels in packets of 8 floats and the last
/// n % 8 elements one by one): n - n % 8, the linear index of the first.
Value eigenTailStart(OpBuilder &b, Location loc, ValueRange dims);

/// Inside a linalg.generic over a tensor of `dims`: whether the element at
/// hand is in Eigen's scalar tail (its linear index >= `tailStart`).
Value inEigenTail(OpBuilder &b, Location loc, ValueRange dims, Value tailStart);

/// How reduceAlong folds elements.
enum class ReduceKind { Sum, Prod, Max, Min, Any, All };

/// `input` reduced over `dims` (kept as dims of 1 where `keep`), in index
/// order, as TensorFlow's reducers fold (LegalizeTFReductions.cpp).
Value reduceAlong(OpBuilder &b, Location loc, Value input,
                  ArrayRef<int64_t> dims, bool keep, ReduceKind kind);

/// An f32 denormal `v` as the zero of its sign (TensorFlow runs with
/// flush-to-zero and denormals-are-zero); other types unchanged.
Value flushDenormal(OpBuilder &b, Location loc, Value v);

/// The C library's f32 function `name` (expf, log1pf), declared in `op`'s
/// module on first use.
func::FuncOp declareLibm(OpBuilder &b, Operation *op, StringRef name);

/// Inside a linalg.generic: TensorFlow's f32 exp of `x`, Eigen's packet
/// path, or its scalar path (`libm`: expf, from declareLibm) where `inTail`
/// holds (LegalizeTFMath.cpp).
Value eigenExp(OpBuilder &b, Location loc, func::FuncOp libm, Value x,
               Value inTail);

/// As eigenExp, for log (`libm`: logf).
Value eigenLog(OpBuilder &b, Location loc, func::FuncOp libm, Value x,
               Value inTail);

/// As eigenExp, for log1p (`libm`: log1pf).
Value eigenLog1p(OpBuilder &b, Location loc, func::FuncOp libm, Value x,
                 Value inTail);

/// Emits `body(b, position)` for every position of `shape`, in a loop over
/// its flat indices (LegalizeTFGathers.cpp).
void forEachPosition(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                     function_ref<void(OpBuilder &, ArrayRef<Value>)> body);

/// The index the integer tensor `indices` holds at `position`, as an index
/// (LegalizeTFGathers.cpp).
Value indexAt(OpBuilder &b, Location loc, Value indices,
              ArrayRef<Value> position);

/// The position in the static `shape` of the row-major flat index `flat`
/// (LegalizeTFGathers.cpp).
SmallVector<Value> positionOf(OpBuilder &b, Location loc, Value flat,
                              ArrayRef<int64_t> shape);

/// tf.GatherV2 with batch_dims (LegalizeTFGathers.cpp), which the batch_dims
/// 0 lowering (LegalizeTFMovement.cpp) hands on.
std::string unsupportedGatherBatched(Operation *op);
LogicalResult rewriteGatherBatched(Operation *op, ValueRange operands,
                                   ConversionPatternRewriter &rewriter);

/// The map reading a [..., 1] tensor of per-row values at every element of
/// a tensor of `rank` dims.
AffineMap rowMap(OpBuilder &b, int64_t rank);

/// logits - max(logits along the last dim), and exp of that with
/// TensorFlow's Eigen exp over the whole tensor (packets and the scalar
/// tail): what tf.Softmax, tf.LogSoftmax and the cross entropies compute
/// first (LegalizeTFNN.cpp).
std::pair<Value, Value> shiftedExp(ConversionPatternRewriter &rewriter,
                                   Operation *op, Value logits);

/// `value`'s type if it is a ranked tensor, else null.
inline RankedTensorType rankedType(Value value) {
  return dyn_cast<RankedTensorType>(value.getType());
}

} // namespace mlir::ta::tflegalize

#endif // TA_LIB_CONVERSION_TFTOTA_LEGALIZETFCOMMON_H

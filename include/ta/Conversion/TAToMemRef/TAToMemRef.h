//===- TAToMemRef.h - ta to memref conversion -------------------*- C++ -*-===//
//
// Patterns that lower ta operations to memref/scf/arith code.
//
//===----------------------------------------------------------------------===//

#ifndef TA_CONVERSION_TATOMEMREF_TATOMEMREF_H
#define TA_CONVERSION_TATOMEMREF_TATOMEMREF_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta {

/// How much of TensorFlow's runtime checking lowered code does.
enum class ChecksMode {
  /// Per-slot state and every runtime error, with TensorFlow's texts.
  Strict,
  /// No state and no checks (XLA-like); valid programs compute the same.
  None,
};

/// Converts `!ta.handle` to its box memref and erases `!ta.flow` (1:0).
class TATypeConverter : public TypeConverter {
public:
  explicit TATypeConverter(MLIRContext *context);
  /// The box type every handle converts to.
  static MemRefType getBoxType(MLIRContext *context);
};

/// Name of the runtime function that reports a failed check and exits.
inline constexpr llvm::StringLiteral kFailFunctionName = "_ta_rt_fail";

/// Adds the patterns lowering the ta operations. In strict mode the lowered
/// code calls `kFailFunctionName`, which the module must declare as
/// `func.func private @_ta_rt_fail(i32, i64, i64, i64)`.
void populateTAToMemRefConversionPatterns(TATypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          ChecksMode checks);

} // namespace mlir::ta

#endif // TA_CONVERSION_TATOMEMREF_TATOMEMREF_H

//===- Patterns.h - the base of the ta-to-memref patterns -------*- C++ -*-===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_PATTERNS_H
#define TA_LIB_CONVERSION_TATOMEMREF_PATTERNS_H

#include "ArrayEmitter.h"
#include "RuntimeFunctions.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta::lowering {

/// A conversion pattern for one ta op on arrays, with the options the
/// lowering was given.
template <typename OpTy> class TAPattern : public OpConversionPattern<OpTy> {
public:
  TAPattern(const TypeConverter &converter, MLIRContext *context,
            const TAToMemRefOptions &options)
      : OpConversionPattern<OpTy>(converter, context), options(options) {}

protected:
  /// An emitter for `op`'s arrays of type `type`; failure when the lowering
  /// does not support them or a runtime function's name is taken.
  FailureOr<ArrayEmitter> emitter(OpTy op, HandleType type,
                                  ConversionPatternRewriter &rewriter) const {
    if (!isSupported(type))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    auto module = op->template getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not in a module");
    ArrayEmitter e(rewriter, op.getLoc(), type, options.checks, module);
    if (!hasRuntimeFunctions(module, e))
      return rewriter.notifyMatchFailure(
          op, "a runtime function's name is taken by another symbol");
    return e;
  }

  TAToMemRefOptions options;
};

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_PATTERNS_H

//===- Patterns.h - the base of the ta-to-memref patterns -------*- C++ -*-===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_PATTERNS_H
#define TA_LIB_CONVERSION_TATOMEMREF_PATTERNS_H

#include "ArrayEmitter.h"
#include "RuntimeFunctions.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta::lowering {

/// What every ta-to-memref pattern holds: the options the lowering was
/// given, and the symbol tables of the modules it lowers (the options'
/// cache, shared by the patterns populated together, or its own).
template <typename OpTy>
class TAPatternBase : public OpConversionPattern<OpTy> {
public:
  using OneToNOpAdaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;

  TAPatternBase(const TypeConverter &converter, MLIRContext *context,
                const TAToMemRefOptions &options)
      : OpConversionPattern<OpTy>(converter, context), options(options),
        symbols(options.symbols ? options.symbols
                                : std::make_shared<SymbolCache>()) {}

protected:
  /// The symbol table of `op`'s module; failure when `op` is in none.
  FailureOr<ModuleSymbols *>
  moduleSymbols(OpTy op, ConversionPatternRewriter &rewriter) const {
    auto module = op->template getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not in a module");
    return &symbols->get(module);
  }

  TAToMemRefOptions options;
  std::shared_ptr<SymbolCache> symbols;
};

/// A conversion pattern for one ta op on arrays of static element shape:
/// `lower` gets an emitter for the arrays of the op's handle.
template <typename OpTy> class TAPattern : public TAPatternBase<OpTy> {
public:
  using typename TAPatternBase<OpTy>::OneToNOpAdaptor;
  using TAPatternBase<OpTy>::TAPatternBase;

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    FailureOr<ArrayEmitter> e = emitter(op, op.getHandle().getType(), rewriter);
    if (failed(e))
      return failure();
    return lower(op, adaptor, *e, rewriter);
  }

protected:
  using TAPatternBase<OpTy>::options;

  virtual LogicalResult lower(OpTy op, OneToNOpAdaptor adaptor, ArrayEmitter &e,
                              ConversionPatternRewriter &rewriter) const = 0;

  /// An emitter for `op`'s arrays of type `type`; failure when the lowering
  /// does not support them or a runtime function's name is taken.
  FailureOr<ArrayEmitter> emitter(OpTy op, HandleType type,
                                  ConversionPatternRewriter &rewriter) const {
    if (!isSupported(type))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    FailureOr<ModuleSymbols *> table = this->moduleSymbols(op, rewriter);
    if (failed(table))
      return failure();
    ArrayEmitter e(rewriter, op.getLoc(), type, options.checks, **table);
    if (!hasRuntimeFunctions(**table, e))
      return rewriter.notifyMatchFailure(
          op, "a runtime function's name is taken by another symbol");
    return e;
  }
};

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_PATTERNS_H

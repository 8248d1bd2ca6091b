//===- FinalizeMemRefToLLVM.cpp - memref to LLVM, in-bounds copies --------===//
//
// ta-finalize-memref-to-llvm: upstream's memref-to-LLVM conversion with
// lowerings of memref.view and of contiguous memref.copy whose addresses
// carry the in-bounds flags upstream gives memref.load and memref.store. See
// the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ta/Runtime/TAABI.h"
#include "ta/Transforms/Passes.h"
#include "ta/Transforms/Transforms.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAFINALIZEMEMREFTOLLVMPASS
#include "ta/Transforms/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;

namespace {

/// `getelementptr inbounds nuw` of `offset` elements of `element` from
/// `base`: the address flags upstream gives memref.load and memref.store.
Value inBoundsAddress(OpBuilder &b, Location loc, Type element, Value base,
                      Value offset) {
  return LLVM::GEPOp::create(
      b, loc, base.getType(), element, base, ValueRange{offset},
      LLVM::GEPNoWrapFlags::inbounds | LLVM::GEPNoWrapFlags::nuw);
}

/// The bytes of one element of a memref of `type` under `converter`'s data
/// layout at `op` (as upstream's allocation lowering counts them); nullopt
/// for an element type it does not size.
std::optional<uint64_t> elementBytes(const LLVMTypeConverter &converter,
                                     MemRefType type, Operation *op) {
  DataLayout defaultLayout;
  const DataLayout *layout = &defaultLayout;
  if (const DataLayoutAnalysis *analysis = converter.getDataLayoutAnalysis())
    layout = &analysis->getAbove(op);
  Type element = type.getElementType();
  if (auto nested = dyn_cast<MemRefType>(element))
    return converter.getMemRefDescriptorSize(nested, *layout);
  if (!element.isIntOrIndexOrFloat())
    return std::nullopt;
  return layout->getTypeSize(element).getFixedValue();
}

/// The bytes of all elements of a static shape, elements of `each` bytes;
/// nullopt for an unknown element size or past int64.
std::optional<int64_t> staticBytes(MemRefType type,
                                   std::optional<uint64_t> each) {
  int64_t bytes;
  if (!each || !type.hasStaticShape() ||
      llvm::MulOverflow(type.getNumElements(), static_cast<int64_t>(*each),
                        bytes))
    return std::nullopt;
  return bytes;
}

/// memref.alloc of a static shape with the identity layout, lowered to
/// aligned_alloc: upstream's call and descriptor, with the byte size (padded
/// to the alignment, as aligned_alloc requires) a constant rather than a
/// `getelementptr null` and the arithmetic that pads it: a few LLVM ops less
/// per allocation (every ta.read's result is one).
struct StaticAlignedAllocLowering : ConvertOpToLLVMPattern<memref::AllocOp> {
  StaticAlignedAllocLowering(const LLVMTypeConverter &converter,
                             SymbolTableCollection *symbolTables)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2),
        symbolTables(symbolTables) {}

  LogicalResult
  matchAndRewrite(memref::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    const LLVMTypeConverter &converter = *getTypeConverter();
    std::optional<uint64_t> each = elementBytes(converter, type, op);
    std::optional<int64_t> bytes = staticBytes(type, each);
    FailureOr<unsigned> space = converter.getMemRefAddressSpace(type);
    if (!bytes || !type.getLayout().isIdentity() || failed(space) ||
        *space != 0)
      return rewriter.notifyMatchFailure(op, "not a static allocation");
    // Upstream's alignment: the op's, else the element's size rounded up to
    // a power of two, at least 16.
    int64_t alignment = op.getAlignment()
                            ? static_cast<int64_t>(*op.getAlignment())
                            : std::max<int64_t>(16, llvm::PowerOf2Ceil(*each));
    int64_t padded;
    if (llvm::AddOverflow(*bytes, alignment - 1, padded))
      return rewriter.notifyMatchFailure(op, "size past int64");
    padded -= padded % alignment;
    Operation *module = op->getParentWithTrait<OpTrait::SymbolTable>();
    Type indexType = getIndexType();
    FailureOr<LLVM::LLVMFuncOp> alloc =
        converter.getOptions().useGenericFunctions
            ? LLVM::lookupOrCreateGenericAlignedAllocFn(rewriter, module,
                                                        indexType, symbolTables)
            : LLVM::lookupOrCreateAlignedAllocFn(rewriter, module, indexType,
                                                 symbolTables);
    if (failed(alloc))
      return rewriter.notifyMatchFailure(op, "no allocation function");
    Location loc = op.getLoc();
    Value pointer =
        LLVM::CallOp::create(
            rewriter, loc, *alloc,
            ValueRange{
                createIndexAttrConstant(rewriter, loc, indexType, alignment),
                createIndexAttrConstant(rewriter, loc, indexType, padded)})
            .getResult();
    rewriter.replaceOp(op, {MemRefDescriptor::fromStaticShape(
                               rewriter, loc, converter, type, pointer)});
    return success();
  }

  SymbolTableCollection *symbolTables;
};

/// memref.copy between memrefs of static shape and contiguous row-major
/// layout (any offset): one memcpy of the elements' bytes, from and to
/// `getelementptr inbounds nuw` (aligned pointer, offset).
/// Whether a memref of `type` is contiguous: upstream's static contiguous
/// shapes, and rows of a dynamic number, where dim 0 alone is dynamic and
/// the strides are static and those of a row-major array of the shape (any
/// offset): rows [lb, ub) of a batch, a range of slots.
bool isContiguousRows(MemRefType type) {
  if (memref::isStaticShapeAndContiguousRowMajor(type))
    return true;
  if (type.getRank() == 0 || !type.isDynamicDim(0) ||
      llvm::any_of(type.getShape().drop_front(), ShapedType::isDynamic))
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    if (strides[d] != expected)
      return false;
    if (d > 0)
      expected *= type.getDimSize(d);
  }
  return true;
}

/// memref.copy between contiguous memrefs: upstream's memcpy, with
/// in-bounds addresses and the byte count a constant where the shape is
/// static (upstream multiplies its element count by a `getelementptr null`
/// size at run time). Where only dim 0 is dynamic and both are contiguous
/// rows (isContiguousRows: upstream would call its element-by-element
/// memrefCopy for a strided one), one memcpy of the source's rows.
struct InBoundsCopyLowering : ConvertOpToLLVMPattern<memref::CopyOp> {
  InBoundsCopyLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(memref::CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = dyn_cast<MemRefType>(op.getSource().getType());
    auto targetType = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!sourceType || !targetType || !isContiguousRows(sourceType) ||
        !isContiguousRows(targetType))
      return rewriter.notifyMatchFailure(op, "not contiguous rows");
    Type element = typeConverter->convertType(sourceType.getElementType());
    if (!element)
      return rewriter.notifyMatchFailure(op, "element type not convertible");
    Location loc = op.getLoc();
    auto address = [&](Value descriptor) {
      MemRefDescriptor memref(descriptor);
      return inBoundsAddress(rewriter, loc, element,
                             memref.alignedPtr(rewriter, loc),
                             memref.offset(rewriter, loc));
    };
    Value from = address(adaptor.getSource());
    Value to = address(adaptor.getTarget());
    // The byte count a constant where the data layout gives it.
    std::optional<uint64_t> each =
        elementBytes(*getTypeConverter(), sourceType, op);
    Value bytes;
    if (std::optional<int64_t> known = staticBytes(sourceType, each)) {
      bytes = createIndexAttrConstant(rewriter, loc, getIndexType(), *known);
    } else {
      // (The verifier has the two shapes agree.)
      int64_t perRow =
          ShapedType::getNumElements(sourceType.getShape().drop_front());
      Value count =
          createIndexAttrConstant(rewriter, loc, getIndexType(), perRow);
      if (sourceType.isDynamicDim(0))
        count = LLVM::MulOp::create(
            rewriter, loc,
            MemRefDescriptor(adaptor.getSource()).size(rewriter, loc, 0),
            count);
      else
        count = createIndexAttrConstant(rewriter, loc, getIndexType(),
                                        sourceType.getNumElements());
      bytes = LLVM::MulOp::create(
          rewriter, loc, count,
          each ? createIndexAttrConstant(rewriter, loc, getIndexType(), *each)
               : getSizeInBytes(loc, sourceType.getElementType(), rewriter));
    }
    LLVM::MemcpyOp::create(rewriter, loc, to, from, bytes,
                           /*isVolatile=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

/// memref.view of an identity-layout result: upstream's descriptor, with the
/// shifted aligned pointer a `getelementptr inbounds nuw` of the byte shift.
/// A view lies within its source buffer (as a memref.subview must) and the
/// shift is an unsigned byte count, so both flags hold.
struct InBoundsViewLowering : ConvertOpToLLVMPattern<memref::ViewOp> {
  InBoundsViewLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(memref::ViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    if (!type.getLayout().isIdentity())
      return rewriter.notifyMatchFailure(op, "not an identity layout");
    Type descriptorType = typeConverter->convertType(type);
    Type sourceElement =
        typeConverter->convertType(op.getSource().getType().getElementType());
    if (!descriptorType || !sourceElement)
      return rewriter.notifyMatchFailure(op, "type not convertible");
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      return rewriter.notifyMatchFailure(op, "not strided");
    Location loc = op.getLoc();
    MemRefDescriptor source(adaptor.getSource());
    auto view = MemRefDescriptor::poison(rewriter, loc, descriptorType);
    view.setAllocatedPtr(rewriter, loc, source.allocatedPtr(rewriter, loc));
    view.setAlignedPtr(rewriter, loc,
                       inBoundsAddress(rewriter, loc, sourceElement,
                                       source.alignedPtr(rewriter, loc),
                                       adaptor.getByteShift()));
    Type indexType = getIndexType();
    view.setConstantOffset(rewriter, loc, 0);
    // Sizes from the type or the size operands; row-major strides, constant
    // where the type gives them, else the product (nuw: the view fits in
    // memory) of the sizes after them.
    ValueRange dynamicSizes = adaptor.getSizes();
    Value stride, innerSize;
    for (int64_t i = type.getRank() - 1; i >= 0; --i) {
      if (!ShapedType::isDynamic(strides[i]))
        stride = createIndexAttrConstant(rewriter, loc, indexType, strides[i]);
      else
        stride = LLVM::MulOp::create(rewriter, loc, stride, innerSize,
                                     LLVM::IntegerOverflowFlags::nuw);
      Value size = type.isDynamicDim(i)
                       ? dynamicSizes[type.getDynamicDimIndex(i)]
                       : createIndexAttrConstant(rewriter, loc, indexType,
                                                 type.getDimSize(i));
      view.setSize(rewriter, loc, i, size);
      view.setStride(rewriter, loc, i, stride);
      innerSize = size;
    }
    rewriter.replaceOp(op, {view});
    return success();
  }
};

/// memref.dim of a ranked memref at a constant dim: the size from the
/// type or the descriptor. Upstream's lowering takes the dim as a constant
/// only from an index constant; once arith's constants are converted it is
/// an llvm.mlir.constant behind a cast, and upstream stores the sizes on
/// the stack to load the one indexed: five operations for one.
struct ConstantDimLowering : ConvertOpToLLVMPattern<memref::DimOp> {
  ConstantDimLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(memref::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getSource().getType());
    // The constant through the casts between the converted and the
    // unconverted integer.
    Value index = adaptor.getIndex();
    while (auto cast = index.getDefiningOp<UnrealizedConversionCastOp>()) {
      if (cast->getNumOperands() != 1)
        break;
      index = cast->getOperand(0);
    }
    APInt dim;
    if (!type || !matchPattern(index, m_ConstantInt(&dim)))
      return rewriter.notifyMatchFailure(op, "not a constant dim");
    int64_t d = dim.getSExtValue();
    if (d < 0 || d >= type.getRank())
      return rewriter.notifyMatchFailure(op, "no such dim");
    Location loc = op.getLoc();
    Value size =
        type.isDynamicDim(d)
            ? MemRefDescriptor(adaptor.getSource()).size(rewriter, loc, d)
            : createIndexAttrConstant(rewriter, loc, getIndexType(),
                                      type.getDimSize(d));
    rewriter.replaceOp(op, size);
    return success();
  }
};

/// memref.realloc of a 1-D identity-layout buffer whose aligned pointer is
/// its allocation (aligned_alloc's): a call of libta_runtime's
/// `_ta_rt_realloc(allocation, old bytes, new bytes)`, which extends the
/// buffer in place where the allocator can (upstream has no lowering of
/// its own; expand-realloc's is an allocation and a copy).
struct RuntimeReallocLowering : ConvertOpToLLVMPattern<memref::ReallocOp> {
  /// The alignment of realloc's results (glibc's malloc on x86-64 and
  /// arm64).
  static constexpr uint64_t kReallocAlignment = 16;

  RuntimeReallocLowering(const LLVMTypeConverter &converter,
                         SymbolTableCollection *symbolTables)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2),
        symbolTables(symbolTables) {}

  LogicalResult
  matchAndRewrite(memref::ReallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    const LLVMTypeConverter &converter = *getTypeConverter();
    std::optional<uint64_t> each = elementBytes(converter, type, op);
    FailureOr<unsigned> space = converter.getMemRefAddressSpace(type);
    Type descriptorType = converter.convertType(type);
    if (!each || !descriptorType || !type.getLayout().isIdentity() ||
        failed(space) || *space != 0)
      return rewriter.notifyMatchFailure(op, "not a buffer of known bytes");
    if (op.getAlignment() && *op.getAlignment() > kReallocAlignment)
      return rewriter.notifyMatchFailure(op, "more alignment than malloc's");
    Operation *module = op->getParentWithTrait<OpTrait::SymbolTable>();
    Type indexType = getIndexType();
    Type pointerType = LLVM::LLVMPointerType::get(rewriter.getContext());
    FailureOr<LLVM::LLVMFuncOp> realloc = LLVM::lookupOrCreateFn(
        rewriter, module, TA_RT_REALLOC, {pointerType, indexType, indexType},
        pointerType, /*isVarArg=*/false, /*isReserved=*/false, symbolTables);
    if (failed(realloc))
      return rewriter.notifyMatchFailure(op, "no reallocation function");
    Location loc = op.getLoc();
    MemRefDescriptor source(adaptor.getSource());
    Value perElement = createIndexAttrConstant(rewriter, loc, indexType, *each);
    auto bytesOf = [&](Value count) {
      return LLVM::MulOp::create(rewriter, loc, count, perElement);
    };
    Value count = adaptor.getDynamicResultSize();
    if (!count)
      count =
          createIndexAttrConstant(rewriter, loc, indexType, type.getDimSize(0));
    Value oldCount =
        op.getSource().getType().isDynamicDim(0)
            ? source.size(rewriter, loc, 0)
            : createIndexAttrConstant(rewriter, loc, indexType,
                                      op.getSource().getType().getDimSize(0));
    Value pointer =
        LLVM::CallOp::create(rewriter, loc, *realloc,
                             ValueRange{source.allocatedPtr(rewriter, loc),
                                        bytesOf(oldCount), bytesOf(count)})
            .getResult();
    auto result = MemRefDescriptor::poison(rewriter, loc, descriptorType);
    result.setAllocatedPtr(rewriter, loc, pointer);
    result.setAlignedPtr(rewriter, loc, pointer);
    result.setConstantOffset(rewriter, loc, 0);
    result.setSize(rewriter, loc, 0, count);
    result.setConstantStride(rewriter, loc, 0, 1);
    rewriter.replaceOp(op, {result});
    return success();
  }

  SymbolTableCollection *symbolTables;
};

struct TAFinalizeMemRefToLLVMPass
    : public ta::impl::TAFinalizeMemRefToLLVMPassBase<
          TAFinalizeMemRefToLLVMPass> {
  using TAFinalizeMemRefToLLVMPassBase::TAFinalizeMemRefToLLVMPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LLVMTypeConverter converter(&getContext(),
                                ta::llvmLoweringOptions(module, dataLayout,
                                                        useAlignedAlloc,
                                                        useGenericFunctions),
                                &dataLayout);
    RewritePatternSet patterns(&getContext());
    SymbolTableCollection symbolTables;
    ta::populateTAFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                         &symbolTables);
    LLVMConversionTarget target(getContext());
    target.addLegalOp<func::FuncOp>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

LowerToLLVMOptions
mlir::ta::llvmLoweringOptions(ModuleOp module,
                              const DataLayoutAnalysis &dataLayout,
                              bool useAlignedAlloc, bool useGenericFunctions) {
  LowerToLLVMOptions options(module.getContext(),
                             dataLayout.getAtOrAbove(module));
  options.allocLowering = useAlignedAlloc
                              ? LowerToLLVMOptions::AllocLowering::AlignedAlloc
                              : LowerToLLVMOptions::AllocLowering::Malloc;
  options.useGenericFunctions = useGenericFunctions;
  return options;
}

void mlir::ta::populateTAFinalizeMemRefToLLVMConversionPatterns(
    const LLVMTypeConverter &converter, RewritePatternSet &patterns,
    SymbolTableCollection *symbolTables) {
  const LowerToLLVMOptions &options = converter.getOptions();
  bool alignedAlloc =
      options.allocLowering == LowerToLLVMOptions::AllocLowering::AlignedAlloc;
  patterns.add<ConstantDimLowering, InBoundsCopyLowering, InBoundsViewLowering>(
      converter);
  if (alignedAlloc)
    patterns.add<StaticAlignedAllocLowering>(converter, symbolTables);
  // Reallocation goes through libta_runtime as allocation does.
  if (alignedAlloc && options.useGenericFunctions)
    patterns.add<RuntimeReallocLowering>(converter, symbolTables);
  populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                 symbolTables);
}

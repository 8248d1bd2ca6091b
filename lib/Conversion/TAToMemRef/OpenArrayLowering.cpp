//===- OpenArrayLowering.cpp - arrays whose element shape is open ---------===//
//
// Forward arrays whose element type leaves dims open (`tensor<?x4xf32>`):
// TensorFlow's common case (an element shape known at the first write, or a
// different shape per slot, as in a concat of variable-length sequences).
// Their slots live in libta_runtime (runtime/DynamicArrays.cpp), TensorFlow's
// TensorArray with a tensor, shape and state per slot; the box holds the
// 64-byte header alone. Each op is one or two calls: a value read comes back
// in two, the first reporting its shape, then the copy into the result
// allocated for it. The runtime checks in both checks modes: its bookkeeping
// of shapes is the work, and a check costs little beside it.
//
//===----------------------------------------------------------------------===//

#include "Operands.h"
#include "RuntimeFunctions.h"
#include "UnrankedValues.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

bool lowering::hasOpenElementShape(HandleType type) {
  return !type.getElementType().hasStaticShape();
}

namespace {

/// The code of one op on an open array: runtime calls on its header.
struct OpenArrayEmitter : CodeBuilder {
  OpenArrayEmitter(OpBuilder &b, Location loc, HandleType type,
                   ModuleSymbols &symbols)
      : CodeBuilder(b, loc), type(type), element(type.getElementType()),
        symbols(symbols) {}

  /// Calls the runtime function `name`; its result, if any.
  Value call(StringRef name, ValueRange args) {
    func::FuncOp function = lookupOrDeclareRuntimeFunction(symbols, name);
    assert(function && "checked by the pattern");
    auto op = func::CallOp::create(b, loc, function, args);
    return op.getNumResults() ? op.getResult(0) : Value();
  }

  /// The address of the header of the array in `box`.
  Value header(Value box) {
    return address(memref::LoadOp::create(b, loc, box, ValueRange{index(0)}));
  }

  /// Bytes of one scalar of the element type, and what it is.
  Value scalarBytes() {
    return i64((element.getElementTypeBitWidth() + 7) / 8);
  }
  Value scalarKind() {
    Type t = element.getElementType();
    if (t.isInteger(1))
      return i64(TA_ELEMENT_BOOL);
    return i64(isa<FloatType>(t) ? TA_ELEMENT_FLOAT : TA_ELEMENT_INTEGER);
  }

  /// A new 64-byte header with its fields set (the runtime's word 0).
  Value newHeader(int64_t flags, Value size, Value name, Value source,
                  Value shape) {
    auto type8 = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
    Value buffer =
        allocStorage(type8, ValueRange{index(kHeaderBytes)}, kAlignment);
    auto words = memref::ViewOp::create(
        b, loc, MemRefType::get({TA_HEADER_WORDS}, b.getI64Type()), buffer,
        index(0), ValueRange{});
    auto set = [&](int64_t field, Value value) {
      memref::StoreOp::create(b, loc, value, words, ValueRange{index(field)});
    };
    set(TA_HEADER_SIZE, size);
    set(TA_HEADER_CAPACITY, size);
    set(TA_HEADER_FLAGS, i64(flags));
    set(TA_HEADER_MARKED_SIZE, i64(-1));
    set(TA_HEADER_NAME, name);
    set(TA_HEADER_SOURCE, source);
    set(TA_HEADER_ELEMENT_SHAPE, shape);
    set(TA_HEADER_RESERVED, i64(0));
    return buffer;
  }

  /// The address of the partial element shape (-1 for an open dim, a rank
  /// of -1 for an unranked element).
  Value partialShape() {
    if (!element.hasRank())
      return getUnrankedShapeAddress(b, loc, symbols);
    SmallVector<int64_t> shape;
    for (int64_t d : element.getShape())
      shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
    return getShapeAddress(b, loc, symbols, shape);
  }

  /// Runs `body` in a memref.alloca_scope (the op may sit in a loop), giving
  /// the i64 values it returns out of the scope as index values.
  SmallVector<Value> scoped(unsigned results,
                            llvm::function_ref<SmallVector<Value>()> body) {
    SmallVector<Type> types(results, b.getI64Type());
    auto scope = memref::AllocaScopeOp::create(b, loc, types);
    {
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(&scope.getBodyRegion());
      memref::AllocaScopeReturnOp::create(b, loc, body());
    }
    SmallVector<Value> values;
    for (Value v : scope.getResults())
      values.push_back(toIndex(v));
    return values;
  }

  /// A stack buffer of `n` i64 words.
  Value words(int64_t n) {
    return memref::AllocaOp::create(b, loc,
                                    MemRefType::get({n}, b.getI64Type()));
  }

  /// Calls the runtime function `name` with `args`, then the address of
  /// `value`'s shape `{rank, dims...}` and of its data. The shape is on the
  /// stack for the call; an unranked value's, whose dims a loop stores (no
  /// loop can sit in an alloca scope when scf becomes cf), on the heap.
  void callWithValue(StringRef name, SmallVector<Value> args, Value value) {
    if (auto ranked = dyn_cast<RankedTensorType>(value.getType())) {
      Value valueData = data(value);
      scoped(0, [&] {
        int64_t rank = ranked.getRank();
        Value shape = words(rank + 1);
        memref::StoreOp::create(b, loc, i64(rank), shape, ValueRange{index(0)});
        for (int64_t d = 0; d < rank; ++d)
          memref::StoreOp::create(
              b, loc, toI64(tensor::DimOp::create(b, loc, value, d)), shape,
              ValueRange{index(d + 1)});
        args.append({address(shape), valueData});
        call(name, args);
        return SmallVector<Value>();
      });
      return;
    }
    // Unranked: the shape and a contiguous copy of the data, on the heap.
    HeapShape shape = heapShapeOf(*this, value);
    Value copy = contiguousCopy(*this, value, shape.dims);
    args.append({address(shape.words), address(copy)});
    call(name, args);
    freeStorage(copy);
    freeStorage(shape.buffer);
  }

  /// The first `n` words of `buffer`.
  SmallVector<Value> load(Value buffer, int64_t n) {
    SmallVector<Value> values;
    for (int64_t d = 0; d < n; ++d)
      values.push_back(
          memref::LoadOp::create(b, loc, buffer, ValueRange{index(d)}));
    return values;
  }

  /// Words for a result's shape as the runtime reports it: `{rank, d0,
  /// ...}` of a gather's result at most.
  static constexpr int64_t kShapeWords = 2 + TA_MAX_ELEMENT_RANK;

  /// The value a read, gather or concat reports: `report` calls the runtime
  /// with the address the result's shape goes to, then the result of type
  /// `resultType` is allocated and filled by _ta_rt_dyn_take, with concat's
  /// lengths when `lengths` is given (it is set to them, as many as the
  /// number `report` returns).
  Value takeResult(Value box, TensorType resultType,
                   llvm::function_ref<Value(Value)> report,
                   Value *lengths = nullptr) {
    if (!resultType.hasRank())
      return takeUnranked(box, resultType, report, lengths);
    int64_t rank = resultType.getRank();
    SmallVector<Value> dims = scoped(rank + (lengths ? 1 : 0), [&] {
      Value shape = words(kShapeWords);
      // The rank the runtime must report (it fails on another).
      memref::StoreOp::create(b, loc, i64(rank), shape, ValueRange{index(0)});
      Value count = report(address(shape));
      SmallVector<Value> values = load(shape, rank + 1);
      values.erase(values.begin()); // the rank, the type's
      if (lengths)
        values.push_back(count);
      return values;
    });
    Value count = lengths ? dims.pop_back_val() : Value();
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < rank; ++d)
      if (resultType.isDynamicDim(d))
        dynamic.push_back(dims[d]);
    Value result = memref::AllocOp::create(
        b, loc,
        MemRefType::get(resultType.getShape(), resultType.getElementType()),
        dynamic, b.getI64IntegerAttr(kAlignment));
    take(box, result, count, lengths);
    return toTensor(b, loc, result, resultType);
  }

  /// takeResult of an unranked result: its shape, reported into a heap
  /// buffer, reshapes a flat allocation of its elements.
  Value takeUnranked(Value box, TensorType resultType,
                     llvm::function_ref<Value(Value)> report, Value *lengths) {
    auto bytesType = MemRefType::get({kShapeWords * 8}, b.getI8Type());
    Value shape = allocStorage(bytesType);
    Value words = memref::ViewOp::create(
        b, loc, MemRefType::get({kShapeWords}, b.getI64Type()), shape, index(0),
        ValueRange{});
    // Any rank.
    memref::StoreOp::create(b, loc, i64(-1), words, ValueRange{index(0)});
    Value count = report(address(shape));
    if (count)
      count = toIndex(count);
    Value rank =
        toIndex(memref::LoadOp::create(b, loc, words, ValueRange{index(0)}));
    Value dims = memref::ViewOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()), shape,
        index(8), ValueRange{rank});
    Type scalar = resultType.getElementType();
    Value flat = memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, scalar),
        ValueRange{productOf(*this, dims, rank)},
        b.getI64IntegerAttr(kAlignment));
    take(box, flat, count, lengths);
    Value result = reshapedTo(*this, flat, dims);
    freeStorage(shape);
    return toTensor(b, loc, result, resultType);
  }

  /// _ta_rt_dyn_take into `result`, and into concat's lengths (`count`, an
  /// index, of them) when asked for.
  void take(Value box, Value result, Value count, Value *lengths) {
    Value lengthsAddress = i64(0);
    if (lengths) {
      *lengths = memref::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
          ValueRange{count});
      lengthsAddress = address(*lengths);
    }
    call(TA_RT_DYN_TAKE, {header(box), address(result), lengthsAddress});
  }

  /// A 1-D integer operand as the runtime takes it.
  struct Vector {
    Value address, count, entryBytes;
  };
  Vector vector(Value tensor) {
    auto [memref, count] = vectorOperand(b, loc, tensor);
    auto type = cast<MemRefType>(memref.getType());
    return {address(memref), toI64(count),
            i64((type.getElementTypeBitWidth() + 7) / 8)};
  }

  /// A ranked `tensor`'s contiguous data (row-major, from the aligned
  /// pointer).
  Value data(Value tensor) {
    return address(
        toBuffer(b, loc, tensor, cast<RankedTensorType>(tensor.getType())));
  }

  HandleType type;
  TensorType element;
  ModuleSymbols &symbols;
};

/// The runtime functions the open-array patterns call.
constexpr const char *kOpenArrayFunctions[] = {
    TA_RT_DYN_INIT,   TA_RT_DYN_GRAD,  TA_RT_DYN_RELEASE, TA_RT_DYN_CLOSE,
    TA_RT_DYN_SIZE,   TA_RT_DYN_WRITE, TA_RT_DYN_READ,    TA_RT_DYN_GATHER,
    TA_RT_DYN_CONCAT, TA_RT_DYN_TAKE,  TA_RT_DYN_SCATTER, TA_RT_DYN_SPLIT};

/// A pattern for one ta op on open arrays.
template <typename OpTy> struct OpenArrayPattern : OpConversionPattern<OpTy> {
  using OneToNOpAdaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;

  OpenArrayPattern(const TypeConverter &converter, MLIRContext *context,
                   const TAToMemRefOptions &options)
      : OpConversionPattern<OpTy>(converter, context), options(options),
        symbols(options.symbols ? options.symbols
                                : std::make_shared<SymbolCache>()) {}

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    auto type = cast<HandleType>(op.getHandle().getType());
    if (!hasOpenElementShape(type))
      return rewriter.notifyMatchFailure(op, "element shape not open");
    auto module = op->template getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not in a module");
    ModuleSymbols &table = symbols->get(module);
    for (const char *name : kOpenArrayFunctions)
      if (!isRuntimeFunctionAvailable(table, name))
        return rewriter.notifyMatchFailure(
            op, "a runtime function's name is taken by another symbol");
    OpenArrayEmitter e(rewriter, op.getLoc(), type, table);
    return lower(op, adaptor, e, rewriter);
  }

  virtual LogicalResult lower(OpTy op, OneToNOpAdaptor adaptor,
                              OpenArrayEmitter &e,
                              ConversionPatternRewriter &rewriter) const = 0;

  TAToMemRefOptions options;
  std::shared_ptr<SymbolCache> symbols;
};

struct OpenCreate : OpenArrayPattern<CreateOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(CreateOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t flags = 0;
    if (op.getDynamicSize())
      flags |= TA_FLAG_DYNAMIC;
    if (op.getClearAfterRead())
      flags |= TA_FLAG_CLEAR_AFTER_READ;
    if (op.getIdenticalElementShapes())
      flags |= TA_FLAG_IDENTICAL_SHAPES;
    StringRef name = op.getName().empty() ? "ta" : op.getName();
    Value buffer = e.newHeader(flags, e.toI64(adaptor.getSize().front()),
                               getNameAddress(rewriter, loc, e.symbols, name),
                               e.i64(0), e.partialShape());
    e.call(TA_RT_DYN_INIT,
           {e.address(buffer), e.scalarBytes(), e.scalarKind()});
    // The same box as a static array's: slot 0 the header, one slot per
    // gradient source for its accumulator's header, empty until created.
    int64_t slots = 1 + options.sources.size();
    Value box = e.newBox(buffer, slots);
    if (options.blockLocal.contains(op))
      releaseAtBlockEnd(e, op->getBlock()->getTerminator(), box, slots);
    Value handle = e.handleOf(box, 0);
    rewriter.replaceOpWithMultiple(op, {{handle}, {}});
    return success();
  }

  /// Releases, before the block's terminator, the runtime's arrays of the
  /// array and of its accumulators (a slot whose buffer is still the empty
  /// view has none), their headers and the box.
  static void releaseAtBlockEnd(OpenArrayEmitter &e, Operation *terminator,
                                Value box, int64_t slots) {
    OpBuilder::InsertionGuard guard(e.b);
    e.b.setInsertionPoint(terminator);
    for (int64_t s = 0; s < slots; ++s) {
      Value header =
          memref::LoadOp::create(e.b, e.loc, box, ValueRange{e.index(s)});
      auto release = [&] {
        e.call(TA_RT_DYN_RELEASE, {e.address(header)});
        e.freeStorage(header);
      };
      if (s == 0) {
        release();
        continue;
      }
      Value bytes = memref::DimOp::create(e.b, e.loc, header, 0);
      auto ifOp = scf::IfOp::create(
          e.b, e.loc, e.cmp(arith::CmpIPredicate::ne, bytes, e.index(0)),
          /*withElse=*/false);
      OpBuilder::InsertionGuard inner(e.b);
      e.b.setInsertionPointToStart(ifOp.thenBlock());
      release();
    }
    e.freeStorage(box);
  }
};

/// ta.grad / ta.grad_with_shape of an open forward array: the accumulator
/// in the box's slot for the source, made by the runtime on first use.
template <typename OpTy> struct OpenGrad : OpenArrayPattern<OpTy> {
  using OpenArrayPattern<OpTy>::OpenArrayPattern;
  using typename OpenArrayPattern<OpTy>::OneToNOpAdaptor;
  LogicalResult lower(OpTy op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> id = this->options.sources.lookup(op.getSource());
    if (!id)
      return rewriter.notifyMatchFailure(op, "source not in the table");
    int64_t slotIndex = 1 + *id;
    Location loc = op.getLoc();
    Value box = adaptor.getHandle().front();
    Value forward = e.header(box);
    Value existing = memref::LoadOp::create(rewriter, loc, box,
                                            ValueRange{e.index(slotIndex)});
    Value exists =
        e.cmp(arith::CmpIPredicate::ne,
              memref::DimOp::create(rewriter, loc, existing, 0), e.index(0));
    // The prepended dims: shape_to_prepend's values (none for ta.grad).
    Value prepend = e.i64(0), prependRank = e.i64(0);
    if constexpr (std::is_same_v<OpTy, GradWithShapeOp>) {
      OpenArrayEmitter::Vector shape = e.vector(op.getShapeToPrepend());
      prepend = shape.address;
      prependRank = shape.count;
    }
    auto ifOp = scf::IfOp::create(rewriter, loc, exists, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      e.call(TA_RT_DYN_GRAD, {forward, e.i64(0), prepend, prependRank});
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      OpenArrayEmitter acc(rewriter, loc, op.getGradHandle().getType(),
                           e.symbols);
      Value forwardWords = memref::ViewOp::create(
          rewriter, loc,
          MemRefType::get({TA_HEADER_WORDS}, rewriter.getI64Type()),
          memref::LoadOp::create(rewriter, loc, box, ValueRange{acc.index(0)}),
          acc.index(0), ValueRange{});
      Value name = memref::LoadOp::create(
          rewriter, loc, forwardWords, ValueRange{acc.index(TA_HEADER_NAME)});
      Value header = acc.newHeader(
          TA_FLAG_IS_GRAD | TA_FLAG_CLEAR_AFTER_READ, acc.i64(0), name,
          getNameAddress(rewriter, loc, acc.symbols, op.getSource()),
          acc.partialShape());
      acc.call(TA_RT_DYN_GRAD,
               {forward, acc.address(header), prepend, prependRank});
      memref::StoreOp::create(rewriter, loc, header, box,
                              ValueRange{acc.index(slotIndex)});
    }
    rewriter.replaceOpWithMultiple(op, {{e.handleOf(box, slotIndex)}, {}});
    return success();
  }
};

struct OpenSize : OpenArrayPattern<SizeOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(SizeOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value size =
        e.call(TA_RT_DYN_SIZE, {e.header(adaptor.getHandle().front())});
    rewriter.replaceOp(op, e.toIndex(size));
    return success();
  }
};

struct OpenClose : OpenArrayPattern<CloseOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(CloseOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    e.call(TA_RT_DYN_CLOSE, {e.header(adaptor.getHandle().front())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct OpenWrite : OpenArrayPattern<WriteOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(WriteOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value value = op.getValue();
    e.callWithValue(TA_RT_DYN_WRITE,
                    {e.header(adaptor.getHandle().front()),
                     e.toI64(adaptor.getIndex().front())},
                    value);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct OpenRead : OpenArrayPattern<ReadOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(ReadOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value box = adaptor.getHandle().front();
    Value header = e.header(box);
    Value index = e.toI64(adaptor.getIndex().front());
    Value value =
        e.takeResult(box, resultTypeFor(op.getValue()), [&](Value shape) {
          return e.call(TA_RT_DYN_READ, {header, index, shape});
        });
    rewriter.replaceOp(op, replacementFor(rewriter, op.getValue(), value));
    return success();
  }
};

struct OpenGather : OpenArrayPattern<GatherOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(GatherOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value box = adaptor.getHandle().front();
    Value header = e.header(box);
    OpenArrayEmitter::Vector indices = e.vector(op.getIndices());
    Value value =
        e.takeResult(box, resultTypeFor(op.getValue()), [&](Value shape) {
          return e.call(TA_RT_DYN_GATHER,
                        {header, indices.address, indices.count,
                         indices.entryBytes, shape});
        });
    rewriter.replaceOp(op, replacementFor(rewriter, op.getValue(), value));
    return success();
  }
};

struct OpenConcat : OpenArrayPattern<ConcatOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(ConcatOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value box = adaptor.getHandle().front();
    Value header = e.header(box);
    // The value (its rows, then the dims after the first), and a length per
    // slot read.
    Value lengths;
    Value value = e.takeResult(
        box, resultTypeFor(op.getValue()),
        [&](Value shape) { return e.call(TA_RT_DYN_CONCAT, {header, shape}); },
        &lengths);
    rewriter.replaceOp(op, {replacementFor(rewriter, op.getValue(), value),
                            toTensor(rewriter, op.getLoc(), lengths,
                                     op.getLengths().getType())});
    return success();
  }
};

struct OpenScatter : OpenArrayPattern<ScatterOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(ScatterOp op, OneToNOpAdaptor adaptor,
                      OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value value = op.getValue();
    Value header = e.header(adaptor.getHandle().front());
    OpenArrayEmitter::Vector indices = e.vector(op.getIndices());
    e.callWithValue(
        TA_RT_DYN_SCATTER,
        {header, indices.address, indices.count, indices.entryBytes}, value);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct OpenSplit : OpenArrayPattern<SplitOp> {
  using OpenArrayPattern::OpenArrayPattern;
  LogicalResult lower(SplitOp op, OneToNOpAdaptor adaptor, OpenArrayEmitter &e,
                      ConversionPatternRewriter &rewriter) const override {
    Value value = op.getValue();
    Value header = e.header(adaptor.getHandle().front());
    // Lengths are i64 (the verifier's TensorOf<[I64]>).
    OpenArrayEmitter::Vector lengths = e.vector(op.getLengths());
    e.callWithValue(TA_RT_DYN_SPLIT, {header, lengths.address, lengths.count},
                    value);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

} // namespace

void mlir::ta::populateTAOpenArrayLoweringPatterns(
    const TATypeConverter &converter, RewritePatternSet &patterns,
    const TAToMemRefOptions &options) {
  patterns.add<OpenCreate, OpenSize, OpenClose, OpenWrite, OpenRead, OpenGather,
               OpenConcat, OpenScatter, OpenSplit, OpenGrad<GradOp>,
               OpenGrad<GradWithShapeOp>>(converter, patterns.getContext(),
                                          options);
}

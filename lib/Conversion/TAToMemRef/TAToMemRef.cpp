//===- TAToMemRef.cpp - lower ta to memref/scf/arith ----------------------===//
//
// Every TensorArray becomes one byte buffer held in a box (see Passes.td):
//
//   [ header: 8 x i64 | state: capacity x i8 (strict) | data: capacity x elt ]
//     0                64                               align64(64 + capacity)
//
// header[0] = size, [1] = capacity, [2] = flags, [3] = marked size,
// [4] = address of the array's NUL-terminated name (for error messages).
// Element operations touch one slot: O(element) work, never O(array).
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Conversion/Passes.h"
#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TALOWERTOMEMREFPASS
#include "ta/Conversion/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;

namespace {

//===----------------------------------------------------------------------===//
// Buffer layout
//===----------------------------------------------------------------------===//

enum HeaderField : int64_t {
  kSize = 0,
  kCapacity = 1,
  kFlags = 2,
  kMarkedSize = 3,
  kName = 4,
  kHeaderFields = 8,
};
constexpr int64_t kHeaderBytes = kHeaderFields * 8;
constexpr int64_t kAlignment = 64;

enum ArrayFlag : int64_t {
  kClosed = 1,
  kDynamic = 2,
  kClearAfterRead = 4,
  kIsGrad = 8,
};

enum SlotState : int64_t {
  kWritten = 1,
  kRead = 2,
  kCleared = 4,
  kMaterialized = 8,
};

// Must match TARuntimeError in include/ta/Runtime/TARuntime.h.
enum RuntimeError : int32_t {
  kErrNegativeSize = 1,
  kErrClosed = 2,
  kErrWriteOutOfBounds = 3,
  kErrWriteAfterRead = 4,
  kErrDoubleWrite = 5,
  kErrReadOutOfBounds = 6,
  kErrReadCleared = 7,
};

/// Whether the lowering supports arrays of this type.
bool isSupported(HandleType type) {
  auto element = dyn_cast<RankedTensorType>(type.getElementType());
  return element && element.hasStaticShape();
}

/// Emits the code of one lowered operation.
class Emitter {
public:
  Emitter(OpBuilder &b, Location loc, HandleType type, ChecksMode checks)
      : b(b), loc(loc), type(type), strict(checks == ChecksMode::Strict),
        element(cast<RankedTensorType>(type.getElementType())) {}

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value i64(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
  }
  Value i8(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI8Type(), v);
  }
  Value toIndex(Value v) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  }
  Value toI64(Value v) {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
  }

  /// Bytes of one element.
  int64_t elementBytes() const {
    int64_t bits = element.getElementTypeBitWidth();
    return element.getNumElements() * ((bits + 7) / 8);
  }

  /// The current buffer of the array whose box is `box`.
  Value loadBuffer(Value box) {
    return memref::LoadOp::create(b, loc, box, ValueRange{index(0)});
  }
  Value header(Value buffer) {
    auto type = MemRefType::get({kHeaderFields}, b.getI64Type());
    return memref::ViewOp::create(b, loc, type, buffer, index(0), ValueRange{});
  }
  Value get(Value header, HeaderField field) {
    return memref::LoadOp::create(b, loc, header, ValueRange{index(field)});
  }
  void set(Value header, HeaderField field, Value value) {
    memref::StoreOp::create(b, loc, value, header, ValueRange{index(field)});
  }
  Value hasBit(Value word, int64_t bit) {
    Type t = word.getType();
    Value mask = arith::ConstantIntOp::create(b, loc, t, bit);
    Value masked = arith::AndIOp::create(b, loc, word, mask);
    Value zero = arith::ConstantIntOp::create(b, loc, t, 0);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, masked,
                                 zero);
  }

  /// Byte offset of the data for a capacity (an index value).
  Value dataOffset(Value capacity) {
    if (!strict)
      return index(kHeaderBytes);
    Value end = arith::AddIOp::create(b, loc, capacity,
                                      index(kHeaderBytes + kAlignment - 1));
    return arith::AndIOp::create(b, loc, end, index(~(kAlignment - 1)));
  }
  /// Total bytes of a buffer of `capacity` slots.
  Value bufferBytes(Value capacity) {
    Value data = arith::MulIOp::create(b, loc, capacity, index(elementBytes()));
    return arith::AddIOp::create(b, loc, dataOffset(capacity), data);
  }
  /// The per-slot state bytes (strict only).
  Value stateView(Value buffer, Value capacity) {
    auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
    return memref::ViewOp::create(b, loc, type, buffer, index(kHeaderBytes),
                                  ValueRange{capacity});
  }
  /// The element data as `memref<capacity x element>`.
  Value dataView(Value buffer, Value capacity) {
    SmallVector<int64_t> shape{ShapedType::kDynamic};
    llvm::append_range(shape, element.getShape());
    auto type = MemRefType::get(shape, element.getElementType());
    return memref::ViewOp::create(b, loc, type, buffer, dataOffset(capacity),
                                  ValueRange{capacity});
  }
  /// The slot `i` of a data view, rank-reduced to the element shape.
  Value slot(Value data, Value i) {
    int64_t rank = element.getRank();
    SmallVector<OpFoldResult> offsets(rank + 1, b.getIndexAttr(0));
    offsets[0] = i;
    SmallVector<OpFoldResult> sizes{b.getIndexAttr(1)};
    for (int64_t d : element.getShape())
      sizes.push_back(b.getIndexAttr(d));
    SmallVector<OpFoldResult> strides(rank + 1, b.getIndexAttr(1));
    auto source = cast<MemRefType>(data.getType());
    auto resultType = memref::SubViewOp::inferRankReducedResultType(
        element.getShape(), source, offsets, sizes, strides);
    return memref::SubViewOp::create(b, loc, cast<MemRefType>(resultType), data,
                                     offsets, sizes, strides);
  }
  /// A byte range of a buffer.
  Value bytes(Value buffer, Value offset, Value length) {
    SmallVector<OpFoldResult> offsets{offset}, sizes{length},
        strides{b.getIndexAttr(1)};
    return memref::SubViewOp::create(b, loc, buffer, offsets, sizes, strides);
  }

  /// Allocates a buffer of `capacity` slots, zeroed unless `zero` is false.
  Value allocBuffer(Value capacity, bool zero = true) {
    auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
    Value buffer =
        memref::AllocOp::create(b, loc, type, ValueRange{bufferBytes(capacity)},
                                b.getI64IntegerAttr(kAlignment));
    if (zero)
      zeroFill(buffer);
    return buffer;
  }
  void zeroFill(Value bytes) {
    linalg::FillOp::create(b, loc, ValueRange{i8(0)}, ValueRange{bytes});
  }

  /// Calls the runtime's failure function (which does not return) when
  /// `condition` holds.
  void failIf(Value condition, RuntimeError code, Value name, Value a,
              Value bValue) {
    auto ifOp = scf::IfOp::create(b, loc, condition, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value codeValue =
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), code);
    func::CallOp::create(b, loc, kFailFunctionName, TypeRange{},
                         ValueRange{codeValue, name, a, bValue});
  }

  /// Loads the buffer and header of the array in `box`; in strict mode,
  /// fails first when the array is closed (every method but Close checks).
  std::pair<Value, Value> open(Value box) {
    Value buffer = loadBuffer(box);
    Value hdr = header(buffer);
    checkOpen(hdr);
    return {buffer, hdr};
  }

  /// `i < 0 || i >= size`, where `allowPastEnd` (if given) exempts the
  /// second half.
  Value outOfBounds(Value i, Value size, Value allowPastEnd = {}) {
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, i64(0));
    Value past =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, size);
    if (allowPastEnd) {
      Value fixed = arith::XOrIOp::create(
          b, loc, allowPastEnd,
          arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
      past = arith::AndIOp::create(b, loc, past, fixed);
    }
    return arith::OrIOp::create(b, loc, negative, past);
  }

  /// Fails with "has already been closed." when the array is closed.
  void checkOpen(Value header) {
    if (!strict)
      return;
    Value flags = get(header, kFlags);
    failIf(hasBit(flags, kClosed), kErrClosed, get(header, kName), i64(0),
           i64(0));
  }

  /// Makes room for slot `i` (an i64 >= 0) of a growable array and returns
  /// the possibly new buffer: capacity doubles (TensorFlow reserves
  /// 2 * (index + 1)), so growth is amortised O(1) per write.
  Value growFor(Value box, Value buffer, Value header, Value i) {
    Value capacity = get(header, kCapacity);
    Value needsGrowth =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, capacity);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{buffer.getType()},
                                  needsGrowth, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value oldCap = toIndex(capacity);
      Value one = i64(1);
      Value newCap64 = arith::MulIOp::create(
          b, loc, arith::AddIOp::create(b, loc, i, one), i64(2));
      Value newCap = toIndex(newCap64);
      // Only the bytes the copies below do not overwrite are zeroed.
      Value grown = allocBuffer(newCap, /*zero=*/false);
      Value added = arith::SubIOp::create(b, loc, newCap, oldCap);
      memref::CopyOp::create(b, loc,
                             bytes(buffer, index(0), index(kHeaderBytes)),
                             bytes(grown, index(0), index(kHeaderBytes)));
      if (strict) {
        memref::CopyOp::create(b, loc,
                               bytes(buffer, index(kHeaderBytes), oldCap),
                               bytes(grown, index(kHeaderBytes), oldCap));
        Value stateEnd =
            arith::AddIOp::create(b, loc, index(kHeaderBytes), oldCap);
        zeroFill(bytes(grown, stateEnd, added));
      }
      Value eltBytes = index(elementBytes());
      Value dataBytes = arith::MulIOp::create(b, loc, oldCap, eltBytes);
      Value newData = dataOffset(newCap);
      memref::CopyOp::create(b, loc,
                             bytes(buffer, dataOffset(oldCap), dataBytes),
                             bytes(grown, newData, dataBytes));
      zeroFill(bytes(grown, arith::AddIOp::create(b, loc, newData, dataBytes),
                     arith::MulIOp::create(b, loc, added, eltBytes)));
      set(this->header(grown), kCapacity, newCap64);
      memref::DeallocOp::create(b, loc, buffer);
      memref::StoreOp::create(b, loc, grown, box, ValueRange{index(0)});
      scf::YieldOp::create(b, loc, grown);
    }
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, buffer);
    }
    return ifOp.getResult(0);
  }

  OpBuilder &b;
  Location loc;
  HandleType type;
  bool strict;
  RankedTensorType element;
};

/// Returns the address (as i64) of a NUL-terminated global holding `name`,
/// creating the global in `module` on first use.
Value getNameAddress(OpBuilder &b, Location loc, ModuleOp module,
                     StringRef name) {
  std::string symbol = "__ta_name.";
  for (char c : name)
    symbol.push_back(llvm::isAlnum(c) ? c : '_');
  SmallVector<int8_t> bytes(name.begin(), name.end());
  bytes.push_back(0);
  auto type =
      MemRefType::get({static_cast<int64_t>(bytes.size())}, b.getI8Type());
  auto value = DenseElementsAttr::get(
      RankedTensorType::get(type.getShape(), b.getI8Type()),
      ArrayRef<int8_t>(bytes));
  // Reuse a global with the same bytes; otherwise pick a fresh symbol.
  std::string unique = symbol;
  for (int n = 1;; ++n) {
    auto global = module.lookupSymbol<memref::GlobalOp>(unique);
    if (!global) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      memref::GlobalOp::create(b, loc, unique, b.getStringAttr("private"), type,
                               value, /*constant=*/true,
                               /*alignment=*/IntegerAttr());
      break;
    }
    if (global.getInitialValueAttr() == value)
      break;
    unique = symbol + "." + std::to_string(n);
  }
  Value global = memref::GetGlobalOp::create(b, loc, type, unique);
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, global);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <typename OpTy> class TAPattern : public OpConversionPattern<OpTy> {
public:
  TAPattern(const TypeConverter &converter, MLIRContext *context,
            ChecksMode checks)
      : OpConversionPattern<OpTy>(converter, context), checks(checks) {}

protected:
  ChecksMode checks;
};

struct CreateLowering : TAPattern<CreateOp> {
  using TAPattern::TAPattern;
  LogicalResult
  matchAndRewrite(CreateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    HandleType type = op.getHandle().getType();
    if (!isSupported(type))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    Location loc = op.getLoc();
    Emitter e(rewriter, loc, type, checks);
    Value size = adaptor.getSize().front();
    Value size64 = e.toI64(size);
    StringRef name = op.getName().empty() ? "ta" : op.getName();
    Value nameAddress =
        getNameAddress(rewriter, loc, op->getParentOfType<ModuleOp>(), name);
    if (e.strict)
      e.failIf(arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                     size64, e.i64(0)),
               kErrNegativeSize, nameAddress, size64, e.i64(0));
    Value buffer = e.allocBuffer(size);
    Value header = e.header(buffer);
    int64_t flags = 0;
    if (op.getDynamicSize())
      flags |= kDynamic;
    if (op.getClearAfterRead())
      flags |= kClearAfterRead;
    e.set(header, kSize, size64);
    e.set(header, kCapacity, size64);
    e.set(header, kFlags, e.i64(flags));
    e.set(header, kMarkedSize, e.i64(-1));
    e.set(header, kName, nameAddress);
    auto boxType = MemRefType::get({1}, buffer.getType());
    Value box = memref::AllocOp::create(rewriter, loc, boxType);
    memref::StoreOp::create(rewriter, loc, buffer, box, ValueRange{e.index(0)});
    Value handle = memref::CastOp::create(
        rewriter, loc, TATypeConverter::getBoxType(getContext()), box);
    rewriter.replaceOpWithMultiple(op, {{handle}, {}});
    return success();
  }
};

struct WriteLowering : TAPattern<WriteOp> {
  using TAPattern::TAPattern;
  LogicalResult
  matchAndRewrite(WriteOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    HandleType type = op.getHandle().getType();
    if (!isSupported(type) || type.getIsGrad())
      return rewriter.notifyMatchFailure(op, "unsupported array");
    Location loc = op.getLoc();
    Emitter e(rewriter, loc, type, checks);
    Value box = adaptor.getHandle().front();
    auto [buffer, header] = e.open(box);
    Value slotIndex = adaptor.getIndex().front();
    Value i = e.toI64(slotIndex);
    Value size = e.get(header, kSize);
    // Only arrays of unknown SIZE can be growable (the verifier rejects
    // dynamic_size with a static SIZE).
    bool mayGrow = !type.hasStaticSize();
    if (e.strict) {
      Value dynamic =
          mayGrow ? e.hasBit(e.get(header, kFlags), kDynamic) : Value();
      e.failIf(e.outOfBounds(i, size, dynamic), kErrWriteOutOfBounds,
               e.get(header, kName), i, size);
    }
    if (mayGrow) {
      buffer = e.growFor(box, buffer, header, i);
      header = e.header(buffer);
      Value next = arith::AddIOp::create(rewriter, loc, i, e.i64(1));
      Value grownSize = arith::MaxSIOp::create(rewriter, loc, size, next);
      e.set(header, kSize, grownSize);
    }
    Value capacity = e.toIndex(e.get(header, kCapacity));
    if (e.strict) {
      Value state = e.stateView(buffer, capacity);
      Value st = memref::LoadOp::create(rewriter, loc, state, slotIndex);
      Value name = e.get(header, kName);
      e.failIf(e.hasBit(st, kRead), kErrWriteAfterRead, name, i, e.i64(0));
      e.failIf(e.hasBit(st, kWritten), kErrDoubleWrite, name, i, e.i64(0));
      Value marked = arith::OrIOp::create(rewriter, loc, st,
                                          e.i8(kWritten | kMaterialized));
      memref::StoreOp::create(rewriter, loc, marked, state, slotIndex);
    }
    Value data = e.dataView(buffer, capacity);
    Value target = e.slot(data, slotIndex);
    auto valueType = cast<RankedTensorType>(op.getValue().getType());
    Value source = bufferization::ToBufferOp::create(
        rewriter, loc,
        MemRefType::get(e.element.getShape(), valueType.getElementType()),
        op.getValue(), /*read_only=*/true);
    memref::CopyOp::create(rewriter, loc, source, target);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct ReadLowering : TAPattern<ReadOp> {
  using TAPattern::TAPattern;
  LogicalResult
  matchAndRewrite(ReadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    HandleType type = op.getHandle().getType();
    if (!isSupported(type) || type.getIsGrad())
      return rewriter.notifyMatchFailure(op, "unsupported array");
    Location loc = op.getLoc();
    Emitter e(rewriter, loc, type, checks);
    auto [buffer, header] = e.open(adaptor.getHandle().front());
    Value slotIndex = adaptor.getIndex().front();
    Value i = e.toI64(slotIndex);
    Value capacity = e.toIndex(e.get(header, kCapacity));
    if (e.strict) {
      Value size = e.get(header, kSize);
      Value name = e.get(header, kName);
      e.failIf(e.outOfBounds(i, size), kErrReadOutOfBounds, name, i, size);
      Value state = e.stateView(buffer, capacity);
      Value st = memref::LoadOp::create(rewriter, loc, state, slotIndex);
      // An unwritten slot reads as zeros (the data starts zeroed) and
      // becomes written; a cleared one fails.
      e.failIf(e.hasBit(st, kCleared), kErrReadCleared, name, i, e.i64(0));
      Value clear = arith::SelectOp::create(
          rewriter, loc, e.hasBit(e.get(header, kFlags), kClearAfterRead),
          e.i8(kCleared), e.i8(0));
      Value marked = arith::OrIOp::create(
          rewriter, loc, arith::OrIOp::create(rewriter, loc, st, clear),
          e.i8(kWritten | kRead));
      memref::StoreOp::create(rewriter, loc, marked, state, slotIndex);
    }
    Value data = e.dataView(buffer, capacity);
    Value source = e.slot(data, slotIndex);
    auto resultType =
        MemRefType::get(e.element.getShape(), e.element.getElementType());
    Value result = memref::AllocOp::create(rewriter, loc, resultType);
    memref::CopyOp::create(rewriter, loc, source, result);
    Value tensor = bufferization::ToTensorOp::create(rewriter, loc, e.element,
                                                     result, /*restrict=*/true,
                                                     /*writable=*/true);
    rewriter.replaceOp(op, tensor);
    return success();
  }
};

struct SizeLowering : TAPattern<SizeOp> {
  using TAPattern::TAPattern;
  LogicalResult
  matchAndRewrite(SizeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    HandleType type = op.getHandle().getType();
    if (!isSupported(type))
      return rewriter.notifyMatchFailure(op, "unsupported array");
    Emitter e(rewriter, op.getLoc(), type, checks);
    Value header = e.open(adaptor.getHandle().front()).second;
    rewriter.replaceOp(op, e.toIndex(e.get(header, kSize)));
    return success();
  }
};

struct CloseLowering : TAPattern<CloseOp> {
  using TAPattern::TAPattern;
  LogicalResult
  matchAndRewrite(CloseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    HandleType type = op.getHandle().getType();
    if (!isSupported(type))
      return rewriter.notifyMatchFailure(op, "unsupported array");
    Location loc = op.getLoc();
    Emitter e(rewriter, loc, type, checks);
    // TensorFlow's ClearAndMarkClosed: drop every element (free the data,
    // keep a header-only buffer) and mark the array closed. Closing twice is
    // allowed.
    Value box = adaptor.getHandle().front();
    Value buffer = e.loadBuffer(box);
    auto type8 = MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type());
    Value small = memref::AllocOp::create(
        rewriter, loc, type8, ValueRange{e.index(kHeaderBytes)},
        rewriter.getI64IntegerAttr(kAlignment));
    memref::CopyOp::create(rewriter, loc,
                           e.bytes(buffer, e.index(0), e.index(kHeaderBytes)),
                           e.bytes(small, e.index(0), e.index(kHeaderBytes)));
    Value header = e.header(small);
    Value flags = arith::OrIOp::create(rewriter, loc, e.get(header, kFlags),
                                       e.i64(kClosed));
    e.set(header, kFlags, flags);
    e.set(header, kCapacity, e.i64(0));
    memref::DeallocOp::create(rewriter, loc, buffer);
    memref::StoreOp::create(rewriter, loc, small, box, ValueRange{e.index(0)});
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct TALowerToMemRefPass
    : public ta::impl::TALowerToMemRefPassBase<TALowerToMemRefPass> {
  using TALowerToMemRefPassBase::TALowerToMemRefPassBase;

  /// Reports what this lowering cannot handle yet, before converting, and
  /// sets `hasTAOps`.
  LogicalResult checkSupported(ModuleOp module, bool &hasTAOps) {
    bool ok = true;
    hasTAOps = false;
    module.walk([&](Operation *op) {
      if (isa<TADialect>(op->getDialect()))
        hasTAOps = true;
      if (isa<GradOp, GradWithShapeOp, GatherOp, ScatterOp, ConcatOp, SplitOp,
              UnbatchGradOp>(op)) {
        op->emitOpError("is not supported by ta-lower-to-memref yet");
        ok = false;
        return;
      }
      auto check = [&](Type t) {
        auto handle = dyn_cast<HandleType>(t);
        if (!handle || isSupported(handle))
          return;
        op->emitOpError() << "uses " << handle
                          << ": ta-lower-to-memref supports only elements of "
                             "static shape yet";
        ok = false;
      };
      for (Type t : op->getResultTypes())
        check(t);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Type t : block.getArgumentTypes())
            check(t);
      for (Value operand : op->getOperands())
        if (auto handle = dyn_cast<HandleType>(operand.getType()))
          if (handle.getIsGrad() && isa<WriteOp, ReadOp>(op)) {
            op->emitOpError("on an accumulator is not supported by "
                            "ta-lower-to-memref yet");
            ok = false;
          }
    });
    return success(ok);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    bool hasTAOps;
    if (failed(checkSupported(module, hasTAOps)))
      return signalPassFailure();
    if (hasTAOps && checks == ChecksMode::Strict &&
        !module.lookupSymbol<func::FuncOp>(kFailFunctionName)) {
      OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
      auto fnType = b.getFunctionType(
          {b.getI32Type(), b.getI64Type(), b.getI64Type(), b.getI64Type()}, {});
      auto fn =
          func::FuncOp::create(b, module.getLoc(), kFailFunctionName, fnType);
      fn.setPrivate();
    }

    TATypeConverter typeConverter(context);
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.addIllegalDialect<TADialect>();
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        linalg::LinalgDialect, memref::MemRefDialect, scf::SCFDialect>();
    target.addLegalOp<ModuleOp>();
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(
        patterns, typeConverter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return typeConverter.isSignatureLegal(op.getFunctionType()) &&
             typeConverter.isLegal(&op.getBody());
    });
    populateCallOpTypeConversionPattern(patterns, typeConverter);
    populateReturnOpTypeConversionPattern(patterns, typeConverter);
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return typeConverter.isLegal(op); });
    scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter,
                                                         patterns, target);
    populateTAToMemRefConversionPatterns(typeConverter, patterns, checks);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

MemRefType TATypeConverter::getBoxType(MLIRContext *context) {
  auto buffer =
      MemRefType::get({ShapedType::kDynamic}, IntegerType::get(context, 8));
  auto layout = StridedLayoutAttr::get(context, ShapedType::kDynamic, {1});
  return MemRefType::get({1}, buffer, layout);
}

TATypeConverter::TATypeConverter(MLIRContext *context) {
  addConversion([](Type type) { return type; });
  // A null type is a conversion failure (std::nullopt would fall through to
  // the identity conversion above and keep the handle).
  addConversion([context](HandleType type) -> Type {
    if (!isSupported(type))
      return Type();
    return getBoxType(context);
  });
  // Flows only order effects: they are erased.
  addConversion([](FlowType, SmallVectorImpl<Type> &) { return success(); });
}

void mlir::ta::populateTAToMemRefConversionPatterns(
    TATypeConverter &typeConverter, RewritePatternSet &patterns,
    ChecksMode checks) {
  patterns.add<CreateLowering, WriteLowering, ReadLowering, SizeLowering,
               CloseLowering>(typeConverter, patterns.getContext(), checks);
}

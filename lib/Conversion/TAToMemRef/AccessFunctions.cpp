//===- AccessFunctions.cpp - one function per element access --------------===//

#include "AccessFunctions.h"
#include "Operands.h"
#include "RuntimeFunctions.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

/// Forward arrays that may grow differ from fixed ones only in writes.
std::string lowering::accessFunctionName(StringRef prefix,
                                         const ArrayLayout &layout,
                                         bool write) {
  std::string name = prefix.str();
  if (layout.type.getIsGrad())
    name += "grad_";
  else if (write && layout.mayGrow())
    name += "growable_";
  else
    name += "array_";
  name += layout.strict ? "strict_" : "none_";
  return name + elementName(layout.element);
}

FunctionType lowering::getGradFunctionType(MLIRContext *context) {
  Type box = TATypeConverter::getBoxType(context);
  return FunctionType::get(context, {box, box, IntegerType::get(context, 64)},
                           {});
}

FunctionType lowering::getCreateFunctionType(MLIRContext *context) {
  Type i64 = IntegerType::get(context, 64);
  return FunctionType::get(
      context,
      {TATypeConverter::getBoxType(context), IndexType::get(context), i64, i64},
      {});
}

FunctionType lowering::getCloseFunctionType(MLIRContext *context) {
  return FunctionType::get(context, {TATypeConverter::getBoxType(context)}, {});
}

std::string lowering::elementName(RankedTensorType element) {
  std::string shape;
  llvm::raw_string_ostream os(shape);
  for (int64_t d : element.getShape())
    os << d << 'x';
  os << element.getElementType();
  std::string name;
  for (char c : shape)
    name.push_back(llvm::isAlnum(c) ? c : '_');
  return name;
}

func::FuncOp lowering::lookupOrDefineArrayFunction(
    const ArrayEmitter &e, StringRef name, FunctionType type,
    llvm::function_ref<SmallVector<Value>(ArrayEmitter &, ValueRange)> body,
    StringRef kind) {
  Location loc = e.symbols.module.getLoc();
  return lookupOrDefineInternalFunction(
      e.symbols, name, type, [&](OpBuilder &b, Block *entry) {
        ArrayEmitter fe(b, loc, e.type,
                        e.strict ? ChecksMode::Strict : ChecksMode::None,
                        e.symbols);
        func::ReturnOp::create(b, loc, body(fe, entry->getArguments()));
        if (kind.empty())
          return;
        auto function = cast<func::FuncOp>(entry->getParentOp());
        // Builtin attributes only: the mark stays on the function to the
        // LLVM dialect, which mlir-translate reads without the ta dialect.
        function->setAttr(
            kAccessAttr,
            b.getDictionaryAttr(
                {b.getNamedAttr("kind", b.getStringAttr(kind)),
                 b.getNamedAttr("size", b.getI64IntegerAttr(e.type.getSize())),
                 b.getNamedAttr("element", TypeAttr::get(e.element)),
                 b.getNamedAttr("grad", b.getBoolAttr(e.type.getIsGrad())),
                 b.getNamedAttr("checks", b.getStringAttr(
                                              e.strict ? "strict" : "none"))}));
      });
}

void lowering::markNoAlias(ValueRange args) {
  for (Value arg : args) {
    auto blockArg = cast<BlockArgument>(arg);
    cast<func::FuncOp>(blockArg.getOwner()->getParentOp())
        .setArgAttr(blockArg.getArgNumber(),
                    LLVM::LLVMDialect::getNoAliasAttrName(),
                    UnitAttr::get(arg.getContext()));
  }
}

std::optional<MarkedAccess> lowering::getMarkedAccess(func::FuncOp function) {
  auto access = function->getAttrOfType<DictionaryAttr>(kAccessAttr);
  if (!access)
    return std::nullopt;
  auto kind = access.getAs<StringAttr>("kind");
  auto size = access.getAs<IntegerAttr>("size");
  auto element = access.getAs<TypeAttr>("element");
  auto grad = access.getAs<BoolAttr>("grad");
  auto checks = access.getAs<StringAttr>("checks");
  if (!kind || !size || !element || !grad || !checks ||
      (checks.getValue() != "strict" && checks.getValue() != "none") ||
      !isa<RankedTensorType>(element.getValue()) ||
      (kind.getValue() != "write" && kind.getValue() != "read"))
    return std::nullopt;
  return MarkedAccess{
      HandleType::get(size.getInt(), cast<TensorType>(element.getValue()),
                      grad.getValue()),
      kind.getValue() == "write",
      checks.getValue() == "strict" ? ChecksMode::Strict : ChecksMode::None};
}

MemRefType lowering::getWriteSourceType(const ArrayLayout &layout) {
  return getRowMajorType(layout.element.getShape(),
                         layout.element.getElementType());
}

/// `(box, i64 i, source) -> ()`, of the functions that write a slot.
static FunctionType getWriteType(const ArrayLayout &layout) {
  MLIRContext *context = layout.type.getContext();
  return FunctionType::get(context,
                           {TATypeConverter::getBoxType(context),
                            IntegerType::get(context, 64),
                            getWriteSourceType(layout)},
                           {});
}

/// `(box, i64 i) -> index`, of the functions that read a slot.
static FunctionType getReadType(MLIRContext *context) {
  return FunctionType::get(
      context,
      {TATypeConverter::getBoxType(context), IntegerType::get(context, 64)},
      {IndexType::get(context)});
}

func::FuncOp lowering::lookupOrDefineWriteFunction(const ArrayEmitter &e) {
  FunctionType type = getWriteType(e);
  return lookupOrDefineArrayFunction(
      e, accessFunctionName(kWriteFunctionPrefix, e, true), type,
      [](ArrayEmitter &fe, ValueRange args) {
        fe.writeSlot(args[0], args[1], args[2]);
        return SmallVector<Value>();
      },
      "write");
}

func::FuncOp lowering::lookupOrDefineReadFunction(const ArrayEmitter &e) {
  FunctionType type = getReadType(e.type.getContext());
  return lookupOrDefineArrayFunction(
      e, accessFunctionName(kReadFunctionPrefix, e, false), type,
      [](ArrayEmitter &fe, ValueRange args) {
        return SmallVector<Value>{fe.readSlotOffset(args[0], args[1])};
      },
      "read");
}

/// `(buffer, i64 capacity, i64 i, source) -> ()`, of the functions that
/// write a slot of a buffer loaded before them.
static FunctionType getBufferWriteType(const ArrayLayout &layout) {
  MLIRContext *context = layout.type.getContext();
  auto i64 = IntegerType::get(context, 64);
  return FunctionType::get(
      context,
      {TATypeConverter::getBoxType(context).getElementType(), i64, i64,
       getWriteSourceType(layout)},
      {});
}

func::FuncOp
lowering::lookupOrDefineInBoundsWriteFunction(const ArrayEmitter &e) {
  // (No growth in it: named as a fixed array's.)
  return lookupOrDefineArrayFunction(
      e,
      accessFunctionName((kWriteFunctionPrefix + "in_bounds_").str(), e, false),
      getBufferWriteType(e), [](ArrayEmitter &fe, ValueRange args) {
        fe.writeInBounds({args[0], fe.toIndex(args[1]), fe.slotIndex(args[2])},
                         args[2], args[3]);
        return SmallVector<Value>();
      });
}

func::FuncOp
lowering::lookupOrDefineInBoundsReadFunction(const ArrayEmitter &e) {
  MLIRContext *context = e.type.getContext();
  auto i64 = IntegerType::get(context, 64);
  auto type =
      FunctionType::get(context,
                        {TATypeConverter::getBoxType(context).getElementType(),
                         i64, IntegerType::get(context, 8), i64},
                        {IndexType::get(context)});
  return lookupOrDefineArrayFunction(
      e,
      accessFunctionName((kReadFunctionPrefix + "in_bounds_").str(), e, false),
      type, [](ArrayEmitter &fe, ValueRange args) {
        SlotRef slot{args[0], fe.toIndex(args[1]), fe.slotIndex(args[3])};
        fe.readInBounds(slot, args[3], args[2]);
        return SmallVector<Value>{fe.slotOffset(slot.index)};
      });
}

func::FuncOp lowering::lookupOrDefineLoadedReadFunction(const ArrayEmitter &e) {
  MLIRContext *context = e.type.getContext();
  auto i64 = IntegerType::get(context, 64);
  auto type =
      FunctionType::get(context,
                        {TATypeConverter::getBoxType(context).getElementType(),
                         i64, i64, i64, i64},
                        {IndexType::get(context)});
  return lookupOrDefineArrayFunction(
      e, accessFunctionName((kReadFunctionPrefix + "loaded_").str(), e, false),
      type, [](ArrayEmitter &fe, ValueRange args) {
        return SmallVector<Value>{fe.readLoadedSlotOffset(
            args[0], args[1], args[2], args[3], args[4])};
      });
}

func::FuncOp lowering::lookupOrDefineLoopClaimFunction(const ArrayEmitter &e,
                                                       bool write) {
  MLIRContext *context = e.type.getContext();
  auto i64 = IntegerType::get(context, 64);
  auto type = FunctionType::get(
      context, {TATypeConverter::getBoxType(context), i64, i64},
      {IntegerType::get(context, 1)});
  StringRef prefix = write ? kWriteFunctionPrefix : kReadFunctionPrefix;
  return lookupOrDefineArrayFunction(
      e, accessFunctionName((prefix + "loop_claim_").str(), e, write), type,
      [write](ArrayEmitter &fe, ValueRange args) {
        return SmallVector<Value>{
            fe.claimLoopSlots(args[0], args[1], args[2], write)};
      });
}

func::FuncOp
lowering::lookupOrDefinePrecheckedWriteFunction(const ArrayEmitter &e) {
  MLIRContext *context = e.type.getContext();
  auto type =
      FunctionType::get(context,
                        {TATypeConverter::getBoxType(context).getElementType(),
                         IntegerType::get(context, 64), getWriteSourceType(e)},
                        {});
  return lookupOrDefineArrayFunction(
      e,
      accessFunctionName((kWriteFunctionPrefix + "prechecked_").str(), e, true),
      type, [](ArrayEmitter &fe, ValueRange args) {
        fe.writePrecheckedSlot(args[0], args[1], args[2]);
        return SmallVector<Value>();
      });
}

func::FuncOp
lowering::lookupOrDefinePrecheckedReadFunction(const ArrayEmitter &e) {
  MLIRContext *context = e.type.getContext();
  auto type = FunctionType::get(context, {IntegerType::get(context, 64)},
                                {IndexType::get(context)});
  return lookupOrDefineArrayFunction(
      e,
      accessFunctionName((kReadFunctionPrefix + "prechecked_").str(), e, false),
      type, [](ArrayEmitter &fe, ValueRange args) {
        return SmallVector<Value>{fe.readPrecheckedSlotOffset(args[0])};
      });
}

bool lowering::isInLoop(Operation *op) {
  return op->getParentOfType<LoopLikeOpInterface>() != nullptr;
}

/// Whether `call` is a call of a bulk or create function that callInlined
/// marked.
static bool isInlinedBulkCall(func::CallOp call) {
  if (!call->hasAttr(kAlwaysInline))
    return false;
  StringRef callee = call.getCallee();
  return llvm::any_of(
      ArrayRef<StringLiteral>{kGatherFunctionPrefix, kScatterFunctionPrefix,
                              kConcatFunctionPrefix, kSplitFunctionPrefix,
                              kCreateFunctionPrefix},
      [&](StringLiteral prefix) { return callee.starts_with(prefix); });
}

func::CallOp lowering::callInlined(OpBuilder &b, Location loc,
                                   func::FuncOp function, ValueRange operands) {
  auto call = func::CallOp::create(b, loc, function, operands);
  // The marked calls before it, up to the budget: the walk stops there.
  int64_t marked = 0;
  if (auto parent = call->getParentOfType<FunctionOpInterface>()) {
    parent->walk([&](func::CallOp other) {
      if (isInlinedBulkCall(other) && ++marked == kMaxInlinedCalls)
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
  }
  if (marked < kMaxInlinedCalls)
    call->setAttr(kAlwaysInline, b.getUnitAttr());
  return call;
}

/// Calls access function `function`, inlined by LLVM when `inLoop`.
static func::CallOp callAccessFunction(OpBuilder &b, Location loc,
                                       func::FuncOp function,
                                       ValueRange operands, bool inLoop) {
  auto call = func::CallOp::create(b, loc, function, operands);
  if (inLoop)
    call->setAttr(kAlwaysInline, b.getUnitAttr());
  return call;
}

FailureOr<func::FuncOp>
lowering::getAccessFunction(const ArrayEmitter &e, bool outline,
                            func::FuncOp (*lookup)(const ArrayEmitter &),
                            Operation *op, RewriterBase &rewriter) {
  if (!outline)
    return func::FuncOp();
  func::FuncOp function = lookup(e);
  if (!function)
    return rewriter.notifyMatchFailure(
        op, "the name of an access function is taken by another symbol");
  return function;
}

Value lowering::readElement(ArrayEmitter &e, func::FuncOp read, Value box,
                            Value i, bool inLoop) {
  if (!read)
    return e.readSlot(box, i);
  Value offset =
      callAccessFunction(e.b, e.loc, read, ValueRange{box, i}, inLoop)
          .getResult(0);
  // The read may have grown an accumulator: its buffer is loaded after.
  return e.elementAt(e.loadBuffer(box), offset);
}

Value lowering::readElementInBounds(ArrayEmitter &e, func::FuncOp read,
                                    Value buffer, Value capacity, Value clear,
                                    Value i) {
  if (!read) {
    SlotRef slot{buffer, e.toIndex(capacity), e.slotIndex(i)};
    e.readInBounds(slot, i, clear);
    return e.slotAt(buffer, slot.index);
  }
  Value offset = callAccessFunction(e.b, e.loc, read,
                                    ValueRange{buffer, capacity, clear, i},
                                    /*inLoop=*/true)
                     .getResult(0);
  return e.elementAt(buffer, offset);
}

Value lowering::readElementLoaded(ArrayEmitter &e, func::FuncOp read,
                                  Value buffer, Value flags, Value size,
                                  Value capacity, Value i) {
  Value offset =
      read ? callAccessFunction(e.b, e.loc, read,
                                ValueRange{buffer, flags, size, capacity, i},
                                /*inLoop=*/true)
                 .getResult(0)
           : e.readLoadedSlotOffset(buffer, flags, size, capacity, i);
  return e.elementAt(buffer, offset);
}

/// `source` as a write function takes it (getWriteSourceType).
static Value asWriteSource(ArrayEmitter &e, Value source) {
  // Row-major element views with any offset (a row of a batch in place) or
  // the identity layout: both cast to the source type.
  MemRefType sourceType = getWriteSourceType(e);
  assert(memref::CastOp::areCastCompatible(source.getType(), sourceType) &&
         "a row-major view of one element");
  if (source.getType() != sourceType)
    source = memref::CastOp::create(e.b, e.loc, sourceType, source);
  return source;
}

void lowering::writeElement(ArrayEmitter &e, func::FuncOp write, Value box,
                            Value i, Value source, bool inLoop) {
  callAccessFunction(e.b, e.loc, write,
                     ValueRange{box, i, asWriteSource(e, source)}, inLoop);
}

void lowering::writeElementInBounds(ArrayEmitter &e, func::FuncOp write,
                                    Value buffer, Value capacity, Value i,
                                    Value source) {
  if (!write) {
    e.writeInBounds({buffer, e.toIndex(capacity), e.slotIndex(i)}, i, source);
    return;
  }
  callAccessFunction(e.b, e.loc, write,
                     ValueRange{buffer, capacity, i, asWriteSource(e, source)},
                     /*inLoop=*/true);
}

bool lowering::takesReservedName(Operation *op) {
  // Symbols whose name is optional (a nested module) may have none.
  auto symbol = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  if (!symbol)
    return false;
  StringRef name = symbol.getValue();
  // An internal definition of the type the lowering gives it is taken as
  // the lowering's own: a module the lowering ran on (patterns applied by
  // another pass, then ta-lower-to-llvm) lowers again, reusing them.
  // The reservation functions have the growth functions' type.
  if (name.starts_with(kGrowFunctionPrefix) ||
      name.starts_with(kReserveFunctionPrefix))
    return !isGrowFunction(op);
  // The gradient, create and close functions and the fresh-buffer test
  // have one type each.
  MLIRContext *context = op->getContext();
  auto notOfType = [&](FunctionType type) {
    return !isInternalFunction(op) ||
           cast<func::FuncOp>(op).getFunctionType() != type;
  };
  if (name.starts_with(kGradFunctionPrefix))
    return notOfType(getGradFunctionType(context));
  if (name.starts_with(kCreateFunctionPrefix))
    return notOfType(getCreateFunctionType(context));
  if (name == kCloseFunctionName)
    return notOfType(getCloseFunctionType(context));
  if (name == TA_FRESH_BUFFER_IS_ZERO)
    return notOfType(getFreshBufferIsZeroType(context));
  if (name.starts_with(kWriteFunctionPrefix) ||
      name.starts_with(kReadFunctionPrefix) ||
      name.starts_with(kSplitFunctionPrefix) ||
      name.starts_with(kConcatFunctionPrefix) ||
      name.starts_with(kGatherFunctionPrefix) ||
      name.starts_with(kScatterFunctionPrefix))
    return !isInternalFunction(op);
  return false;
}

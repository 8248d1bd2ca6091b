//===- RuntimeFunctions.cpp - what lowered code calls and reads -----------===//

#include "RuntimeFunctions.h"
#include "ArrayEmitter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

void ModuleSymbols::build() {
  // Symbols whose name is optional (a nested module) may have none.
  for (Operation &op : *module.getBody())
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      table.try_emplace(name.getValue(), &op);
  built = true;
}

Operation *ModuleSymbols::lookup(StringRef name) {
  if (!built)
    build();
  return table.lookup(name);
}

Operation *ModuleSymbols::lookupFresh(StringRef name) {
  if (Operation *known = lookup(name))
    return known;
  Operation *found = module.lookupSymbol(name);
  if (found)
    table[name] = found;
  return found;
}

void ModuleSymbols::insert(Operation *symbol) {
  if (!built)
    build();
  table[cast<SymbolOpInterface>(symbol).getName()] = symbol;
}

ModuleSymbols &SymbolCache::get(ModuleOp module) {
  std::unique_ptr<ModuleSymbols> &entry = modules[module];
  if (!entry)
    entry = std::make_unique<ModuleSymbols>(module);
  return *entry;
}

func::FuncOp lowering::lookupOrDeclareRuntimeFunction(ModuleSymbols &symbols,
                                                      StringRef name) {
  if (Operation *existing = symbols.lookupFresh(name))
    return isRuntimeFunction(existing, name) ? cast<func::FuncOp>(existing)
                                             : func::FuncOp();
  func::FuncOp function = declareRuntimeFunction(symbols.module, name);
  symbols.insert(function);
  return function;
}

/// `<prefix><checks>_<element bytes>`: the name of a growth or reservation
/// function (the layout of the state depends on the checks mode).
static std::string growthFunctionName(StringRef prefix,
                                      const ArrayLayout &layout) {
  return (prefix + (layout.strict ? "strict_" : "none_") +
          Twine(layout.elementBytes()))
      .str();
}

std::string lowering::growFunctionName(const ArrayLayout &layout) {
  return growthFunctionName(kGrowFunctionPrefix, layout);
}

static FunctionType getGrowType(MLIRContext *context) {
  return FunctionType::get(
      context,
      {TATypeConverter::getBoxType(context), IntegerType::get(context, 64)},
      {});
}

bool lowering::isRuntimeFunctionAvailable(ModuleSymbols &symbols,
                                          StringRef name) {
  Operation *existing = symbols.lookup(name);
  return !existing || isRuntimeFunction(existing, name);
}

bool lowering::hasRuntimeFunctions(ModuleSymbols &symbols,
                                   const ArrayLayout &layout) {
  auto available = [&](StringRef name) {
    return isRuntimeFunctionAvailable(symbols, name);
  };
  // Both modes fail through the runtime: strict for TensorFlow's checks,
  // both for allocations (ArrayEmitter::checkCapacity).
  if (!available(TA_RT_FAIL))
    return false;
  if (layout.strict && layout.type.getIsGrad() &&
      !available(TA_RT_CHECK_ACCUMULATOR))
    return false;
  if (!layout.growsSomewhere())
    return true;
  if (!available(TA_RT_SHIFT_BYTES))
    return false;
  Operation *grow = symbols.lookup(growFunctionName(layout));
  return !grow || isGrowFunction(grow);
}

bool lowering::isInternalFunction(Operation *op) {
  auto function = dyn_cast<func::FuncOp>(op);
  auto linkage =
      function ? function->getAttrOfType<LLVM::LinkageAttr>("llvm.linkage")
               : LLVM::LinkageAttr();
  return function && !function.isExternal() && linkage &&
         linkage.getLinkage() == LLVM::Linkage::Internal;
}

func::FuncOp lowering::lookupOrDefineInternalFunction(
    ModuleSymbols &symbols, StringRef name, FunctionType type,
    llvm::function_ref<void(OpBuilder &, Block *)> build) {
  if (Operation *existing = symbols.lookupFresh(name))
    return isInternalFunction(existing) &&
                   cast<func::FuncOp>(existing).getFunctionType() == type
               ? cast<func::FuncOp>(existing)
               : func::FuncOp();
  ModuleOp module = symbols.module;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto function = func::FuncOp::create(b, module.getLoc(), name, type);
  function.setPrivate();
  function->setAttr(
      "llvm.linkage",
      LLVM::LinkageAttr::get(module.getContext(), LLVM::Linkage::Internal));
  symbols.insert(function);
  Block *entry = function.addEntryBlock();
  b.setInsertionPointToStart(entry);
  build(b, entry);
  return function;
}

FunctionType lowering::getFreshBufferIsZeroType(MLIRContext *context) {
  return FunctionType::get(context, {IntegerType::get(context, 64)},
                           {IntegerType::get(context, 1)});
}

func::FuncOp
lowering::lookupOrDefineFreshBufferIsZeroFunction(ModuleSymbols &symbols) {
  return lookupOrDefineInternalFunction(
      symbols, TA_FRESH_BUFFER_IS_ZERO,
      getFreshBufferIsZeroType(symbols.module.getContext()),
      [&](OpBuilder &b, Block *entry) {
        Location loc = symbols.module.getLoc();
        Value threshold = arith::ConstantOp::create(
            b, loc, b.getI64IntegerAttr(TA_MAPPED_ALLOCATION_BYTES));
        Value mapped = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                             entry->getArgument(0), threshold);
        func::ReturnOp::create(b, loc, mapped);
      });
}

bool lowering::isGrowFunction(Operation *op) {
  return isInternalFunction(op) && cast<func::FuncOp>(op).getFunctionType() ==
                                       getGrowType(op->getContext());
}

std::string lowering::reserveFunctionName(const ArrayLayout &layout,
                                          bool overwritten) {
  if (overwritten && !layout.lazyZeroing())
    return growthFunctionName((kReserveFunctionPrefix + "overwritten_").str(),
                              layout);
  return growthFunctionName(kReserveFunctionPrefix, layout);
}

/// The array that a growth or reservation function grows, read at its
/// entry: the box, its buffer, capacity (index) and header flags.
namespace {
struct GrownArray {
  Value box, buffer, oldCap, flags;
};
} // namespace

/// The buffer of `array` resized to `newCap` slots, its bytes up to its
/// old size kept: a memref.realloc (in place where the allocator can), or
/// for a buffer in the frame a fresh one and a copy (the frame's stays to
/// the frame). Null where the allocation failed quietly.
static Value resizeBuffer(ArrayEmitter &e, const GrownArray &array,
                          Value newCap) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto type = cast<MemRefType>(array.buffer.getType());
  auto inFrame = scf::IfOp::create(b, loc, TypeRange{type},
                                   e.hasBit(array.flags, kInFrame),
                                   /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(inFrame.thenBlock());
  Value fresh = e.allocBuffer(newCap);
  auto allocated = scf::IfOp::create(
      b, loc, e.cmp(arith::CmpIPredicate::ne, e.address(fresh), e.i64(0)),
      /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard inAllocated(b);
    b.setInsertionPointToStart(allocated.thenBlock());
    Value oldBytes = e.bufferBytes(array.oldCap);
    memref::CopyOp::create(b, loc, e.bytes(array.buffer, e.index(0), oldBytes),
                           e.bytes(fresh, e.index(0), oldBytes));
  }
  scf::YieldOp::create(b, loc, fresh);
  b.setInsertionPointToStart(inFrame.elseBlock());
  Value resized = memref::ReallocOp::create(
      b, loc, type, array.buffer, e.bufferBytes(newCap), IntegerAttr());
  scf::YieldOp::create(b, loc, resized);
  return inFrame.getResult(0);
}

/// Completes the growth of `array` to `grown`, its buffer resized to
/// `newCap` slots (resizeBuffer): the data stays where it is; the slots'
/// state moves to the data's new end (_ta_rt_shift_bytes: pages remapped in
/// a mapping, a sparse array's untouched pages stay untouched); what new
/// slots read is zeroed, but for the data of slots below `overwritten`
/// (an index; null: none), which the caller writes before anything reads
/// them; the box takes the buffer.
static void finishGrowth(ArrayEmitter &e, const GrownArray &array, Value grown,
                         Value newCap, Value overwritten = Value()) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value oldCap = array.oldCap;
  Value added = arith::SubIOp::create(b, loc, newCap, oldCap);
  Value oldEnd = e.stateOffset(oldCap);
  Value newEnd = e.stateOffset(newCap);
  // What new slots read zeroed, in one test of whether the grown buffer is
  // zero there already: their state, and without lazy zeroing their data.
  SmallVector<Value, 2> zeroed;
  // Where the new slots' data starts to need zeroing: past the old state,
  // which the shift leaves zero where it does not land.
  Value newData = oldEnd;
  if (e.hasState()) {
    func::FuncOp shift =
        lookupOrDeclareRuntimeFunction(e.symbols, TA_RT_SHIFT_BYTES);
    func::CallOp::create(b, loc, shift,
                         ValueRange{e.address(grown), e.toI64(oldEnd),
                                    e.toI64(newEnd), e.toI64(oldCap)});
    zeroed.push_back(
        e.bytes(grown, arith::AddIOp::create(b, loc, newEnd, oldCap), added));
    newData = arith::MinSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, oldEnd, oldCap), newEnd);
  }
  // The new slots read as zeros from their data, or, with lazy zeroing,
  // from their state (see ArrayEmitter::newBuffer).
  if (!e.lazyZeroing()) {
    // (stateOffset(n): the end of the data of slots [0, n), n <= newCap.)
    if (overwritten)
      newData =
          arith::MaxSIOp::create(b, loc, newData, e.stateOffset(overwritten));
    zeroed.push_back(e.bytes(grown, newData,
                             arith::SubIOp::create(b, loc, newEnd, newData)));
  }
  if (!zeroed.empty())
    e.zeroFillFresh(zeroed, newCap);
  e.set(e.header(grown), kCapacity, e.toI64(newCap));
  // An accumulator in the frame has moved to the heap.
  e.set(e.header(grown), kFlags,
        arith::AndIOp::create(b, loc, array.flags, e.i64(~kInFrame)));
  e.storeBuffer(grown, array.box);
}

/// The internal function `name` of type `(box, i64) -> ()` for arrays with
/// `layout`, defined on first use: `build` emits its body (before the
/// return) for the array in the box and the i64 argument.
static func::FuncOp lookupOrDefineGrowthFunction(
    ModuleSymbols &symbols, const ArrayLayout &layout, StringRef name,
    llvm::function_ref<void(ArrayEmitter &, const GrownArray &, Value)> build) {
  Location loc = symbols.module.getLoc();
  auto define = [&](OpBuilder &b, Block *entry) {
    ArrayEmitter e(b, loc, layout.type,
                   layout.strict ? ChecksMode::Strict : ChecksMode::None,
                   symbols);
    GrownArray array;
    array.box = entry->getArgument(0);
    array.buffer = e.loadBuffer(array.box);
    array.oldCap = e.toIndex(e.get(e.header(array.buffer), kCapacity));
    array.flags = e.get(e.header(array.buffer), kFlags);
    build(e, array, entry->getArgument(1));
    func::ReturnOp::create(b, loc);
  };
  return lookupOrDefineInternalFunction(
      symbols, name, getGrowType(symbols.module.getContext()), define);
}

func::FuncOp lowering::lookupOrDefineGrowFunction(ModuleSymbols &symbols,
                                                  const ArrayLayout &layout) {
  auto build = [](ArrayEmitter &e, const GrownArray &array, Value i) {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    // Room for twice the slots asked for, without passing maxCapacity (a
    // need past it fails in checkCapacity): need + min(need, max - need).
    Value need = e.toIndex(arith::AddIOp::create(b, loc, i, e.i64(1)));
    e.checkCapacity(need);
    Value room = arith::SubIOp::create(b, loc, e.index(e.maxCapacity()), need);
    Value newCap = arith::AddIOp::create(
        b, loc, need, arith::MinSIOp::create(b, loc, need, room));
    if (e.hasState())
      newCap = e.congruentCapacity(newCap, array.oldCap);
    finishGrowth(e, array, resizeBuffer(e, array, newCap), newCap);
  };
  return lookupOrDefineGrowthFunction(symbols, layout, growFunctionName(layout),
                                      build);
}

func::FuncOp lowering::lookupOrDefineReserveFunction(ModuleSymbols &symbols,
                                                     const ArrayLayout &layout,
                                                     bool overwritten) {
  func::FuncOp quiet =
      lookupOrDeclareRuntimeFunction(symbols, TA_RT_QUIET_ALLOCATIONS);
  if (!quiet)
    return func::FuncOp();
  auto build = [&](ArrayEmitter &e, const GrownArray &array, Value slots) {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    Value newCap = e.toIndex(slots);
    if (e.hasState())
      newCap = e.congruentCapacity(newCap, array.oldCap);
    // An allocation that fails gives null here, not TensorFlow's error: the
    // array keeps its buffer, and its growth fails where it would have.
    Value was =
        func::CallOp::create(b, loc, quiet, ValueRange{e.i64(1)}).getResult(0);
    Value grown = resizeBuffer(e, array, newCap);
    func::CallOp::create(b, loc, quiet, ValueRange{was});
    auto allocated = scf::IfOp::create(
        b, loc, e.cmp(arith::CmpIPredicate::ne, e.address(grown), e.i64(0)),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(allocated.thenBlock());
    finishGrowth(e, array, grown, newCap,
                 overwritten ? e.toIndex(slots) : Value());
  };
  return lookupOrDefineGrowthFunction(
      symbols, layout, reserveFunctionName(layout, overwritten), build);
}

Value lowering::getConstantAddress(OpBuilder &b, Location loc,
                                   ModuleSymbols &symbols, std::string symbol,
                                   DenseElementsAttr value) {
  auto type = MemRefType::get(value.getType().getShape(),
                              value.getType().getElementType());
  std::string unique = symbol;
  for (int n = 1;; ++n) {
    Operation *existing = symbols.lookupFresh(unique);
    auto global = dyn_cast_or_null<memref::GlobalOp>(existing);
    if (!existing) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(symbols.module.getBody());
      symbols.insert(memref::GlobalOp::create(
          b, loc, unique, b.getStringAttr("private"), type, value,
          /*constant=*/true, /*alignment=*/IntegerAttr()));
      break;
    }
    if (global && global.getInitialValueAttr() == value)
      break;
    unique = symbol + "." + std::to_string(n);
  }
  Value global = memref::GetGlobalOp::create(b, loc, type, unique);
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, global);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
}

Value lowering::getBytesAddress(OpBuilder &b, Location loc,
                                ModuleSymbols &symbols, StringRef prefix,
                                StringRef label, StringRef bytes) {
  std::string symbol = prefix.str();
  for (char c : label)
    symbol.push_back(llvm::isAlnum(c) ? c : '_');
  SmallVector<int8_t> data(bytes.begin(), bytes.end());
  auto type =
      RankedTensorType::get({static_cast<int64_t>(data.size())}, b.getI8Type());
  return getConstantAddress(b, loc, symbols, symbol,
                            DenseElementsAttr::get(type, ArrayRef(data)));
}

Value lowering::getNameAddress(OpBuilder &b, Location loc,
                               ModuleSymbols &symbols, StringRef name) {
  std::string bytes = name.str();
  bytes.push_back('\0');
  return getBytesAddress(b, loc, symbols, "__ta_name.", name, bytes);
}

Value lowering::getShapeAddress(OpBuilder &b, Location loc,
                                ModuleSymbols &symbols,
                                ArrayRef<int64_t> shape) {
  std::string symbol = "__ta_shape";
  SmallVector<int64_t> words{static_cast<int64_t>(shape.size())};
  for (int64_t d : shape) {
    symbol += "_" + std::to_string(d);
    words.push_back(d);
  }
  auto type = RankedTensorType::get({static_cast<int64_t>(words.size())},
                                    b.getI64Type());
  return getConstantAddress(b, loc, symbols, symbol,
                            DenseElementsAttr::get(type, ArrayRef(words)));
}

Value lowering::getUnrankedShapeAddress(OpBuilder &b, Location loc,
                                        ModuleSymbols &symbols) {
  auto type = RankedTensorType::get({1}, b.getI64Type());
  return getConstantAddress(
      b, loc, symbols, "__ta_shape_unranked",
      DenseElementsAttr::get(type, ArrayRef<int64_t>{-1}));
}

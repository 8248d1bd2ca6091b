//===- VersionAccessLoops.cpp - a loop's strict checks done once ----------===//
//
// ta-version-access-loops: an scf.for whose body writes or reads one forward
// array at its induction variable (a call of a strict access function)
// becomes an scf.if on one check of the whole range, a copy of the loop with
// accesses that need no checks, and the loop as it was. See the pass
// description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "AccessFunctions.h"
#include "ArrayEmitter.h"
#include "Operands.h"
#include "RuntimeFunctions.h"
#include "ta/Conversion/Passes.h"
#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Runtime/TAABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TAVERSIONACCESSLOOPSPASS
#include "ta/Conversion/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

namespace {

/// A loop that accesses one array at its induction variable.
struct AccessLoop {
  scf::ForOp loop;
  func::CallOp access;
  MarkedAccess marked;
};

/// Whether the uses of `buffer`, an array's buffer loaded from its box in a
/// loop of accesses, and of every memref made from it (views, casts) only
/// read it: the read's view of its slot, copied out; the header's words
/// loaded (ta.size, a closed check, whose message takes the buffer's
/// address). A ta.close of an array in the frame, which marks its header
/// closed in place, and a ta.grad written out, which clears the dynamic
/// flag, store into it: their loop is not one of accesses (the claim checks
/// the array once, before the loop).
bool onlyReadsBuffer(Value buffer) {
  SmallVector<Value> aliases{buffer};
  while (!aliases.empty()) {
    Value value = aliases.pop_back_val();
    for (Operation *user : value.getUsers()) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects)
        return false;
      SmallVector<MemoryEffects::EffectInstance> onValue;
      effects.getEffectsOnValue(value, onValue);
      if (llvm::any_of(onValue, [](const MemoryEffects::EffectInstance &e) {
            return !isa<MemoryEffects::Read>(e.getEffect());
          }))
        return false;
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()))
          aliases.push_back(result);
    }
  }
  return true;
}

/// The access of `loop` if it is one the pass versions.
std::optional<AccessLoop> matchAccessLoop(scf::ForOp loop,
                                          ModuleSymbols &symbols) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step != 1)
    return std::nullopt;
  std::optional<AccessLoop> match;
  Type boxType = TATypeConverter::getBoxType(loop.getContext());
  // One walk of the body: its calls (one access, else only failures) and
  // the other operations that take a box (another array's box may be this
  // one's).
  SmallVector<Operation *> boxUsers;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    auto call = dyn_cast<func::CallOp>(op);
    if (!call) {
      if (isa<CallOpInterface>(op))
        return WalkResult::interrupt();
      if (llvm::is_contained(op->getOperandTypes(), boxType))
        boxUsers.push_back(op);
      return WalkResult::advance();
    }
    if (call.getCallee() == TA_RT_FAIL)
      return WalkResult::advance();
    // An access function of the lowering: internal, of a reserved name.
    auto callee =
        dyn_cast_or_null<func::FuncOp>(symbols.lookup(call.getCallee()));
    bool reserved = callee && isInternalFunction(callee) &&
                    (callee.getSymName().starts_with(kWriteFunctionPrefix) ||
                     callee.getSymName().starts_with(kReadFunctionPrefix));
    std::optional<MarkedAccess> access =
        reserved ? getMarkedAccess(callee) : std::nullopt;
    if (!access || match || access->type.getIsGrad() ||
        call->getBlock() != loop.getBody())
      return WalkResult::interrupt();
    match = AccessLoop{loop, call, *access};
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || !match)
    return std::nullopt;
  // At the induction variable, on a box from outside the loop, which
  // nothing else takes but loads of its buffer that only read it.
  Value box = match->access.getOperand(0);
  auto index = match->access.getOperand(1).getDefiningOp<arith::IndexCastOp>();
  if (!index || index.getIn() != loop.getInductionVar() ||
      !loop.isDefinedOutsideOfLoop(box))
    return std::nullopt;
  for (Operation *op : boxUsers) {
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load || load.getMemRef() != box || !onlyReadsBuffer(load.getResult()))
      return std::nullopt;
  }
  return match;
}

//===----------------------------------------------------------------------===//
// Range copies: a claimed loop that only moves rows
//===----------------------------------------------------------------------===//

/// Whether the operations of `loop`'s body (but constants and the
/// terminator) are exactly `expected`.
bool bodyIsExactly(scf::ForOp loop, ArrayRef<Operation *> expected) {
  size_t count = 0;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (isa<arith::ConstantOp>(op))
      continue;
    if (!llvm::is_contained(expected, &op))
      return false;
    ++count;
  }
  return count == expected.size();
}

/// Whether `slice` takes row `iv` of a tensor of rank 1 + `element`'s:
/// offsets [iv, 0, ...], sizes [1, element...], unit strides.
bool isRowAt(OffsetSizeAndStrideOpInterface slice, Value iv,
             RankedTensorType element) {
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
  if (offsets.size() != size_t(element.getRank() + 1) ||
      !slice.hasUnitStride() ||
      llvm::dyn_cast_if_present<Value>(offsets[0]) != iv ||
      !isConstantIntValue(sizes[0], 1))
    return false;
  for (int64_t d = 0; d < element.getRank(); ++d)
    if (!isConstantIntValue(offsets[d + 1], 0) ||
        !isConstantIntValue(sizes[d + 1], element.getDimSize(d)))
      return false;
  return true;
}

/// Rows `[lb, lb + n)` of a tensor of rank 1 + `element`'s (`n` a constant
/// or an index value).
struct RowRange {
  RowRange(OpBuilder &b, Value lb, OpFoldResult n, RankedTensorType element)
      : offsets(element.getRank() + 1, b.getIndexAttr(0)), sizes{n},
        strides(element.getRank() + 1, b.getIndexAttr(1)) {
    offsets[0] = lb;
    for (int64_t d : element.getShape())
      sizes.push_back(b.getIndexAttr(d));
    std::optional<int64_t> rows = getConstantIntValue(n);
    SmallVector<int64_t> shape{rows ? *rows : ShapedType::kDynamic};
    llvm::append_range(shape, element.getShape());
    type = RankedTensorType::get(shape, element.getElementType());
  }
  SmallVector<OpFoldResult> offsets, sizes, strides;
  RankedTensorType type;
};

/// A claimed write loop `for k in [lb, lb + n): write(slot k, row k of
/// source)`, the source from outside: one copy of the rows into the slots.
/// Only the lowering knows that the array's buffer aliases no tensor; LLVM,
/// which cannot tell, keeps the loop of row copies, where one copy is one
/// memcpy (for large ranges, the C library's streaming copy).
bool copyRowsIn(scf::ForOp fast, func::CallOp write, ArrayEmitter &e,
                Value buffer, OpFoldResult n) {
  // The row as the write takes it: a buffer of the row, cast to the access
  // function's layout where bufferization gives it the identity layout
  // (lowering::toBuffer: a row of a tensor of unknown layout).
  Value source = write.getOperand(2);
  auto cast = source.getDefiningOp<memref::CastOp>();
  if (cast)
    source = cast.getSource();
  auto toBuffer = source.getDefiningOp<bufferization::ToBufferOp>();
  auto row = toBuffer
                 ? toBuffer.getTensor().getDefiningOp<tensor::ExtractSliceOp>()
                 : tensor::ExtractSliceOp();
  auto index = write.getOperand(1).getDefiningOp<arith::IndexCastOp>();
  Value iv = fast.getInductionVar();
  SmallVector<Operation *, 5> body{write, toBuffer, row, index};
  if (cast)
    body.push_back(cast);
  if (fast.getNumResults() != 0 || !row || !index || index.getIn() != iv ||
      !fast.isDefinedOutsideOfLoop(row.getSource()) ||
      row.getType() != e.element || !isRowAt(row, iv, e.element) ||
      !bodyIsExactly(fast, body))
    return false;
  OpBuilder &b = e.b;
  b.setInsertionPoint(fast);
  RowRange range(b, fast.getLowerBound(), n, e.element);
  Value rows =
      tensor::ExtractSliceOp::create(b, e.loc, range.type, row.getSource(),
                                     range.offsets, range.sizes, range.strides);
  memref::CopyOp::create(
      b, e.loc,
      lowering::toBuffer(b, e.loc, rows, range.type, /*anyOffset=*/true),
      e.slotRange(buffer, fast.getLowerBound(), n));
  fast.erase();
  return true;
}

/// A claimed read loop `for k in [lb, lb + n): out[k] = read(slot k)` into
/// its one iteration argument: one copy of the slots into rows [lb, lb + n)
/// of the loop's initial value, which it returns (null if no such loop).
Value copyRowsOut(scf::ForOp fast, func::CallOp read, ArrayEmitter &e,
                  Value buffer, OpFoldResult n) {
  if (fast.getNumRegionIterArgs() != 1)
    return Value();
  Value iv = fast.getInductionVar();
  auto yield = cast<scf::YieldOp>(fast.getBody()->getTerminator());
  auto insert = yield.getOperand(0).getDefiningOp<tensor::InsertSliceOp>();
  auto copy =
      insert ? insert.getSource()
                   .getDefiningOp<bufferization::MaterializeInDestinationOp>()
             : bufferization::MaterializeInDestinationOp();
  auto data = copy ? copy.getSource().getDefiningOp<bufferization::ToTensorOp>()
                   : bufferization::ToTensorOp();
  auto empty = copy ? copy.getDest().getDefiningOp<tensor::EmptyOp>()
                    : tensor::EmptyOp();
  auto view = data ? data.getBuffer().getDefiningOp<memref::ViewOp>()
                   : memref::ViewOp();
  auto load = view ? view.getSource().getDefiningOp<memref::LoadOp>()
                   : memref::LoadOp();
  auto index = read.getOperand(0).getDefiningOp<arith::IndexCastOp>();
  if (!insert || insert.getDest() != fast.getRegionIterArgs()[0] ||
      insert.getSourceType() != e.element || !isRowAt(insert, iv, e.element) ||
      !copy || !data || !empty || !view || !load ||
      view.getByteShift() != read.getResult(0) || !index ||
      index.getIn() != iv ||
      !bodyIsExactly(fast,
                     {read, index, load, view, data, empty, copy, insert}))
    return Value();
  OpBuilder &b = e.b;
  b.setInsertionPoint(fast);
  RowRange range(b, fast.getLowerBound(), n, e.element);
  // As the reads do: the slots' data copied out now, in destination-passing
  // style, before any later operation on the array.
  Value slots = e.slotRange(buffer, fast.getLowerBound(), n);
  Value slotData = bufferization::ToTensorOp::create(
      b, e.loc, range.type, slots, /*restrict=*/true, /*writable=*/false);
  Value rows = bufferization::MaterializeInDestinationOp::create(
                   b, e.loc, slotData,
                   tensor::EmptyOp::create(b, e.loc, range.sizes,
                                           range.type.getElementType()))
                   .getResult();
  Value out =
      tensor::InsertSliceOp::create(b, e.loc, rows, fast.getInitArgs()[0],
                                    range.offsets, range.sizes, range.strides);
  fast.erase();
  return out;
}

/// `if (claim(box, lb, ub)) { loop with prechecked accesses } else { loop }`
/// (or, for a loop that only moves rows, one copy in place of the first
/// loop). Returns the prechecked access function and whether it is called.
std::pair<func::FuncOp, bool> version(AccessLoop match,
                                      ModuleSymbols &symbols) {
  scf::ForOp loop = match.loop;
  bool write = match.marked.write;
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  ArrayEmitter e(b, loc, match.marked.type, match.marked.checks, symbols);
  func::FuncOp claim = lookupOrDefineLoopClaimFunction(e, write);
  func::FuncOp prechecked = write ? lookupOrDefinePrecheckedWriteFunction(e)
                                  : lookupOrDefinePrecheckedReadFunction(e);
  if (!claim || !prechecked)
    return {}; // Their names are taken (ta-lower-to-memref diagnosed that).
  Value box = match.access.getOperand(0);
  Value ok = func::CallOp::create(b, loc, claim,
                                  ValueRange{box, e.toI64(loop.getLowerBound()),
                                             e.toI64(loop.getUpperBound())})
                 .getResult(0);
  auto ifOp = scf::IfOp::create(b, loc, loop.getResultTypes(), ok,
                                /*withElse=*/true);
  // Without results the blocks come with a yield: each gets its own below.
  for (Block *block : {ifOp.thenBlock(), ifOp.elseBlock()})
    if (!block->empty())
      block->back().erase();
  b.setInsertionPointToStart(ifOp.thenBlock());
  // The buffer, which no access of the claimed loop changes, read once: the
  // loop's slot addresses are then affine in its induction variable (LLVM
  // turns a loop of row copies into one memcpy).
  Value buffer = e.loadBuffer(box);
  auto fast = cast<scf::ForOp>(b.clone(*loop));
  // The access is the loop body's only call of that function.
  func::CallOp access;
  for (auto call :
       llvm::make_early_inc_range(fast.getBody()->getOps<func::CallOp>())) {
    if (call.getCallee() != match.access.getCallee())
      continue;
    OpBuilder inLoop(call);
    SmallVector<Value, 3> operands{call.getOperand(1)};
    if (write)
      operands = {buffer, call.getOperand(1), call.getOperand(2)};
    access = func::CallOp::create(inLoop, loc, prechecked, operands);
    access->setDiscardableAttrs(call->getDiscardableAttrDictionary());
    call->replaceAllUsesWith(access);
    call->erase();
  }
  // A loop that only moves rows is one copy. The claim holds only where
  // lb < ub: then n = ub - lb rows (a constant where both are).
  SmallVector<Value> results(fast.getResults());
  bool called = true;
  if (e.elementBytes() > 0) {
    std::optional<int64_t> lb = getConstantIntValue(fast.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(fast.getUpperBound());
    b.setInsertionPoint(fast);
    OpFoldResult n =
        lb && ub
            ? OpFoldResult(b.getIndexAttr(*ub - *lb))
            : OpFoldResult(arith::SubIOp::create(b, loc, fast.getUpperBound(),
                                                 fast.getLowerBound())
                               .getResult());
    if (write) {
      called = !copyRowsIn(fast, access, e, buffer, n);
    } else if (Value out = copyRowsOut(fast, access, e, buffer, n)) {
      results = {out};
      called = false;
    }
    if (Value rows = dyn_cast<Value>(n); rows && rows.use_empty())
      rows.getDefiningOp()->erase();
    b.setInsertionPointToEnd(ifOp.thenBlock());
  }
  scf::YieldOp::create(b, loc, results);
  loop->replaceAllUsesWith(ifOp.getResults());
  loop->moveBefore(ifOp.elseBlock(), ifOp.elseBlock()->end());
  b.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, loop.getResults());
  return {prechecked, called};
}

struct TAVersionAccessLoopsPass
    : public ta::impl::TAVersionAccessLoopsPassBase<TAVersionAccessLoopsPass> {
  void runOnOperation() override {
    ModuleSymbols symbols(getOperation());
    SmallVector<AccessLoop> matches;
    getOperation().walk([&](scf::ForOp loop) {
      if (std::optional<AccessLoop> match = matchAccessLoop(loop, symbols))
        matches.push_back(*match);
    });
    // The prechecked access functions that only range copies needed go.
    llvm::MapVector<Operation *, bool> prechecked;
    for (AccessLoop &match : matches) {
      auto [function, called] = version(match, symbols);
      if (function)
        prechecked[function] |= called;
    }
    for (auto [function, called] : prechecked)
      if (!called)
        function->erase();
    // The marks have served: no ta attribute outlives the lowering.
    for (auto function : getOperation().getOps<func::FuncOp>())
      function->removeAttr(kAccessAttr);
  }
};

} // namespace

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
#include "RuntimeFunctions.h"
#include "ta/Conversion/Passes.h"
#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Runtime/TAABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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
  // nothing else takes but loads of its buffer (a read's view of its slot).
  Value box = match->access.getOperand(0);
  auto index = match->access.getOperand(1).getDefiningOp<arith::IndexCastOp>();
  if (!index || index.getIn() != loop.getInductionVar() ||
      !loop.isDefinedOutsideOfLoop(box))
    return std::nullopt;
  for (Operation *op : boxUsers) {
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load || load.getMemRef() != box)
      return std::nullopt;
  }
  return match;
}

/// `if (claim(box, lb, ub)) { loop with prechecked accesses } else { loop }`.
void version(AccessLoop match, ModuleSymbols &symbols) {
  scf::ForOp loop = match.loop;
  bool write = match.marked.write;
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  ArrayEmitter e(b, loc, match.marked.type, match.marked.checks, symbols);
  func::FuncOp claim = lookupOrDefineLoopClaimFunction(e, write);
  func::FuncOp prechecked = write ? lookupOrDefinePrecheckedWriteFunction(e)
                                  : lookupOrDefinePrecheckedReadFunction(e);
  if (!claim || !prechecked)
    return; // Their names are taken (ta-lower-to-memref diagnosed that).
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
  // The buffer and its capacity, which no access of the claimed loop
  // changes, read once: the loop's slot addresses are then affine in its
  // induction variable (LLVM turns a loop of row copies into one memcpy).
  Value buffer = e.loadBuffer(box);
  Value capacity = e.get(e.header(buffer), kCapacity);
  auto fast = cast<scf::ForOp>(b.clone(*loop));
  // The access is the loop body's only call of that function.
  for (auto call :
       llvm::make_early_inc_range(fast.getBody()->getOps<func::CallOp>())) {
    if (call.getCallee() != match.access.getCallee())
      continue;
    OpBuilder inLoop(call);
    SmallVector<Value, 4> operands{capacity, call.getOperand(1)};
    if (write)
      operands = {buffer, capacity, call.getOperand(1), call.getOperand(2)};
    auto replacement = func::CallOp::create(inLoop, loc, prechecked, operands);
    replacement->setDiscardableAttrs(call->getDiscardableAttrDictionary());
    call->replaceAllUsesWith(replacement);
    call->erase();
  }
  scf::YieldOp::create(b, loc, fast.getResults());
  loop->replaceAllUsesWith(ifOp.getResults());
  loop->moveBefore(ifOp.elseBlock(), ifOp.elseBlock()->end());
  b.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, loop.getResults());
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
    for (AccessLoop &match : matches)
      version(match, symbols);
    // The marks have served: no ta attribute outlives the lowering.
    for (auto function : getOperation().getOps<func::FuncOp>())
      function->removeAttr(kAccessAttr);
  }
};

} // namespace

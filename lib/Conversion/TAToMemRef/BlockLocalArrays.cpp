//===- BlockLocalArrays.cpp - arrays that cannot outlive their block ------===//
//
// An escape analysis: the arrays whose every handle stays among ta
// operations, structured control flow and calls within the block of their
// ta.create, which the lowering may therefore free at the end of that block;
// and among them the small ones that can live in their function's frame.
// Besides, the arrays whose slots no operation reads or writes, and those
// whose first operation writes every slot (or every slot of a loop's range).
//
//===----------------------------------------------------------------------===//

#include "ArrayLayout.h"

#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::ta;

/// Whether every alias of `handle` (the handle, the accumulator handles of
/// ta.grad / ta.grad_with_shape on it, and the values scf.for / scf.if /
/// scf.execute_region carry them through) is used only by ta operations in
/// `home` or in regions nested in it, or passed to a function of the module
/// whose parameter is such a local use in its body in turn. Anything else (a
/// return, a call to an external or recursive function, a yield out of
/// `home`, a branch, an unknown op) lets the array escape. `active` holds the
/// functions being analysed (recursion counts as an escape).
static bool isBlockLocal(Value handle, Block *home,
                         llvm::SmallPtrSetImpl<Operation *> &active) {
  SmallVector<Value> worklist{handle};
  llvm::SmallPtrSet<Value, 8> seen{handle};
  auto push = [&](Value v) {
    if (seen.insert(v).second)
      worklist.push_back(v);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (!home->findAncestorOpInBlock(*user))
        return false;
      if (isa_and_nonnull<TADialect>(user->getDialect())) {
        if (isa<GradOp, GradWithShapeOp>(user))
          push(user->getResult(0));
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        OpResult result = loop.getTiedLoopResult(&use);
        if (!result)
          return false;
        push(result);
        push(loop.getTiedLoopRegionIterArg(&use));
        continue;
      }
      if (auto call = dyn_cast<func::CallOp>(user)) {
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || callee.isExternal() || !active.insert(callee).second)
          return false;
        bool local = isBlockLocal(callee.getArgument(use.getOperandNumber()),
                                  &callee.front(), active);
        active.erase(callee);
        if (!local)
          return false;
        continue;
      }
      if (isa<scf::YieldOp>(user)) {
        Operation *parent = user->getParentOp();
        if (user->getBlock() == home ||
            !isa<scf::ForOp, scf::IfOp, scf::ExecuteRegionOp>(parent))
          return false;
        unsigned n = use.getOperandNumber();
        push(parent->getResult(n));
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          push(loop.getRegionIterArgs()[n]);
        continue;
      }
      return false;
    }
  }
  return true;
}

BlockLocalArrays BlockLocalArrays::analyze(Operation *root) {
  BlockLocalArrays result;
  root->walk([&](CreateOp create) {
    Block *block = create->getBlock();
    llvm::SmallPtrSet<Operation *, 4> active;
    if (auto function = create->getParentOfType<func::FuncOp>())
      active.insert(function);
    if (block->mightHaveTerminator() &&
        isBlockLocal(create.getHandle(), block, active))
      result.creates.insert(create);
  });
  return result;
}

/// Whether `type` has a static element shape.
static bool hasStaticElement(HandleType type) {
  auto element = dyn_cast<RankedTensorType>(type.getElementType());
  return element && element.hasStaticShape();
}

DatalessArrays DatalessArrays::analyze(Operation *root) {
  DatalessArrays result;
  root->walk([&](CreateOp create) {
    TypedValue<HandleType> handle = create.getHandle();
    if (hasStaticElement(handle.getType()) &&
        llvm::all_of(handle.getUsers(), [](Operation *user) {
          return isa<GradOp, GradWithShapeOp, SizeOp, CloseOp>(user);
        }))
      result.creates.insert(create);
  });
  return result;
}

/// Whether `op`, the first use of `create`'s handle, writes all of its N
/// slots: a scatter of N indices or a split of N lengths (FilledArrays).
static bool writesEverySlot(Operation *op, CreateOp create, int64_t n) {
  auto hasCount = [n](Value vector) {
    auto type = dyn_cast<RankedTensorType>(vector.getType());
    return type && type.getRank() == 1 && type.getDimSize(0) == n;
  };
  if (auto scatter = dyn_cast<ScatterOp>(op))
    return scatter.getHandle() == create.getHandle() &&
           hasCount(scatter.getIndices());
  if (auto split = dyn_cast<SplitOp>(op))
    return split.getHandle() == create.getHandle() &&
           hasCount(split.getLengths());
  return false;
}

/// Whether `loop`, the first use of `create`'s handle, writes every slot of
/// its range: of step 1 (signed bounds), taking the handle only in one
/// ta.write at its induction variable directly in its body (FilledArrays).
static bool writesItsRange(scf::ForOp loop, CreateOp create) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step != 1 || loop.getUnsignedCmp())
    return false;
  WriteOp write;
  for (Operation *user : create.getHandle().getUsers()) {
    if (!loop->isProperAncestor(user)) {
      // A use after the loop, or the loop itself (an iter_arg).
      if (user == loop.getOperation())
        return false;
      continue;
    }
    auto w = dyn_cast<WriteOp>(user);
    if (!w || write || w->getBlock() != loop.getBody() ||
        w.getIndex() != loop.getInductionVar())
      return false;
    write = w;
  }
  return static_cast<bool>(write);
}

FilledArrays FilledArrays::analyze(Operation *root, bool loops, bool reserve) {
  FilledArrays result;
  root->walk([&](CreateOp create) {
    TypedValue<HandleType> handle = create.getHandle();
    APInt size;
    bool growable = create.getDynamicSize();
    if (!hasStaticElement(handle.getType()) ||
        (!growable && !matchPattern(create.getSize(), m_ConstantInt(&size))))
      return;
    // The first operation of the create's block that takes the handle,
    // itself or in its regions (a use in another block runs after this
    // block's operations).
    Block *block = create->getBlock();
    Operation *first = nullptr;
    for (Operation *user : handle.getUsers()) {
      Operation *op = block->findAncestorOpInBlock(*user);
      if (op && (!first || op->isBeforeInBlock(first)))
        first = op;
    }
    if (!first)
      return;
    if (growable) {
      auto loop = dyn_cast<scf::ForOp>(first);
      if (reserve && loop && writesItsRange(loop, create))
        result.reserving[create] = loop;
      return;
    }
    if (writesEverySlot(first, create, size.getSExtValue())) {
      result.creates.insert(create);
      return;
    }
    auto loop = dyn_cast<scf::ForOp>(first);
    if (loops && loop && writesItsRange(loop, create)) {
      result.creates.insert(create);
      result.loops[create] = loop;
    }
  });
  return result;
}

/// The bytes a buffer of `capacity` slots takes at most (ArrayLayout: the
/// header, a state byte per slot, padding to the data's alignment, the
/// data), or nullopt past `limit`.
static std::optional<int64_t>
boundedBufferBytes(HandleType type, int64_t capacity, int64_t limit) {
  if (!hasStaticElement(type) || capacity < 0 || capacity > limit)
    return std::nullopt;
  int64_t elementBytes = lowering::ArrayLayout::elementBytesOf(
      cast<RankedTensorType>(type.getElementType()));
  if (elementBytes > limit)
    return std::nullopt;
  int64_t bytes = TA_HEADER_BYTES + capacity + TA_BUFFER_ALIGNMENT - 1 +
                  capacity * elementBytes;
  return bytes <= limit ? std::optional<int64_t>(bytes) : std::nullopt;
}

/// Whether only ta ops take `handle`.
static bool onlyTAUsers(Value handle) {
  return llvm::all_of(handle.getUsers(), [](Operation *user) {
    return isa_and_nonnull<TADialect>(user->getDialect());
  });
}

/// The id of the gradient source of `op`, a ta.grad or ta.grad_with_shape;
/// nullopt for another op.
static std::optional<int64_t> gradSourceId(Operation *op,
                                           const GradSourceTable &sources) {
  if (auto grad = dyn_cast<GradOp>(op))
    return sources.lookup(grad.getSource());
  if (auto grad = dyn_cast<GradWithShapeOp>(op))
    return sources.lookup(grad.getSource());
  return std::nullopt;
}

/// The accumulator type of each gradient source of `create` whose
/// accumulators can live in the frame (FrameArrays), indexed by source id;
/// null for one that cannot (or has no gradient op on `create`).
static SmallVector<HandleType>
frameAccumulatorTypes(CreateOp create, const GradSourceTable &sources) {
  SmallVector<HandleType> types(sources.size());
  llvm::SmallBitVector heap(sources.size());
  for (Operation *user : create.getHandle().getUsers()) {
    std::optional<int64_t> id = gradSourceId(user, sources);
    if (!id)
      continue;
    Value grad = user->getResult(0);
    auto type = cast<HandleType>(grad.getType());
    if (!hasStaticElement(type) || !onlyTAUsers(grad) ||
        (types[*id] && types[*id] != type))
      heap.set(*id);
    types[*id] = type;
  }
  for (int64_t id : heap.set_bits())
    types[id] = HandleType();
  return types;
}

FrameArrays FrameArrays::analyze(Operation *root,
                                 const BlockLocalArrays &blockLocal,
                                 const DatalessArrays &dataless,
                                 const GradSourceTable &sources) {
  FrameArrays result;
  llvm::DenseMap<Operation *, int64_t> functionBytes;
  root->walk([&](CreateOp create) {
    auto function = dyn_cast<func::FuncOp>(create->getParentOp());
    APInt size;
    if (!function || create->getBlock() != &function.getBody().front() ||
        !blockLocal.contains(create) || create.getDynamicSize() ||
        !matchPattern(create.getSize(), m_ConstantInt(&size)))
      return;
    int64_t capacity = size.getSExtValue();
    int64_t &budget = functionBytes[function];
    std::optional<int64_t> bytes =
        dataless.contains(create)
            ? std::optional<int64_t>(TA_HEADER_BYTES)
            : boundedBufferBytes(create.getHandle().getType(), capacity,
                                 kMaxBytes);
    // Every user takes the handle itself: ta.close and the release at the
    // block's end then know the array is in the frame.
    if (!bytes || budget + *bytes > kMaxFunctionBytes ||
        !onlyTAUsers(create.getHandle()))
      return;
    budget += *bytes;
    result.creates.insert(create);
    // Its accumulators: a gradient op sizes one as the forward array, whose
    // size is fixed.
    SmallVector<HandleType> accumulators =
        frameAccumulatorTypes(create, sources);
    bool some = false;
    for (HandleType &type : accumulators) {
      if (!type)
        continue;
      std::optional<int64_t> accBytes =
          boundedBufferBytes(type, capacity, kMaxBytes);
      if (!accBytes || budget + *accBytes > kMaxFunctionBytes) {
        type = HandleType();
        continue;
      }
      budget += *accBytes;
      some = true;
    }
    if (!some)
      return;
    for (Operation *user : create.getHandle().getUsers())
      if (std::optional<int64_t> id = gradSourceId(user, sources);
          id && accumulators[*id])
        result.grads.insert(user);
    result.reserved[create] = std::move(accumulators);
  });
  return result;
}

bool FrameArrays::holds(Value handle) const {
  Operation *op = handle.getDefiningOp();
  return op && (creates.contains(op) || grads.contains(op));
}

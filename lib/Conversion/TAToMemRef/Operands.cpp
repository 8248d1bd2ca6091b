//===- Operands.cpp - tensor operands and results at the buffer boundary --===//

#include "Operands.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SubsetOpInterface.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

/// Whether the runtime shape of `tensor` differs from `want` in its rank or
/// in a dim from `firstDim` on; null when the type already guarantees it.
Value lowering::shapeMismatch(CodeBuilder &e, Value tensor,
                              ArrayRef<int64_t> want, unsigned firstDim) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto compareDims = [&](OpBuilder &nb) -> Value {
    Value bad;
    for (unsigned d = firstDim; d < want.size(); ++d) {
      auto ranked = dyn_cast<RankedTensorType>(tensor.getType());
      if (ranked && !ranked.isDynamicDim(d))
        continue;
      Value dim = tensor::DimOp::create(nb, loc, tensor, d);
      Value ne = arith::CmpIOp::create(
          nb, loc, arith::CmpIPredicate::ne, dim,
          arith::ConstantIndexOp::create(nb, loc, want[d]));
      bad = bad ? arith::OrIOp::create(nb, loc, bad, ne) : ne;
    }
    return bad;
  };
  if (isa<RankedTensorType>(tensor.getType()))
    return compareDims(b);
  // Unranked: compare dims only when the rank is right (tensor.dim past the
  // rank is undefined).
  Value rank = tensor::RankOp::create(b, loc, tensor);
  Value rankOk = e.cmp(arith::CmpIPredicate::eq, rank, e.index(want.size()));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()}, rankOk, true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value bad = compareDims(b);
    if (!bad)
      bad = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    scf::YieldOp::create(b, loc, bad);
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(
        b, loc,
        ValueRange{arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1)});
  }
  return ifOp.getResult(0);
}

/// Appends the address of `{rank, dims...}` describing the runtime shape of
/// `tensor` without its first `drop` dims, with `leading` (an i64) in front
/// when given. Built on the stack: used only on the failure path.
void lowering::runtimeShape(CodeBuilder &e, Value tensor, unsigned drop,
                            Value leading, SmallVectorImpl<Value> &args) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value rank = tensor::RankOp::create(b, loc, tensor);
  Value kept = arith::SubIOp::create(b, loc, rank, e.index(drop));
  Value first = e.index(leading ? 2 : 1);
  Value words = arith::AddIOp::create(b, loc, kept, first);
  auto type = MemRefType::get({ShapedType::kDynamic}, b.getI64Type());
  Value shape = memref::AllocaOp::create(b, loc, type, ValueRange{words});
  Value count = arith::SubIOp::create(b, loc, words, e.index(1));
  memref::StoreOp::create(b, loc, e.toI64(count), shape,
                          ValueRange{e.index(0)});
  if (leading)
    memref::StoreOp::create(b, loc, leading, shape, ValueRange{e.index(1)});
  auto store = [&](Value d, Value dim) {
    Value at = arith::AddIOp::create(
        b, loc, arith::SubIOp::create(b, loc, d, e.index(drop)), first);
    memref::StoreOp::create(b, loc, e.toI64(dim), shape, ValueRange{at});
  };
  if (auto ranked = dyn_cast<RankedTensorType>(tensor.getType())) {
    // A static rank: no loop (tensor.dim of a 0-d tensor is invalid).
    for (int64_t d = drop; d < ranked.getRank(); ++d)
      store(e.index(d), tensor::DimOp::create(b, loc, tensor, d));
  } else {
    e.forLoop(e.index(drop), rank, [&](Value d) {
      store(d, tensor::DimOp::create(b, loc, tensor, d));
    });
  }
  args.push_back(e.address(shape));
}

/// Whether a memref of `type` is row-major (any offset): each stride the
/// product of the dims after it, as the type tells statically.
static bool isRowMajor(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  std::optional<int64_t> expected = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    if (!expected || strides[d] != *expected)
      return false;
    if (d > 0)
      expected = type.isDynamicDim(d)
                     ? std::nullopt
                     : std::optional<int64_t>(*expected * type.getDimSize(d));
  }
  return true;
}

/// Whether empty-tensor elimination (after the lowering) may replace
/// `empty` by a subset of another tensor (a column of a larger one): a
/// value made from it in place (through destination-style inits, casts,
/// reshapes) is the source of a subset insertion (tensor.insert_slice).
static bool mayBecomeSubset(tensor::EmptyOp empty) {
  SmallVector<Value> worklist{empty.getResult()};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto insertion = dyn_cast<SubsetInsertionOpInterface>(user))
        if (&use == &insertion.getSourceOperand())
          return true;
      if (auto dps = dyn_cast<DestinationStyleOpInterface>(user)) {
        if (dps.isDpsInit(&use))
          worklist.push_back(dps.getTiedOpResult(&use));
      } else if (isa<tensor::CastOp, tensor::ExpandShapeOp,
                     tensor::CollapseShapeOp, tensor::BitcastOp>(user)) {
        worklist.push_back(user->getResult(0));
      }
    }
  }
  return false;
}

/// Whether bufferization gives `tensor` a buffer with row-major unit
/// strides (any offset): a function argument (identity layouts at function
/// boundaries), a new buffer (a constant, a computation's result, an empty
/// tensor that empty-tensor elimination leaves alone), a
/// contiguous slice of such a buffer ([1, ..., 1, n, full, ...] of unit
/// strides) or a reshape of one, the result of a destination-style op
/// whose init has one (in place, else a new buffer), a tensor of a
/// row-major memref. Not so the results and region arguments of control
/// flow (an scf.if whose branches yield different buffers bufferizes to a
/// fully dynamic layout), nor other slices (a column) and what is made of
/// them.
static bool hasRowMajorBuffer(Value tensor) {
  if (auto arg = dyn_cast<BlockArgument>(tensor)) {
    // A function's argument (a block the conversion holds detached has no
    // parent: a function's); not a successor block's, whose buffer is what
    // its predecessors pass (a column).
    Block *block = arg.getOwner();
    Operation *parent = block->getParentOp();
    return !parent ||
           (isa<FunctionOpInterface>(parent) && block->isEntryBlock());
  }
  Operation *def = tensor.getDefiningOp();
  if (isa<RegionBranchOpInterface>(def))
    return false;
  if (auto empty = dyn_cast<tensor::EmptyOp>(def))
    return !mayBecomeSubset(empty);
  if (isa<tensor::CastOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
          tensor::BitcastOp>(def))
    return hasRowMajorBuffer(def->getOperand(0));
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(def))
    return hasRowMajorBuffer(
        dps.getTiedOpOperand(cast<OpResult>(tensor))->get());
  if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(def)) {
    auto memref = dyn_cast<MemRefType>(toTensor.getBuffer().getType());
    return memref && isRowMajor(memref);
  }
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(def)) {
    auto source = slice.getSourceType();
    if (!slice.hasUnitStride() || !source.hasStaticShape())
      return false;
    ArrayRef<int64_t> sizes = slice.getStaticSizes();
    // Contiguous: sizes of 1 up to some dim k, any size at k, and every dim
    // after k taken whole.
    unsigned k = 0;
    while (k < sizes.size() && sizes[k] == 1)
      ++k;
    for (unsigned d = k + 1; d < sizes.size(); ++d)
      if (sizes[d] != source.getDimSize(d))
        return false;
    return hasRowMajorBuffer(slice.getSource());
  }
  return true;
}

/// Whether `tensor` is, through tensor.cast ops, a tensor of a ranked type
/// that `type` is not cast-compatible with (`tensor<3xi32>` cast to
/// `tensor<*xi32>` for an array of `tensor<2xi32>`): a value the shape
/// checks fail on, whose cast to `type` would not stay valid (once
/// bufferized, memref.cast folding makes a cast and a copy of
/// `memref<3xi32>` to `memref<2xi32>`).
static bool castsFromIncompatibleType(Value tensor, RankedTensorType type) {
  while (auto cast = tensor.getDefiningOp<tensor::CastOp>())
    tensor = cast.getSource();
  auto source = dyn_cast<RankedTensorType>(tensor.getType());
  return source && !tensor::CastOp::areCastCompatible(source, type);
}

/// `tensor` as a read-only memref of type `type` (a tensor.cast first when
/// the operand's type is less static; callers check the shape). With
/// `anyOffset` the memref has a dynamic offset (identity strides), so that a
/// slice of a larger tensor (a row of a batch) is used in place rather than
/// copied by bufferization; without it, its data starts at the aligned
/// pointer (for the runtime). An operand whose buffer may have another
/// layout (hasRowMajorBuffer) gets the identity layout, the only one
/// bufferization can copy such a buffer into; so does a cast operand of a
/// less static type.
Value lowering::toBuffer(OpBuilder &b, Location loc, Value tensor,
                         RankedTensorType type, bool anyOffset) {
  anyOffset = anyOffset && hasRowMajorBuffer(tensor);
  if (castsFromIncompatibleType(tensor, type)) {
    // The callers' checks fail on such a value before its data is read
    // (strict mode; checks=none runs no program that strict rejects): a
    // tensor of `type`, its dynamic dims 0, takes its place.
    SmallVector<Value> sizes(type.getNumDynamicDims(),
                             arith::ConstantIndexOp::create(b, loc, 0));
    tensor = bufferization::AllocTensorOp::create(b, loc, type, sizes);
    anyOffset = false;
  } else if (tensor.getType() != type) {
    tensor = tensor::CastOp::create(b, loc, type, tensor);
    anyOffset = false;
  }
  auto bufferType =
      anyOffset ? getRowMajorType(type.getShape(), type.getElementType())
                : MemRefType::get(type.getShape(), type.getElementType());
  if (anyOffset && llvm::is_contained(type.getShape(), 0)) {
    // A value of no elements (a dim of size 0, whatever the others) has no
    // offset to keep; bufferization would copy one (a constant, a
    // tensor.empty) into an allocation of the dynamic-offset type, which
    // memref.alloc cannot have.
    Value buffer = bufferization::ToBufferOp::create(
        b, loc, MemRefType::get(type.getShape(), type.getElementType()), tensor,
        /*read_only=*/true);
    return memref::CastOp::create(b, loc, bufferType, buffer);
  }
  return bufferization::ToBufferOp::create(b, loc, bufferType, tensor,
                                           /*read_only=*/true);
}

MemRefType lowering::getRowMajorType(ArrayRef<int64_t> shape,
                                     Type elementType) {
  SmallVector<int64_t> strides(shape.size());
  int64_t stride = 1;
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    strides[d] = stride;
    if (ShapedType::isDynamic(stride) || ShapedType::isDynamic(shape[d]))
      stride = ShapedType::kDynamic;
    else
      stride *= shape[d];
  }
  return MemRefType::get(shape, elementType,
                         StridedLayoutAttr::get(elementType.getContext(),
                                                ShapedType::kDynamic, strides));
}

/// A 1-D integer tensor operand (indices, lengths) as a read-only memref,
/// and its number of entries.
std::pair<Value, Value> lowering::vectorOperand(OpBuilder &b, Location loc,
                                                Value tensor) {
  Value vector =
      toBuffer(b, loc, tensor, cast<RankedTensorType>(tensor.getType()));
  return {vector, memref::DimOp::create(b, loc, vector, 0)};
}

Value lowering::castTo(OpBuilder &b, Location loc, Value memref, Type type) {
  return memref.getType() == type
             ? memref
             : memref::CastOp::create(b, loc, type, memref);
}

/// A fresh memref as the tensor result of an operation.
Value lowering::toTensor(OpBuilder &b, Location loc, Value memref, Type type) {
  return bufferization::ToTensorOp::create(b, loc, type, memref,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// The number of elements of `tensor`, of any rank, as an index.
Value lowering::numElements(CodeBuilder &e, Value tensor) {
  auto count = [&](OpBuilder &b, Value n, Value d) -> Value {
    return arith::MulIOp::create(b, e.loc, n,
                                 tensor::DimOp::create(b, e.loc, tensor, d));
  };
  if (auto ranked = dyn_cast<RankedTensorType>(tensor.getType())) {
    Value n = e.index(1);
    for (int64_t d = 0; d < ranked.getRank(); ++d)
      n = count(e.b, n, e.index(d));
    return n;
  }
  Value rank = tensor::RankOp::create(e.b, e.loc, tensor);
  auto loop = scf::ForOp::create(e.b, e.loc, e.index(0), rank, e.index(1),
                                 ValueRange{e.index(1)});
  OpBuilder::InsertionGuard guard(e.b);
  e.b.setInsertionPointToStart(loop.getBody());
  scf::YieldOp::create(
      e.b, e.loc, count(e.b, loop.getRegionIterArg(0), loop.getInductionVar()));
  return loop.getResult(0);
}

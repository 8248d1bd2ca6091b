//===- BulkMoves.cpp - rows between slots and a value, one loop nest ------===//

#include "BulkMoves.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

/// Bytes a wide access moves (a GPU's widest load and store: `.v4.b32`).
static constexpr int64_t kWideBytes = 16;

/// `rows` (`[n] ++ element`, row-major) with the element's dims as one:
/// `[n, elements]`; as it is for an element of rank 0 or 1.
static Value flattenRows(OpBuilder &b, Location loc, Value rows) {
  auto type = cast<MemRefType>(rows.getType());
  if (type.getRank() <= 2)
    return rows;
  SmallVector<ReassociationIndices, 2> groups{{0}, {}};
  for (int64_t d = 1; d < type.getRank(); ++d)
    groups[1].push_back(d);
  return memref::CollapseShapeOp::create(b, loc, rows, groups);
}

/// The vector of kWideBytes that one access of a row moves: where the
/// element type is an integer or float of 8 to 64 bits and a row is a whole
/// number of such vectors; null otherwise (one element an access).
static VectorType wideAccessType(RankedTensorType element) {
  Type type = element.getElementType();
  if (!type.isIntOrFloat() || element.getRank() == 0)
    return {};
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits < 8 || bits > 64 || !llvm::isPowerOf2_32(bits))
    return {};
  int64_t lanes = kWideBytes * 8 / bits;
  int64_t elements = element.getNumElements();
  if (elements == 0 || elements % lanes != 0)
    return {};
  return VectorType::get({lanes}, type);
}

/// Whether `rows` is known to start at a multiple of kWideBytes: a buffer
/// the lowering allocated so, with the identity layout (or a cast of one).
static bool isKnownWideAligned(Value rows) {
  while (auto cast = rows.getDefiningOp<memref::CastOp>())
    rows = cast.getSource();
  auto alloc = rows.getDefiningOp<memref::AllocOp>();
  return alloc && alloc.getType().getLayout().isIdentity() &&
         alloc.getAlignment().value_or(0) >= kWideBytes &&
         alloc.getAlignment().value_or(0) % kWideBytes == 0;
}

/// Whether the first element of `rows` lies at a multiple of kWideBytes (an
/// i1): its buffer's address plus its offset.
static Value isWideAligned(ArrayEmitter &e, Value rows, int64_t elementBytes) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, rows);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, rows);
  Value offset =
      arith::MulIOp::create(b, loc, meta.getOffset(), e.index(elementBytes));
  Value address = arith::AddIOp::create(b, loc, base, offset);
  Value misalignment =
      arith::AndIOp::create(b, loc, address, e.index(kWideBytes - 1));
  return e.cmp(arith::CmpIPredicate::eq, misalignment, e.index(0));
}

/// The loop of moveSlotRows between `data` (the slots, `[capacity,
/// elements]`) and `values` (the rows, `[count, elements]`), an element or
/// (`wide`) a vector of kWideBytes an iteration.
static void emitRowMoves(ArrayEmitter &e, Value data, Value values,
                         const IndexVector &indices, RowMove direction,
                         VectorType wide) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  SmallVector<Value, 2> lbs{e.index(0)}, ubs{indices.count}, steps{e.index(1)};
  int64_t lanes = wide ? wide.getNumElements() : 1;
  if (e.element.getRank() > 0) {
    lbs.push_back(e.index(0));
    ubs.push_back(e.index(e.element.getNumElements() / lanes));
    steps.push_back(e.index(1));
  }
  auto loop = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  SmallVector<Value, 2> ivs(loop.getInductionVars());
  Value k = ivs.front();
  SmallVector<Value, 2> slot{e.slotIndex(indices.at(e, k))}, row{k};
  if (ivs.size() > 1) {
    Value j =
        wide ? arith::MulIOp::create(b, loc, ivs[1], e.index(lanes)) : ivs[1];
    slot.push_back(j);
    row.push_back(j);
  }
  Value from = data, to = values;
  ArrayRef<Value> at = slot, into = row;
  if (direction == RowMove::IntoSlots) {
    std::swap(from, to);
    std::swap(at, into);
  }
  if (!wide) {
    memref::StoreOp::create(b, loc, memref::LoadOp::create(b, loc, from, at),
                            to, into);
    return;
  }
  llvm::Align align(kWideBytes);
  Value v = vector::LoadOp::create(b, loc, wide, from, at,
                                   /*nontemporal=*/false, align);
  vector::StoreOp::create(b, loc, v, to, into, /*nontemporal=*/false, align);
}

void lowering::moveSlotRows(ArrayEmitter &e, Value buffer,
                            const IndexVector &indices, Value rows,
                            RowMove direction) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Value capacity = e.toIndex(e.get(e.header(buffer), kCapacity));
  Value data = flattenRows(b, loc, e.dataView(buffer, capacity));
  Value values = flattenRows(b, loc, rows);
  // Slots start at multiples of 16 bytes where rows are a whole number of
  // wide accesses (the data at byte 64 of a 64-byte aligned buffer); the
  // rows, where their buffer is the lowering's own, or as checked here.
  VectorType wide = wideAccessType(e.element);
  if (!wide || isKnownWideAligned(rows))
    return emitRowMoves(e, data, values, indices, direction, wide);
  e.ifElse(
      isWideAligned(e, rows, e.elementBytes() / e.element.getNumElements()),
      [&] { emitRowMoves(e, data, values, indices, direction, wide); },
      [&] { emitRowMoves(e, data, values, indices, direction, {}); });
}

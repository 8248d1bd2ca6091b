//===- ArrayLayout.cpp - where an array's header, state and data live -----===//

#include "ArrayLayout.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <limits>

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

bool lowering::isSupported(HandleType type) {
  auto element = dyn_cast<RankedTensorType>(type.getElementType());
  return element && element.hasStaticShape();
}

//===----------------------------------------------------------------------===//
// CodeBuilder
//===----------------------------------------------------------------------===//

Value CodeBuilder::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
Value CodeBuilder::i64(int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
}
Value CodeBuilder::i8(int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI8Type(), v);
}
Value CodeBuilder::toIndex(Value v) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}
Value CodeBuilder::toI64(Value v) {
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
  if (v.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
  return v;
}
Value CodeBuilder::cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
}
Value CodeBuilder::hasBit(Value word, int64_t bit) {
  Type t = word.getType();
  Value mask = arith::ConstantIntOp::create(b, loc, t, bit);
  Value masked = arith::AndIOp::create(b, loc, word, mask);
  Value zero = arith::ConstantIntOp::create(b, loc, t, 0);
  return cmp(arith::CmpIPredicate::ne, masked, zero);
}

Value CodeBuilder::allocStorage(MemRefType type, ValueRange sizes,
                                int64_t alignment) {
  auto alloc = memref::AllocOp::create(
      b, loc, type, sizes,
      alignment ? b.getI64IntegerAttr(alignment) : IntegerAttr());
  alloc->setAttr(bufferization::BufferizationDialect::kManualDeallocation,
                 b.getUnitAttr());
  return alloc;
}
void CodeBuilder::freeStorage(Value memref) {
  auto dealloc = memref::DeallocOp::create(b, loc, memref);
  dealloc->setAttr(bufferization::BufferizationDialect::kManualDeallocation,
                   b.getUnitAttr());
}

Value CodeBuilder::address(Value buffer) {
  return toI64(memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer));
}

void CodeBuilder::forLoop(Value lb, Value ub,
                          llvm::function_ref<void(Value)> body) {
  auto loop = scf::ForOp::create(b, loc, lb, ub, index(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  body(loop.getInductionVar());
}

void CodeBuilder::ifElse(Value condition, llvm::function_ref<void()> then,
                         llvm::function_ref<void()> otherwise) {
  auto ifOp = scf::IfOp::create(b, loc, condition, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  then();
  b.setInsertionPointToStart(ifOp.elseBlock());
  otherwise();
}

Value CodeBuilder::newBox(Value buffer, int64_t slots, bool inFrame) {
  Value box = allocBox(slots, inFrame);
  fillBox(box, buffer);
  return box;
}

Value CodeBuilder::allocBox(int64_t slots, bool inFrame) {
  auto boxType = MemRefType::get(
      {slots}, MemRefType::get({ShapedType::kDynamic}, b.getI8Type()));
  return inFrame ? Value(memref::AllocaOp::create(b, loc, boxType))
                 : allocStorage(boxType);
}

void CodeBuilder::fillBox(Value box, Value buffer) {
  memref::StoreOp::create(b, loc, buffer, box, ValueRange{index(0)});
  auto boxType = cast<MemRefType>(box.getType());
  if (boxType.getDimSize(0) == 1)
    return;
  auto type = cast<MemRefType>(buffer.getType());
  Value empty = memref::ReinterpretCastOp::create(
      b, loc, type, buffer, OpFoldResult(b.getIndexAttr(0)),
      ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  if (boxType.isDynamicDim(0)) {
    forLoop(index(1), memref::DimOp::create(b, loc, box, 0), [&](Value s) {
      memref::StoreOp::create(b, loc, empty, box, ValueRange{s});
    });
    return;
  }
  for (int64_t s = 1; s < boxType.getDimSize(0); ++s)
    memref::StoreOp::create(b, loc, empty, box, ValueRange{index(s)});
}

Value CodeBuilder::handleOf(Value box, int64_t slot) {
  Value view = box;
  if (slot != 0)
    view = memref::SubViewOp::create(
        b, loc, box, ArrayRef<OpFoldResult>{b.getIndexAttr(slot)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  return memref::CastOp::create(
      b, loc, TATypeConverter::getBoxType(b.getContext()), view);
}

//===----------------------------------------------------------------------===//
// ArrayLayout
//===----------------------------------------------------------------------===//

ArrayLayout::ArrayLayout(OpBuilder &b, Location loc, HandleType type,
                         ChecksMode checks)
    : CodeBuilder(b, loc), type(type),
      element(cast<RankedTensorType>(type.getElementType())),
      strict(checks == ChecksMode::Strict) {}

int64_t ArrayLayout::elementBytesOf(RankedTensorType element) {
  int64_t bits = element.getElementTypeBitWidth();
  return element.getNumElements() * ((bits + 7) / 8);
}

int64_t ArrayLayout::maxCapacity() const {
  // bufferBytes(c) = kHeaderBytes + c * (elementBytes + state) fits in an
  // int64.
  int64_t perSlot = elementBytes() + (hasState() ? 1 : 0);
  int64_t room = std::numeric_limits<int64_t>::max() - kHeaderBytes;
  return perSlot == 0 ? room : room / perSlot;
}

Value ArrayLayout::loadBuffer(Value box, int64_t slot) {
  return memref::LoadOp::create(b, loc, box, ValueRange{index(slot)});
}
void ArrayLayout::storeBuffer(Value buffer, Value box, int64_t slot) {
  memref::StoreOp::create(b, loc, buffer, box, ValueRange{index(slot)});
}

Value ArrayLayout::header(Value buffer) {
  auto type = MemRefType::get({kHeaderFields}, b.getI64Type());
  return memref::ViewOp::create(b, loc, type, buffer, index(0), ValueRange{});
}
Value ArrayLayout::get(Value header, HeaderField field) {
  return memref::LoadOp::create(b, loc, header, ValueRange{index(field)});
}
void ArrayLayout::set(Value header, HeaderField field, Value value) {
  memref::StoreOp::create(b, loc, value, header, ValueRange{index(field)});
}

Value ArrayLayout::dataOffset() { return index(kHeaderBytes); }
Value ArrayLayout::stateOffset(Value capacity) {
  // No wrap: capacity <= maxCapacity(). Written so that LLVM sees the state
  // start past the header (a constant plus, without wrap, a product), which
  // keeps header loads across stores into the state.
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  Value data =
      arith::MulIOp::create(b, loc, capacity, index(elementBytes()), noWrap);
  return arith::AddIOp::create(b, loc, index(kHeaderBytes), data, noWrap);
}
Value ArrayLayout::slotIndex(Value i) {
  return arith::AndIOp::create(b, loc, toIndex(i),
                               index(std::numeric_limits<int64_t>::max()));
}
Value ArrayLayout::bufferBytes(Value capacity) {
  Value end = stateOffset(capacity);
  if (!hasState())
    return end;
  return arith::AddIOp::create(b, loc, end, capacity);
}
int64_t ArrayLayout::bufferBytes(int64_t capacity) const {
  return kHeaderBytes + capacity * (elementBytes() + (hasState() ? 1 : 0));
}
Value ArrayLayout::stateView(Value buffer, Value capacity) {
  auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  return memref::ViewOp::create(b, loc, type, buffer, stateOffset(capacity),
                                ValueRange{capacity});
}
Value ArrayLayout::dataView(Value buffer, Value capacity) {
  return leadingSlots(buffer, capacity);
}
Value ArrayLayout::leadingSlots(Value buffer, Value n) {
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, element.getShape());
  auto type = MemRefType::get(shape, element.getElementType());
  return memref::ViewOp::create(b, loc, type, buffer, dataOffset(),
                                ValueRange{n});
}

Value ArrayLayout::slotRange(Value buffer, Value first, OpFoldResult n) {
  std::optional<int64_t> rows = getConstantIntValue(n);
  SmallVector<int64_t> shape{rows ? *rows : ShapedType::kDynamic};
  llvm::append_range(shape, element.getShape());
  auto type = MemRefType::get(shape, element.getElementType());
  SmallVector<Value, 1> sizes;
  if (!rows)
    sizes.push_back(cast<Value>(n));
  return memref::ViewOp::create(b, loc, type, buffer, slotOffset(first), sizes);
}

Value ArrayLayout::slot(Value data, Value i) {
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
  return subview(data, cast<MemRefType>(resultType), offsets, sizes, strides);
}
Value ArrayLayout::slotOffset(Value i) {
  // No wrap: i < capacity <= maxCapacity(), so the offset is below
  // bufferBytes(capacity), which fits in an int64.
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  Value bytes = arith::MulIOp::create(b, loc, i, index(elementBytes()), noWrap);
  return arith::AddIOp::create(b, loc, dataOffset(), bytes, noWrap);
}
Value ArrayLayout::slotAt(Value buffer, Value i) {
  return elementAt(buffer, slotOffset(i));
}
MemRefType ArrayLayout::elementMemRefType() const {
  return MemRefType::get(element.getShape(), element.getElementType());
}
Value ArrayLayout::elementAt(Value buffer, Value offset) {
  return memref::ViewOp::create(b, loc, elementMemRefType(), buffer, offset,
                                ValueRange{});
}
Value ArrayLayout::rows(Value data, Value i) {
  int64_t rank = element.getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  offsets[0] = i;
  SmallVector<OpFoldResult> sizes;
  for (int64_t d : element.getShape())
    sizes.push_back(b.getIndexAttr(d));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  auto source = cast<MemRefType>(data.getType());
  auto resultType =
      memref::SubViewOp::inferResultType(source, offsets, sizes, strides);
  return subview(data, cast<MemRefType>(resultType), offsets, sizes, strides);
}
Value ArrayLayout::subview(Value data, MemRefType type,
                           ArrayRef<OpFoldResult> offsets,
                           ArrayRef<OpFoldResult> sizes,
                           ArrayRef<OpFoldResult> strides) {
  if (element.getNumElements() != 0)
    return memref::SubViewOp::create(b, loc, type, data, offsets, sizes,
                                     strides);
  // An element of no values (a dim of 0) has no data to view, and the
  // subview verifier rejects any offset into a dim of 0: a view of the same
  // type at offset 0 that nothing reads or writes through.
  SmallVector<int64_t> typeStrides;
  int64_t typeOffset;
  (void)type.getStridesAndOffset(typeStrides, typeOffset);
  SmallVector<OpFoldResult> viewStrides;
  for (int64_t stride : typeStrides)
    viewStrides.push_back(ShapedType::isDynamic(stride)
                              ? OpFoldResult(index(0))
                              : OpFoldResult(b.getIndexAttr(stride)));
  OpFoldResult offset = b.getIndexAttr(0);
  if (ShapedType::isDynamic(typeOffset))
    offset = index(0);
  SmallVector<OpFoldResult> viewSizes;
  for (int64_t d : type.getShape())
    viewSizes.push_back(b.getIndexAttr(d));
  return memref::ReinterpretCastOp::create(b, loc, type, data, offset,
                                           viewSizes, viewStrides);
}
Value ArrayLayout::bytes(Value buffer, Value offset, Value length) {
  auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  return memref::ViewOp::create(b, loc, type, buffer, offset,
                                ValueRange{length});
}

Value ArrayLayout::allocBuffer(Value capacity) {
  auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  return allocStorage(type, ValueRange{bufferBytes(capacity)}, kAlignment);
}
void ArrayLayout::zeroFill(Value bytes) {
  linalg::FillOp::create(b, loc, ValueRange{i8(0)}, ValueRange{bytes});
}

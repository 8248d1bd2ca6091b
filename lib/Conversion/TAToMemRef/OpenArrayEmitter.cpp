//===- OpenArrayEmitter.cpp - code of ops on runtime-kept arrays ----------===//

#include "OpenArrayEmitter.h"
#include "Operands.h"
#include "UnrankedValues.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

Value OpenArrayEmitter::call(StringRef name, ValueRange args) {
  func::FuncOp function = lookupOrDeclareRuntimeFunction(symbols, name);
  assert(function && "checked by the pattern");
  auto op = func::CallOp::create(b, loc, function, args);
  return op.getNumResults() ? op.getResult(0) : Value();
}

Value OpenArrayEmitter::header(Value box) {
  return address(memref::LoadOp::create(b, loc, box, ValueRange{index(0)}));
}

Value OpenArrayEmitter::scalarBytes() {
  return i64((element.getElementTypeBitWidth() + 7) / 8);
}

Value OpenArrayEmitter::scalarKind() {
  Type t = element.getElementType();
  if (t.isInteger(1))
    return i64(TA_ELEMENT_BOOL);
  return i64(isa<FloatType>(t) ? TA_ELEMENT_FLOAT : TA_ELEMENT_INTEGER);
}

Value OpenArrayEmitter::newHeader(int64_t flags, Value size, Value name,
                                  Value source, Value shape) {
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

Value OpenArrayEmitter::partialShape() {
  if (!element.hasRank())
    return getUnrankedShapeAddress(b, loc, symbols);
  SmallVector<int64_t> shape;
  for (int64_t d : element.getShape())
    shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
  return getShapeAddress(b, loc, symbols, shape);
}

SmallVector<Value>
OpenArrayEmitter::scoped(unsigned results,
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

Value OpenArrayEmitter::words(int64_t n) {
  return memref::AllocaOp::create(b, loc, MemRefType::get({n}, b.getI64Type()));
}

void OpenArrayEmitter::callWithValue(StringRef name, SmallVector<Value> args,
                                     Value value) {
  if (auto ranked = dyn_cast<RankedTensorType>(value.getType())) {
    Value valueData = data(value);
    scoped(0, [&] {
      int64_t rank = ranked.getRank();
      Value shape = words(rank + 1);
      memref::StoreOp::create(b, loc, i64(rank), shape, ValueRange{index(0)});
      for (int64_t d = 0; d < rank; ++d)
        memref::StoreOp::create(b, loc,
                                toI64(tensor::DimOp::create(b, loc, value, d)),
                                shape, ValueRange{index(d + 1)});
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

SmallVector<Value> OpenArrayEmitter::load(Value buffer, int64_t n) {
  SmallVector<Value> values;
  for (int64_t d = 0; d < n; ++d)
    values.push_back(
        memref::LoadOp::create(b, loc, buffer, ValueRange{index(d)}));
  return values;
}

Value OpenArrayEmitter::takeResult(Value box, TensorType resultType,
                                   llvm::function_ref<Value(Value)> report,
                                   Value *lengths) {
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

Value OpenArrayEmitter::takeUnranked(Value box, TensorType resultType,
                                     llvm::function_ref<Value(Value)> report,
                                     Value *lengths) {
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

void OpenArrayEmitter::take(Value box, Value result, Value count,
                            Value *lengths) {
  Value lengthsAddress = i64(0);
  if (lengths) {
    *lengths = memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
        ValueRange{count});
    lengthsAddress = address(*lengths);
  }
  call(TA_RT_DYN_TAKE, {header(box), address(result), lengthsAddress});
}

OpenArrayEmitter::Vector OpenArrayEmitter::vector(Value tensor) {
  auto [memref, count] = vectorOperand(b, loc, tensor);
  auto type = cast<MemRefType>(memref.getType());
  return {address(memref), toI64(count),
          i64((type.getElementTypeBitWidth() + 7) / 8)};
}

Value OpenArrayEmitter::data(Value tensor) {
  return address(
      toBuffer(b, loc, tensor, cast<RankedTensorType>(tensor.getType())));
}

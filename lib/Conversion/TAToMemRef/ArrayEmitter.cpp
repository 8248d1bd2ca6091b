//===- ArrayEmitter.cpp - TensorFlow's per-slot semantics as code ---------===//

#include "ArrayEmitter.h"
#include "RuntimeFunctions.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::lowering;

Value ArrayEmitter::shapeAddress(ArrayRef<int64_t> shape) {
  return getShapeAddress(b, loc, symbols, shape);
}

void ArrayEmitter::failIf(Value condition, TARuntimeError code, Value buffer,
                          MessageArgs args) {
  func::FuncOp fail = lookupOrDeclareRuntimeFunction(symbols, TA_RT_FAIL);
  assert(fail && "hasRuntimeFunctions was checked");
  auto ifOp = scf::IfOp::create(b, loc, condition, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value, 5> operands{
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), code),
      buffer ? address(buffer) : i64(0)};
  if (args)
    args(operands);
  while (operands.size() < 5)
    operands.push_back(i64(0));
  func::CallOp::create(b, loc, fail, operands);
}

void ArrayEmitter::checkCapacity(Value slots) {
  std::optional<int64_t> known = getConstantIntValue(slots);
  if (known && *known >= 0 && *known <= maxCapacity())
    return;
  Value tooMany = cmp(arith::CmpIPredicate::ugt, slots, index(maxCapacity()));
  failIf(tooMany, TA_ERR_OOM, Value(), [&](SmallVectorImpl<Value> &args) {
    args.append({toI64(slots), i64(elementBytes()),
                 i64(TA_ALLOC_ARRAY | TA_ALLOC_TOO_LARGE)});
  });
}

Value ArrayEmitter::newBuffer(Value capacity, bool filled) {
  checkCapacity(capacity);
  Value buffer = allocBuffer(capacity);
  zeroFillFresh(zeroedAtCreation(buffer, capacity, filled), capacity);
  return buffer;
}

SmallVector<Value, 2>
ArrayEmitter::zeroedAtCreation(Value buffer, Value capacity, bool filled) {
  // With lazy zeroing only the header and the state: a slot's state says
  // whether its data was ever written (materialized), and reads of the
  // others zero them first (readSlot). A filled array's slots are all
  // written before anything reads one.
  if (!lazyZeroing() && !filled)
    return {buffer};
  SmallVector<Value, 2> ranges{bytes(buffer, index(0), dataOffset())};
  if (hasState())
    ranges.push_back(stateView(buffer, capacity));
  return ranges;
}

Value ArrayEmitter::staticBuffer(int64_t bytes, bool inFrame) {
  auto type = MemRefType::get({bytes}, b.getI8Type());
  Value memory = inFrame
                     ? memref::AllocaOp::create(b, loc, type, ValueRange{},
                                                b.getI64IntegerAttr(kAlignment))
                     : allocStorage(type, ValueRange{}, kAlignment);
  return memref::CastOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI8Type()), memory);
}

Value ArrayEmitter::newFrameBuffer(int64_t capacity, bool filled) {
  Value buffer = staticBuffer(bufferBytes(capacity), /*inFrame=*/true);
  for (Value range : zeroedAtCreation(buffer, index(capacity), filled))
    zeroFill(range);
  return buffer;
}

Value ArrayEmitter::newHeaderBuffer(bool inFrame) {
  Value buffer = staticBuffer(kHeaderBytes, inFrame);
  zeroFill(buffer);
  return buffer;
}

void ArrayEmitter::zeroSlotsOutside(Value buffer, Value capacity, Value lb,
                                    Value ub, bool inFrame) {
  // [first, end): the slots of [lb, ub) in [0, capacity), first = end where
  // none is.
  Value first = arith::MinSIOp::create(
      b, loc, arith::MaxSIOp::create(b, loc, lb, index(0)), capacity);
  Value end = arith::MaxSIOp::create(
      b, loc, first, arith::MinSIOp::create(b, loc, ub, capacity));
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  auto slotBytes = [&](Value slots) {
    return arith::MulIOp::create(b, loc, slots, index(elementBytes()), noWrap);
  };
  SmallVector<Value> ranges = {
      bytes(buffer, dataOffset(), slotBytes(first)),
      bytes(buffer, slotOffset(end),
            slotBytes(arith::SubIOp::create(b, loc, capacity, end, noWrap)))};
  if (inFrame) {
    for (Value range : ranges)
      zeroFill(range);
    return;
  }
  zeroFillFresh(ranges, capacity);
}

void ArrayEmitter::zeroFillFresh(ArrayRef<Value> bytes, Value capacity) {
  func::FuncOp isZero = lookupOrDefineFreshBufferIsZeroFunction(symbols);
  Value zero = func::CallOp::create(b, loc, isZero,
                                    ValueRange{toI64(bufferBytes(capacity))})
                   .getResult(0);
  auto ifOp =
      scf::IfOp::create(b, loc, arith::XOrIOp::create(b, loc, zero, one()),
                        /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  for (Value range : bytes)
    zeroFill(range);
}

void ArrayEmitter::reserveFor(Value box, Value lb, Value ub, bool overwritten) {
  func::FuncOp reserve =
      lookupOrDefineReserveFunction(symbols, *this, overwritten);
  if (!reserve)
    return;
  using arith::CmpIPredicate;
  Value capacity = toIndex(get(header(loadBuffer(box)), kCapacity));
  // (Each operand built before it is used: the IR's order does not depend
  // on the order in which the compiler evaluates arguments.)
  Value nonNegative = cmp(CmpIPredicate::sge, lb, index(0));
  Value nonEmpty = cmp(CmpIPredicate::slt, lb, ub);
  Value range = arith::AndIOp::create(b, loc, nonNegative, nonEmpty);
  Value past = cmp(CmpIPredicate::sgt, ub, capacity);
  Value fits = cmp(CmpIPredicate::sle, ub, index(maxCapacity()));
  Value grows = arith::AndIOp::create(b, loc, past, fits);
  Value wanted = arith::AndIOp::create(b, loc, range, grows);
  auto ifOp = scf::IfOp::create(b, loc, wanted, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  func::CallOp::create(b, loc, reserve, ValueRange{box, toI64(ub)});
}

Value ArrayEmitter::congruentCapacity(Value capacity, Value oldCapacity) {
  Value lag = arith::AndIOp::create(
      b, loc, arith::SubIOp::create(b, loc, oldCapacity, capacity),
      index(TA_MOVE_GRANULE_BYTES - 1));
  Value rounded = arith::AddIOp::create(b, loc, capacity, lag);
  Value fits = cmp(arith::CmpIPredicate::ule, rounded, index(maxCapacity()));
  func::FuncOp isZero = lookupOrDefineFreshBufferIsZeroFunction(symbols);
  Value mapped = func::CallOp::create(b, loc, isZero,
                                      ValueRange{toI64(bufferBytes(capacity))})
                     .getResult(0);
  return arith::SelectOp::create(
      b, loc, arith::AndIOp::create(b, loc, fits, mapped), rounded, capacity);
}

std::pair<Value, Value> ArrayEmitter::open(Value box) {
  Value buffer = loadBuffer(box);
  Value hdr = header(buffer);
  checkOpen(buffer, hdr);
  return {buffer, hdr};
}

void ArrayEmitter::checkOpen(Value buffer, Value header) {
  if (strict)
    failIf(hasBit(get(header, kFlags), kClosed), TA_ERR_CLOSED, buffer);
}

Value ArrayEmitter::outOfBounds(Value i, Value size, Value allowPastEnd) {
  Value negative = cmp(arith::CmpIPredicate::slt, i, i64(0));
  Value past = cmp(arith::CmpIPredicate::sge, i, size);
  if (allowPastEnd) {
    Value fixed = arith::XOrIOp::create(
        b, loc, allowPastEnd,
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    past = arith::AndIOp::create(b, loc, past, fixed);
  }
  return arith::OrIOp::create(b, loc, negative, past);
}

Value ArrayEmitter::growFor(Value box, Value buffer, Value header, Value i) {
  func::FuncOp grow = lookupOrDefineGrowFunction(symbols, *this);
  assert(grow && "hasRuntimeFunctions was checked");
  Value needsGrowth = cmp(arith::CmpIPredicate::sge, i, get(header, kCapacity));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{buffer.getType()},
                                needsGrowth, /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    func::CallOp::create(b, loc, grow, ValueRange{box, i});
    scf::YieldOp::create(b, loc, loadBuffer(box));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, buffer);
  }
  Value grown = ifOp.getResult(0);
  Value grownHeader = this->header(grown);
  Value next = arith::AddIOp::create(b, loc, i, i64(1));
  set(grownHeader, kSize,
      arith::MaxSIOp::create(b, loc, get(grownHeader, kSize), next));
  return grown;
}

void ArrayEmitter::accumulate(Value target, Value source, bool intoZeroed) {
  int64_t rank = element.getRank();
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  linalg::GenericOp::create(
      b, loc, ValueRange{source}, ValueRange{target}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value sum;
        Type t = args[0].getType();
        if (auto ft = dyn_cast<FloatType>(t)) {
          sum = arith::AddFOp::create(nb, nloc, args[0], args[1]);
          if (intoZeroed) {
            // A zero takes the value as it is: the first write into a
            // zeroed slot keeps the sign of a zero (+0 + -0 is +0). -0
            // adds as the identity anyway, so one float compare does for
            // both zeros, and it vectorizes (a compare of the bits becomes
            // llvm.is.fpclass, which LLVM's SLP vectorizer leaves scalar:
            // 3.7x the floor on 16 B accumulators).
            Value zero = arith::CmpFOp::create(
                nb, nloc, arith::CmpFPredicate::OEQ, args[1],
                arith::ConstantFloatOp::create(
                    nb, nloc, ft, APFloat::getZero(ft.getFloatSemantics())));
            sum = arith::SelectOp::create(nb, nloc, zero, args[0], sum);
          }
        } else if (t.isInteger(1)) {
          sum = arith::OrIOp::create(nb, nloc, args[0], args[1]);
        } else {
          sum = arith::AddIOp::create(nb, nloc, args[0], args[1]);
        }
        linalg::YieldOp::create(nb, nloc, sum);
      });
}

void ArrayEmitter::writeSlot(Value box, Value i, Value source,
                             Value shapeMismatch, MessageArgs valueShape) {
  auto [buffer, header] = open(box);
  if (strict) {
    Value size = get(header, kSize);
    Value dynamic = mayGrow() ? hasBit(get(header, kFlags), kDynamic) : Value();
    failIf(outOfBounds(i, size, dynamic), TA_ERR_WRITE_OUT_OF_BOUNDS, buffer,
           [&](SmallVectorImpl<Value> &args) { args.append({i, size}); });
  }
  if (mayGrow()) {
    buffer = growFor(box, buffer, header, i);
    header = this->header(buffer);
  }
  if (strict && shapeMismatch)
    failIf(shapeMismatch, TA_ERR_WRITE_SHAPE, buffer,
           [&](SmallVectorImpl<Value> &args) {
             args.push_back(i);
             valueShape(args);
           });
  writeInBounds({buffer, toIndex(get(header, kCapacity)), slotIndex(i)}, i,
                source);
}

void ArrayEmitter::writeInBounds(SlotRef slot, Value i, Value source) {
  bool grad = type.getIsGrad();
  Value buffer = slot.buffer, capacity = slot.capacity, slotIndex = slot.index;
  auto target = [&] { return slotAt(buffer, slotIndex); };
  // A forward array's Write without a source: its per-slot work alone.
  auto copy = [&] {
    if (source)
      memref::CopyOp::create(b, loc, source, target());
  };
  if (!hasState()) {
    // The data starts zeroed, so summing into an accumulator is its first
    // write too (keeping the sign of a zero written first).
    if (grad)
      accumulate(target(), source, /*intoZeroed=*/true);
    else
      copy();
    return;
  }
  Value state = stateView(buffer, capacity);
  Value marks = i8(kWritten | kMaterialized);
  if (!strict && !grad) {
    // Without checks only materialized matters: no need to load the state.
    copy();
    memref::StoreOp::create(b, loc, marks, state, slotIndex);
    return;
  }
  Value st = memref::LoadOp::create(b, loc, state, slotIndex);
  auto failWriteAfterRead = [&] {
    failIf(hasBit(st, kRead), TA_ERR_WRITE_AFTER_READ, buffer,
           [&](SmallVectorImpl<Value> &args) { args.push_back(i); });
  };
  if (strict && grad)
    failWriteAfterRead();
  if (grad) {
    // Written slots aggregate: the first real write to a soft-written slot
    // stores, later ones add. The shapes always agree here: the soft-written
    // shape is prepend ++ the forward element shape, which is this
    // accumulator's static element shape.
    Value materialized = hasBit(st, kMaterialized);
    if (strict && element.getElementType().isInteger(1))
      failIf(materialized, TA_ERR_AGGREGATE_BOOL, buffer);
    Value data = target();
    auto ifOp = scf::IfOp::create(b, loc, materialized, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    accumulate(data, source);
    b.setInsertionPointToStart(ifOp.elseBlock());
    memref::CopyOp::create(b, loc, source, data);
  } else {
    // One test on the common path (neither read nor written), TensorFlow's
    // order of the two errors behind it.
    auto ifOp = scf::IfOp::create(b, loc, hasBit(st, kRead | kWritten),
                                  /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      failWriteAfterRead();
      failIf(hasBit(st, kWritten), TA_ERR_DOUBLE_WRITE, buffer,
             [&](SmallVectorImpl<Value> &args) { args.push_back(i); });
    }
    copy();
  }
  memref::StoreOp::create(b, loc, arith::OrIOp::create(b, loc, st, marks),
                          state, slotIndex);
}

void ArrayEmitter::sizeBeforeReads(Value header, Value max) {
  Value next = arith::AddIOp::create(b, loc, max, i64(1));
  set(header, kSize, arith::MaxSIOp::create(b, loc, get(header, kSize), next));
}

SlotRef ArrayEmitter::prepareRead(Value box, Value i) {
  auto [buffer, header] = open(box);
  bool grad = type.getIsGrad();
  if (strict) {
    Value size = get(header, kSize);
    Value pastEnd =
        grad ? arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1) : Value();
    failIf(outOfBounds(i, size, pastEnd), TA_ERR_READ_OUT_OF_BOUNDS, buffer,
           [&](SmallVectorImpl<Value> &args) { args.append({i, size}); });
  }
  if (grad) {
    buffer = growFor(box, buffer, header, i);
    header = this->header(buffer);
  }
  SlotRef ref{buffer, toIndex(get(header, kCapacity)), slotIndex(i)};
  readInBounds(ref, i, readClearBits(header));
  return ref;
}

Value ArrayEmitter::readClearBits(Value header) {
  return strict ? readClearBitsOf(get(header, kFlags)) : i8(0);
}

Value ArrayEmitter::readClearBitsOf(Value flags) {
  if (!strict)
    return i8(0);
  return arith::SelectOp::create(b, loc, hasBit(flags, kClearAfterRead),
                                 i8(kCleared), i8(0));
}

void ArrayEmitter::readInBounds(SlotRef ref, Value i, Value clear) {
  if (!hasState())
    return;
  Value buffer = ref.buffer;
  Value state = stateView(buffer, ref.capacity);
  Value st = memref::LoadOp::create(b, loc, state, ref.index);
  // The slot's data as it must read: a slot never materialized reads as
  // zeros, its data zeroed now (with lazy zeroing the buffer's data starts
  // uninitialized).
  auto zeroUnmaterialized = [&] {
    if (!lazyZeroing())
      return;
    auto ifOp = scf::IfOp::create(
        b, loc, arith::XOrIOp::create(b, loc, hasBit(st, kMaterialized), one()),
        /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value zero = arith::ConstantOp::create(
        b, loc, b.getZeroAttr(element.getElementType()));
    linalg::FillOp::create(b, loc, ValueRange{zero},
                           ValueRange{slotAt(ref.buffer, ref.index)});
  };
  if (!strict) {
    zeroUnmaterialized();
    return;
  }
  // One test on the common path (materialized where that matters, not
  // cleared); the error and the zeroing behind it.
  int64_t tested = kCleared | (lazyZeroing() ? kMaterialized : 0);
  int64_t expected = lazyZeroing() ? kMaterialized : 0;
  Value mask = arith::AndIOp::create(b, loc, st, i8(tested));
  auto uncommon = scf::IfOp::create(
      b, loc, cmp(arith::CmpIPredicate::ne, mask, i8(expected)),
      /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(uncommon.thenBlock());
    failIf(hasBit(st, kCleared), TA_ERR_READ_CLEARED, buffer,
           [&](SmallVectorImpl<Value> &args) { args.push_back(i); });
    zeroUnmaterialized();
  }
  Value marked = arith::OrIOp::create(
      b, loc, arith::OrIOp::create(b, loc, st, clear), i8(kWritten | kRead));
  memref::StoreOp::create(b, loc, marked, state, ref.index);
}

Value ArrayEmitter::readSlot(Value box, Value i) {
  SlotRef ref = prepareRead(box, i);
  return slotAt(ref.buffer, ref.index);
}

Value ArrayEmitter::readSlotOffset(Value box, Value i) {
  SlotRef ref = prepareRead(box, i);
  return slotOffset(ref.index);
}

Value ArrayEmitter::readLoadedSlotOffset(Value buffer, Value flags, Value size,
                                         Value capacity, Value i) {
  assert(!type.getIsGrad() && "forward arrays");
  // prepareRead's checks, in its order.
  if (strict) {
    failIf(hasBit(flags, kClosed), TA_ERR_CLOSED, buffer);
    failIf(outOfBounds(i, size), TA_ERR_READ_OUT_OF_BOUNDS, buffer,
           [&](SmallVectorImpl<Value> &args) { args.append({i, size}); });
  }
  SlotRef ref{buffer, toIndex(capacity), slotIndex(i)};
  readInBounds(ref, i, readClearBitsOf(flags));
  return slotOffset(ref.index);
}

Value ArrayEmitter::claimLoopSlots(Value box, Value lb, Value ub, bool write) {
  assert(!type.getIsGrad() && "forward arrays");
  Value buffer = loadBuffer(box);
  Value hdr = header(buffer);
  // Open (a closed array keeps its size but no data), 0 <= lb < ub <= size:
  // the slots are there and stay (no growth).
  Value inRange = arith::AndIOp::create(
      b, loc, cmp(arith::CmpIPredicate::sge, lb, i64(0)),
      cmp(arith::CmpIPredicate::sle, ub, get(hdr, kSize)));
  Value open =
      arith::XOrIOp::create(b, loc, hasBit(get(hdr, kFlags), kClosed), one());
  Value claim = arith::AndIOp::create(
      b, loc, arith::AndIOp::create(b, loc, open, inRange),
      cmp(arith::CmpIPredicate::slt, lb, ub));
  // Without state (checks=none, small elements): nothing more to know.
  if (!hasState())
    return claim;
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()}, claim,
                                /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, claim);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value first = toIndex(lb);
  Value n = arith::SubIOp::create(b, loc, toIndex(ub), first);
  Value capacity = toIndex(get(hdr, kCapacity));
  Value range = bytes(
      buffer, arith::AddIOp::create(b, loc, stateOffset(capacity), first), n);
  Value ok = one();
  Value after;
  if (strict) {
    // The state of slots [lb, ub), scanned as concat's is (foldState).
    auto [any, all] = foldState(range, n, /*withAnd=*/!write);
    if (write) {
      ok = arith::XOrIOp::create(
          b, loc, hasBit(any, kWritten | kRead | kCleared), one());
      // No bit but materialized: Write's OR gives every slot this.
      after = i8(kWritten | kMaterialized);
    } else {
      ok = arith::AndIOp::create(
          b, loc, hasAllBits(all, kWritten | kMaterialized),
          arith::XOrIOp::create(b, loc, hasBit(any, kCleared), one()));
      // Written and materialized, maybe read: so is Read's OR.
      after = arith::OrIOp::create(b, loc, readClearBits(hdr),
                                   i8(kWritten | kMaterialized | kRead));
    }
  } else if (write) {
    // Without checks a Write stores written and materialized.
    after = i8(kWritten | kMaterialized);
  } else {
    // Without checks a Read only zeroes a slot never materialized.
    ok =
        hasAllBits(foldState(range, n, /*withAnd=*/true).second, kMaterialized);
  }
  // The state the loop's accesses leave, set now (one fill: a memset):
  // nothing of the loop reads it, and an access that fails ends the call.
  if (after) {
    auto mark = scf::IfOp::create(b, loc, ok, /*withElse=*/false);
    OpBuilder::InsertionGuard inMark(b);
    b.setInsertionPointToStart(mark.thenBlock());
    linalg::FillOp::create(b, loc, ValueRange{after}, ValueRange{range});
  }
  scf::YieldOp::create(b, loc, ok);
  return ifOp.getResult(0);
}

void ArrayEmitter::writePrecheckedSlot(Value buffer, Value i, Value source) {
  memref::CopyOp::create(b, loc, source, slotAt(buffer, slotIndex(i)));
}

Value ArrayEmitter::readPrecheckedSlotOffset(Value i) {
  return slotOffset(slotIndex(i));
}

Value ArrayEmitter::sizeAfterGrowth(Value header, Value needed) {
  Value size = get(header, kSize);
  if (!mayGrow())
    return size;
  Value grown = arith::MaxSIOp::create(b, loc, size, needed);
  return arith::SelectOp::create(b, loc, hasBit(get(header, kFlags), kDynamic),
                                 grown, size);
}

Value ArrayEmitter::entry(Value vector, Value k) {
  return toI64(memref::LoadOp::create(b, loc, vector, ValueRange{k}));
}

Value ArrayEmitter::reduce(Value vector, Value count, Value init,
                           llvm::function_ref<Value(Value, Value)> combine) {
  auto loop =
      scf::ForOp::create(b, loc, index(0), count, index(1), ValueRange{init});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  scf::YieldOp::create(
      b, loc,
      combine(loop.getRegionIterArg(0), entry(vector, loop.getInductionVar())));
  return loop.getResult(0);
}

Value ArrayEmitter::one() {
  return arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
}

std::pair<Value, Value> ArrayEmitter::foldState(Value state, Value count,
                                                bool withAnd) {
  SmallVector<Value, 2> init{i8(0)};
  if (withAnd)
    init.push_back(i8(-1));
  auto loop = scf::ForOp::create(b, loc, index(0), count, index(1), init);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value st = memref::LoadOp::create(b, loc, state, loop.getInductionVar());
    SmallVector<Value, 2> next{
        arith::OrIOp::create(b, loc, loop.getRegionIterArg(0), st)};
    if (withAnd)
      next.push_back(
          arith::AndIOp::create(b, loc, loop.getRegionIterArg(1), st));
    scf::YieldOp::create(b, loc, next);
  }
  return {loop.getResult(0), withAnd ? loop.getResult(1) : Value()};
}

Value ArrayEmitter::hasAllBits(Value word, int64_t bits) {
  Value masked = arith::AndIOp::create(b, loc, word, i8(bits));
  return cmp(arith::CmpIPredicate::eq, masked, i8(bits));
}

void ArrayEmitter::markState(Value state, Value count, Value bits) {
  forLoop(index(0), count, [&](Value k) {
    Value st = memref::LoadOp::create(b, loc, state, k);
    memref::StoreOp::create(b, loc, arith::OrIOp::create(b, loc, st, bits),
                            state, k);
  });
}

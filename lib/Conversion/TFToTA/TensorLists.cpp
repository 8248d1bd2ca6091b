//===- TensorLists.cpp - TensorFlow 2's TensorLists into tensors ----------===//
//
// Inside a tf.function, TensorFlow 2 builds tf.TensorArray on TensorList
// ops: `tensor<!tf_type.variant<tensor<E>>>` values with value semantics
// (SetItem returns a new list; the old one is unchanged), no write-once or
// read-once rules, and zeros for elements never set. That is not ta's
// TensorArray (a resource whose slots are written once), so lists are not
// imported as ta arrays: a list of fixed length N becomes the tensor
// `[N] ++ E` it stands for, and its ops tensor ops, which have exactly those
// semantics (bufferization makes the updates in place where the old list is
// dead, as in loops). The values a list flows through (loop-carried values,
// branch and call arguments, identities) are followed like handles.
//
// Taken: TensorListReserve and TensorListFromTensor (which fix the length),
// SetItem, GetItem, Stack, Length, ElementShape, with TensorFlow's run-time
// errors. Lists whose length changes (EmptyTensorList, PushBack, PopBack,
// Resize, SetItem with resize_if_index_out_of_bounds) are diagnosed.
//
//===----------------------------------------------------------------------===//

#include "RuntimeChecks.h"
#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ta;
using tf::isNamed;
using tfimport::ValueClasses;

namespace {

/// The element type in `tensor<!tf_type.variant<tensor<E>>>`, if `type` is
/// one with a ranked E.
RankedTensorType listElement(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto opaque =
      tensor ? dyn_cast<OpaqueType>(tensor.getElementType()) : OpaqueType();
  if (!opaque || opaque.getDialectNamespace() != "tf_type" ||
      tensor.getRank() != 0)
    return {};
  StringRef data = opaque.getTypeData();
  if (!data.consume_front("variant<") || !data.consume_back(">"))
    return {};
  return dyn_cast_or_null<RankedTensorType>(
      parseType(data.trim(), type.getContext()));
}

/// Whether `type` is a TensorFlow variant tensor (of any kind).
bool isVariant(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  auto opaque =
      tensor ? dyn_cast<OpaqueType>(tensor.getElementType()) : OpaqueType();
  return opaque && opaque.getDialectNamespace() == "tf_type" &&
         opaque.getTypeData().starts_with("variant");
}

bool isListOp(Operation *op) {
  return !op->getDialect() &&
         (op->getName().getStringRef().starts_with("tf.TensorList") ||
          isNamed(op, "tf.EmptyTensorList"));
}

/// The length a list-making op fixes (kDynamic if only known at run time),
/// or nullopt if the op does not make a list of fixed length.
std::optional<int64_t> madeLength(Operation *op) {
  if (isNamed(op, "tf.TensorListReserve")) {
    // A negative count fails at run time, as in TensorFlow (the op may sit
    // in a branch never taken).
    std::optional<int64_t> n = tf::constantScalar(op->getOperand(1));
    return n && *n >= 0 ? *n : ShapedType::kDynamic;
  }
  if (isNamed(op, "tf.TensorListFromTensor")) {
    auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (type && type.getRank() >= 1)
      return type.getDimSize(0);
  }
  return std::nullopt;
}

Value indexOf(OpBuilder &b, Location loc, Value scalarTensor) {
  auto type = cast<TensorType>(scalarTensor.getType());
  auto scalar = RankedTensorType::get({}, type.getElementType());
  if (type != scalar)
    scalarTensor = tensor::CastOp::create(b, loc, scalar, scalarTensor);
  Value element = tensor::ExtractOp::create(b, loc, scalarTensor);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), element);
}

/// `value` as `type` (tensor types that differ in refinement only).
Value castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

/// The operand and result counts of the list ops ta-import-tf takes.
struct ListOpArity {
  StringLiteral name;
  unsigned operands;
};
constexpr ListOpArity kTaken[] = {
    {"tf.TensorListReserve", 2},     {"tf.TensorListFromTensor", 2},
    {"tf.TensorListSetItem", 3},     {"tf.TensorListGetItem", 3},
    {"tf.TensorListStack", 2},       {"tf.TensorListLength", 1},
    {"tf.TensorListElementShape", 1}};

/// Diagnoses a list op ta-import-tf does not take, or one whose operand
/// and result counts are not TensorFlow's.
LogicalResult checkListOp(Operation *op) {
  const auto *it = llvm::find_if(kTaken, [&](const ListOpArity &a) {
    return a.name == op->getName().getStringRef();
  });
  if (it == std::end(kTaken))
    return op->emitOpError(
        "is not imported: ta-import-tf imports TensorLists of fixed length "
        "(TensorListReserve, TensorListFromTensor; SetItem, GetItem, Stack, "
        "Length, ElementShape)");
  if (op->getNumOperands() != it->operands || op->getNumResults() != 1)
    return op->emitOpError("needs ")
           << it->operands << (it->operands == 1 ? " operand" : " operands")
           << " and 1 result, as TensorFlow defines it";
  // The count or index the op reads as a scalar.
  bool indexed = isNamed(op, "tf.TensorListReserve") ||
                 isNamed(op, "tf.TensorListSetItem") ||
                 isNamed(op, "tf.TensorListGetItem");
  auto scalar = indexed ? dyn_cast<TensorType>(op->getOperand(1).getType())
                        : TensorType();
  if (indexed &&
      (!scalar || !scalar.getElementType().isSignlessInteger() ||
       !tensor::CastOp::areCastCompatible(
           scalar, RankedTensorType::get({}, scalar.getElementType()))))
    return op->emitOpError("needs a scalar integer tensor as operand #1, not ")
           << op->getOperand(1).getType();
  return success();
}

/// Offsets [i, 0, ...], sizes [1] ++ element, unit strides for element `i`
/// of `list`.
void elementSlice(OpBuilder &b, RankedTensorType list, Value i,
                  SmallVectorImpl<OpFoldResult> &offsets,
                  SmallVectorImpl<OpFoldResult> &sizes,
                  SmallVectorImpl<OpFoldResult> &strides) {
  offsets.assign(list.getRank(), b.getIndexAttr(0));
  offsets[0] = i;
  sizes.assign({b.getIndexAttr(1)});
  for (int64_t d : list.getShape().drop_front())
    sizes.push_back(b.getIndexAttr(d));
  strides.assign(list.getRank(), b.getIndexAttr(1));
}

/// Fails with `code` (index `i`, length `n`) unless 0 <= i < n.
void checkIndex(OpBuilder &b, Operation *op, Value i, Value n,
                TARuntimeError code) {
  Location loc = op->getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value ok = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, n));
  tf::failUnless(b, op, ok, code, i, n);
}

LogicalResult rewriteListOp(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  StringRef name = op->getName().getStringRef();
  auto listType = [&](Value v) { return cast<RankedTensorType>(v.getType()); };
  Value result;
  if (name == "tf.TensorListReserve") {
    RankedTensorType type = listType(op->getResult(0));
    SmallVector<Value> dynamic;
    if (type.isDynamicDim(0)) {
      Value n = indexOf(b, loc, op->getOperand(1));
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      tf::failUnless(
          b, op,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, n, zero),
          TA_ERR_LIST_RESERVE, n, zero);
      dynamic.push_back(n);
    }
    Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                          type.getElementType(), dynamic);
    Value zero =
        arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
    result = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
  } else if (name == "tf.TensorListFromTensor") {
    result = castTo(b, loc, op->getOperand(0), op->getResult(0).getType());
  } else if (name == "tf.TensorListSetItem") {
    auto resize = op->getAttrOfType<BoolAttr>("resize_if_index_out_of_bounds");
    if (resize && resize.getValue())
      return op->emitOpError("resizes the list; ta-import-tf imports "
                             "TensorLists of fixed length");
    Value list = op->getOperand(0);
    RankedTensorType type = listType(list);
    auto item = dyn_cast<RankedTensorType>(op->getOperand(2).getType());
    auto element = RankedTensorType::get(type.getShape().drop_front(),
                                         type.getElementType());
    if (!item || item != element)
      return op->emitOpError()
             << "sets an item of type " << op->getOperand(2).getType()
             << " in a list of " << element
             << " elements; ta-import-tf takes items of the "
                "list's static element type";
    Value i = indexOf(b, loc, op->getOperand(1));
    Value n = tensor::DimOp::create(b, loc, list, 0);
    checkIndex(b, op, i, n, TA_ERR_LIST_SET);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    elementSlice(b, type, i, offsets, sizes, strides);
    result = tensor::InsertSliceOp::create(b, loc, op->getOperand(2), list,
                                           offsets, sizes, strides);
  } else if (name == "tf.TensorListGetItem") {
    Value list = op->getOperand(0);
    RankedTensorType type = listType(list);
    Value i = indexOf(b, loc, op->getOperand(1));
    Value n = tensor::DimOp::create(b, loc, list, 0);
    checkIndex(b, op, i, n, TA_ERR_LIST_GET);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    elementSlice(b, type, i, offsets, sizes, strides);
    auto element = RankedTensorType::get(type.getShape().drop_front(),
                                         type.getElementType());
    Value item = tensor::ExtractSliceOp::create(b, loc, element, list, offsets,
                                                sizes, strides);
    result = castTo(b, loc, item, op->getResult(0).getType());
  } else if (name == "tf.TensorListStack") {
    Value list = op->getOperand(0);
    auto wanted = op->getAttrOfType<IntegerAttr>("num_elements");
    if (wanted && wanted.getInt() >= 0) {
      Value n = tensor::DimOp::create(b, loc, list, 0);
      Value want = arith::ConstantIndexOp::create(b, loc, wanted.getInt());
      tf::failUnless(
          b, op,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, n, want),
          TA_ERR_LIST_STACK, want, n);
    }
    result = castTo(b, loc, list, op->getResult(0).getType());
  } else if (name == "tf.TensorListLength") {
    Value n = tensor::DimOp::create(b, loc, op->getOperand(0), 0);
    Value n32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), n);
    Value packed = tensor::FromElementsOp::create(
        b, loc, RankedTensorType::get({}, b.getI32Type()), n32);
    result = castTo(b, loc, packed, op->getResult(0).getType());
  } else if (name == "tf.TensorListElementShape") {
    RankedTensorType type = listType(op->getOperand(0));
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || resultType.getRank() != 1)
      return op->emitOpError("needs a 1-D result");
    SmallVector<APInt> dims;
    for (int64_t d : type.getShape().drop_front())
      dims.push_back(APInt(resultType.getElementTypeBitWidth(), d));
    auto shapeType = RankedTensorType::get({(int64_t)dims.size()},
                                           resultType.getElementType());
    result = castTo(b, loc,
                    arith::ConstantOp::create(
                        b, loc, DenseIntElementsAttr::get(shapeType, dims)),
                    resultType);
  } else {
    llvm_unreachable("decomposeTensorLists takes only the ops above");
  }
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
  return success();
}

} // namespace

LogicalResult mlir::ta::tfimport::decomposeTensorLists(ModuleOp module) {
  SmallVector<Operation *> listOps;
  module.walk([&](Operation *op) {
    if (isListOp(op))
      listOps.push_back(op);
  });
  if (listOps.empty())
    return success();
  // Ops on lists whose length changes first: they explain the rest.
  bool taken = true;
  for (Operation *op : listOps)
    if (failed(checkListOp(op)))
      taken = false;
  if (!taken)
    return failure();
  ValueClasses classes;
  joinCarriers(module, classes);
  // A list and the list SetItem makes of it are one class (one type).
  for (Operation *op : listOps)
    if (isNamed(op, "tf.TensorListSetItem"))
      classes.join(op->getOperand(0), op->getResult(0));

  // Each class's type: [N] ++ element, N from the ops that make the list
  // (kDynamic where they disagree or know it only at run time).
  DenseMap<Value, RankedTensorType> typeOf;
  bool ok = true;
  for (Operation *op : listOps) {
    std::optional<int64_t> length = madeLength(op);
    if (!length)
      continue;
    RankedTensorType element = listElement(op->getResult(0).getType());
    if (!element || !element.hasStaticShape()) {
      op->emitOpError("makes a list whose element type ")
          << op->getResult(0).getType()
          << " is not static; ta-import-tf imports lists of static elements";
      ok = false;
      continue;
    }
    if (!element.getElementType().isIntOrFloat()) {
      op->emitOpError("makes a list of ")
          << element.getElementType()
          << " elements; ta-import-tf imports lists of integer and "
             "floating-point elements";
      ok = false;
      continue;
    }
    SmallVector<int64_t> dims{*length};
    llvm::append_range(dims, element.getShape());
    auto type = RankedTensorType::get(dims, element.getElementType());
    auto [it, inserted] =
        typeOf.try_emplace(classes.find(op->getResult(0)), type);
    if (!inserted && it->second != type) {
      if (it->second.getShape().drop_front() != type.getShape().drop_front() ||
          it->second.getElementType() != type.getElementType()) {
        op->emitOpError("makes a list of ")
            << type << " where a list of " << it->second
            << " flows into the same values";
        ok = false;
        continue;
      }
      dims[0] = ShapedType::kDynamic;
      it->second = RankedTensorType::get(dims, element.getElementType());
    }
  }
  if (!ok)
    return failure();

  // Retype every list value, then the signatures of private functions.
  SmallVector<Value> values;
  module.walk(
      [&](Block *block) { llvm::append_range(values, block->getArguments()); });
  module.walk(
      [&](Operation *op) { llvm::append_range(values, op->getResults()); });
  for (Value value : values) {
    if (!isVariant(value.getType()))
      continue;
    auto it = typeOf.find(classes.find(value));
    if (it == typeOf.end()) {
      Operation *where = value.getDefiningOp();
      (where ? where->emitOpError() : emitError(value.getLoc()))
          << "carries a TensorList that no TensorListReserve or "
             "TensorListFromTensor of a fixed length makes (ta-import-tf "
             "imports lists of fixed length)";
      ok = false;
      continue;
    }
    value.setType(it->second);
  }
  if (!ok)
    return failure();
  module.walk([&](func::FuncOp fn) {
    if (fn.isExternal())
      return;
    SmallVector<Type> results(fn.getResultTypes());
    fn.walk([&](func::ReturnOp ret) {
      if (ret->getParentOp() == fn)
        results.assign(ret.getOperandTypes().begin(),
                       ret.getOperandTypes().end());
    });
    fn.setFunctionType(FunctionType::get(
        fn.getContext(), fn.front().getArgumentTypes(), results));
  });

  for (Operation *op : listOps)
    if (failed(rewriteListOp(op)))
      ok = false;
  return success(ok);
}

//===- TFUtils.h - TensorFlow IR read without the tf dialects ---*- C++ -*-===//
//
// The tf dialects are not linked into ta: TensorFlow's ops are unregistered
// (matched by name), its types and attributes opaque (`!tf_type.resource`,
// `#tf_type.shape<...>`) and read from their text. These helpers, and the
// few builders every part needs, are shared by the parts of ta-import-tf
// and ta-legalize-tf.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TFTOTA_TFUTILS_H
#define TA_LIB_CONVERSION_TFTOTA_TFUTILS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::ta::tf {

/// Marks a tf.AddN that ta-import-tf made of an AddN of TensorLists (the
/// lists now the tensors they stand for): ta-legalize-tf checks its inputs'
/// lengths with TensorFlow's error for lists.
constexpr llvm::StringLiteral kListAddAttr = "ta.list_add";

/// Whether `op` is the (unregistered) TensorFlow op `name`.
inline bool isNamed(Operation *op, StringRef name) {
  return op && op->getName().getStringRef() == name;
}

/// Whether `type` is a TensorFlow variant tensor (of any kind: a
/// TensorList's).
bool isVariant(Type type);

/// Whether `op` is a TensorFlow TensorList op (`tf.TensorList*`,
/// `tf.EmptyTensorList`).
inline bool isListOp(Operation *op) {
  return !op->getDialect() &&
         (op->getName().getStringRef().starts_with("tf.TensorList") ||
          isNamed(op, "tf.EmptyTensorList"));
}

/// Creates the unregistered TensorFlow op `name`.
inline Operation *createTF(OpBuilder &b, Location loc, StringRef name,
                           ValueRange operands, TypeRange results,
                           ArrayRef<NamedAttribute> attrs = {}) {
  OperationState state(loc, name);
  state.addOperands(operands);
  state.addTypes(results);
  state.addAttributes(attrs);
  return b.create(state);
}

/// The bool attribute `name` of `op`, or `defaultValue` as one.
inline BoolAttr boolAttr(Operation *op, StringRef name, bool defaultValue) {
  if (auto attr = op->getAttrOfType<BoolAttr>(name))
    return attr;
  return BoolAttr::get(op->getContext(), defaultValue);
}

/// The text inside `resource<...>` of a resource tensor
/// (`tensor<...x!tf_type.resource...>`; empty for a bare resource), or
/// nothing if `type` is no resource tensor.
std::optional<StringRef> resourceBody(Type type);

/// Whether `type` is a TensorFlow resource tensor.
inline bool isResource(Type type) { return resourceBody(type).has_value(); }

/// The subtype TensorFlow recorded in `resource<tensor<...>>` (for a
/// TensorArray: its element type), if any.
TensorType resourceSubtype(Type type);

/// The dims of a `#tf_type.shape<2x?x3>` attribute (`<*>`: nothing), or
/// failure if `attr` is not one.
FailureOr<std::optional<SmallVector<int64_t>>> parseShape(Attribute attr);

/// The constant integer a one-element tensor value holds (tf.Const, a
/// constant op, tf.InvertPermutation of a constant permutation or tf.Shape
/// of a static value, which TensorFlow folds), if it is one.
std::optional<int64_t> constantScalar(Value value);

/// The constant integers a tensor value holds (as constantScalar), in
/// row-major order, if it is one.
std::optional<SmallVector<int64_t>> constantInts(Value value);

/// `value` as `type` (tensor types that differ in refinement only): itself,
/// or a tensor.cast.
Value castTo(OpBuilder &b, Location loc, Value value, Type type);

/// Whether `value` is (through tensor.cast and tf.Identity) an argument of
/// a public function: its type is what the caller gives, never refined.
bool isPublicArgument(Value value);

/// Replaces the uses of `old` by `value`, which may be more refined:
/// TensorFlow ops read it as it is (types are refined again afterwards),
/// other ops through one tensor.cast to the type `old` had.
void replaceUsesRefined(Value old, Value value);

/// The least refined of two TensorFlow types that may carry the same value
/// (`tensor<2xf32>` and `tensor<?xf32>`: `tensor<?xf32>`; ranks that differ:
/// unranked), or null if no tensor.cast joins them.
Type joinTypes(Type a, Type b);

/// The element of a scalar integer tensor (0-d, or castable to 0-d) as an
/// index.
Value scalarIndex(OpBuilder &b, Location loc, Value tensor);

/// `tensor<!tf_type.variant<tensor<E>>>`, the type of a TensorList of
/// `element`s.
Type listType(TensorType element);

/// Gives the function `fn` the signature its entry block's arguments and
/// its returned values now have (after their values were retyped).
void refreshSignature(func::FuncOp fn);

} // namespace mlir::ta::tf

#endif // TA_LIB_CONVERSION_TFTOTA_TFUTILS_H

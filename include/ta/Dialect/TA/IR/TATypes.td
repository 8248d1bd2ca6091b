//===- TATypes.td - TA dialect types -----------------------*- tablegen -*-===//
//
// !ta.flow and !ta.handle<SIZE, ELEMENT[, grad]>.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TA_IR_TATYPES_TD
#define TA_DIALECT_TA_IR_TATYPES_TD

include "ta/Dialect/TA/IR/TABase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class TA_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TA_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TA_FlowType : TA_Type<"Flow", "flow"> {
  let summary = "ordering token of TensorArray side effects";
  let description = [{
    A flow is TensorFlow's float `flow` value: it carries no data and only
    orders the side effects of TensorArray operations. Operations that change
    an array return a new flow; operations that observe it take one. Lowering
    erases flows.

    Example: `!ta.flow`
  }];
}

def TA_HandleType : TA_Type<"Handle", "handle"> {
  let summary = "handle of a TensorArray or of a gradient accumulator";
  let description = [{
    `!ta.handle<SIZE, ELEMENT>` is a TensorArray of SIZE elements whose
    elements have tensor type ELEMENT; `!ta.handle<SIZE, ELEMENT, grad>` is a
    gradient accumulator created by `ta.grad` or `ta.grad_with_shape`.

    - SIZE is a non-negative integer, or `?` when it is not known at compile
      time or the array is growable (`dynamic_size`). For an accumulator,
      SIZE is its size at creation: reads past it grow it.
    - ELEMENT is a ranked tensor type with static or `?` dims, or an unranked
      tensor type such as `tensor<*xf32>`, of an integer or floating-point
      element type.
    - `grad` marks an accumulator: its writes sum, it allows reads past its
      size, it is never growable and cannot itself be differentiated.

    Examples:

    ```mlir
    !ta.handle<4, tensor<2x3xf32>>
    !ta.handle<?, tensor<?xi32>>
    !ta.handle<4, tensor<5x2x3xf32>, grad>
    !ta.handle<?, tensor<*xf64>>
    ```
  }];
  let parameters = (ins
    "int64_t":$size,
    "::mlir::TensorType":$elementType,
    DefaultValuedParameter<"bool", "false">:$isGrad
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "int64_t":$size, "::mlir::TensorType":$elementType,
        CArg<"bool", "false">:$isGrad), [{
      return $_get(elementType.getContext(), size, elementType, isGrad);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    /// Whether SIZE is a compile-time constant.
    bool hasStaticSize() const {
      return getSize() != ::mlir::ShapedType::kDynamic;
    }
    /// The accumulator type of this (forward) array type.
    HandleType getGradType() const {
      return HandleType::get(getContext(), getSize(), getElementType(),
                             /*isGrad=*/true);
    }
  }];
}

#endif // TA_DIALECT_TA_IR_TATYPES_TD

//===- TABase.td - TA dialect definition -------------------*- tablegen -*-===//
//
// The `ta` dialect: TensorFlow's TensorArray family (handles, flows, per-slot
// state) with its gradient machinery and UnbatchGrad, as SSA ops.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TA_IR_TABASE_TD
#define TA_DIALECT_TA_IR_TABASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TA_Dialect : Dialect {
  let name = "ta";
  let cppNamespace = "::mlir::ta";
  let summary = "TensorFlow's TensorArray family with its gradient machinery";
  let description = [{
    The `ta` dialect models TensorFlow's TensorArray: a mutable,
    resource-backed list of tensors reached through a *handle*
    (`!ta.handle<SIZE, ELEMENT>`), whose side effects are ordered by a *flow*
    token (`!ta.flow`). Every slot carries runtime state (written, read,
    cleared) that makes write-once and read-once rules definable.

    Its gradient machinery is modelled exactly: `ta.grad`
    (`TensorArrayGradV3`) and `ta.grad_with_shape`
    (`TensorArrayGradWithShape`) return the accumulator keyed by
    (forward array, `source`), whose writes sum; `ta.unbatch_grad`
    (`UnbatchGrad`) routes the gradients of a batched computation back to the
    invocations that fed it through a rendezvous shared across invocations.

    The normative semantics are TensorFlow's runtime semantics: the op
    descriptions below give the error conditions with TensorFlow's texts.
    Rules that types and constants decide are rejected by the verifiers;
    the rest are checked at run time by the `checks=strict` lowering.
  }];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    /// Registers the types (defined in TATypes.cpp).
    void registerTypes();
  }];
}

/// The resource every TensorArray side effect applies to. Handles and flows
/// carry effects on it so that upstream passes never reorder, merge or drop
/// TensorArray operations wrongly.
def TA_TensorArrayResource
    : Resource<"::mlir::ta::TensorArrayResource">;

/// The resource of the UnbatchGrad rendezvous (shared across invocations).
def TA_UnbatchGradResource
    : Resource<"::mlir::ta::UnbatchGradResource">;

class TA_Op<string mnemonic, list<Trait> traits = []>
    : Op<TA_Dialect, mnemonic, traits>;

#endif // TA_DIALECT_TA_IR_TABASE_TD

//===- TAOps.h - TA dialect operations --------------------------*- C++ -*-===//
//
// The operations of the `ta` dialect and the side-effect resources they use.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TA_IR_TAOPS_H
#define TA_DIALECT_TA_IR_TAOPS_H

#include "ta/Dialect/TA/IR/TADialect.h"
#include "ta/Dialect/TA/IR/TATypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::ta {

/// The resource that every TensorArray side effect applies to.
struct TensorArrayResource
    : public SideEffects::Resource::Base<TensorArrayResource> {
  StringRef getName() final { return "TensorArray"; }
};

/// The resource of the UnbatchGrad rendezvous, shared across invocations.
struct UnbatchGradResource
    : public SideEffects::Resource::Base<UnbatchGradResource> {
  StringRef getName() final { return "UnbatchGrad"; }
};

} // namespace mlir::ta

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::ta::TensorArrayResource)
MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::ta::UnbatchGradResource)

#define GET_OP_CLASSES
#include "ta/Dialect/TA/IR/TAOps.h.inc"

#endif // TA_DIALECT_TA_IR_TAOPS_H

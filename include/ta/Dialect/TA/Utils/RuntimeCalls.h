//===- RuntimeCalls.h - libta_runtime's functions, declared --*- C++ -*-===//
//
// The MLIR side of the runtime ABI (include/ta/Runtime/TAABI.h): the type of
// each libta_runtime function that lowered code calls, and its declaration,
// created in a module on first use. Every pass that emits such calls (the
// TF importer's run-time checks, the memref lowering, the allocation size
// checks) declares them here, so that they agree on types and attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TA_UTILS_RUNTIMECALLS_H
#define TA_DIALECT_TA_UTILS_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ta {

/// The type of libta_runtime's function `name` (a TA_RT_* name of TAABI.h);
/// null for other names.
FunctionType getRuntimeFunctionType(MLIRContext *context, StringRef name);

/// Whether `op` is a function `name` of that runtime function's type.
bool isRuntimeFunction(Operation *op, StringRef name);

/// Fails, with an error on `op`, where `op` is a symbol with the name of a
/// runtime function and is not that function (a pass that would declare
/// and call it checks its module's symbols first).
LogicalResult verifyRuntimeFunctionName(Operation *op);

/// Declares runtime function `name` (private) at the start of `module`,
/// which must not have the symbol yet. `_ta_rt_fail` is marked noreturn and
/// cold, so that LLVM lays out the failure branches of checks as unlikely.
func::FuncOp declareRuntimeFunction(ModuleOp module, StringRef name);

/// The runtime function `name` in `module`, declared on first use; null
/// where `module` has another symbol of that name.
func::FuncOp lookupOrDeclareRuntimeFunction(ModuleOp module, StringRef name);

/// The unit attribute of a `memref.alloc` whose byte size is known to fit
/// in an int64 where its sizes were computed (ta.concat's destination:
/// the elements of a forward array that holds them already, or an
/// accumulator's count that its concat count function checked):
/// ta-check-allocation-sizes trusts it and adds no check of its own. An
/// attribute dropped on the way costs only that check.
inline constexpr StringLiteral kSizeCheckedAttr = "ta.size_checked";

} // namespace mlir::ta

#endif // TA_DIALECT_TA_UTILS_RUNTIMECALLS_H

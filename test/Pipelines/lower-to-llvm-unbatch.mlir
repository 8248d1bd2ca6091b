// ta.unbatch_grad through ta-lower-to-llvm: only the LLVM dialect is left;
// the grad's shape, on the stack for the call, is released every iteration
// of a loop (memref.alloca_scope becomes stacksave/stackrestore), so a long
// loop of calls does not grow the stack.
// RUN: ta-opt %s --ta-lower-to-llvm | FileCheck %s --implicit-check-not="ta." --implicit-check-not="memref." --implicit-check-not="scf." --implicit-check-not="tensor." --implicit-check-not="unrealized_conversion_cast"
// RUN: ta-opt %s --ta-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-DAG: llvm.func @_ta_rt_unbatch_grad(i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64
// CHECK-DAG: llvm.func @_ta_rt_unbatch_grad_rows(i64) -> i64
// CHECK-DAG: llvm.func @_ta_rt_unbatch_grad_take(i64, i64)
// CHECK-LABEL: llvm.func @f(
// CHECK: llvm.intr.stacksave
// CHECK: llvm.alloca
// CHECK: llvm.call @_ta_rt_unbatch_grad(
// CHECK: llvm.intr.stackrestore
// CHECK: llvm.call @_ta_rt_unbatch_grad_rows(
// CHECK: llvm.call @_ta_rt_unbatch_grad_take(
// IR-LABEL: define {{.*}} @f(
// IR: call ptr @llvm.stacksave
// IR: call i64 @_ta_rt_unbatch_grad(
// IR: call void @llvm.stackrestore
func.func @f(%o: tensor<?x2xf32>, %bi: tensor<?x3xi64>, %g: tensor<?x2xf32>, %n: index) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %g) -> tensor<?x2xf32> {
    %id = arith.index_cast %i : index to i64
    %u = ta.unbatch_grad %o, %bi, %acc, %id : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
    scf.yield %u : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

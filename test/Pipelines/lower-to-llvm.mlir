// ta-lower-to-llvm leaves only the LLVM dialect: no ta., memref., scf.,
// linalg., bufferization. or tensor. op and no unrealized cast; the result
// translates to LLVM IR, and compiles and runs ahead of time with clang-22.
// RUN: ta-opt %s --ta-lower-to-llvm | FileCheck %s --implicit-check-not="ta." --implicit-check-not="memref." --implicit-check-not="scf." --implicit-check-not="linalg." --implicit-check-not="bufferization." --implicit-check-not="tensor." --implicit-check-not="unrealized_conversion_cast"
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | FileCheck %s --check-prefix=NONE --implicit-check-not="ta." --implicit-check-not="memref." --implicit-check-not="_ta_rt_fail"
// RUN: ta-opt %s --ta-lower-to-llvm | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: clang-22 -O2 -Wno-override-module %t.ll -o %t.exe -L%ta_obj_root/lib -lta_runtime -L%llvm_lib_dir -lmlir_c_runner_utils -Wl,-rpath,%ta_obj_root/lib -Wl,-rpath,%llvm_lib_dir
// RUN: %t.exe | FileCheck %s --check-prefix=OUT
// RUN: ta-opt %s --ta-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// The descriptors one lowered op builds and the next takes apart fold away
// (75 llvm.insertvalue here without the final canonicalization; the few
// left are descriptors carried through block arguments).
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | grep -c llvm.insertvalue | FileCheck %s --check-prefix=FOLDED
// A bad option value is a clean error.
// RUN: not ta-opt %s --ta-lower-to-llvm=checks=bogus 2>&1 | FileCheck %s --check-prefix=BADOPT

// CHECK: llvm.func @_ta_rt_fail(i32, i64, i64, i64, i64)
// CHECK: llvm.func @main() -> i32
// NONE: llvm.func @main() -> i32
// IR: define i32 @main()
// IR: call void @_ta_rt_fail(i32 3,
// FOLDED: {{^[0-9]$}}
// BADOPT: for the --checks option: Cannot find option named 'bogus'!

// OUT: value: 42
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant dense<[40, 2]> : tensor<2xi32>
  %h, %f = ta.create %c1 : !ta.handle<1, tensor<2xi32>>
  %f1 = ta.write %h[%c0], %v, %f : !ta.handle<1, tensor<2xi32>>, tensor<2xi32>
  %r = ta.read %h[%c0], %f1 : !ta.handle<1, tensor<2xi32>>
  %a = tensor.extract %r[%c0] : tensor<2xi32>
  %b = tensor.extract %r[%c1] : tensor<2xi32>
  %s = arith.addi %a, %b : i32
  %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
  %p = llvm.call @printf(%fmt, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  %zero = arith.constant 0 : i32
  return %zero : i32
}
llvm.mlir.global private constant @fmt("value: %d\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32

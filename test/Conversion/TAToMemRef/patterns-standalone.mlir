// populateTAToMemRefConversionPatterns in a conversion of its own
// (ta-test-memref-patterns), with none of ta-lower-to-memref's preparation:
// the patterns declare the runtime functions and define the growth
// functions they call on first use, and what they produce runs.
// RUN: ta-opt %s --ta-test-memref-patterns | FileCheck %s --check-prefix=IR
// RUN: ta-opt %s --ta-test-memref-patterns=none | FileCheck %s --check-prefix=NONE
// RUN: ta-opt %s --ta-test-memref-patterns --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s
// RUN: ta-opt %s --ta-test-memref-patterns=none --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s
// RUN: ta-opt %s --ta-test-memref-patterns --ta-lower-to-llvm | not %run_cpu -e fail 2>&1 | FileCheck %s --check-prefix=FAIL

// IR-DAG: func.func private @_ta_rt_fail(i32, i64, i64, i64, i64) attributes {passthrough = ["noreturn", "cold"]}
// IR-DAG: func.func private @_ta_rt_check_accumulator(i64, i64)
// IR-DAG: func.func private @__ta_grow_strict_8(%{{.*}}: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %{{.*}}: i64) attributes {llvm.linkage = #llvm.linkage<internal>}
// No ta op or type is left (access functions keep their ta.access mark).
// IR-NOT: !ta.
// IR-NOT: {{ ta\.[a-z_]+ %}}
// checks=none calls the runtime for one error only: a capacity whose byte
// size would not fit in an int64 (TensorFlow's OOM, code 31), in growth.
// NONE: func.func private @_ta_rt_fail(i32, i64, i64, i64, i64)
// NONE-NOT: _ta_rt_check_accumulator
// NONE: func.func private @__ta_grow_none_8(
// NONE: func.call @_ta_rt_fail(%c31_i32
// NONE-NOT: _ta_rt_check_accumulator

!G = !ta.handle<?, tensor<2xf32>>
!A = !ta.handle<?, tensor<2xf32>, grad>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @show(%t: tensor<2xf32>) {
  %m = bufferization.to_buffer %t : tensor<2xf32> to memref<2xf32>
  %u = memref.cast %m : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// A growable array of 0 slots takes writes at 0 and 2 (growing), then a
// gradient accumulates two writes to slot 1 of the grad array; reads give
// the written values, zeros for the unwritten slot 1, and the sum.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %h, %f0 = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !G
  %f1 = ta.write %h[%c0], %a, %f0 : !G, tensor<2xf32>
  %f2 = ta.write %h[%c2], %b, %f1 : !G, tensor<2xf32>
  %r0 = ta.read %h[%c0], %f2 : !G
  %r1 = ta.read %h[%c1], %f2 : !G
  %r2 = ta.read %h[%c2], %f2 : !G
  // CHECK: [1,  2]
  // CHECK: [0,  0]
  // CHECK: [3,  4]
  call @show(%r0) : (tensor<2xf32>) -> ()
  call @show(%r1) : (tensor<2xf32>) -> ()
  call @show(%r2) : (tensor<2xf32>) -> ()
  %g, %gf = ta.grad %h, %f2 source "gradients" : !G
  %g1 = ta.write %g[%c1], %a, %gf : !A, tensor<2xf32>
  %g2 = ta.write %g[%c1], %b, %g1 : !A, tensor<2xf32>
  %s = ta.read %g[%c1], %g2 : !A
  // CHECK: [4,  6]
  call @show(%s) : (tensor<2xf32>) -> ()
  ta.close %h : !G
  return
}

// Reading past the end of a fixed array fails through the runtime
// function the patterns declared.
// FAIL: ta runtime error: Tried to read from index 3 but array size is: 3
func.func @fail() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !ta.handle<3, tensor<2xf32>>
  %n = ta.size %h, %f : !ta.handle<3, tensor<2xf32>>
  %r = ta.read %h[%n], %f : !ta.handle<3, tensor<2xf32>>
  call @show(%r) : (tensor<2xf32>) -> ()
  return
}

// Allocations that fail stop the program with TensorFlow's resource-exhausted
// wording in both checks modes, never with a null pointer the code writes
// through: lowered code allocates through libta_runtime, which checks. Run
// under an address-space limit of 4 GB, where an array of 100000 slots of
// 64 KiB (6.5 GB) cannot be had. (Not under ASan, whose shadow memory needs
// the address space.)
// UNSUPPORTED: asan
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: ulimit -v 4000000; not %run_cpu -e big_array %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: ulimit -v 4000000; not %run_cpu -e big_array %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: ulimit -v 4000000; not %run_cpu -e big_gather %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: ulimit -v 4000000; not %run_cpu -e big_gather %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: ulimit -v 4000000; not %run_cpu -e big_growth %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GROWTH
// RUN: ulimit -v 4000000; not %run_cpu -e big_growth %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GROWTH
// RUN: ulimit -v 4000000; not %run_cpu -e reserve_fails %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=OOM
// RUN: ulimit -v 4000000; not %run_cpu -e scatter_reserve_fails %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCATTER
// RUN: ulimit -v 4000000; not %run_cpu -e scatter_reserve_fails %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SCATTER

!B = !ta.handle<?, tensor<16384xf32>>
!S = !ta.handle<2, tensor<16384xf32>>

func.func private @printI64(i64)
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}

// The header, 100000 x 65536 bytes of data and a state byte per slot,
// 6553700064 bytes, padded to the buffer's 64-byte alignment (an array
// that is written: one whose data nothing touches would have none).
// ARRAY: ta runtime error: OOM when allocating tensor of 6553700096 bytes
func.func @big_array() {
  %c0 = arith.constant 0 : index
  %v = arith.constant dense<1.0> : tensor<16384xf32>
  %n = arith.constant 100000 : index
  %m = func.call @opaque(%n) : (index) -> index
  %h, %f = ta.create %m : !B
  %f1 = ta.write %h[%c0], %v, %f : !B, tensor<16384xf32>
  %s = ta.size %h, %f1 : !B
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  return
}

// A gather of slot 0, 100000 times: its result (6.5 GB) cannot be had.
// GATHER: ta runtime error: OOM when allocating tensor of 6553600000 bytes
func.func @big_gather() {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 {clear_after_read = false} : !S
  %n = arith.constant 100000 : index
  %m = func.call @opaque(%n) : (index) -> index
  %idx = tensor.generate %m {
  ^bb0(%k: index):
    %z = arith.constant 0 : i32
    tensor.yield %z : i32
  } : tensor<?xi32>
  %g = ta.gather %h[%idx], %f : !S, tensor<?xi32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %g[%c0, %c0] : tensor<?x16384xf32>
  %xi = arith.fptosi %x : f32 to i64
  call @printI64(%xi) : (i64) -> ()
  return
}

// A write at 100000 grows the array to room for 200002 slots, and, as
// the buffer will be mapped, to 200704: congruent with the old capacity
// (0) modulo 4096, so that a later growth can remap the pages of its
// state. The buffer is reallocated to 64 header bytes and 200704 x (65536
// + 1 state byte) = 13153538112 bytes.
// GROWTH: ta runtime error: OOM when allocating tensor of 13153538112 bytes
func.func @big_growth() {
  %c0 = arith.constant 0 : index
  %v = arith.constant dense<1.0> : tensor<16384xf32>
  %h, %f = ta.create %c0 {dynamic_size = true} : !B
  %n = arith.constant 100000 : index
  %i = func.call @opaque(%n) : (index) -> index
  %f1 = ta.write %h[%i], %v, %f : !B, tensor<16384xf32>
  %s = ta.size %h, %f1 : !B
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  return
}

// A growable array that a loop over [0, 100000) fills gets the capacity
// for 100000 slots (6.5 GB) reserved before the loop: that allocation
// fails, quietly. The array grows as the loop writes, and the loop fails on
// its read of another array at index 3, with TensorFlow's error rather than
// an allocation's (strict: with checks=none nothing would stop the loop).
// QUIET: ta runtime error: Tried to read from index 3 but array size is: 3
func.func @reserve_fails() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<16384xf32>
  %n = arith.constant 100000 : index
  %m = func.call @opaque(%n) : (index) -> index
  %h, %f = ta.create %c0 {dynamic_size = true} : !B
  %g, %gf = ta.create %c3 : !ta.handle<3, tensor<4xf32>>
  %fw = scf.for %k = %c0 to %m step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %r = ta.read %g[%k], %gf : !ta.handle<3, tensor<4xf32>>
    %f2 = ta.write %h[%k], %v, %fl : !B, tensor<16384xf32>
    scf.yield %f2 : !ta.flow
  }
  %s = ta.size %h, %fw : !B
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  return
}

// A scatter into a growable array whose largest index, 100000, needs 6.5 GB:
// the capacity reserved for it cannot be had (quietly), so the writes grow
// the array one by one (to 2, then 6 slots), and the growth for index
// 100000 fails with its own size: room for 200002 slots, rounded to 200710
// (congruent with 6 modulo 4096: the buffer would be mapped), a
// reallocation to 64 + 200710 x (65536 + 1) = 13153931334 bytes.
// SCATTER: ta runtime error: OOM when allocating tensor of 13153931334 bytes
func.func @scatter_reserve_fails() {
  %c0 = arith.constant 0 : index
  %idx = arith.constant dense<[0, 1, 2, 100000]> : tensor<4xi32>
  %v = arith.constant dense<1.0> : tensor<4x16384xf32>
  %h, %f = ta.create %c0 {dynamic_size = true} : !B
  %f1 = ta.scatter %h[%idx], %v, %f : !B, tensor<4xi32>, tensor<4x16384xf32>
  %s = ta.size %h, %f1 : !B
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  return
}

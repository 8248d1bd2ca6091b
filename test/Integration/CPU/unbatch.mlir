// ta.unbatch_grad executed, single-threaded, in both checks modes. Expected
// values follow TensorFlow's UnbatchGradResource (reference section 1.12):
// every call parks its grad under its id; a non-owner (empty
// original_input) returns [0] ++ grad.shape[1:] at once; the owner returns
// the grads of its batch_index ids concatenated in row order (not arrival
// order); consumed grads leave the rendezvous, which persists across calls.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s

!F = tensor<?x2xf32>
!BI = tensor<?x3xi64>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printString(!llvm.ptr)
func.func private @ta_unbatch_grad_parked_ids(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> i64
func.func private @ta_unbatch_grad_reset(!llvm.ptr, !llvm.ptr) -> i64

llvm.mlir.global private constant @anon0("anon/unbatch_grad_0\00")
llvm.mlir.global private constant @anon1("anon/unbatch_grad_1\00")
llvm.mlir.global private constant @name_ug("ug\00")

func.func @show_i64(%v: i64) {
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Prints the shape of a non-owner's result.
func.func @show_empty(%r: !F) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %r, %c0 : !F
  %d1 = tensor.dim %r, %c1 : !F
  %r0 = arith.index_cast %d0 : index to i64
  %r1 = arith.index_cast %d1 : index to i64
  call @show_i64(%r0) : (i64) -> ()
  call @show_i64(%r1) : (i64) -> ()
  return
}

func.func @no_batch() -> (!F, !BI) {
  %e = tensor.empty() : tensor<0x2xf32>
  %ec = tensor.cast %e : tensor<0x2xf32> to !F
  %b = tensor.empty() : tensor<0x3xi64>
  %bc = tensor.cast %b : tensor<0x3xi64> to !BI
  return %ec, %bc : !F, !BI
}

// One call site of the rendezvous "ug": every call goes through it.
func.func @ug(%orig: !F, %bi: !BI, %g: !F, %id: i64) -> !F {
  %r = ta.unbatch_grad %orig, %bi, %g, %id {shared_name = "ug"} : !F, !BI, !F
  return %r : !F
}

func.func @give(%g: !F, %id: i64) {
  %e, %b = call @no_batch() : () -> (!F, !BI)
  %r = call @ug(%e, %b, %g, %id) : (!F, !BI, !F, i64) -> !F
  call @show_empty(%r) : (!F) -> ()
  return
}

func.func @own(%bi: !BI, %g: !F, %id: i64) {
  // The owner's original_input: the batched tensor (any non-empty one).
  %orig = arith.constant dense<0.5> : tensor<4x2xf32>
  %o = tensor.cast %orig : tensor<4x2xf32> to !F
  %r = call @ug(%o, %bi, %g, %id) : (!F, !BI, !F, i64) -> !F
  %u = tensor.cast %r : !F to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Non-owners 1 and 2 first, the owner 3 last; batch_index lists 2, 3, 1, so
// the result is g2 ++ g3 ++ g1 (columns 1 and 2 are ignored).
// CHECK-LABEL: row_order
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK: sizes = [4, 2]
// CHECK-NEXT: [2,   2.5]
// CHECK-NEXT: [2.25,   2.75]
// CHECK-NEXT: [3,   3.5]
// CHECK-NEXT: [1,   1.5]
func.func @row_order() {
  %g1 = arith.constant dense<[[1.0, 1.5]]> : tensor<1x2xf32>
  %g2 = arith.constant dense<[[2.0, 2.5], [2.25, 2.75]]> : tensor<2x2xf32>
  %g3 = arith.constant dense<[[3.0, 3.5]]> : tensor<1x2xf32>
  %bi = arith.constant dense<[[2, 0, 2], [3, 2, 3], [1, 3, 4]]> : tensor<3x3xi64>
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %g1c = tensor.cast %g1 : tensor<1x2xf32> to !F
  %g2c = tensor.cast %g2 : tensor<2x2xf32> to !F
  %g3c = tensor.cast %g3 : tensor<1x2xf32> to !F
  %bic = tensor.cast %bi : tensor<3x3xi64> to !BI
  call @give(%g1c, %c1) : (!F, i64) -> ()
  call @give(%g2c, %c2) : (!F, i64) -> ()
  call @own(%bic, %g3c, %c3) : (!BI, !F, i64) -> ()
  return
}

// Two batches in flight on one rendezvous, their grads interleaved; the ids
// of the first test come again (consumed grads left the rendezvous).
// Batch A: owner 1, batch_index [3, 1]. Batch B: owner 4, [2, 4, 5].
// CHECK-LABEL: interleaved
// CHECK: sizes = [2, 2]
// CHECK-NEXT: [30,   31]
// CHECK-NEXT: [10,   11]
// CHECK: sizes = [3, 2]
// CHECK-NEXT: [20,   21]
// CHECK-NEXT: [40,   41]
// CHECK-NEXT: [50,   51]
func.func @interleaved() {
  %g1 = arith.constant dense<[[10.0, 11.0]]> : tensor<1x2xf32>
  %g2 = arith.constant dense<[[20.0, 21.0]]> : tensor<1x2xf32>
  %g3 = arith.constant dense<[[30.0, 31.0]]> : tensor<1x2xf32>
  %g4 = arith.constant dense<[[40.0, 41.0]]> : tensor<1x2xf32>
  %g5 = arith.constant dense<[[50.0, 51.0]]> : tensor<1x2xf32>
  %a = arith.constant dense<[[3, 0, 1], [1, 1, 2]]> : tensor<2x3xi64>
  %b = arith.constant dense<[[2, 0, 1], [4, 1, 2], [5, 2, 3]]> : tensor<3x3xi64>
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %g1c = tensor.cast %g1 : tensor<1x2xf32> to !F
  %g2c = tensor.cast %g2 : tensor<1x2xf32> to !F
  %g3c = tensor.cast %g3 : tensor<1x2xf32> to !F
  %g4c = tensor.cast %g4 : tensor<1x2xf32> to !F
  %g5c = tensor.cast %g5 : tensor<1x2xf32> to !F
  %ac = tensor.cast %a : tensor<2x3xi64> to !BI
  %bc = tensor.cast %b : tensor<3x3xi64> to !BI
  call @give(%g5c, %c5) : (!F, i64) -> ()
  call @give(%g3c, %c3) : (!F, i64) -> ()
  call @give(%g2c, %c2) : (!F, i64) -> ()
  call @own(%ac, %g1c, %c1) : (!BI, !F, i64) -> ()
  call @own(%bc, %g4c, %c4) : (!BI, !F, i64) -> ()
  return
}

// Batches formed in a loop: the rendezvous persists across invocations of
// the compiled function. Step k: non-owner 100+k gives [[k, k]], then
// owner 200+k with [[10k, 10k]] and batch_index [200+k, 100+k].
// CHECK-LABEL: loop
// CHECK: sizes = [2, 2]
// CHECK-NEXT: [0,   0]
// CHECK-NEXT: [0,   0]
// CHECK: sizes = [2, 2]
// CHECK-NEXT: [10,   10]
// CHECK-NEXT: [1,   1]
// CHECK: sizes = [2, 2]
// CHECK-NEXT: [20,   20]
// CHECK-NEXT: [2,   2]
func.func @loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : i64
  %c200 = arith.constant 200 : i64
  %ten = arith.constant 10.0 : f32
  scf.for %k = %c0 to %c3 step %c1 {
    %k64 = arith.index_cast %k : index to i64
    %kf = arith.sitofp %k64 : i64 to f32
    %tk = arith.mulf %kf, %ten : f32
    %gnon = tensor.splat %kf : tensor<1x2xf32>
    %gown = tensor.splat %tk : tensor<1x2xf32>
    %idn = arith.addi %c100, %k64 : i64
    %ido = arith.addi %c200, %k64 : i64
    %e = tensor.empty() : tensor<2x3xi64>
    %z = arith.constant 0 : i64
    %bi0 = tensor.insert %ido into %e[%c0, %c0] : tensor<2x3xi64>
    %bi1 = tensor.insert %z into %bi0[%c0, %c1] : tensor<2x3xi64>
    %bi2 = tensor.insert %z into %bi1[%c0, %c2] : tensor<2x3xi64>
    %bi3 = tensor.insert %idn into %bi2[%c1, %c0] : tensor<2x3xi64>
    %bi4 = tensor.insert %z into %bi3[%c1, %c1] : tensor<2x3xi64>
    %bi5 = tensor.insert %z into %bi4[%c1, %c2] : tensor<2x3xi64>
    %gn = tensor.cast %gnon : tensor<1x2xf32> to !F
    %go = tensor.cast %gown : tensor<1x2xf32> to !F
    %bic = tensor.cast %bi5 : tensor<2x3xi64> to !BI
    %e2, %b2 = func.call @no_batch() : () -> (!F, !BI)
    %rn = func.call @ug(%e2, %b2, %gn, %idn) : (!F, !BI, !F, i64) -> !F
    func.call @own(%bic, %go, %ido) : (!BI, !F, i64) -> ()
  }
  return
}

// An owner whose batch is itself, and an owner whose peer gave zero rows.
// Its original_input is unranked here.
// CHECK-LABEL: alone
// CHECK: sizes = [1, 2]
// CHECK-NEXT: [7,   8]
// CHECK: sizes = [1, 2]
// CHECK-NEXT: [9,   9.5]
func.func @alone() {
  %g7 = arith.constant dense<[[7.0, 8.0]]> : tensor<1x2xf32>
  %bi7 = arith.constant dense<[[7, 0, 1]]> : tensor<1x3xi64>
  %c7 = arith.constant 7 : i64
  %orig = arith.constant dense<1.0> : tensor<3xf32>
  %o = tensor.cast %orig : tensor<3xf32> to tensor<*xf32>
  %g7c = tensor.cast %g7 : tensor<1x2xf32> to !F
  %bi7c = tensor.cast %bi7 : tensor<1x3xi64> to !BI
  %r7 = ta.unbatch_grad %o, %bi7c, %g7c, %c7 {shared_name = "ug"} : tensor<*xf32>, !BI, !F
  %u7 = tensor.cast %r7 : !F to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()

  %z = tensor.empty() : tensor<0x2xf32>
  %zc = tensor.cast %z : tensor<0x2xf32> to !F
  %c21 = arith.constant 21 : i64
  %c22 = arith.constant 22 : i64
  %g22 = arith.constant dense<[[9.0, 9.5]]> : tensor<1x2xf32>
  %g22c = tensor.cast %g22 : tensor<1x2xf32> to !F
  %bi22 = arith.constant dense<[[21, 0, 0], [22, 0, 1]]> : tensor<2x3xi64>
  %bi22c = tensor.cast %bi22 : tensor<2x3xi64> to !BI
  call @give(%zc, %c21) : (!F, i64) -> ()
  call @own(%bi22c, %g22c, %c22) : (!BI, !F, i64) -> ()
  return
}

// Integer grads of rank 3 with a dynamic inner dim, on their own rendezvous.
// Owner 2 (2x2x2), batch_index [2, 1]; non-owner 1 (1x2x2).
// CHECK-LABEL: ints
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK: sizes = [3, 2, 2]
// CHECK-NEXT{LITERAL}: [[[5,    6],
// CHECK-NEXT{LITERAL}:   [7,    8]],
// CHECK-NEXT{LITERAL}:  [[9,    10],
// CHECK-NEXT{LITERAL}:   [11,    12]],
// CHECK-NEXT{LITERAL}:  [[1,    2],
// CHECK-NEXT{LITERAL}:   [3,    4]]]
func.func @ints() {
  %g1 = arith.constant dense<[[[1, 2], [3, 4]]]> : tensor<1x2x2xi32>
  %g2 = arith.constant dense<[[[5, 6], [7, 8]], [[9, 10], [11, 12]]]> : tensor<2x2x2xi32>
  %bi = arith.constant dense<[[2, 0, 2], [1, 2, 3]]> : tensor<2x3xi64>
  %e = tensor.empty() : tensor<0x2x2xi32>
  %nb = tensor.empty() : tensor<0x3xi64>
  %orig = arith.constant dense<1> : tensor<3x2x2xi32>
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %g1c = tensor.cast %g1 : tensor<1x2x2xi32> to tensor<?x?x2xi32>
  %g2c = tensor.cast %g2 : tensor<2x2x2xi32> to tensor<?x?x2xi32>
  %ec = tensor.cast %e : tensor<0x2x2xi32> to tensor<?x?x2xi32>
  %oc = tensor.cast %orig : tensor<3x2x2xi32> to tensor<?x?x2xi32>
  %nbc = tensor.cast %nb : tensor<0x3xi64> to !BI
  %bic = tensor.cast %bi : tensor<2x3xi64> to !BI
  %r1 = ta.unbatch_grad %ec, %nbc, %g1c, %c1 {shared_name = "ints"} : tensor<?x?x2xi32>, !BI, tensor<?x?x2xi32>
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %d0 = tensor.dim %r1, %c0i : tensor<?x?x2xi32>
  %d1 = tensor.dim %r1, %c1i : tensor<?x?x2xi32>
  %d0i = arith.index_cast %d0 : index to i64
  %d1i = arith.index_cast %d1 : index to i64
  call @show_i64(%d0i) : (i64) -> ()
  call @show_i64(%d1i) : (i64) -> ()
  %r2 = ta.unbatch_grad %oc, %bic, %g2c, %c2 {shared_name = "ints", timeout_micros = 60000000} : tensor<?x?x2xi32>, !BI, tensor<?x?x2xi32>
  %u = tensor.cast %r2 : tensor<?x?x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// Ops without a shared_name each have their own rendezvous (named after
// the function), and containers separate equal names: the same id parks in
// four places without a "Two runs with the same batch key." error.
// CHECK-LABEL: separate
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 2
func.func @anon(%g: !F, %id: i64) {
  %e, %b = call @no_batch() : () -> (!F, !BI)
  %r0 = ta.unbatch_grad %e, %b, %g, %id : !F, !BI, !F
  %r1 = ta.unbatch_grad %e, %b, %g, %id : !F, !BI, !F
  %r2 = ta.unbatch_grad %e, %b, %g, %id {container = "other", shared_name = "ug"} : !F, !BI, !F
  return
}
func.func @separate() {
  %g = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %gc = tensor.cast %g : tensor<1x2xf32> to !F
  %c9 = arith.constant 9 : i64
  call @give(%gc, %c9) : (!F, i64) -> ()
  call @anon(%gc, %c9) : (!F, i64) -> ()
  %null = llvm.mlir.zero : !llvm.ptr
  %a0 = llvm.mlir.addressof @anon0 : !llvm.ptr
  %a1 = llvm.mlir.addressof @anon1 : !llvm.ptr
  %ug = llvm.mlir.addressof @name_ug : !llvm.ptr
  %c0 = arith.constant 0 : i64
  %n0 = call @ta_unbatch_grad_parked_ids(%null, %a0, %null, %c0) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> i64
  call @show_i64(%n0) : (i64) -> ()
  %n1 = call @ta_unbatch_grad_parked_ids(%null, %a1, %null, %c0) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> i64
  call @show_i64(%n1) : (i64) -> ()
  // "ug" in the default container (9) and in "other" (9).
  %n2 = call @ta_unbatch_grad_parked_ids(%null, %ug, %null, %c0) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> i64
  call @show_i64(%n2) : (i64) -> ()
  return
}

// What is left parked at the end: the four grads of id 9 (every batch above
// consumed its grads). Reset drops them; nothing is left.
// CHECK-LABEL: reset
// CHECK-NEXT: 4
// CHECK-NEXT: 0
func.func @reset() {
  %null = llvm.mlir.zero : !llvm.ptr
  %c0 = arith.constant 0 : i64
  %dropped = call @ta_unbatch_grad_reset(%null, %null) : (!llvm.ptr, !llvm.ptr) -> i64
  call @show_i64(%dropped) : (i64) -> ()
  %left = call @ta_unbatch_grad_parked_ids(%null, %null, %null, %c0) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> i64
  call @show_i64(%left) : (i64) -> ()
  return
}

llvm.mlir.global private constant @label_row_order("row_order\0A\00")
llvm.mlir.global private constant @label_interleaved("interleaved\0A\00")
llvm.mlir.global private constant @label_loop("loop\0A\00")
llvm.mlir.global private constant @label_alone("alone\0A\00")
llvm.mlir.global private constant @label_ints("ints\0A\00")
llvm.mlir.global private constant @label_separate("separate\0A\00")
llvm.mlir.global private constant @label_reset("reset\0A\00")

func.func @all() {
  %l_row_order = llvm.mlir.addressof @label_row_order : !llvm.ptr
  func.call @printString(%l_row_order) : (!llvm.ptr) -> ()
  func.call @row_order() : () -> ()
  %l_interleaved = llvm.mlir.addressof @label_interleaved : !llvm.ptr
  func.call @printString(%l_interleaved) : (!llvm.ptr) -> ()
  func.call @interleaved() : () -> ()
  %l_loop = llvm.mlir.addressof @label_loop : !llvm.ptr
  func.call @printString(%l_loop) : (!llvm.ptr) -> ()
  func.call @loop() : () -> ()
  %l_alone = llvm.mlir.addressof @label_alone : !llvm.ptr
  func.call @printString(%l_alone) : (!llvm.ptr) -> ()
  func.call @alone() : () -> ()
  %l_ints = llvm.mlir.addressof @label_ints : !llvm.ptr
  func.call @printString(%l_ints) : (!llvm.ptr) -> ()
  func.call @ints() : () -> ()
  %l_separate = llvm.mlir.addressof @label_separate : !llvm.ptr
  func.call @printString(%l_separate) : (!llvm.ptr) -> ()
  func.call @separate() : () -> ()
  %l_reset = llvm.mlir.addressof @label_reset : !llvm.ptr
  func.call @printString(%l_reset) : (!llvm.ptr) -> ()
  func.call @reset() : () -> ()
  return
}

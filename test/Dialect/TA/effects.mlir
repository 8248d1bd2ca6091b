// Memory effects on the TensorArray resource keep upstream passes from
// merging, reordering or dropping ta operations wrongly.
// RUN: ta-opt %s -cse -canonicalize -split-input-file | FileCheck %s

// Two identical reads are two reads (the second may fail or clear): no CSE.
// CHECK-LABEL: func.func @no_cse_of_reads
// CHECK-COUNT-2: ta.read
func.func @no_cse_of_reads(%h: !ta.handle<4, tensor<2xf32>>, %i: index,
                           %f: !ta.flow) -> (tensor<2xf32>, tensor<2xf32>) {
  %a = ta.read %h[%i], %f : !ta.handle<4, tensor<2xf32>>
  %b = ta.read %h[%i], %f : !ta.handle<4, tensor<2xf32>>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}

// -----

// Unused results do not make side effects dead.
// CHECK-LABEL: func.func @effects_kept
// CHECK: ta.write
// CHECK: ta.read
// CHECK: ta.gather
// CHECK: ta.scatter
// CHECK: ta.concat
// CHECK: ta.split
// CHECK: ta.grad
// CHECK: ta.close
func.func @effects_kept(%h: !ta.handle<?, tensor<2xf32>>, %i: index,
                        %v: tensor<2xf32>, %idx: tensor<1xi32>,
                        %rows: tensor<1x2xf32>, %flat: tensor<4xf32>,
                        %l: tensor<2xi64>, %f: !ta.flow) {
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  %r = ta.read %h[%i], %f1 : !ta.handle<?, tensor<2xf32>>
  %g = ta.gather %h[%idx], %f1 : !ta.handle<?, tensor<2xf32>>, tensor<1xi32>
  %f2 = ta.scatter %h[%idx], %rows, %f1 : !ta.handle<?, tensor<2xf32>>, tensor<1xi32>, tensor<1x2xf32>
  %c, %cl = ta.concat %h, %f2 : !ta.handle<?, tensor<2xf32>>
  %f3 = ta.split %h, %flat, %l, %f2 : !ta.handle<?, tensor<2xf32>>, tensor<4xf32>, tensor<2xi64>
  %gh, %gf = ta.grad %h, %f3 source "s" : !ta.handle<?, tensor<2xf32>>
  ta.close %h : !ta.handle<?, tensor<2xf32>>
  return
}

// -----

// An unused array is dead (it is only an allocation); an unused size, which
// only observes the array, is dead too.
// CHECK-LABEL: func.func @dead_create
// CHECK-NOT: ta.
// CHECK: return
func.func @dead_create(%n: index) {
  %h, %f = ta.create %n : !ta.handle<?, tensor<2xf32>>
  %s = ta.size %h, %f : !ta.handle<?, tensor<2xf32>>
  return
}

// -----

// The rendezvous is shared across invocations: never dropped.
// CHECK-LABEL: func.func @unbatch_kept
// CHECK: ta.unbatch_grad
func.func @unbatch_kept(%o: tensor<?x2xf32>, %bi: tensor<?x3xi64>,
                        %g: tensor<?x2xf32>, %id: i64) {
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
  return
}

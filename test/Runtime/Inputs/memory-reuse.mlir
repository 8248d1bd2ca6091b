// The workload of memory-reuse.test: a scatter and a gather through a
// permutation, and the gradient of two scatters gathered back, on arrays of
// N x 16 f32 (4 MiB at N = 65536, 16 MiB at N = 262144). Each returns
// 3 * src: the forward gather gives src back, the accumulator 2 * src.

func.func @work_4m(%src: tensor<65536x16xf32>, %perm: tensor<65536xi32>) -> tensor<65536x16xf32> attributes {llvm.emit_c_interface} {
  %n = arith.constant 65536 : index
  %h, %f = ta.create %n : !ta.handle<65536, tensor<16xf32>>
  %f1 = ta.scatter %h[%perm], %src, %f : !ta.handle<65536, tensor<16xf32>>, tensor<65536xi32>, tensor<65536x16xf32>
  %fwd = ta.gather %h[%perm], %f1 : !ta.handle<65536, tensor<16xf32>>, tensor<65536xi32>
  %gh, %gf = ta.grad %h, %f1 source "reuse" : !ta.handle<65536, tensor<16xf32>>
  %g1 = ta.scatter %gh[%perm], %src, %gf : !ta.handle<65536, tensor<16xf32>, grad>, tensor<65536xi32>, tensor<65536x16xf32>
  %g2 = ta.scatter %gh[%perm], %src, %g1 : !ta.handle<65536, tensor<16xf32>, grad>, tensor<65536xi32>, tensor<65536x16xf32>
  %acc = ta.gather %gh[%perm], %g2 : !ta.handle<65536, tensor<16xf32>, grad>, tensor<65536xi32>
  ta.close %gh : !ta.handle<65536, tensor<16xf32>, grad>
  ta.close %h : !ta.handle<65536, tensor<16xf32>>
  %sum = arith.addf %fwd, %acc : tensor<65536x16xf32>
  return %sum : tensor<65536x16xf32>
}

func.func @work_16m(%src: tensor<262144x16xf32>, %perm: tensor<262144xi32>) -> tensor<262144x16xf32> attributes {llvm.emit_c_interface} {
  %n = arith.constant 262144 : index
  %h, %f = ta.create %n : !ta.handle<262144, tensor<16xf32>>
  %f1 = ta.scatter %h[%perm], %src, %f : !ta.handle<262144, tensor<16xf32>>, tensor<262144xi32>, tensor<262144x16xf32>
  %fwd = ta.gather %h[%perm], %f1 : !ta.handle<262144, tensor<16xf32>>, tensor<262144xi32>
  %gh, %gf = ta.grad %h, %f1 source "reuse" : !ta.handle<262144, tensor<16xf32>>
  %g1 = ta.scatter %gh[%perm], %src, %gf : !ta.handle<262144, tensor<16xf32>, grad>, tensor<262144xi32>, tensor<262144x16xf32>
  %g2 = ta.scatter %gh[%perm], %src, %g1 : !ta.handle<262144, tensor<16xf32>, grad>, tensor<262144xi32>, tensor<262144x16xf32>
  %acc = ta.gather %gh[%perm], %g2 : !ta.handle<262144, tensor<16xf32>, grad>, tensor<262144xi32>
  ta.close %gh : !ta.handle<262144, tensor<16xf32>, grad>
  ta.close %h : !ta.handle<262144, tensor<16xf32>>
  %sum = arith.addf %fwd, %acc : tensor<262144x16xf32>
  return %sum : tensor<262144x16xf32>
}

// An array whose element type has an open dim, whose slots libta_runtime
// keeps (DynamicArrays.cpp): the 4 MiB input split into four 1 MiB
// elements and concatenated back, giving src.
func.func @work_open(%src: tensor<65536x16xf32>, %perm: tensor<65536xi32>) -> tensor<65536x16xf32> attributes {llvm.emit_c_interface} {
  %slots = arith.constant 4 : index
  %h, %f = ta.create %slots {clear_after_read = false} : !ta.handle<4, tensor<?x16xf32>>
  %lengths = arith.constant dense<16384> : tensor<4xi64>
  %f1 = ta.split %h, %src, %lengths, %f : !ta.handle<4, tensor<?x16xf32>>, tensor<65536x16xf32>, tensor<4xi64>
  %v, %l = ta.concat %h, %f1 : !ta.handle<4, tensor<?x16xf32>>
  %out = tensor.cast %v : tensor<?x16xf32> to tensor<65536x16xf32>
  ta.close %h : !ta.handle<4, tensor<?x16xf32>>
  return %out : tensor<65536x16xf32>
}

// The gradient of a batched computation routed back with ta.unbatch_grad.
//
// Forward (TensorFlow's Batch): three invocations fed a linear layer
// y = x * w (elementwise, w = [2, 3]); the batcher concatenated their inputs
// in arrival order 2, 1, 3 and the last task, invocation 3, ran the layer
// on the batch:
//   x1 = [[1, 2]]   x2 = [[3, 4], [5, 6]]   x3 = [[7, 8]]
//   batch_index = [[2, 0, 2], [1, 2, 3], [3, 3, 4]]
//   x_batch = [[3, 4], [5, 6], [1, 2], [7, 8]]
// Backward: every invocation hands its dL/dy to the same unbatch_grad call
// site; 1 and 2 (empty original_input) get an empty [0, 2] back at once;
// the owner 3 gets the batch's dL/dy in batch_index row order and
// backpropagates through the layer:
//   dy1 = [[1, 1]]   dy2 = [[0.5, 0.5], [1, 0]]   dy3 = [[2, 1]]
//   dy_batch = [[0.5, 0.5], [1, 0], [1, 1], [2, 1]]
//   dL/dw = sum over rows of dy_batch * x_batch
//         = [1.5 + 5 + 1 + 14, 2 + 0 + 2 + 8] = [21.5, 12]
//   dL/dx_batch = dy_batch * w = [[1, 1.5], [2, 0], [2, 3], [4, 3]]

!M = tensor<?x2xf32>
!BI = tensor<?x3xi64>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%t: !M) {
  %u = tensor.cast %t : !M to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// One invocation's backward step. Returns dL/dw (zeros for non-owners)
// and dL/dx for the rows this invocation owns.
func.func @backward(%x_batch: !M, %bi: !BI, %dy: !M, %id: i64)
    -> (tensor<2xf32>, !M) {
  %w = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %dy_batch = ta.unbatch_grad %x_batch, %bi, %dy, %id
      {shared_name = "batched_linear"} : !M, !BI, !M
  %c0 = arith.constant 0 : index
  %n = tensor.dim %dy_batch, %c0 : !M
  %zero = arith.constant dense<0.0> : tensor<2xf32>
  %init = tensor.empty(%n) : !M
  // dL/dx = dy * w (w broadcast over rows); dL/dw = sum_rows(dy * x).
  %dx = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%dy_batch, %w : !M, tensor<2xf32>) outs(%init : !M) {
    ^bb0(%d: f32, %wv: f32, %o: f32):
      %p = arith.mulf %d, %wv : f32
      linalg.yield %p : f32
  } -> !M
  %dw = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (j)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%dy_batch, %x_batch : !M, !M) outs(%zero : tensor<2xf32>) {
    ^bb0(%d: f32, %xv: f32, %acc: f32):
      %p = arith.mulf %d, %xv : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
  } -> tensor<2xf32>
  return %dw, %dx : tensor<2xf32>, !M
}

func.func @main() {
  %no_input = tensor.empty() : tensor<0x2xf32>
  %empty = tensor.cast %no_input : tensor<0x2xf32> to !M
  %no_index = tensor.empty() : tensor<0x3xi64>
  %no_bi = tensor.cast %no_index : tensor<0x3xi64> to !BI
  %x = arith.constant dense<[[3.0, 4.0], [5.0, 6.0], [1.0, 2.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %x_batch = tensor.cast %x : tensor<4x2xf32> to !M
  %index = arith.constant dense<[[2, 0, 2], [1, 2, 3], [3, 3, 4]]> : tensor<3x3xi64>
  %bi = tensor.cast %index : tensor<3x3xi64> to !BI
  %dy1 = arith.constant dense<[[1.0, 1.0]]> : tensor<1x2xf32>
  %dy2 = arith.constant dense<[[0.5, 0.5], [1.0, 0.0]]> : tensor<2x2xf32>
  %dy3 = arith.constant dense<[[2.0, 1.0]]> : tensor<1x2xf32>
  %d1 = tensor.cast %dy1 : tensor<1x2xf32> to !M
  %d2 = tensor.cast %dy2 : tensor<2x2xf32> to !M
  %d3 = tensor.cast %dy3 : tensor<1x2xf32> to !M
  %id1 = arith.constant 1 : i64
  %id2 = arith.constant 2 : i64
  %id3 = arith.constant 3 : i64

  // Invocations 1 and 2: not owners, their dL/dx comes back empty.
  %dw1, %dx1 = call @backward(%empty, %no_bi, %d1, %id1) : (!M, !BI, !M, i64) -> (tensor<2xf32>, !M)
  %dw2, %dx2 = call @backward(%empty, %no_bi, %d2, %id2) : (!M, !BI, !M, i64) -> (tensor<2xf32>, !M)
  %c0 = arith.constant 0 : index
  %n1 = tensor.dim %dx1, %c0 : !M
  %n2 = tensor.dim %dx2, %c0 : !M
  %n1i = arith.index_cast %n1 : index to i64
  %n2i = arith.index_cast %n2 : index to i64
  call @printI64(%n1i) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%n2i) : (i64) -> ()
  call @printNewline() : () -> ()
  // Invocation 3 owns the batch.
  %dw3, %dx3 = call @backward(%x_batch, %bi, %d3, %id3) : (!M, !BI, !M, i64) -> (tensor<2xf32>, !M)
  %dw = tensor.cast %dw3 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%dw) : (tensor<*xf32>) -> ()
  call @show(%dx3) : (!M) -> ()
  return
}

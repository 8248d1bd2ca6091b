// A recurrent forward pass that writes every step into a TensorArray, and the
// backward pass TensorFlow's gradient functions build for it, accumulating
// gradients through ta.grad.
//
//   forward:  h_t = w * h_{t-1} + x_t  (elementwise, h_{-1} = 0), t = 0..T-1
//             states = stack(h_0 .. h_{T-1}),  L = sum(states)
//   backward: gather -> scatter into grad(states); write -> read of
//             grad(states); read -> write into grad(inputs); scatter ->
//             gather of grad(inputs)
//
// With T = 3, w = [0.5, 0.5], xs = [[1, 2], [3, 4], [5, 6]]:
//   states = [[1, 2], [3.5, 5], [6.75, 8.5]]
//   dL/dh  = [1.75, 1.5, 1]  (dh_t = 1 + w * dh_{t+1})
//   dL/dxs = [[1.75, 1.75], [1.5, 1.5], [1, 1]]
//   dL/dw  = dh_1 * h_0 + dh_2 * h_1 = [5, 8]

!Step = tensor<2xf32>
!TA = !ta.handle<3, tensor<2xf32>>
!Grad = !ta.handle<3, tensor<2xf32>, grad>

func.func @rnn(%xs: tensor<3x2xf32>, %w: !Step)
    -> (tensor<3x2xf32>, tensor<3x2xf32>, !Step) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %steps = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %zero = arith.constant dense<0.0> : !Step
  %one = arith.constant dense<1.0> : tensor<3x2xf32>

  // Forward.
  %in, %fin0 = ta.create %c3 {name = "inputs"} : !TA
  %fin = ta.scatter %in[%steps], %xs, %fin0 : !TA, tensor<3xi32>, tensor<3x2xf32>
  %st, %fst0 = ta.create %c3 {name = "states", clear_after_read = false} : !TA
  %fst, %hT = scf.for %t = %c0 to %c3 step %c1
      iter_args(%f = %fst0, %h = %zero) -> (!ta.flow, !Step) {
    %x = ta.read %in[%t], %fin : !TA
    %wh = arith.mulf %w, %h : !Step
    %hn = arith.addf %wh, %x : !Step
    %fn = ta.write %st[%t], %hn, %f : !TA, !Step
    scf.yield %fn, %hn : !ta.flow, !Step
  }
  %states = ta.gather %st[%steps], %fst : !TA, tensor<3xi32>

  // Backward: dL/dstates = 1 everywhere.
  %gst, %fg0 = ta.grad %st, %fst source "gradients" : !TA
  %fg = ta.scatter %gst[%steps], %one, %fg0 : !Grad, tensor<3xi32>, tensor<3x2xf32>
  %gin, %fgi0 = ta.grad %in, %fin source "gradients" : !TA
  %fgi, %dhNext, %dw = scf.for %k = %c0 to %c3 step %c1
      iter_args(%f = %fgi0, %carry = %zero, %acc = %zero)
      -> (!ta.flow, !Step, !Step) {
    // t = T - 1 - k, walking the steps backwards.
    %tk = arith.subi %c3, %k : index
    %t = arith.subi %tk, %c1 : index
    %g = ta.read %gst[%t], %fg : !Grad
    %dh = arith.addf %g, %carry : !Step
    %fn = ta.write %gin[%t], %dh, %f : !Grad, !Step
    %wdh = arith.mulf %w, %dh : !Step
    // dL/dw += dh_t * h_{t-1} for t > 0.
    %first = arith.cmpi eq, %t, %c0 : index
    %accn = scf.if %first -> (!Step) {
      scf.yield %acc : !Step
    } else {
      %tp = arith.subi %t, %c1 : index
      %hp = ta.read %st[%tp], %fst : !TA
      %term = arith.mulf %dh, %hp : !Step
      %sum = arith.addf %acc, %term : !Step
      scf.yield %sum : !Step
    }
    scf.yield %fn, %wdh, %accn : !ta.flow, !Step, !Step
  }
  %dxs = ta.gather %gin[%steps], %fgi : !Grad, tensor<3xi32>
  ta.close %in : !TA
  ta.close %st : !TA
  return %states, %dxs, %dw : tensor<3x2xf32>, tensor<3x2xf32>, !Step
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %xs = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %w = arith.constant dense<0.5> : !Step
  %states, %dxs, %dw = func.call @rnn(%xs, %w)
      : (tensor<3x2xf32>, !Step) -> (tensor<3x2xf32>, tensor<3x2xf32>, !Step)
  %s = tensor.cast %states : tensor<3x2xf32> to tensor<*xf32>
  %d = tensor.cast %dxs : tensor<3x2xf32> to tensor<*xf32>
  %g = tensor.cast %dw : !Step to tensor<*xf32>
  func.call @printMemrefF32(%s) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%d) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%g) : (tensor<*xf32>) -> ()
  return
}

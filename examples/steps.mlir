// A loop writes each step of a running sum into a growable TensorArray
// (created empty: it grows on every write past the end), then the program
// reads the steps back in reverse and prints them with the final size.
//
//   x_t = [t, 10 t],  s_t = s_{t-1} + x_t  (s_{-1} = 0),  t = 0..4
//   steps = [[0, 0], [1, 10], [3, 30], [6, 60], [10, 100]]

!Steps = !ta.handle<?, tensor<2xf32>>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%t: tensor<2xf32>) {
  %m = bufferization.to_buffer %t : tensor<2xf32> to memref<2xf32>
  %u = memref.cast %m : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant dense<0.0> : tensor<2xf32>
  %scale = arith.constant dense<[1.0, 10.0]> : tensor<2xf32>
  %h, %f0 = ta.create %c0 {dynamic_size = true, name = "steps"} : !Steps
  %f, %s = scf.for %t = %c0 to %c5 step %c1 iter_args(%fi = %f0, %acc = %zero)
      -> (!ta.flow, tensor<2xf32>) {
    %ti = arith.index_cast %t : index to i32
    %tf = arith.sitofp %ti : i32 to f32
    %tv = tensor.splat %tf : tensor<2xf32>
    %x = arith.mulf %tv, %scale : tensor<2xf32>
    %sn = arith.addf %acc, %x : tensor<2xf32>
    %fo = ta.write %h[%t], %sn, %fi : !Steps, tensor<2xf32>
    scf.yield %fo, %sn : !ta.flow, tensor<2xf32>
  }
  scf.for %k = %c0 to %c5 step %c1 {
    %r = arith.subi %c5, %k : index
    %t = arith.subi %r, %c1 : index
    %v = ta.read %h[%t], %f : !Steps
    func.call @show(%v) : (tensor<2xf32>) -> ()
  }
  %n = ta.size %h, %f : !Steps
  %n64 = arith.index_cast %n : index to i64
  call @printI64(%n64) : (i64) -> ()
  call @printNewline() : () -> ()
  ta.close %h : !Steps
  return
}

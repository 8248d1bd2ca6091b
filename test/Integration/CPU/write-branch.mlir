// A value written to an array that comes out of an scf.if whose branches
// yield different buffers (a row of a matrix, a computed tensor):
// bufferization gives the result a fully dynamic layout, which the write
// must accept (it once made bufferization allocate a memref with a strided
// layout and fail). Rows written: row 1 of [[1,2],[3,4]] (the true branch)
// at 0, and [5,6] (the false branch) at 1.
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s
// CHECK: {{\[}}[3,   4],
// CHECK-NEXT: [5,   6]]
// The same for a row sliced from such a result (also [[3,4],[5,6]]), and
// for a column of a matrix ([2,4] twice), whose slice is not row-major.
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e slice_of_branch | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e column | FileCheck %s --check-prefix=COLUMN
// COLUMN: {{\[}}[2,   4],
// COLUMN-NEXT: [2,   4]]

!T = !ta.handle<2, tensor<2xf32>>

func.func private @printMemrefF32(tensor<*xf32>)


func.func @write_picked(%h: !T, %f: !ta.flow, %m: tensor<2x2xf32>, %i: index, %take: i1) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %r = scf.if %take -> (tensor<2xf32>) {
    %s = tensor.extract_slice %m[%c1, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  } else {
    %v = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
    %e = tensor.empty() : tensor<2xf32>
    %c = linalg.copy ins(%v : tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    scf.yield %c : tensor<2xf32>
  }
  %f1 = ta.write %h[%i], %r, %f : !T, tensor<2xf32>
  return %f1 : !ta.flow
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %false = arith.constant false
  %m = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %h, %f = ta.create %c2 : !T
  %f1 = func.call @write_picked(%h, %f, %m, %c0, %true) : (!T, !ta.flow, tensor<2x2xf32>, index, i1) -> !ta.flow
  %f2 = func.call @write_picked(%h, %f1, %m, %c1, %false) : (!T, !ta.flow, tensor<2x2xf32>, index, i1) -> !ta.flow
  %both = arith.constant dense<[0, 1]> : tensor<2xi32>
  %all = ta.gather %h[%both], %f2 : !T, tensor<2xi32>
  %u = tensor.cast %all : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @write_row_of_picked(%h: !T, %f: !ta.flow, %i: index, %take: i1) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %big = arith.constant dense<[[1.0, 2.0, 7.0, 7.0], [3.0, 4.0, 7.0, 7.0]]> : tensor<2x4xf32>
  %mm = scf.if %take -> (tensor<2x2xf32>) {
    %s = tensor.extract_slice %big[0, 0] [2, 2] [1, 1] : tensor<2x4xf32> to tensor<2x2xf32>
    scf.yield %s : tensor<2x2xf32>
  } else {
    %v = arith.constant dense<[[9.0, 9.0], [5.0, 6.0]]> : tensor<2x2xf32>
    %e = tensor.empty() : tensor<2x2xf32>
    %c = linalg.copy ins(%v : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
    scf.yield %c : tensor<2x2xf32>
  }
  %r = tensor.extract_slice %mm[%c1, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<2xf32>
  %f1 = ta.write %h[%i], %r, %f : !T, tensor<2xf32>
  return %f1 : !ta.flow
}

func.func @write_column(%h: !T, %f: !ta.flow, %m: tensor<2x2xf32>, %i: index) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %r = tensor.extract_slice %m[0, %c1] [2, 1] [1, 1] : tensor<2x2xf32> to tensor<2xf32>
  %f1 = ta.write %h[%i], %r, %f : !T, tensor<2xf32>
  return %f1 : !ta.flow
}

func.func @show_all(%h: !T, %f: !ta.flow) {
  %both = arith.constant dense<[0, 1]> : tensor<2xi32>
  %all = ta.gather %h[%both], %f : !T, tensor<2xi32>
  %u = tensor.cast %all : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @slice_of_branch() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %false = arith.constant false
  %h, %f = ta.create %c2 : !T
  %f1 = func.call @write_row_of_picked(%h, %f, %c0, %true) : (!T, !ta.flow, index, i1) -> !ta.flow
  %f2 = func.call @write_row_of_picked(%h, %f1, %c1, %false) : (!T, !ta.flow, index, i1) -> !ta.flow
  func.call @show_all(%h, %f2) : (!T, !ta.flow) -> ()
  return
}

func.func @column() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %h, %f = ta.create %c2 : !T
  %f1 = func.call @write_column(%h, %f, %m, %c0) : (!T, !ta.flow, tensor<2x2xf32>, index) -> !ta.flow
  %f2 = func.call @write_column(%h, %f1, %m, %c1) : (!T, !ta.flow, tensor<2x2xf32>, index) -> !ta.flow
  func.call @show_all(%h, %f2) : (!T, !ta.flow) -> ()
  return
}

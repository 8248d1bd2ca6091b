// The patterns' symbol table takes a module whose body holds a symbol
// without a name (an unnamed nested module, whose name is optional): it is
// left out of the table, and the module's ops are lowered.
// RUN: ta-opt %s --ta-test-memref-patterns | FileCheck %s

// CHECK: module {
// CHECK-NEXT: }
// CHECK-LABEL: func.func @f
// CHECK: call @__ta_write_array_strict_2xf32(
// CHECK: func.func private @__ta_write_array_strict_2xf32(
module {
  module {
  }
  func.func @f(%h: !ta.handle<4, tensor<2xf32>>, %i: index, %v: tensor<2xf32>, %f: !ta.flow) {
    %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<2xf32>
    return
  }
}

// The patterns' symbol table, and the pass's check of reserved names, take
// a module whose body holds a symbol without a name (an unnamed nested
// module, whose name is optional): it is passed over, and the module's ops
// are lowered.
// RUN: ta-opt %s --ta-test-memref-patterns | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref | FileCheck %s

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

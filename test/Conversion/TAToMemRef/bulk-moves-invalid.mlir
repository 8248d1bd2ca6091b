// bulk-moves moves the data of accesses written out where they are; with
// access functions (outline-accesses, the default) it is a clean error.
// RUN: not ta-opt %s --ta-lower-to-memref=bulk-moves=true 2>&1 | FileCheck %s
// CHECK: error: bulk-moves needs outline-accesses=false: the data of outlined accesses moves in their functions

func.func @gather(%h: !ta.handle<8, tensor<4xf32>>, %f: !ta.flow) -> tensor<2x4xf32> {
  %idx = arith.constant dense<[1, 0]> : tensor<2xi32>
  %g = ta.gather %h[%idx], %f : !ta.handle<8, tensor<4xf32>>, tensor<2xi32>
  return %g : tensor<2x4xf32>
}

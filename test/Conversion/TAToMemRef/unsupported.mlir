// Module symbols that take the names ta-lower-to-memref reserves are
// diagnosed, not miscompiled.
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file -verify-diagnostics

// The names of the growth and access functions are ta's: a symbol of the module that takes
// one is diagnosed, not called in its place.
// expected-error @+1 {{'func.func' op is named '__ta_grow_8', a name ta-lower-to-memref reserves for its internal functions}}
func.func private @__ta_grow_8(memref<?xmemref<?xi8>, strided<[1], offset: ?>>, i64)

func.func @grows(%h: !ta.handle<?, tensor<2xf32>>, %i: index, %v: tensor<2xf32>, %f: !ta.flow) {
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  return
}

// -----

// So are the reservation functions' (a growable array that a loop fills).
// expected-error @+1 {{'func.func' op is named '__ta_reserve_strict_16', a name ta-lower-to-memref reserves for its internal functions}}
func.func private @__ta_reserve_strict_16(i64)

func.func @fills(%v: tensor<4xf32>, %ub: index) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !ta.handle<?, tensor<4xf32>>
  %fw = scf.for %k = %c0 to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !ta.handle<?, tensor<4xf32>>, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

// So are the access functions' names: a declaration under one.
// expected-error @+1 {{'func.func' op is named '__ta_read_array_strict_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func private @__ta_read_array_strict_2xf32(memref<?xmemref<?xi8>, strided<[1], offset: ?>>, i64) -> index

func.func @reads(%h: !ta.handle<4, tensor<2xf32>>, %i: index, %f: !ta.flow) -> tensor<2xf32> {
  %v = ta.read %h[%i], %f : !ta.handle<4, tensor<2xf32>>
  return %v : tensor<2xf32>
}

// -----

// So are the gradient functions' names.
// expected-error @+1 {{'func.func' op is named '__ta_grad_strict_2xf32_of_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func @__ta_grad_strict_2xf32_of_2xf32() {
  return
}

func.func @grads(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %g, %gf = ta.grad %h, %f source "s" : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

// An internal function of another type under a gradient function's name:
// not one the lowering made (an internal one of its type is taken as the
// lowering's own, from an earlier run on the module).
// expected-error @+1 {{'func.func' op is named '__ta_grad_strict_2xf32_of_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func private @__ta_grad_strict_2xf32_of_2xf32() attributes {llvm.linkage = #llvm.linkage<internal>} {
  return
}

func.func @grads_typed(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %g, %gf = ta.grad %h, %f source "s" : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

// So are the split functions' names.
// expected-error @+1 {{'func.func' op is named '__ta_split_array_strict_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func @__ta_split_array_strict_2xf32() {
  return
}

// -----

// And the concat functions'.
// expected-error @+1 {{'func.func' op is named '__ta_concat_grad_none_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func private @__ta_concat_grad_none_2xf32(memref<?x2xf32>)

// -----

// And their count functions'.
// expected-error @+1 {{'func.func' op is named '__ta_concat_count_array_strict_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func @__ta_concat_count_array_strict_2xf32() -> index {
  %c0 = arith.constant 0 : index
  return %c0 : index
}

// -----

// And the create functions' and the close function's.
// expected-error @+1 {{'func.func' op is named '__ta_create_zeroed_array_none_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func private @__ta_create_zeroed_array_none_2xf32(index)

// -----

// expected-error @+1 {{'func.func' op is named '__ta_close', a name ta-lower-to-memref reserves for its internal functions}}
func.func @__ta_close() {
  return
}

// -----

// Functions of one type each are the lowering's own only with that type:
// an internal one of another type is refused too.
// expected-error @+1 {{'func.func' op is named '__ta_close', a name ta-lower-to-memref reserves for its internal functions}}
func.func private @__ta_close(%a: i64) attributes {llvm.linkage = #llvm.linkage<internal>} {
  return
}

// -----

// So is the name of the test of a fresh buffer's zeroes (a user function
// of that name crashed the lowering).
// expected-error @+1 {{'func.func' op is named '__ta_fresh_buffer_is_zero', a name ta-lower-to-memref reserves for its internal functions}}
func.func @__ta_fresh_buffer_is_zero(%a: i64) -> i1 {
  %t = arith.constant true
  return %t : i1
}
func.func @f(%n: index, %v: tensor<2xf32>) {
  %h, %f = ta.create %n : !ta.handle<?, tensor<2xf32>>
  %c0 = arith.constant 0 : index
  %f1 = ta.write %h[%c0], %v, %f : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  return
}

// -----

// And the gather functions'.
// expected-error @+1 {{'func.func' op is named '__ta_gather_i32_array_strict_2xf32', a name ta-lower-to-memref reserves for its internal functions}}
func.func @__ta_gather_i32_array_strict_2xf32() {
  return
}

// -----

// So are libta_runtime's names: a function of another type, or another
// kind of symbol, under the name of a function lowered code calls.
// expected-error @+1 {{'func.func' op is named '_ta_rt_fail', the runtime function of type '(i32, i64, i64, i64, i64) -> ()' that lowered ta code calls}}
func.func private @_ta_rt_fail(i32)

// -----

// expected-error @+1 {{'memref.global' op is named '_ta_rt_check_accumulator', the runtime function of type '(i64, i64) -> ()' that lowered ta code calls}}
memref.global "private" constant @_ta_rt_check_accumulator : memref<1xi8> = dense<0>

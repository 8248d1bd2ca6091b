// ta-mark-runtime-allocators: libta_runtime's definitions of MLIR's generic
// allocation functions get the attributes LLVM gives malloc, aligned_alloc
// and free, so that LLVM optimizes around them (and deletes unused
// allocations) as it does around those; other functions are left alone.
// RUN: ta-opt %s --ta-mark-runtime-allocators | FileCheck %s
// RUN: ta-opt %s --ta-mark-runtime-allocators | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> (!llvm.ptr {llvm.noalias}) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = readwrite{{.*}}>, no_unwind, passthrough = {{\[}}["allockind", "9"], ["alloc-family", "malloc"], ["allocsize", "4294967295"]], will_return}
// CHECK: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64 {llvm.allocalign}, i64) -> (!llvm.ptr {llvm.noalias}) attributes {{{.*}}passthrough = {{\[}}["allockind", "41"], ["alloc-family", "malloc"], ["allocsize", "8589934591"]]
// CHECK: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr {llvm.allocptr, llvm.nocapture}) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite{{.*}}>, no_unwind, passthrough = {{\[}}["allockind", "4"], ["alloc-family", "malloc"]], will_return}
// CHECK: llvm.func @other(i64) -> !llvm.ptr{{$}}
// IR-DAG: declare noalias ptr @_mlir_memref_to_llvm_alloc(i64) #[[A:[0-9]+]]
// IR-DAG: declare noalias ptr @_mlir_memref_to_llvm_aligned_alloc(i64 allocalign, i64) #[[B:[0-9]+]]
// IR-DAG: declare void @_mlir_memref_to_llvm_free(ptr allocptr captures(none)) #[[F:[0-9]+]]
// IR-DAG: attributes #[[A]] = { nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" }
// IR-DAG: attributes #[[B]] = { nounwind willreturn allockind("alloc,uninitialized,aligned") allocsize(1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" }
// IR-DAG: attributes #[[F]] = { nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" }
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
llvm.func @other(i64) -> !llvm.ptr

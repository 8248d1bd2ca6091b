//===- print.cpp - MLIR's print functions without libLLVM -----------------===//
//
// The printing functions the integration programs call (printMemrefF32,
// printMemrefI32, printI64, printString, printNewline, printComma), with
// exactly the output of libmlir_runner_utils/libmlir_c_runner_utils (the same
// header templates), for executables that must run where LLVM is not installed:
// those libraries link libLLVM. Linked into the GPU bundle's programs and
// into their CPU twins, whose output is checked against the programs' CHECK
// lines when the bundle is built.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/RunnerUtils.h"

#include <cinttypes>
#include <cstdio>

// Both ABIs: the C interface (a descriptor pointer; what func.call of a
// declaration with llvm.emit_c_interface calls) and (rank, pointer).
#define TA_PRINT_MEMREF(Suffix, T)                                             \
  extern "C" void _mlir_ciface_printMemref##Suffix(                            \
      UnrankedMemRefType<T> *descriptor) {                                     \
    impl::printMemRef(*descriptor);                                            \
  }                                                                            \
  extern "C" void printMemref##Suffix(int64_t rank, void *ptr) {               \
    UnrankedMemRefType<T> descriptor = {rank, ptr};                            \
    impl::printMemRef(descriptor);                                             \
  }
TA_PRINT_MEMREF(F32, float)
TA_PRINT_MEMREF(I32, int32_t)
TA_PRINT_MEMREF(I64, int64_t)
#undef TA_PRINT_MEMREF

// As CRunnerUtils.cpp writes them (stdio; std::cout is synchronized with it).
extern "C" void printI64(int64_t value) {
  std::fprintf(stdout, "%" PRId64, value);
}

extern "C" void printString(const char *text) { std::fputs(text, stdout); }

extern "C" void printNewline() { std::fputc('\n', stdout); }

extern "C" void printComma() { std::fputs(", ", stdout); }

//===- print.cpp - MLIR's print functions without libLLVM -----------------===//
//
// The printing functions the integration programs call (printMemrefF32,
// printMemrefI32, printMemrefI64, printMemrefF64, printI64, printString,
// printNewline, printComma) and memrefCopy (what a copy of unranked memrefs
// calls), with
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
#include <cstring>
#include <vector>

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
TA_PRINT_MEMREF(F64, double)
#undef TA_PRINT_MEMREF

// memref.copy of memrefs the compiler does not see the layout of (unranked
// ones: a copy the host makes), as CRunnerUtils.cpp defines it: element by
// element in row-major order, through both memrefs' strides.
extern "C" void memrefCopy(int64_t elemSize, UnrankedMemRefType<char> *srcArg,
                           UnrankedMemRefType<char> *dstArg) {
  DynamicMemRefType<char> src(*srcArg);
  DynamicMemRefType<char> dst(*dstArg);
  int64_t rank = src.rank;
  char *from = src.data + src.offset * elemSize;
  char *to = dst.data + dst.offset * elemSize;
  if (rank == 0) {
    std::memcpy(to, from, elemSize);
    return;
  }
  for (int64_t axis = 0; axis < rank; ++axis)
    if (src.sizes[axis] == 0)
      return;
  std::vector<int64_t> indices(rank, 0);
  int64_t read = 0, write = 0;
  for (;;) {
    std::memcpy(to + write * elemSize, from + read * elemSize, elemSize);
    for (int64_t axis = rank - 1;; --axis) {
      read += src.strides[axis];
      write += dst.strides[axis];
      if (++indices[axis] < src.sizes[axis])
        break;
      if (axis == 0)
        return;
      read -= src.sizes[axis] * src.strides[axis];
      write -= dst.sizes[axis] * dst.strides[axis];
      indices[axis] = 0;
    }
  }
}

// As CRunnerUtils.cpp writes them (stdio; std::cout is synchronized with it).
extern "C" void printI64(int64_t value) {
  std::fprintf(stdout, "%" PRId64, value);
}

extern "C" void printString(const char *text) { std::fputs(text, stdout); }

extern "C" void printNewline() { std::fputc('\n', stdout); }

extern "C" void printComma() { std::fputs(", ", stdout); }

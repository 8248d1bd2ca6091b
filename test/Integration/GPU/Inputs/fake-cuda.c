/*===- fake-cuda.c - a CUDA driver without a GPU, for launch checks -------===*\
|*                                                                            *|
|* The driver API entry points libta_cuda_runtime resolves (loaded in place   *|
|* of libcuda.so.1 through TA_CUDA_DRIVER), on host memory: allocations are   *|
|* zeroed host memory, copies and memsets run at once, and a kernel launch    *|
|* runs nothing: it is validated the way CUDA validates it (every grid and    *|
|* block dimension >= 1, gridDim.x < 2^31, gridDim.y and .z < 2^16, at most   *|
|* 1024 threads per block; CUDA_ERROR_INVALID_VALUE otherwise) and counted.   *|
|* cuModuleUnload answers CUDA_ERROR_DEINITIALIZED, what a real driver        *|
|* answers once it has shut down at exit. At exit the library prints          *|
|* "fake-cuda: N launches, N rejected, N allocations, N frees" on stderr.     *|
|*                                                                            *|
|* Programs whose kernels would only write zeros (a zero-size program, say)   *|
|* run correctly on it: what they print and how they exit is what a GPU       *|
|* gives.                                                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kDeinitialized = 4,
};

static long launches, rejected, allocations, frees;

__attribute__((destructor)) static void report(void) {
  fprintf(stderr,
          "fake-cuda: %ld launches, %ld rejected, %ld allocations, %ld "
          "frees\n",
          launches, rejected, allocations, frees);
}

CUresult cuInit(unsigned flags) { return flags ? kInvalidValue : kSuccess; }
CUresult cuGetErrorName(CUresult r, const char **name) {
  *name = r == kInvalidValue    ? "CUDA_ERROR_INVALID_VALUE"
          : r == kDeinitialized ? "CUDA_ERROR_DEINITIALIZED"
                                : "CUDA_ERROR_UNKNOWN";
  return kSuccess;
}
CUresult cuGetErrorString(CUresult r, const char **text) {
  *text = r == kInvalidValue ? "invalid argument" : "fake";
  return kSuccess;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}
CUresult cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? kSuccess : kInvalidValue;
}
CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  static int dummy;
  *context = &dummy;
  return device == 0 ? kSuccess : kInvalidValue;
}
CUresult cuCtxSetCurrent(void *context) {
  return context ? kSuccess : kInvalidValue;
}
CUresult cuCtxSynchronize(void) { return kSuccess; }

static int module;
CUresult cuModuleLoadData(void **m, const void *image) {
  *m = &module;
  return image ? kSuccess : kInvalidValue;
}
CUresult cuModuleLoadDataEx(void **m, const void *image, unsigned n,
                            int *options, void **values) {
  (void)n, (void)options, (void)values;
  return cuModuleLoadData(m, image);
}
CUresult cuModuleUnload(void *m) {
  (void)m;
  return kDeinitialized;
}
CUresult cuModuleGetFunction(void **function, void *m, const char *name) {
  *function = (void *)name;
  return m == &module && name ? kSuccess : kInvalidValue;
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned smem,
                        void *stream, void **params, void **extra) {
  (void)f, (void)smem, (void)stream, (void)params, (void)extra;
  ++launches;
  if (gx == 0 || gy == 0 || gz == 0 || bx == 0 || by == 0 || bz == 0 ||
      gx > 2147483647u || gy > 65535 || gz > 65535 ||
      (uint64_t)bx * by * bz > 1024) {
    ++rejected;
    return kInvalidValue;
  }
  return kSuccess;
}

static int stream, event;
CUresult cuStreamCreate(void **s, unsigned flags) {
  (void)flags;
  *s = &stream;
  return kSuccess;
}
CUresult cuStreamDestroy_v2(void *s) { return s ? kSuccess : kInvalidValue; }
CUresult cuStreamSynchronize(void *s) { return s ? kSuccess : kInvalidValue; }
CUresult cuStreamWaitEvent(void *s, void *e, unsigned flags) {
  (void)flags;
  return s && e ? kSuccess : kInvalidValue;
}
CUresult cuEventCreate(void **e, unsigned flags) {
  (void)flags;
  *e = &event;
  return kSuccess;
}
CUresult cuEventDestroy_v2(void *e) { return e ? kSuccess : kInvalidValue; }
CUresult cuEventRecord(void *e, void *s) {
  (void)s;
  return e ? kSuccess : kInvalidValue;
}
CUresult cuEventSynchronize(void *e) { return e ? kSuccess : kInvalidValue; }

CUresult cuMemAlloc_v2(uint64_t *pointer, size_t bytes) {
  void *p = calloc(1, bytes ? bytes : 1);
  ++allocations;
  *pointer = (uint64_t)(uintptr_t)p;
  return p ? kSuccess : 2 /* CUDA_ERROR_OUT_OF_MEMORY */;
}
CUresult cuMemAllocManaged(uint64_t *pointer, size_t bytes, unsigned flags) {
  (void)flags;
  return cuMemAlloc_v2(pointer, bytes);
}
CUresult cuMemFree_v2(uint64_t pointer) {
  ++frees;
  free((void *)(uintptr_t)pointer);
  return kSuccess;
}
CUresult cuMemcpyAsync(uint64_t dst, uint64_t src, size_t bytes, void *s) {
  (void)s;
  memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
  return kSuccess;
}
CUresult cuMemsetD32Async(uint64_t dst, unsigned value, size_t n, void *s) {
  (void)s;
  for (size_t i = 0; i < n; ++i)
    memcpy((char *)(uintptr_t)dst + 4 * i, &value, 4);
  return kSuccess;
}
CUresult cuMemsetD16Async(uint64_t dst, unsigned short value, size_t n,
                          void *s) {
  (void)s;
  for (size_t i = 0; i < n; ++i)
    memcpy((char *)(uintptr_t)dst + 2 * i, &value, 2);
  return kSuccess;
}
CUresult cuMemHostRegister_v2(void *p, size_t bytes, unsigned flags) {
  (void)bytes, (void)flags;
  return p ? kSuccess : kInvalidValue;
}
CUresult cuMemHostUnregister(void *p) { return p ? kSuccess : kInvalidValue; }

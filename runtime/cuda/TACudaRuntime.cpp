//===- TACudaRuntime.cpp - libta_cuda_runtime: mgpu* on the driver API ----===//
//
// The functions host code lowered by MLIR's gpu-to-llvm calls (mgpu*, the
// ABI of MLIR's CudaRuntimeWrappers, which Debian does not ship), on the
// CUDA driver API. The driver is opened with dlopen on first use and its
// entry points looked up by name, so this library needs no CUDA headers to
// build and loads on machines without a GPU or driver; there, the first GPU
// operation stops the program with a clear message. Every driver call is
// checked: a failure prints "ta cuda runtime error: <call>: <CUDA error>"
// and exits with status 1, like every ta runtime error.
//
// All work runs in the device's primary context (device 0, or the one set
// by mgpuSetDefaultDevice), made current on each calling thread.
//
//===----------------------------------------------------------------------===//

#include "ta/Runtime/TACudaRuntime.h"

#include "BlockCache.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <string>

#define TA_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

// The few driver API types and constants used (cuda.h, CUDA 12/13).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUjit_option = int;
constexpr CUresult kSuccess = 0;
/// What every call returns once the driver has shut down (at exit, before
/// the lowered module's destructor unloads its kernels).
constexpr CUresult kDeinitialized = 4;
constexpr unsigned kStreamNonBlocking = 0x1;
constexpr unsigned kEventDisableTiming = 0x2;
constexpr unsigned kMemAttachGlobal = 0x1;
constexpr int64_t kMaxGridX = 2147483647;
constexpr int64_t kMaxGridYZ = 65535;
constexpr int64_t kMaxBlockThreads = 1024;
/// What an allocation of 0 bytes takes: room for one element of any type.
constexpr uint64_t kEmptyBytes = 64;
constexpr CUjit_option kJitErrorLogBuffer = 5;
constexpr CUjit_option kJitErrorLogBufferSizeBytes = 6;
constexpr CUjit_option kJitOptimizationLevel = 7;

template <typename T> using Fn = T *;

/// The driver entry points, resolved by name (the `_v2` names are what
/// cuda.h's macros select).
struct Driver {
#define TA_DRIVER_FUNCTIONS(X)                                                 \
  X(cuInit, CUresult(unsigned))                                                \
  X(cuGetErrorName, CUresult(CUresult, const char **))                         \
  X(cuGetErrorString, CUresult(CUresult, const char **))                       \
  X(cuDeviceGetCount, CUresult(int *))                                         \
  X(cuDeviceGet, CUresult(CUdevice *, int))                                    \
  X(cuDevicePrimaryCtxRetain, CUresult(CUcontext *, CUdevice))                 \
  X(cuCtxSetCurrent, CUresult(CUcontext))                                      \
  X(cuCtxSynchronize, CUresult())                                              \
  X(cuModuleLoadData, CUresult(CUmodule *, const void *))                      \
  X(cuModuleLoadDataEx,                                                        \
    CUresult(CUmodule *, const void *, unsigned, CUjit_option *, void **))     \
  X(cuModuleUnload, CUresult(CUmodule))                                        \
  X(cuModuleGetFunction, CUresult(CUfunction *, CUmodule, const char *))       \
  X(cuLaunchKernel,                                                            \
    CUresult(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,     \
             unsigned, unsigned, CUstream, void **, void **))                  \
  X(cuStreamCreate, CUresult(CUstream *, unsigned))                            \
  X(cuStreamDestroy_v2, CUresult(CUstream))                                    \
  X(cuStreamSynchronize, CUresult(CUstream))                                   \
  X(cuStreamWaitEvent, CUresult(CUstream, CUevent, unsigned))                  \
  X(cuEventCreate, CUresult(CUevent *, unsigned))                              \
  X(cuEventDestroy_v2, CUresult(CUevent))                                      \
  X(cuEventRecord, CUresult(CUevent, CUstream))                                \
  X(cuEventSynchronize, CUresult(CUevent))                                     \
  X(cuMemAlloc_v2, CUresult(CUdeviceptr *, size_t))                            \
  X(cuMemAllocManaged, CUresult(CUdeviceptr *, size_t, unsigned))              \
  X(cuMemFree_v2, CUresult(CUdeviceptr))                                       \
  X(cuMemcpyAsync, CUresult(CUdeviceptr, CUdeviceptr, size_t, CUstream))       \
  X(cuMemsetD32Async, CUresult(CUdeviceptr, unsigned, size_t, CUstream))       \
  X(cuMemsetD16Async, CUresult(CUdeviceptr, unsigned short, size_t, CUstream)) \
  X(cuMemHostRegister_v2, CUresult(void *, size_t, unsigned))                  \
  X(cuMemHostUnregister, CUresult(void *))
#define TA_DECLARE(name, type) Fn<type> name = nullptr;
  TA_DRIVER_FUNCTIONS(TA_DECLARE)
#undef TA_DECLARE

  /// Empty when the driver works; otherwise why not.
  std::string problem;
  int devices = 0;
};

std::once_flag driverOnce;
Driver *driver = nullptr;
int defaultDevice = 0;

[[noreturn]] void fatal(const std::string &message) {
  // exit() runs the lowered module's destructor (mgpuModuleUnload), which
  // may fail again: report once.
  static std::atomic<bool> failing{false};
  if (failing.exchange(true))
    _Exit(1);
  fflush(stdout);
  fprintf(stderr, "ta cuda runtime error: %s\n", message.c_str());
  fflush(stderr);
  exit(1);
}

/// Names of the errors a driver without a device gives, for drivers (like
/// the toolkit's stub) that cannot name them.
const char *fallbackName(CUresult result) {
  switch (result) {
  case 3:
    return "CUDA_ERROR_NOT_INITIALIZED";
  case 34:
    return "CUDA_ERROR_STUB_LIBRARY";
  case 35:
    return "CUDA_ERROR_INSUFFICIENT_DRIVER";
  case 100:
    return "CUDA_ERROR_NO_DEVICE";
  default:
    return nullptr;
  }
}

std::string errorText(const Driver &d, CUresult result) {
  const char *name = nullptr, *text = nullptr;
  if (!d.cuGetErrorName || d.cuGetErrorName(result, &name) != kSuccess)
    name = fallbackName(result);
  if (!d.cuGetErrorString || d.cuGetErrorString(result, &text) != kSuccess)
    text = nullptr;
  return std::string(name ? name : "CUDA error " + std::to_string(result)) +
         (text ? std::string(" (") + text + ")" : std::string());
}

/// Opens and initialises the driver once; never stops the program.
Driver &loadDriver() {
  std::call_once(driverOnce, [] {
    auto *d = new Driver; // never freed: used until exit
    driver = d;
    const char *path = getenv("TA_CUDA_DRIVER");
    if (!path || !*path)
      path = "libcuda.so.1";
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *why = dlerror();
      d->problem = std::string("cannot load the CUDA driver ") + path + ": " +
                   (why ? why : "unknown error");
      return;
    }
#define TA_RESOLVE(name, type)                                                 \
  d->name = reinterpret_cast<Fn<type>>(dlsym(library, #name));                 \
  if (!d->name) {                                                              \
    d->problem = std::string("the CUDA driver ") + path + " lacks " #name;     \
    return;                                                                    \
  }
    TA_DRIVER_FUNCTIONS(TA_RESOLVE)
#undef TA_RESOLVE
    CUresult result = d->cuInit(0);
    if (result == kSuccess)
      result = d->cuDeviceGetCount(&d->devices);
    if (result != kSuccess) {
      d->problem = "cuInit: " + errorText(*d, result);
      d->devices = 0;
      return;
    }
    if (d->devices == 0)
      d->problem = "the CUDA driver reports no device";
  });
  return *driver;
}

/// The driver, with the primary context of the default device current on
/// this thread; stops the program when there is no usable device.
Driver &cuda() {
  Driver &d = loadDriver();
  if (!d.problem.empty())
    fatal("no CUDA device: " + d.problem);
  thread_local int current = -1;
  if (current != defaultDevice) {
    if (defaultDevice < 0 || defaultDevice >= d.devices)
      fatal("no CUDA device " + std::to_string(defaultDevice) + " (" +
            std::to_string(d.devices) + " present)");
    CUdevice device;
    CUcontext context;
    CUresult result = d.cuDeviceGet(&device, defaultDevice);
    if (result == kSuccess)
      result = d.cuDevicePrimaryCtxRetain(&context, device);
    if (result == kSuccess)
      result = d.cuCtxSetCurrent(context);
    if (result != kSuccess)
      fatal("cannot make device " + std::to_string(defaultDevice) +
            " current: " + errorText(d, result));
    current = defaultDevice;
  }
  return d;
}

void check(CUresult result, const char *call) {
  if (result != kSuccess)
    fatal(std::string(call) + ": " + errorText(*driver, result));
}

#define CUDA_CHECK(d, call) check((d).call, #call)

} // namespace

TA_EXPORT int32_t ta_cuda_device_count(void) { return loadDriver().devices; }

TA_EXPORT const char *ta_cuda_status(void) {
  Driver &d = loadDriver();
  return d.problem.empty() ? "ok" : d.problem.c_str();
}

TA_EXPORT void ta_cuda_synchronize(void) {
  CUDA_CHECK(cuda(), cuCtxSynchronize());
}

//===----------------------------------------------------------------------===//
// The mgpu* ABI (signatures as gpu-to-llvm declares them in MLIR 22)
//===----------------------------------------------------------------------===//

TA_EXPORT void mgpuSetDefaultDevice(int32_t device) { defaultDevice = device; }

TA_EXPORT CUmodule mgpuModuleLoad(void *data, size_t /*gpuBlobSize*/) {
  Driver &d = cuda();
  CUmodule module = nullptr;
  CUDA_CHECK(d, cuModuleLoadData(&module, data));
  return module;
}

TA_EXPORT CUmodule mgpuModuleLoadJIT(void *data, int optLevel) {
  Driver &d = cuda();
  CUmodule module = nullptr;
  char log[4096] = "";
  CUjit_option options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes,
                            kJitOptimizationLevel};
  void *values[] = {log, reinterpret_cast<void *>(sizeof(log)),
                    reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  CUresult result = d.cuModuleLoadDataEx(&module, data, 3, options, values);
  if (result != kSuccess)
    fatal("cuModuleLoadDataEx (PTX JIT): " + errorText(d, result) +
          (log[0] ? std::string(": ") + log : std::string()));
  return module;
}

TA_EXPORT void mgpuModuleUnload(CUmodule module) {
  if (!module)
    return;
  // The lowered module unloads its kernels in a global destructor, which may
  // run after the driver has shut down at exit: then there is nothing left to
  // unload.
  CUresult result = cuda().cuModuleUnload(module);
  if (result != kDeinitialized)
    check(result, "cuModuleUnload(module)");
}

TA_EXPORT CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  CUfunction function = nullptr;
  CUDA_CHECK(cuda(), cuModuleGetFunction(&function, module, name));
  return function;
}

TA_EXPORT void mgpuLaunchKernel(CUfunction function, intptr_t gridX,
                                intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                                intptr_t blockY, intptr_t blockZ, int32_t smem,
                                CUstream stream, void **params, void **extra,
                                size_t /*paramsCount*/) {
  // An empty grid is no work: CUDA rejects a zero dimension.
  if (gridX == 0 || gridY == 0 || gridZ == 0 || blockX == 0 || blockY == 0 ||
      blockZ == 0)
    return;
  if (gridX < 0 || gridY < 0 || gridZ < 0 || gridX > kMaxGridX ||
      gridY > kMaxGridYZ || gridZ > kMaxGridYZ || blockX < 0 || blockY < 0 ||
      blockZ < 0 || blockX * blockY * blockZ > kMaxBlockThreads)
    fatal("kernel launch outside CUDA's limits: grid (" +
          std::to_string(gridX) + ", " + std::to_string(gridY) + ", " +
          std::to_string(gridZ) + "), block (" + std::to_string(blockX) + ", " +
          std::to_string(blockY) + ", " + std::to_string(blockZ) + ")");
  CUDA_CHECK(cuda(),
             cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY,
                            blockZ, smem, stream, params, extra));
}

namespace {
/// The stream of the calling thread: every async region of lowered code on a
/// thread runs on it, in program order (gpu-async-region asks for a stream
/// per region; creating and destroying one each time costs more than the
/// small kernels it orders).
thread_local CUstream threadStream = nullptr;
} // namespace

TA_EXPORT CUstream mgpuStreamCreate() {
  if (!threadStream)
    CUDA_CHECK(cuda(), cuStreamCreate(&threadStream, kStreamNonBlocking));
  return threadStream;
}

TA_EXPORT void mgpuStreamDestroy(CUstream stream) {
  if (stream != threadStream)
    CUDA_CHECK(cuda(), cuStreamDestroy_v2(stream));
}

TA_EXPORT void mgpuStreamSynchronize(CUstream stream) {
  CUDA_CHECK(cuda(), cuStreamSynchronize(stream));
}

TA_EXPORT void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  CUDA_CHECK(cuda(), cuStreamWaitEvent(stream, event, 0));
}

TA_EXPORT CUevent mgpuEventCreate() {
  CUevent event = nullptr;
  CUDA_CHECK(cuda(), cuEventCreate(&event, kEventDisableTiming));
  return event;
}

TA_EXPORT void mgpuEventDestroy(CUevent event) {
  CUDA_CHECK(cuda(), cuEventDestroy_v2(event));
}

TA_EXPORT void mgpuEventSynchronize(CUevent event) {
  CUDA_CHECK(cuda(), cuEventSynchronize(event));
}

TA_EXPORT void mgpuEventRecord(CUevent event, CUstream stream) {
  CUDA_CHECK(cuda(), cuEventRecord(event, stream));
}

namespace {
/// Freed blocks kept for reuse, up to TA_CUDA_CACHE_BYTES bytes (default
/// 4 GiB; 0 turns the cache off).
ta::cuda::BlockCache &blockCache() {
  static auto *cache = [] {
    uint64_t limit = uint64_t(4) << 30;
    if (const char *text = getenv("TA_CUDA_CACHE_BYTES"))
      limit = strtoull(text, nullptr, 10);
    return new ta::cuda::BlockCache(limit); // never freed: used until exit
  }();
  return *cache;
}

void release(Driver &d, const std::vector<uint64_t> &blocks) {
  for (uint64_t block : blocks)
    CUDA_CHECK(d, cuMemFree_v2(block));
}

CUresult allocate(Driver &d, CUdeviceptr *pointer, uint64_t bytes,
                  bool hostShared) {
  return hostShared ? d.cuMemAllocManaged(pointer, bytes, kMemAttachGlobal)
                    : d.cuMemAlloc_v2(pointer, bytes);
}
} // namespace

TA_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, CUstream /*stream*/,
                             bool isHostShared) {
  Driver &d = cuda();
  // An empty buffer has an address of its own, as malloc(0) gives one on
  // the CPU (what reads "its first element", MLIR's printMemref of an empty
  // memref, reads memory, not null).
  if (sizeBytes == 0)
    sizeBytes = kEmptyBytes;
  ta::cuda::BlockCache::Key key{sizeBytes, isHostShared};
  if (uint64_t block = blockCache().take(key))
    return reinterpret_cast<void *>(block);
  CUdeviceptr pointer = 0;
  CUresult result = allocate(d, &pointer, sizeBytes, isHostShared);
  if (result != kSuccess) {
    // Out of memory, perhaps only because of what the cache holds.
    release(d, blockCache().drain());
    result = allocate(d, &pointer, sizeBytes, isHostShared);
  }
  check(result,
        isHostShared ? "cuMemAllocManaged(bytes)" : "cuMemAlloc(bytes)");
  blockCache().track(pointer, key);
  return reinterpret_cast<void *>(pointer);
}

TA_EXPORT void mgpuMemFree(void *pointer, CUstream /*stream*/) {
  if (!pointer)
    return;
  release(cuda(), blockCache().give(reinterpret_cast<uint64_t>(pointer)));
}

TA_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                          CUstream stream) {
  CUDA_CHECK(cuda(), cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                   reinterpret_cast<CUdeviceptr>(src),
                                   sizeBytes, stream));
}

TA_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                            CUstream stream) {
  CUDA_CHECK(cuda(), cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                      count, stream));
}

TA_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                            CUstream stream) {
  CUDA_CHECK(cuda(), cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                      count, stream));
}

TA_EXPORT void mgpuMemHostRegister(void *pointer, uint64_t sizeBytes) {
  CUDA_CHECK(cuda(), cuMemHostRegister_v2(pointer, sizeBytes, 0));
}

TA_EXPORT void mgpuMemHostUnregister(void *pointer) {
  CUDA_CHECK(cuda(), cuMemHostUnregister(pointer));
}

namespace {
/// A ranked memref descriptor: {allocated, aligned, offset, sizes, strides}.
struct Descriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[1];
};

/// The bytes from the descriptor's first element to past its last.
std::pair<char *, uint64_t> span(int64_t rank, const Descriptor *d,
                                 int64_t elementSize) {
  const int64_t *sizes = d->sizesAndStrides;
  const int64_t *strides = d->sizesAndStrides + rank;
  int64_t extent = 1;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0)
      return {d->aligned + d->offset * elementSize, 0};
    extent += (sizes[i] - 1) * strides[i];
  }
  return {d->aligned + d->offset * elementSize,
          static_cast<uint64_t>(extent * elementSize)};
}
} // namespace

TA_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, Descriptor *descriptor,
                                         int64_t elementSize) {
  auto [pointer, bytes] = span(rank, descriptor, elementSize);
  if (bytes)
    mgpuMemHostRegister(pointer, bytes);
}

TA_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, Descriptor *descriptor,
                                           int64_t elementSize) {
  auto [pointer, bytes] = span(rank, descriptor, elementSize);
  if (bytes)
    mgpuMemHostUnregister(pointer);
}

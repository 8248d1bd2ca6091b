//===- GPUEmulator.cpp - libta_gpu_emulator: a CUDA driver without a GPU --===//
//
// The CUDA driver API entry points libta_cuda_runtime resolves, loaded in
// place of libcuda.so.1 (TA_CUDA_DRIVER=.../libta_gpu_emulator.so), so that
// ta's GPU code runs and is checked on any machine:
//
// - Kernels run on the host: a program compiled with ta-lower-to-nvvm's
//   `emulate` option registers a host twin of every kernel with
//   libta_cuda_runtime (TAHostKernels.h), found here by the kernel's name.
//   A launch is checked as CUDA checks it (every grid and block dim >= 1,
//   gridDim.x < 2^31, gridDim.y and .z < 2^16, at most 1024 threads a
//   block) and queued on its stream with a copy of its arguments; a kernel
//   with no twin fails its launch with CUDA_ERROR_NOT_FOUND.
// - Streams are queues run when the host synchronizes (cuStreamSynchronize,
//   cuCtxSynchronize, cuEventSynchronize, cuStreamWaitEvent, cuMemFree),
//   in order: launches, cuMemcpyAsync and cuMemsetD32/D16Async. A missing
//   synchronization shows as a wrong result, as on a GPU.
// - Memory: managed allocations (cuMemAllocManaged) are host memory the
//   host may touch; device allocations (cuMemAlloc) are mapped PROT_NONE
//   except while queued work runs, so a host access to device memory is a
//   crash (SIGSEGV), not a silent read. Fresh allocations of both kinds
//   are poisoned (0xFF bytes: NaN floats, -1 integers): a program that
//   reads memory it never wrote gets garbage, as on a GPU.
// - It counts what a program asks of the GPU and, where the environment
//   sets TA_GPU_EMULATOR_REPORT, prints it at exit on stderr:
//   "ta-gpu-emulator: N launches, N rejected, N copies, N memsets, N syncs,
//   N allocations (N managed, N device), N frees". With
//   TA_GPU_EMULATOR_TRACE set, it prints each request on stdout as it
//   comes, in order with what the program prints ("[gpu] launch <kernel>
//   grid X,Y,Z block X,Y,Z", "[gpu] copy <bytes>", "[gpu] memset <n>",
//   "[gpu] sync", "[gpu] alloc managed|device <bytes>", "[gpu] free"), so
//   that a test can count what each of its operations asks of the GPU.
//
// cuModuleUnload answers CUDA_ERROR_DEINITIALIZED, what a real driver
// answers once it has shut down at exit. Everything runs on the calling
// thread, under one lock.
//
//===----------------------------------------------------------------------===//

#include "ta/Runtime/TAHostKernels.h"

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <dlfcn.h>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#define TA_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

using CUresult = int;
constexpr CUresult kSuccess = 0;
constexpr CUresult kInvalidValue = 1;
constexpr CUresult kOutOfMemory = 2;
constexpr CUresult kDeinitialized = 4;
constexpr CUresult kNotFound = 500;

constexpr unsigned char kPoison = 0xFF;

/// Prints one request where TA_GPU_EMULATOR_TRACE is set.
__attribute__((format(printf, 1, 2))) void trace(const char *format, ...) {
  static const bool on = [] {
    const char *v = getenv("TA_GPU_EMULATOR_TRACE");
    return v && *v;
  }();
  if (!on)
    return;
  va_list args;
  va_start(args, format);
  fputs("[gpu] ", stdout);
  vfprintf(stdout, format, args);
  fputc('\n', stdout);
  fflush(stdout);
  va_end(args);
}

struct Counts {
  long launches = 0, rejected = 0, copies = 0, memsets = 0, syncs = 0,
       managed = 0, device = 0, frees = 0;
};

/// A kernel as the program asked for it by name.
struct Function {
  std::string name;
  TAHostKernel kernel = nullptr; // null: no host twin registered
  int32_t count = 0;
  const int32_t *bytes = nullptr;
};

struct Event;

/// One piece of queued work.
struct Work {
  enum Kind { Launch, Copy, Set32, Set16, Record };
  explicit Work(Kind kind) : kind(kind) {}
  Kind kind;
  // Launch: the kernel, its launch dims and a copy of its arguments.
  const Function *function = nullptr;
  int64_t launch[TA_LAUNCH_DIMS] = {};
  std::vector<unsigned char> arguments;
  // Copy and sets.
  uintptr_t dst = 0, src = 0;
  size_t count = 0; // bytes for a copy, elements for a set
  unsigned value = 0;
  // Record: the event and which of its records this is.
  Event *event = nullptr;
  uint64_t record = 0;
};

struct Stream {
  std::deque<Work> queue;
};

struct Event {
  Stream *stream = nullptr; // where it was last recorded
  uint64_t records = 0;     // how often; the last is what a wait waits for
};

/// A region of memory the program allocated.
struct Allocation {
  size_t bytes;  // as asked for
  size_t mapped; // rounded up to pages
  bool device;   // PROT_NONE while no work runs
};

struct Emulator {
  std::mutex mutex;
  Counts counts;
  Stream defaultStream;
  std::vector<std::unique_ptr<Stream>> streams;
  std::vector<std::unique_ptr<Event>> events;
  std::map<std::string, std::unique_ptr<Function>> functions;
  std::map<uintptr_t, Allocation> allocations;
  std::map<uintptr_t, size_t> device; // the device allocations: mapped bytes
  std::map<uintptr_t, size_t> registered; // host memory, cuMemHostRegister
  int32_t (*find)(const char *, TAHostKernel *, int32_t *,
                  const int32_t **) = nullptr;

  Stream *stream(void *s) {
    return s ? static_cast<Stream *>(s) : &defaultStream;
  }

  /// Device memory readable and writable (while work runs) or not.
  void openDevice(bool open) {
    for (auto &[base, mapped] : device)
      mprotect(reinterpret_cast<void *>(base), mapped,
               open ? PROT_READ | PROT_WRITE : PROT_NONE);
  }

  void run(Work &work) {
    switch (work.kind) {
    case Work::Launch: {
      std::vector<void *> params;
      size_t at = 0;
      for (int32_t k = 0; k < work.function->count; ++k) {
        params.push_back(work.arguments.data() + at);
        at += (work.function->bytes[k] + 7) / 8 * 8;
      }
      work.function->kernel(params.data(), work.launch);
      break;
    }
    case Work::Copy:
      memmove(reinterpret_cast<void *>(work.dst),
              reinterpret_cast<const void *>(work.src), work.count);
      break;
    case Work::Set32:
      for (size_t i = 0; i < work.count; ++i)
        memcpy(reinterpret_cast<char *>(work.dst) + 4 * i, &work.value, 4);
      break;
    case Work::Set16: {
      uint16_t v = static_cast<uint16_t>(work.value);
      for (size_t i = 0; i < work.count; ++i)
        memcpy(reinterpret_cast<char *>(work.dst) + 2 * i, &v, 2);
      break;
    }
    case Work::Record:
      break;
    }
  }

  /// Runs `s`'s queue, up to and including `until`'s last record if given.
  void drain(Stream *s, const Event *until = nullptr) {
    if (s->queue.empty())
      return;
    openDevice(true);
    while (!s->queue.empty()) {
      Work work = std::move(s->queue.front());
      s->queue.pop_front();
      run(work);
      if (until && work.kind == Work::Record && work.event == until &&
          work.record == until->records)
        break;
    }
    openDevice(false);
  }

  void drainAll() {
    drain(&defaultStream);
    for (auto &s : streams)
      drain(s.get());
  }

  CUresult allocate(uint64_t *pointer, size_t bytes, bool device) {
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_t mapped = (bytes ? bytes : 1) + page - 1;
    if (mapped < bytes)
      return kOutOfMemory;
    mapped -= mapped % page;
    void *p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return kOutOfMemory;
    memset(p, kPoison, mapped);
    if (device) {
      mprotect(p, mapped, PROT_NONE);
      this->device[reinterpret_cast<uintptr_t>(p)] = mapped;
    }
    allocations[reinterpret_cast<uintptr_t>(p)] = {bytes, mapped, device};
    ++(device ? counts.device : counts.managed);
    trace("alloc %s %zu", device ? "device" : "managed", bytes);
    *pointer = reinterpret_cast<uintptr_t>(p);
    return kSuccess;
  }
};

Emulator &emulator() {
  static auto *e = new Emulator();
  return *e;
}

__attribute__((destructor)) void report() {
  const char *wanted = getenv("TA_GPU_EMULATOR_REPORT");
  if (!wanted || !*wanted)
    return;
  Counts &c = emulator().counts;
  fprintf(stderr,
          "ta-gpu-emulator: %ld launches, %ld rejected, %ld copies, %ld "
          "memsets, %ld syncs, %ld allocations (%ld managed, %ld device), "
          "%ld frees\n",
          c.launches, c.rejected, c.copies, c.memsets, c.syncs,
          c.managed + c.device, c.managed, c.device, c.frees);
}

} // namespace

TA_EXPORT CUresult cuInit(unsigned flags) {
  if (flags)
    return kInvalidValue;
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  // libta_cuda_runtime, which keeps the registry, has loaded this library.
  e.find = reinterpret_cast<decltype(e.find)>(
      dlsym(RTLD_DEFAULT, TA_HOST_KERNEL_FIND));
  return kSuccess;
}

TA_EXPORT CUresult cuGetErrorName(CUresult r, const char **name) {
  *name = r == kInvalidValue    ? "CUDA_ERROR_INVALID_VALUE"
          : r == kOutOfMemory   ? "CUDA_ERROR_OUT_OF_MEMORY"
          : r == kDeinitialized ? "CUDA_ERROR_DEINITIALIZED"
          : r == kNotFound      ? "CUDA_ERROR_NOT_FOUND"
                                : "CUDA_ERROR_UNKNOWN";
  return kSuccess;
}

TA_EXPORT CUresult cuGetErrorString(CUresult r, const char **text) {
  *text = r == kInvalidValue  ? "invalid argument"
          : r == kOutOfMemory ? "out of memory"
          : r == kNotFound
              ? "named symbol not found (ta's GPU emulator runs the kernels "
                "of programs compiled with ta-lower-to-nvvm's emulate option)"
              : "emulated";
  return kSuccess;
}

TA_EXPORT CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}

TA_EXPORT CUresult cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? kSuccess : kInvalidValue;
}

TA_EXPORT CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  static int primary;
  *context = &primary;
  return device == 0 ? kSuccess : kInvalidValue;
}

TA_EXPORT CUresult cuCtxSetCurrent(void *context) {
  return context ? kSuccess : kInvalidValue;
}

TA_EXPORT CUresult cuCtxSynchronize() {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  ++e.counts.syncs;
  trace("sync");
  e.drainAll();
  return kSuccess;
}

TA_EXPORT CUresult cuModuleLoadData(void **module, const void *image) {
  static int loaded;
  *module = &loaded;
  return image ? kSuccess : kInvalidValue;
}

TA_EXPORT CUresult cuModuleLoadDataEx(void **module, const void *image,
                                      unsigned, int *, void **) {
  return cuModuleLoadData(module, image);
}

TA_EXPORT CUresult cuModuleUnload(void *) { return kDeinitialized; }

TA_EXPORT CUresult cuModuleGetFunction(void **function, void *module,
                                       const char *name) {
  if (!module || !name)
    return kInvalidValue;
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  std::unique_ptr<Function> &f = e.functions[name];
  if (!f) {
    f = std::make_unique<Function>();
    f->name = name;
    if (e.find)
      e.find(name, &f->kernel, &f->count, &f->bytes);
  }
  *function = f.get();
  return kSuccess;
}

TA_EXPORT CUresult cuLaunchKernel(void *function, unsigned gx, unsigned gy,
                                  unsigned gz, unsigned bx, unsigned by,
                                  unsigned bz, unsigned, void *stream,
                                  void **params, void **extra) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  ++e.counts.launches;
  if (gx == 0 || gy == 0 || gz == 0 || bx == 0 || by == 0 || bz == 0 ||
      gx > 2147483647u || gy > 65535 || gz > 65535 ||
      static_cast<uint64_t>(bx) * by * bz > 1024 || !function || extra) {
    ++e.counts.rejected;
    return kInvalidValue;
  }
  auto *f = static_cast<const Function *>(function);
  trace("launch %s grid %u,%u,%u block %u,%u,%u", f->name.c_str(), gx, gy, gz,
        bx, by, bz);
  if (!f->kernel)
    return kNotFound;
  Work work(Work::Launch);
  work.function = f;
  int64_t dims[TA_LAUNCH_DIMS] = {gx, gy, gz, bx, by, bz};
  memcpy(work.launch, dims, sizeof(dims));
  for (int32_t k = 0; k < f->count; ++k) {
    size_t at = work.arguments.size();
    work.arguments.resize(at + (f->bytes[k] + 7) / 8 * 8);
    memcpy(work.arguments.data() + at, params[k], f->bytes[k]);
  }
  e.stream(stream)->queue.push_back(std::move(work));
  return kSuccess;
}

TA_EXPORT CUresult cuStreamCreate(void **stream, unsigned) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  e.streams.push_back(std::make_unique<Stream>());
  *stream = e.streams.back().get();
  return kSuccess;
}

TA_EXPORT CUresult cuStreamDestroy_v2(void *stream) {
  if (!stream)
    return kInvalidValue;
  // Work queued on a destroyed stream still runs (CUDA finishes it).
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  e.drain(e.stream(stream));
  return kSuccess;
}

TA_EXPORT CUresult cuStreamSynchronize(void *stream) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  ++e.counts.syncs;
  trace("sync");
  e.drain(e.stream(stream));
  return kSuccess;
}

TA_EXPORT CUresult cuEventCreate(void **event, unsigned) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  e.events.push_back(std::make_unique<Event>());
  *event = e.events.back().get();
  return kSuccess;
}

TA_EXPORT CUresult cuEventDestroy_v2(void *event) {
  return event ? kSuccess : kInvalidValue;
}

TA_EXPORT CUresult cuEventRecord(void *event, void *stream) {
  if (!event)
    return kInvalidValue;
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  auto *ev = static_cast<Event *>(event);
  ev->stream = e.stream(stream);
  Work work(Work::Record);
  work.event = ev;
  work.record = ++ev->records;
  ev->stream->queue.push_back(std::move(work));
  return kSuccess;
}

TA_EXPORT CUresult cuEventSynchronize(void *event) {
  if (!event)
    return kInvalidValue;
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  ++e.counts.syncs;
  trace("sync");
  auto *ev = static_cast<Event *>(event);
  if (ev->stream)
    e.drain(ev->stream, ev);
  return kSuccess;
}

TA_EXPORT CUresult cuStreamWaitEvent(void *stream, void *event, unsigned) {
  if (!event)
    return kInvalidValue;
  // What `stream` does next comes after the event's work: that work runs
  // now, which is one order CUDA allows.
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  auto *ev = static_cast<Event *>(event);
  if (ev->stream && ev->stream != e.stream(stream))
    e.drain(ev->stream, ev);
  return kSuccess;
}

TA_EXPORT CUresult cuMemAlloc_v2(uint64_t *pointer, size_t bytes) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  return e.allocate(pointer, bytes, /*device=*/true);
}

TA_EXPORT CUresult cuMemAllocManaged(uint64_t *pointer, size_t bytes,
                                     unsigned) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  return e.allocate(pointer, bytes, /*device=*/false);
}

TA_EXPORT CUresult cuMemFree_v2(uint64_t pointer) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  auto it = e.allocations.find(static_cast<uintptr_t>(pointer));
  if (it == e.allocations.end())
    return kInvalidValue;
  // cuMemFree waits for the work that may use the memory.
  e.drainAll();
  munmap(reinterpret_cast<void *>(it->first), it->second.mapped);
  e.device.erase(it->first);
  e.allocations.erase(it);
  ++e.counts.frees;
  trace("free");
  return kSuccess;
}

namespace {
/// Queues `work` on `stream`, counted in `counter`.
CUresult enqueue(void *stream, Work work, long Counts::*counter) {
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  ++(e.counts.*counter);
  trace("%s %zu", work.kind == Work::Copy ? "copy" : "memset", work.count);
  e.stream(stream)->queue.push_back(std::move(work));
  return kSuccess;
}

Work fill(Work::Kind kind, uint64_t dst, unsigned value, size_t n) {
  Work work(kind);
  work.dst = dst;
  work.value = value;
  work.count = n;
  return work;
}
} // namespace

TA_EXPORT CUresult cuMemcpyAsync(uint64_t dst, uint64_t src, size_t bytes,
                                 void *stream) {
  Work work(Work::Copy);
  work.dst = dst;
  work.src = src;
  work.count = bytes;
  return enqueue(stream, std::move(work), &Counts::copies);
}

TA_EXPORT CUresult cuMemsetD32Async(uint64_t dst, unsigned value, size_t n,
                                    void *stream) {
  return enqueue(stream, fill(Work::Set32, dst, value, n), &Counts::memsets);
}

TA_EXPORT CUresult cuMemsetD16Async(uint64_t dst, unsigned short value,
                                    size_t n, void *stream) {
  return enqueue(stream, fill(Work::Set16, dst, value, n), &Counts::memsets);
}

TA_EXPORT CUresult cuMemHostRegister_v2(void *p, size_t bytes, unsigned) {
  if (!p)
    return kInvalidValue;
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  e.registered[reinterpret_cast<uintptr_t>(p)] = bytes;
  return kSuccess;
}

TA_EXPORT CUresult cuMemHostUnregister(void *p) {
  if (!p)
    return kInvalidValue;
  Emulator &e = emulator();
  std::lock_guard<std::mutex> lock(e.mutex);
  return e.registered.erase(reinterpret_cast<uintptr_t>(p)) ? kSuccess
                                                            : kInvalidValue;
}

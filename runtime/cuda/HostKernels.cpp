//===- HostKernels.cpp - the registry of kernels compiled for the host ----===//
//
// libta_cuda_runtime keeps the host twins a program compiled with
// ta-lower-to-nvvm's `emulate` registers from its global constructor
// (TAHostKernels.h); ta's GPU emulator looks them up by kernel name when
// the program asks the driver for a kernel. Registration and lookup may
// come from any thread.
//
//===----------------------------------------------------------------------===//

#include "ta/Runtime/TAHostKernels.h"

#include <map>
#include <mutex>
#include <string>

#define TA_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

struct Entry {
  TAHostKernel kernel;
  int32_t count;
  const int32_t *bytes;
};

std::mutex &registryMutex() {
  static std::mutex mutex;
  return mutex;
}

/// By name; built on first use (a constructor may register before this
/// library's own static initializers have run).
std::map<std::string, Entry> &registry() {
  static auto *entries = new std::map<std::string, Entry>();
  return *entries;
}

} // namespace

TA_EXPORT void ta_host_kernel_register(const char *name, TAHostKernel kernel,
                                       int32_t count, const int32_t *bytes) {
  if (!name || !kernel || count < 0)
    return;
  std::lock_guard<std::mutex> lock(registryMutex());
  registry().emplace(name, Entry{kernel, count, bytes});
}

TA_EXPORT int32_t ta_host_kernel_find(const char *name, TAHostKernel *kernel,
                                      int32_t *count, const int32_t **bytes) {
  if (!name)
    return 0;
  std::lock_guard<std::mutex> lock(registryMutex());
  auto it = registry().find(name);
  if (it == registry().end())
    return 0;
  *kernel = it->second.kernel;
  *count = it->second.count;
  *bytes = it->second.bytes;
  return 1;
}

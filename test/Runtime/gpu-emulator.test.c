// The program of gpu-emulator.test: the driver API of libta_gpu_emulator
// (loaded as TA_CUDA_DRIVER loads it: dlopen, entry points by name), with a
// kernel registered the way compiled programs register their host twins.
#include "ta/Runtime/TAHostKernels.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef int (*Fn)();
static void *driver;
#define CALL(name, ...) ((int (*)(...))dlsym(driver, #name))(__VA_ARGS__)

// A kernel's host twin: adds its one int64 argument to out[0] once per
// thread of the launch, and counts the threads in out[1].
static void addKernel(void **params, const int64_t *launch) {
  int64_t value = *(int64_t *)params[0];
  int64_t *out = *(int64_t **)params[1];
  int64_t threads = 1;
  for (int d = 0; d < TA_LAUNCH_DIMS; ++d)
    threads *= launch[d];
  out[0] += value * threads;
  out[1] += threads;
}
static const int32_t addBytes[] = {8, 8};

static void segv(int signal) {
  (void)signal;
  static const char text[] = "SIGSEGV: the host read device memory\n";
  write(1, text, sizeof(text) - 1);
  _exit(3);
}

int main(int argc, char **argv) {
  driver = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!driver)
    return 2;
  ta_host_kernel_register("add", addKernel, 2, addBytes);
  CALL(cuInit, 0u);
  uint64_t m = 0, d = 0, m2 = 0;
  void *stream = 0, *event = 0, *module = 0, *function = 0, *missing = 0;
  CALL(cuMemAllocManaged, &m, (size_t)32, 1u);
  int32_t *mi = (int32_t *)(uintptr_t)m;
  printf("fresh: %d\n", mi[0]);
  CALL(cuStreamCreate, &stream, 0u);
  CALL(cuMemsetD32Async, m, 7u, (size_t)4, stream);
  printf("queued: %d\n", mi[0]);
  CALL(cuStreamSynchronize, stream);
  printf("synchronized: %d %d %d %d\n", mi[0], mi[1], mi[2], mi[3]);
  CALL(cuMemsetD32Async, m, 9u, (size_t)1, stream);
  CALL(cuEventCreate, &event, 0u);
  CALL(cuEventRecord, event, stream);
  CALL(cuMemsetD32Async, m + 4, 5u, (size_t)1, stream);
  CALL(cuEventSynchronize, event);
  printf("event: %d %d\n", mi[0], mi[1]);
  CALL(cuCtxSynchronize);
  printf("context: %d %d\n", mi[0], mi[1]);
  // Device memory: reached by queued copies only.
  CALL(cuMemAlloc_v2, &d, (size_t)16);
  CALL(cuMemAllocManaged, &m2, (size_t)16, 1u);
  CALL(cuMemcpyAsync, d, m, (size_t)16, stream);
  CALL(cuMemcpyAsync, m2, d, (size_t)16, stream);
  CALL(cuStreamSynchronize, stream);
  int32_t *m2i = (int32_t *)(uintptr_t)m2;
  printf("through device memory: %d %d %d %d\n", m2i[0], m2i[1], m2i[2],
         m2i[3]);
  // A kernel: its arguments are copied when it is launched.
  CALL(cuModuleLoadData, &module, "image");
  CALL(cuModuleGetFunction, &function, module, "add");
  int64_t out[2] = {0, 0};
  int64_t value = 3;
  int64_t *outp = out;
  void *params[] = {&value, &outp};
  int r = CALL(cuLaunchKernel, function, 2u, 1u, 1u, 3u, 2u, 1u, 0u, stream,
               params, (void **)0);
  value = 100;
  printf("launch: %d, before sync: %lld %lld\n", r, (long long)out[0],
         (long long)out[1]);
  CALL(cuStreamSynchronize, stream);
  printf("after sync: %lld %lld\n", (long long)out[0], (long long)out[1]);
  // Launches CUDA rejects, and a kernel with no host twin.
  printf("grid 0: %d\n", CALL(cuLaunchKernel, function, 0u, 1u, 1u, 1u, 1u, 1u,
                              0u, stream, params, (void **)0));
  printf("1025 threads: %d\n", CALL(cuLaunchKernel, function, 1u, 1u, 1u, 1025u,
                                    1u, 1u, 0u, stream, params, (void **)0));
  CALL(cuModuleGetFunction, &missing, module, "missing");
  printf("no twin: %d\n", CALL(cuLaunchKernel, missing, 1u, 1u, 1u, 1u, 1u, 1u,
                               0u, stream, params, (void **)0));
  CALL(cuMemFree_v2, m2);
  printf("double free: %d\n", CALL(cuMemFree_v2, m2));
  fflush(stdout);
  if (argc > 2) { // the host reads device memory
    signal(SIGSEGV, segv);
    printf("%d\n", *(volatile int32_t *)(uintptr_t)d);
  }
  return 0;
}

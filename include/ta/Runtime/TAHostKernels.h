/*===- TAHostKernels.h - GPU kernels compiled for the host --------*- C -*-===*\
|*                                                                            *|
|* The ABI between three parts of ta's GPU emulator, in one MLIR-free header: *|
|* - ta-lower-to-nvvm with `emulate` (the ta-gpu-host-kernels and             *|
|*   ta-gpu-register-host-kernels passes) compiles every kernel a second time *|
|*   for the host, as a function that runs every thread of every block of a  *|
|*   launch in turn, and registers it by the kernel's name from a global      *|
|*   constructor;                                                             *|
|* - libta_cuda_runtime keeps the registry (ta_host_kernel_register,          *|
|*   ta_host_kernel_find);                                                    *|
|* - the emulator (libta_gpu_emulator, a CUDA driver without a GPU) finds a   *|
|*   kernel there when the program asks the driver for it by name, and runs   *|
|*   it when its stream is synchronized.                                      *|
|* On a real GPU the registry is filled and never read.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_RUNTIME_TAHOSTKERNELS_H
#define TA_RUNTIME_TAHOSTKERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The dims of a launch, as a host kernel takes them.
enum TAHostKernelLaunch {
  TA_LAUNCH_GRID_X = 0,
  TA_LAUNCH_GRID_Y = 1,
  TA_LAUNCH_GRID_Z = 2,
  TA_LAUNCH_BLOCK_X = 3,
  TA_LAUNCH_BLOCK_Y = 4,
  TA_LAUNCH_BLOCK_Z = 5,
  TA_LAUNCH_DIMS = 6,
};

/// A kernel compiled for the host: `params` as cuLaunchKernel takes them
/// (the address of each argument's value, in the kernel's parameter order),
/// `launch` the TA_LAUNCH_DIMS dims of the launch.
typedef void (*TAHostKernel)(void **params, const int64_t *launch);

/// Registers the host twin `kernel` of the kernel named `name` (a
/// NUL-terminated string that lives as long as the program), which takes
/// `count` parameters of `bytes[k]` bytes each. A name registered again
/// keeps its first kernel: names are unique to a kernel's code.
void ta_host_kernel_register(const char *name, TAHostKernel kernel,
                             int32_t count, const int32_t *bytes);

/// The host twin registered for `name`, its parameter count and sizes; 0
/// where none is (a program compiled without `emulate`).
int32_t ta_host_kernel_find(const char *name, TAHostKernel *kernel,
                            int32_t *count, const int32_t **bytes);

#ifdef __cplusplus
}
#endif

/* The names compiled code uses (kept in step with the declarations), and
   the attribute that marks a host twin in the IR, naming its kernel. */
#define TA_HOST_KERNEL_REGISTER "ta_host_kernel_register"
#define TA_HOST_KERNEL_FIND "ta_host_kernel_find"
#define TA_HOST_KERNEL_ATTR "ta.host_kernel"

#endif /* TA_RUNTIME_TAHOSTKERNELS_H */

/*===- TACudaRuntime.h - libta_cuda_runtime -----------------------*- C -*-===*\
|*                                                                            *|
|* libta_cuda_runtime provides the mgpu* functions that host code lowered by *|
|* MLIR's gpu-to-llvm calls (the ABI of MLIR's CudaRuntimeWrappers), on the  *|
|* CUDA driver API. The driver (libcuda.so.1) is loaded lazily, on the first *|
|* call, so the library links and loads on machines without a GPU; there a   *|
|* GPU operation stops the program with "ta cuda runtime error: no CUDA      *|
|* device: ..." and status 1 instead of crashing. This header declares the   *|
|* probes a host program or test harness can ask first.                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_RUNTIME_TACUDARUNTIME_H
#define TA_RUNTIME_TACUDARUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The number of CUDA devices, 0 when the driver cannot be loaded or
/// initialised (never stops the program). The driver is libcuda.so.1, or
/// the file named by the environment variable TA_CUDA_DRIVER.
int32_t ta_cuda_device_count(void);

/// Why ta_cuda_device_count returned 0 (or "ok"): a static string.
const char *ta_cuda_status(void);

/// Waits until the default device has finished all work (cuCtxSynchronize);
/// for timing GPU work from a host program. Stops the program with the "no
/// CUDA device" error where there is none.
void ta_cuda_synchronize(void);

#ifdef __cplusplus
}
#endif

#endif /* TA_RUNTIME_TACUDARUNTIME_H */

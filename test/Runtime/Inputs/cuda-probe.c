/*===- cuda-probe.c - libta_cuda_runtime without a usable GPU ------------===*\
|*                                                                            *|
|* `prog probe` prints what ta_cuda_device_count/ta_cuda_status report;       *|
|* `prog stream`, `prog alloc` and `prog sync` make mgpu* calls and           *|
|* ta_cuda_synchronize, which must stop with a clear message and status 1     *|
|* when there is no device.                                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ta/Runtime/TACudaRuntime.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void *mgpuStreamCreate(void);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  if (!strcmp(argv[1], "probe")) {
    printf("devices: %d\n", ta_cuda_device_count());
    printf("status: %s\n", ta_cuda_status());
    return 0;
  }
  if (!strcmp(argv[1], "stream")) {
    mgpuStreamCreate();
    printf("stream created\n");
    return 0;
  }
  if (!strcmp(argv[1], "alloc")) {
    mgpuMemAlloc(1024, NULL, false);
    printf("allocated\n");
    return 0;
  }
  if (!strcmp(argv[1], "sync")) {
    ta_cuda_synchronize();
    printf("synchronized\n");
    return 0;
  }
  return 2;
}

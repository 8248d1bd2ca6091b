/*===- probe.c - is there a CUDA device to run the bundle on? -------------===*\
|*                                                                            *|
|* Prints what libta_cuda_runtime finds and exits with 0 only when there is   *|
|* a device; run.sh asks it first.                                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ta/Runtime/TACudaRuntime.h"

#include <stdio.h>

int main(void) {
  int devices = ta_cuda_device_count();
  printf("%d CUDA device(s): %s\n", devices, ta_cuda_status());
  return devices > 0 ? 0 : 1;
}

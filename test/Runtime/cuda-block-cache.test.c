// The program of cuda-block-cache.test.
#include <stdbool.h>
#include <stdint.h>

void *mgpuMemAlloc(uint64_t bytes, void *stream, bool hostShared);
void mgpuMemFree(void *pointer, void *stream);

int main(void) {
  mgpuMemFree(mgpuMemAlloc(256, 0, true), 0);
  void *b = mgpuMemAlloc(256, 0, true);
  mgpuMemFree(mgpuMemAlloc(512, 0, true), 0);
  void *d = mgpuMemAlloc(512, 0, false);
  mgpuMemFree(mgpuMemAlloc(4096, 0, false), 0);
  mgpuMemFree(mgpuMemAlloc(4096, 0, false), 0);
  mgpuMemFree(d, 0);
  mgpuMemFree(b, 0);
  return 0;
}

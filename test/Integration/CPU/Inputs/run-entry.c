/*===- run-entry.c - call one entry point of a compiled ta program -------===*\
|*                                                                            *|
|* `prog ENTRY` calls the program's `void ENTRY(void)`: the ahead-of-time    *|
|* counterpart of `mlir-runner -e ENTRY`. Link with -rdynamic.               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s ENTRY\n", argv[0]);
    return 2;
  }
  void *symbol = dlsym(RTLD_DEFAULT, argv[1]);
  if (!symbol) {
    fprintf(stderr, "no entry point '%s'\n", argv[1]);
    return 2;
  }
  ((void (*)(void))symbol)();
  return 0;
}

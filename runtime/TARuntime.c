/*===- TARuntime.c - libta_runtime: runtime errors of ta programs --------===*\
|*                                                                            *|
|* TensorFlow's runtime error texts for the checks that compiled ta code     *|
|* performs inline; a failed check calls _ta_rt_fail, which prints the       *|
|* message and exits with status 1 (never abort: a failed check is an        *|
|* error of the program, not a crash).                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ta/Runtime/TARuntime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int _ta_rt_format_error(char *buffer, int64_t size, int32_t code,
                        const char *name, int64_t a, int64_t b) {
  size_t n = size < 0 ? 0 : (size_t)size;
  if (!name)
    name = "";
  switch (code) {
  case TA_ERR_NEGATIVE_SIZE:
    return snprintf(buffer, n, "Size should be >= 0.");
  case TA_ERR_CLOSED:
    return snprintf(buffer, n, "TensorArray %s has already been closed.", name);
  case TA_ERR_WRITE_OUT_OF_BOUNDS:
    return snprintf(buffer, n,
                    "TensorArray %s: Tried to write to index %" PRId64
                    " but array is not resizeable and size is: %" PRId64,
                    name, a, b);
  case TA_ERR_WRITE_AFTER_READ:
    return snprintf(buffer, n,
                    "TensorArray %s: Could not write to TensorArray index "
                    "%" PRId64 " because it has already been read.",
                    name, a);
  case TA_ERR_DOUBLE_WRITE:
    return snprintf(buffer, n,
                    "TensorArray %s: Could not write to TensorArray index "
                    "%" PRId64 " because it has already been written to.",
                    name, a);
  case TA_ERR_READ_OUT_OF_BOUNDS:
    return snprintf(buffer, n,
                    "Tried to read from index %" PRId64
                    " but array size is: %" PRId64,
                    a, b);
  case TA_ERR_READ_CLEARED:
    return snprintf(buffer, n,
                    "TensorArray %s: Could not read index %" PRId64
                    " twice because it was cleared after a previous read "
                    "(perhaps try setting clear_after_read = false?).",
                    name, a);
  default:
    return snprintf(buffer, n, "unknown ta runtime error %d", (int)code);
  }
}

void _ta_rt_fail(int32_t code, int64_t name, int64_t a, int64_t b) {
  char message[1024];
  _ta_rt_format_error(message, sizeof(message), code,
                      (const char *)(intptr_t)name, a, b);
  fflush(stdout);
  fprintf(stderr, "ta runtime error: %s\n", message);
  fflush(stderr);
  exit(1);
}

/*===- TARuntime.h - C ABI of libta_runtime ------------------------*- C
-*-===*\
|*                                                                            *|
|* The functions that code lowered by ta-lower-to-memref calls. Everything   *|
|* here is C and thread-safe.                                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_RUNTIME_TARUNTIME_H
#define TA_RUNTIME_TARUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The runtime errors of the strict lowering, one per TensorFlow message.
/// The numbering is part of the ABI between lowered code and the runtime.
enum TARuntimeError {
  TA_ERR_NEGATIVE_SIZE = 1, /* "Size should be >= 0." */
  TA_ERR_CLOSED = 2,        /* "TensorArray <n> has already been closed." */
  TA_ERR_WRITE_OUT_OF_BOUNDS = 3, /* a = index, b = size */
  TA_ERR_WRITE_AFTER_READ = 4,    /* a = index */
  TA_ERR_DOUBLE_WRITE = 5,        /* a = index */
  TA_ERR_READ_OUT_OF_BOUNDS = 6,  /* a = index, b = size */
  TA_ERR_READ_CLEARED = 7,        /* a = index */
};

/// Prints TensorFlow's message for `code` on stderr, prefixed with
/// "ta runtime error: ", and exits the process with status 1. `name` is the
/// address of the array's NUL-terminated name; `a` and `b` are the values
/// the message needs (see TARuntimeError).
void _ta_rt_fail(int32_t code, int64_t name, int64_t a, int64_t b);

/// Formats the message of `fail` into `buffer` (at most `size` bytes, NUL
/// terminated) and returns the length it needs, as snprintf does.
int _ta_rt_format_error(char *buffer, int64_t size, int32_t code,
                        const char *name, int64_t a, int64_t b);

#ifdef __cplusplus
}
#endif

#endif /* TA_RUNTIME_TARUNTIME_H */

/*===- TARuntime.h - C ABI of libta_runtime ---------------------*- C -*-===*\
|*                                                                            *|
|* The functions that code lowered by ta-lower-to-memref calls, and the       *|
|* layout of the array header they read. Everything here is C and            *|
|* thread-safe.                                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_RUNTIME_TARUNTIME_H
#define TA_RUNTIME_TARUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The 64-byte header at the start of every array buffer (see
/// lib/Conversion/TAToMemRef/TAToMemRef.cpp). Shapes are addresses of
/// `int64_t[1 + rank]` arrays `{rank, d0, d1, ...}`.
typedef struct TAArrayHeader {
  int64_t size;
  int64_t capacity;
  int64_t flags;
  int64_t marked_size;
  int64_t name;          /* address of the NUL-terminated array name */
  int64_t source;        /* accumulators: address of the source; else 0 */
  int64_t element_shape; /* address of the element shape */
  int64_t reserved;
} TAArrayHeader;

/// The runtime errors of the strict lowering, one per TensorFlow message
/// (plus one of ta's own). The numbering is part of the ABI between lowered
/// code and the runtime; `a`, `b` and `c` are the values each one prints.
enum TARuntimeError {
  TA_ERR_NEGATIVE_SIZE = 1,       /* "Size should be >= 0." */
  TA_ERR_CLOSED = 2,              /* "... has already been closed." */
  TA_ERR_WRITE_OUT_OF_BOUNDS = 3, /* a = index, b = size */
  TA_ERR_WRITE_AFTER_READ = 4,    /* a = index */
  TA_ERR_DOUBLE_WRITE = 5,        /* a = index */
  TA_ERR_READ_OUT_OF_BOUNDS = 6,  /* a = index, b = size */
  TA_ERR_READ_CLEARED = 7,        /* a = index */
  TA_ERR_WRITE_SHAPE = 8,         /* a = index, b = value shape */
  TA_ERR_AGGREGATE_BOOL = 9,      /* AddToTensor has no bool kernel */
  TA_ERR_SCATTER_LENGTH = 10,     /* a = len(indices), b = value dim 0 */
  TA_ERR_SCATTER_MAX_INDEX = 11,  /* a = max index, b = size */
  TA_ERR_SPLIT_SUM = 12,          /* a = sum of lengths, b = value shape */
  TA_ERR_SPLIT_SIZE = 13,         /* a = size, b = len(lengths) */
  TA_ERR_ACCUMULATOR_SHAPE = 14,  /* b = shape asked for (ta's own check) */
};

/// Prints the message for `code` on stderr, prefixed with
/// "ta runtime error: ", and exits the process with status 1. `header` is
/// the address of the array's TAArrayHeader (0 when there is none yet).
void _ta_rt_fail(int32_t code, int64_t header, int64_t a, int64_t b, int64_t c);

/// Fails with TA_ERR_ACCUMULATOR_SHAPE unless the element shape of the
/// accumulator whose header is at `header` equals `shape`.
void _ta_rt_check_accumulator(int64_t header, int64_t shape);

/// Formats the message of `_ta_rt_fail` into `buffer` (at most `size`
/// bytes, NUL terminated) and returns the length it needs, as snprintf does.
int _ta_rt_format_error(char *buffer, int64_t size, int32_t code,
                        const TAArrayHeader *header, int64_t a, int64_t b,
                        int64_t c);

#ifdef __cplusplus
}
#endif

#endif /* TA_RUNTIME_TARUNTIME_H */

/*===- TARuntimeInternal.h - helpers shared inside libta_runtime -*- C -*-====*\
|*                                                                            *|
|* Not part of the ABI: what the runtime's C and C++ parts share.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_RUNTIME_TARUNTIMEINTERNAL_H
#define TA_RUNTIME_TARUNTIMEINTERNAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes TensorFlow's TensorShape::DebugString of `shape` (`{rank, dims}`:
/// "[2,3]", "[]", or "<unknown>" for a negative rank) into `out`.
void _ta_rt_format_shape(char *out, size_t n, const int64_t *shape);

/// Records `object` in the calling thread's call scope, if there is one,
/// with the function that releases it should the call fail
/// (Allocation.cpp); _ta_rt_untrack forgets it once released otherwise.
void _ta_rt_track(void *object, void (*release)(void *));
void _ta_rt_untrack(void *object);

/// Prints "ta runtime error: <message>" on stderr and exits with status 1.
#ifdef __cplusplus
[[noreturn]]
#else
_Noreturn
#endif
void _ta_rt_exit_with(const char *message);

#ifdef __cplusplus
}
#endif

#endif /* TA_RUNTIME_TARUNTIMEINTERNAL_H */

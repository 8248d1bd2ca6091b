//===- SizeClasses.h - size classes of libta_runtime's block caches -------===//
//
// Both block caches (SmallBlockCache.h, LargeBlockCache.h) sort blocks into
// classes of four per power of two: 2^p, 1.25 * 2^p, 1.5 * 2^p,
// 1.75 * 2^p, from 2^MinLog to 1.75 * 2^MaxLog bytes. A request is
// allocated at the size of its class (at most a quarter more than asked), so
// that the block serves the same request again once freed; a freed block
// goes to the largest class its usable size covers.
//
//===----------------------------------------------------------------------===//

#ifndef TA_RUNTIME_SIZECLASSES_H
#define TA_RUNTIME_SIZECLASSES_H

#include <cstdint>

namespace ta::runtime {

template <unsigned MinLog, unsigned MaxLog> struct SizeClasses {
  static_assert(MinLog >= 2 && MinLog <= MaxLog && MaxLog < 62);
  static constexpr unsigned kSteps = 4; // classes per power of two
  static constexpr unsigned kCount = (MaxLog - MinLog + 1) * kSteps;
  /// The largest request a class serves.
  static constexpr uint64_t kMaxRequest = uint64_t(1) << MaxLog;

  /// The bytes of class `c`.
  static constexpr uint64_t bytesOf(unsigned c) {
    unsigned p = MinLog + c / kSteps;
    return (uint64_t(1) << p) + (c % kSteps) * (uint64_t(1) << (p - 2));
  }

  /// Whether a freed block of `usable` bytes has a class.
  static constexpr bool holds(uint64_t usable) {
    return usable >= bytesOf(0) && usable >> (MaxLog + 1) == 0;
  }

  /// The largest class whose size is at most `x` (holds(x)).
  static unsigned floorClass(uint64_t x) {
    unsigned p = 63 - __builtin_clzll(x);
    return (p - MinLog) * kSteps +
           unsigned((x - (uint64_t(1) << p)) >> (p - 2));
  }

  /// The smallest class whose size is at least `bytes` (1..kMaxRequest)
  /// and a multiple of `alignment` (a power of two up to 2^MinLog), as
  /// aligned_alloc wants.
  static unsigned requestClass(uint64_t bytes, uint64_t alignment) {
    // The class after the largest one at most bytes - 1.
    unsigned c = bytes <= bytesOf(0) ? 0 : floorClass(bytes - 1) + 1;
    // Only classes under 2^(MinLog + 2) have sizes that are not multiples
    // of 2^MinLog.
    while ((bytesOf(c) & (alignment - 1)) != 0)
      ++c;
    return c;
  }
};

} // namespace ta::runtime

#endif // TA_RUNTIME_SIZECLASSES_H

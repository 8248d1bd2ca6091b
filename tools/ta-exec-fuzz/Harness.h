//===- Harness.h - what ta-exec-fuzz's input kinds share --------*- C++ -*-===//
//
// The input as a stream of choices (Reader), the compiled programs
// (Programs, least recently used dropped past kCachedPrograms), the
// packing of values into memref descriptors, NaN-aware comparison of
// values, and the tally printed at exit.
//
//===----------------------------------------------------------------------===//

#ifndef TA_TOOLS_EXECFUZZ_HARNESS_H
#define TA_TOOLS_EXECFUZZ_HARNESS_H

#include "Model.h"
#include "TapeProgram.h"
#include "Unbatch.h"

#include "ta/ExecutionEngine/Executable.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cmath>
#include <cstring>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ta::execfuzz {

/// The input as a stream of choices; past its end every choice is 0.
class Reader {
public:
  Reader(const uint8_t *data, size_t size) : data(data), size(size) {}
  uint8_t byte() { return at < size ? data[at++] : 0; }
  uint64_t word() {
    uint64_t w = 0;
    for (int i = 0; i < 8; ++i)
      w = (w << 8) | byte();
    return w;
  }
  /// Small values mostly, sometimes the int64 and int32 edges.
  int64_t integer() {
    static const int64_t edges[] = {-1,
                                    -2,
                                    INT64_MIN,
                                    INT64_MAX,
                                    INT64_MAX - 1,
                                    INT32_MAX,
                                    INT32_MIN,
                                    int64_t(1) << 31,
                                    int64_t(1) << 32,
                                    int64_t(1) << 62,
                                    (int64_t(1) << 62) + 1,
                                    int64_t(1) << 40,
                                    int64_t(1) << 20,
                                    4611686018427387905LL,
                                    1000,
                                    INT64_MIN + 1};
    uint8_t b = byte();
    if (b < 160)
      return b % 8;
    if (b < 240)
      return edges[b % std::size(edges)];
    return int64_t(word());
  }
  /// A value of `type` as its bits.
  uint64_t value(DType type) {
    uint8_t b = byte();
    int64_t small = int64_t(b % 16) - 4;
    if (isFloat(type)) {
      static const double specials[] = {-0.0, INFINITY, -INFINITY,  NAN,   0.5,
                                        1e30, -3.25e-5, 16777217.0, 1e300, 0.1};
      double v = b < 192 ? double(small) : specials[b % std::size(specials)];
      if (type == DType::F32) {
        float f = float(v);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        return bits;
      }
      uint64_t bits;
      std::memcpy(&bits, &v, 8);
      return bits;
    }
    int64_t v = b < 192 ? small : integer();
    return type == DType::I32 ? uint64_t(uint32_t(v)) : uint64_t(v);
  }

private:
  const uint8_t *data;
  size_t size, at = 0;
};

/// The programs compiled so far, least recently used first.
class Programs {
public:
  explicit Programs(uint64_t &compiled);

  /// The executable of `shape` in `checks` mode; aborts if it does not
  /// compile (every shape is a valid program).
  mlir::ta::Executable &get(const ProgramShape &shape,
                            mlir::ta::ChecksMode checks) {
    return get(shape.key(), [&] { return shape.source(); }, checks);
  }
  mlir::ta::Executable &get(const UnbatchShape &shape,
                            mlir::ta::ChecksMode checks) {
    return get(shape.key(), [&] { return shape.source(); }, checks);
  }

  /// The executable of the program `name`, whose text `source` gives.
  mlir::ta::Executable &get(const std::string &name,
                            llvm::function_ref<std::string()> source,
                            mlir::ta::ChecksMode checks);

  /// `source` compiled; aborts if it does not compile.
  std::unique_ptr<mlir::ta::Executable> compile(const std::string &key,
                                                const std::string &source,
                                                mlir::ta::ChecksMode checks);

  [[noreturn]] static void die(const std::string &what,
                               const std::string &source);

private:
  mlir::MLIRContext context;
  std::list<std::pair<std::string, std::unique_ptr<mlir::ta::Executable>>>
      order;
  std::map<std::string, decltype(order)::iterator> index;
  uint64_t &compiled;
};

/// The product of `shape`'s dims from `from` on.
int64_t product(const std::vector<int64_t> &shape, size_t from = 0);

/// A contiguous descriptor of `rows` rows of shape `rest` at `data`.
mlir::ta::MemRefDescriptor describe(const void *data, int64_t rows,
                                    const std::vector<int64_t> &rest);

/// Values packed at their type's width.
std::vector<uint8_t> pack(const Values &values, DType type);

/// Whether two values of `type` (as bits) are the same, NaN as NaN.
bool sameValue(uint64_t x, uint64_t y, DType type);

/// The tally of a run, printed at exit: what the inputs exercised.
struct Tally {
  uint64_t inputs = 0, skipped = 0, values = 0, errors = 0, oom = 0,
           noneRuns = 0, steps = 0, open = 0, unbatch = 0, unbatchCalls = 0,
           loops = 0, ranges = 0;
  uint64_t compiled = 0;
  std::map<std::string, uint64_t> errorKinds;

  ~Tally();
  /// An error's kind: its text up to the first number or name.
  static std::string kind(const std::string &error);
};

/// The tally of this process's inputs.
extern Tally tally;

/// An input whose second byte is 0xf0 or more: a sequence of
/// ta.unbatch_grad calls checked against UnbatchModel (UnbatchHarness.cpp).
void runUnbatchInput(Programs &programs, Reader &in);

} // namespace ta::execfuzz

#endif // TA_TOOLS_EXECFUZZ_HARNESS_H

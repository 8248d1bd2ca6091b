//===- Model.h - TensorArray semantics for ta-exec-fuzz ---------*- C++ -*-===//
//
// The oracle of the execution fuzzer: TensorFlow's TensorArray rules as a
// state machine over arrays of static element shape, written from
// ../shared/reference/tensorarray-semantics.md as utils/difftest/model.py
// states them (that model is checked against TensorFlow 2.21 by
// test/Differential/tforacle.test), never from the compiler. Each op either
// succeeds or fails with TensorFlow's text, and the first failure ends the
// program.
//
// Arrays are sparse (a map of the slots a program touched), so sizes and
// indices near the int64 limits cost nothing here. Two things TensorFlow
// does not define are ta's documented rules (docs/lowering-cpu.md,
// "Memory, in both checks modes"): an array whose storage would pass
// 2**63 - 1 bytes fails with "OOM when allocating" (MustFail); one whose
// storage passes a large bound may fail so (MayFail) — an allocation the
// machine may refuse.
//
//===----------------------------------------------------------------------===//

#ifndef TA_TOOLS_EXECFUZZ_MODEL_H
#define TA_TOOLS_EXECFUZZ_MODEL_H

#include "TapeProgram.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ta::execfuzz {

/// Values as bit patterns of their type (f32 and i32 in the low 32 bits).
using Values = std::vector<uint64_t>;

/// How an op may run out of memory, by ta's rules.
enum class OomRisk { None, MayFail, MustFail };

class Model {
public:
  struct Array {
    struct Slot {
      std::optional<Values> value;
      bool written = false, wasRead = false, cleared = false;
    };
    std::string name;
    std::vector<int64_t> element;
    int64_t elementCount = 1;
    int64_t size = 0;
    bool dynamic = false, clearAfterRead = true, isGrad = false;
    bool closed = false;
    int64_t markedSize = -1;
    /// Slots at this index or after, up to the size, were made by a read
    /// past an accumulator's size: written (zeros) without a value.
    int64_t grownFrom = INT64_MAX;
    std::map<int64_t, Slot> slots;
  };

  explicit Model(DType type) : type(type) {}

  /// Each op returns false with error() set when it fails; oomRisk() then
  /// tells whether the failure may instead be ta's OOM error, and for a
  /// success whether ta may have failed with it.
  int create(int64_t size, const std::vector<int64_t> &element, bool dynamic,
             bool clearAfterRead, std::optional<int64_t> staticSize);
  bool write(int array, int64_t index, const Values &value, int64_t valueDim0);
  bool read(int array, int64_t index, Values &out);
  bool gather(int array, const std::vector<int64_t> &indices, Values &out);
  bool scatter(int array, const std::vector<int64_t> &indices,
               const Values &rows, int64_t rowCount);
  bool concat(int array, Values &out, std::vector<int64_t> &lengths);
  bool split(int array, const Values &pieces, int64_t pieceCount,
             const std::vector<int64_t> &lengths);
  bool size(int array, int64_t &out);
  void close(int array);
  /// ta.grad / ta.grad_with_shape with source "gradients"; returns the
  /// accumulator, or -1 on failure.
  int grad(int array, const std::vector<int64_t> &prepend);

  const std::string &error() const { return message; }
  OomRisk oomRisk() const { return risk; }
  /// Slots the last op touched one by one (a bound on the work ta does).
  /// Past kWorkLimit an op's result is not modelled: the driver skips such
  /// inputs.
  int64_t work() const { return touched; }
  static constexpr int64_t kWorkLimit = 1 << 16;
  const Array &array(int index) const { return arrays[index]; }

  /// The most slots ta's arrays of `elementBytes` elements hold
  /// (ArrayLayout::maxCapacity: header and a state byte a slot).
  static int64_t maxCapacity(int64_t elementBytes);

private:
  bool fail(const std::string &text);
  bool checkOpen(const Array &a);
  /// Notes the risk of giving `a` storage for `slots` slots.
  void noteStorage(const Array &a, int64_t slots);
  Array::Slot &slot(Array &a, int64_t index);
  bool writeSlot(Array &a, int64_t index, const Values &value,
                 int64_t valueDim0);
  bool readSlot(Array &a, int64_t index, Values &out);
  Values add(const Values &x, const Values &y) const;

  DType type;
  std::vector<Array> arrays;
  std::string message;
  OomRisk risk = OomRisk::None;
  int64_t touched = 0;
  std::optional<int64_t> staticForwardSize;
};

/// "[2,3]"
std::string formatShape(const std::vector<int64_t> &shape);

} // namespace ta::execfuzz

#endif // TA_TOOLS_EXECFUZZ_MODEL_H

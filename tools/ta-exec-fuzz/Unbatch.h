//===- Unbatch.h - ta.unbatch_grad programs and their model -----*- C++ -*-===//
//
// ta-exec-fuzz's inputs of ta.unbatch_grad: one program per element type
// and grad shape, called once per invocation of a sequence on one thread,
// with ids, batch indices, owners and grads from the input; and a model of
// TensorFlow's UnbatchGradResource (tensorarray-semantics.md §1.12) for such
// sequences. On one thread an owner whose batch misses grads cannot be
// completed by anyone: it waits out its timeout, which the model expects.
//
//===----------------------------------------------------------------------===//

#ifndef TA_TOOLS_EXECFUZZ_UNBATCH_H
#define TA_TOOLS_EXECFUZZ_UNBATCH_H

#include "Model.h"
#include "TapeProgram.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ta::execfuzz {

/// The resource every unbatch program uses, and the timeout of owners.
inline constexpr const char *kUnbatchSharedName = "fuzz";
inline constexpr int64_t kUnbatchTimeoutMicros = 100;

struct UnbatchShape {
  DType type = DType::F32;
  /// The grad's dims after dim 0: {} (a vector), {2}, or {-1} (open).
  std::vector<int64_t> rest;

  std::string key() const;
  /// The module holding @unbatch(%original, %batch_index, %grad, %id).
  std::string source() const;
};

/// One invocation.
struct UnbatchCall {
  int64_t id = 0;
  /// original_input's shape: rows ++ the rest (with elements: the owner).
  std::vector<int64_t> originalShape;
  /// batch_index's ids (column 0; the start and end columns are 0).
  std::vector<int64_t> batchIds;
  std::vector<int64_t> gradShape;
  Values grad;

  bool owner() const;
};

/// A call's result, or its error.
struct UnbatchResult {
  bool ok = true;
  std::string error;
  std::vector<int64_t> shape;
  Values values;
};

/// TensorFlow's UnbatchGradResource::Compute for calls made one at a time,
/// with ta's messages ("UnbatchGrad \"fuzz\" (id N): ...") and ta's
/// bookkeeping after a failure (the failed call's grad stays parked, an
/// owner's batch is withdrawn).
class UnbatchModel {
public:
  explicit UnbatchModel(DType type) : elementType(typeName(type)) {}
  UnbatchResult call(const UnbatchCall &c);
  /// Grads registered and not yet taken.
  int64_t parked() const { return int64_t(available.size()); }

private:
  struct Grad {
    std::vector<int64_t> shape;
    Values values;
  };
  UnbatchResult fail(int64_t id, const std::string &message);
  std::string elementType;
  std::map<int64_t, Grad> available;
};

} // namespace ta::execfuzz

#endif // TA_TOOLS_EXECFUZZ_UNBATCH_H

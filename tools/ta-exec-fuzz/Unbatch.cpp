//===- Unbatch.cpp - ta.unbatch_grad programs and their model -------------===//

#include "Unbatch.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <set>

using namespace ta::execfuzz;

static std::string tensorType(const std::vector<int64_t> &rest, DType type) {
  std::string text = "tensor<?x";
  for (int64_t d : rest)
    text += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  return text + typeName(type) + ">";
}

std::string UnbatchShape::key() const {
  std::string text = std::string("unbatch_") + typeName(type);
  for (int64_t d : rest)
    text += "x" + (d < 0 ? std::string("?") : std::to_string(d));
  return text;
}

std::string UnbatchShape::source() const {
  std::string t = tensorType(rest, type);
  return llvm::formatv(
      R"mlir(
func.func @unbatch(%original: {0}, %batch_index: tensor<?x3xi64>, %grad: {0}, %id: i64) -> {0} {
  %r = ta.unbatch_grad %original, %batch_index, %grad, %id {shared_name = "{1}", timeout_micros = {2} : i64} : {0}, tensor<?x3xi64>, {0}
  return %r : {0}
}
)mlir",
      t, kUnbatchSharedName, kUnbatchTimeoutMicros);
}

static int64_t elements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

bool UnbatchCall::owner() const { return elements(originalShape) > 0; }

/// TensorShape::DebugString: "[2,3]".
static std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t d = 0; d < shape.size(); ++d)
    text += (d ? "," : "") + std::to_string(shape[d]);
  return text + "]";
}

UnbatchResult UnbatchModel::fail(int64_t id, const std::string &message) {
  UnbatchResult r;
  r.ok = false;
  r.error = std::string("UnbatchGrad \"") + kUnbatchSharedName + "\" (id " +
            std::to_string(id) + "): " + message;
  return r;
}

UnbatchResult UnbatchModel::call(const UnbatchCall &c) {
  // Mark our tensor as available.
  if (!available.emplace(c.id, Grad{c.gradShape, c.grad}).second)
    return fail(c.id, "Two runs with the same batch key.");
  UnbatchResult result;
  if (!c.owner()) {
    // An empty result: grad.shape with dim 0 set to 0.
    result.shape = c.gradShape;
    result.shape[0] = 0;
    return result;
  }
  if (c.batchIds.empty())
    return fail(c.id, "batch_index is empty while the tensor isn't.");
  std::set<int64_t> missing;
  for (int64_t key : c.batchIds)
    if (!available.count(key))
      missing.insert(key);
  if (!missing.empty()) {
    // Nobody else runs on this thread: the owner waits out its timeout.
    std::string ids = "[";
    for (int64_t key : missing)
      ids += (ids.size() > 1 ? ", " : "") + std::to_string(key);
    return fail(c.id,
                "Batched data did not arrive within timeout window: waited " +
                    std::to_string(kUnbatchTimeoutMicros) +
                    " microseconds for the grads of ids " + ids + "]");
  }
  // OutputBatch: the grads in row order, each taken once.
  std::vector<Grad> parts;
  for (int64_t key : c.batchIds) {
    auto it = available.find(key);
    if (it == available.end())
      return fail(c.id, "bad bookkeeping of available tensors.");
    parts.push_back(std::move(it->second));
    available.erase(it);
  }
  const Grad &first = parts.front();
  int64_t rows = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    const Grad &part = parts[i];
    if (!std::equal(part.shape.begin() + 1, part.shape.end(),
                    first.shape.begin() + 1))
      return fail(c.id, "Dimensions of inputs should match: shape[0] = " +
                            shapeText(first.shape) + " vs. shape[" +
                            std::to_string(i) + "] = " + shapeText(part.shape));
    rows += part.shape[0];
  }
  // The result has this call's type: its dims past 0 are the grad's.
  if (!std::equal(c.gradShape.begin() + 1, c.gradShape.end(),
                  first.shape.begin() + 1)) {
    return fail(c.id, "the batch's grads (" + elementType + ", shape " +
                          shapeText(first.shape) +
                          ") do not fit this call's result: grad " +
                          elementType + ", shape " + shapeText(c.gradShape) +
                          " (dims past 0 must agree)");
  }
  result.shape = first.shape;
  result.shape[0] = rows;
  for (const Grad &part : parts)
    result.values.insert(result.values.end(), part.values.begin(),
                         part.values.end());
  return result;
}

//===- Model.cpp - TensorArray semantics for ta-exec-fuzz -----------------===//

#include "Model.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>

using namespace ta::execfuzz;

/// Storage past this many bytes may be refused by the machine (ta asks for
/// twice what is needed when it grows).
constexpr int64_t kLargeStorageBytes = int64_t(1) << 28;

std::string ta::execfuzz::formatShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "," : "") + std::to_string(shape[i]);
  return text + "]";
}

static std::string fmt(const char *format, ...)
    __attribute__((format(printf, 1, 2)));
static std::string fmt(const char *format, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  return buffer;
}

int64_t Model::maxCapacity(int64_t elementBytes) {
  return (INT64_MAX - 128) / (elementBytes + 1);
}

bool Model::fail(const std::string &text) {
  message = text;
  return false;
}

bool Model::checkOpen(const Array &a) {
  if (a.closed)
    return fail("TensorArray " + a.name + " has already been closed.");
  return true;
}

void Model::noteStorage(const Array &a, int64_t slots) {
  int64_t bytes = a.elementCount * byteWidth(type);
  if (slots > maxCapacity(bytes)) {
    risk = OomRisk::MustFail;
    return;
  }
  if (slots * (bytes + 1) > kLargeStorageBytes && risk == OomRisk::None)
    risk = OomRisk::MayFail;
}

/// The slots an array needs to hold slot `index`: index + 1, saturated (no
/// capacity has INT64_MAX slots).
static int64_t slotsThrough(int64_t index) {
  return index == INT64_MAX ? INT64_MAX : index + 1;
}

Model::Array::Slot &Model::slot(Array &a, int64_t index) {
  auto [it, inserted] = a.slots.try_emplace(index);
  if (inserted)
    it->second.written = index >= a.grownFrom;
  return it->second;
}

Values Model::add(const Values &x, const Values &y) const {
  Values sum(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    switch (type) {
    case DType::F32: {
      float a, b;
      uint32_t xa = x[i], yb = y[i];
      std::memcpy(&a, &xa, 4);
      std::memcpy(&b, &yb, 4);
      float s = a + b;
      uint32_t bits;
      std::memcpy(&bits, &s, 4);
      sum[i] = bits;
      break;
    }
    case DType::F64: {
      double a, b;
      std::memcpy(&a, &x[i], 8);
      std::memcpy(&b, &y[i], 8);
      double s = a + b;
      std::memcpy(&sum[i], &s, 8);
      break;
    }
    case DType::I32:
      sum[i] = uint32_t(uint32_t(x[i]) + uint32_t(y[i]));
      break;
    case DType::I64:
      sum[i] = x[i] + y[i];
      break;
    }
  }
  return sum;
}

int Model::create(int64_t size, const std::vector<int64_t> &element,
                  bool dynamic, bool clearAfterRead,
                  std::optional<int64_t> staticSize) {
  risk = OomRisk::None;
  touched = 0;
  if (size < 0) {
    fail("Size should be >= 0.");
    return -1;
  }
  Array a;
  a.name = "fw";
  a.element = element;
  for (int64_t d : element)
    a.elementCount *= d;
  a.size = size;
  a.dynamic = dynamic;
  a.clearAfterRead = clearAfterRead;
  noteStorage(a, size);
  if (risk == OomRisk::MustFail) {
    fail("OOM when allocating");
    return -1;
  }
  staticForwardSize = staticSize;
  arrays.push_back(std::move(a));
  return arrays.size() - 1;
}

bool Model::writeSlot(Array &a, int64_t index, const Values &value,
                      int64_t valueDim0) {
  if (!checkOpen(a))
    return false;
  if (index < 0 || (!a.dynamic && index >= a.size))
    return fail(fmt("TensorArray %s: Tried to write to index %lld but array "
                    "is not resizeable and size is: %lld",
                    a.name.c_str(), (long long)index, (long long)a.size));
  if (index >= a.size) {
    noteStorage(a, slotsThrough(index));
    if (risk == OomRisk::MustFail)
      return fail("OOM when allocating");
    // Growth copies the slots there are (TensorFlow's too: its vector of
    // slot handles).
    touched += std::min<int64_t>(a.size, int64_t(1) << 40);
    a.size = index + 1;
  }
  if (!a.element.empty() && valueDim0 != a.element[0]) {
    std::vector<int64_t> shape = a.element;
    shape[0] = valueDim0;
    return fail(fmt("TensorArray %s: Could not write to TensorArray index "
                    "%lld because the value shape is %s which is "
                    "incompatible with the TensorArray's inferred element "
                    "shape: %s (consider setting infer_shape=False).",
                    a.name.c_str(), (long long)index,
                    formatShape(shape).c_str(),
                    formatShape(a.element).c_str()));
  }
  ++touched;
  Array::Slot &s = slot(a, index);
  if (s.wasRead)
    return fail(fmt("TensorArray %s: Could not write to TensorArray index "
                    "%lld because it has already been read.",
                    a.name.c_str(), (long long)index));
  if (s.written && !a.isGrad)
    return fail(fmt("TensorArray %s: Could not write to TensorArray index "
                    "%lld because it has already been written to.",
                    a.name.c_str(), (long long)index));
  if (s.written && s.value)
    s.value = add(*s.value, value);
  else
    s.value = value;
  s.written = true;
  return true;
}

bool Model::readSlot(Array &a, int64_t index, Values &out) {
  if (!checkOpen(a))
    return false;
  if (index < 0 || (!a.isGrad && index >= a.size))
    return fail(fmt("Tried to read from index %lld but array size is: %lld",
                    (long long)index, (long long)a.size));
  if (index >= a.size) {
    // An accumulator read past its size grows it with zero slots.
    noteStorage(a, slotsThrough(index));
    if (risk == OomRisk::MustFail)
      return fail("OOM when allocating");
    a.grownFrom = std::min(a.grownFrom, a.size);
    touched += std::min<int64_t>(a.size, int64_t(1) << 40);
    a.size = index + 1;
  }
  ++touched;
  Array::Slot &s = slot(a, index);
  s.written = true; // an unwritten slot reads as zeros from now on
  if (s.cleared)
    return fail(fmt("TensorArray %s: Could not read index %lld twice because "
                    "it was cleared after a previous read (perhaps try "
                    "setting clear_after_read = false?).",
                    a.name.c_str(), (long long)index));
  if (s.value)
    out.insert(out.end(), s.value->begin(), s.value->end());
  else
    out.insert(out.end(), a.elementCount, 0);
  if (a.clearAfterRead) {
    s.value.reset();
    s.cleared = true;
  }
  s.wasRead = true;
  return true;
}

bool Model::write(int array, int64_t index, const Values &value,
                  int64_t valueDim0) {
  risk = OomRisk::None;
  touched = 0;
  return writeSlot(arrays[array], index, value, valueDim0);
}

bool Model::read(int array, int64_t index, Values &out) {
  risk = OomRisk::None;
  touched = 0;
  return readSlot(arrays[array], index, out);
}

bool Model::gather(int array, const std::vector<int64_t> &indices,
                   Values &out) {
  risk = OomRisk::None;
  touched = 0;
  for (int64_t index : indices)
    if (!readSlot(arrays[array], index, out))
      return false;
  return true;
}

bool Model::scatter(int array, const std::vector<int64_t> &indices,
                    const Values &rows, int64_t rowCount) {
  risk = OomRisk::None;
  touched = 0;
  Array &a = arrays[array];
  // TensorFlow asks the array's size (the closed check) first.
  if (!checkOpen(a))
    return false;
  if (int64_t(indices.size()) != rowCount)
    return fail(fmt("Expected len(indices) == values.shape[0], but saw: %lld "
                    "vs. %lld",
                    (long long)indices.size(), (long long)rowCount));
  __int128 n = a.size;
  int64_t largest = -1;
  for (int64_t index : indices)
    largest = std::max(largest, index);
  if (a.dynamic)
    n = std::max<__int128>(n, __int128(largest) + 1);
  if (largest >= n)
    return fail(fmt("Max scatter index must be < array size (%lld vs. %lld)",
                    (long long)largest, (long long)n));
  size_t count = a.elementCount;
  for (size_t k = 0; k < indices.size(); ++k) {
    Values row(rows.begin() + k * count, rows.begin() + (k + 1) * count);
    int64_t dim0 = a.element.empty() ? 0 : a.element[0];
    if (!writeSlot(a, indices[k], row, dim0))
      return false;
  }
  return true;
}

bool Model::concat(int array, Values &out, std::vector<int64_t> &lengths) {
  risk = OomRisk::None;
  touched = 0;
  Array &a = arrays[array];
  if (!checkOpen(a))
    return false;
  int64_t n = a.isGrad ? a.markedSize : a.size;
  if (n > kWorkLimit) {
    touched = n; // not modelled: the input is skipped
    return true;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (!readSlot(a, i, out))
      return false;
    lengths.push_back(a.element[0]);
  }
  return true;
}

bool Model::split(int array, const Values &pieces, int64_t pieceCount,
                  const std::vector<int64_t> &lengths) {
  risk = OomRisk::None;
  touched = 0;
  Array &a = arrays[array];
  // TensorFlow aborts on a negative length; ta fails first with its own
  // error (TA_ERR_SPLIT_NEGATIVE_LENGTH).
  for (size_t k = 0; k < lengths.size(); ++k)
    if (lengths[k] < 0)
      return fail(fmt("Expected lengths to be non-negative, but lengths[%lld] "
                      "is %lld",
                      (long long)k, (long long)lengths[k]));
  // TensorFlow adds the lengths in int64 (wrapping); past 2^63 - 1 ta fails
  // (TA_ERR_SPLIT_SUM_OVERFLOW: where the sum wraps to the value's rows,
  // TensorFlow's kernel reads past the value).
  uint64_t total = 0;
  bool wrapped = false;
  for (int64_t length : lengths) {
    total += uint64_t(length);
    wrapped |= total > uint64_t(INT64_MAX);
  }
  std::vector<int64_t> valueShape = a.element;
  valueShape[0] = pieceCount;
  if (wrapped)
    return fail("Expected sum of lengths to be equal to values.shape[0], but "
                "sum of lengths is more than 2**63 - 1 and value's shape is: " +
                formatShape(valueShape));
  if (int64_t(total) != pieceCount)
    return fail(fmt("Expected sum of lengths to be equal to values.shape[0], "
                    "but sum of lengths is %lld and value's shape is: %s",
                    (long long)int64_t(total),
                    formatShape(valueShape).c_str()));
  if (!checkOpen(a))
    return false;
  int64_t n = a.size;
  int64_t count = lengths.size();
  if (a.dynamic)
    n = std::max(n, count);
  if (n != count)
    return fail(fmt("TensorArray's size is not equal to the size of lengths "
                    "(%lld vs. %lld), and the TensorArray is not marked as "
                    "dynamically resizeable",
                    (long long)n, (long long)count));
  if (!a.isGrad)
    a.markedSize = n;
  // Element k is pieces[offset, offset + lengths[k]); every length that
  // gets here without a shape error is the element's dim 0, so the offsets
  // stay inside the value.
  int64_t rest = a.element[0] ? a.elementCount / a.element[0] : 0;
  int64_t offset = 0;
  for (int64_t k = 0; k < count; ++k) {
    Values element;
    if (lengths[k] == a.element[0])
      element.assign(pieces.begin() + offset * rest,
                     pieces.begin() + (offset + lengths[k]) * rest);
    if (!writeSlot(a, k, element, lengths[k]))
      return false;
    offset += lengths[k];
  }
  return true;
}

bool Model::size(int array, int64_t &out) {
  risk = OomRisk::None;
  touched = 0;
  const Array &a = arrays[array];
  // ta folds the size of a forward array whose type fixes it (a documented
  // departure: TensorFlow's Python size() never runs the kernel then).
  if (!a.isGrad && staticForwardSize) {
    out = *staticForwardSize;
    return true;
  }
  if (!checkOpen(a))
    return false;
  out = a.size;
  return true;
}

void Model::close(int array) {
  risk = OomRisk::None;
  touched = 0;
  Array &a = arrays[array];
  a.closed = true;
  a.slots.clear();
  a.size = 0;
  a.grownFrom = INT64_MAX;
}

int Model::grad(int array, const std::vector<int64_t> &prepend) {
  risk = OomRisk::None;
  touched = 0;
  Array &forward = arrays[array];
  forward.dynamic = false; // locked even if the gradient then fails
  if (!checkOpen(forward))
    return -1;
  Array acc;
  acc.name = forward.name + "@gradients";
  acc.element = prepend;
  acc.element.insert(acc.element.end(), forward.element.begin(),
                     forward.element.end());
  for (int64_t d : acc.element)
    acc.elementCount *= d;
  acc.size = forward.size;
  acc.isGrad = true;
  acc.markedSize = forward.markedSize;
  touched = std::min<int64_t>(forward.size, int64_t(1) << 40);
  noteStorage(acc, acc.size);
  if (risk == OomRisk::MustFail) {
    fail("OOM when allocating");
    return -1;
  }
  // Soft-written: the forward array's written slots, without values.
  for (const auto &[index, s] : forward.slots)
    if (s.written || index >= forward.grownFrom)
      acc.slots[index].written = true;
  arrays.push_back(std::move(acc));
  return arrays.size() - 1;
}

//===- ta-exec-fuzz.cpp - libFuzzer target that runs compiled ta code -----===//
//
// Turns each input into a TensorArray program and its run-time values, runs
// the compiled code and checks it against the semantics model (Model.h):
//
//   - the input's first bytes pick a program shape (TapeProgram.h: element
//     type and shape, static or run-time size, dynamic_size,
//     clear_after_read, gradient kind), compiled once per shape and checks
//     mode and kept (at most kCachedPrograms);
//   - the rest is the run-time part: the size, a tape of up to kMaxSteps ops
//     with their indices (small, or near the int64 extremes), index vectors,
//     lengths, rows and values (zeros of both signs, infinities, NaN,
//     extremes of the integer types);
//   - the model replays the tape: its values, or TensorFlow's error text at
//     the first failing op. checks=strict must give exactly that: the same
//     values bit for bit (NaN as NaN) or the same error; an "OOM when
//     allocating" error is accepted where the model says storage is large
//     enough to be refused, and required where ta's limit says it must be.
//     checks=none runs the programs the model finds valid and must give the
//     same values;
//   - an input whose second byte is 0xf0 or more is a sequence of
//     ta.unbatch_grad calls instead (UnbatchHarness.cpp, against the model
//     of Unbatch.h);
//   - ASan and UBSan watch the runtime and the driver; a signal, a hang or a
//     leak ends the run as any fuzzer finding does.
//
// A mismatch prints the program, the tape and both outcomes, and aborts.
// Inputs whose tape would make ta do more than Model::kWorkLimit slots of work
// (a concat or a gradient of a huge array: TensorFlow's kernels do that work
// too) are skipped.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace ta::execfuzz;
namespace mta = mlir::ta;

namespace {

constexpr int kMaxSteps = 12;

struct Step {
  int64_t op, a, b, c, d;
};

/// One input, decoded.
struct Case {
  ProgramShape shape;
  int64_t size = 0;
  std::vector<Step> tape;
  int64_t split = 0;
  std::vector<int64_t> indices, lengths;
  /// The element shapes of the rows and grad rows: the element shapes
  /// with a length for their open dims.
  std::vector<int64_t> rowElement, gradRowElement;
  int64_t rowCount = 0, pieceCount = 0, gradRowCount = 0, gradPieceCount = 0;
  Values rows, pieces, gradRows, gradPieces;
};

Case decode(Reader &in) {
  // -1: an open dim (libta_runtime's arrays, runtime/DynamicArrays.cpp).
  static const std::vector<std::vector<int64_t>> elements = {
      {}, {2}, {3, 2}, {0, 2}, {4, 4}, {-1}, {-1, 2}};
  Case c;
  ProgramShape &s = c.shape;
  uint8_t b = in.byte();
  // f32 and i64: both widths, both kinds of addition (f64 and i32 are in
  // the differential test); with them every shape stays compiled.
  s.type = b % 2 ? DType::I64 : DType::F32;
  s.element = elements[(b / 2) % elements.size()];
  b = in.byte();
  switch (b % 4) {
  case 0:
    break;
  case 1:
    s.dynamicSize = true;
    break;
  case 2:
    s.staticSize = 0;
    break;
  case 3:
    s.staticSize = 3;
    break;
  }
  s.clearAfterRead = (b / 4) % 2;
  switch ((b / 8) % 4) {
  case 0:
    break;
  case 1:
    s.grad = GradKind::Grad;
    break;
  case 2:
    s.grad = GradKind::GradWithShape;
    s.prepend = {2};
    break;
  case 3:
    s.grad = GradKind::GradWithShape;
    s.prepend = {0};
    break;
  }
  if (!s.isOpen())
    s.whileLoops = (b / 32) % 2;
  if (s.isOpen()) {
    s.identical = (b / 32) % 2;
    s.unranked = (b / 64) % 2;
    // A shape_to_prepend of [0] with an open dim: a value of no elements
    // whose other dim is open (the tape slices no such value).
    if (s.grad == GradKind::GradWithShape)
      s.prepend = {2};
  }
  c.size = s.staticSize ? *s.staticSize : in.integer();
  // The rows' length in the open dims; each write takes a length of its
  // own up to it.
  int64_t open = s.isOpen() ? in.byte() % 4 : 0;
  auto concrete = [&](std::vector<int64_t> shape) {
    for (int64_t &d : shape)
      d = d < 0 ? open : d;
    return shape;
  };
  c.rowElement = concrete(s.element);
  c.gradRowElement = concrete(s.gradElement());

  // The tape first (short inputs get programs), then the argument vectors;
  // then the tape's slices are kept inside them.
  int steps = in.byte() % (kMaxSteps + 1);
  bool hasGrad = s.grad != GradKind::None;
  c.split = hasGrad ? in.byte() % (steps + 1) : steps;
  std::vector<bool> onGrad;
  bool prefill = false;
  for (int k = 0; k < steps; ++k) {
    Step step;
    uint8_t op = in.byte();
    // Bits 0-2: the op; bit 3: on the accumulator (after the gradient);
    // bit 4: a write or read becomes a loop of them (static element
    // shapes; bit 5 with it: the loop of constant trip count), a gather or
    // scatter takes the range 0..n-1 as its indices; bit 6 of
    // step 0, a loop of writes on the forward array: it runs before the
    // loop over the tape (ProgramShape::prefill).
    step.op = op % 8;
    if (k == 0)
      prefill = (op / 64) % 2;
    if (!s.hasBulkOps() && (step.op == int64_t(TapeOp::Concat) ||
                            step.op == int64_t(TapeOp::Split)))
      step.op = int64_t(TapeOp::Read);
    bool loop = (op / 16) % 2 && !s.isOpen(), constantBounds = (op / 32) % 2;
    if (loop && step.op == int64_t(TapeOp::Write))
      step.op = int64_t(constantBounds ? TapeOp::WriteRows : TapeOp::WriteLoop);
    else if (loop && step.op == int64_t(TapeOp::Read))
      step.op = int64_t(constantBounds ? TapeOp::ReadRows : TapeOp::ReadLoop);
    else if ((op / 16) % 2 && step.op == int64_t(TapeOp::Gather))
      step.op = int64_t(TapeOp::GatherRange);
    else if ((op / 16) % 2 && step.op == int64_t(TapeOp::Scatter))
      step.op = int64_t(TapeOp::ScatterRange);
    onGrad.push_back(hasGrad && k >= c.split && (op / 8) % 2);
    step.a = in.integer();
    step.b = in.byte();
    step.c = in.byte();
    step.d = in.byte();
    c.tape.push_back(step);
  }

  // Counts past the input's end are small but not 0.
  auto count = [&](int most) { return int64_t((in.byte() + 3) % (most + 1)); };
  c.indices.resize(count(24));
  for (int64_t &i : c.indices)
    i = in.integer();
  c.lengths.resize(count(12));
  for (int64_t &l : c.lengths) {
    uint8_t pick = in.byte();
    // Mostly the element's dim 0, which valid splits need.
    if (s.isOpen())
      l = pick < 160 ? pick % 4 : in.integer();
    else
      l = pick < 160 && !s.element.empty() ? s.element[0] : in.integer();
  }
  const std::vector<int64_t> &e = c.rowElement, &g = c.gradRowElement;
  auto fill = [&](Values &v, int64_t &rowsOut, int64_t rowElements, int most) {
    rowsOut = count(most);
    v.resize(rowsOut * rowElements);
    for (uint64_t &x : v)
      x = in.value(s.type);
  };
  fill(c.rows, c.rowCount, product(e), 16);
  fill(c.pieces, c.pieceCount, e.empty() ? 1 : product(e, 1), 32);
  fill(c.gradRows, c.gradRowCount, product(g), 8);
  fill(c.gradPieces, c.gradPieceCount, g.empty() ? 1 : product(g, 1), 16);

  auto within = [&](int64_t &offset, int64_t &n, int64_t length) {
    offset = length ? uint64_t(offset) % uint64_t(length + 1) : 0;
    n = uint64_t(n) % uint64_t(length - offset + 1);
  };
  for (int k = 0; k < steps; ++k) {
    Step &step = c.tape[k];
    int64_t rowCount = onGrad[k] ? c.gradRowCount : c.rowCount;
    int64_t pieceCount = onGrad[k] ? c.gradPieceCount : c.pieceCount;
    switch (static_cast<TapeOp>(step.op)) {
    case TapeOp::Write:
      if (rowCount == 0)
        step.op = int64_t(TapeOp::Read);
      else
        step.b %= rowCount;
      break;
    case TapeOp::WriteLoop:
      if (rowCount == 0)
        step.op = int64_t(TapeOp::ReadLoop);
      // Up to 8 accesses: loops that fit the array (small sizes, small
      // indices) come often, and then the claim of the whole range holds.
      step.d %= 9;
      break;
    case TapeOp::ReadLoop:
      step.d %= 9;
      break;
    case TapeOp::Gather:
      within(step.a, step.b, c.indices.size());
      break;
    case TapeOp::Scatter:
      within(step.a, step.b, c.indices.size());
      within(step.c, step.d, rowCount);
      break;
    case TapeOp::GatherRange:
      // Up to 16 slots: past the size of small arrays too.
      step.b %= 17;
      break;
    case TapeOp::ScatterRange:
      within(step.c, step.d, rowCount);
      break;
    case TapeOp::Split:
      within(step.a, step.b, pieceCount);
      within(step.c, step.d, c.lengths.size());
      break;
    default:
      break;
    }
    if (onGrad[k])
      step.op += kGradOpBase;
  }
  s.prefill = prefill && steps > 0 &&
              c.tape[0].op == int64_t(TapeOp::WriteLoop) &&
              (!hasGrad || c.split > 0);
  return c;
}

/// What a run gives: values and integers (up to the capacities), both
/// cursors, or an error.
struct Outcome {
  bool ok = true;
  std::string error;
  Values values;
  std::vector<int64_t> integers;
  int64_t valueCursor = 0, integerCursor = 0;
  /// The model only: an "OOM when allocating" error is acceptable / the
  /// only acceptable error.
  bool oomAllowed = false, oomRequired = false;
  bool skip = false;
};

template <typename T>
void appendOutput(std::vector<T> &out, int64_t &cursor, int64_t capacity,
                  const std::vector<T> &more) {
  int64_t end = cursor + more.size();
  if (end <= capacity)
    out.insert(out.end(), more.begin(), more.end());
  cursor = end;
}

Outcome runModel(const Case &c) {
  Outcome o;
  const ProgramShape &s = c.shape;
  Model model(s.type);
  auto stop = [&]() {
    o.ok = false;
    o.error = model.error();
    o.oomAllowed |= model.oomRisk() != OomRisk::None;
    o.oomRequired = model.oomRisk() == OomRisk::MustFail;
    return o;
  };
  // Whether to stop: past the work limit the rest is not modelled.
  auto note = [&]() {
    o.oomAllowed |= model.oomRisk() != OomRisk::None;
    o.skip |= model.work() > Model::kWorkLimit;
    return o.skip;
  };
  int forward = model.create(c.size, s.element, s.dynamicSize, s.clearAfterRead,
                             s.staticSize);
  if (forward < 0)
    return stop();
  if (note())
    return o;
  int acc = -1;
  for (size_t k = 0; k <= c.tape.size(); ++k) {
    if (int64_t(k) == c.split && s.grad != GradKind::None) {
      acc = model.grad(forward, s.prepend);
      if (model.work() > Model::kWorkLimit) {
        o.skip = true;
        return o;
      }
      if (acc < 0)
        return stop();
      if (note())
        return o;
    }
    if (k == c.tape.size())
      break;
    const Step &step = c.tape[k];
    // The step's index vector: indices[a, a + b).
    auto stepIndices = [&] {
      return std::vector<int64_t>(c.indices.begin() + step.a,
                                  c.indices.begin() + step.a + step.b);
    };
    auto range = [](int64_t n) {
      std::vector<int64_t> r(n);
      for (int64_t k = 0; k < n; ++k)
        r[k] = k;
      return r;
    };
    bool onGrad = step.op >= kGradOpBase;
    int array = onGrad ? acc : forward;
    const Values &rows = onGrad ? c.gradRows : c.rows;
    const Values &pieces = onGrad ? c.gradPieces : c.pieces;
    const std::vector<int64_t> &element = model.array(array).element;
    int64_t rowElements = product(element);
    int64_t pieceElements = element.empty() ? 1 : product(element, 1);
    // Write of rows[r] at index i.
    auto writeRow = [&](int64_t i, int64_t r) {
      return model.write(array, i,
                         Values(rows.begin() + r * rowElements,
                                rows.begin() + (r + 1) * rowElements),
                         element.empty() ? 0 : element[0]);
    };
    bool ok = true;
    Values values;
    std::vector<int64_t> integers;
    switch (static_cast<TapeOp>(step.op % kGradOpBase)) {
    case TapeOp::Write:
      ok = writeRow(step.a, step.b);
      break;
    case TapeOp::Read:
      ok = model.read(array, step.a, values);
      break;
    case TapeOp::Gather:
      ok = model.gather(array, stepIndices(), values);
      break;
    case TapeOp::GatherRange:
      ok = model.gather(array, range(step.b), values);
      break;
    case TapeOp::ScatterRange:
      ok = model.scatter(array, range(step.d),
                         Values(rows.begin() + step.c * rowElements,
                                rows.begin() + (step.c + step.d) * rowElements),
                         step.d);
      break;
    case TapeOp::Scatter:
      ok = model.scatter(array, stepIndices(),
                         Values(rows.begin() + step.c * rowElements,
                                rows.begin() + (step.c + step.d) * rowElements),
                         step.d);
      break;
    case TapeOp::Concat:
      ok = model.concat(array, values, integers);
      break;
    case TapeOp::Split:
      ok = model.split(
          array,
          Values(pieces.begin() + step.a * pieceElements,
                 pieces.begin() + (step.a + step.b) * pieceElements),
          step.b,
          std::vector<int64_t>(c.lengths.begin() + step.c,
                               c.lengths.begin() + step.c + step.d));
      break;
    case TapeOp::Size: {
      int64_t n;
      ok = model.size(array, n);
      integers.push_back(n);
      break;
    }
    case TapeOp::Close:
      model.close(array);
      break;
    case TapeOp::WriteLoop:
    case TapeOp::ReadLoop:
    case TapeOp::WriteRows:
    case TapeOp::ReadRows: {
      // The loop's accesses one by one, as separate steps: at k in
      // [a, a + d) (the index sum wrapping, as the program's index
      // arithmetic does), writing rows[(b + k - a) mod rows]; or at k in
      // [kRowsBegin, kRowsEnd), writing rows[k] where there are kRowsEnd
      // rows.
      TapeOp kind = static_cast<TapeOp>(step.op % kGradOpBase);
      bool write = kind == TapeOp::WriteLoop || kind == TapeOp::WriteRows;
      bool constant = kind == TapeOp::WriteRows || kind == TapeOp::ReadRows;
      int64_t rowCount = onGrad ? c.gradRowCount : c.rowCount;
      if (constant && write && rowCount < kRowsEnd)
        break;
      int64_t begin = constant ? kRowsBegin : step.a;
      int64_t end =
          constant ? kRowsEnd : int64_t(uint64_t(step.a) + uint64_t(step.d));
      uint64_t firstRow = constant ? kRowsBegin : step.b;
      for (int64_t k = begin; k < end; ++k) {
        Values read;
        ok = write ? writeRow(k, int64_t((firstRow + uint64_t(k - begin)) %
                                         uint64_t(rowCount)))
                   : model.read(array, k, read);
        if (!ok)
          return stop();
        if (note())
          return o;
        appendOutput(o.values, o.valueCursor, kValueCapacity, read);
      }
      break;
    }
    }
    if (!ok)
      return stop();
    if (note())
      return o;
    appendOutput(o.values, o.valueCursor, kValueCapacity, values);
    appendOutput(o.integers, o.integerCursor, kIntegerCapacity, integers);
  }
  return o;
}

Outcome runCompiled(mta::Executable &exe, const Case &c) {
  const ProgramShape &s = c.shape;
  const std::vector<int64_t> &e = c.rowElement, &g = c.gradRowElement;
  std::vector<int64_t> tape;
  for (const Step &step : c.tape)
    tape.insert(tape.end(), {step.op, step.a, step.b, step.c, step.d});
  tape.push_back(0);
  std::vector<uint8_t> rows = pack(c.rows, s.type),
                       pieces = pack(c.pieces, s.type),
                       gradRows = pack(c.gradRows, s.type),
                       gradPieces = pack(c.gradPieces, s.type);
  std::vector<int64_t> indices = c.indices, lengths = c.lengths;
  indices.push_back(0);
  lengths.push_back(0);
  auto rest = [](const std::vector<int64_t> &e) {
    return e.empty() ? e : std::vector<int64_t>(e.begin() + 1, e.end());
  };
  using mta::Argument;
  std::vector<Argument> args = {
      Argument::ofInteger(c.size),
      Argument::ofTensor(describe(tape.data(), c.tape.size(), {5})),
      Argument::ofInteger(c.split),
      Argument::ofTensor(describe(rows.data(), c.rowCount, e)),
      Argument::ofTensor(describe(pieces.data(), c.pieceCount, rest(e))),
      Argument::ofTensor(describe(gradRows.data(), c.gradRowCount, g)),
      Argument::ofTensor(
          describe(gradPieces.data(), c.gradPieceCount, rest(g))),
      Argument::ofTensor(describe(indices.data(), c.indices.size(), {})),
      Argument::ofTensor(describe(lengths.data(), c.lengths.size(), {}))};
  Outcome o;
  auto results = exe.call("run", args);
  if (!results) {
    o.ok = false;
    o.error = llvm::toString(results.takeError());
    return o;
  }
  const auto *cursors = static_cast<const int64_t *>((*results)[2].aligned) +
                        (*results)[2].offset;
  o.valueCursor = cursors[0];
  o.integerCursor = cursors[1];
  unsigned width = byteWidth(s.type);
  const auto *values = static_cast<const uint8_t *>((*results)[0].aligned) +
                       (*results)[0].offset * width;
  for (int64_t i = 0; i < std::min(o.valueCursor, kValueCapacity); ++i) {
    uint64_t v = 0;
    std::memcpy(&v, values + i * width, width);
    o.values.push_back(v);
  }
  const auto *ints = static_cast<const int64_t *>((*results)[1].aligned) +
                     (*results)[1].offset;
  for (int64_t i = 0; i < std::min(o.integerCursor, kIntegerCapacity); ++i)
    o.integers.push_back(ints[i]);
  return o;
}

/// Why `got` is not what `want` (the model's) allows; empty if it is.
std::string compare(const Outcome &want, const Outcome &got, DType type) {
  if (!got.ok) {
    bool oom = llvm::StringRef(got.error).starts_with("OOM when allocating");
    if (oom && want.oomAllowed)
      return "";
    if (!want.ok && !want.oomRequired && got.error == want.error)
      return "";
    return "error '" + got.error + "'";
  }
  if (!want.ok)
    return "success";
  if (got.valueCursor != want.valueCursor ||
      got.integerCursor != want.integerCursor)
    return "output counts " + std::to_string(got.valueCursor) + "/" +
           std::to_string(got.integerCursor);
  // What fitted in the outputs, then their initial zeros (an append that
  // would pass the capacity is dropped, later smaller ones too).
  for (size_t i = 0; i < got.values.size(); ++i)
    if (!sameValue(i < want.values.size() ? want.values[i] : 0, got.values[i],
                   type))
      return "value " + std::to_string(i) + " = " +
             std::to_string(got.values[i]);
  for (size_t i = 0; i < got.integers.size(); ++i)
    if ((i < want.integers.size() ? want.integers[i] : 0) != got.integers[i])
      return "integer " + std::to_string(i) + " = " +
             std::to_string(got.integers[i]);
  return "";
}

void printCase(const Case &c, const Outcome &want) {
  llvm::errs() << "the model: ";
  if (want.ok)
    llvm::errs() << want.valueCursor << " values, " << want.integerCursor
                 << " integers";
  else
    llvm::errs() << "error '" << want.error << "'";
  if (want.skip)
    llvm::errs() << " (skipped: too much work)";
  llvm::errs() << "\nshape " << c.shape.key() << ", size " << c.size
               << ", split " << c.split << "\ntape:";
  for (const Step &s : c.tape)
    llvm::errs() << " (" << s.op << " " << s.a << " " << s.b << " " << s.c
                 << " " << s.d << ")";
  llvm::errs() << "\nindices:";
  for (int64_t i : c.indices)
    llvm::errs() << " " << i;
  llvm::errs() << "\nlengths:";
  for (int64_t l : c.lengths)
    llvm::errs() << " " << l;
  llvm::errs() << "\n";
}

[[noreturn]] void report(const Case &c, const Outcome &want,
                         const std::string &why, const char *mode) {
  llvm::errs() << "ta-exec-fuzz: MISMATCH (" << mode << "): got " << why
               << "; ";
  printCase(c, want);
  llvm::errs() << c.shape.source();
  abort();
}

} // namespace

/// TA_EXEC_FUZZ_OOB=1: runs compiled code that reads one element past its
/// argument, which an ASan build reports (test/Fuzz/exec-fuzz-asan.test):
/// the JIT's code is instrumented, not only the runtime and the driver.
void readPastAnArgument(Programs &programs) {
  const char *source = R"mlir(
    func.func @past(%t: tensor<4xi64>, %i: index) -> tensor<1xi64> {
      %v = tensor.extract %t[%i] : tensor<4xi64>
      %r = tensor.from_elements %v : tensor<1xi64>
      return %r : tensor<1xi64>
    }
  )mlir";
  std::unique_ptr<mta::Executable> past =
      programs.compile("past", source, mta::ChecksMode::None);
  auto values = std::make_unique<int64_t[]>(4);
  auto result = past->call(
      "past", {mta::Argument::ofTensor(describe(values.get(), 4, {})),
               mta::Argument::ofInteger(4)});
  if (!result)
    Programs::die(llvm::toString(result.takeError()), source);
  llvm::errs() << "ta-exec-fuzz: read past an argument unreported\n";
}

/// Whether an array of open element shape could be given `slots` slots
/// that ta's runtime would allocate and fill (about 280 bytes each, dense,
/// as TensorFlow's vector of slots): between 2^16 and 2^36 slots, where the
/// run would hold gigabytes (past 2^36 the allocation is refused, the OOM
/// error the run checks for).
bool costlyOpenSlots(int64_t slots) {
  return slots >= (int64_t(1) << 16) && slots < (int64_t(1) << 36);
}

/// Whether an input of open element shape reaches a costly size: its size,
/// an index of its tape, or of its index vector.
bool costlyOpen(const Case &c) {
  if (costlyOpenSlots(c.size))
    return true;
  for (const Step &step : c.tape)
    if (costlyOpenSlots(step.a))
      return true;
  return llvm::any_of(c.indices, costlyOpenSlots);
}

/// Why the two runs of a program of open element shape differ; empty if
/// they do not. libta_runtime keeps such arrays and checks them in both
/// modes, so strict and none must agree exactly (no model of their shape
/// rules yet: test/Differential/tf-open-shapes.test checks those against
/// TensorFlow).
std::string compareModes(const Outcome &strict, const Outcome &none,
                         DType type) {
  if (strict.ok != none.ok)
    return strict.ok ? "error '" + none.error + "'" : "success";
  if (!strict.ok)
    return strict.error == none.error ? "" : "error '" + none.error + "'";
  if (strict.valueCursor != none.valueCursor ||
      strict.integerCursor != none.integerCursor ||
      strict.values.size() != none.values.size() ||
      strict.integers != none.integers)
    return "other output counts or integers";
  for (size_t i = 0; i < strict.values.size(); ++i)
    if (!sameValue(strict.values[i], none.values[i], type))
      return "value " + std::to_string(i);
  return "";
}

/// An input of open element shape: both modes run, and agree.
void runOpen(Programs &programs, const Case &c) {
  ++tally.open;
  if (costlyOpen(c)) {
    ++tally.skipped;
    return;
  }
  tally.steps += c.tape.size();
  // TA_EXEC_FUZZ_TRACE=1: the program and the case (no model to print).
  static const bool trace = getenv("TA_EXEC_FUZZ_TRACE");
  if (trace) {
    llvm::errs() << c.shape.source();
    printCase(c, Outcome());
  }
  Outcome strict =
      runCompiled(programs.get(c.shape, mta::ChecksMode::Strict), c);
  Outcome none = runCompiled(programs.get(c.shape, mta::ChecksMode::None), c);
  ++tally.noneRuns;
  // TA_EXEC_FUZZ_CORRUPT=1: the first value of checks=none is wrong.
  static const bool corrupt = getenv("TA_EXEC_FUZZ_CORRUPT");
  if (corrupt && none.ok && !none.values.empty())
    none.values[0] ^= 1;
  if (strict.ok) {
    ++tally.values;
  } else {
    ++tally.errors;
    ++tally.errorKinds[Tally::kind(strict.error)];
    tally.oom += llvm::StringRef(strict.error).starts_with("OOM");
  }
  std::string why = compareModes(strict, none, c.shape.type);
  if (!why.empty()) {
    llvm::errs() << "ta-exec-fuzz: MISMATCH (none against strict): got " << why
                 << "; strict: "
                 << (strict.ok ? "values" : "error '" + strict.error + "'")
                 << "\n"
                 << c.shape.source();
    abort();
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Programs *programs = new Programs(tally.compiled);
  static const bool oob = getenv("TA_EXEC_FUZZ_OOB");
  if (oob)
    readPastAnArgument(*programs);
  Reader in(data, size);
  ++tally.inputs;
  if (size > 1 && data[1] >= 0xf0) {
    runUnbatchInput(*programs, in);
    return 0;
  }
  Case c = decode(in);
  if (c.shape.isOpen()) {
    runOpen(*programs, c);
    return 0;
  }
  Outcome want = runModel(c);
  // TA_EXEC_FUZZ_TRACE=1: each input's program, case and expected outcome.
  static const bool trace = getenv("TA_EXEC_FUZZ_TRACE");
  if (trace) {
    llvm::errs() << c.shape.source();
    printCase(c, want);
  }
  // TA_EXEC_FUZZ_CORRUPT=1: the first expected value is wrong, to show that
  // a mismatch is found (test/Fuzz/exec-fuzz.test); for open element
  // shapes, the first value of checks=none (runOpen).
  static const bool corrupt = getenv("TA_EXEC_FUZZ_CORRUPT");
  if (corrupt && want.ok && !want.values.empty())
    want.values[0] ^= 1;
  if (want.skip) {
    ++tally.skipped;
    return 0;
  }
  tally.steps += c.tape.size();
  for (const Step &step : c.tape) {
    int64_t op = step.op % kGradOpBase;
    if (op >= int64_t(TapeOp::GatherRange))
      ++tally.ranges;
    else if (op >= int64_t(TapeOp::WriteLoop))
      ++tally.loops;
  }
  Outcome strict =
      runCompiled(programs->get(c.shape, mta::ChecksMode::Strict), c);
  std::string why = compare(want, strict, c.shape.type);
  if (!why.empty())
    report(c, want, why, "strict");
  if (strict.ok) {
    ++tally.values;
  } else {
    ++tally.errors;
    ++tally.errorKinds[Tally::kind(strict.error)];
    tally.oom += llvm::StringRef(strict.error).starts_with("OOM");
  }
  // checks=none: the same values for a program valid under strict.
  if (want.ok && !want.oomAllowed) {
    ++tally.noneRuns;
    Outcome none =
        runCompiled(programs->get(c.shape, mta::ChecksMode::None), c);
    why = compare(want, none, c.shape.type);
    if (!why.empty())
      report(c, want, why, "none");
  }
  return 0;
}

//===- UnbatchHarness.cpp - ta-exec-fuzz's unbatch_grad inputs ------------===//
//
// An input whose second byte is 0xf0 or more is a sequence of up to 5
// ta.unbatch_grad calls: ids (small, repeated, or near the int64 extremes),
// owners and their batch indices, grads of their own shapes. In each checks
// mode, from a reset rendezvous, every call must give UnbatchModel's result
// or error (Unbatch.h), and afterwards the rendezvous must hold the grads
// the model holds, no waiting owner, and reset.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "ta/Runtime/TARuntime.h"

#include "llvm/Support/raw_ostream.h"

using namespace ta::execfuzz;
namespace mta = mlir::ta;

namespace {

/// An unbatch_grad input (its second byte is 0xf0 or more).
struct UnbatchCase {
  UnbatchShape shape;
  std::vector<UnbatchCall> calls;
};

UnbatchCase decodeUnbatch(Reader &in) {
  UnbatchCase c;
  uint8_t b = in.byte();
  c.shape.type = b % 2 ? DType::I64 : DType::F32;
  static const std::vector<std::vector<int64_t>> rests = {{}, {2}, {-1}};
  c.shape.rest = rests[(b / 2) % rests.size()];
  in.byte(); // the mode
  int calls = 1 + in.byte() % 5;
  std::vector<int64_t> ids;
  for (int k = 0; k < calls; ++k) {
    UnbatchCall call;
    uint8_t pick = in.byte();
    // Mostly distinct ids, or small ones that repeat, or the int64 edges.
    call.id = pick < 144 ? k : pick < 224 ? pick % 6 : in.integer();
    ids.push_back(call.id);
    // The dims past 0: an open one has a length per call (0-2).
    std::vector<int64_t> rest = c.shape.rest;
    for (int64_t &d : rest)
      d = d < 0 ? in.byte() % 3 : d;
    call.originalShape = {in.byte() % 3 == 0 ? 1 + in.byte() % 2 : 0};
    call.originalShape.insert(call.originalShape.end(), rest.begin(),
                              rest.end());
    call.gradShape = {in.byte() % 4};
    call.gradShape.insert(call.gradShape.end(), rest.begin(), rest.end());
    call.grad.resize(product(call.gradShape));
    for (uint64_t &v : call.grad)
      v = in.value(c.shape.type);
    c.calls.push_back(std::move(call));
  }
  // The owners' batches: mostly the ids of the calls so far, the owner's
  // included, in a rotated order (a batch complete on the owner's arrival);
  // or ids of the sequence (repeats make the "bad bookkeeping" error, later
  // ones a timeout), or others, or none.
  for (size_t k = 0; k < c.calls.size(); ++k) {
    UnbatchCall &call = c.calls[k];
    if (!call.owner())
      continue;
    uint8_t mode = in.byte();
    if (mode < 128) {
      size_t shift = in.byte();
      for (size_t r = 0; r <= k; ++r)
        call.batchIds.push_back(ids[(r + shift) % (k + 1)]);
      continue;
    }
    int rows = mode % 5;
    for (int r = 0; r < rows; ++r) {
      uint8_t pick = in.byte();
      call.batchIds.push_back(pick < 224 ? ids[pick % ids.size()]
                                         : in.integer());
    }
  }
  return c;
}

/// One call of the unbatch program.
UnbatchResult callUnbatch(mta::Executable &exe, DType type,
                          const UnbatchCall &call) {
  std::vector<uint8_t> original =
      pack(Values(product(call.originalShape)), type);
  std::vector<int64_t> batchIndex;
  for (int64_t id : call.batchIds)
    batchIndex.insert(batchIndex.end(), {id, 0, 0});
  batchIndex.push_back(0);
  std::vector<uint8_t> grad = pack(call.grad, type);
  auto rest = [](const std::vector<int64_t> &shape) {
    return std::vector<int64_t>(shape.begin() + 1, shape.end());
  };
  using mta::Argument;
  auto results = exe.call(
      "unbatch",
      {Argument::ofTensor(describe(original.data(), call.originalShape[0],
                                   rest(call.originalShape))),
       Argument::ofTensor(
           describe(batchIndex.data(), call.batchIds.size(), {3})),
       Argument::ofTensor(
           describe(grad.data(), call.gradShape[0], rest(call.gradShape))),
       Argument::ofInteger(call.id)});
  UnbatchResult r;
  if (!results) {
    r.ok = false;
    r.error = llvm::toString(results.takeError());
    return r;
  }
  const mta::MemRefDescriptor &d = (*results)[0];
  r.shape.assign(d.sizes.begin(), d.sizes.end());
  unsigned width = byteWidth(type);
  const auto *bytes =
      static_cast<const uint8_t *>(d.aligned) + d.offset * width;
  for (int64_t i = 0, n = product(r.shape); i < n; ++i) {
    uint64_t v = 0;
    std::memcpy(&v, bytes + i * width, width);
    r.values.push_back(v);
  }
  return r;
}

/// An unbatch_grad input: in each checks mode, from a reset rendezvous,
/// every call gives the model's result or error, and the rendezvous then
/// holds the grads the model holds, no waiting owner, and resets.
void runUnbatch(Programs &programs, const UnbatchCase &c) {
  ++tally.unbatch;
  static const bool trace = getenv("TA_EXEC_FUZZ_TRACE");
  // TA_EXEC_FUZZ_CORRUPT=1: the model's first value of each call is wrong.
  static const bool corrupt = getenv("TA_EXEC_FUZZ_CORRUPT");
  auto mismatch = [&](const std::string &what, size_t k) {
    llvm::errs() << "ta-exec-fuzz: MISMATCH (unbatch_grad): " << what
                 << "\nshape " << c.shape.key()
                 << "; calls (id, original rows, batch ids, grad rows):";
    for (size_t i = 0; i < c.calls.size(); ++i) {
      const UnbatchCall &call = c.calls[i];
      llvm::errs() << (i == k ? "\n> " : "\n  ") << call.id << ", "
                   << call.originalShape[0] << ", [";
      for (int64_t id : call.batchIds)
        llvm::errs() << id << " ";
      llvm::errs() << "], " << call.gradShape[0];
    }
    llvm::errs() << "\n" << c.shape.source();
    abort();
  };
  for (mta::ChecksMode checks :
       {mta::ChecksMode::Strict, mta::ChecksMode::None}) {
    mta::Executable &exe = programs.get(c.shape, checks);
    if (ta_unbatch_grad_reset("", kUnbatchSharedName) < 0)
      mismatch("the rendezvous does not reset before the input", 0);
    UnbatchModel model(c.shape.type);
    for (size_t k = 0; k < c.calls.size(); ++k) {
      ++tally.unbatchCalls;
      UnbatchResult want = model.call(c.calls[k]);
      if (corrupt && !want.values.empty())
        want.values[0] ^= 1;
      UnbatchResult got = callUnbatch(exe, c.shape.type, c.calls[k]);
      if (trace)
        llvm::errs() << "unbatch call " << k << ": "
                     << (want.ok ? "values" : want.error) << "\n";
      if (want.ok) {
        ++tally.values;
      } else {
        ++tally.errors;
        ++tally.errorKinds["UnbatchGrad: " + Tally::kind(want.error.substr(
                                                 want.error.find("): ") + 3))];
      }
      if (want.ok != got.ok || want.error != got.error)
        mismatch("call " + std::to_string(k) + " gave " +
                     (got.ok ? "values" : "error '" + got.error + "'") +
                     ", the model " +
                     (want.ok ? "values" : "error '" + want.error + "'"),
                 k);
      if (want.shape != got.shape)
        mismatch("call " + std::to_string(k) + ": another result shape", k);
      for (size_t i = 0; i < want.values.size(); ++i)
        if (!sameValue(want.values[i], got.values[i], c.shape.type))
          mismatch("call " + std::to_string(k) + ": value " + std::to_string(i),
                   k);
    }
    TAUnbatchGradState state;
    ta_unbatch_grad_inspect("", kUnbatchSharedName, &state);
    if (state.parked_grads != model.parked() || state.waiting_batches ||
        state.missing_grads)
      mismatch("the rendezvous holds " + std::to_string(state.parked_grads) +
                   " grads, " + std::to_string(state.waiting_batches) +
                   " waiting owners; the model " +
                   std::to_string(model.parked()) + " grads",
               c.calls.size());
    if (ta_unbatch_grad_reset("", kUnbatchSharedName) != model.parked())
      mismatch("the reset did not drop the parked grads", c.calls.size());
  }
}

} // namespace

void ta::execfuzz::runUnbatchInput(Programs &programs, Reader &in) {
  runUnbatch(programs, decodeUnbatch(in));
}

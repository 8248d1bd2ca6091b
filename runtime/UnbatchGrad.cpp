//===- UnbatchGrad.cpp - libta_runtime: the unbatch_grad rendezvous -------===//
//
// TensorFlow's UnbatchGradResource (tensorflow/core/kernels/batch_kernels.cc)
// for compiled code: one resource per (container, shared_name) for the life
// of the process, shared by every thread and every invocation. Every call
// registers its grad under its id; the call whose original_input has
// elements owns the batch and waits until every id of its batch_index has
// delivered, then receives their grads concatenated in row order; every
// other call returns at once. The bookkeeping and its errors follow
// TensorFlow's Compute and OutputBatch step by step; ta adds a timeout for
// waiting owners and checks that the concatenation fits the owner's result.
//
//===----------------------------------------------------------------------===//

#include "TARuntimeInternal.h"
#include "ta/Runtime/TARuntime.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {

/// A grad registered under an id: a copy of the caller's tensor.
struct Grad {
  std::string type;           // the element type, as MLIR prints it
  std::vector<int64_t> shape; // {rank, d0, d1, ...}
  std::unique_ptr<char[]> data;
  size_t bytes = 0;
};

std::string shapeString(const std::vector<int64_t> &shape) {
  char text[512];
  _ta_rt_format_shape(text, sizeof(text), shape.data());
  return text;
}

/// The result of one owner: its batch's grads in batch_index row order.
struct Ticket {
  int64_t rows = 0;
  std::vector<Grad> parts;
};

/// An owner waiting for grads (TensorFlow's Batch).
struct Batch {
  std::vector<int64_t> ids; // column 0 of the owner's batch_index
  std::unordered_set<int64_t> missing;
  std::unique_ptr<Ticket> result; // set when the batch is complete
  /// Set instead where the call that completed the batch found that its
  /// grads do not concatenate (outputBatch's message).
  std::string error;
  std::condition_variable complete;
};

struct Resource {
  std::string container, name;
  std::mutex mu;
  /// Set by ta_unbatch_grad_reset: a call that finds it looks up again.
  bool detached = false;
  std::unordered_map<int64_t, Grad> available;
  std::unordered_map<int64_t, std::shared_ptr<Batch>> batches;
  std::unordered_map<int64_t, int64_t> desired; // missing id -> owner id
};

struct Registry {
  std::mutex mu;
  std::map<std::pair<std::string, std::string>, std::shared_ptr<Resource>>
      resources;
  std::atomic<int64_t> timeout{0};
  /// Why TA_UNBATCH_GRAD_TIMEOUT_MICROS could not be read (empty: it
  /// could), and whether that still stands: until a timeout is set, every
  /// call that would use the default reports it.
  std::string environmentError;
  std::atomic<bool> environmentBad{false};
};

/// Whether a wait of `micros` would end past the range of the clock
/// wait_for counts on (about 292 years of nanoseconds from boot): such a
/// timeout waits forever, as TensorFlow's does, instead of overflowing
/// into one that has already passed.
bool beyondClock(int64_t micros) {
  using std::chrono::steady_clock;
  auto left = std::chrono::duration_cast<std::chrono::microseconds>(
      steady_clock::time_point::max() - steady_clock::now());
  return micros >= left.count();
}

/// The default timeout from TA_UNBATCH_GRAD_TIMEOUT_MICROS (0: none) into
/// `r`, or why the variable is not a number. Reported by the callers, not
/// here: the registry's initialization must end normally (an error handler
/// that left it by longjmp would leave its guard taken for good).
void timeoutFromEnvironment(Registry &r) {
  const char *text = std::getenv("TA_UNBATCH_GRAD_TIMEOUT_MICROS");
  if (!text || !*text)
    return;
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text, &end, 10);
  if (errno || *end) {
    r.environmentError = "TA_UNBATCH_GRAD_TIMEOUT_MICROS must be a number "
                         "of microseconds, got '" +
                         std::string(text) + "'";
    r.environmentBad = true;
    return;
  }
  r.timeout = value;
}

/// Never destroyed: owners may still be waiting when the process exits.
Registry &registry() {
  static Registry *r = [] {
    auto *created = new Registry;
    timeoutFromEnvironment(*created);
    return created;
  }();
  return *r;
}

/// The registry, where its default timeout is known; otherwise the runtime
/// error saying why it is not (with no lock held: the handler may longjmp).
Registry &registryWithTimeout() {
  Registry &r = registry();
  if (r.environmentBad)
    _ta_rt_exit_with(r.environmentError.c_str());
  return r;
}

std::shared_ptr<Resource> lookup(const std::string &container,
                                 const std::string &name) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::shared_ptr<Resource> &resource = r.resources[{container, name}];
  if (!resource) {
    resource = std::make_shared<Resource>();
    resource->container = container;
    resource->name = name;
  }
  return resource;
}

/// A failure inside the rendezvous, carried out of it as an exception so
/// that every lock, reference and buffer on the way is released; the C
/// entry point turns it into the runtime error (whose handler may leave by
/// longjmp, which would skip those destructors).
struct Failure {
  std::string message;
};

/// TensorFlow's message for `message` at call `id` of resource `r`.
[[noreturn]] void fail(Resource &r, int64_t id, const std::string &message) {
  std::string text = "UnbatchGrad \"" + r.name + "\"";
  if (!r.container.empty())
    text += " in container \"" + r.container + "\"";
  text += " (id " + std::to_string(id) + "): " + message;
  throw Failure{std::move(text)};
}

/// TensorFlow's OutputBatch: takes the grads of `ids` in order and checks
/// that they concatenate (batching_util's Concat). Null where they do not,
/// with `error` saying why; the grads it took are gone either way, as in
/// TensorFlow.
std::unique_ptr<Ticket>
outputBatch(Resource &r, const std::vector<int64_t> &ids, std::string &error) {
  auto ticket = std::make_unique<Ticket>();
  for (int64_t id : ids) {
    auto it = r.available.find(id);
    if (it == r.available.end()) {
      error = "bad bookkeeping of available tensors.";
      return nullptr;
    }
    ticket->parts.push_back(std::move(it->second));
    r.available.erase(it);
  }
  const Grad &first = ticket->parts.front();
  for (size_t i = 0; i < ticket->parts.size(); ++i) {
    const Grad &part = ticket->parts[i];
    std::string shapes = "shape[0] = " + shapeString(first.shape) +
                         " vs. shape[" + std::to_string(i) +
                         "] = " + shapeString(part.shape);
    if (part.shape[0] != first.shape[0])
      error = "Ranks of all input tensors should match: " + shapes;
    for (int64_t d = 1; error.empty() && d < first.shape[0]; ++d)
      if (part.shape[1 + d] != first.shape[1 + d])
        error = "Dimensions of inputs should match: " + shapes;
    if (error.empty() && part.type != first.type)
      error = "the batch's grads have different element types: " + first.type +
              " (shape[0]) vs. " + part.type + " (shape[" + std::to_string(i) +
              "])";
    if (!error.empty())
      return nullptr;
    ticket->rows += part.shape[1];
  }
  return ticket;
}

/// Withdraws the batch `owner` registered: it is no longer waited for, and
/// the ids it waited for are no longer wanted.
void withdraw(Resource &r, int64_t owner, const Batch &batch) {
  for (int64_t claimed : batch.missing) {
    auto it = r.desired.find(claimed);
    if (it != r.desired.end() && it->second == owner)
      r.desired.erase(it);
  }
  r.batches.erase(owner);
}

/// The owner's result must have the owner's type beyond dim 0 (the lowered
/// code allocates it so); TensorFlow's dynamic tensors need no such check.
int64_t deliver(Resource &r, int64_t id, std::unique_ptr<Ticket> ticket,
                const Grad &own) {
  const Grad &first = ticket->parts.front();
  bool fits = first.shape[0] == own.shape[0] && first.type == own.type;
  for (int64_t d = 1; fits && d < own.shape[0]; ++d)
    fits = first.shape[1 + d] == own.shape[1 + d];
  if (!fits)
    fail(r, id,
         "the batch's grads (" + first.type + ", shape " +
             shapeString(first.shape) +
             ") do not fit this call's result: grad " + own.type + ", shape " +
             shapeString(own.shape) + " (dims past 0 must agree)");
  return static_cast<int64_t>(reinterpret_cast<intptr_t>(ticket.release()));
}

/// The sorted ids, as "[1, 2, 3]"; past 20 ids, the first 20 and a count
/// (a message is not a list of a million ids).
std::string idList(const std::unordered_set<int64_t> &ids) {
  constexpr size_t kShown = 20;
  std::vector<int64_t> sorted(ids.begin(), ids.end());
  std::sort(sorted.begin(), sorted.end());
  std::string text = "[";
  for (size_t i = 0; i < sorted.size() && i < kShown; ++i)
    text += (i ? ", " : "") + std::to_string(sorted[i]);
  if (sorted.size() > kShown)
    text += ", ... (" + std::to_string(sorted.size() - kShown) + " more)";
  return text + "]";
}

template <typename Fn>
void forEachMatching(const char *container, const char *name, Fn fn) {
  for (auto &[key, resource] : registry().resources)
    if ((!container || key.first == container) && (!name || key.second == name))
      fn(resource);
}

/// TensorFlow's UnbatchGradResource::Compute for one call (see
/// _ta_rt_unbatch_grad); throws Failure.
int64_t unbatchGrad(int64_t site, int64_t element_bytes, int64_t timeout_micros,
                    int64_t id, int64_t owner, int64_t batch_index,
                    int64_t rows, int64_t grad, int64_t grad_shape) {
  const char *strings = reinterpret_cast<const char *>(site);
  std::string container = strings;
  strings += container.size() + 1;
  std::string name = strings;
  strings += name.size() + 1;

  Grad own;
  own.type = strings;
  const auto *shape = reinterpret_cast<const int64_t *>(grad_shape);
  own.shape.assign(shape, shape + 1 + shape[0]);
  size_t elements = 1;
  for (int64_t d = 0; d < shape[0]; ++d)
    elements *= static_cast<size_t>(shape[1 + d]);
  own.bytes = elements * static_cast<size_t>(element_bytes);
  // Parked past this call: the caller's buffer may be reused.
  Grad parked{own.type, own.shape, nullptr, own.bytes};
  parked.data.reset(new char[std::max<size_t>(own.bytes, 1)]);
  if (own.bytes)
    std::memcpy(parked.data.get(), reinterpret_cast<const void *>(grad),
                own.bytes);

  std::shared_ptr<Resource> resource;
  std::unique_lock<std::mutex> lock;
  for (;;) {
    resource = lookup(container, name);
    lock = std::unique_lock<std::mutex>(resource->mu);
    if (!resource->detached)
      break;
    lock.unlock();
  }
  Resource &r = *resource;
  // A scalar grad (an unranked one: the verifier rejects a ranked one) has
  // no dim 0 to batch along; TensorFlow's kernel does not handle it.
  if (own.shape[0] < 1)
    fail(r, id,
         "grad must have rank >= 1 (the result is [?] ++ grad.shape[1:]), "
         "got a scalar");

  // Mark our tensor as available.
  if (!r.available.emplace(id, std::move(parked)).second)
    fail(r, id, "Two runs with the same batch key.");

  std::shared_ptr<Batch> mine;
  if (owner) {
    if (rows == 0)
      fail(r, id, "batch_index is empty while the tensor isn't.");
    const auto *index = reinterpret_cast<const int64_t *>(batch_index);
    auto batch = std::make_shared<Batch>();
    for (int64_t row = 0; row < rows; ++row) {
      int64_t key = index[3 * row];
      batch->ids.push_back(key);
      if (!r.available.count(key))
        batch->missing.insert(key);
    }
    // As TensorFlow: a batch complete on arrival returns at once, without
    // looking whether another batch wants this grad.
    if (batch->missing.empty()) {
      std::string error;
      std::unique_ptr<Ticket> ticket = outputBatch(r, batch->ids, error);
      if (!ticket)
        fail(r, id, error);
      return deliver(r, id, std::move(ticket), own);
    }
    if (!r.batches.emplace(id, batch).second)
      fail(r, id, "Batch key with valid batch used twice.");
    for (int64_t missing : batch->missing) {
      if (r.desired.emplace(missing, id).second)
        continue;
      // TensorFlow leaves this batch registered, waited for by nobody: its
      // id could never own a batch again and a reset would be refused
      // forever. ta withdraws it (the ids it had claimed included); the
      // call's own grad stays parked, as after every error.
      withdraw(r, id, *batch);
      fail(r, id, "Missing tensor wanted by more than one batch.");
    }
    mine = std::move(batch);
  }

  // Search to see whether our tensor is desired by any existing batch.
  auto desire = r.desired.find(id);
  if (desire != r.desired.end()) {
    auto batch = r.batches.find(desire->second);
    r.desired.erase(desire);
    if (batch == r.batches.end())
      fail(r, id, "Batch no longer exists.");
    Batch &waiting = *batch->second;
    waiting.missing.erase(id);
    if (waiting.missing.empty()) {
      // TensorFlow returns OutputBatch's error to this call and never
      // completes the owner, which then waits forever with its batch
      // registered (a reset refused for good). ta fails the owner with the
      // same message and withdraws this call's own batch.
      std::string error;
      waiting.result = outputBatch(r, waiting.ids, error);
      waiting.error = error;
      waiting.complete.notify_all();
      r.batches.erase(batch);
      if (!error.empty()) {
        if (mine)
          withdraw(r, id, *mine);
        fail(r, id, error);
      }
    }
  }
  if (!mine)
    return 0;

  int64_t timeout =
      timeout_micros > 0 ? timeout_micros : registry().timeout.load();
  auto complete = [&] { return mine->result || !mine->error.empty(); };
  if (timeout > 0 && !beyondClock(timeout)) {
    if (!mine->complete.wait_for(lock, std::chrono::microseconds(timeout),
                                 complete)) {
      // The owner gives up its batch (the ids it waited for are no longer
      // wanted; its own grad stays parked until a reset), so that the
      // resource stays usable when an error handler returns to the caller.
      std::string missing = idList(mine->missing);
      r.batches.erase(id);
      for (int64_t wanted : mine->missing)
        r.desired.erase(wanted);
      fail(r, id,
           "Batched data did not arrive within timeout window: waited " +
               std::to_string(timeout) + " microseconds for the grads of ids " +
               missing);
    }
  } else {
    mine->complete.wait(lock, complete);
  }
  if (!mine->error.empty())
    fail(r, id, mine->error);
  return deliver(r, id, std::move(mine->result), own);
}

/// The message of the last failure on this thread, kept past the unwinding
/// for the error handler.
std::string &failureMessage() {
  static thread_local std::string message;
  return message;
}

} // namespace

extern "C" {

int64_t _ta_rt_unbatch_grad(int64_t site, int64_t element_bytes,
                            int64_t timeout_micros, int64_t id, int64_t owner,
                            int64_t batch_index, int64_t rows, int64_t grad,
                            int64_t grad_shape) {
  // An owner that would wait for the default timeout needs it known.
  if (owner && timeout_micros <= 0)
    registryWithTimeout();
  try {
    return unbatchGrad(site, element_bytes, timeout_micros, id, owner,
                       batch_index, rows, grad, grad_shape);
  } catch (Failure &failure) {
    failureMessage() = std::move(failure.message);
  } catch (const std::bad_alloc &) {
    failureMessage() =
        "OOM when allocating the grad of UnbatchGrad id " + std::to_string(id);
  }
  // Nothing on this frame needs destroying: the handler may longjmp.
  _ta_rt_exit_with(failureMessage().c_str());
}

int64_t _ta_rt_unbatch_grad_rows(int64_t ticket) {
  return ticket ? reinterpret_cast<Ticket *>(ticket)->rows : 0;
}

void _ta_rt_unbatch_grad_take(int64_t ticket, int64_t target) {
  if (!ticket)
    return;
  std::unique_ptr<Ticket> owned(reinterpret_cast<Ticket *>(ticket));
  char *out = reinterpret_cast<char *>(target);
  for (const Grad &part : owned->parts) {
    if (part.bytes)
      std::memcpy(out, part.data.get(), part.bytes);
    out += part.bytes;
  }
}

void ta_unbatch_grad_inspect(const char *container, const char *shared_name,
                             TAUnbatchGradState *state) {
  if (!state)
    return;
  *state = TAUnbatchGradState{0, 0, 0, 0};
  std::lock_guard<std::mutex> lock(registry().mu);
  forEachMatching(container, shared_name,
                  [&](const std::shared_ptr<Resource> &r) {
                    std::lock_guard<std::mutex> resourceLock(r->mu);
                    ++state->resources;
                    state->parked_grads += r->available.size();
                    state->waiting_batches += r->batches.size();
                    for (const auto &[owner, batch] : r->batches)
                      state->missing_grads += batch->missing.size();
                  });
}

int64_t ta_unbatch_grad_parked_ids(const char *container,
                                   const char *shared_name, int64_t *ids,
                                   int64_t capacity) {
  std::vector<int64_t> all;
  {
    std::lock_guard<std::mutex> lock(registry().mu);
    forEachMatching(container, shared_name,
                    [&](const std::shared_ptr<Resource> &r) {
                      std::lock_guard<std::mutex> resourceLock(r->mu);
                      for (const auto &[id, grad] : r->available)
                        all.push_back(id);
                    });
  }
  std::sort(all.begin(), all.end());
  for (int64_t i = 0;
       ids && i < capacity && i < static_cast<int64_t>(all.size()); ++i)
    ids[i] = all[i];
  return static_cast<int64_t>(all.size());
}

int64_t ta_unbatch_grad_reset(const char *container, const char *shared_name) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> lock(reg.mu);
  // All matching resources are locked at once (in map order; a call holds
  // one resource lock at a time), so a refusal changes nothing. `matched`
  // keeps them alive until `locks` (destroyed first) has unlocked them.
  std::vector<std::shared_ptr<Resource>> matched;
  std::vector<std::unique_lock<std::mutex>> locks;
  forEachMatching(container, shared_name,
                  [&](const std::shared_ptr<Resource> &r) {
                    matched.push_back(r);
                    locks.emplace_back(r->mu);
                  });
  int64_t dropped = 0;
  for (const auto &r : matched) {
    if (!r->batches.empty())
      return -1;
    dropped += static_cast<int64_t>(r->available.size());
  }
  for (const auto &r : matched)
    r->detached = true;
  for (auto it = reg.resources.begin(); it != reg.resources.end();)
    it = it->second->detached ? reg.resources.erase(it) : std::next(it);
  return dropped;
}

void ta_unbatch_grad_set_timeout(int64_t micros) {
  Registry &r = registry();
  r.timeout = micros;
  // The timeout set replaces the environment's, read or not.
  r.environmentBad = false;
}

int64_t ta_unbatch_grad_timeout(void) { return registryWithTimeout().timeout; }

} // extern "C"

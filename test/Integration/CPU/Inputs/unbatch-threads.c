/*===- unbatch-threads.c - ta.unbatch_grad called from many threads ------===*\
|*                                                                            *|
|* Drives @step of unbatch-step.mlir, compiled ahead of time, from several   *|
|* threads at once: `prog MODE` runs one scenario and prints what it saw.    *|
|* Every grad is built from its id, so an owner's result tells which grads   *|
|* it got and in which order; a lost or duplicated grad is an error.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ta/Runtime/TARuntime.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRefF32;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRefI64;

/* func.func @step(tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>, i64)
   -> tensor<?x2xf32>, through its C interface. */
void _mlir_ciface_step(MemRefF32 *result, MemRefF32 *orig, MemRefI64 *bi,
                       MemRefF32 *grad, int64_t id);

static const char *kName = "threads";

static int failures;
static pthread_mutex_t failuresMu = PTHREAD_MUTEX_INITIALIZER;
static void fail(const char *what, int64_t id) {
  pthread_mutex_lock(&failuresMu);
  ++failures;
  fprintf(stderr, "FAILED: %s (id %lld)\n", what, (long long)id);
  pthread_mutex_unlock(&failuresMu);
}

/* Id i gives 1 + i % 2 rows; element [r][c] = 4 i + 2 r + c. */
static int64_t rowsOf(int64_t id) { return 1 + id % 2; }
static float valueOf(int64_t id, int64_t r, int64_t c) {
  return (float)(4 * id + 2 * r + c);
}

static MemRefF32 matrix(float *data, int64_t rows) {
  MemRefF32 m = {data, data, 0, {rows, 2}, {2, 1}};
  return m;
}

/* One call: `owner` with batch_index ids `batch` (n rows). Checks the
   result against the grads of `batch` in row order. */
typedef struct {
  int64_t id;
  int owner;
  int64_t batch[3];
  int64_t n;
  int64_t waitParked; /* call once this many grads are parked (-1: now) */
} Call;

static void parkedAtLeast(int64_t count) {
  if (count < 0)
    return;
  for (;;) {
    TAUnbatchGradState s;
    ta_unbatch_grad_inspect(NULL, kName, &s);
    if (s.parked_grads >= count)
      return;
    struct timespec pause = {0, 100000};
    nanosleep(&pause, NULL);
  }
}

static void *runCall(void *arg) {
  const Call *call = (const Call *)arg;
  float grad[2 * 2], orig[2] = {1, 1};
  int64_t rows = rowsOf(call->id);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < 2; ++c)
      grad[2 * r + c] = valueOf(call->id, r, c);
  int64_t index[3 * 3];
  for (int64_t k = 0; k < call->n; ++k) {
    index[3 * k] = call->batch[k];
    index[3 * k + 1] = index[3 * k + 2] = 0;
  }
  MemRefF32 g = matrix(grad, rows);
  MemRefF32 o = matrix(orig, call->owner ? 1 : 0);
  MemRefI64 bi = {index, index, 0, {call->owner ? call->n : 0, 3}, {3, 1}};
  MemRefF32 result;
  parkedAtLeast(call->waitParked);
  _mlir_ciface_step(&result, &o, &bi, &g, call->id);

  if (result.sizes[1] != 2)
    fail("result dim 1 is not 2", call->id);
  if (!call->owner) {
    if (result.sizes[0] != 0)
      fail("a non-owner's result has rows", call->id);
  } else {
    int64_t row = 0;
    for (int64_t k = 0; k < call->n; ++k)
      for (int64_t r = 0; r < rowsOf(call->batch[k]); ++r, ++row)
        for (int64_t c = 0; c < 2; ++c)
          if (row >= result.sizes[0] ||
              result.aligned[result.offset + row * result.strides[0] + c] !=
                  valueOf(call->batch[k], r, c))
            fail("wrong owner result", call->id);
    if (row != result.sizes[0])
      fail("owner result has extra rows", call->id);
  }
  _mlir_memref_to_llvm_free(result.allocated);
  return NULL;
}

static void runAll(Call *calls, int count) {
  pthread_t *threads = malloc(sizeof(pthread_t) * (size_t)count);
  for (int i = 0; i < count; ++i)
    pthread_create(&threads[i], NULL, runCall, &calls[i]);
  for (int i = 0; i < count; ++i)
    pthread_join(threads[i], NULL);
  free(threads);
}

static int64_t parked(void) {
  TAUnbatchGradState s;
  ta_unbatch_grad_inspect(NULL, kName, &s);
  return s.parked_grads;
}

/* Every arrival order of a 3-id batch: ids b, b+1, b+2 with b+1 the owner
   and batch_index [b+2, b+1, b] (row order differs from id order). The k-th
   arrival calls once k grads are parked: nothing is consumed before the
   last arrival, so the order is exact. */
static int orders(void) {
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                  {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int p = 0; p < 6; ++p) {
    int64_t base = 10 * (p + 1);
    Call calls[3];
    for (int k = 0; k < 3; ++k) {
      int member = perms[p][k];
      Call c = {base + member, member == 1, {base + 2, base + 1, base}, 3, k};
      calls[k] = c;
    }
    runAll(calls, 3);
    printf("order %d%d%d: parked after %lld\n", perms[p][0], perms[p][1],
           perms[p][2], (long long)parked());
  }
  return 0;
}

/* Many batches in flight on one resource: rounds of 30 batches (90 calls,
   one thread each, started together), owner and row order varying. */
static int stress(void) {
  enum { kRounds = 10, kBatches = 30 };
  int64_t owners = 0, grads = 0;
  for (int round = 0; round < kRounds; ++round) {
    Call calls[3 * kBatches];
    for (int b = 0; b < kBatches; ++b) {
      int64_t base = 1000 + 3 * (round * kBatches + b);
      int owner = b % 3;
      for (int m = 0; m < 3; ++m) {
        Call c = {base + m,
                  m == owner,
                  {base + (m + b) % 3, base + (m + b + 1) % 3,
                   base + (m + b + 2) % 3},
                  3,
                  -1};
        calls[3 * b + m] = c;
        grads += rowsOf(base + m);
      }
      ++owners;
    }
    runAll(calls, 3 * kBatches);
  }
  TAUnbatchGradState s;
  ta_unbatch_grad_inspect(NULL, kName, &s);
  printf("stress: %lld batches, %lld grad rows, parked %lld, waiting %lld\n",
         (long long)owners, (long long)grads, (long long)s.parked_grads,
         (long long)s.waiting_batches);
  return 0;
}

static pthread_t startOwner(Call *call) {
  pthread_t t;
  pthread_create(&t, NULL, runCall, call);
  for (;;) {
    TAUnbatchGradState s;
    ta_unbatch_grad_inspect(NULL, kName, &s);
    if (s.waiting_batches >= 1)
      return t;
    struct timespec pause = {0, 100000};
    nanosleep(&pause, NULL);
  }
}

/* The inspect and reset API around a waiting owner. */
static int api(void) {
  Call owner = {1, 1, {2, 1, 3}, 3, -1};
  pthread_t t = startOwner(&owner);
  TAUnbatchGradState s;
  ta_unbatch_grad_inspect(NULL, NULL, &s);
  printf("waiting: resources %lld parked %lld waiting %lld missing %lld\n",
         (long long)s.resources, (long long)s.parked_grads,
         (long long)s.waiting_batches, (long long)s.missing_grads);
  printf("reset while waiting: %lld\n",
         (long long)ta_unbatch_grad_reset(NULL, NULL));
  Call two = {2, 0, {0}, 0, -1};
  runCall(&two);
  int64_t ids[4];
  int64_t n = ta_unbatch_grad_parked_ids(NULL, kName, ids, 4);
  printf("parked ids: %lld:", (long long)n);
  for (int64_t i = 0; i < n && i < 4; ++i)
    printf(" %lld", (long long)ids[i]);
  printf("\n");
  Call three = {3, 0, {0}, 0, -1};
  runCall(&three);
  pthread_join(t, NULL);
  /* A grad nobody wants stays until reset. */
  Call stray = {7, 0, {0}, 0, -1};
  runCall(&stray);
  printf("other container: %lld\n",
         (long long)ta_unbatch_grad_reset("elsewhere", NULL));
  printf("reset: %lld\n", (long long)ta_unbatch_grad_reset(NULL, kName));
  ta_unbatch_grad_inspect(NULL, NULL, &s);
  printf("after reset: resources %lld parked %lld\n", (long long)s.resources,
         (long long)s.parked_grads);
  ta_unbatch_grad_set_timeout(1500);
  printf("timeout: %lld\n", (long long)ta_unbatch_grad_timeout());
  return 0;
}

/* Two owners waiting for the same id (TensorFlow's bookkeeping error). */
static int wantedTwice(void) {
  Call first = {1, 1, {1, 3}, 2, -1};
  startOwner(&first);
  Call second = {2, 1, {2, 3}, 2, -1};
  runCall(&second);
  return 0;
}

/* Owner 1 waits for 2; owner 2 (batch [2, 3]) completes it, consuming its
   own grad, and waits for 3; a new call with id 2 owning [2, 4] finds
   batch 2 still waiting. */
static int batchTwice(void) {
  Call first = {1, 1, {1, 2}, 2, -1};
  pthread_t t = startOwner(&first);
  Call second = {2, 1, {2, 3}, 2, -1};
  pthread_t t2;
  pthread_create(&t2, NULL, runCall, &second);
  pthread_join(t, NULL);
  for (;;) {
    TAUnbatchGradState s;
    ta_unbatch_grad_inspect(NULL, kName, &s);
    if (s.waiting_batches == 1 && s.parked_grads == 0)
      break;
    struct timespec pause = {0, 100000};
    nanosleep(&pause, NULL);
  }
  Call third = {2, 1, {2, 4}, 2, -1};
  runCall(&third);
  return 0;
}

/* The runtime default timeout, set through the API. */
static int timeout(void) {
  ta_unbatch_grad_set_timeout(3000);
  Call owner = {5, 1, {5, 6, 8}, 3, -1};
  runCall(&owner);
  return 0;
}

/* The rendezvous after its own errors, with an error handler that leaves
   the call (as the Python binding does): each failed call is undone, the
   other owners complete, reset is not refused and ids are reused. */
static jmp_buf recoverTarget;
static char recoverMessage[512];
static void leaveCall(const char *message, void *data) {
  (void)data;
  snprintf(recoverMessage, sizeof(recoverMessage), "%s", message);
  longjmp(recoverTarget, 1);
}

/* Runs `call` on this thread; prints the error it stops with, if any. */
static void runCatching(Call *call) {
  TACallScope *scope = ta_runtime_begin_call();
  ta_runtime_error_handler old = ta_runtime_set_error_handler(leaveCall, NULL);
  if (setjmp(recoverTarget) == 0) {
    runCall(call);
    ta_runtime_end_call(scope, 0);
  } else {
    ta_runtime_end_call(scope, 1);
    printf("error: %s\n", recoverMessage);
  }
  ta_runtime_set_error_handler(old, NULL);
}

static void printState(const char *when) {
  TAUnbatchGradState s;
  ta_unbatch_grad_inspect(NULL, kName, &s);
  printf("%s: parked %lld waiting %lld missing %lld\n", when,
         (long long)s.parked_grads, (long long)s.waiting_batches,
         (long long)s.missing_grads);
}

static int recovers(void) {
  /* Owner 1 waits for 3; owner 2 (batch [2, 3]) wants 3 too: its batch is
     withdrawn, its grad stays parked. */
  Call first = {1, 1, {1, 3}, 2, -1};
  pthread_t t = startOwner(&first);
  Call second = {2, 1, {2, 3}, 2, -1};
  runCatching(&second);
  printState("after wanted twice");
  /* 3 completes owner 1; owner 2's id can own a batch again ([2]: its
     parked grad is taken back first, so a run with a new grad for 2 is a
     second run with the same batch key, TensorFlow's error). */
  Call three = {3, 0, {0}, 0, -1};
  runCall(&three);
  pthread_join(t, NULL);
  printState("after owner 1");
  Call again = {2, 1, {2}, 1, -1};
  runCatching(&again);
  printf("reset: %lld\n", (long long)ta_unbatch_grad_reset(NULL, kName));
  Call fresh = {2, 1, {2}, 1, -1};
  runCatching(&fresh);
  printState("after id 2 again");
  /* A batch that times out is undone too; reset frees its parked grad. */
  ta_unbatch_grad_set_timeout(2000);
  Call late = {7, 1, {7, 8}, 2, -1};
  runCatching(&late);
  printState("after timeout");
  printf("reset: %lld\n", (long long)ta_unbatch_grad_reset(NULL, kName));
  printState("after reset");
  return 0;
}

/* A timeout past the clock's range waits forever, as TensorFlow's does:
   the owner is still waiting when its last grad comes 50 ms later. */
static int forever(void) {
  ta_unbatch_grad_set_timeout(INT64_MAX);
  Call owner = {11, 1, {11, 12}, 2, -1};
  pthread_t t = startOwner(&owner);
  struct timespec pause = {0, 50 * 1000 * 1000};
  nanosleep(&pause, NULL);
  TAUnbatchGradState s;
  ta_unbatch_grad_inspect(NULL, kName, &s);
  printf("forever: waiting %lld\n", (long long)s.waiting_batches);
  Call last = {12, 0, {0}, 0, -1};
  runCall(&last);
  pthread_join(t, NULL);
  ta_unbatch_grad_inspect(NULL, kName, &s);
  printf("forever: delivered, parked %lld waiting %lld\n",
         (long long)s.parked_grads, (long long)s.waiting_batches);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s MODE\n", argv[0]);
    return 2;
  }
  /* A lost grad shows as an error rather than a hang. */
  ta_unbatch_grad_set_timeout(60 * 1000 * 1000);
  const char *mode = argv[1];
  int status = 2;
  if (!strcmp(mode, "orders"))
    status = orders();
  else if (!strcmp(mode, "stress"))
    status = stress();
  else if (!strcmp(mode, "api"))
    status = api();
  else if (!strcmp(mode, "wanted_twice"))
    status = wantedTwice();
  else if (!strcmp(mode, "batch_twice"))
    status = batchTwice();
  else if (!strcmp(mode, "timeout"))
    status = timeout();
  else if (!strcmp(mode, "forever"))
    status = forever();
  else if (!strcmp(mode, "recovers"))
    status = recovers();
  else
    fprintf(stderr, "unknown mode '%s'\n", mode);
  if (failures) {
    fprintf(stderr, "%d failures\n", failures);
    return 1;
  }
  return status;
}

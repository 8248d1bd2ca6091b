// The program of unbatch-grad.test: the UnbatchGrad rendezvous of
// libta_runtime (_ta_rt_unbatch_grad) where it fails, as lowered
// ta.unbatch_grad calls it, with an error handler that leaves by longjmp
// (as the Python package's and the C API's do).
#include "ta/Runtime/TARuntime.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// The site: container, shared name, element type.
static const char kSite[] = "c\0s\0f32\0";
static _Thread_local jmp_buf env;

static void handler(const char *message, void *who) {
  printf("[%s] error: %s\n", (const char *)who, message);
  fflush(stdout);
  longjmp(env, 1);
}

static TAUnbatchGradState state(void) {
  TAUnbatchGradState s;
  ta_unbatch_grad_inspect("c", "s", &s);
  return s;
}

// Owner A: id 1, its batch the rows of ids 1 and 2, its grad [1, 3]; it
// would wait 60 s for id 2.
static void *ownerA(void *unused) {
  (void)unused;
  ta_runtime_set_error_handler(handler, "A");
  int64_t index[6] = {1, 0, 1, 2, 0, 1};
  float grad[3] = {1, 2, 3};
  int64_t shape[3] = {2, 1, 3};
  if (setjmp(env))
    return NULL;
  _ta_rt_unbatch_grad((int64_t)kSite, 4, 60000000, 1, 1, (int64_t)index, 2,
                      (int64_t)grad, (int64_t)shape);
  printf("[A] completed\n");
  return NULL;
}

static int concat(void) {
  pthread_t a;
  pthread_create(&a, NULL, ownerA, NULL);
  while (state().waiting_batches == 0)
    usleep(1000);
  TAUnbatchGradState s = state();
  printf("A waiting: waiting %lld, parked %lld\n", (long long)s.waiting_batches,
         (long long)s.parked_grads);
  fflush(stdout);
  // B: id 2, itself the owner of ids 2 and 3, its grad [1, 4]: it completes
  // A's batch, whose grads do not concatenate.
  ta_runtime_set_error_handler(handler, "B");
  int64_t index[6] = {2, 0, 1, 3, 0, 1};
  float grad[4] = {0};
  int64_t shape[3] = {2, 1, 4};
  if (!setjmp(env)) {
    _ta_rt_unbatch_grad((int64_t)kSite, 4, 60000000, 2, 1, (int64_t)index, 2,
                        (int64_t)grad, (int64_t)shape);
    printf("[B] completed\n");
  }
  pthread_join(a, NULL);
  s = state();
  printf("after both: waiting %lld, parked %lld\n",
         (long long)s.waiting_batches, (long long)s.parked_grads);
  printf("reset: %lld\n", (long long)ta_unbatch_grad_reset("c", "s"));
  return 0;
}

static int environment(void) {
  static const char *who[] = {"1", "2", "3"};
  ta_runtime_set_error_handler(handler, (void *)who[0]);
  for (int i = 0; i < 2; ++i) {
    ta_runtime_set_error_handler(handler, (void *)who[i]);
    if (!setjmp(env))
      printf("timeout: %lld\n", (long long)ta_unbatch_grad_timeout());
  }
  // An owner that would wait for the default timeout reports it too.
  ta_runtime_set_error_handler(handler, (void *)who[2]);
  int64_t index[3] = {7, 0, 1};
  int64_t shape[2] = {1, 1};
  float grad[1] = {0};
  if (!setjmp(env))
    _ta_rt_unbatch_grad((int64_t)kSite, 4, 0, 7, 1, (int64_t)index, 1,
                        (int64_t)grad, (int64_t)shape);
  ta_unbatch_grad_set_timeout(5);
  printf("set: %lld\n", (long long)ta_unbatch_grad_timeout());
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "concat"))
    return concat();
  if (argc > 1 && !strcmp(argv[1], "environment"))
    return environment();
  return 1;
}

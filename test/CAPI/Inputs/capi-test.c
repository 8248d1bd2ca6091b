/*===- capi-test.c - a C client of libTACAPI ------------------------------===*\
|*                                                                            *|
|* Uses only C headers: registers the dialect and passes, builds and        *|
|* inspects ta types, parses, verifies and lowers a program, and checks     *|
|* that bad input comes back as diagnostics and null values. Prints what it *|
|* sees; capi.test checks it with FileCheck.                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ta-c/TA.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static void printType(const char *what, MlirType type) {
  printf("%s: ", what);
  if (mlirTypeIsNull(type))
    printf("<null>");
  else
    mlirTypePrint(type, printToStdout, NULL);
  printf("\n");
}

static const char *kProgram =
    "func.func @f(%v: tensor<2xf32>) -> tensor<2xf32> {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %h, %f = ta.create %c4 : !ta.handle<4, tensor<2xf32>>\n"
    "  %f1 = ta.write %h[%c0], %v, %f : !ta.handle<4, tensor<2xf32>>, "
    "tensor<2xf32>\n"
    "  %r = ta.read %h[%c0], %f1 : !ta.handle<4, tensor<2xf32>>\n"
    "  return %r : tensor<2xf32>\n"
    "}\n";

/* Writes v and v + v to an array of 2, reads slot i. */
static const char *kRun =
    "func.func @pick(%v: tensor<2xf32>, %i: index) -> tensor<2xf32> {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %w = arith.addf %v, %v : tensor<2xf32>\n"
    "  %h, %f = ta.create %c2 : !ta.handle<2, tensor<2xf32>>\n"
    "  %f1 = ta.write %h[%c0], %v, %f : !ta.handle<2, tensor<2xf32>>, "
    "tensor<2xf32>\n"
    "  %f2 = ta.write %h[%c1], %w, %f1 : !ta.handle<2, tensor<2xf32>>, "
    "tensor<2xf32>\n"
    "  %r = ta.read %h[%i], %f2 : !ta.handle<2, tensor<2xf32>>\n"
    "  return %r : tensor<2xf32>\n"
    "}\n"
    "func.func @echo(%v: tensor<*xf32>) -> tensor<*xf32> {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %h, %f = ta.create %c1 : !ta.handle<1, tensor<*xf32>>\n"
    "  %f1 = ta.write %h[%c0], %v, %f : !ta.handle<1, tensor<*xf32>>, "
    "tensor<*xf32>\n"
    "  %r = ta.read %h[%c0], %f1 : !ta.handle<1, tensor<*xf32>>\n"
    "  return %r : tensor<*xf32>\n"
    "}\n";

static void printError(MlirStringRef text, void *userData) {
  printf("%s: ", (const char *)userData);
  fwrite(text.data, 1, text.length, stdout);
  printf("\n");
}

/* Calls @pick(v, i) and prints the result or the error. */
static void callPick(TaExecutable exe, intptr_t numArgs, int64_t i) {
  float v[2] = {1.5f, -2.0f};
  int64_t sizes[1] = {2}, strides[1] = {1};
  TaArgument args[2];
  memset(args, 0, sizeof(args));
  args[0].kind = TaArgumentTensor;
  args[0].tensor.allocated = v;
  args[0].tensor.aligned = v;
  args[0].tensor.rank = 1;
  args[0].tensor.sizes = sizes;
  args[0].tensor.strides = strides;
  args[1].kind = TaArgumentInteger;
  args[1].integer = i;
  TaCallResults results;
  if (!taExecutableCall(exe, mlirStringRefCreateFromCString("pick"), numArgs,
                        args, &results, printError, "call failed"))
    return;
  TaMemRef r = taCallResultsGet(results, 0);
  const float *data = (const float *)r.aligned + r.offset;
  printf("pick(%lld): %d results, rank %ld, [%g, %g]\n", (long long)i,
         (int)taCallResultsSize(results), (long)r.rank, data[0],
         data[r.strides[0]]);
  TaMemRef past = taCallResultsGet(results, 1);
  printf("result 1: %s\n",
         past.aligned == NULL && past.rank == 0 ? "none" : "?");
  taCallResultsDestroy(results);
}

/* Calls @echo (unranked in and out: an array of unranked elements) on
   `rank` dims of a 2x3 matrix with `strides`, and prints what comes back. */
static void callEcho(TaExecutable exe, const char *what, intptr_t rank,
                     const int64_t *sizes, const int64_t *strides) {
  float m[6] = {1, 2, 3, 4, 5, 6};
  TaArgument arg;
  memset(&arg, 0, sizeof(arg));
  arg.kind = TaArgumentTensor;
  arg.tensor.allocated = m;
  arg.tensor.aligned = m;
  arg.tensor.rank = rank;
  arg.tensor.sizes = sizes;
  arg.tensor.strides = strides;
  TaCallResults results;
  if (!taExecutableCall(exe, mlirStringRefCreateFromCString("echo"), 1, &arg,
                        &results, printError, "call failed"))
    return;
  TaMemRef r = taCallResultsGet(results, 0);
  const float *data = (const float *)r.aligned + r.offset;
  int64_t n = 1;
  printf("echo %s: rank %ld, sizes", what, (long)r.rank);
  for (intptr_t d = 0; d < r.rank; ++d) {
    printf(" %lld", (long long)r.sizes[d]);
    n *= r.sizes[d];
  }
  printf(", [");
  for (int64_t k = 0; k < n; ++k)
    printf("%s%g", k ? ", " : "", data[k]);
  printf("]\n");
  taCallResultsDestroy(results);
}

/* A grad_with_shape whose result type contradicts shape_to_prepend. */
static const char *kInvalid =
    "func.func @g(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {\n"
    "  %s = arith.constant dense<[5]> : tensor<1xi32>\n"
    "  %p, %pf = \"ta.grad_with_shape\"(%h, %f, %s) {source = \"s\"} : "
    "(!ta.handle<4, tensor<2xf32>>, !ta.flow, tensor<1xi32>) -> "
    "(!ta.handle<4, tensor<6x2xf32>, grad>, !ta.flow)\n"
    "  return\n"
    "}\n";

int main(int argc, char **argv) {
  MlirContext context = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  taRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  MlirDialect dialect =
      mlirDialectHandleLoadDialect(mlirGetDialectHandle__ta__(), context);
  MlirStringRef ns = mlirDialectGetNamespace(dialect);
  printf("dialect: %.*s\n", (int)ns.length, ns.data);
  mlirContextAttachDiagnosticHandler(context, printDiagnostic, NULL, NULL);
  MlirLocation loc = mlirLocationUnknownGet(context);

  /* Types. */
  MlirType flow = taFlowTypeGet(context);
  printType("flow", flow);
  printf("flow is a flow: %d, a handle: %d\n", taTypeIsAFlow(flow),
         taTypeIsAHandle(flow));
  int64_t shape[] = {2, 3};
  MlirType f32 = mlirF32TypeGet(context);
  MlirType tensor =
      mlirRankedTensorTypeGet(2, shape, f32, (MlirAttribute){NULL});
  MlirType handle = taHandleTypeGetChecked(loc, 4, tensor, false);
  printType("handle", handle);
  printf("size %lld static %d grad %d\n",
         (long long)taHandleTypeGetSize(handle),
         taHandleTypeHasStaticSize(handle), taHandleTypeIsGrad(handle));
  printType("element", taHandleTypeGetElementType(handle));
  MlirType grad =
      taHandleTypeGetChecked(loc, taHandleTypeGetDynamicSize(), tensor, true);
  printType("grad", grad);
  printf("size is dynamic: %d, static %d, grad %d\n",
         taHandleTypeGetSize(grad) == taHandleTypeGetDynamicSize(),
         taHandleTypeHasStaticSize(grad), taHandleTypeIsGrad(grad));
  printf("type ids differ: %d\n",
         !mlirTypeIDEqual(taFlowTypeGetTypeID(), taHandleTypeGetTypeID()));
  MlirType parsed = mlirTypeParseGet(
      context,
      mlirStringRefCreateFromCString("!ta.handle<4, tensor<2x3xf32>>"));
  printf("parsed equals built: %d\n", mlirTypeEqual(parsed, handle));

  /* Bad arguments: diagnostics and neutral values, no assertion. */
  printType("f32 element", taHandleTypeGetChecked(loc, 4, f32, false));
  printType("negative size", taHandleTypeGetChecked(loc, -5, tensor, false));
  printf("size of f32: %lld, grad %d, static %d\n",
         (long long)taHandleTypeGetSize(f32), taHandleTypeIsGrad(f32),
         taHandleTypeHasStaticSize(f32));
  printType("element of f32", taHandleTypeGetElementType(f32));

  /* Parse, verify, lower. */
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kProgram));
  MlirOperation op = mlirModuleGetOperation(module);
  printf("parsed: %d, verifies: %d\n", !mlirModuleIsNull(module),
         mlirOperationVerify(op));
  taRegisterAllPasses();
  taRegisterAllPasses(); /* idempotent */
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsedPipeline = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(ta-lower-to-llvm)"),
      printToStdout, NULL);
  printf("\npipeline parsed: %d\n", mlirLogicalResultIsSuccess(parsedPipeline));
  MlirLogicalResult ran = mlirPassManagerRunOnOp(pm, op);
  printf("lowered: %d\n", mlirLogicalResultIsSuccess(ran));
  mlirOperationPrint(op, printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  /* One ta pass through the generated pass API. */
  MlirModule again =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kProgram));
  MlirPassManager single = mlirPassManagerCreate(context);
  mlirPassManagerAddOwnedPass(single,
                              mlirCreateTAConversionTALowerToMemRefPass());
  printf("ta-lower-to-memref: %d\n",
         mlirLogicalResultIsSuccess(
             mlirPassManagerRunOnOp(single, mlirModuleGetOperation(again))));
  mlirOperationPrint(mlirModuleGetOperation(again), printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(single);
  mlirModuleDestroy(again);

  /* Invalid programs and pipelines. */
  MlirModule bad =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kInvalid));
  printf("invalid module is null: %d\n", mlirModuleIsNull(bad));
  MlirModule garbage = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString("%x = ta.frobnicate"));
  printf("garbage module is null: %d\n", mlirModuleIsNull(garbage));
  MlirPassManager pm2 = mlirPassManagerCreate(context);
  MlirLogicalResult badPipeline = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm2),
      mlirStringRefCreateFromCString(
          "builtin.module(ta-lower-to-llvm{checks=maybe})"),
      printToStdout, NULL);
  printf("\nbad pipeline parsed: %d\n",
         mlirLogicalResultIsSuccess(badPipeline));
  mlirPassManagerDestroy(pm2);

  /* Compiled and called through mlir::ta::Executable; argv names the
     shared libraries the code calls. */
  MlirStringRef libs[3];
  for (int k = 0; k < 3 && k + 1 < argc; ++k)
    libs[k] = mlirStringRefCreateFromCString(argv[k + 1]);
  MlirModule runnable =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kRun));
  TaExecutable exe =
      taExecutableCreate(runnable, /*strict=*/true, argc > 3 ? 3 : argc - 1,
                         libs, 2, printError, "compile failed");
  printf("compiled: %d\n", exe.ptr != NULL);
  if (exe.ptr) {
    callPick(exe, 2, 0);
    callPick(exe, 2, 1);
    callPick(exe, 2, 2);
    callPick(exe, 1, 0);
    int64_t matrix[2] = {2, 3}, rowMajor[2] = {3, 1};
    callEcho(exe, "matrix", 2, matrix, rowMajor);
    /* Column 0, strided: its elements come back, not the matrix's first. */
    int64_t column[1] = {2}, down[1] = {3};
    callEcho(exe, "column", 1, column, down);
    taExecutableDestroy(exe);
  }
  mlirModuleDestroy(runnable);

  mlirContextDestroy(context);
  printf("done\n");
  return 0;
}

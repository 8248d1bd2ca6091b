/*===- TA.h - C API of the ta dialect -----------------------------*- C -*-===*\
|*                                                                            *|
|* The ta dialect, its types, passes and pipelines for C clients and          *|
|* language bindings, in the style of MLIR's C API (mlir-c/). Link            *|
|* libTACAPI, which also carries MLIR's own C API (mlir-c/IR.h, Pass.h,       *|
|* Diagnostics.h) on top of libMLIR.so.                                       *|
|*                                                                            *|
|* Functions that take a handle type return a neutral value (-1, false or     *|
|* a null type) when given any other type, instead of asserting.              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_C_TA_H
#define TA_C_TA_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// mlirGetDialectHandle__ta__(): the ta dialect, for
/// mlirDialectHandleRegisterDialect / mlirDialectHandleLoadDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TA, ta);

/// Adds the ta dialect and everything its programs and lowerings need (the
/// upstream dialects, bufferization models, LLVM/NVVM translations) to
/// `registry`; see ta/InitAll.h.
MLIR_CAPI_EXPORTED void taRegisterAllDialects(MlirDialectRegistry registry);

/// Registers every ta pass and the ta-lower-to-llvm / ta-lower-to-nvvm
/// pipelines, so that mlirParsePassPipeline and mlirOpPassManagerAddPipeline
/// know them. Idempotent.
MLIR_CAPI_EXPORTED void taRegisterAllPasses(void);

//===----------------------------------------------------------------------===//
// !ta.flow
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool taTypeIsAFlow(MlirType type);
MLIR_CAPI_EXPORTED MlirType taFlowTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID taFlowTypeGetTypeID(void);

//===----------------------------------------------------------------------===//
// !ta.handle<SIZE, ELEMENT[, grad]>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool taTypeIsAHandle(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID taHandleTypeGetTypeID(void);

/// The SIZE that prints as `?` (unknown or growable).
MLIR_CAPI_EXPORTED int64_t taHandleTypeGetDynamicSize(void);

/// The handle type, or a null type after emitting the verifier's error at
/// `location` (an element type that is not a tensor of integers or floats,
/// a negative SIZE other than the dynamic one).
MLIR_CAPI_EXPORTED MlirType taHandleTypeGetChecked(MlirLocation location,
                                                   int64_t size,
                                                   MlirType elementType,
                                                   bool isGrad);

/// SIZE (taHandleTypeGetDynamicSize() for `?`); -1 for a non-handle type.
MLIR_CAPI_EXPORTED int64_t taHandleTypeGetSize(MlirType type);
MLIR_CAPI_EXPORTED bool taHandleTypeHasStaticSize(MlirType type);
/// ELEMENT; a null type for a non-handle type.
MLIR_CAPI_EXPORTED MlirType taHandleTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED bool taHandleTypeIsGrad(MlirType type);

//===----------------------------------------------------------------------===//
// Compiling and running ta code on the host (mlir::ta::Executable)
//===----------------------------------------------------------------------===//

/// A module compiled for the host CPU.
typedef struct TaExecutable {
  void *ptr;
} TaExecutable;

/// The tensors a call returned; it owns their buffers.
typedef struct TaCallResults {
  void *ptr;
} TaCallResults;

/// A strided memref descriptor (StridedMemRefType with a run-time rank):
/// a tensor argument or result.
typedef struct TaMemRef {
  void *allocated;
  void *aligned;
  int64_t offset;
  intptr_t rank;
  const int64_t *sizes;
  const int64_t *strides;
} TaMemRef;

typedef enum TaArgumentKind {
  TaArgumentTensor,
  TaArgumentInteger,
  TaArgumentFloat,
} TaArgumentKind;

/// One argument: `tensor` for a tensor parameter, `integer` for an index
/// or integer one, `real` (or `integer`) for a float one.
typedef struct TaArgument {
  TaArgumentKind kind;
  TaMemRef tensor;
  int64_t integer;
  double real;
} TaArgument;

/// Lowers a copy of `module` with ta-lower-to-llvm (checks=strict when
/// `strict`, else none) and JIT-compiles it, loading the `numSharedLibs`
/// libraries (libta_runtime, MLIR's runner utilities). On failure the
/// result's ptr is NULL and `onError` receives the message (the pipeline's
/// diagnostics go to the context's handlers).
MLIR_CAPI_EXPORTED TaExecutable
taExecutableCreate(MlirModule module, bool strict, intptr_t numSharedLibs,
                   const MlirStringRef *sharedLibs, int optLevel,
                   MlirStringCallback onError, void *userData);
MLIR_CAPI_EXPORTED void taExecutableDestroy(TaExecutable executable);

/// Calls the public function `name`. On success returns true and fills
/// `results` (free with taCallResultsDestroy); on a misuse or a TensorArray
/// runtime error returns false and `onError` receives the message
/// (TensorFlow's text for runtime errors).
MLIR_CAPI_EXPORTED bool
taExecutableCall(TaExecutable executable, MlirStringRef name, intptr_t numArgs,
                 const TaArgument *args, TaCallResults *results,
                 MlirStringCallback onError, void *userData);

MLIR_CAPI_EXPORTED intptr_t taCallResultsSize(TaCallResults results);
/// Result `i` (all null and rank 0 when `i` is out of range); its sizes and
/// strides live as long as `results`.
MLIR_CAPI_EXPORTED TaMemRef taCallResultsGet(TaCallResults results, intptr_t i);
MLIR_CAPI_EXPORTED void taCallResultsDestroy(TaCallResults results);

#ifdef __cplusplus
}
#endif

// mlirRegisterTAConversionPasses(), mlirCreateTAConversion<Pass>() and
// mlirRegisterTAConversion<Pass>() for each conversion out of ta;
// mlirRegisterTATransformsPasses() and the like for the passes on lowered
// buffers.
#include "ta/Conversion/Passes.capi.h.inc"
#include "ta/Transforms/Passes.capi.h.inc"

#endif /* TA_C_TA_H */

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

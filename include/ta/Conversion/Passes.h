//===- Passes.h - ta conversion passes --------------------------*- C++ -*-===//

#ifndef TA_CONVERSION_PASSES_H
#define TA_CONVERSION_PASSES_H

#include "ta/Conversion/TAToMemRef/TAToMemRef.h"
#include "ta/Conversion/TFToTA/LegalizeTF.h"
#include "ta/Conversion/TFToTA/TFToTA.h"

#include "mlir/Pass/Pass.h"

namespace mlir::ta {

#define GEN_PASS_DECL
#include "ta/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ta/Conversion/Passes.h.inc"

} // namespace mlir::ta

#endif // TA_CONVERSION_PASSES_H

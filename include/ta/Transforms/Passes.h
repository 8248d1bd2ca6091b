//===- Passes.h - ta passes on lowered buffers ------------------*- C++ -*-===//

#ifndef TA_TRANSFORMS_PASSES_H
#define TA_TRANSFORMS_PASSES_H

#include "ta/Transforms/Transforms.h"

#include "mlir/Pass/Pass.h"

namespace mlir::ta {

#define GEN_PASS_DECL
#include "ta/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ta/Transforms/Passes.h.inc"

} // namespace mlir::ta

#endif // TA_TRANSFORMS_PASSES_H

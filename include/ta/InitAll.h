//===- InitAll.h - register everything ta provides --------------*- C++ -*-===//
//
// The single entry point for tools and compilers that embed ta: register the
// ta dialect with the dialects its programs and lowerings use, and every ta
// pass and pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef TA_INITALL_H
#define TA_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::ta {

/// Registers the ta dialect and the upstream dialects that ta programs are
/// written with (func, arith, tensor, scf).
void registerAllDialects(DialectRegistry &registry);

/// Registers every ta pass and pass pipeline with the global registry.
void registerAllPasses();

} // namespace mlir::ta

#endif // TA_INITALL_H

//===- ta-fuzz.cpp - libFuzzer target for ta's front end ------------------===//
//
// Feeds bytes to what ta-opt does with a file: parse (the ta dialect and the
// upstream dialects ta programs use), verify, canonicalize and lower through
// ta-lower-to-llvm. Every input must end in success or diagnostics: a crash,
// sanitizer report, leak or hang is a finding. The input's length picks the
// checks mode (even: strict, odd: none), so both lowerings are exercised
// without changing the text.
//
//===----------------------------------------------------------------------===//

#include "ta/InitAll.h"
#include "ta/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

namespace {

/// Inputs nested deeper than this are skipped: MLIR's recursive-descent
/// parser (not ta's code) would exhaust the stack on them.
constexpr int kMaxNesting = 128;

bool tooDeep(llvm::StringRef text) {
  int depth = 0;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if (c == ')' || c == ']' || c == '}' || c == '>')
      --depth;
    if (depth > kMaxNesting)
      return true;
  }
  return false;
}

DialectRegistry &registry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    ta::registerAllDialects(*r);
    return r;
  }();
  return *registry;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (tooDeep(text))
    return 0;
  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  // Diagnostics are the expected outcome for most inputs: swallow them.
  ScopedDiagnosticHandler handler(&context,
                                  [](Diagnostic &) { return success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text),
                               llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module || failed(verify(*module)))
    return 0;
  PassManager pm(&context);
  pm.addPass(createCanonicalizerPass());
  ta::LowerToLLVMOptions options;
  options.checks = size % 2 ? ta::ChecksMode::None : ta::ChecksMode::Strict;
  ta::buildLowerToLLVMPipeline(pm, options);
  (void)pm.run(*module);
  return 0;
}

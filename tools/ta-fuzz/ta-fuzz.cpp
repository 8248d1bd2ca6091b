//===- ta-fuzz.cpp - libFuzzer target for ta's front end ------------------===//
//
// Feeds bytes to what ta-opt does with a file: parse (the ta dialect and the
// upstream dialects ta programs use), verify, canonicalize and lower through
// ta-lower-to-llvm. Every input must end in success or diagnostics: a crash,
// sanitizer report, leak or hang is a finding. The input's length picks the
// world it is read in, so that every mode is exercised without changing the
// text: bit 0 the checks mode (0: strict, 1: none); bit 1 whether it is read
// as TensorFlow imports are (unregistered dialects allowed, `tf.` ops kept
// as they are, ta-import-tf and ta-legalize-tf in front of the lowering) or
// as a ta program (registered dialects only). A finding that needs earlier
// inputs to show (state kept in the shared context) is reproduced by running
// the fuzzer on the inputs in order (-runs over a directory of them).
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/Passes.h"
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
#include <memory>

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

/// Building a context (hundreds of registered operations) and the two
/// pipelines (the canonicalizer's pattern set) costs more than most inputs:
/// they are kept across inputs and rebuilt every kInputsPerContext inputs,
/// which bounds what the context's uniquing tables accumulate.
constexpr unsigned kInputsPerContext = 2000;

struct Session {
  Session() : context(makeRegistry(), MLIRContext::Threading::DISABLED) {
    context.loadAllAvailableDialects();
    for (bool tensorflow : {false, true}) {
      for (ta::ChecksMode mode :
           {ta::ChecksMode::Strict, ta::ChecksMode::None}) {
        auto pm = std::make_unique<PassManager>(&context);
        if (tensorflow) {
          ta::buildImportTFPipeline(*pm);
          pm->addPass(ta::createTALegalizeTFPass());
        }
        pm->addPass(createCanonicalizerPass());
        ta::LowerToLLVMOptions options;
        options.checks = mode;
        ta::buildLowerToLLVMPipeline(*pm, options);
        pipelines.push_back(std::move(pm));
      }
    }
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    ta::registerAllDialects(registry);
    return registry;
  }

  MLIRContext context;
  /// Indexed by the input's length mod 4 (see the file comment).
  SmallVector<std::unique_ptr<PassManager>, 4> pipelines;
  unsigned inputs = 0;
};

Session &session() {
  static std::unique_ptr<Session> current;
  if (!current || current->inputs == kInputsPerContext)
    current = std::make_unique<Session>();
  ++current->inputs;
  return *current;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (tooDeep(text))
    return 0;
  Session &s = session();
  bool tensorflow = size & 2;
  s.context.allowUnregisteredDialects(tensorflow);
  // Diagnostics are the expected outcome for most inputs: swallow them.
  ScopedDiagnosticHandler handler(&s.context,
                                  [](Diagnostic &) { return success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text),
                               llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, &s.context);
  if (!module || failed(verify(*module)))
    return 0;
  (void)s.pipelines[size % 4]->run(*module);
  return 0;
}

//===- ta-plugin.cpp - ta as a plugin of stock mlir-opt -------------------===//
//
// One shared object that is both a dialect plugin and a pass plugin for an
// mlir-opt built from the same MLIR (Debian's mlir-opt-22):
//
//   mlir-opt --load-dialect-plugin=libTAPlugin.so \
//            --load-pass-plugin=libTAPlugin.so prog.mlir --ta-lower-to-llvm
//
// The dialect callback registers what ta::registerAllDialects does (mlir-opt
// already knows the upstream dialects; the ta dialect and its bufferization
// models are what it lacks); the pass callback registers every ta pass and
// pipeline.
//
//===----------------------------------------------------------------------===//

#include "ta/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TA", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            mlir::ta::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TA", LLVM_VERSION_STRING,
          []() { mlir::ta::registerAllPasses(); }};
}

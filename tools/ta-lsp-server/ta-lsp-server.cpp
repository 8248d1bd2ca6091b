//===- ta-lsp-server.cpp - MLIR language server with ta -------------------===//
//
// mlir-lsp-server that knows the ta dialect, for editors.
//
//===----------------------------------------------------------------------===//

#include "ta/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::ta::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}

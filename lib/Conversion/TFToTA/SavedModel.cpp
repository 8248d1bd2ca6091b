//===- SavedModel.cpp - what a SavedModel import adds around a program ----===//
//
// TensorFlow's SavedModel importers (convert_saved_model_v1) wrap the
// program in tf_saved_model's bookkeeping: attributes naming the exported
// functions and their signature paths (discardable, kept), and a
// `tf_saved_model.session_initializer` op listing the functions that run
// once before the program (restoring variables, initializing tables). A
// program without variables gets one empty initializer: that op is dropped.
// Initializers that do something are diagnosed, since nothing would run
// them.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::ta;

LogicalResult mlir::ta::tfimport::dropSessionInitializers(ModuleOp module) {
  SmallVector<Operation *> initializers;
  for (Operation &op : module.getOps())
    if (tf::isNamed(&op, "tf_saved_model.session_initializer"))
      initializers.push_back(&op);
  for (Operation *op : initializers) {
    if (op->getNumOperands() || op->getNumResults() || op->getNumRegions())
      return op->emitOpError("needs no operands, results or regions, as "
                             "TensorFlow defines it");
    auto list = op->getPropertiesAsAttribute();
    auto dict = dyn_cast_or_null<DictionaryAttr>(list);
    auto names = dict ? dyn_cast_or_null<ArrayAttr>(dict.get("initializers"))
                      : op->getAttrOfType<ArrayAttr>("initializers");
    if (!names)
      return op->emitOpError("needs an `initializers` list of functions");
    for (Attribute name : names) {
      auto symbol = dyn_cast<FlatSymbolRefAttr>(name);
      auto fn =
          symbol
              ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, symbol)
              : func::FuncOp();
      if (!fn || fn.isExternal() || !fn.getBody().hasOneBlock() ||
          !isa<func::ReturnOp>(fn.front().front()))
        return op->emitOpError("runs session initializers that do something ")
               << name
               << " (variables, tables); ta-import-tf imports programs whose "
                  "initializers are empty";
    }
    op->erase();
  }
  return success();
}

//===- ImportTFPasses.cpp - the steps of ta-import-tf as passes -----------===//
//
// Each step of importing a TensorFlow program is a pass of its own (their
// descriptions are in Passes.td); ta-import-tf is the pipeline that runs them
// in order (buildImportTFPipeline). The TensorArray op conversion, the one
// step that is a dialect conversion, lives with its patterns in TFToTA.cpp.
//
//===----------------------------------------------------------------------===//

#include "TFShapes.h"
#include "TFToTAInternal.h"
#include "ta/Conversion/Passes.h"
#include "ta/Dialect/TA/IR/TAOps.h"
#include "ta/Dialect/TA/Utils/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::ta {
#define GEN_PASS_DEF_TATFCONTROLFLOWTOSCFPASS
#define GEN_PASS_DEF_TATFDECOMPOSELISTSPASS
#define GEN_PASS_DEF_TATFDECOMPOSEOPTIONALSPASS
#define GEN_PASS_DEF_TATFDECOMPOSESTACKSPASS
#define GEN_PASS_DEF_TATFDROPSESSIONINITIALIZERSPASS
#define GEN_PASS_DEF_TATFFLATTENEXECUTORPASS
#define GEN_PASS_DEF_TATFFOLDCONSTANTITEMSPASS
#define GEN_PASS_DEF_TATFFUNCTIONALIZEPASS
#define GEN_PASS_DEF_TATFREADVARIABLESPASS
#define GEN_PASS_DEF_TATFREFINETYPESPASS
#define GEN_PASS_DEF_TATFTYPERESOURCESPASS
#include "ta/Conversion/Passes.h.inc"
} // namespace mlir::ta

using namespace mlir;
using namespace mlir::ta;

LogicalResult mlir::ta::tfimport::verifyRuntimeFunctionNames(ModuleOp module) {
  bool namesFree = true;
  for (Operation &op : *module.getBody())
    namesFree &= succeeded(verifyRuntimeFunctionName(&op));
  return success(namesFree);
}

namespace {

struct DropSessionInitializers
    : public ta::impl::TATFDropSessionInitializersPassBase<
          DropSessionInitializers> {
  void runOnOperation() override {
    if (failed(tfimport::dropSessionInitializers(getOperation())))
      signalPassFailure();
  }
};

struct Functionalize
    : public ta::impl::TATFFunctionalizePassBase<Functionalize> {
  void runOnOperation() override {
    if (failed(tfimport::functionalizeDataflow(getOperation())))
      signalPassFailure();
  }
};

struct FlattenExecutor
    : public ta::impl::TATFFlattenExecutorPassBase<FlattenExecutor> {
  void runOnOperation() override {
    if (failed(tfimport::flattenExecutorGraphs(getOperation())))
      signalPassFailure();
  }
};

struct DecomposeOptionals
    : public ta::impl::TATFDecomposeOptionalsPassBase<DecomposeOptionals> {
  void runOnOperation() override {
    if (failed(tfimport::decomposeOptionals(getOperation())))
      signalPassFailure();
  }
};

struct ReadVariables
    : public ta::impl::TATFReadVariablesPassBase<ReadVariables> {
  void runOnOperation() override {
    // The run-time checks of assigned values call _ta_rt_fail.
    ModuleOp module = getOperation();
    if (failed(tfimport::verifyRuntimeFunctionNames(module)) ||
        failed(tfimport::readVariables(module)))
      signalPassFailure();
  }
};

struct RefineTypes : public ta::impl::TATFRefineTypesPassBase<RefineTypes> {
  void runOnOperation() override { tf::refineTypes(getOperation()); }
};

struct DecomposeStacks
    : public ta::impl::TATFDecomposeStacksPassBase<DecomposeStacks> {
  void runOnOperation() override {
    if (failed(tfimport::decomposeStacks(getOperation())))
      signalPassFailure();
  }
};

struct FoldConstantItems
    : public ta::impl::TATFFoldConstantItemsPassBase<FoldConstantItems> {
  void runOnOperation() override {
    tfimport::foldConstantItems(getOperation());
  }
};

struct TypeResources
    : public ta::impl::TATFTypeResourcesPassBase<TypeResources> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkTFImportable(module)) ||
        failed(tfimport::typeResources(module)))
      signalPassFailure();
  }
};

struct DecomposeLists
    : public ta::impl::TATFDecomposeListsPassBase<DecomposeLists> {
  void runOnOperation() override {
    // The run-time checks of list ops call _ta_rt_fail.
    ModuleOp module = getOperation();
    if (failed(tfimport::verifyRuntimeFunctionNames(module)) ||
        failed(tfimport::decomposeTensorLists(module)))
      signalPassFailure();
  }
};

struct ControlFlowToSCF
    : public ta::impl::TATFControlFlowToSCFPassBase<ControlFlowToSCF> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(tfimport::convertControlFlow(module)))
      return signalPassFailure();
    // The tf.Const tensors whose only users were folded away.
    module.walk([](arith::ConstantOp op) {
      if (op->use_empty() && isa<TensorType>(op.getType()))
        op->erase();
    });
  }
};

} // namespace

void mlir::ta::buildImportTFPipeline(OpPassManager &pm) {
  pm.addPass(createTATFDropSessionInitializersPass());
  pm.addPass(createTATFFunctionalizePass());
  pm.addPass(createTATFFlattenExecutorPass());
  // Variables the program reads are values: typed before types are refined.
  pm.addPass(createTATFReadVariablesPass());
  pm.addPass(createTATFDecomposeOptionalsPass());
  // Values of TensorFlow 1 loops are unranked: TensorArray writes need
  // their types before handles are typed.
  pm.addPass(createTATFRefineTypesPass());
  // Stacks become lists once their pushes are typed.
  pm.addPass(createTATFDecomposeStacksPass());
  // Shapes a gradient keeps on accumulators, constant once types are known.
  pm.addPass(createTATFFoldConstantItemsPass());
  pm.addPass(createTATFTypeResourcesPass());
  pm.addPass(createTATFConvertTensorArraysPass());
  pm.addPass(createTATFDecomposeListsPass());
  // What TensorFlow typed from a list or a TensorArray of an unknown
  // element shape (a stack's `?x4`, the shapes its gradient computes with)
  // is known now that lists are tensors.
  pm.addPass(createTATFRefineTypesPass());
  pm.addPass(createTATFControlFlowToSCFPass());
  // A branch's or loop body's values typed from its arguments, which its
  // function declared as TensorFlow typed them (a read of a ragged list
  // passed to a tf.cond), are known once the bodies are regions.
  pm.addPass(createTATFRefineTypesPass());
}

//===- TFToTAInternal.h - the steps of ta-import-tf -------------*- C++ -*-===//
//
// The pipeline ta-import-tf runs, in order, one pass per step
// (ImportTFPasses.cpp, buildImportTFPipeline):
//   ta-tf-drop-session-initializers: dropSessionInitializers, a SavedModel
//      import's empty initializers;
//   ta-tf-functionalize: functionalizeDataflow, TensorFlow 1 loops and
//      conditionals in tf_executor graphs into tf.WhileRegion and tf.IfRegion;
//   ta-tf-flatten-executor: flattenExecutorGraphs, tf_executor graphs into
//      straight-line code;
//   ta-tf-read-variables: readVariables, the resource variables a program
//      reads (Keras weights, tf.Variables) as values the caller passes, and
//      those it assigns threaded through its body and returned
//      (Variables.cpp);
//   ta-tf-decompose-optionals: decomposeOptionals, the optionals of a
//      conditional's gradient in a loop as the values they hold
//      (Optionals.cpp);
//   ta-tf-refine-types: refineTypes, TensorFlow's unranked types refined
//      where operands determine them (TFShapes.cpp), loop-carried values
//      included;
//   ta-tf-decompose-stacks: decomposeStacks, TensorFlow's stacks into
//      TensorList values (and refineTypes again where there were any, for
//      what the pops read);
//   ta-tf-fold-constant-items: foldConstantItems, the shapes and
//      accumulator items every push makes one constant, folded
//      (ConstantItems.cpp);
//   ta-tf-type-resources: checkTFImportable, then typeResources: which
//      TensorFlow values are TensorArray handles (and of which !ta.handle
//      type) or flows, followed through tf.While, tf.If, their region forms,
//      calls and tf.Identity; those values retyped;
//   ta-tf-convert-tensor-arrays: the TensorArray op patterns
//      (populateTFToTAConversionPatterns, TFToTA.cpp);
//   ta-tf-decompose-lists: decomposeTensorLists, TensorFlow 2's TensorLists
//      into tensors (in rounds, refineTypes between them, where the items
//      of a list are read from another);
//   ta-tf-refine-types: again, for what TensorFlow typed from lists;
//   ta-tf-control-flow-to-scf: convertControlFlow, tf.While/tf.If (and
//      region forms) into scf, tf.PartitionedCall/StatefulPartitionedCall
//      into func.call;
//   ta-tf-refine-types: once more, for a branch's or loop body's values,
//      regions now, typed from what flows into them.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TFTOTA_TFTOTAINTERNAL_H
#define TA_LIB_CONVERSION_TFTOTA_TFTOTAINTERNAL_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlir::ta::tfimport {

/// Union-find over SSA values: the classes of values that are one
/// TensorFlow resource (or list) as control flow, calls and identities carry
/// it.
class ValueClasses {
public:
  Value find(Value v) {
    auto it = parent.find(v);
    if (it == parent.end())
      return v;
    Value root = find(it->second);
    parent[v] = root;
    return root;
  }
  void join(Value a, Value b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent[a] = b;
  }

private:
  llvm::DenseMap<Value, Value> parent;
};

/// Visits every step by which a value is passed on unchanged, from the
/// value to the one that receives it: tf.While/WhileRegion (operands into
/// results and into the cond and body arguments, what the body returns
/// into its results and into the arguments again), tf.If/IfRegion (operands
/// into branch arguments, what branches return into results), calls
/// (arguments and results) and tf.Identity(N) (Carriers.cpp).
void forEachCarriedPair(ModuleOp module,
                        function_ref<void(Value from, Value to)> visit);

/// Whether `op` is one of the ops forEachCarriedPair follows (and the
/// terminators tf.Yield and func.return through which they pass values).
bool isCarrier(Operation *op);

/// The integer scalars the carriers of a module pass on: a value holds a
/// constant where every value that reaches it through them
/// (forEachCarriedPair, followed back to where no carrier passes one on) is
/// that constant (a loop-invariant loop argument, a private function's
/// argument every caller passes it to, a function result that returns one;
/// never a public function's argument).
class CarriedConstants {
public:
  explicit CarriedConstants(ModuleOp module);
  std::optional<int64_t> scalar(Value value) const;

private:
  llvm::DenseMap<Value, SmallVector<Value>> sources;
};

/// Joins the values forEachCarriedPair pairs.
void joinCarriers(ModuleOp module, ValueClasses &classes);

/// The function the symbol attribute `attr` of `op` names, if any.
func::FuncOp calleeOf(Operation *op, StringRef attr);

/// The functions the control flow and calls of `module` call (`body`,
/// `cond`, `then_branch`, `else_branch`, tf.Case's `branches`, `f`,
/// `callee`).
llvm::DenseSet<Operation *> calledFunctions(ModuleOp module);

/// Rewrites the dataflow loops (Enter, Merge, Switch, LoopCond,
/// NextIteration, Exit) and conditionals (Switch, Merge) of every
/// `tf_executor.graph` into islands of tf.WhileRegion and tf.IfRegion
/// (Functionalize.cpp); diagnoses dataflow it cannot.
LogicalResult functionalizeDataflow(ModuleOp module);

/// Rewrites every `tf_executor.graph` into the ops of its islands, in an
/// order that respects data and control tokens; diagnoses TensorFlow 1
/// dataflow loops.
LogicalResult flattenExecutorGraphs(ModuleOp module);

/// Finds the TensorArray handles and flows (through control flow, calls and
/// identities), gives them their ta types (`!ta.handle<...>`, `!ta.flow`),
/// updates function signatures, and gives every other user of a flow
/// TensorFlow's value for it (0.0). Diagnoses handles of conflicting types,
/// handles used by ops that are not imported, and handles or flows crossing
/// the signature of a public function.
LogicalResult typeResources(ModuleOp module);

/// TensorFlow 2's TensorArray inside tf.function: TensorList values become
/// tensors `[N] ++ element` (value semantics, as TensorLists have; N
/// dynamic where the list's length changes), followed through control flow
/// and calls like handles; each list op becomes tensor ops with TensorFlow's
/// run-time errors (rewriteListOp). A list made with an unknown or partial
/// element shape takes the one its items fix; where they fix none, it is
/// diagnosed.
LogicalResult decomposeTensorLists(ModuleOp module);

/// TensorFlow's stacks (StackV2, StackPushV2, StackPopV2, StackCloseV2, as
/// tf.gradients of a control flow v1 loop makes them) into TensorList
/// values threaded through program order, tf.WhileRegion and tf.IfRegion
/// (Stacks.cpp); the pops marked with kStackPopAttr, what they read
/// refined again (refineTypes). Diagnoses stacks it cannot.
LogicalResult decomposeStacks(ModuleOp module);

/// Gives each resource variable a public function takes and only reads
/// the type of its value (from `tensor<!tf_type.resource<tensor<...>>>` or
/// its kVariableTypeAttr),
/// retypes the values carrying it, and rewrites ReadVariableOp (the
/// value), VariableShape (tf.Shape) and ResourceGather (tf.GatherV2);
/// diagnoses other uses (Variables.cpp).
LogicalResult readVariables(ModuleOp module);

/// TensorFlow's optionals (a conditional's intermediates, as its gradient
/// inside a loop keeps them) as the values they hold: the values and lists
/// carrying them retyped, OptionalFromValue, OptionalNone (zeros) and
/// OptionalGetValue rewritten (Optionals.cpp).
LogicalResult decomposeOptionals(ModuleOp module);

/// The argument attribute naming a variable argument's value type, where
/// its resource type does not (`tensor<*x!tf_type.resource>`).
constexpr llvm::StringLiteral kVariableTypeAttr = "ta.variable_type";

/// The attribute of a public function that assigns variables it takes
/// (ta-tf-read-variables): the argument number of each, in the order their
/// last values follow the function's own results.
constexpr llvm::StringLiteral kAssignedVariablesAttr = "ta.assigned_variables";

/// Folds into constants, to a fixpoint: tf.Shape of a static operand,
/// tf.DynamicStitch of constants, and the items popped or read from lists
/// (accumulators: EmptyTensorList, pushes, pops) whose every push is one
/// constant; then refines types again (ConstantItems.cpp).
void foldConstantItems(ModuleOp module);

/// Marks a TensorListPopBack that was a StackPopV2: popping an empty list
/// fails with the stack's message.
constexpr llvm::StringLiteral kStackPopAttr = "ta.stack_pop";

/// Diagnoses every top-level op of `module` that takes a name of ta's
/// runtime (`_ta_rt_fail`, which the run-time checks of imported ops call).
LogicalResult verifyRuntimeFunctionNames(ModuleOp module);

/// Erases `tf_saved_model.session_initializer` where every initializer it
/// lists is empty; diagnoses it otherwise (SavedModel.cpp).
LogicalResult dropSessionInitializers(ModuleOp module);

/// Replaces the list op `op`, whose list operands and results have their
/// tensor types, by tensor ops (TensorListRewrites.cpp); a PushBack onto a
/// list of `capacity` >= 0 (EmptyTensorList's max_num_elements) checks it;
/// an ElementShape gives `madeElement`, the element shape the list was made
/// with (TensorFlow's lists keep it, -1 for the dims it leaves unknown,
/// whatever items they hold).
LogicalResult rewriteListOp(Operation *op, int64_t capacity,
                            TensorType madeElement);

/// Gives each use of a list that an EmptyTensorList or TensorListReserve
/// `filter` accepts makes a list of its own (a clone of the op): TensorFlow
/// starts several accumulators from one empty list, and lists are values.
void splitListCreations(ModuleOp module,
                        function_ref<bool(Operation *)> filter);

/// Whether `op` makes a list (TensorListReserve, TensorListFromTensor,
/// EmptyTensorList, TensorListScatterV2, TensorListSplit).
bool makesList(Operation *op);

/// The element type the list-making `op` declares for its list (its
/// result's `tensor<!tf_type.variant<tensor<E>>>`), if it declares one.
TensorType madeListElement(Operation *op);

/// The lists whose items are lists among decomposeTensorLists' classes (the
/// accumulators of a loop nested in a loop, as TensorFlow's gradients keep
/// them; TensorListsOfLists.cpp): each is a tensor of i64 rows, its lists'
/// items and a trailer row per list.
class NestedLists {
public:
  /// Finds the classes of lists of lists (made so, or holding lists) among
  /// the classes of `listOps`' lists and joins the items of each into one
  /// class; diagnoses ops on them other than EmptyTensorList, PushBack,
  /// PopBack and Length, and the whole-list arithmetic `wholeListOps`
  /// (ZerosLike, AddN) on them.
  LogicalResult join(ArrayRef<Operation *> listOps,
                     ArrayRef<Operation *> wholeListOps, ValueClasses &classes);
  /// Whether the class `root` is a list of lists.
  bool contains(Value root) const { return itemOf.count(root); }
  /// Types each list of lists (by root in `typeOf`) from its items' class
  /// type; diagnoses items it cannot keep.
  LogicalResult assignTypes(ValueClasses &classes,
                            llvm::DenseMap<Value, RankedTensorType> &typeOf,
                            MLIRContext *ctx);

private:
  /// The root of each list of lists, and one of its items (null if none).
  llvm::DenseMap<Value, Value> itemOf;
  /// The first op on each list of lists (where its diagnostics go).
  llvm::DenseMap<Value, Operation *> firstOpOf;
};

/// Replaces the PushBack, PopBack or Length `op` on a list of lists (see
/// NestedLists), whose lists have their tensor types, by tensor ops; a
/// PushBack onto a list of `capacity` >= 0 checks it.
LogicalResult rewriteNestedListOp(Operation *op, int64_t capacity);

/// The element type of a ragged list (TensorListsRagged.cpp): a list made by
/// TensorListSplit whose items keep dim 0 open after every op on them has
/// refined `element` (their trailing dims static, integers or floats of up
/// to 64 bits), and whose ops `ops` only read it (Split, GetItem, ConcatV2,
/// Length, ElementShape); null for any other list.
RankedTensorType raggedListElement(TensorType element,
                                   ArrayRef<Operation *> ops);

/// The tensor a ragged list of items of `element` is: i64 rows, the items'
/// rows, then one row per item (where it ends), then one holding the count.
RankedTensorType raggedListType(RankedTensorType element);

/// Replaces the list op `op` on a ragged list of items of `element`, whose
/// lists have their tensor types (raggedListType), by tensor ops; an
/// ElementShape gives `madeElement`.
LogicalResult rewriteRaggedListOp(Operation *op, RankedTensorType element,
                                  TensorType madeElement);

/// Rewrites tf.While, tf.WhileRegion, tf.If, tf.IfRegion into scf.while and
/// scf.if (the cond/body/branch functions cloned into their regions), and
/// tf.PartitionedCall/tf.StatefulPartitionedCall into func.call; erases the
/// private functions no longer referenced.
LogicalResult convertControlFlow(ModuleOp module);

} // namespace mlir::ta::tfimport

#endif // TA_LIB_CONVERSION_TFTOTA_TFTOTAINTERNAL_H

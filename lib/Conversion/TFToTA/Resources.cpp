//===- Resources.cpp - which TensorFlow values are handles and flows ------===//
//
// A TensorArray's handle and flow travel through TensorFlow programs as
// loop-carried values of tf.While (the body returns them), operands of tf.If
// branches, arguments and results of called functions, and tf.Identity.
// typeResources joins every such pair of values into one class (a
// union-find over SSA values), seeds the classes with the TensorArray ops
// that make handles and flows, and retypes each class's values as
// `!ta.handle<...>` or `!ta.flow`.
//
// A flow is whatever float a TensorArray op reads as its flow, not only what
// another TensorArray op made: TensorFlow's gradient code starts a backward
// loop's flow from a constant or zeros_like, sums the flows of its writes
// (AddV2, AddN) and passes the sum on. The classes TensorArray ops read as
// flows are flow classes too; a value of one that a TensorArray op does not
// make (a constant, a sum, a public function's argument) is a flow
// *source*: it keeps its TensorFlow type for its other users, and the
// TensorArray ops and carriers that read it read a `ta.flow_join` of the
// flows its op reads instead. TensorArray ops are ordered by their effects
// on the arrays, and the import keeps the graph's order: the join orders
// nothing more, it only keeps the flows typed.
//
// Element shapes: where `element_shape` and the resource subtype leave the
// element type unknown, the writes to the array (tf.TensorArrayWriteV3,
// ScatterV3) give it when they all agree on one static shape: TensorFlow
// fixes the array's element shape at its first write in the same way.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "ta/Dialect/TA/IR/TAOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::ta;
using tf::boolAttr;
using tf::isNamed;
using tfimport::isCarrier;
using tfimport::ValueClasses;

namespace {

/// The ops that take a handle as operand 0, with the index of their flow
/// operand (-1: none).
struct HandleUser {
  StringLiteral name;
  int flowOperand;
};
const HandleUser kHandleUsers[] = {
    {"tf.TensorArrayWriteV3", 3},  {"tf.TensorArrayReadV3", 2},
    {"tf.TensorArrayGatherV3", 2}, {"tf.TensorArrayScatterV3", 3},
    {"tf.TensorArrayConcatV3", 1}, {"tf.TensorArraySplitV3", 3},
    {"tf.TensorArraySizeV3", 1},   {"tf.TensorArrayCloseV3", -1},
    {"tf.TensorArrayGradV3", 1},   {"tf.TensorArrayGradWithShape", 1}};

const HandleUser *handleUser(Operation *op) {
  for (const HandleUser &user : kHandleUsers)
    if (isNamed(op, user.name))
      return &user;
  return nullptr;
}

bool makesGrad(Operation *op) {
  return isNamed(op, "tf.TensorArrayGradV3") ||
         isNamed(op, "tf.TensorArrayGradWithShape");
}

/// Whether result `n` of `op` is a flow TensorFlow's TensorArray ops make.
bool makesFlow(Operation *op, unsigned n) {
  if (isNamed(op, "tf.TensorArrayV3") || makesGrad(op))
    return n == 1;
  return n == 0 && (isNamed(op, "tf.TensorArrayWriteV3") ||
                    isNamed(op, "tf.TensorArrayScatterV3") ||
                    isNamed(op, "tf.TensorArraySplitV3"));
}

/// The handle type of a tf.TensorArrayV3, or null after a diagnostic.
HandleType createdHandleType(Operation *op) {
  auto dtype = op->getAttrOfType<TypeAttr>("dtype");
  if (!dtype || !(isa<IntegerType, FloatType>(dtype.getValue()))) {
    op->emitOpError("needs a `dtype` attribute of an integer or float type");
    return {};
  }
  std::optional<SmallVector<int64_t>> shape;
  if (Attribute attr = op->getAttr("element_shape")) {
    FailureOr<std::optional<SmallVector<int64_t>>> parsed =
        tf::parseShape(attr);
    if (failed(parsed)) {
      op->emitOpError("has an `element_shape` that is not a #tf_type.shape");
      return {};
    }
    shape = *parsed;
  }
  // TensorFlow records the element type it inferred in the resource
  // subtype (`resource<tensor<2x3xf32>>`); it refines a partial shape.
  auto subtype = dyn_cast_or_null<RankedTensorType>(
      tf::resourceSubtype(op->getResult(0).getType()));
  bool complete = shape && llvm::none_of(*shape, ShapedType::isDynamic);
  if (!complete && subtype && subtype.getElementType() == dtype.getValue() &&
      (!shape || shape->size() == (size_t)subtype.getRank()))
    shape = SmallVector<int64_t>(subtype.getShape());
  TensorType element =
      shape ? TensorType(RankedTensorType::get(*shape, dtype.getValue()))
            : TensorType(UnrankedTensorType::get(dtype.getValue()));
  int64_t size = ShapedType::kDynamic;
  std::optional<int64_t> constant = tf::constantScalar(op->getOperand(0));
  if (constant && *constant >= 0 &&
      !boolAttr(op, "dynamic_size", false).getValue())
    size = *constant;
  return HandleType::get(size, element);
}

/// The accumulator type of tf.TensorArrayGradWithShape on an array of type
/// `forward`: `shape_to_prepend ++ element`, dims from a constant.
HandleType gradWithShapeType(HandleType forward, Value prepend) {
  auto element = dyn_cast<RankedTensorType>(forward.getElementType());
  auto prependType = dyn_cast<RankedTensorType>(prepend.getType());
  Type scalar = forward.getElementType().getElementType();
  if (!element || !prependType || prependType.getRank() != 1 ||
      prependType.isDynamicDim(0))
    return HandleType::get(forward.getSize(), UnrankedTensorType::get(scalar),
                           /*isGrad=*/true);
  SmallVector<int64_t> dims(prependType.getDimSize(0), ShapedType::kDynamic);
  DenseIntElementsAttr constant;
  if (Operation *def = prepend.getDefiningOp(); isNamed(def, "tf.Const"))
    constant = dyn_cast_or_null<DenseIntElementsAttr>(def->getAttr("value"));
  if (constant && constant.getType() == prependType)
    for (auto [k, dim] : llvm::enumerate(constant.getValues<APInt>()))
      if (!dim.isNegative())
        dims[k] = dim.getSExtValue();
  llvm::append_range(dims, element.getShape());
  return HandleType::get(forward.getSize(), RankedTensorType::get(dims, scalar),
                         /*isGrad=*/true);
}

} // namespace

namespace {

/// Every value of the module, with the class it belongs to.
void collectValues(ModuleOp module, SmallVectorImpl<Value> &values) {
  module.walk(
      [&](Block *block) { llvm::append_range(values, block->getArguments()); });
  module.walk(
      [&](Operation *op) { llvm::append_range(values, op->getResults()); });
}

/// A value that stands for a flow where a flow cannot go: TensorFlow's
/// value of every flow, 0.0, as `type`.
Value zeroFlow(OpBuilder &builder, Location loc, Type type) {
  auto scalar = RankedTensorType::get({}, builder.getF32Type());
  Value zero = arith::ConstantOp::create(
      builder, loc, DenseElementsAttr::get(scalar, builder.getF32FloatAttr(0)));
  // A flow that was a flow before import has no TensorFlow type: 0-d.
  if (!type || type == scalar || !isa<TensorType>(type) ||
      !tensor::CastOp::areCastCompatible(scalar, type))
    return zero;
  return tensor::CastOp::create(builder, loc, type, zero);
}

/// Whether `value`, a value of a flow class, is a flow source: a value no
/// TensorArray op makes and no carrier passes on, or an argument of a
/// public function nothing calls (one that is called takes flows from its
/// callers: diagnosed with the signatures), or of a block that no carrier
/// enters.
bool isFlowSource(Value value, const llvm::DenseSet<Operation *> &called) {
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    return !makesFlow(op, result.getResultNumber()) && !isCarrier(op);
  }
  Block *block = value.getParentBlock();
  if (!block->isEntryBlock())
    return true;
  Operation *parent = block->getParentOp();
  if (auto fn = dyn_cast<func::FuncOp>(parent))
    return !fn.isPrivate() && !called.contains(fn);
  return !isNamed(parent, "tf.WhileRegion");
}

/// The TensorFlow ops that compute flows which, once their flow users read
/// a join instead, may be erased if nothing else reads them.
bool isErasableFlowArithmetic(Operation *op) {
  static constexpr StringLiteral names[] = {
      "tf.Const", "tf.ZerosLike", "tf.OnesLike",  "tf.AddV2",
      "tf.Add",   "tf.AddN",      "tf.Sub",       "tf.Mul",
      "tf.Fill",  "tf.Tile",      "tf.GatherV2",  "tf.Reshape",
      "tf.Cast",  "tf.Squeeze",   "tf.ExpandDims"};
  return isa<arith::ConstantOp, tensor::CastOp>(op) ||
         llvm::any_of(names, [&](StringLiteral n) { return isNamed(op, n); });
}

/// Whether `use` reads a flow: a TensorArray op's flow operand, or what a
/// carrier passes on (but a public function's result, which keeps
/// TensorFlow's value).
bool readsFlow(OpOperand &use) {
  Operation *user = use.getOwner();
  if (const HandleUser *reader = handleUser(user))
    return (int)use.getOperandNumber() == reader->flowOperand;
  if (isa<func::ReturnOp>(user)) {
    auto fn = user->getParentOfType<func::FuncOp>();
    return fn && fn.isPrivate();
  }
  return isCarrier(user);
}

/// Gives the flow readers of each flow source a `ta.flow_join` of the flows
/// its op reads (the joins of the sources among them; of none for an
/// argument), and erases the arithmetic that nothing reads any more.
void joinFlowSources(ArrayRef<Value> sources) {
  DenseMap<Value, Value> joinOf;
  llvm::SetVector<Operation *> dead;
  for (Value source : sources) {
    OpBuilder builder(source.getContext());
    llvm::SetVector<Value> flows;
    if (Operation *op = source.getDefiningOp()) {
      builder.setInsertionPointAfter(op);
      for (Value operand : op->getOperands()) {
        if (isa<FlowType>(operand.getType()))
          flows.insert(operand);
        else if (Value join = joinOf.lookup(operand))
          flows.insert(join);
      }
      dead.insert(op);
    } else {
      builder.setInsertionPointToStart(source.getParentBlock());
    }
    Value join =
        FlowJoinOp::create(builder, source.getLoc(), flows.getArrayRef());
    joinOf[source] = join;
    source.replaceUsesWithIf(join, readsFlow);
  }
  // Each op is in the worklist at most once; an erased op is never in it
  // again (nothing reads it).
  while (!dead.empty()) {
    Operation *op = dead.pop_back_val();
    if (!op->use_empty() || !isErasableFlowArithmetic(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        dead.insert(def);
    op->erase();
  }
}

/// Gives every use but the first of a float scalar tf.Const its own copy:
/// TensorFlow's exporter merges equal constants, so one 0.0 may start both
/// a backward loop's flow and a sum of data, which carriers would join into
/// one class.
void unshareFloatScalarConstants(ModuleOp module) {
  module.walk([](Operation *op) {
    if (!isNamed(op, "tf.Const") || op->getNumResults() != 1 ||
        op->hasOneUse() || op->use_empty())
      return;
    auto type = dyn_cast<TensorType>(op->getResult(0).getType());
    if (!type || !type.getElementType().isF32() ||
        (type.hasRank() && type.getRank() != 0))
      return;
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    for (OpOperand &use :
         llvm::make_early_inc_range(llvm::drop_begin(op->getUses())))
      use.set(builder.clone(*op)->getResult(0));
  });
}

/// Whether a value of `type` may be a flow: TensorFlow's flows are float32
/// scalars.
bool isFlowCompatible(Type type) {
  if (isa<FlowType>(type))
    return true;
  auto tensor = dyn_cast<TensorType>(type);
  return tensor && tensor.getElementType().isF32() &&
         (!tensor.hasRank() || tensor.getRank() == 0);
}

} // namespace

LogicalResult mlir::ta::tfimport::typeResources(ModuleOp module) {
  unshareFloatScalarConstants(module);
  ValueClasses classes;
  joinCarriers(module, classes);

  // Seeds: the arrays TensorFlow creates, their accumulators (whose type
  // follows the forward array's), and the flows.
  DenseMap<Value, HandleType> handleOf;
  llvm::DenseSet<Value> flowClasses;
  bool ok = true;
  auto setHandle = [&](Operation *op, HandleType type) {
    Value root = classes.find(op->getResult(0));
    auto [it, inserted] = handleOf.try_emplace(root, type);
    if (!inserted && it->second != type) {
      op->emitOpError() << "makes a TensorArray of type " << type
                        << " where another of type " << it->second
                        << " flows into the same values";
      ok = false;
    }
  };
  SmallVector<Operation *> creates, grads;
  module.walk([&](Operation *op) {
    if (isNamed(op, "tf.TensorArrayV3") && op->getNumResults() == 2 &&
        op->getNumOperands() == 1)
      creates.push_back(op);
    if (makesGrad(op) && op->getNumResults() == 2 && op->getNumOperands() >= 2)
      grads.push_back(op);
    for (OpResult result : op->getResults())
      if (makesFlow(op, result.getResultNumber()))
        flowClasses.insert(classes.find(result));
  });
  // What TensorArray ops read as flows is a flow, whatever computed it.
  module.walk([&](Operation *op) {
    const HandleUser *user = handleUser(op);
    if (user && user->flowOperand >= 0 &&
        user->flowOperand < (int)op->getNumOperands())
      flowClasses.insert(classes.find(op->getOperand(user->flowOperand)));
  });
  for (Operation *op : creates) {
    if (HandleType type = createdHandleType(op))
      setHandle(op, type);
    else
      ok = false;
  }
  // Element shapes from the writes, for arrays whose element the graph does
  // not state.
  DenseMap<Value, SmallVector<Type>> written;
  module.walk([&](Operation *op) {
    bool write = isNamed(op, "tf.TensorArrayWriteV3");
    bool scatter = isNamed(op, "tf.TensorArrayScatterV3");
    if (isNamed(op, "tf.TensorArraySplitV3") && op->getNumOperands() == 4) {
      // Split pieces may differ in dim 0: no one shape to take.
      written[classes.find(op->getOperand(0))].push_back(Type());
      return;
    }
    if ((!write && !scatter) || op->getNumOperands() != 4)
      return;
    Type value = op->getOperand(2).getType();
    if (scatter) {
      auto ranked = dyn_cast<RankedTensorType>(value);
      value = ranked && ranked.getRank() >= 1
                  ? RankedTensorType::get(ranked.getShape().drop_front(),
                                          ranked.getElementType())
                  : Type();
    }
    written[classes.find(op->getOperand(0))].push_back(value);
  });
  for (auto &[root, type] : handleOf) {
    if (type.getElementType().hasStaticShape())
      continue;
    auto it = written.find(root);
    if (it == written.end() || it->second.empty())
      continue;
    Type first = it->second.front();
    auto ranked = dyn_cast_or_null<RankedTensorType>(first);
    if (!ranked || !ranked.hasStaticShape() ||
        ranked.getElementType() != type.getElementType().getElementType() ||
        llvm::any_of(it->second, [&](Type t) { return t != first; }))
      continue;
    if (auto element = dyn_cast<RankedTensorType>(type.getElementType());
        element && failed(verifyCompatibleShape(element, ranked)))
      continue;
    type = HandleType::get(type.getSize(), ranked, type.getIsGrad());
  }
  // Accumulators, in as many rounds as grads of grads would need.
  for (size_t round = 0; round <= grads.size(); ++round) {
    bool changed = false;
    for (Operation *op : grads) {
      if (handleOf.count(classes.find(op->getResult(0))))
        continue;
      auto it = handleOf.find(classes.find(op->getOperand(0)));
      if (it == handleOf.end())
        continue;
      HandleType forward = it->second;
      setHandle(op, isNamed(op, "tf.TensorArrayGradV3")
                        ? forward.getGradType()
                        : gradWithShapeType(forward, op->getOperand(2)));
      changed = true;
    }
    if (!changed)
      break;
  }
  if (!ok)
    return failure();

  // Every handle a TensorArray op reads comes from one, and every flow is a
  // float32 scalar.
  module.walk([&](Operation *op) {
    const HandleUser *user = handleUser(op);
    if (!user || op->getNumOperands() == 0)
      return;
    if (!handleOf.count(classes.find(op->getOperand(0)))) {
      op->emitOpError("reads a handle that no TensorArray op makes (or one "
                      "ta-import-tf cannot follow)");
      ok = false;
    }
    if (user->flowOperand < 0 || user->flowOperand >= (int)op->getNumOperands())
      return;
    Value flow = op->getOperand(user->flowOperand);
    if (handleOf.count(classes.find(flow))) {
      op->emitOpError("reads a TensorArray handle as its flow");
      ok = false;
    } else if (!isFlowCompatible(flow.getType())) {
      op->emitOpError() << "reads a flow of type " << flow.getType()
                        << " (TensorFlow's flows are float32 scalars)";
      ok = false;
    }
  });
  if (!ok)
    return failure();

  // Retype.
  SmallVector<Value> values;
  collectValues(module, values);
  FlowType flowType = FlowType::get(module.getContext());
  DenseMap<Value, Type> flowTFType;
  SmallVector<Value> sources;
  llvm::DenseSet<Operation *> called = tfimport::calledFunctions(module);
  for (Value value : values) {
    Value root = classes.find(value);
    if (auto it = handleOf.find(root); it != handleOf.end()) {
      if (!tf::isResource(value.getType()) &&
          !isa<HandleType>(value.getType())) {
        emitError(value.getLoc())
            << "a TensorArray handle flows into a value of type "
            << value.getType();
        ok = false;
        continue;
      }
      value.setType(it->second);
    } else if (flowClasses.count(root)) {
      if (!isFlowCompatible(value.getType())) {
        emitError(value.getLoc())
            << "a TensorArray flow flows into a value of type "
            << value.getType() << " (TensorFlow's flows are float32 scalars)";
        ok = false;
        continue;
      }
      if (isFlowSource(value, called)) {
        sources.push_back(value);
        continue;
      }
      flowTFType[value] = value.getType();
      value.setType(flowType);
    }
  }
  if (!ok)
    return failure();
  joinFlowSources(sources);

  // Users of flows that are not TensorArray ops or carriers get 0.0; handles
  // go nowhere else.
  module.walk([&](Operation *op) {
    for (OpOperand &operand : op->getOpOperands()) {
      Type type = operand.get().getType();
      if (!isa<HandleType, FlowType>(type))
        continue;
      bool taUse =
          handleUser(op) != nullptr || makesGrad(op) || isa<FlowJoinOp>(op);
      if (isa<HandleType>(type) && !taUse && !isCarrier(op)) {
        op->emitOpError("uses a TensorArray handle; ta-import-tf imports "
                        "handles used by TensorArray ops, control flow, "
                        "calls and tf.Identity");
        ok = false;
      }
      auto parentFn = op->getParentOfType<func::FuncOp>();
      bool publicReturn =
          isa<func::ReturnOp>(op) && parentFn && !parentFn.isPrivate();
      if (isa<FlowType>(type) && ((!taUse && !isCarrier(op)) || publicReturn)) {
        OpBuilder builder(op);
        operand.set(
            zeroFlow(builder, op->getLoc(), flowTFType.lookup(operand.get())));
      }
    }
  });
  if (!ok)
    return failure();

  // Signatures follow their arguments and returned values; public functions
  // keep TensorFlow's.
  module.walk([&](func::FuncOp fn) {
    if (fn.isExternal())
      return;
    tf::refreshSignature(fn);
    FunctionType type = fn.getFunctionType();
    if (!fn.isPrivate()) {
      for (auto [k, arg] : llvm::enumerate(type.getInputs()))
        if (isa<HandleType, FlowType>(arg)) {
          fn.emitOpError() << "is public and takes a TensorArray "
                           << (isa<HandleType>(arg) ? "handle" : "flow")
                           << " as argument " << k
                           << "; ta-import-tf keeps TensorArrays inside the "
                              "module (make the function private)";
          ok = false;
        }
      for (auto [k, result] : llvm::enumerate(type.getResults()))
        if (isa<HandleType>(result)) {
          fn.emitOpError() << "is public and returns a TensorArray handle as "
                              "result "
                           << k;
          ok = false;
        }
    }
  });
  return success(ok);
}

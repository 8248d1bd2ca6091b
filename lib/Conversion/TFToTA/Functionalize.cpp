//===- Functionalize.cpp - TensorFlow 1 dataflow into region ops ---------===//
//
// A tf.while_loop or tf.cond built with control flow v1 reaches ta as
// dataflow in a `tf_executor.graph`: a loop is a frame of Enter nodes (loop
// variables through Merge <- NextIteration.Source, invariants `constant`), a
// LoopCond, a Switch per loop variable whose false output leaves through Exit
// and whose true output feeds the body, and a NextIteration.Sink per variable;
// a conditional is Switch nodes on one predicate, the ops of each branch, and
// a Merge per result joining the branches.
//
// functionalizeDataflow rewrites each into one island holding the region
// form (`tf.WhileRegion`, `tf.IfRegion`) that the rest of ta-import-tf
// takes, innermost first: a construct is rewritten once no other one is
// nested in it. Its nodes are found by following uses (data and control)
// from its entries (a frame's Enter nodes, a conditional's Switch outputs)
// up to its exits (Exit, Merge); each island among them is cloned into the
// region, in the graph's topological order. Control tokens inside the
// construct only order what the region's program order now orders; controls
// from outside become the new island's, controls to outside its token.
// Graphs the exporter does not produce (a Merge of three inputs, a value
// leaving a loop without Exit, a node reached from both branches) are
// diagnosed.
//
//===----------------------------------------------------------------------===//

#include "TFToTAInternal.h"
#include "TFUtils.h"

#include "ta/Dialect/TFExecutor/TFExecutor.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::ta;
using namespace mlir::ta::tf_executor;

namespace {

using NodeSet = llvm::SetVector<Operation *>;

/// The node (op of the graph block) holding `op`, or null outside it.
Operation *nodeOf(Block &graph, Operation *op) {
  return op ? graph.findAncestorOpInBlock(*op) : nullptr;
}

/// The nodes reachable from the users of `values`, along uses, without
/// entering the nodes for which `stop` holds (collected in `stops`).
NodeSet reachable(Block &graph, ValueRange values,
                  function_ref<bool(Operation *)> stop, NodeSet *stops) {
  NodeSet nodes;
  SmallVector<Operation *> work;
  auto visit = [&](Value value) {
    for (Operation *user : value.getUsers()) {
      Operation *node = nodeOf(graph, user);
      // The graph's fetch is outside every construct.
      if (!node || isa<FetchOp>(node))
        continue;
      if (stop(node)) {
        if (stops)
          stops->insert(node);
      } else if (nodes.insert(node)) {
        work.push_back(node);
      }
    }
  };
  for (Value value : values)
    visit(value);
  while (!work.empty())
    for (Value result : work.pop_back_val()->getResults())
      visit(result);
  return nodes;
}

/// The nodes of `within` that `roots` use, transitively (roots included).
NodeSet usedWithin(Block &graph, ArrayRef<Operation *> roots,
                   const NodeSet &within) {
  NodeSet nodes(roots.begin(), roots.end());
  for (unsigned k = 0; k < nodes.size(); ++k)
    nodes[k]->walk([&](Operation *op) {
      for (Value operand : op->getOperands()) {
        Operation *node = nodeOf(graph, operand.getDefiningOp());
        if (node && within.contains(node))
          nodes.insert(node);
      }
    });
  return nodes;
}

/// `value` with tf.Identity and island forwarding looked through.
Value stripIdentities(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (auto island = dyn_cast<IslandOp>(op)) {
      if (result.getResultNumber() >= island.getOutputs().size())
        break;
      value = island.getBody().front().getTerminator()->getOperand(
          result.getResultNumber());
    } else if (tf::isNamed(op, "tf.Identity") && op->getNumOperands() == 1) {
      value = op->getOperand(0);
    } else {
      break;
    }
  }
  return value;
}

/// Whether `op` is one of TensorFlow 1's dataflow control flow ops.
bool isDataflowOp(Operation *op) {
  return isa<EnterOp, ExitOp, MergeOp, SwitchOp, LoopCondOp,
             NextIterationSourceOp, NextIterationSinkOp>(op);
}

bool isConditionalSwitch(Operation *op) {
  auto sw = dyn_cast<SwitchOp>(op);
  return sw && !sw.getPredicate().getDefiningOp<LoopCondOp>();
}

/// The construct being rewritten: its nodes, and what replaces them.
class Rewrite {
public:
  Rewrite(Block &graph, NodeSet nodes) : graph(graph), nodes(nodes) {}

  /// Diagnoses data results of the construct's nodes used outside it, other
  /// than through `exits` (whose outputs the new island replaces).
  LogicalResult checkEscapes(const DenseSet<Value> &exits) {
    for (Operation *node : nodes)
      for (Value result : node->getResults()) {
        if (isa<ControlType, TokenType>(result.getType()) ||
            exits.contains(result))
          continue;
        for (Operation *user : result.getUsers())
          if (!nodes.contains(nodeOf(graph, user)))
            return node->emitOpError("is inside TensorFlow 1 control flow, "
                                     "and its value is used outside it "
                                     "without an Exit or Merge");
      }
    return success();
  }

  /// Whether the region replacing the construct can read `value`: it is
  /// not defined by one of the construct's nodes (whose values the region
  /// maps to its own).
  bool isVisible(Value value) {
    return !nodes.contains(nodeOf(graph, value.getDefiningOp()));
  }

  /// `value` as the region reads it; diagnoses values of the construct
  /// that the region has no counterpart for (a Switch's other output).
  FailureOr<Value> lookup(IRMapping &mapping, Value value, Operation *user) {
    Value mapped = mapping.lookupOrDefault(value);
    if (!isVisible(mapped))
      return user->emitOpError("reads a value of TensorFlow 1 control flow "
                               "that ta-import-tf cannot functionalize "
                               "(defined by ")
             << mapped.getDefiningOp()->getName() << ")";
    return mapped;
  }

  /// What the region yields for `values` (each returned by `users[k]`);
  /// after a failed clone (`result`), the values unmapped and without a
  /// second diagnostic.
  SmallVector<Value> yielded(IRMapping &mapping, ArrayRef<Value> values,
                             ArrayRef<Operation *> users,
                             LogicalResult &result) {
    SmallVector<Value> yields;
    for (auto [value, user] : llvm::zip(values, users)) {
      FailureOr<Value> mapped = failed(result) ? FailureOr<Value>(value)
                                               : lookup(mapping, value, user);
      if (failed(mapped)) {
        result = failure();
        mapped = value;
      }
      yields.push_back(*mapped);
    }
    return yields;
  }

  /// Clones the islands of `cloned` (in graph order) at `b`, values mapped
  /// by `mapping`; diagnoses other nodes.
  LogicalResult cloneIslands(OpBuilder &b, const NodeSet &cloned,
                             IRMapping &mapping) {
    for (Operation &node : graph) {
      if (!cloned.contains(&node))
        continue;
      auto island = dyn_cast<IslandOp>(&node);
      if (!island)
        return node.emitOpError("is inside TensorFlow 1 control flow where "
                                "ta-import-tf expects islands");
      Block &body = island.getBody().front();
      for (Operation &op : body.without_terminator()) {
        Operation *clone = b.clone(op, mapping);
        WalkResult walk = clone->walk([&](Operation *inner) {
          for (Value operand : inner->getOperands())
            if (!isVisible(operand))
              return WalkResult(failed(lookup(mapping, operand, &op))
                                    ? WalkResult::interrupt()
                                    : WalkResult::advance());
          return WalkResult::advance();
        });
        if (walk.wasInterrupted())
          return failure();
      }
      for (auto [output, value] :
           llvm::zip(island.getOutputs(), body.getTerminator()->getOperands()))
        mapping.map(output, mapping.lookupOrDefault(value));
    }
    return success();
  }

  /// Creates the island holding `op` (built by `build` in the island) that
  /// replaces the construct: `replaced[k]` by its result k, controls from
  /// outside as its control operands, uses of the nodes' controls outside
  /// by its control; erases the nodes.
  void replace(Location loc, SmallVector<Value> replaced,
               function_ref<Operation *(OpBuilder &)> build) {
    SetVector<Value> controls;
    for (Operation *node : nodes)
      node->walk([&](Operation *op) {
        for (Value operand : op->getOperands())
          if (isa<ControlType>(operand.getType()) &&
              !nodes.contains(nodeOf(graph, operand.getDefiningOp())))
            controls.insert(operand);
      });
    OpBuilder b(graph.getTerminator());
    SmallVector<Type> types;
    for (Value value : replaced)
      types.push_back(value.getType());
    auto island =
        IslandOp::create(b, loc, types, ControlType::get(b.getContext()),
                         controls.getArrayRef());
    b.setInsertionPointToStart(&island.getBody().emplaceBlock());
    Operation *op = build(b);
    YieldOp::create(b, loc, op->getResults());
    for (auto [value, output] : llvm::zip(replaced, island.getOutputs()))
      value.replaceAllUsesWith(output);
    for (Operation *node : nodes)
      for (Value result : node->getResults())
        if (isa<ControlType>(result.getType()))
          result.replaceUsesWithIf(island.getControl(), [&](OpOperand &use) {
            return !nodes.contains(nodeOf(graph, use.getOwner()));
          });
    for (Operation *node : nodes)
      node->dropAllReferences();
    for (Operation *node : nodes)
      node->erase();
  }

  Block &graph;
  NodeSet nodes;
};

/// An unregistered TensorFlow region op `name` of two single-block regions.
Operation *createRegionOp(OpBuilder &b, Location loc, StringRef name,
                          ValueRange operands, TypeRange results,
                          ArrayRef<NamedAttribute> attrs) {
  OperationState state(loc, name);
  state.addOperands(operands);
  state.addTypes(results);
  state.addAttributes(attrs);
  state.addRegion();
  state.addRegion();
  return b.create(state);
}

Operation *createYield(OpBuilder &b, Location loc, ValueRange values) {
  OperationState state(loc, "tf.Yield");
  state.addOperands(values);
  return b.create(state);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// The nodes of the frame `enters` open, up to its Exit nodes; failure
/// (nothing diagnosed) where another construct is nested inside.
FailureOr<NodeSet> frameNodes(Block &graph, ArrayRef<EnterOp> enters) {
  SmallVector<Value> outputs;
  for (EnterOp enter : enters)
    outputs.push_back(enter.getOutput());
  NodeSet nodes = reachable(
      graph, outputs, [](Operation *op) { return isa<ExitOp>(op); }, nullptr);
  for (Operation *node : nodes)
    if (isa<EnterOp>(node) || isConditionalSwitch(node))
      return failure();
  for (EnterOp enter : enters)
    nodes.insert(enter);
  return nodes;
}

LogicalResult functionalizeLoop(Block &graph, SmallVector<EnterOp> enters,
                                NodeSet nodes) {
  Operation *frame = enters.front();
  auto fail = [&](const Twine &message) {
    return frame->emitOpError("opens loop frame '")
           << enters.front().getFrameName() << "', which " << message;
  };
  SmallVector<MergeOp> merges;
  SmallVector<LoopCondOp> conds;
  for (Operation *node : llvm::make_early_inc_range(nodes)) {
    if (auto merge = dyn_cast<MergeOp>(node))
      merges.push_back(merge);
    if (auto cond = dyn_cast<LoopCondOp>(node))
      conds.push_back(cond);
  }
  if (conds.size() != 1)
    return fail("has ") << conds.size() << " LoopCond nodes, not one";
  LoopCondOp loopCond = conds.front();
  // Per loop variable k: Enter, Merge, Source, Sink, Switch, Exit.
  struct Variable {
    EnterOp enter;
    MergeOp merge;
    NextIterationSourceOp source;
    NextIterationSinkOp sink;
    SwitchOp sw;
    ExitOp exit;
  };
  SmallVector<Variable> vars;
  for (MergeOp merge : merges) {
    Variable var{};
    var.merge = merge;
    for (Value input : merge.getDataInputs()) {
      if (auto enter = input.getDefiningOp<EnterOp>())
        var.enter = enter;
      else if (auto source = input.getDefiningOp<NextIterationSourceOp>())
        var.source = source;
    }
    if (merge.getDataInputs().size() != 2 || !var.enter || !var.source ||
        var.enter.getIsConstant())
      return merge.emitOpError("is in a loop frame but does not merge an "
                               "Enter and a NextIteration.Source");
    if (!merge.getValueIndex().use_empty())
      return merge.emitOpError("has its value_index used, which "
                               "ta-import-tf does not functionalize");
    var.sink = cast<NextIterationSinkOp>(*var.source.getToken().user_begin());
    for (Operation *user : merge.getOutput().getUsers())
      if (auto sw = dyn_cast<SwitchOp>(user))
        if (sw.getData() == merge.getOutput()) {
          if (var.sw || sw.getPredicate() != loopCond.getOutput())
            return sw.emitOpError("is not the one Switch of its loop "
                                  "variable on the loop's LoopCond");
          var.sw = sw;
        }
    if (!var.sw)
      return merge.emitOpError("has no Switch on the loop's LoopCond");
    for (Operation *user : var.sw.getFalseOutput().getUsers()) {
      auto exit = dyn_cast<ExitOp>(user);
      if (!exit || var.exit)
        return var.sw.emitOpError("has a false output used by other than "
                                  "one Exit");
      var.exit = exit;
    }
    vars.push_back(var);
  }
  if (vars.empty())
    return fail("has no loop variable");
  // Every Switch on the LoopCond is a loop variable's; every Enter that is
  // not constant feeds a Merge; Sources and Sinks belong to the construct.
  for (Operation *user : loopCond.getOutput().getUsers())
    if (!llvm::any_of(vars, [&](Variable &v) { return v.sw == user; }))
      return user->emitOpError("switches on a LoopCond without a Merge");
  for (EnterOp enter : enters)
    if (!enter.getIsConstant() &&
        !llvm::any_of(vars, [&](Variable &v) { return v.enter == enter; }))
      return enter.emitOpError("enters a loop variable without a Merge");
  for (Variable &var : vars) {
    nodes.insert(var.source);
    nodes.insert(var.sink);
  }

  // The cond computes the LoopCond's input from the Merge outputs; the
  // body is every other node, with the cond's nodes it reads cloned again.
  NodeSet structural;
  for (Variable &var : vars)
    for (Operation *op : {var.enter.getOperation(), var.merge.getOperation(),
                          var.source.getOperation(), var.sink.getOperation(),
                          var.sw.getOperation()})
      structural.insert(op);
  structural.insert(loopCond);
  for (EnterOp enter : enters)
    structural.insert(enter);
  NodeSet compute;
  for (Operation *node : nodes)
    if (!structural.contains(node))
      compute.insert(node);
  Operation *condRoot = nodeOf(graph, loopCond.getInput().getDefiningOp());
  NodeSet condNodes;
  if (condRoot && compute.contains(condRoot))
    condNodes = usedWithin(graph, {condRoot}, compute);
  SmallVector<Operation *> bodyRoots;
  for (Operation *node : compute)
    if (!condNodes.contains(node))
      bodyRoots.push_back(node);
  for (Variable &var : vars)
    if (Operation *node = nodeOf(graph, var.sink.getInput().getDefiningOp()))
      if (compute.contains(node))
        bodyRoots.push_back(node);
  NodeSet bodyNodes = usedWithin(graph, bodyRoots, compute);

  Rewrite rewrite(graph, nodes);
  DenseSet<Value> exits;
  for (Variable &var : vars) {
    exits.insert(var.sw.getFalseOutput());
    if (var.exit)
      exits.insert(var.exit.getOutput());
  }
  for (Variable &var : vars)
    if (var.exit)
      rewrite.nodes.remove(var.exit);
  if (failed(rewrite.checkEscapes(exits)))
    return failure();
  for (Variable &var : vars)
    if (var.exit)
      rewrite.nodes.insert(var.exit);

  // The region arguments take TensorFlow's type for the value in the loop
  // (the Merge's); ta-import-tf refines it from the values carried.
  SmallVector<Value> inits, replaced;
  SmallVector<Type> argTypes;
  for (Variable &var : vars) {
    inits.push_back(var.enter.getData());
    argTypes.push_back(var.merge.getOutput().getType());
  }
  Location loc = frame->getLoc();
  for (Variable &var : vars)
    replaced.push_back(var.exit ? var.exit.getOutput()
                                : var.sw.getFalseOutput());
  LogicalResult result = success();
  auto build = [&](OpBuilder &b) -> Operation * {
    Builder attrs(b.getContext());
    Operation *loop = createRegionOp(
        b, loc, "tf.WhileRegion", inits, TypeRange(ValueRange(replaced)),
        {attrs.getNamedAttr("is_stateless", attrs.getBoolAttr(false)),
         attrs.getNamedAttr(
             "parallel_iterations",
             attrs.getI64IntegerAttr(enters.front().getParallelIterations()))});
    SmallVector<Location> locs(argTypes.size(), loc);
    for (unsigned r = 0; r < 2; ++r) {
      OpBuilder::InsertionGuard guard(b);
      Block *block = b.createBlock(&loop->getRegion(r), {}, argTypes, locs);
      IRMapping mapping;
      for (EnterOp enter : enters)
        if (enter.getIsConstant())
          mapping.map(enter.getOutput(), enter.getData());
      for (auto [var, arg] : llvm::zip(vars, block->getArguments())) {
        mapping.map(var.merge.getOutput(), arg);
        mapping.map(var.sw.getTrueOutput(), arg);
      }
      if (failed(
              rewrite.cloneIslands(b, r == 0 ? condNodes : bodyNodes, mapping)))
        result = failure();
      SmallVector<Value> values;
      SmallVector<Operation *> users;
      if (r == 0) {
        values.push_back(loopCond.getInput());
        users.push_back(loopCond);
      } else {
        for (Variable &var : vars) {
          values.push_back(var.sink.getInput());
          users.push_back(var.sink);
        }
      }
      SmallVector<Value> yields =
          rewrite.yielded(mapping, values, users, result);
      createYield(b, loc, yields);
    }
    return loop;
  };
  rewrite.replace(loc, replaced, build);
  return result;
}

//===----------------------------------------------------------------------===//
// Conditionals
//===----------------------------------------------------------------------===//

/// Switch nodes on one predicate whose branches meet, their branch nodes
/// and the Merge nodes that join them.
struct Conditional {
  SmallVector<SwitchOp> switches;
  NodeSet branch[2];
  NodeSet merges;
};

/// The nodes each output of `sw` reaches, up to Merge nodes.
Conditional branchesOf(Block &graph, SwitchOp sw) {
  Conditional cond;
  cond.switches.push_back(sw);
  auto isMerge = [](Operation *op) { return isa<MergeOp>(op); };
  cond.branch[0] = reachable(graph, sw.getFalseOutput(), isMerge, &cond.merges);
  cond.branch[1] = reachable(graph, sw.getTrueOutput(), isMerge, &cond.merges);
  return cond;
}

bool intersects(const NodeSet &a, const NodeSet &b) {
  return llvm::any_of(a, [&](Operation *op) { return b.contains(op); });
}

/// The conditionals of `graph`: Switch nodes not on a LoopCond, grouped
/// where their branches share nodes or Merge nodes.
SmallVector<Conditional> conditionals(Block &graph) {
  SmallVector<Conditional> groups;
  for (Operation &node : graph) {
    if (!isConditionalSwitch(&node))
      continue;
    Conditional cond = branchesOf(graph, cast<SwitchOp>(node));
    // Fold every group that meets this one into it.
    SmallVector<Conditional> kept;
    for (Conditional &other : groups) {
      bool meets = intersects(other.merges, cond.merges);
      for (unsigned side = 0; side < 2 && !meets; ++side)
        meets = intersects(other.branch[side], cond.branch[0]) ||
                intersects(other.branch[side], cond.branch[1]);
      if (!meets) {
        kept.push_back(std::move(other));
        continue;
      }
      cond.switches.append(other.switches);
      for (unsigned side = 0; side < 2; ++side)
        cond.branch[side].insert(other.branch[side].begin(),
                                 other.branch[side].end());
      cond.merges.insert(other.merges.begin(), other.merges.end());
    }
    kept.push_back(std::move(cond));
    groups = std::move(kept);
  }
  return groups;
}

/// Whether `cond` has no other construct inside.
bool isInnermost(const Conditional &cond) {
  for (const NodeSet &branch : cond.branch)
    for (Operation *node : branch)
      if (isa<EnterOp>(node) || isConditionalSwitch(node))
        return false;
  return true;
}

LogicalResult functionalizeConditional(Block &graph, Conditional &cond) {
  SwitchOp first = cond.switches.front();
  Value predicate = stripIdentities(first.getPredicate());
  for (SwitchOp sw : cond.switches)
    if (stripIdentities(sw.getPredicate()) != predicate)
      return sw.emitOpError("switches on another predicate than the Switch "
                            "nodes whose branches it meets");
  if (intersects(cond.branch[0], cond.branch[1]))
    return first.emitOpError("has a node that both of its branches reach");
  // A Switch none of whose outputs is used (TensorFlow's pivot, when
  // nothing reads it) is dropped.
  if (cond.merges.empty()) {
    if (!cond.branch[0].empty() || !cond.branch[1].empty())
      return first.emitOpError("has branches that no Merge joins");
    for (SwitchOp sw : cond.switches) {
      if (!sw->use_empty())
        return sw.emitOpError("has branches that no Merge joins");
      sw.erase();
    }
    return success();
  }
  // Which side each Merge input comes from: a Switch output or a branch
  // node's value; a value from outside is the branch that passes it.
  auto sideOf = [&](Value value) -> int {
    for (SwitchOp sw : cond.switches) {
      if (value == sw.getFalseOutput())
        return 0;
      if (value == sw.getTrueOutput())
        return 1;
    }
    Operation *node = nodeOf(graph, value.getDefiningOp());
    for (int side = 0; side < 2; ++side)
      if (node && cond.branch[side].contains(node))
        return side;
    return -1;
  };
  SmallVector<MergeOp> merges;
  SmallVector<Value> results[2], replaced;
  for (Operation &node : graph) {
    auto merge = dyn_cast<MergeOp>(&node);
    if (!merge || !cond.merges.contains(merge))
      continue;
    OperandRange inputs = merge.getDataInputs();
    if (inputs.size() != 2)
      return merge.emitOpError("joins ")
             << inputs.size() << " values; ta-import-tf takes two";
    int a = sideOf(inputs[0]), b = sideOf(inputs[1]);
    if (a < 0 && b >= 0)
      a = 1 - b;
    if (b < 0 && a >= 0)
      b = 1 - a;
    if (a < 0 || a == b)
      return merge.emitOpError("does not join one value of each branch");
    if (!merge.getValueIndex().use_empty())
      return merge.emitOpError("has its value_index used, which "
                               "ta-import-tf does not functionalize");
    results[a].push_back(inputs[0]);
    results[b].push_back(inputs[1]);
    replaced.push_back(merge.getOutput());
    merges.push_back(merge);
  }

  NodeSet nodes;
  for (SwitchOp sw : cond.switches)
    nodes.insert(sw);
  for (const NodeSet &branch : cond.branch)
    nodes.insert(branch.begin(), branch.end());
  nodes.insert(cond.merges.begin(), cond.merges.end());
  Rewrite rewrite(graph, nodes);
  DenseSet<Value> exits;
  for (MergeOp merge : merges)
    exits.insert(merge.getOutput());
  if (failed(rewrite.checkEscapes(exits)))
    return failure();

  Location loc = first.getLoc();
  LogicalResult result = success();
  rewrite.replace(loc, replaced, [&](OpBuilder &b) {
    Builder attrs(b.getContext());
    Operation *branch = createRegionOp(
        b, loc, "tf.IfRegion", first.getPredicate(),
        TypeRange(ValueRange(replaced)),
        {attrs.getNamedAttr("is_stateless", attrs.getBoolAttr(false))});
    // Region 0 is the then (true) branch.
    for (int side : {1, 0}) {
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(&branch->getRegion(side == 1 ? 0 : 1));
      IRMapping mapping;
      for (SwitchOp sw : cond.switches)
        mapping.map(side ? sw.getTrueOutput() : sw.getFalseOutput(),
                    sw.getData());
      if (failed(rewrite.cloneIslands(b, cond.branch[side], mapping)))
        result = failure();
      SmallVector<Operation *> users(merges.begin(), merges.end());
      SmallVector<Value> yields =
          rewrite.yielded(mapping, results[side], users, result);
      createYield(b, loc, yields);
    }
    return branch;
  });
  return result;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

LogicalResult functionalizeGraph(GraphOp graphOp) {
  Block &graph = graphOp.getBody().front();
  auto firstDataflowOp = [&]() -> Operation * {
    auto it =
        llvm::find_if(graph, [](Operation &op) { return isDataflowOp(&op); });
    return it == graph.end() ? nullptr : &*it;
  };
  while (Operation *first = firstDataflowOp()) {
    if (!sortTopologically(&graph))
      return graphOp.emitOpError("has a cycle that no NextIteration breaks");
    // Frames, innermost first.
    llvm::MapVector<StringRef, SmallVector<EnterOp>> frames;
    for (auto enter : graph.getOps<EnterOp>())
      frames[enter.getFrameName()].push_back(enter);
    bool progress = false;
    for (auto &[name, enters] : frames) {
      FailureOr<NodeSet> nodes = frameNodes(graph, enters);
      if (failed(nodes))
        continue;
      if (failed(functionalizeLoop(graph, enters, *nodes)))
        return failure();
      progress = true;
      break;
    }
    if (progress)
      continue;
    for (Conditional &cond : conditionals(graph)) {
      if (!isInnermost(cond))
        continue;
      if (failed(functionalizeConditional(graph, cond)))
        return failure();
      progress = true;
      break;
    }
    if (!progress) {
      return first->emitOpError(
          "is TensorFlow 1 control flow that ta-import-tf cannot "
          "functionalize (no loop frame or conditional without another "
          "inside)");
    }
  }
  return success();
}

} // namespace

LogicalResult mlir::ta::tfimport::functionalizeDataflow(ModuleOp module) {
  SmallVector<GraphOp> graphs;
  module.walk([&](GraphOp graph) { graphs.push_back(graph); });
  for (GraphOp graph : graphs)
    if (failed(functionalizeGraph(graph)))
      return failure();
  return success();
}

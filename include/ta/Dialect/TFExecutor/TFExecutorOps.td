//===- TFExecutorOps.td - the tf_executor graph ops ta reads -*- tablegen -*-===//
//
// The subset of TensorFlow's `tf_executor` dialect that its MLIR exporter
// prints around every function body: `tf_executor.graph`, `island`, `fetch`,
// `yield` and the `!tf_executor.control` / `!tf_executor.token` types, with
// TensorFlow's own assembly syntax, so that ta-opt parses exported graphs
// (ta-import-tf then flattens them), and TensorFlow 1's dataflow control flow
// ops (`Enter`, `Exit`, `Merge`, `Switch`, `LoopCond`, `NextIteration.Source`
// and `.Sink`, `ControlTrigger`), which ta-import-tf functionalizes into
// `tf.WhileRegion` and `tf.IfRegion`. Control operands trail the data
// operands, as TensorFlow prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TFEXECUTOR_TFEXECUTOROPS_TD
#define TA_DIALECT_TFEXECUTOR_TFEXECUTOROPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/RegionKindInterface.td"

def TFExecutor_Dialect : Dialect {
  let name = "tf_executor";
  let cppNamespace = "::mlir::ta::tf_executor";
  let summary = "the graph ops of TensorFlow's exporter, as ta reads them";
  let useDefaultTypePrinterParser = 1;
}

class TFExecutor_Type<string name, string typeMnemonic>
    : TypeDef<TFExecutor_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def TFExecutor_ControlType : TFExecutor_Type<"Control", "control"> {
  let summary = "a control token: orders islands without carrying data";
}

def TFExecutor_TokenType : TFExecutor_Type<"Token", "token"> {
  let summary = "a NextIteration source/sink pairing token";
}

class TFExecutor_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFExecutor_Dialect, mnemonic, traits>;

def TFExecutor_GraphOp : TFExecutor_Op<"graph", [
    SingleBlock, DeclareOpInterfaceMethods<RegionKindInterface>]> {
  let summary = "a dataflow graph of islands; returns what it fetches";
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TFExecutor_IslandOp : TFExecutor_Op<"island", [
    SingleBlock, HasParent<"GraphOp">]> {
  let summary = "ops that run once their control operands are ready";
  let description = [{
    `tf_executor.island(%c0, ...) wraps "tf.Op"(...) : ...` wraps one op
    (printed generically) and returns its results; the region form holds
    ops ending with `tf_executor.yield`. The last result is the island's
    control token.
  }];
  let arguments = (ins Variadic<TFExecutor_ControlType>:$controls);
  let results = (outs Variadic<AnyType>:$outputs,
                 TFExecutor_ControlType:$control);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TFExecutor_FetchOp : TFExecutor_Op<"fetch", [
    Terminator, HasParent<"GraphOp">]> {
  let summary = "the values (and control tokens) a graph returns";
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
}

def TFExecutor_YieldOp : TFExecutor_Op<"yield", [
    Terminator, HasParent<"IslandOp">]> {
  let summary = "the values an island returns";
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
}

//===----------------------------------------------------------------------===//
// TensorFlow 1 dataflow control flow
//===----------------------------------------------------------------------===//

class TFExecutor_FlowOp<string mnemonic, list<Trait> traits = []>
    : TFExecutor_Op<mnemonic, !listconcat(traits, [HasParent<"GraphOp">])>;

def TFExecutor_EnterOp : TFExecutor_FlowOp<"Enter"> {
  let summary = "makes `data` available in the loop frame `frame_name`";
  let description = [{
    `tf_executor.Enter %data frame "name" [parallel_iterations N] [constant]
    : type` (or a functional type where the output type differs). A
    `constant` Enter gives the same value to every iteration.
  }];
  let arguments = (ins AnyType:$data,
                   Variadic<TFExecutor_ControlType>:$controls,
                   StrAttr:$frame_name, I64Attr:$parallel_iterations,
                   BoolAttr:$is_constant);
  let results = (outs AnyType:$output, TFExecutor_ControlType:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_ExitOp : TFExecutor_FlowOp<"Exit"> {
  let summary = "the value a loop variable has when its loop ends";
  let arguments = (ins AnyType:$data,
                   Variadic<TFExecutor_ControlType>:$controls);
  let results = (outs AnyType:$output, TFExecutor_ControlType:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_MergeOp : TFExecutor_FlowOp<"Merge"> {
  let summary = "forwards whichever of its data inputs is available";
  let description = [{
    `tf_executor.Merge %a, %b [, %controls] : type` (or a functional type).
    `value_index` is the index of the input forwarded. A loop's Merge joins
    its Enter and its NextIteration.Source; a tf.cond's joins the branches.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$output, AnyType:$value_index,
                 TFExecutor_ControlType:$control);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The data inputs (the operands before the first control operand).
    OperandRange getDataInputs();
  }];
}

def TFExecutor_SwitchOp : TFExecutor_FlowOp<"Switch"> {
  let summary = "forwards `data` to the output `predicate` selects";
  let arguments = (ins AnyType:$data, AnyType:$predicate,
                   Variadic<TFExecutor_ControlType>:$controls);
  let results = (outs AnyType:$falseOutput, AnyType:$trueOutput,
                 TFExecutor_ControlType:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_LoopCondOp : TFExecutor_FlowOp<"LoopCond"> {
  let summary = "a loop's continuation predicate";
  let arguments = (ins AnyType:$input,
                   Variadic<TFExecutor_ControlType>:$controls);
  let results = (outs AnyType:$output, TFExecutor_ControlType:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_NextIterationSourceOp
    : TFExecutor_FlowOp<"NextIteration.Source"> {
  let summary = "the value its paired sink gave in the previous iteration";
  let results = (outs AnyType:$output, TFExecutor_TokenType:$token,
                 TFExecutor_ControlType:$control);
  let assemblyFormat = "`:` type($output) attr-dict";
  let hasVerifier = 1;
}

def TFExecutor_NextIterationSinkOp : TFExecutor_FlowOp<"NextIteration.Sink"> {
  let summary = "passes `input` to the next iteration's paired source";
  let arguments = (ins TFExecutor_TokenType:$token, AnyType:$input,
                   Variadic<TFExecutor_ControlType>:$controls);
  let assemblyFormat = [{
    `[` $token `]` $input (`,` $controls^)? `:` type($input) attr-dict
  }];
}

def TFExecutor_ControlTriggerOp : TFExecutor_FlowOp<"ControlTrigger"> {
  let summary = "a control token once its control operands are done";
  let arguments = (ins Variadic<TFExecutor_ControlType>:$controls);
  let results = (outs TFExecutor_ControlType:$control);
  let assemblyFormat = "$controls attr-dict";
}

#endif // TA_DIALECT_TFEXECUTOR_TFEXECUTOROPS_TD

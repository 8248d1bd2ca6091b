//===- RuntimeCalls.cpp - declarations of libta_runtime's functions -------===//

#include "ta/Dialect/TA/Utils/RuntimeCalls.h"
#include "ta/Runtime/TAABI.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

FunctionType ta::getRuntimeFunctionType(MLIRContext *context, StringRef name) {
  Type i32 = IntegerType::get(context, 32);
  Type i64 = IntegerType::get(context, 64);
  auto type = [&](ArrayRef<Type> inputs, ArrayRef<Type> results) {
    return FunctionType::get(context, inputs, results);
  };
  return llvm::StringSwitch<FunctionType>(name)
      .Case(TA_RT_FAIL, type({i32, i64, i64, i64, i64}, {}))
      .Case(TA_RT_CHECK_ACCUMULATOR, type({i64, i64}, {}))
      .Case(TA_RT_SHIFT_BYTES, type({i64, i64, i64, i64}, {}))
      .Case(TA_RT_QUIET_ALLOCATIONS, type({i64}, {i64}))
      .Case(TA_RT_UNBATCH_GRAD, type(SmallVector<Type>(9, i64), {i64}))
      .Case(TA_RT_UNBATCH_GRAD_ROWS, type({i64}, {i64}))
      .Case(TA_RT_UNBATCH_GRAD_TAKE, type({i64, i64}, {}))
      .Case(TA_RT_DYN_INIT, type({i64, i64, i64}, {}))
      .Case(TA_RT_DYN_GRAD, type({i64, i64, i64, i64}, {}))
      .Case(TA_RT_DYN_GRAD_STATIC, type(SmallVector<Type>(7, i64), {}))
      .Case(TA_RT_DYN_RELEASE, type({i64}, {}))
      .Case(TA_RT_DYN_CLOSE, type({i64}, {}))
      .Case(TA_RT_DYN_SIZE, type({i64}, {i64}))
      .Case(TA_RT_DYN_WRITE, type({i64, i64, i64, i64}, {}))
      .Case(TA_RT_DYN_READ, type({i64, i64, i64}, {}))
      .Case(TA_RT_DYN_GATHER, type({i64, i64, i64, i64, i64}, {}))
      .Case(TA_RT_DYN_CONCAT, type({i64, i64}, {i64}))
      .Case(TA_RT_DYN_TAKE, type({i64, i64, i64}, {}))
      .Case(TA_RT_DYN_SCATTER, type(SmallVector<Type>(6, i64), {}))
      .Case(TA_RT_DYN_SPLIT, type(SmallVector<Type>(5, i64), {}))
      .Default(FunctionType());
}

bool ta::isRuntimeFunction(Operation *op, StringRef name) {
  auto function = dyn_cast_or_null<func::FuncOp>(op);
  return function && function.getName() == name &&
         function.getFunctionType() ==
             getRuntimeFunctionType(op->getContext(), name);
}

LogicalResult ta::verifyRuntimeFunctionName(Operation *op) {
  auto symbol = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  if (!symbol)
    return success();
  StringRef name = symbol.getValue();
  FunctionType want = getRuntimeFunctionType(op->getContext(), name);
  if (!want || isRuntimeFunction(op, name))
    return success();
  return op->emitOpError() << "is named '" << name
                           << "', the runtime function of type " << want
                           << " that lowered ta code calls";
}

func::FuncOp ta::declareRuntimeFunction(ModuleOp module, StringRef name) {
  FunctionType type = getRuntimeFunctionType(module.getContext(), name);
  assert(type && "a function of libta_runtime");
  auto b = OpBuilder::atBlockBegin(module.getBody());
  auto function = func::FuncOp::create(b, module.getLoc(), name, type);
  function.setPrivate();
  if (name == TA_RT_FAIL)
    function->setAttr(
        "passthrough",
        b.getArrayAttr({b.getStringAttr("noreturn"), b.getStringAttr("cold")}));
  return function;
}

func::FuncOp ta::lookupOrDeclareRuntimeFunction(ModuleOp module,
                                                StringRef name) {
  if (Operation *existing = module.lookupSymbol(name))
    return isRuntimeFunction(existing, name) ? cast<func::FuncOp>(existing)
                                             : func::FuncOp();
  return declareRuntimeFunction(module, name);
}

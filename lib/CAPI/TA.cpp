//===- TA.cpp - C API of the ta dialect -----------------------------------===//

#include "ta-c/TA.h"
#include "ta/Conversion/Passes.h"
#include "ta/Dialect/TA/IR/TADialect.h"
#include "ta/Dialect/TA/IR/TATypes.h"
#include "ta/ExecutionEngine/Executable.h"
#include "ta/InitAll.h"
#include "ta/Transforms/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::ta;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TA, ta, mlir::ta::TADialect)

void taRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::ta::registerAllDialects(*unwrap(registry));
}

void taRegisterAllPasses(void) {
  static bool registered = [] {
    mlir::ta::registerAllPasses();
    return true;
  }();
  (void)registered;
}

bool taTypeIsAFlow(MlirType type) { return isa<FlowType>(unwrap(type)); }

MlirType taFlowTypeGet(MlirContext context) {
  return wrap(FlowType::get(unwrap(context)));
}

MlirTypeID taFlowTypeGetTypeID(void) { return wrap(FlowType::getTypeID()); }

bool taTypeIsAHandle(MlirType type) { return isa<HandleType>(unwrap(type)); }

MlirTypeID taHandleTypeGetTypeID(void) { return wrap(HandleType::getTypeID()); }

int64_t taHandleTypeGetDynamicSize(void) { return ShapedType::kDynamic; }

MlirType taHandleTypeGetChecked(MlirLocation location, int64_t size,
                                MlirType elementType, bool isGrad) {
  Location loc = unwrap(location);
  auto tensor = dyn_cast_or_null<TensorType>(unwrap(elementType));
  if (!tensor) {
    emitError(loc) << "the element type of a ta handle must be a tensor type";
    return MlirType{nullptr};
  }
  return wrap(HandleType::getChecked([&] { return emitError(loc); },
                                     loc.getContext(), size, tensor, isGrad));
}

int64_t taHandleTypeGetSize(MlirType type) {
  auto handle = dyn_cast<HandleType>(unwrap(type));
  return handle ? handle.getSize() : -1;
}

bool taHandleTypeHasStaticSize(MlirType type) {
  auto handle = dyn_cast<HandleType>(unwrap(type));
  return handle && handle.hasStaticSize();
}

MlirType taHandleTypeGetElementType(MlirType type) {
  auto handle = dyn_cast<HandleType>(unwrap(type));
  return handle ? wrap(handle.getElementType()) : MlirType{nullptr};
}

bool taHandleTypeIsGrad(MlirType type) {
  auto handle = dyn_cast<HandleType>(unwrap(type));
  return handle && handle.getIsGrad();
}

static void reportError(llvm::Error error, MlirStringCallback onError,
                        void *userData) {
  std::string text = llvm::toString(std::move(error));
  if (onError)
    onError(mlirStringRefCreate(text.data(), text.size()), userData);
}

TaExecutable taExecutableCreate(MlirModule module, bool strict,
                                intptr_t numSharedLibs,
                                const MlirStringRef *sharedLibs, int optLevel,
                                MlirStringCallback onError, void *userData) {
  Executable::Options options;
  options.checks = strict ? ChecksMode::Strict : ChecksMode::None;
  for (intptr_t i = 0; i < numSharedLibs; ++i)
    options.sharedLibs.push_back(unwrap(sharedLibs[i]).str());
  options.optLevel = optLevel < 0 ? 0 : optLevel > 3 ? 3 : optLevel;
  auto executable = Executable::compile(unwrap(module), options);
  if (!executable) {
    reportError(executable.takeError(), onError, userData);
    return {nullptr};
  }
  return {executable->release()};
}

void taExecutableDestroy(TaExecutable executable) {
  delete static_cast<Executable *>(executable.ptr);
}

bool taExecutableCall(TaExecutable executable, MlirStringRef name,
                      intptr_t numArgs, const TaArgument *args,
                      TaCallResults *results, MlirStringCallback onError,
                      void *userData) {
  SmallVector<Argument> arguments;
  for (intptr_t i = 0; i < numArgs; ++i) {
    const TaArgument &arg = args[i];
    // An if chain: a C caller may pass any value as the kind.
    if (arg.kind == TaArgumentTensor) {
      MemRefDescriptor d;
      d.allocated = arg.tensor.allocated;
      d.aligned = arg.tensor.aligned;
      d.offset = arg.tensor.offset;
      d.sizes.assign(arg.tensor.sizes, arg.tensor.sizes + arg.tensor.rank);
      d.strides.assign(arg.tensor.strides,
                       arg.tensor.strides + arg.tensor.rank);
      arguments.push_back(Argument::ofTensor(std::move(d)));
    } else if (arg.kind == TaArgumentInteger) {
      arguments.push_back(Argument::ofInteger(arg.integer));
    } else if (arg.kind == TaArgumentFloat) {
      arguments.push_back(Argument::ofFloat(arg.real));
    } else {
      reportError(llvm::createStringError(llvm::inconvertibleErrorCode(),
                                          "argument " + Twine(i) +
                                              " has an unknown kind"),
                  onError, userData);
      return false;
    }
  }
  auto called =
      static_cast<Executable *>(executable.ptr)->call(unwrap(name), arguments);
  if (!called) {
    reportError(called.takeError(), onError, userData);
    return false;
  }
  results->ptr = new CallResults(std::move(*called));
  return true;
}

intptr_t taCallResultsSize(TaCallResults results) {
  return static_cast<CallResults *>(results.ptr)->size();
}

TaMemRef taCallResultsGet(TaCallResults results, intptr_t i) {
  auto &all = *static_cast<CallResults *>(results.ptr);
  if (i < 0 || static_cast<size_t>(i) >= all.size())
    return {nullptr, nullptr, 0, 0, nullptr, nullptr};
  const MemRefDescriptor &d = all[i];
  return {d.allocated,    d.aligned,
          d.offset,       static_cast<intptr_t>(d.sizes.size()),
          d.sizes.data(), d.strides.data()};
}

void taCallResultsDestroy(TaCallResults results) {
  delete static_cast<CallResults *>(results.ptr);
}

#include "ta/Conversion/Passes.capi.cpp.inc"
#include "ta/Transforms/Passes.capi.cpp.inc"

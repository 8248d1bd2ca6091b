//===- TA.cpp - C API of the ta dialect -----------------------------------===//

#include "ta-c/TA.h"
#include "ta/Conversion/Passes.h"
#include "ta/Dialect/TA/IR/TADialect.h"
#include "ta/Dialect/TA/IR/TATypes.h"
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

#include "ta/Conversion/Passes.capi.cpp.inc"
#include "ta/Transforms/Passes.capi.cpp.inc"

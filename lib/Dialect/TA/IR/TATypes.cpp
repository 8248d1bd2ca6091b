//===- TATypes.cpp - TA dialect types -------------------------------------===//
//
// Parsing, printing and verification of !ta.flow and !ta.handle.
//
//===----------------------------------------------------------------------===//

#include "ta/Dialect/TA/IR/TATypes.h"
#include "ta/Dialect/TA/IR/TADialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ta;

#define GET_TYPEDEF_CLASSES
#include "ta/Dialect/TA/IR/TAOpsTypes.cpp.inc"

void TADialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ta/Dialect/TA/IR/TAOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// HandleType
//===----------------------------------------------------------------------===//

/// Parses `<` (integer | `?`) `,` tensor-type (`,` `grad`)? `>`.
Type HandleType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  int64_t size = ShapedType::kDynamic;
  if (failed(parser.parseOptionalQuestion()) && parser.parseInteger(size))
    return {};
  if (parser.parseComma())
    return {};
  SMLoc elementLoc = parser.getCurrentLocation();
  Type element;
  if (parser.parseType(element))
    return {};
  auto tensor = dyn_cast<TensorType>(element);
  if (!tensor) {
    parser.emitError(elementLoc,
                     "expected a tensor type as TensorArray element, got ")
        << element;
    return {};
  }
  bool isGrad = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("grad"))
      return {};
    isGrad = true;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<HandleType>(loc, parser.getContext(), size, tensor,
                                       isGrad);
}

void HandleType::print(AsmPrinter &printer) const {
  printer << '<';
  if (hasStaticSize())
    printer << getSize();
  else
    printer << '?';
  printer << ", " << getElementType();
  if (getIsGrad())
    printer << ", grad";
  printer << '>';
}

LogicalResult HandleType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t size, TensorType elementType,
                                 bool isGrad) {
  if (size < 0 && size != ShapedType::kDynamic)
    return emitError() << "TensorArray size must be non-negative or '?', got "
                       << size;
  if (!elementType.getElementType().isIntOrFloat())
    return emitError() << "TensorArray element must be a tensor of integers "
                          "or floats, got "
                       << elementType;
  // TensorFlow's dtypes: bool and whole bytes of a power of two. Others
  // (i24, f80) would be laid out with padding that LLVM adds and the
  // element's byte size leaves out.
  unsigned bits = elementType.getElementType().getIntOrFloatBitWidth();
  if (bits != 1 && (bits < 8 || bits > 64 || !llvm::isPowerOf2_32(bits)))
    return emitError() << "TensorArray element must have elements of 1, 8, "
                          "16, 32 or 64 bits (TensorFlow's dtypes), got "
                       << elementType;
  // TensorShape's limit: an element has at most 2^63 - 1 values, and ta
  // lays it out in bytes, so its byte size must fit in an int64 too.
  if (auto ranked = dyn_cast<RankedTensorType>(elementType)) {
    int64_t bytes = bits == 1 ? 1 : bits / 8;
    bool fits = true;
    for (int64_t dim : ranked.getShape())
      if (!ShapedType::isDynamic(dim))
        fits = fits && !llvm::MulOverflow(bytes, dim, bytes);
    if (!fits)
      return emitError() << "TensorArray element " << elementType
                         << " would have more than 2**63 - 1 bytes";
  }
  return success();
}

//===- TAPy.cpp - the ta Python module (pybind11) -------------------------===//
//
// ta._ta: parse and verify ta IR (diagnostics raised as ta.DiagnosticError
// carrying the messages), run pass pipelines, and compile a module for the
// CPU with ta-lower-to-llvm and MLIR's ExecutionEngine, calling its
// functions with numpy arrays in and out. Runtime errors of the compiled
// code (TensorFlow's texts) become ta.RuntimeError instead of ending the
// process: libta_runtime's error handler leaves the call with longjmp.
//
//===----------------------------------------------------------------------===//

#include "ta/Conversion/Passes.h"
#include "ta/ExecutionEngine/Executable.h"
#include "ta/InitAll.h"
#include "ta/Runtime/TARuntime.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <limits>
#include <mutex>
#include <type_traits>

namespace py = pybind11;
using namespace mlir;

namespace {

/// Raised with every diagnostic of a failed parse, verification or pass run.
struct DiagnosticError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Raised when compiled code hits a TensorArray runtime error.
struct CompiledCodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Where a diagnostic points: the TensorFlow node its location names (a
/// name location, as TensorFlow's exporter gives every op, inside fused and
/// call-site locations; not the op-type names that end in ':'), else the
/// location itself.
std::string describe(Location loc) {
  std::string node;
  loc->walk([&](Location inner) {
    auto name = dyn_cast<NameLoc>(inner);
    if (!name || name.getName().getValue().ends_with(":"))
      return WalkResult::advance();
    node = name.getName().str();
    return WalkResult::interrupt();
  });
  if (!node.empty())
    return "node '" + node + "'";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << loc;
  return text;
}

/// Collects the diagnostics emitted while it lives.
class Diagnostics {
public:
  explicit Diagnostics(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diagnostic) {
          std::string text;
          llvm::raw_string_ostream os(text);
          os << describe(diagnostic.getLocation()) << ": " << diagnostic;
          for (Diagnostic &note : diagnostic.getNotes())
            os << "\n  note: " << describe(note.getLocation()) << ": " << note;
          messages.push_back(std::move(text));
          return success();
        }) {}

  [[noreturn]] void raise(StringRef what) const {
    std::string text = what.str();
    for (const std::string &message : messages)
      text += "\n" + message;
    throw DiagnosticError(text);
  }

private:
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler;
};

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  ta::registerAllDialects(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

void registerOnce() {
  static std::once_flag once;
  std::call_once(once, [] { ta::registerAllPasses(); });
}

void runPipeline(ModuleOp module, StringRef pipeline) {
  registerOnce();
  MLIRContext &context = *module.getContext();
  Diagnostics diagnostics(context);
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  // The overload that returns a manager takes the anchored text
  // ("builtin.module(...)"); the one that fills a manager would nest it.
  FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, errorStream);
  if (failed(parsed))
    throw DiagnosticError("invalid pass pipeline '" + pipeline.str() +
                          "': " + error);
  PassManager pm(&context, parsed->getOpAnchorName());
  static_cast<OpPassManager &>(pm) = std::move(*parsed);
  if (failed(pm.run(module)))
    diagnostics.raise("pass pipeline '" + pipeline.str() + "' failed:");
}

/// A parsed module with its own context.
class Module {
public:
  /// `allowUnregistered`: ops of dialects ta does not register (TensorFlow's
  /// `tf.*`, as its exporter prints them) parse as unregistered ops.
  explicit Module(const std::string &source, bool allowUnregistered = false)
      : context(makeContext()) {
    context->allowUnregisteredDialects(allowUnregistered);
    // A diagnostic names the op; the op itself, printed, is noise here.
    context->printOpOnDiagnostic(false);
    Diagnostics diagnostics(*context);
    module = parseSourceString<ModuleOp>(source, context.get(),
                                         /*sourceName=*/"<python>");
    if (!module)
      diagnostics.raise("cannot parse the module:");
  }

  std::string str() {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    return text;
  }

  void verify() {
    Diagnostics diagnostics(*context);
    if (failed(mlir::verify(module->getOperation())))
      diagnostics.raise("the module does not verify:");
  }

  void runPipeline(const std::string &pipeline) {
    ::runPipeline(*module, pipeline);
  }

  /// ta-import-tf and ta-legalize-tf, built without the pass registry (in a
  /// process that has loaded TensorFlow, whose own MLIR registers passes of
  /// the same names, the registry is not ta's to use).
  void importTensorFlow() {
    Diagnostics diagnostics(*context);
    PassManager pm(context.get());
    ta::buildImportTFPipeline(pm);
    pm.addPass(ta::createTALegalizeTFPass());
    if (failed(pm.run(*module)))
      diagnostics.raise("cannot import the TensorFlow module:");
  }

  ModuleOp get() { return *module; }
  MLIRContext &getContext() { return *context; }

private:
  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
};

int64_t elementBytes(Type type) {
  if (type.isInteger(1))
    return 1;
  return type.getIntOrFloatBitWidth() / 8;
}

std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

py::dtype dtypeOf(Type type) {
  if (type.isF32())
    return py::dtype::of<float>();
  if (type.isF64())
    return py::dtype::of<double>();
  if (type.isInteger(1))
    return py::dtype::of<bool>();
  if (type.isInteger(8))
    return py::dtype::of<int8_t>();
  if (type.isInteger(16))
    return py::dtype::of<int16_t>();
  if (type.isInteger(32))
    return py::dtype::of<int32_t>();
  if (type.isInteger(64))
    return py::dtype::of<int64_t>();
  throw py::type_error("element type " + typeString(type) +
                       " has no numpy dtype here");
}

/// A Python number as a scalar argument, or a TypeError that says which.
template <typename T>
T scalarArgument(py::handle value, const std::string &where, const char *what) {
  try {
    return value.cast<T>();
  } catch (const py::cast_error &) {
    if (std::is_integral_v<T> && py::isinstance<py::int_>(value))
      throw py::value_error(where + " must be an integer in [" +
                            std::to_string(std::numeric_limits<T>::min()) +
                            ", " +
                            std::to_string(std::numeric_limits<T>::max()) +
                            "], not " + std::string(py::str(value)));
    throw py::type_error(where + " must be " + what + ", not " +
                         std::string(py::str(py::type::of(value))));
  }
}

/// A module compiled for the CPU: ta::Executable, with numpy arrays in and
/// out.
class Executable {
public:
  Executable(Module &source, const std::string &checks,
             const std::vector<std::string> &sharedLibs, int optLevel) {
    registerOnce();
    if (checks != "strict" && checks != "none")
      throw py::value_error("checks must be 'strict' or 'none', not '" +
                            checks + "'");
    ta::Executable::Options options;
    options.checks =
        checks == "strict" ? ta::ChecksMode::Strict : ta::ChecksMode::None;
    options.sharedLibs.assign(sharedLibs.begin(), sharedLibs.end());
    options.optLevel = optLevel;
    Diagnostics diagnostics(source.getContext());
    auto compiled = ta::Executable::compile(source.get(), options);
    if (!compiled)
      diagnostics.raise("cannot compile the module: " +
                        llvm::toString(compiled.takeError()));
    executable = std::move(*compiled);
  }

  std::vector<std::string> functions() const {
    std::vector<std::string> names;
    for (const auto &entry : executable->functions())
      names.push_back(entry.getKey().str());
    llvm::sort(names);
    return names;
  }

  py::object call(const std::string &name, py::args args) {
    auto it = executable->functions().find(name);
    if (it == executable->functions().end())
      throw py::key_error("no public function @" + name + " in the module");
    FunctionType type = it->second;
    if (args.size() != type.getNumInputs())
      throw py::type_error(
          "@" + name + " takes " + std::to_string(type.getNumInputs()) +
          " arguments, " + std::to_string(args.size()) + " given");
    for (Type result : type.getResults())
      if (!isa<TensorType>(result))
        throw py::type_error("@" + name + " returns " + typeString(result) +
                             "; only tensors can be returned here");
    std::vector<py::array> keep;
    SmallVector<ta::Argument> arguments;
    for (size_t i = 0; i < args.size(); ++i) {
      Type param = type.getInput(i);
      std::string where = "argument " + std::to_string(i) + " of @" + name;
      if (auto tensor = dyn_cast<TensorType>(param)) {
        py::array copy = tensorArgument(args[i], tensor, where);
        keep.push_back(copy);
        SmallVector<int64_t> shape(copy.shape(), copy.shape() + copy.ndim());
        arguments.push_back(ta::Argument::ofTensor(
            ta::MemRefDescriptor::contiguous(copy.mutable_data(), shape)));
      } else if (param.isIndex() || param.isInteger(64) ||
                 param.isInteger(32)) {
        arguments.push_back(ta::Argument::ofInteger(
            param.isInteger(32)
                ? scalarArgument<int32_t>(args[i], where, "an integer")
                : scalarArgument<int64_t>(args[i], where, "an integer")));
      } else if (param.isF32() || param.isF64()) {
        arguments.push_back(ta::Argument::ofFloat(
            scalarArgument<double>(args[i], where, "a number")));
      } else {
        throw py::type_error(where + " has type " + typeString(param) +
                             ", which cannot be passed from Python here");
      }
    }

    llvm::Expected<ta::CallResults> results = [&] {
      py::gil_scoped_release release;
      return executable->call(name, arguments);
    }();
    if (!results)
      throw CompiledCodeError(llvm::toString(results.takeError()));

    // Copies of the results; `results` frees their buffers.
    py::tuple out(results->size());
    for (size_t r = 0; r < results->size(); ++r) {
      Type element = cast<TensorType>(type.getResult(r)).getElementType();
      const ta::MemRefDescriptor &d = (*results)[r];
      int64_t bytes = elementBytes(element);
      std::vector<py::ssize_t> shape(d.sizes.begin(), d.sizes.end());
      std::vector<py::ssize_t> strides;
      for (int64_t stride : d.strides)
        strides.push_back(stride * bytes);
      py::array view(dtypeOf(element), shape, strides,
                     static_cast<char *>(d.aligned) + d.offset * bytes);
      out[r] = py::array(view.attr("copy")());
    }
    if (results->size() == 1)
      return out[0];
    if (results->size() == 0)
      return py::none();
    return out;
  }

private:
  /// A private C-contiguous copy of a numpy argument of `tensor`'s dtype,
  /// rank and static dims (any rank if unranked; compiled code may write
  /// its inputs).
  static py::array tensorArgument(py::handle value, TensorType tensor,
                                  const std::string &where) {
    py::dtype dtype = dtypeOf(tensor.getElementType());
    py::array array = py::array::ensure(value);
    if (!array)
      throw py::type_error(where + " must be an array");
    if (!array.dtype().is(dtype))
      throw py::type_error(where + " must have dtype " +
                           std::string(py::str(dtype)) + ", not " +
                           std::string(py::str(array.dtype())));
    if (tensor.hasRank() && array.ndim() != tensor.getRank())
      throw py::value_error(where + " must have rank " +
                            std::to_string(tensor.getRank()) + ", not " +
                            std::to_string(array.ndim()));
    for (int64_t d = 0; tensor.hasRank() && d < tensor.getRank(); ++d)
      if (!tensor.isDynamicDim(d) && tensor.getDimSize(d) != array.shape(d))
        throw py::value_error(where + " must have shape " + typeString(tensor) +
                              ", dim " + std::to_string(d) + " is " +
                              std::to_string(array.shape(d)));
    py::array copy = py::module_::import("numpy").attr("array")(
        array, py::arg("copy") = true, py::arg("order") = "C");
    if (tensor.getElementType().isInteger(1)) {
      // A numpy bool is a byte that numpy reads as nonzero-is-true; the
      // compiled code reads an i1 from bit 0 only. Bytes other than 0 and 1
      // (from a view of other data) become 1 as numpy reads them.
      auto *bytes = static_cast<uint8_t *>(copy.mutable_data());
      for (py::ssize_t k = 0; k < copy.size(); ++k)
        bytes[k] = bytes[k] != 0;
    }
    return copy;
  }

  std::unique_ptr<ta::Executable> executable;
};

} // namespace

PYBIND11_MODULE(_ta, m) {
  m.doc() = "ta: TensorFlow's TensorArray family as an MLIR dialect";
  static py::exception<DiagnosticError> diagnosticError(m, "DiagnosticError",
                                                        PyExc_ValueError);
  static py::exception<CompiledCodeError> runtimeError(m, "RuntimeError",
                                                       PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const DiagnosticError &e) {
      diagnosticError(e.what());
    } catch (const CompiledCodeError &e) {
      runtimeError(e.what());
    }
  });

  py::class_<Module>(m, "Module")
      .def(py::init<const std::string &, bool>(), py::arg("source"),
           py::arg("allow_unregistered") = false,
           "Parses ta IR (with allow_unregistered, ops of other dialects "
           "too: TensorFlow's, for ta-import-tf); raises DiagnosticError "
           "with the parser's messages.")
      .def("verify", &Module::verify,
           "Runs the verifiers; raises DiagnosticError with their messages.")
      .def("run_pipeline", &Module::runPipeline, py::arg("pipeline"),
           "Runs a textual pass pipeline, e.g. "
           "'builtin.module(ta-lower-to-memref)', in place.")
      .def("import_tensorflow", &Module::importTensorFlow,
           "Runs ta-import-tf and ta-legalize-tf in place; raises "
           "DiagnosticError with their messages.")
      .def("__str__", &Module::str);

  py::class_<Executable>(m, "Executable")
      .def(py::init<Module &, const std::string &,
                    const std::vector<std::string> &, int>(),
           py::arg("module"), py::arg("checks"), py::arg("shared_libs"),
           py::arg("opt_level"), py::keep_alive<1, 2>())
      .def("functions", &Executable::functions)
      .def("call", &Executable::call, py::arg("name"));

  m.def(
      "unbatch_grad_reset",
      [](std::optional<std::string> container,
         std::optional<std::string> name) {
        return ta_unbatch_grad_reset(container ? container->c_str() : nullptr,
                                     name ? name->c_str() : nullptr);
      },
      py::arg("container") = py::none(), py::arg("shared_name") = py::none());
  m.def(
      "unbatch_grad_parked_ids",
      [](std::optional<std::string> container,
         std::optional<std::string> name) {
        const char *c = container ? container->c_str() : nullptr;
        const char *n = name ? name->c_str() : nullptr;
        std::vector<int64_t> ids(ta_unbatch_grad_parked_ids(c, n, nullptr, 0));
        ta_unbatch_grad_parked_ids(c, n, ids.data(), ids.size());
        return ids;
      },
      py::arg("container") = py::none(), py::arg("shared_name") = py::none());
  m.def("unbatch_grad_set_timeout", &ta_unbatch_grad_set_timeout,
        py::arg("micros"));
  m.def("unbatch_grad_timeout", &ta_unbatch_grad_timeout);

  m.def("memory_stats", [] {
    TARuntimeMemoryStats s;
    ta_runtime_memory_stats(&s);
    py::dict d;
    d["cached_bytes"] = s.cached_bytes;
    d["cached_blocks"] = s.cached_blocks;
    d["cache_limit"] = s.cache_limit;
    d["reused"] = s.reused;
    d["allocated"] = s.allocated;
    d["released"] = s.released;
    d["mapped_bytes"] = s.mapped_bytes;
    return d;
  });
  m.def("trim_memory", &ta_runtime_trim_memory);
  m.def("set_cache_limit", &ta_runtime_set_cache_limit, py::arg("bytes"));
}

//===- Harness.cpp - what ta-exec-fuzz's input kinds share ----------------===//

#include "Harness.h"

#include "ta/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace ta::execfuzz;
namespace mta = mlir::ta;

namespace {

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TA_EXEC_FUZZ_ASAN 1
#endif
#endif
#ifdef TA_EXEC_FUZZ_ASAN
constexpr bool kSanitizeAddress = true;
#else
constexpr bool kSanitizeAddress = false;
#endif
/// Every shape in both modes: 640 static (2 x 5 x 4 x 2 x 4 x 2), 768
/// open (2 x 2 x 4 x 2 x 3 x 2 x 2 x 2: ranked or unranked types) and 12
/// unbatch_grad (2 x 3 x 2), about 1.5 MB each (3 MB with the JIT's code
/// under ASan). With fewer, random inputs keep recompiling (with 640 of
/// 1024, a run went from 2900 to 110 inputs a second; with 1024 of 1408, an
/// ASan run stayed at 38).
constexpr size_t kCachedPrograms = 1420;

mlir::DialectRegistry makeRegistry() {
  mlir::DialectRegistry registry;
  mta::registerAllDialects(registry);
  return registry;
}

} // namespace

namespace ta::execfuzz {

Tally tally;

Programs::Programs(uint64_t &compiled)
    : context(makeRegistry()), compiled(compiled) {
  context.loadAllAvailableDialects();
}

mta::Executable &Programs::get(const std::string &name,
                               llvm::function_ref<std::string()> source,
                               mta::ChecksMode checks) {
  std::string key =
      name + (checks == mta::ChecksMode::Strict ? "/strict" : "/none");
  auto it = index.find(key);
  if (it != index.end()) {
    order.splice(order.end(), order, it->second);
    return *it->second->second;
  }
  if (order.size() == kCachedPrograms) {
    index.erase(order.front().first);
    order.pop_front();
  }
  order.emplace_back(key, compile(key, source(), checks));
  index[key] = std::prev(order.end());
  return *order.back().second;
}

std::unique_ptr<mta::Executable> Programs::compile(const std::string &key,
                                                   const std::string &source,
                                                   mta::ChecksMode checks) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module)
    die("the program of " + key + " does not parse", source);
  mta::Executable::Options options;
  options.checks = checks;
  options.sharedLibs = {TA_EXEC_FUZZ_RUNTIME, TA_EXEC_FUZZ_C_RUNNER_UTILS};
  // Under ASan the compiled code is checked too: an access the lowering
  // emits past a buffer is a report, not a value that may happen to match.
  options.sanitizeAddress = kSanitizeAddress;
  auto compiled = mta::Executable::compile(*module, options);
  if (!compiled)
    die("the program of " + key +
            " does not compile: " + llvm::toString(compiled.takeError()),
        source);
  ++this->compiled;
  return std::move(*compiled);
}

void Programs::die(const std::string &what, const std::string &source) {
  llvm::errs() << "ta-exec-fuzz: " << what << "\n" << source << "\n";
  abort();
}

int64_t product(const std::vector<int64_t> &shape, size_t from) {
  int64_t p = 1;
  for (size_t i = from; i < shape.size(); ++i)
    p *= shape[i];
  return p;
}

mta::MemRefDescriptor describe(const void *data, int64_t rows,
                               const std::vector<int64_t> &rest) {
  std::vector<int64_t> sizes{rows};
  sizes.insert(sizes.end(), rest.begin(), rest.end());
  return mta::MemRefDescriptor::contiguous(const_cast<void *>(data), sizes);
}

/// Values packed at their type's width.
std::vector<uint8_t> pack(const Values &values, DType type) {
  unsigned width = byteWidth(type);
  std::vector<uint8_t> bytes(values.size() * width + 1);
  for (size_t i = 0; i < values.size(); ++i)
    std::memcpy(bytes.data() + i * width, &values[i], width);
  return bytes;
}

bool sameValue(uint64_t x, uint64_t y, DType type) {
  if (x == y)
    return true;
  if (type == DType::F32) {
    float a, b;
    uint32_t xa = x, yb = y;
    std::memcpy(&a, &xa, 4);
    std::memcpy(&b, &yb, 4);
    return std::isnan(a) && std::isnan(b);
  }
  if (type == DType::F64) {
    double a, b;
    std::memcpy(&a, &x, 8);
    std::memcpy(&b, &y, 8);
    return std::isnan(a) && std::isnan(b);
  }
  return false;
}

Tally::~Tally() {
  llvm::errs() << "ta-exec-fuzz: " << inputs << " inputs, " << compiled
               << " compilations; " << skipped << " skipped (work), " << values
               << " with values, " << errors << " with errors (" << oom
               << " out of memory); " << steps << " steps; " << noneRuns
               << " runs with checks=none; " << open
               << " of open element shape; " << unbatch << " of unbatch_grad ("
               << unbatchCalls << " calls); " << loops << " loops of accesses; "
               << ranges << " range gathers and scatters\n";
  for (const auto &[kind, n] : errorKinds)
    llvm::errs() << "  " << n << " x " << kind << "\n";
}

std::string Tally::kind(const std::string &error) {
  std::string k;
  for (char ch : error) {
    if (isdigit(ch) || ch == '(' || ch == '[')
      break;
    k += ch;
  }
  if (llvm::StringRef(k).starts_with("TensorArray fw"))
    k = "TensorArray <name>" +
        k.substr(k.find(':') == std::string::npos ? k.size() : k.find(':'));
  return k.substr(0, 72);
}

} // namespace ta::execfuzz

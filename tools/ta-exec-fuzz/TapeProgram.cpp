//===- TapeProgram.cpp - ta programs driven by a run-time op tape ---------===//

#include "TapeProgram.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

using namespace ta::execfuzz;

unsigned ta::execfuzz::byteWidth(DType type) {
  return type == DType::F32 || type == DType::I32 ? 4 : 8;
}

bool ta::execfuzz::isFloat(DType type) {
  return type == DType::F32 || type == DType::F64;
}

const char *ta::execfuzz::typeName(DType type) {
  switch (type) {
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  }
  return "?";
}

bool ProgramShape::isOpen() const {
  return llvm::any_of(element, [](int64_t d) { return d < 0; });
}

std::vector<int64_t> ProgramShape::gradElement() const {
  std::vector<int64_t> shape = prepend;
  shape.insert(shape.end(), element.begin(), element.end());
  return shape;
}

/// "AxBx" for {A, B} (dynamic dims as "?").
static std::string dims(const std::vector<int64_t> &shape) {
  std::string text;
  for (int64_t d : shape)
    text += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  return text;
}

std::string ProgramShape::key() const {
  std::string text = typeName(type);
  text += "_" + dims(element);
  text += staticSize ? std::to_string(*staticSize) : std::string("?");
  text += dynamicSize ? "d" : "";
  text += clearAfterRead ? "c" : "";
  if (grad == GradKind::Grad)
    text += "_g";
  if (grad == GradKind::GradWithShape)
    text += "_gws" + dims(prepend);
  if (identical)
    text += "_i";
  if (unranked)
    text += "_u";
  if (prefill)
    text += "_p";
  if (whileLoops)
    text += "_w";
  return text;
}

namespace {

/// One array the steps address, as the emitted IR names it.
struct Target {
  std::string handle, handleType, flow;
  std::vector<int64_t> element;
  bool isGrad;
  std::optional<int64_t> staticSize;
  std::string rows, pieces;
};

class Emitter {
public:
  Emitter(const ProgramShape &shape, llvm::raw_ostream &os)
      : shape(shape), os(os), t(typeName(shape.type)) {}

  void emitModule();

private:
  std::string fresh() { return "%v" + std::to_string(counter++); }

  /// Opens `scf.if (b is odd) -> (type) {`, the versions of a rows loop
  /// (WriteRows, ReadRows), and returns its result: the caller writes the
  /// run-time-bound version, `} else {`, the constant one and `}`.
  std::string rowsVersion(const std::string &b, const std::string &type) {
    std::string bit = fresh(), odd = fresh(), result = fresh();
    os << "      " << bit << " = arith.andi " << b << ", %c1 : index\n";
    os << "      " << odd << " = arith.cmpi ne, " << bit << ", %c0 : index\n";
    os << "      " << result << " = scf.if " << odd << " -> (" << type
       << ") {\n";
    return result;
  }
  /// kRowsBegin as a constant, or `runTime` as max(min(b, 1), 1), which no
  /// folder sees is 1 (b >= 0): a loop bound only the run time knows.
  std::string rowsBegin(const std::string &b, bool runTime) {
    static_assert(kRowsBegin == 1, "the run-time expression gives 1");
    std::string begin = fresh();
    if (!runTime) {
      os << "      " << begin << " = arith.constant " << kRowsBegin
         << " : index\n";
      return begin;
    }
    std::string low = fresh();
    os << "      " << low << " = arith.minui " << b << ", %c1 : index\n";
    os << "      " << begin << " = arith.maxui " << low << ", %c1 : index\n";
    return begin;
  }
  std::string tensor(const std::vector<int64_t> &s) const {
    return "tensor<" + dims(s) + t + ">";
  }
  std::string rowsType(const std::vector<int64_t> &e) const {
    std::vector<int64_t> s{-1};
    s.insert(s.end(), e.begin(), e.end());
    return tensor(s);
  }
  std::string piecesType(const std::vector<int64_t> &e) const {
    std::vector<int64_t> s{-1};
    if (!e.empty())
      s.insert(s.end(), e.begin() + 1, e.end());
    return tensor(s);
  }
  std::string handleType(const std::vector<int64_t> &e, bool grad) const {
    std::string size =
        shape.staticSize ? std::to_string(*shape.staticSize) : "?";
    return "!ta.handle<" + size + ", " +
           (shape.unranked ? unranked() : tensor(e)) + (grad ? ", grad" : "") +
           ">";
  }
  std::string unranked() const { return "tensor<*x" + t + ">"; }
  /// `value` of type `type` cast to `to`.
  std::string cast(const std::string &value, const std::string &type,
                   const std::string &to) {
    std::string v = fresh();
    os << "      " << v << " = tensor.cast " << value << " : " << type << " to "
       << to << "\n";
    return v;
  }
  /// A value for a write, scatter or split, of type `type`: itself, or
  /// unranked (then `type` becomes the unranked type).
  std::string operand(const std::string &value, std::string &type) {
    if (!shape.unranked)
      return value;
    std::string v = cast(value, type, unranked());
    type = unranked();
    return v;
  }
  /// The result `value` of a read (`appendRank` false) or a gather or
  /// concat, of shape `s` in a ranked program: from unranked, the rank
  /// appended to the integer output where asked, then a cast to `s`'s rank
  /// with every dim open (the array's partial shape does not check the
  /// values' dims against `s` then: a cast to a static dim would assume
  /// them), and `s` becomes that shape.
  std::string result(const std::string &value, std::vector<int64_t> &s,
                     bool appendRank, std::string &integers,
                     std::string &cursor) {
    if (!shape.unranked)
      return value;
    if (appendRank) {
      std::string rank = fresh();
      os << "      " << rank << " = tensor.rank " << value << " : "
         << unranked() << "\n";
      appendIndex(rank, integers, cursor);
    }
    s.assign(s.size(), -1);
    return cast(value, unranked(), tensor(s));
  }
  std::string outType() const {
    return "tensor<" + std::to_string(kValueCapacity) + "x" + t + ">";
  }
  std::string intType() const {
    return "tensor<" + std::to_string(kIntegerCapacity) + "xi64>";
  }

  /// A slice [offset, offset + count) of dim 0 of `value` (type `type`,
  /// rank 1 + rest.size()), of type `type` again, or of `resultType` with
  /// dim 0 dropped (a count of 1).
  std::string slice(const std::string &value, const std::string &type,
                    const std::vector<int64_t> &rest, const std::string &offset,
                    const std::string &count, std::string resultType = "",
                    const std::vector<std::string> &openSizes = {});
  /// The sizes of `value`'s (type `type`) open dims past dim 0 (those of
  /// `rest`, its dims past 0, that are -1), as index values.
  std::vector<std::string> openDims(const std::string &value,
                                    const std::string &type,
                                    const std::vector<int64_t> &rest);
  /// Appends the open dims (-1 in `s`) of `value` to the integer output,
  /// for programs of open element shape.
  void appendOpenDims(const std::string &value, const std::vector<int64_t> &s,
                      std::string &integers, std::string &cursor);
  /// Appends the index value `index` to the integer output.
  void appendIndex(const std::string &index, std::string &integers,
                   std::string &cursor);
  /// `value` (shape `s`) as a tensor<?xT>.
  std::string flatten(const std::string &value, const std::vector<int64_t> &s);
  /// Appends the tensor<?xT> (or tensor<?xi64>) `flat` to the output
  /// `out`/`cursor`; sets both to the new values.
  void append(const std::string &flat, std::string &out, std::string &cursor,
              bool integers);
  /// The range 0, 1, ..., n - 1 (`n` an index value) as a tensor<?xi64>.
  std::string range(const std::string &n);
  /// The body of one step on `target`: the yields of an index_switch case.
  /// `state` is (flows..., values, value cursor, integers, integer cursor)
  /// and `flowIndex` the position of the target's flow in it.
  void emitCase(TapeOp op, const Target &target, std::vector<std::string> state,
                unsigned flowIndex, const std::string &stateTypes);
  /// Field `column` (0: the op; 1-4: a, b, c, d) of tape step `step` (an
  /// index value), as an index.
  std::string tapeField(const std::string &step, int column) {
    std::string word = fresh(), field = fresh();
    os << "    " << word << " = tensor.extract %tape[" << step << ", %c"
       << column << "] : tensor<?x5xi64>\n";
    os << "    " << field << " = arith.index_cast " << word
       << " : i64 to index\n";
    return field;
  }
  /// Opens a loop of `k` over [lb, ub) carrying `carried` (each a name,
  /// its initial value and its type), an scf.for or, with
  /// ProgramShape::whileLoops, an scf.while counting an i64 (its results
  /// the counter's and then the carried values'); returns `result` with
  /// the position of the first carried value appended ("#0" or "#1").
  std::string openLoop(const std::string &result, const std::string &k,
                       const std::string &lb, const std::string &ub,
                       const std::vector<std::array<std::string, 3>> &carried);
  /// Closes the loop openLoop opened, yielding `yielded` of `types`.
  void closeLoop(const std::string &yielded, const std::string &types);
  /// WriteLoop on `target` after `flow` (fields a, b and d): write(k,
  /// rows[(b + k - a) mod rows]) for k in [a, a + d); returns the new flow.
  std::string emitWriteLoop(const Target &target, const std::string &flow);
  /// A loop over tape steps [from, to) on `targets`; returns the results.
  std::string emitLoop(const std::vector<Target> &targets,
                       const std::vector<std::string> &init,
                       const std::string &from, const std::string &to);

  const ProgramShape &shape;
  llvm::raw_ostream &os;
  std::string t;
  unsigned counter = 0;
  /// The counter of the innermost open while loop (openLoop).
  std::vector<std::string> counters;
  std::string a, b, c, d;
};

} // namespace

std::vector<std::string> Emitter::openDims(const std::string &value,
                                           const std::string &type,
                                           const std::vector<int64_t> &rest) {
  std::vector<std::string> sizes;
  for (size_t k = 0; k < rest.size(); ++k) {
    if (rest[k] >= 0)
      continue;
    std::string size = fresh();
    os << "      " << size << " = tensor.dim " << value << ", %c" << k + 1
       << " : " << type << "\n";
    sizes.push_back(size);
  }
  return sizes;
}

void Emitter::appendOpenDims(const std::string &value,
                             const std::vector<int64_t> &s,
                             std::string &integers, std::string &cursor) {
  // Static shapes' outputs are the values alone (the model's).
  if (!shape.isOpen())
    return;
  for (size_t k = 0; k < s.size(); ++k) {
    if (s[k] >= 0)
      continue;
    std::string size = fresh();
    os << "      " << size << " = tensor.dim " << value << ", %c" << k << " : "
       << tensor(s) << "\n";
    appendIndex(size, integers, cursor);
  }
}

void Emitter::appendIndex(const std::string &index, std::string &integers,
                          std::string &cursor) {
  std::string word = fresh(), one = fresh(), flat = fresh();
  os << "      " << word << " = arith.index_cast " << index
     << " : index to i64\n";
  os << "      " << one << " = tensor.from_elements " << word
     << " : tensor<1xi64>\n";
  os << "      " << flat << " = tensor.cast " << one
     << " : tensor<1xi64> to tensor<?xi64>\n";
  append(flat, integers, cursor, true);
}

std::string Emitter::slice(const std::string &value, const std::string &type,
                           const std::vector<int64_t> &rest,
                           const std::string &offset, const std::string &count,
                           std::string resultType,
                           const std::vector<std::string> &openSizes) {
  std::string result = fresh();
  bool reduced = !resultType.empty();
  if (!reduced)
    resultType = type;
  // tensor.extract_slice rejects an offset of 0 in a dim of size 0: a value
  // of no elements is made instead.
  if (llvm::is_contained(rest, 0)) {
    os << "      " << result << " = tensor.empty("
       << (reduced ? std::string() : count) << ") : " << resultType << "\n";
    return result;
  }
  std::string offsets = offset, sizes = count, strides = "1";
  size_t open = 0;
  for (int64_t d : rest) {
    offsets += ", 0";
    sizes += ", " + (d < 0 ? openSizes.at(open++) : std::to_string(d));
    strides += ", 1";
  }
  os << "      " << result << " = tensor.extract_slice " << value << "["
     << offsets << "] [" << sizes << "] [" << strides << "] : " << type
     << " to " << resultType << "\n";
  return result;
}

std::string Emitter::flatten(const std::string &value,
                             const std::vector<int64_t> &s) {
  std::string flat = value;
  std::string flatType = tensor(s);
  if (llvm::is_contained(s, 0)) {
    // No elements (bufferizing a collapse_shape of a dim of size 0 with a
    // dynamic one fails upstream).
    flat = fresh();
    flatType = tensor({0});
    os << "      " << flat << " = tensor.empty() : " << flatType << "\n";
  } else if (s.empty()) {
    std::string scalar = fresh();
    flat = fresh();
    os << "      " << scalar << " = tensor.extract " << value
       << "[] : " << flatType << "\n";
    flatType = tensor({1});
    os << "      " << flat << " = tensor.from_elements " << scalar << " : "
       << flatType << "\n";
  } else if (s.size() > 1) {
    int64_t product = 1;
    for (int64_t d : s)
      product = (d < 0 || product < 0) ? -1 : product * d;
    std::string groups;
    for (size_t i = 0; i < s.size(); ++i)
      groups += (i ? ", " : "") + std::to_string(i);
    flat = fresh();
    std::string to = tensor({product});
    os << "      " << flat << " = tensor.collapse_shape " << value << " [["
       << groups << "]] : " << flatType << " into " << to << "\n";
    flatType = to;
  }
  if (flatType == tensor({-1}))
    return flat;
  std::string cast = fresh();
  os << "      " << cast << " = tensor.cast " << flat << " : " << flatType
     << " to " << tensor({-1}) << "\n";
  return cast;
}

void Emitter::append(const std::string &flat, std::string &out,
                     std::string &cursor, bool integers) {
  std::string type = integers ? intType() : outType();
  std::string flatType = integers ? "tensor<?xi64>" : tensor({-1});
  std::string cap = integers ? "%capi" : "%capv";
  std::string n = fresh(), end = fresh(), fits = fresh(), next = fresh(),
              inserted = fresh();
  os << "      " << n << " = tensor.dim " << flat << ", %c0 : " << flatType
     << "\n";
  os << "      " << end << " = arith.addi " << cursor << ", " << n
     << " : index\n";
  os << "      " << fits << " = arith.cmpi ule, " << end << ", " << cap
     << " : index\n";
  os << "      " << next << " = scf.if " << fits << " -> (" << type << ") {\n";
  os << "        " << inserted << " = tensor.insert_slice " << flat << " into "
     << out << "[" << cursor << "] [" << n << "] [1] : " << flatType << " into "
     << type << "\n";
  os << "        scf.yield " << inserted << " : " << type << "\n";
  os << "      } else {\n";
  os << "        scf.yield " << out << " : " << type << "\n";
  os << "      }\n";
  out = next;
  cursor = end;
}

std::string Emitter::range(const std::string &n) {
  std::string r = fresh(), k = fresh(), i = fresh();
  os << "      " << r << " = tensor.generate " << n << " {\n"
     << "      ^bb0(" << k << ": index):\n"
     << "        " << i << " = arith.index_cast " << k << " : index to i64\n"
     << "        tensor.yield " << i << " : i64\n"
     << "      } : tensor<?xi64>\n";
  return r;
}

void Emitter::emitCase(TapeOp op, const Target &target,
                       std::vector<std::string> state, unsigned flowIndex,
                       const std::string &stateTypes) {
  size_t n = state.size();
  std::string &flow = state[flowIndex];
  std::string &values = state[n - 4], &valueCursor = state[n - 3];
  std::string &integers = state[n - 2], &integerCursor = state[n - 1];
  const std::vector<int64_t> &e = target.element;
  std::string elementType = tensor(e);
  std::string rows = rowsType(e), pieces = piecesType(e);
  std::vector<int64_t> rest(e.begin() + (e.empty() ? 0 : 1), e.end());
  const std::string &h = target.handle, &ht = target.handleType;
  switch (op) {
  case TapeOp::Write: {
    // An open dim of the element gets a length of its own at each write,
    // (c mod (the rows' dim + 1)): slots of different shapes.
    std::vector<std::string> sizes = openDims(target.rows, rows, e);
    for (std::string &size : sizes) {
      std::string most = fresh(), length = fresh();
      os << "      " << most << " = arith.addi " << size << ", %c1 : index\n";
      os << "      " << length << " = arith.remui " << c << ", " << most
         << " : index\n";
      size = length;
    }
    std::string valueType = elementType;
    std::string v = operand(
        slice(target.rows, rows, e, b, "1", elementType, std::move(sizes)),
        valueType);
    std::string next = fresh();
    os << "      " << next << " = ta.write " << h << "[" << a << "], " << v
       << ", " << flow << " : " << ht << ", " << valueType << "\n";
    flow = next;
    break;
  }
  case TapeOp::Read: {
    std::string v = fresh();
    os << "      " << v << " = ta.read " << h << "[" << a << "], " << flow
       << " : " << ht << "\n";
    std::vector<int64_t> read = e;
    v = result(v, read, false, integers, integerCursor);
    appendOpenDims(v, read, integers, integerCursor);
    append(flatten(v, read), values, valueCursor, false);
    break;
  }
  case TapeOp::Gather:
  case TapeOp::GatherRange: {
    std::string indices = op == TapeOp::Gather
                              ? slice("%indices", "tensor<?xi64>", {}, a, b)
                              : range(b),
                v = fresh();
    os << "      " << v << " = ta.gather " << h << "[" << indices << "], "
       << flow << " : " << ht << ", tensor<?xi64>\n";
    std::vector<int64_t> gathered{-1};
    gathered.insert(gathered.end(), e.begin(), e.end());
    v = result(v, gathered, true, integers, integerCursor);
    appendOpenDims(v, gathered, integers, integerCursor);
    append(flatten(v, gathered), values, valueCursor, false);
    break;
  }
  case TapeOp::Scatter:
  case TapeOp::ScatterRange: {
    std::string indices = op == TapeOp::Scatter
                              ? slice("%indices", "tensor<?xi64>", {}, a, b)
                              : range(d);
    std::string valueType = rows;
    std::string value = operand(
        slice(target.rows, rows, e, c, d, "", openDims(target.rows, rows, e)),
        valueType);
    std::string next = fresh();
    os << "      " << next << " = ta.scatter " << h << "[" << indices << "], "
       << value << ", " << flow << " : " << ht << ", tensor<?xi64>, "
       << valueType << "\n";
    flow = next;
    break;
  }
  case TapeOp::Concat: {
    // The value's type as ta.concat infers it.
    std::vector<int64_t> concatenated = e;
    concatenated[0] = (!target.isGrad && target.staticSize && e[0] >= 0)
                          ? *target.staticSize * e[0]
                          : -1;
    std::string v = fresh(), lengths = fresh();
    os << "      " << v << ", " << lengths << " = ta.concat " << h << ", "
       << flow << " : " << ht << "\n";
    v = result(v, concatenated, true, integers, integerCursor);
    appendOpenDims(v, concatenated, integers, integerCursor);
    append(flatten(v, concatenated), values, valueCursor, false);
    append(lengths, integers, integerCursor, true);
    break;
  }
  case TapeOp::Split: {
    std::string valueType = pieces;
    std::string value = operand(slice(target.pieces, pieces, rest, a, b, "",
                                      openDims(target.pieces, pieces, rest)),
                                valueType);
    std::string lengths = slice("%lengths", "tensor<?xi64>", {}, c, d);
    std::string next = fresh();
    os << "      " << next << " = ta.split " << h << ", " << value << ", "
       << lengths << ", " << flow << " : " << ht << ", " << valueType
       << ", tensor<?xi64>\n";
    flow = next;
    break;
  }
  case TapeOp::Size: {
    std::string size = fresh();
    os << "      " << size << " = ta.size " << h << ", " << flow << " : " << ht
       << "\n";
    appendIndex(size, integers, integerCursor);
    break;
  }
  case TapeOp::Close:
    os << "      ta.close " << h << " : " << ht << "\n";
    break;
  case TapeOp::WriteLoop:
    flow = emitWriteLoop(target, flow);
    break;
  case TapeOp::ReadLoop: {
    // read(k) for k in [a, a + d), each value appended.
    std::string ub = fresh(), k = fresh(), out = fresh(), cursor = fresh(),
                next = fresh();
    os << "      " << ub << " = arith.addi " << a << ", " << d << " : index\n";
    std::string first =
        openLoop(next, k, a, ub,
                 {{out, values, outType()}, {cursor, valueCursor, "index"}});
    std::string v = fresh();
    os << "      " << v << " = ta.read " << h << "[" << k << "], " << flow
       << " : " << ht << "\n";
    std::vector<int64_t> read = e;
    v = result(v, read, false, integers, integerCursor);
    append(flatten(v, read), out, cursor, false);
    closeLoop(out + ", " + cursor, outType() + ", index");
    values = first;
    valueCursor = next + (shape.whileLoops ? "#2" : "#1");
    break;
  }
  case TapeOp::WriteRows: {
    // write(k, block[k]) for k in [kRowsBegin, kRowsEnd), block the first
    // kRowsEnd rows, if there are that many. Where b is odd, the loop's
    // lower bound is kRowsBegin computed at run time (runTimeRowsBegin):
    // the same accesses, claimed as a loop of run-time trip count.
    std::string end = fresh(), count = fresh(), enough = fresh(),
                next = fresh();
    std::vector<int64_t> blockShape{kRowsEnd};
    blockShape.insert(blockShape.end(), e.begin(), e.end());
    std::string blockType = tensor(blockShape);
    os << "      " << end << " = arith.constant " << kRowsEnd << " : index\n";
    os << "      " << count << " = tensor.dim " << target.rows
       << ", %c0 : " << rows << "\n";
    os << "      " << enough << " = arith.cmpi uge, " << count << ", " << end
       << " : index\n";
    os << "      " << next << " = scf.if " << enough << " -> (!ta.flow) {\n";
    std::string block =
        slice(target.rows, rows, e, "0", std::to_string(kRowsEnd), blockType);
    std::string version = rowsVersion(b, "!ta.flow");
    for (bool runTime : {true, false}) {
      std::string begin = rowsBegin(b, runTime), k = fresh(), fl = fresh(),
                  inner = fresh();
      os << "      " << inner << " = scf.for " << k << " = " << begin << " to "
         << end << " step %c1 iter_args(" << fl << " = " << flow
         << ") -> (!ta.flow) {\n";
      std::string valueType = elementType;
      std::string v =
          operand(slice(block, blockType, e, k, "1", elementType), valueType);
      std::string written = fresh();
      os << "      " << written << " = ta.write " << h << "[" << k << "], " << v
         << ", " << fl << " : " << ht << ", " << valueType << "\n";
      os << "      scf.yield " << written << " : !ta.flow\n";
      os << "      }\n";
      os << "      scf.yield " << inner << " : !ta.flow\n";
      os << (runTime ? "      } else {\n" : "      }\n");
    }
    os << "      scf.yield " << version << " : !ta.flow\n";
    os << "      } else {\n";
    os << "      scf.yield " << flow << " : !ta.flow\n";
    os << "      }\n";
    flow = next;
    break;
  }
  case TapeOp::ReadRows: {
    // read(k) into row k of a block for k in [kRowsBegin, kRowsEnd); the
    // rows then appended one by one. Where b is odd, the lower bound is
    // computed at run time, as WriteRows's.
    std::vector<int64_t> blockShape{kRowsEnd};
    blockShape.insert(blockShape.end(), e.begin(), e.end());
    std::string blockType = tensor(blockShape);
    std::string init = fresh(), end = fresh();
    os << "      " << init << " = tensor.empty() : " << blockType << "\n";
    os << "      " << end << " = arith.constant " << kRowsEnd << " : index\n";
    std::string out = rowsVersion(b, blockType);
    for (bool runTime : {true, false}) {
      std::string begin = rowsBegin(b, runTime), loop = fresh(), k = fresh(),
                  o = fresh(), v = fresh(), inserted = fresh();
      os << "      " << loop << " = scf.for " << k << " = " << begin << " to "
         << end << " step %c1 iter_args(" << o << " = " << init << ") -> ("
         << blockType << ") {\n";
      os << "      " << v << " = ta.read " << h << "[" << k << "], " << flow
         << " : " << ht << "\n";
      std::string offsets = k, sizes = "1", strides = "1";
      for (int64_t d : e) {
        offsets += ", 0";
        sizes += ", " + std::to_string(d);
        strides += ", 1";
      }
      // (insert_slice rejects an offset of 0 in a dim of size 0: an element
      // of no values leaves the block as it is.)
      if (llvm::is_contained(e, 0))
        inserted = o;
      else
        os << "      " << inserted << " = tensor.insert_slice " << v << " into "
           << o << "[" << offsets << "] [" << sizes << "] [" << strides
           << "] : " << elementType << " into " << blockType << "\n";
      os << "      scf.yield " << inserted << " : " << blockType << "\n";
      os << "      }\n";
      os << "      scf.yield " << loop << " : " << blockType << "\n";
      os << (runTime ? "      } else {\n" : "      }\n");
    }
    for (int64_t j = kRowsBegin; j < kRowsEnd; ++j) {
      std::vector<int64_t> read = e;
      std::string row =
          slice(out, blockType, e, std::to_string(j), "1", elementType);
      append(flatten(row, read), values, valueCursor, false);
    }
    break;
  }
  }
  os << "      scf.yield " << llvm::join(state, ", ") << " : " << stateTypes
     << "\n";
}

std::string Emitter::emitWriteLoop(const Target &target,
                                   const std::string &flow) {
  const std::vector<int64_t> &e = target.element;
  std::string elementType = tensor(e), rows = rowsType(e);
  const std::string &h = target.handle, &ht = target.handleType;
  std::string ub = fresh(), count = fresh(), k = fresh(), fl = fresh(),
              next = fresh();
  os << "      " << ub << " = arith.addi " << a << ", " << d << " : index\n";
  os << "      " << count << " = tensor.dim " << target.rows
     << ", %c0 : " << rows << "\n";
  std::string result = openLoop(next, k, a, ub, {{fl, flow, "!ta.flow"}});
  std::string offset = fresh(), shifted = fresh(), row = fresh();
  os << "      " << offset << " = arith.subi " << k << ", " << a
     << " : index\n";
  os << "      " << shifted << " = arith.addi " << b << ", " << offset
     << " : index\n";
  os << "      " << row << " = arith.remui " << shifted << ", " << count
     << " : index\n";
  std::string valueType = elementType;
  std::string v =
      operand(slice(target.rows, rows, e, row, "1", elementType), valueType);
  std::string written = fresh();
  os << "      " << written << " = ta.write " << h << "[" << k << "], " << v
     << ", " << fl << " : " << ht << ", " << valueType << "\n";
  closeLoop(written, "!ta.flow");
  return result;
}

std::string
Emitter::openLoop(const std::string &result, const std::string &k,
                  const std::string &lb, const std::string &ub,
                  const std::vector<std::array<std::string, 3>> &carried) {
  std::string names, inits, types;
  for (const auto &[name, init, type] : carried) {
    names += ", " + name;
    inits += ", " + name + " = " + init;
    types += ", " + type;
  }
  std::string count = std::to_string(carried.size() + 1);
  if (!shape.whileLoops) {
    os << "      " << result << ":" << carried.size() << " = scf.for " << k
       << " = " << lb << " to " << ub << " step %c1 iter_args("
       << inits.substr(2) << ") -> (" << types.substr(2) << ") {\n";
    return result + "#0";
  }
  // TensorFlow's form: `i < ub` before, the body at index_cast(i), i + 1.
  std::string from = fresh(), to = fresh(), i = fresh(), more = fresh();
  os << "      " << from << " = arith.index_cast " << lb << " : index to i64\n";
  os << "      " << to << " = arith.index_cast " << ub << " : index to i64\n";
  os << "      " << result << ":" << count << " = scf.while (" << i << " = "
     << from << inits << ") : (i64" << types << ") -> (i64" << types << ") {\n";
  os << "      " << more << " = arith.cmpi slt, " << i << ", " << to
     << " : i64\n";
  os << "      scf.condition(" << more << ") " << i << names << " : i64"
     << types << "\n";
  os << "      } do {\n";
  os << "      ^bb0(" << i << ": i64";
  for (const auto &[name, init, type] : carried)
    os << ", " << name << ": " << type;
  os << "):\n";
  os << "      " << k << " = arith.index_cast " << i << " : i64 to index\n";
  counters.push_back(i);
  return result + "#1";
}

void Emitter::closeLoop(const std::string &yielded, const std::string &types) {
  if (!shape.whileLoops) {
    os << "      scf.yield " << yielded << " : " << types << "\n";
    os << "      }\n";
    return;
  }
  std::string i = counters.back(), one = fresh(), next = fresh();
  counters.pop_back();
  os << "      " << one << " = arith.constant 1 : i64\n";
  os << "      " << next << " = arith.addi " << i << ", " << one << " : i64\n";
  os << "      scf.yield " << next << ", " << yielded << " : i64, " << types
     << "\n";
  os << "      }\n";
}

std::string Emitter::emitLoop(const std::vector<Target> &targets,
                              const std::vector<std::string> &init,
                              const std::string &from, const std::string &to) {
  std::string types;
  for (size_t i = 0; i < targets.size(); ++i)
    types += "!ta.flow, ";
  types += outType() + ", index, " + intType() + ", index";
  std::vector<std::string> state;
  for (size_t i = 0; i < targets.size() + 4; ++i)
    state.push_back(fresh());
  std::string result = fresh(), step = fresh();
  os << "  " << result << ":" << state.size() << " = scf.for " << step << " = "
     << from << " to " << to << " step %c1 iter_args(";
  for (size_t i = 0; i < state.size(); ++i)
    os << (i ? ", " : "") << state[i] << " = " << init[i];
  os << ") -> (" << types << ") {\n";
  // The step's fields; the slice fields as indices.
  std::string fields[5];
  for (int i = 0; i < 5; ++i)
    fields[i] = tapeField(step, i);
  a = fields[1];
  b = fields[2];
  c = fields[3];
  d = fields[4];
  os << "    " << result << "s:" << state.size() << " = scf.index_switch "
     << fields[0] << " -> " << types << "\n";
  for (auto [i, target] : llvm::enumerate(targets)) {
    for (int64_t op = 0; op < kNumTapeOps; ++op) {
      auto tapeOp = static_cast<TapeOp>(op);
      if ((!shape.hasBulkOps() &&
           (tapeOp == TapeOp::Concat || tapeOp == TapeOp::Split)) ||
          (shape.isOpen() && tapeOp >= TapeOp::WriteLoop &&
           tapeOp <= TapeOp::ReadRows))
        continue;
      os << "    case " << (i * kGradOpBase + op) << " {\n";
      emitCase(tapeOp, target, state, i, types);
      os << "    }\n";
    }
  }
  os << "    default {\n      scf.yield " << llvm::join(state, ", ") << " : "
     << types << "\n    }\n";
  std::vector<std::string> yields;
  for (size_t i = 0; i < state.size(); ++i)
    yields.push_back(result + "s#" + std::to_string(i));
  os << "    scf.yield " << llvm::join(yields, ", ") << " : " << types << "\n";
  os << "  }\n";
  return result;
}

void Emitter::emitModule() {
  std::vector<int64_t> g = shape.gradElement();
  Target forward{"%h",    handleType(shape.element, false),
                 "",      shape.element,
                 false,   shape.staticSize,
                 "%rows", "%pieces"};
  Target grad{"%g", handleType(g, true), "",           g,
              true, shape.staticSize,    "%grad_rows", "%grad_pieces"};
  os << "func.func @run(%size: index, %tape: tensor<?x5xi64>, %split: index, "
     << "%rows: " << rowsType(shape.element)
     << ", %pieces: " << piecesType(shape.element)
     << ", %grad_rows: " << rowsType(g) << ", %grad_pieces: " << piecesType(g)
     << ", %indices: tensor<?xi64>, %lengths: tensor<?xi64>) -> (" << outType()
     << ", " << intType() << ", tensor<2xindex>) {\n";
  for (int i = 0; i < 5; ++i)
    os << "  %c" << i << " = arith.constant " << i << " : index\n";
  os << "  %capv = arith.constant " << kValueCapacity << " : index\n";
  os << "  %capi = arith.constant " << kIntegerCapacity << " : index\n";
  os << "  %n = tensor.dim %tape, %c0 : tensor<?x5xi64>\n";
  std::string size = "%size";
  if (shape.staticSize) {
    size = "%static_size";
    os << "  " << size << " = arith.constant " << *shape.staticSize
       << " : index\n";
  }
  os << "  %h, %flow = ta.create " << size << " {name = \"fw\"";
  if (shape.dynamicSize)
    os << ", dynamic_size = true";
  if (shape.identical)
    os << ", identical_element_shapes = true";
  os << ", clear_after_read = " << (shape.clearAfterRead ? "true" : "false")
     << "} : " << forward.handleType << "\n";
  os << "  %values = arith.constant dense<0"
     << (isFloat(shape.type) ? ".0" : "") << "> : " << outType() << "\n";
  os << "  %ints = arith.constant dense<0> : " << intType() << "\n";
  bool hasGrad = shape.grad != GradKind::None;
  std::string flow = "%flow", from = "%c0";
  if (shape.prefill) {
    // Step 0 (a WriteLoop) before the loop over the tape.
    a = tapeField("%c0", 1);
    b = tapeField("%c0", 2);
    d = tapeField("%c0", 4);
    flow = emitWriteLoop(forward, flow);
    from = "%c1";
  }
  std::string first =
      emitLoop({forward}, {flow, "%values", "%c0", "%ints", "%c0"}, from,
               hasGrad ? "%split" : "%n");
  std::string last = first;
  unsigned flows = 1;
  if (hasGrad) {
    if (shape.grad == GradKind::Grad) {
      os << "  %g, %gflow = ta.grad %h, " << first << "#0 source \"gradients\""
         << " : " << forward.handleType << "\n";
    } else {
      std::vector<std::string> entries;
      for (int64_t p : shape.prepend)
        entries.push_back(std::to_string(p));
      std::string prependType =
          "tensor<" + std::to_string(shape.prepend.size()) + "xi32>";
      os << "  %prepend = arith.constant dense<[" << llvm::join(entries, ", ")
         << "]> : " << prependType << "\n";
      os << "  %g, %gflow = ta.grad_with_shape %h, " << first
         << "#0, %prepend source \"gradients\" : " << forward.handleType << ", "
         << prependType << "\n";
    }
    std::vector<std::string> init{"%gflow", "%gflow"};
    for (int i = 1; i <= 4; ++i)
      init.push_back(first + "#" + std::to_string(i));
    last = emitLoop({forward, grad}, init, "%split", "%n");
    flows = 2;
  }
  os << "  %cursors = tensor.from_elements " << last << "#" << flows + 1 << ", "
     << last << "#" << flows + 3 << " : tensor<2xindex>\n";
  os << "  return " << last << "#" << flows << ", " << last << "#" << flows + 2
     << ", %cursors : " << outType() << ", " << intType()
     << ", tensor<2xindex>\n}\n";
}

std::string ProgramShape::source() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  Emitter(*this, os).emitModule();
  return text;
}

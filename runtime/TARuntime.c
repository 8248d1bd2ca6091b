/*===- TARuntime.c - libta_runtime: runtime errors of ta programs --------===*\
|*                                                                            *|
|* TensorFlow's runtime error texts for the checks that compiled ta code     *|
|* performs inline; a failed check calls _ta_rt_fail, which prints the       *|
|* message and exits with status 1 (never abort: a failed check is an        *|
|* error of the program, not a crash).                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ta/Runtime/TARuntime.h"
#include "TARuntimeInternal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The words of the vector `v` ([count, words...]) joined by `separator`
   into `out` (n bytes); returns the vector after it (NULL after NULL). */
static const int64_t *join_words(char *out, size_t n, const int64_t *v,
                                 const char *separator) {
  if (!n)
    return v ? v + 1 + v[0] : NULL;
  out[0] = '\0';
  if (!v)
    return NULL;
  size_t used = 0;
  for (int64_t k = 0; k < v[0] && used < n; ++k) {
    int w = snprintf(out + used, n - used, "%s%" PRId64, k ? separator : "",
                     v[1 + k]);
    if (w < 0)
      break;
    used += (size_t)w;
  }
  return v + 1 + v[0];
}

void _ta_rt_format_shape(char *out, size_t n, const int64_t *shape) {
  if (!n)
    return;
  out[0] = '\0';
  if (!shape || shape[0] < 0) {
    snprintf(out, n, "<unknown>");
    return;
  }
  size_t used = 0;
  int w = snprintf(out, n, "[");
  for (int64_t d = 0; d < shape[0] && w >= 0; ++d) {
    used += (size_t)w;
    if (used >= n)
      return;
    if (shape[1 + d] < 0) /* an unknown dim */
      w = snprintf(out + used, n - used, d ? ",?" : "?");
    else
      w = snprintf(out + used, n - used, d ? ",%" PRId64 : "%" PRId64,
                   shape[1 + d]);
  }
  if (w >= 0 && used + (size_t)w < n)
    snprintf(out + used + (size_t)w, n - used - (size_t)w, "]");
}

int _ta_rt_format_error(char *buffer, int64_t size, int32_t code,
                        const TAArrayHeader *header, int64_t a, int64_t b,
                        int64_t c) {
  size_t n = size < 0 ? 0 : (size_t)size;
  if (code == TA_ERR_LIST_SET_SHAPE || code == TA_ERR_LIST_PUSH_SHAPE) {
    /* As TA_ERR_BROADCAST: `header` holds the item's and the elements'
       shapes. */
    const int64_t *lhs = (const int64_t *)header;
    char item[256], element[256];
    _ta_rt_format_shape(item, sizeof(item), lhs);
    _ta_rt_format_shape(element, sizeof(element),
                        lhs ? lhs + 1 + lhs[0] : NULL);
    if (code == TA_ERR_LIST_PUSH_SHAPE)
      return snprintf(buffer, n,
                      "Tried to append a tensor with incompatible shape to a "
                      "list. Op element shape: %s list shape: %s",
                      item, element);
    return snprintf(buffer, n,
                    "Tried to set a tensor with incompatible shape at a list "
                    "index. Item element shape: %s list shape: %s",
                    item, element);
  }
  if (code == TA_ERR_ASSIGN_SHAPE) {
    /* As TA_ERR_BROADCAST: `header` holds the variable's and the value's
       shapes. */
    const int64_t *lhs = (const int64_t *)header;
    char want[256], got[256];
    _ta_rt_format_shape(want, sizeof(want), lhs);
    _ta_rt_format_shape(got, sizeof(got), lhs ? lhs + 1 + lhs[0] : NULL);
    return snprintf(buffer, n,
                    "Trying to assign to variable with tensor with wrong "
                    "shape. Expected %s got %s",
                    want, got);
  }
  if (code == TA_ERR_LIST_GATHER_EMPTY) {
    const int64_t *shape = (const int64_t *)header;
    const int64_t unknown[1] = {-1};
    char text[256];
    _ta_rt_format_shape(text, sizeof(text), c ? unknown : shape);
    return snprintf(buffer, n,
                    "Tried to gather 0-elements from a list with "
                    "non-fully-defined shape: %s",
                    text);
  }
  if (code == TA_ERR_ADDN_SHAPE) {
    /* As TA_ERR_BROADCAST: `header` holds the shapes; `c` the input. */
    const int64_t *lhs = (const int64_t *)header;
    char left[256], right[256];
    _ta_rt_format_shape(left, sizeof(left), lhs);
    _ta_rt_format_shape(right, sizeof(right), lhs ? lhs + 1 + lhs[0] : NULL);
    return snprintf(buffer, n,
                    "Inputs to operation AddN of type AddN must have the "
                    "same size and shape.  Input 0: %s != input %" PRId64
                    ": %s",
                    left, c, right);
  }
  if (code == TA_ERR_GATHER_INDEX_ND) {
    /* `header` holds the index's position, then the index and the extent. */
    char position[256];
    const int64_t *rest =
        join_words(position, sizeof(position), (const int64_t *)header, ",");
    return snprintf(buffer, n,
                    "indices[%s] = %" PRId64 " is not in [0, %" PRId64 ")",
                    position, rest ? rest[1] : 0, rest ? rest[2] : 0);
  }
  if (code == TA_ERR_SEGMENT_ID) {
    /* `header` holds the id's position, then the id and the count. */
    char position[256];
    const int64_t *rest =
        join_words(position, sizeof(position), (const int64_t *)header, ",");
    return snprintf(buffer, n,
                    "segment_ids%s%s%s = %" PRId64
                    " is out of range [0, %" PRId64 ")",
                    position[0] ? "[" : "", position, position[0] ? "]" : "",
                    rest ? rest[1] : 0, rest ? rest[2] : 0);
  }
  if (code == TA_ERR_GATHER_ND_ROW) {
    /* `header` holds the row's position, the row, and the params' shape. */
    char position[256], row[512], shape[256];
    const int64_t *next =
        join_words(position, sizeof(position), (const int64_t *)header, ",");
    next = join_words(row, sizeof(row), next, ", ");
    join_words(shape, sizeof(shape), next, ",");
    return snprintf(buffer, n,
                    "indices%s%s%s = [%s] does not index into param shape "
                    "[%s]",
                    position[0] ? "[" : "", position, position[0] ? "]" : "",
                    row, shape);
  }
  if (code == TA_ERR_SPARSE_XENT_LABEL) {
    /* `header` holds the labels, then the bad label and the classes. */
    char labels[1024];
    const int64_t *rest =
        join_words(labels, sizeof(labels), (const int64_t *)header, " ");
    return snprintf(buffer, n,
                    "Received a label value of %" PRId64
                    " which is outside the valid range of [0, %" PRId64
                    ").  Label values: %s",
                    rest ? rest[1] : 0, rest ? rest[2] : 0, labels);
  }
  if (code == TA_ERR_BROADCAST) {
    /* `header` holds the shapes, not an array (ta-legalize-tf's checks). */
    const int64_t *lhs = (const int64_t *)header;
    char left[256], right[256];
    _ta_rt_format_shape(left, sizeof(left), lhs);
    _ta_rt_format_shape(right, sizeof(right), lhs ? lhs + 1 + lhs[0] : NULL);
    return snprintf(buffer, n, "Incompatible shapes: %s vs. %s", left, right);
  }
  char name[512] = "";
  if (header && header->name) {
    if (header->source)
      snprintf(name, sizeof(name), "%s@%s",
               (const char *)(intptr_t)header->name,
               (const char *)(intptr_t)header->source);
    else
      snprintf(name, sizeof(name), "%s", (const char *)(intptr_t)header->name);
  }
  char shapeA[256], shapeB[256];
  const int64_t *elementShape =
      header ? (const int64_t *)(intptr_t)header->element_shape : NULL;
  switch (code) {
  case TA_ERR_NEGATIVE_SIZE:
    return snprintf(buffer, n, "Size should be >= 0.");
  case TA_ERR_CLOSED:
    return snprintf(buffer, n, "TensorArray %s has already been closed.", name);
  case TA_ERR_WRITE_OUT_OF_BOUNDS:
    return snprintf(buffer, n,
                    "TensorArray %s: Tried to write to index %" PRId64
                    " but array is not resizeable and size is: %" PRId64,
                    name, a, b);
  case TA_ERR_WRITE_AFTER_READ:
    return snprintf(buffer, n,
                    "TensorArray %s: Could not write to TensorArray index "
                    "%" PRId64 " because it has already been read.",
                    name, a);
  case TA_ERR_DOUBLE_WRITE:
    return snprintf(buffer, n,
                    "TensorArray %s: Could not write to TensorArray index "
                    "%" PRId64 " because it has already been written to.",
                    name, a);
  case TA_ERR_READ_OUT_OF_BOUNDS:
    return snprintf(buffer, n,
                    "Tried to read from index %" PRId64
                    " but array size is: %" PRId64,
                    a, b);
  case TA_ERR_READ_CLEARED:
    return snprintf(buffer, n,
                    "TensorArray %s: Could not read index %" PRId64
                    " twice because it was cleared after a previous read "
                    "(perhaps try setting clear_after_read = false?).",
                    name, a);
  case TA_ERR_WRITE_SHAPE:
    _ta_rt_format_shape(shapeA, sizeof(shapeA), (const int64_t *)(intptr_t)b);
    _ta_rt_format_shape(shapeB, sizeof(shapeB), elementShape);
    return snprintf(buffer, n,
                    "TensorArray %s: Could not write to TensorArray index "
                    "%" PRId64 " because the value shape is %s which is "
                    "incompatible with the TensorArray's inferred element "
                    "shape: %s (consider setting infer_shape=False).",
                    name, a, shapeA, shapeB);
  case TA_ERR_AGGREGATE_BOOL:
    return snprintf(buffer, n,
                    "tensor_array::AddToTensor type not supported: bool");
  case TA_ERR_SCATTER_LENGTH:
    return snprintf(buffer, n,
                    "Expected len(indices) == values.shape[0], but saw: "
                    "%" PRId64 " vs. %" PRId64,
                    a, b);
  case TA_ERR_SCATTER_MAX_INDEX:
    return snprintf(buffer, n,
                    "Max scatter index must be < array size (%" PRId64
                    " vs. %" PRId64 ")",
                    a, b);
  case TA_ERR_SPLIT_SUM:
    _ta_rt_format_shape(shapeA, sizeof(shapeA), (const int64_t *)(intptr_t)b);
    return snprintf(buffer, n,
                    "Expected sum of lengths to be equal to values.shape[0], "
                    "but sum of lengths is %" PRId64
                    " and value's shape is: %s",
                    a, shapeA);
  case TA_ERR_SPLIT_SIZE:
    return snprintf(buffer, n,
                    "TensorArray's size is not equal to the size of lengths "
                    "(%" PRId64 " vs. %" PRId64
                    "), and the TensorArray is not marked as dynamically "
                    "resizeable",
                    a, b);
  case TA_ERR_ACCUMULATOR_SHAPE:
    _ta_rt_format_shape(shapeA, sizeof(shapeA), elementShape);
    _ta_rt_format_shape(shapeB, sizeof(shapeB), (const int64_t *)(intptr_t)b);
    return snprintf(buffer, n,
                    "TensorArray %s: the gradient accumulator exists with "
                    "element shape %s, but this gradient asks for element "
                    "shape %s (TensorFlow would hand back the existing "
                    "accumulator)",
                    name, shapeA, shapeB);
  case TA_ERR_SLICE_INDEX:
    /* TensorFlow's StridedSlice kernel (ta-legalize-tf's x[i]). */
    return snprintf(buffer, n,
                    "slice index %" PRId64 " of dimension %" PRId64
                    " out of bounds.",
                    a, b);
  case TA_ERR_RESHAPE:
    return snprintf(buffer, n,
                    "Input to reshape is a tensor with %" PRId64
                    " values, but the requested shape has %" PRId64,
                    a, b);
  case TA_ERR_RANGE_DELTA:
    return snprintf(buffer, n, "Requires delta != 0: %" PRId64, a);
  case TA_ERR_RANGE_UP:
    return snprintf(
        buffer, n,
        "Requires start <= limit when delta > 0: %" PRId64 "/%" PRId64, a, b);
  case TA_ERR_RANGE_DOWN:
    return snprintf(
        buffer, n,
        "Requires start >= limit when delta < 0: %" PRId64 "/%" PRId64, a, b);
  case TA_ERR_RANGE_SIZE:
    /* ta's own check: the type the exporter gave the result is wrong. */
    return snprintf(
        buffer, n,
        "tf.Range makes %" PRId64 " values where its type says %" PRId64, a, b);
  case TA_ERR_LIST_GET:
    return snprintf(buffer, n,
                    "Trying to access element %" PRId64
                    " in a list with %" PRId64 " elements.",
                    a, b);
  case TA_ERR_LIST_SET:
    return snprintf(buffer, n,
                    "Trying to modify element %" PRId64
                    " in a list with %" PRId64 " elements.",
                    a, b);
  case TA_ERR_LIST_STACK:
    return snprintf(buffer, n,
                    "Operation expected a list with %" PRId64
                    " elements but got a list with %" PRId64 " elements.",
                    a, b);
  case TA_ERR_RESULT_DIM:
    /* ta's own check: the type the exporter gave the result is wrong. */
    return snprintf(buffer, n,
                    "a result has %" PRId64 " elements in dimension %" PRId64
                    " where its type says %" PRId64,
                    a, c, b);
  case TA_ERR_LIST_POP_EMPTY:
    return snprintf(buffer, n, "Trying to pop from an empty list.");
  case TA_ERR_STACK_EMPTY:
    /* TensorFlow names the stack (from its node name and a counter): not
       known to compiled code. */
    return snprintf(buffer, n, "Stack is empty when calling Pop().");
  case TA_ERR_SCATTER_NOT_VECTOR:
    return snprintf(buffer, n,
                    "Input value for unpack must be at least a vector but "
                    "received shape: []");
  case TA_ERR_SPLIT_NOT_VECTOR:
    return snprintf(buffer, n,
                    "Expected value to be at least a vector, but received "
                    "shape: []");
  case TA_ERR_RESULT_RANK:
    return snprintf(buffer, n,
                    "a result of rank %" PRId64
                    " is cast to a type of rank %" PRId64,
                    a, b);
  case TA_ERR_SPLIT_SUM_OVERFLOW:
    _ta_rt_format_shape(shapeA, sizeof(shapeA), (const int64_t *)(intptr_t)b);
    return snprintf(buffer, n,
                    "Expected sum of lengths to be equal to values.shape[0], "
                    "but sum of lengths is more than 2**63 - 1 and value's "
                    "shape is: %s",
                    shapeA);
  case TA_ERR_SPLIT_NEGATIVE_LENGTH:
    return snprintf(buffer, n,
                    "Expected lengths to be non-negative, but lengths[%" PRId64
                    "] is %" PRId64,
                    a, b);
  case TA_ERR_LIST_GATHER:
    /* TensorFlow's text, its typo included. */
    return snprintf(buffer, n,
                    "Index %" PRId64 " out o range; list only has %" PRId64
                    " elements.",
                    a, b);
  case TA_ERR_LIST_GATHER_AT:
    return snprintf(buffer, n,
                    "Trying to gather element %" PRId64
                    " in a list with %" PRId64 " elements.",
                    a, b);
  case TA_ERR_INT_DIV_ZERO:
    return snprintf(buffer, n, "Integer division by zero");
  case TA_ERR_SLICE_BEGIN:
    return snprintf(buffer, n,
                    "Expected begin[%" PRId64 "] in [0, %" PRId64
                    "], but got %" PRId64,
                    a, c, b);
  case TA_ERR_SLICE_SIZE:
    return snprintf(buffer, n,
                    "Expected size[%" PRId64 "] in [0, %" PRId64
                    "], but got %" PRId64,
                    a, c, b);
  case TA_ERR_PERMUTATION_RANGE:
    return snprintf(buffer, n, "%" PRId64 " is not between 0 and %" PRId64, a,
                    b);
  case TA_ERR_PERMUTATION_DUPLICATE:
    return snprintf(buffer, n, "%" PRId64 " is duplicated in the input.", a);
  case TA_ERR_SEGMENT_COUNT:
    return snprintf(buffer, n,
                    "Input num_segments == %" PRId64 " must not be negative.",
                    a);
  case TA_ERR_SEQ_LENGTH_NEGATIVE:
    return snprintf(buffer, n, "seq_lens(%" PRId64 ") < 0", a);
  case TA_ERR_SEQ_LENGTH_LONG:
    return snprintf(buffer, n,
                    "seq_lens(%" PRId64 ") > input.dims(%" PRId64 ")", a, b);
  case TA_ERR_GATHER_INDEX:
    if (a < 0)
      return snprintf(buffer, n,
                      "indices = %" PRId64 " is not in [0, %" PRId64 ")", b, c);
    return snprintf(buffer, n,
                    "indices[%" PRId64 "] = %" PRId64 " is not in [0, %" PRId64
                    ")",
                    a, b, c);
  case TA_ERR_LIST_SCATTER_ROWS:
    return snprintf(buffer, n,
                    "Invalid number of rows in input tensor. Expected: %" PRId64
                    " Actual: %" PRId64,
                    a, b);
  case TA_ERR_LIST_SCATTER_COUNT:
    return snprintf(buffer, n,
                    "TensorListScatter expects num_elements >= -1, found: "
                    "%" PRId64,
                    a);
  case TA_ERR_LIST_SCATTER_NEGATIVE:
    return snprintf(buffer, n,
                    "Indices in TensorListScatter must all be non-negative.");
  case TA_ERR_LIST_SCATTER_INDEX:
    return snprintf(buffer, n,
                    "TensorListScatter: Trying to scatter at index %" PRId64
                    " in list with size %" PRId64,
                    a, b);
  case TA_ERR_LIST_SCATTER_INTO_ROWS:
    return snprintf(buffer, n,
                    "Expected len(indices) == tensor.shape[0], but saw: "
                    "%" PRId64 " vs. %" PRId64,
                    a, b);
  case TA_ERR_LIST_CONCAT_SCALARS:
    return snprintf(buffer, n,
                    "Concat requires elements to be at least vectors, found "
                    "scalars instead.");
  case TA_ERR_LIST_SPLIT_LENGTH:
    return snprintf(buffer, n, "Invalid value in lengths: %" PRId64, a);
  case TA_ERR_LIST_SPLIT_SLICE:
    return snprintf(buffer, n,
                    "Attempting to slice [%" PRId64 ", %" PRId64
                    "] from tensor with length %" PRId64,
                    a, b, c);
  case TA_ERR_LIST_SPLIT_UNUSED:
    return snprintf(buffer, n,
                    "Unused values in tensor. Length of tensor: %" PRId64
                    " Values used: %" PRId64,
                    a, b);
  case TA_ERR_LIST_SPLIT_RAGGED:
    return snprintf(buffer, n,
                    "TensorListSplit of a piece of length %" PRId64
                    " into a list whose elements have %" PRId64
                    " rows: ta-import-tf takes lists whose items have one "
                    "static shape",
                    a, b);
  case TA_ERR_FILL_DIM:
    return snprintf(buffer, n, "Dimension %" PRId64 " must be >= 0", a);
  case TA_ERR_LIST_ADD_LENGTH:
    return snprintf(buffer, n,
                    "Trying to add two lists of tensors with different "
                    "lengths. One is %" PRId64 " and the other is %" PRId64,
                    a, b);
  case TA_ERR_LIST_FULL:
    return snprintf(buffer, n,
                    "Tried to push item into a full list list size: %" PRId64
                    " max_num_elements: %" PRId64,
                    a, b);
  case TA_ERR_LIST_RESIZE:
    return snprintf(buffer, n,
                    "TensorListSlice expects size to be non-negative. Got: "
                    "%" PRId64,
                    a);
  case TA_ERR_LIST_RESERVE:
    return snprintf(buffer, n,
                    "The num_elements to reserve must be a non negative "
                    "number, but got %" PRId64,
                    a);
  case TA_ERR_OOM: {
    /* TensorFlow's resource-exhausted wording ("OOM when allocating tensor
       with shape[...]"), with what compiled code knows of the shape. */
    const char *what = (c & TA_ALLOC_ARRAY) ? "TensorArray storage" : "tensor";
    int tooLarge = (c & TA_ALLOC_TOO_LARGE) || a < 0 || b < 0 ||
                   (b != 0 && a > INT64_MAX / b);
    if (tooLarge && a < 0) /* a count that wrapped, or none mode's size */
      return snprintf(
          buffer, n, "OOM when allocating %s: more than 2**63 - 1 bytes", what);
    if (tooLarge)
      return snprintf(buffer, n,
                      "OOM when allocating %s: more than 2**63 - 1 bytes "
                      "(%" PRId64 " x %" PRId64 " bytes)",
                      what, a, b);
    if (b == 1)
      return snprintf(buffer, n, "OOM when allocating %s of %" PRId64 " bytes",
                      what, a);
    return snprintf(buffer, n,
                    "OOM when allocating %s of %" PRId64 " bytes (%" PRId64
                    " x %" PRId64 " bytes)",
                    what, a * b, a, b);
  }
  default:
    return snprintf(buffer, n, "unknown ta runtime error %d", (int)code);
  }
}

void _ta_rt_fail(int32_t code, int64_t header, int64_t a, int64_t b,
                 int64_t c) {
  char message[2048];
  _ta_rt_format_error(message, sizeof(message), code,
                      (const TAArrayHeader *)(intptr_t)header, a, b, c);
  _ta_rt_exit_with(message);
}

static _Thread_local ta_runtime_error_handler errorHandler;
static _Thread_local void *errorHandlerData;

ta_runtime_error_handler
ta_runtime_set_error_handler(ta_runtime_error_handler handler,
                             void *user_data) {
  ta_runtime_error_handler previous = errorHandler;
  errorHandler = handler;
  errorHandlerData = user_data;
  return previous;
}

void _ta_rt_exit_with(const char *message) {
  if (errorHandler)
    errorHandler(message, errorHandlerData);
  fflush(stdout);
  fprintf(stderr, "ta runtime error: %s\n", message);
  fflush(stderr);
  exit(1);
}

static int sameShape(const int64_t *x, const int64_t *y) {
  if (x == y)
    return 1;
  if (!x || !y || x[0] != y[0])
    return 0;
  return x[0] < 0 || memcmp(x + 1, y + 1, (size_t)x[0] * sizeof(int64_t)) == 0;
}

void _ta_rt_check_accumulator(int64_t header, int64_t shape) {
  const TAArrayHeader *h = (const TAArrayHeader *)(intptr_t)header;
  if (!sameShape((const int64_t *)(intptr_t)h->element_shape,
                 (const int64_t *)(intptr_t)shape))
    _ta_rt_fail(TA_ERR_ACCUMULATOR_SHAPE, header, 0, shape, 0);
}

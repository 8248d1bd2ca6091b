/*===- TAABI.h - the ABI between lowered code and libta_runtime -*- C -*-===*\
|*                                                                            *|
|* One source for what code lowered by ta-lower-to-memref and libta_runtime  *|
|* must agree on: the array buffer's header (its fields and their word       *|
|* indices), the array flags, the per-slot states, the run-time error codes  *|
|* and the runtime's symbol names. Plain C without MLIR: the runtime         *|
|* (TARuntime.c), the lowering (TAToMemRef.cpp), the import's checks         *|
|* (RuntimeChecks.cpp) and the Python driver all include it, and the         *|
|* asserts at the end tie the struct to the indices.                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TA_RUNTIME_TAABI_H
#define TA_RUNTIME_TAABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The 64-byte header at the start of every array buffer, followed by the
/// element data and then the per-slot states, one byte each, where the
/// array has them (lib/Conversion/TAToMemRef/ArrayLayout.h). Shapes are
/// addresses of `int64_t[1 + rank]` arrays `{rank, d0, d1, ...}`.
typedef struct TAArrayHeader {
  int64_t size;
  int64_t capacity;
  int64_t flags;
  int64_t marked_size;
  int64_t name;          /* address of the NUL-terminated array name */
  int64_t source;        /* accumulators: address of the source; else 0 */
  int64_t element_shape; /* address of the element shape */
  int64_t reserved;      /* open element shapes: the runtime's array */
} TAArrayHeader;

/// The runtime errors of the strict lowering, one per TensorFlow message
/// (plus one of ta's own). The numbering is part of the ABI between lowered
/// code and the runtime; `a`, `b` and `c` are the values each one prints.
enum TARuntimeError {
  TA_ERR_NEGATIVE_SIZE = 1,       /* "Size should be >= 0." */
  TA_ERR_CLOSED = 2,              /* "... has already been closed." */
  TA_ERR_WRITE_OUT_OF_BOUNDS = 3, /* a = index, b = size */
  TA_ERR_WRITE_AFTER_READ = 4,    /* a = index */
  TA_ERR_DOUBLE_WRITE = 5,        /* a = index */
  TA_ERR_READ_OUT_OF_BOUNDS = 6,  /* a = index, b = size */
  TA_ERR_READ_CLEARED = 7,        /* a = index */
  TA_ERR_WRITE_SHAPE = 8,         /* a = index, b = value shape */
  TA_ERR_AGGREGATE_BOOL = 9,      /* AddToTensor has no bool kernel */
  TA_ERR_SCATTER_LENGTH = 10,     /* a = len(indices), b = value dim 0 */
  TA_ERR_SCATTER_MAX_INDEX = 11,  /* a = max index, b = size */
  TA_ERR_SPLIT_SUM = 12,          /* a = sum of lengths, b = value shape */
  TA_ERR_SPLIT_SIZE = 13,         /* a = size, b = len(lengths) */
  TA_ERR_ACCUMULATOR_SHAPE = 14,  /* b = shape asked for (ta's own check) */
  TA_ERR_SLICE_INDEX = 15,        /* tf.StridedSlice x[i]: a = i, b = dim */
  TA_ERR_RESHAPE = 16,            /* tf.Reshape: a = values, b = wanted */
  TA_ERR_RANGE_DELTA = 17,        /* tf.Range: a = delta */
  TA_ERR_RANGE_UP = 18,           /* tf.Range: a = start, b = limit */
  TA_ERR_RANGE_DOWN = 19,         /* tf.Range: a = start, b = limit */
  TA_ERR_RANGE_SIZE = 20,         /* a = size, b = the static size typed */
  TA_ERR_LIST_GET = 21,           /* TensorListGetItem: a = index, b = size */
  TA_ERR_LIST_SET = 22,           /* TensorListSetItem: a = index, b = size */
  TA_ERR_LIST_STACK = 23,         /* TensorListStack: a = wanted, b = size */
  TA_ERR_LIST_RESERVE = 24,       /* TensorListReserve: a = num_elements */
  TA_ERR_BROADCAST = 25,          /* header = shapes (see _ta_rt_fail) */
  TA_ERR_RESULT_DIM = 26,         /* a = size, b = typed size, c = dim */
  TA_ERR_LIST_POP_EMPTY = 27,     /* TensorListPopBack of an empty list */
  TA_ERR_LIST_RESIZE = 28,        /* TensorListResize: a = size */
  TA_ERR_STACK_EMPTY = 29,        /* StackPopV2 of an empty stack */
  TA_ERR_LIST_FULL = 30,          /* PushBack: a = size, b = capacity */
  TA_ERR_OOM = 31, /* a = count, b = bytes each, c = TAAllocationKind */
  /* ta's own: TensorFlow aborts (a failed CHECK in TensorShape::set_dim) */
  TA_ERR_SPLIT_NEGATIVE_LENGTH = 32, /* a = k, b = lengths[k] */
  /* ta's own: TensorFlow's int64 sum wraps, and where it wraps to the
     value's rows its kernel reads past the value */
  TA_ERR_SPLIT_SUM_OVERFLOW = 33, /* b = value shape */
  /* ta's own: an unranked value made ranked for its casts has another rank */
  TA_ERR_RESULT_RANK = 34, /* a = its rank, b = the casts' */
  /* An unranked scatter or split value that is a scalar */
  TA_ERR_SCATTER_NOT_VECTOR = 35,
  TA_ERR_SPLIT_NOT_VECTOR = 36,
  /* tf.AddN of tensors of different shapes: header = the shapes of input 0
     and input c (see _ta_rt_fail) */
  TA_ERR_ADDN_SHAPE = 37,
  /* tf.AddN of TensorLists of different lengths: a, b = the lengths */
  TA_ERR_LIST_ADD_LENGTH = 38,
  /* TensorListGather: a = index, b = size */
  TA_ERR_LIST_GATHER = 39,
  /* TensorListScatterV2: a = indices, b = the tensor's rows */
  TA_ERR_LIST_SCATTER_ROWS = 40,
  /* TensorListScatterV2: a = num_elements (< -1) */
  TA_ERR_LIST_SCATTER_COUNT = 41,
  /* TensorListScatterV2 and ScatterIntoExistingList: a negative index */
  TA_ERR_LIST_SCATTER_NEGATIVE = 42,
  /* TensorListScatterV2: a = index, b = num_elements */
  TA_ERR_LIST_SCATTER_INDEX = 43,
  /* TensorListScatterIntoExistingList: a = indices, b = the tensor's rows */
  TA_ERR_LIST_SCATTER_INTO_ROWS = 44,
  /* TensorListConcatV2 of a list of scalars */
  TA_ERR_LIST_CONCAT_SCALARS = 45,
  /* TensorListSplit: a = a negative length */
  TA_ERR_LIST_SPLIT_LENGTH = 46,
  /* TensorListSplit: a, b = the piece's bounds, c = the tensor's rows */
  TA_ERR_LIST_SPLIT_SLICE = 47,
  /* TensorListSplit: a = the tensor's rows, b = the rows the lengths use */
  TA_ERR_LIST_SPLIT_UNUSED = 48,
  /* TensorListSplit into pieces of another length than the list's
     elements have (ta's own): a = the length, b = the elements' rows */
  TA_ERR_LIST_SPLIT_RAGGED = 49,
  /* tf.Fill of a negative dim: a = the dim */
  TA_ERR_FILL_DIM = 50,
  /* TensorListSetItem of an item of another shape than the list's
     elements: header = the two shapes (item, element) */
  TA_ERR_LIST_SET_SHAPE = 51,
  /* TensorListPushBack of such an item: header = the two shapes */
  TA_ERR_LIST_PUSH_SHAPE = 52,
  /* TensorListGather from a list made with an element shape not fully
     defined: a = index, b = size */
  TA_ERR_LIST_GATHER_AT = 53,
  /* TensorListGather of no indices from such a list: header = its element
     shape (-1: an unknown dim), c = 1 where its rank is unknown */
  TA_ERR_LIST_GATHER_EMPTY = 54,
  /* tf.GatherV2 of an index out of range: a = its position (-1: a scalar
     index), b = the index, c = the params' extent along the axis */
  TA_ERR_GATHER_INDEX = 55,
  /* tf.FloorDiv, tf.FloorMod of integers by a zero */
  TA_ERR_INT_DIV_ZERO = 56,
  /* tf.Slice: a = the dim, b = its begin, c = the input's extent */
  TA_ERR_SLICE_BEGIN = 57,
  /* tf.Slice: a = the dim, b = its size, c = the extent after begin */
  TA_ERR_SLICE_SIZE = 58,
  /* tf.InvertPermutation: a = the entry, b = the permutation's length */
  TA_ERR_PERMUTATION_RANGE = 59,
  /* tf.InvertPermutation: a = the entry seen twice */
  TA_ERR_PERMUTATION_DUPLICATE = 60,
  /* tf.ReverseSequence: a = the batch entry whose length is negative */
  TA_ERR_SEQ_LENGTH_NEGATIVE = 61,
  /* tf.ReverseSequence: a = the batch entry whose length passes the
     sequence dim b */
  TA_ERR_SEQ_LENGTH_LONG = 62,
  /* tf.GatherV2 of indices of rank >= 2: the header holds
     [r, the index's position (r words), 2, the index, the dim's extent] */
  TA_ERR_GATHER_INDEX_ND = 63,
  /* tf.SparseSoftmaxCrossEntropyWithLogits of a label out of range: the
     header holds [n, the labels (n words), 2, the label, the classes] */
  TA_ERR_SPARSE_XENT_LABEL = 64,
  /* tf.GatherNd of an index row out of the params: the header holds [r,
     the row's position (r words), k, the row (k words), p, the params'
     shape (p words)] */
  TA_ERR_GATHER_ND_ROW = 65,
  /* tf.UnsortedSegmentSum/Prod of an id past the segments: the header
     holds [r, the id's position (r words), 2, the id, num_segments] */
  TA_ERR_SEGMENT_ID = 66,
  /* tf.UnsortedSegmentSum/Prod: a = a negative num_segments */
  TA_ERR_SEGMENT_COUNT = 67,
  /* tf.AssignVariableOp of a value of another shape than the variable's:
     header = the two shapes (the variable's, the value's) */
  TA_ERR_ASSIGN_SHAPE = 68,
};

/// What a failed allocation was for (TA_ERR_OOM's `c`).
enum TAAllocationKind {
  TA_ALLOC_TENSOR = 0,    /* a tensor's buffer: a = elements */
  TA_ALLOC_ARRAY = 1,     /* ta's storage of arrays: a = slots or bytes */
  TA_ALLOC_TOO_LARGE = 2, /* flag: a x b bytes would pass INT64_MAX */
};

/// The header's fields as indices of int64 words, as lowered code reads
/// and writes them.
enum TAHeaderField {
  TA_HEADER_SIZE = 0,
  TA_HEADER_CAPACITY = 1,
  TA_HEADER_FLAGS = 2,
  TA_HEADER_MARKED_SIZE = 3,
  TA_HEADER_NAME = 4,
  TA_HEADER_SOURCE = 5,
  TA_HEADER_ELEMENT_SHAPE = 6,
  TA_HEADER_RESERVED = 7,
  TA_HEADER_WORDS = 8,
};

/// Bytes of the header, and the alignment of every array buffer when it is
/// created. (A buffer that grew, _ta_rt_realloc, has malloc's alignment,
/// 16 bytes, as C's realloc gives it.)
enum { TA_HEADER_BYTES = TA_HEADER_WORDS * 8, TA_BUFFER_ALIGNMENT = 64 };

/// libta_runtime's allocations (_mlir_memref_to_llvm_aligned_alloc, with an
/// alignment up to a page) of this many bytes or more are fresh anonymous
/// mappings: zero, and backed by memory only where touched. Lowered code
/// skips zero-filling them.
#define TA_MAPPED_ALLOCATION_BYTES (1ull << 30)
/// The internal function of lowered modules that says whether a fresh
/// buffer of its argument's bytes is zero already (on the CPU: whether
/// libta_runtime mapped it). A pipeline whose allocator gives no zeros
/// (ta-gpu-managed-memory) redefines it to return false.
#define TA_FRESH_BUFFER_IS_ZERO "__ta_fresh_buffer_is_zero"
/// Growth extends an array's buffer in place where it can (_ta_rt_realloc:
/// a mapping is remapped, its pages untouched) and moves the slots' state to
/// the new end of the data with _ta_rt_shift_bytes, which remaps whole pages
/// of a mapping where the two offsets agree modulo the page size. Growth of
/// a mapped buffer keeps the capacity congruent modulo this many slots, so
/// that they agree (the page size of x86-64 and of most arm64 kernels;
/// elsewhere the state is copied).
#define TA_MOVE_GRANULE_BYTES 4096

/// The largest element rank of an array whose element shape is open or
/// unranked (libta_runtime keeps their shapes): a shape is passed as
/// `{rank, d0, ...}`, at most 1 + TA_MAX_ELEMENT_RANK words (a gather's
/// result has one dim more).
#define TA_MAX_ELEMENT_RANK 32

/// Bits of the header's `flags`.
enum TAArrayFlag {
  TA_FLAG_CLOSED = 1,
  TA_FLAG_DYNAMIC = 2,
  TA_FLAG_CLEAR_AFTER_READ = 4,
  TA_FLAG_IS_GRAD = 8,
  TA_FLAG_IDENTICAL_SHAPES = 16, /* the first write fixes open dims */
  /* The buffer is in a function's frame (ta-lower-to-memref's frame
     arrays): growth moves the array to the heap without freeing it. */
  TA_FLAG_IN_FRAME = 32,
};

/// Bits of a slot's state (strict mode). Written without materialized is
/// TensorFlow's soft write: a shape but no tensor yet (reads give zeros).
enum TASlotState {
  TA_SLOT_WRITTEN = 1,
  TA_SLOT_READ = 2,
  TA_SLOT_CLEARED = 4,
  TA_SLOT_MATERIALIZED = 8,
};

/// What an element's scalars are, for the runtime's accumulators to add
/// them (arrays of open element shapes).
enum TAElementKind {
  TA_ELEMENT_INTEGER = 0,
  TA_ELEMENT_FLOAT = 1,
  TA_ELEMENT_BOOL = 2,
};

/// The runtime's functions that lowered code calls (TARuntime.h).
#define TA_RT_FAIL "_ta_rt_fail"
#define TA_RT_CHECK_ACCUMULATOR "_ta_rt_check_accumulator"
#define TA_RT_SHIFT_BYTES "_ta_rt_shift_bytes"
/// Called by ta-finalize-memref-to-llvm's lowering of memref.realloc.
#define TA_RT_REALLOC "_ta_rt_realloc"
#define TA_RT_QUIET_ALLOCATIONS "_ta_rt_quiet_allocations"
#define TA_RT_UNBATCH_GRAD "_ta_rt_unbatch_grad"
#define TA_RT_UNBATCH_GRAD_ROWS "_ta_rt_unbatch_grad_rows"
#define TA_RT_UNBATCH_GRAD_TAKE "_ta_rt_unbatch_grad_take"
/* Arrays whose element type leaves dims open (runtime/DynamicArrays.cpp):
   the box holds the header alone, `reserved` the runtime's array. */
#define TA_RT_DYN_INIT "_ta_rt_dyn_init"
#define TA_RT_DYN_GRAD "_ta_rt_dyn_grad"
#define TA_RT_DYN_GRAD_STATIC "_ta_rt_dyn_grad_static"
#define TA_RT_DYN_RELEASE "_ta_rt_dyn_release"
#define TA_RT_DYN_CLOSE "_ta_rt_dyn_close"
#define TA_RT_DYN_SIZE "_ta_rt_dyn_size"
#define TA_RT_DYN_WRITE "_ta_rt_dyn_write"
#define TA_RT_DYN_READ "_ta_rt_dyn_read"
#define TA_RT_DYN_GATHER "_ta_rt_dyn_gather"
#define TA_RT_DYN_CONCAT "_ta_rt_dyn_concat"
#define TA_RT_DYN_TAKE "_ta_rt_dyn_take"
#define TA_RT_DYN_SCATTER "_ta_rt_dyn_scatter"
#define TA_RT_DYN_SPLIT "_ta_rt_dyn_split"

#ifdef __cplusplus
#define TA_ABI_ASSERT(c, m) static_assert(c, m)
#else
#define TA_ABI_ASSERT(c, m) _Static_assert(c, m)
#endif
TA_ABI_ASSERT(sizeof(TAArrayHeader) == TA_HEADER_BYTES, "header size");
TA_ABI_ASSERT(offsetof(TAArrayHeader, size) == TA_HEADER_SIZE * 8, "size");
TA_ABI_ASSERT(offsetof(TAArrayHeader, capacity) == TA_HEADER_CAPACITY * 8,
              "capacity");
TA_ABI_ASSERT(offsetof(TAArrayHeader, flags) == TA_HEADER_FLAGS * 8, "flags");
TA_ABI_ASSERT(offsetof(TAArrayHeader, marked_size) == TA_HEADER_MARKED_SIZE * 8,
              "marked_size");
TA_ABI_ASSERT(offsetof(TAArrayHeader, name) == TA_HEADER_NAME * 8, "name");
TA_ABI_ASSERT(offsetof(TAArrayHeader, source) == TA_HEADER_SOURCE * 8,
              "source");
TA_ABI_ASSERT(offsetof(TAArrayHeader, element_shape) ==
                  TA_HEADER_ELEMENT_SHAPE * 8,
              "element_shape");
TA_ABI_ASSERT(offsetof(TAArrayHeader, reserved) == TA_HEADER_RESERVED * 8,
              "reserved");
TA_ABI_ASSERT(TA_HEADER_BYTES % TA_BUFFER_ALIGNMENT == 0,
              "the header keeps the data after it aligned");
#undef TA_ABI_ASSERT

#ifdef __cplusplus
}
#endif

#endif /* TA_RUNTIME_TAABI_H */

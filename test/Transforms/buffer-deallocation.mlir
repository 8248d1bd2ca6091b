// ta-buffer-deallocation: MLIR's ownership-based deallocation for what
// bufferization allocated, leaving ta's own storage (manual_deallocation)
// and the functions that return boxes or receive them from calls alone.
// RUN: ta-opt %s --ta-buffer-deallocation -split-input-file | FileCheck %s

// A temporary (a value read out of an array, say) is freed once dead; the
// array's buffer and box are not.
// CHECK-LABEL: func.func @temporary
// CHECK: %[[BUF:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<64xi8>
// CHECK: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<1xmemref<64xi8>>
// CHECK: %[[TMP:.*]] = memref.alloc() : memref<2xf32>
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[TMP]]
// CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%true{{.*}})
// CHECK-NOT: bufferization.dealloc
// CHECK: return
func.func private @use(memref<2xf32>)
func.func @temporary(%f: f32) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() {bufferization.manual_deallocation} : memref<64xi8>
  %box = memref.alloc() {bufferization.manual_deallocation} : memref<1xmemref<64xi8>>
  memref.store %buf, %box[%c0] : memref<1xmemref<64xi8>>
  %tmp = memref.alloc() : memref<2xf32>
  memref.store %f, %tmp[%c0] : memref<2xf32>
  func.call @use(%tmp) : (memref<2xf32>) -> ()
  return
}

// -----

// A box argument is not owned (never freed or cloned); a buffer loaded
// from it and freed by ta (growth, close) is not owned either (the check
// folds to true).
// CHECK-LABEL: func.func @box_argument
// CHECK: %[[OLD:.*]] = memref.load
// CHECK: %[[NOTOWNED:.*]] = arith.xori %[[FALSE:false[_0-9]*]], %true
// CHECK-NEXT: cf.assert %[[NOTOWNED]], "expected that the block does not have ownership"
// CHECK-NEXT: memref.dealloc %[[OLD]] {bufferization.manual_deallocation}
// CHECK: %[[TMP:.*]] = memref.alloc() : memref<2xf32>
// CHECK: %[[BOXBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %arg0
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[TMP]]
// CHECK: bufferization.dealloc (%[[BOXBASE]], %[[BASE]] : memref<memref<?xi8>>, memref<f32>) if (%[[FALSE]], %true)
// CHECK-NOT: bufferization.dealloc
// CHECK: return
func.func private @use(memref<2xf32>)
func.func @box_argument(%box: memref<1xmemref<?xi8>>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %old = memref.load %box[%c0] : memref<1xmemref<?xi8>>
  %new = memref.alloc(%c64) {bufferization.manual_deallocation} : memref<?xi8>
  memref.dealloc %old {bufferization.manual_deallocation} : memref<?xi8>
  memref.store %new, %box[%c0] : memref<1xmemref<?xi8>>
  %tmp = memref.alloc() : memref<2xf32>
  func.call @use(%tmp) : (memref<2xf32>) -> ()
  return
}

// -----

// Left alone: a function returning a box (its temporary leaks rather than
// the box being cloned), one receiving a box from a call, one that frees
// buffers itself, one that reallocates one (a growth function: the realloc
// frees its source).
// CHECK-LABEL: func.func @returns_box
// CHECK-NOT: bufferization.dealloc
// CHECK: return
// CHECK-LABEL: func.func @receives_box
// CHECK-NOT: bufferization.dealloc
// CHECK: return
// CHECK-LABEL: func.func @frees_itself
// CHECK-NOT: bufferization.dealloc
// CHECK: return
// CHECK-LABEL: func.func @reallocates
// CHECK-NOT: bufferization.dealloc
// CHECK: return
func.func private @use(memref<2xf32>)
func.func @returns_box() -> memref<1xmemref<?xi8>> {
  %box = memref.alloc() {bufferization.manual_deallocation} : memref<1xmemref<?xi8>>
  %tmp = memref.alloc() : memref<2xf32>
  func.call @use(%tmp) : (memref<2xf32>) -> ()
  return %box : memref<1xmemref<?xi8>>
}
func.func @receives_box() {
  %box = func.call @returns_box() : () -> memref<1xmemref<?xi8>>
  %tmp = memref.alloc() : memref<2xf32>
  func.call @use(%tmp) : (memref<2xf32>) -> ()
  return
}
func.func @frees_itself() {
  %tmp = memref.alloc() : memref<2xf32>
  func.call @use(%tmp) : (memref<2xf32>) -> ()
  memref.dealloc %tmp : memref<2xf32>
  %tmp2 = memref.alloc() : memref<2xf32>
  func.call @use(%tmp2) : (memref<2xf32>) -> ()
  return
}
func.func @reallocates(%box: memref<1xmemref<?xi8>>, %n: index) {
  %c0 = arith.constant 0 : index
  %buffer = memref.load %box[%c0] : memref<1xmemref<?xi8>>
  %grown = memref.realloc %buffer(%n) : memref<?xi8> to memref<?xi8>
  memref.store %grown, %box[%c0] : memref<1xmemref<?xi8>>
  %tmp = memref.alloc() : memref<2xf32>
  func.call @use(%tmp) : (memref<2xf32>) -> ()
  return
}

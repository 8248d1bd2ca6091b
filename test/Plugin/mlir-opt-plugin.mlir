// Debian's own mlir-opt (not ta-opt) with libTAPlugin loaded as a dialect
// plugin and a pass plugin: it parses and verifies ta programs, reports ta's
// diagnostics, and lowers them with ta's pipelines (named in --pass-pipeline:
// pass flags are parsed before a plugin's passes exist).
// REQUIRES: ta-plugin

// RUN: mlir-opt --load-dialect-plugin=%ta_plugin %s | FileCheck %s --check-prefix=PARSE
// PARSE-LABEL: func.func @roundtrip
// PARSE: %[[H:.*]], %[[F:.*]] = ta.create %{{.*}} {clear_after_read = false} : !ta.handle<3, tensor<2xf32>>
// PARSE: ta.write %[[H]][%{{.*}}], %{{.*}}, %[[F]] : !ta.handle<3, tensor<2xf32>>, tensor<2xf32>
// PARSE: ta.grad %[[H]], %{{.*}} source "g" : !ta.handle<3, tensor<2xf32>>

// The verifiers, through the plugin: every diagnostic of the grad ops.
// RUN: mlir-opt --load-dialect-plugin=%ta_plugin %S/../Dialect/TA/invalid-grad.mlir -split-input-file -verify-diagnostics

// Lowered with ta-lower-to-llvm and run: the example's numbers.
// RUN: mlir-opt --load-dialect-plugin=%ta_plugin --load-pass-plugin=%ta_plugin %ta_src_root/examples/rnn_grad.mlir --pass-pipeline="builtin.module(ta-lower-to-llvm)" | %run_cpu -e main | FileCheck %S/../Examples/rnn_grad.mlir
// RUN: mlir-opt --load-dialect-plugin=%ta_plugin --load-pass-plugin=%ta_plugin %s --pass-pipeline="builtin.module(ta-lower-to-llvm{checks=none})" | %run_cpu -e roundtrip | FileCheck %s --check-prefix=OUT
// RUN: mlir-opt --load-dialect-plugin=%ta_plugin --load-pass-plugin=%ta_plugin %s --pass-pipeline="builtin.module(ta-lower-to-llvm)" | %run_cpu -e roundtrip | FileCheck %s --check-prefix=OUT
// OUT: [1.5,  -2]

// The GPU pipeline too (PTX text; needs no toolkit).
// RUN: mlir-opt --load-dialect-plugin=%ta_plugin --load-pass-plugin=%ta_plugin %s --pass-pipeline="builtin.module(ta-lower-to-nvvm{format=isa})" | FileCheck %s --check-prefix=NVVM
// NVVM: gpu.binary @{{.*}}#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// NVVM-NOT: ta.create

// Without the dialect plugin, mlir-opt does not know ta.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NODIALECT
// NODIALECT: Dialect `ta' not found for custom op 'ta.create'
// A bad option of a ta pipeline is reported by mlir-opt.
// RUN: not mlir-opt --load-dialect-plugin=%ta_plugin --load-pass-plugin=%ta_plugin %s --pass-pipeline="builtin.module(ta-lower-to-llvm{checks=sometimes})" 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: for the --checks option: Cannot find option named 'sometimes'!

func.func private @printMemrefF32(tensor<*xf32>)

func.func @roundtrip() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %h, %f = ta.create %c3 {clear_after_read = false} : !ta.handle<3, tensor<2xf32>>
  %f1 = ta.write %h[%c0], %v, %f : !ta.handle<3, tensor<2xf32>>, tensor<2xf32>
  %g, %gf = ta.grad %h, %f1 source "g" : !ta.handle<3, tensor<2xf32>>
  %r = ta.read %h[%c0], %gf : !ta.handle<3, tensor<2xf32>>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf %S/../../../TF/v1_grad_while.mlir > %t.pipeline.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-tf-drop-session-initializers --ta-tf-functionalize --ta-tf-flatten-executor --ta-tf-read-variables --ta-tf-decompose-optionals --ta-tf-refine-types %S/../../../TF/v1_grad_while.mlir \
// RUN:   | ta-opt --allow-unregistered-dialect --ta-tf-decompose-stacks --ta-tf-fold-constant-items --ta-tf-type-resources \
// RUN:   | ta-opt --allow-unregistered-dialect --ta-tf-convert-tensor-arrays --ta-tf-decompose-lists --ta-tf-refine-types --ta-tf-control-flow-to-scf --ta-tf-refine-types > %t.steps.mlir
// RUN: diff %t.pipeline.mlir %t.steps.mlir
// RUN: FileCheck %s < %t.steps.mlir

// ta-import-tf is the fourteen ta-tf-* passes in order (ta-tf-refine-types
// three times: before and after lists become tensors, and once the
// branches and loop bodies are regions); run one by one, with the
// IR printed and parsed again between them, they import the same module: a
// TensorFlow 1 graph of the corpus (test/TF/v1_grad_while.mlir: a dataflow
// loop writing a TensorArray, tf.gradients' stacks and backward loop).

// PIPELINE: Pass Manager with 14 passes:
// PIPELINE-NEXT: builtin.module(
// PIPELINE-NEXT: ta-tf-drop-session-initializers,
// PIPELINE-NEXT: ta-tf-functionalize,
// PIPELINE-NEXT: ta-tf-flatten-executor,
// PIPELINE-NEXT: ta-tf-read-variables,
// PIPELINE-NEXT: ta-tf-decompose-optionals,
// PIPELINE-NEXT: ta-tf-refine-types,
// PIPELINE-NEXT: ta-tf-decompose-stacks,
// PIPELINE-NEXT: ta-tf-fold-constant-items,
// PIPELINE-NEXT: ta-tf-type-resources,
// PIPELINE-NEXT: ta-tf-convert-tensor-arrays,
// PIPELINE-NEXT: ta-tf-decompose-lists,
// PIPELINE-NEXT: ta-tf-refine-types,
// PIPELINE-NEXT: ta-tf-control-flow-to-scf,
// PIPELINE-NEXT: ta-tf-refine-types
// PIPELINE-NEXT: )

// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %{{.*}} : !ta.handle<3, tensor<2xf32>>
// CHECK: scf.while
// CHECK: ta.write %[[H]][%{{.*}}], %{{.*}}, %{{.*}} : !ta.handle<3, tensor<2xf32>>, tensor<2xf32>
// CHECK: ta.grad %[[H]], %{{.*}} source "gradients" : !ta.handle<3, tensor<2xf32>>
// CHECK: ta.gather %[[H]]
// CHECK-NOT: tf_executor
// CHECK-NOT: tf.TensorArray
// CHECK-NOT: tf.Stack
// CHECK-NOT: tf.TensorList

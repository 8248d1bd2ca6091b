// tf_activation_ops: The kernels of Relu6, Elu, Selu, Softplus and their
// gradients, LeakyReluGrad, SqrtGrad, RsqrtGrad, Log1p, Floor, Ceil, Round,
// Sign, IsFinite and StopGradient on 29 values (packets and a tail), bit for
// bit.
//
// Exported with tf.mlir.experimental.convert_function(cf,
// pass_pipeline='tf-standard-pipeline') (functional control flow).
//
// The program:
//
//   @tf.function
//   def tf_activation_ops(x, g):
//       y = tf.abs(x) + 0.25
//       elu, selu = raw.Elu(features=x), raw.Selu(features=x)
//       return (raw.Relu6(features=x), raw.Relu6Grad(gradients=g, features=x), elu,
//               raw.EluGrad(gradients=g, outputs=elu), selu,
//               raw.SeluGrad(gradients=g, outputs=selu), raw.Softplus(features=x),
//               raw.SoftplusGrad(gradients=g, features=x),
//               raw.LeakyReluGrad(gradients=g, features=x, alpha=0.3),
//               raw.SqrtGrad(y=y, dy=g), raw.RsqrtGrad(y=y, dy=g), raw.Log1p(x=y - 0.5),
//               raw.Floor(x=x), raw.Ceil(x=x), raw.Round(x=x * 2.0), raw.Sign(x=x),
//               tf.cast(raw.IsFinite(x=x / x), tf.int32), tf.stop_gradient(x))
//
// Inputs:
//   x: float32 [29]
//     [0.0, 2.8906746, 1.5465041, -20.0, 20.0, 14.5, -14.5, 0.0, -2.4834795,
//      -2.2859507, 1.2605011, 2.960316, 0.32326096, -2.787372, -1.8144984,
//      1.8166196, 2.7863858, -0.3259098, -2.9607468, -1.2580827, 2.2876754,
//      2.4819837, -0.9598199, -2.995485, -0.6427576, 2.6516113, 2.0613635,
//      -1.5487866, -2.8899608]
//   g: float32 [29]
//     [1.7, 1.056737, -0.38624355, -1.5369227, -1.5244893, -0.35835287,
//      1.078978, 1.6997597, 1.0341972, -0.41402507, -1.5489215, -1.5116249,
//      -0.33036083, 1.1009138, 1.6990387, 1.0113652, -0.4416895, -1.5604824,
//      -1.4983332, -0.30227542, 1.1225384, 1.6978376, 0.9882471, -0.46922907,
//      -1.571602, -1.4846178, -0.27410454, 1.1438457, 1.6961563]
// TensorFlow's results:
//   0: float32 [29]
//     [0.0, 2.8906746, 1.5465041, 0.0, 6.0, 6.0, 0.0, 0.0, 0.0, 0.0,
//      1.2605011, 2.960316, 0.32326096, 0.0, 0.0, 1.8166196, 2.7863858, 0.0,
//      0.0, 0.0, 2.2876754, 2.4819837, 0.0, 0.0, 0.0, 2.6516113, 2.0613635,
//      0.0, 0.0]
//   1: float32 [29]
//     [0.0, 1.056737, -0.38624355, -0.0, -0.0, -0.0, 0.0, 0.0, 0.0, -0.0,
//      -1.5489215, -1.5116249, -0.33036083, 0.0, 0.0, 1.0113652, -0.4416895,
//      -0.0, -0.0, -0.0, 1.1225384, 1.6978376, 0.0, -0.0, -0.0, -1.4846178,
//      -0.27410454, 0.0, 0.0]
//   2: float32 [29]
//     [0.0, 2.8906746, 1.5465041, -1.0, 20.0, 14.5, -0.9999995, 0.0,
//      -0.91654766, -0.89832264, 1.2605011, 2.960316, 0.32326096, -0.9384172,
//      -0.83708036, 1.8166196, 2.7863858, -0.2781297, -0.9482198, -0.7158016,
//      2.2876754, 2.4819837, -0.61703813, -0.94998765, -0.47415966, 2.6516113,
//      2.0613635, -0.7874943, -0.9444216]
//   3: float32 [29]
//     [1.7, 1.056737, -0.38624355, -0.0, -1.5244893, -0.35835287,
//      5.144968e-07, 1.6997597, 0.086306185, -0.042096976, -1.5489215,
//      -1.5116249, -0.33036083, 0.067797355, 0.27680677, 1.0113652,
//      -0.4416895, -1.1264659, -0.07758403, -0.08590619, 1.1225384, 1.6978376,
//      0.37846094, -0.023467248, -0.8264117, -1.4846178, -0.27410454,
//      0.24307373, 0.09426967]
//   4: float32 [29]
//     [0.0, 3.0372348, 1.6249135, -1.7580993, 21.01402, 15.235165, -1.7580985,
//      0.0, -1.6113818, -1.5793405, 1.3244098, 3.1104069, 0.33965063,
//      -1.6498306, -1.4716704, 1.9087241, 2.9276583, -0.48897964, -1.6670645,
//      -1.2584503, 2.403663, 2.6078227, -1.0848143, -1.6701727, -0.8336198,
//      2.7860508, 2.1658766, -1.3844932, -1.6603869]
//   5: float32 [29]
//     [1.7861918, 1.1103146, -0.4058265, -0.0, -1.6017824, -0.37652174,
//      9.0036934e-07, 1.7859393, 0.15173487, -0.07401065, -1.6274533,
//      -1.5882659, -0.34711045, 0.119194545, 0.48665383, 1.0626425,
//      -0.4640836, -1.980439, -0.13640042, -0.15103163, 1.1794523, 1.7839197,
//      0.66537195, -0.041257728, -1.4529139, -1.5598894, -0.28800192,
//      0.42734772, 0.1657355]
//   6: float32 [29]
//     [0.6931472, 2.9447255, 1.7395935, 2.0611537e-09, 20.0, 14.5,
//      5.0434767e-07, 0.6931472, 0.08015256, 0.09683389, 1.5101012, 3.0108213,
//      0.8677835, 0.059761032, 0.15093374, 1.9672565, 2.846204, 0.54341114,
//      0.05048419, 0.25013465, 2.3843503, 2.5622516, 0.32422745, 0.048801936,
//      0.4225453, 2.719772, 2.1811714, 0.19268902, 0.054088857]
//   7: float32 [29]
//     [0.85, 1.0011351, -0.31842238, -3.1678338e-09, -1.5244893, -0.3583527,
//      5.441797e-07, 0.84987986, 0.07965849, -0.038211707, -1.2067839,
//      -1.4371756, -0.19164851, 0.06386444, 0.2380274, 0.86993587, -0.4160431,
//      -0.65421057, -0.0737645, -0.06689479, 1.0190978, 1.5668819, 0.2736597,
//      -0.022349503, -0.5416109, -1.3867967, -0.2431556, 0.20047219,
//      0.089306146]
//   8: float32 [29]
//     [0.51000005, 1.056737, -0.38624355, -0.46107683, -1.5244893,
//      -0.35835287, 0.3236934, 0.5099279, 0.31025916, -0.12420753, -1.5489215,
//      -1.5116249, -0.33036083, 0.33027413, 0.5097116, 1.0113652, -0.4416895,
//      -0.46814474, -0.4495, -0.090682626, 1.1225384, 1.6978376, 0.29647413,
//      -0.14076872, -0.4714806, -1.4846178, -0.27410454, 0.34315372,
//      0.5088469]
//   9: float32 [29]
//     [3.4, 0.16823408, -0.10749865, -0.03794871, -0.03764171, -0.012147555,
//      0.036575522, 3.3995194, 0.1891723, -0.08163113, -0.5127177,
//      -0.23543242, -0.28814176, 0.18122801, 0.41148946, 0.24469069,
//      -0.07273277, -1.3547976, -0.23333095, -0.100218445, 0.22117457,
//      0.31073347, 0.40842736, -0.07228951, -0.88019526, -0.25582644,
//      -0.059294987, 0.31794924, 0.27009195]
//   10: float32 [29]
//     [-0.01328125, -16.368382, 1.1197367, 6381.123, 6329.501, 574.98553,
//      -1731.2454, -0.013279373, -10.561384, 3.376129, 2.669086, 25.006758,
//      0.031118285, -15.424721, -7.4750986, -4.463337, 6.1824117, 0.14903638,
//      24.796854, 0.51838017, -9.172325, -17.310133, -0.87497914, 8.020358,
//      0.55913055, 18.134369, 1.692353, -3.3287132, -26.254791]
//   11: float32 [29]
//     [-0.2876821, 1.292169, 0.8313881, 3.0325463, 3.0325463, 2.7245796,
//      2.7245796, -0.2876821, 1.1735588, 1.1105247, 0.69838405, 1.311117,
//      0.070701644, 1.2633841, 0.941763, 0.94258976, 1.2631053, 0.073166616,
//      1.3112332, 0.6971804, 1.1110926, 1.1730961, 0.53638804, 1.3205512,
//      0.33128566, 1.2242492, 1.0336696, 0.8323814, 1.2919729]
//   12: float32 [29]
//     [0.0, 2.0, 1.0, -20.0, 20.0, 14.0, -15.0, 0.0, -3.0, -3.0, 1.0, 2.0,
//      0.0, -3.0, -2.0, 1.0, 2.0, -1.0, -3.0, -2.0, 2.0, 2.0, -1.0, -3.0,
//      -1.0, 2.0, 2.0, -2.0, -3.0]
//   13: float32 [29]
//     [0.0, 3.0, 2.0, -20.0, 20.0, 15.0, -14.0, 0.0, -2.0, -2.0, 2.0, 3.0,
//      1.0, -2.0, -1.0, 2.0, 3.0, -0.0, -2.0, -1.0, 3.0, 3.0, -0.0, -2.0,
//      -0.0, 3.0, 3.0, -1.0, -2.0]
//   14: float32 [29]
//     [0.0, 6.0, 3.0, -40.0, 40.0, 29.0, -29.0, 0.0, -5.0, -5.0, 3.0, 6.0,
//      1.0, -6.0, -4.0, 4.0, 6.0, -1.0, -6.0, -3.0, 5.0, 5.0, -2.0, -6.0,
//      -1.0, 5.0, 4.0, -3.0, -6.0]
//   15: float32 [29]
//     [0.0, 1.0, 1.0, -1.0, 1.0, 1.0, -1.0, 0.0, -1.0, -1.0, 1.0, 1.0, 1.0,
//      -1.0, -1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 1.0, 1.0, -1.0, -1.0, -1.0,
//      1.0, 1.0, -1.0, -1.0]
//   16: int32 [29]
//     [0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
//      1, 1, 1, 1, 1]
//   17: float32 [29]
//     [0.0, 2.8906746, 1.5465041, -20.0, 20.0, 14.5, -14.5, 0.0, -2.4834795,
//      -2.2859507, 1.2605011, 2.960316, 0.32326096, -2.787372, -1.8144984,
//      1.8166196, 2.7863858, -0.3259098, -2.9607468, -1.2580827, 2.2876754,
//      2.4819837, -0.9598199, -2.995485, -0.6427576, 2.6516113, 2.0613635,
//      -1.5487866, -2.8899608]
//
// Generated by test/TF/export.py with TensorFlow 2.21.0, do not edit.

// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | %python %S/check.py %s
// RUN: %run_cpu -e main %t.none.mlir | %python %S/check.py %s

module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 2474 : i32}} {
  func.func @__inference_tf_activation_ops_49(%arg0: tensor<29xf32> {tf._user_specified_name = "x"}, %arg1: tensor<29xf32> {tf._user_specified_name = "g"}) -> (tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xi32>, tensor<29xf32>) attributes {allow_soft_placement = false, tf.entry_function = {control_outputs = "", inputs = "x,g", outputs = "identity_RetVal,identity_1_RetVal,identity_2_RetVal,identity_3_RetVal,identity_4_RetVal,identity_5_RetVal,identity_6_RetVal,identity_7_RetVal,identity_8_RetVal,identity_9_RetVal,identity_10_RetVal,identity_11_RetVal,identity_12_RetVal,identity_13_RetVal,identity_14_RetVal,identity_15_RetVal,identity_16_RetVal,identity_17_RetVal"}} {
    %cst = "tf.Const"() <{value = dense<2.500000e-01> : tensor<f32>}> {device = ""} : () -> tensor<f32>
    %cst_0 = "tf.Const"() <{value = dense<2.000000e+00> : tensor<f32>}> {device = ""} : () -> tensor<f32>
    %cst_1 = "tf.Const"() <{value = dense<5.000000e-01> : tensor<f32>}> {device = ""} : () -> tensor<f32>
    %0 = "tf.Abs"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %1 = "tf.AddV2"(%0, %cst) {device = ""} : (tensor<29xf32>, tensor<f32>) -> tensor<29xf32>
    %2 = "tf.RsqrtGrad"(%1, %arg1) {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %3 = "tf.Identity"(%2) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %4 = "tf.SqrtGrad"(%1, %arg1) {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %5 = "tf.Identity"(%4) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %6 = "tf.Sub"(%1, %cst_1) {device = ""} : (tensor<29xf32>, tensor<f32>) -> tensor<29xf32>
    %7 = "tf.Log1p"(%6) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %8 = "tf.Identity"(%7) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %9 = "tf.Ceil"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %10 = "tf.Identity"(%9) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %11 = "tf.Elu"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %12 = "tf.EluGrad"(%arg1, %11) {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %13 = "tf.Identity"(%12) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %14 = "tf.Identity"(%11) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %15 = "tf.Floor"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %16 = "tf.Identity"(%15) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %17 = "tf.LeakyReluGrad"(%arg1, %arg0) <{alpha = 3.000000e-01 : f32}> {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %18 = "tf.Identity"(%17) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %19 = "tf.Relu6"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %20 = "tf.Identity"(%19) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %21 = "tf.Relu6Grad"(%arg1, %arg0) {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %22 = "tf.Identity"(%21) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %23 = "tf.Selu"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %24 = "tf.Identity"(%23) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %25 = "tf.SeluGrad"(%arg1, %23) {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %26 = "tf.Identity"(%25) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %27 = "tf.Sign"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %28 = "tf.Identity"(%27) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %29 = "tf.Softplus"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %30 = "tf.Identity"(%29) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %31 = "tf.SoftplusGrad"(%arg1, %arg0) {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %32 = "tf.Identity"(%31) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %33 = "tf.StopGradient"(%arg0) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %34 = "tf.Identity"(%33) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %35 = "tf.Mul"(%arg0, %cst_0) {device = ""} : (tensor<29xf32>, tensor<f32>) -> tensor<29xf32>
    %36 = "tf.Round"(%35) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %37 = "tf.Identity"(%36) {device = ""} : (tensor<29xf32>) -> tensor<29xf32>
    %38 = "tf.RealDiv"(%arg0, %arg0) {device = ""} : (tensor<29xf32>, tensor<29xf32>) -> tensor<29xf32>
    %39 = "tf.IsFinite"(%38) {device = ""} : (tensor<29xf32>) -> tensor<29xi1>
    %40 = "tf.Cast"(%39) <{Truncate = false}> {device = ""} : (tensor<29xi1>) -> tensor<29xi32>
    %41 = "tf.Identity"(%40) {device = ""} : (tensor<29xi32>) -> tensor<29xi32>
    return %20, %22, %14, %13, %24, %26, %30, %32, %18, %5, %3, %8, %16, %10, %37, %28, %41, %34 : tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xi32>, tensor<29xf32>
  }
  func.func @main() {
    %in0 = arith.constant dense<"0x00000000D0003940D9F3C53F0000A0C10000A04100006841000068C10000000054F11EC0044D12C01A58A13FD1753D407682A53E4E6432C07C41E8BFFE86E83F25543240A6DDA6BEE07C3DC0DB08A1BF46691240D2D81E40C2B675BF07B63FC0C38B24BF00B4294061ED0340A43EC6BF1EF538C0"> : tensor<29xf32>
    %in1 = arith.constant dense<"0x9A99D93F2843873FB7C1C5BEE2B9C4BF7722C3BF077AB7BEF31B8A3FBA91D93F9360843F18FBD3BE0F43C6BFED7CC1BF0E25A9BEBEEA8C3F1A7AD93F6A74813F2025E2BEE3BDC7BF62C9BFBFD8C39ABE57AF8F3FBE52D93FC3FD7C3FCB3EF0BE412AC9BFF507BEBF6E578CBE8969923FA61BD93F"> : tensor<29xf32>
    %r:18 = func.call @__inference_tf_activation_ops_49(%in0, %in1) : (tensor<29xf32>, tensor<29xf32>) -> (tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xi32>, tensor<29xf32>)
    %b0 = arith.bitcast %r#0 : tensor<29xf32> to tensor<29xi32>
    %u0 = tensor.cast %b0 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u0) : (tensor<*xi32>) -> ()
    %b1 = arith.bitcast %r#1 : tensor<29xf32> to tensor<29xi32>
    %u1 = tensor.cast %b1 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u1) : (tensor<*xi32>) -> ()
    %b2 = arith.bitcast %r#2 : tensor<29xf32> to tensor<29xi32>
    %u2 = tensor.cast %b2 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u2) : (tensor<*xi32>) -> ()
    %b3 = arith.bitcast %r#3 : tensor<29xf32> to tensor<29xi32>
    %u3 = tensor.cast %b3 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u3) : (tensor<*xi32>) -> ()
    %b4 = arith.bitcast %r#4 : tensor<29xf32> to tensor<29xi32>
    %u4 = tensor.cast %b4 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u4) : (tensor<*xi32>) -> ()
    %b5 = arith.bitcast %r#5 : tensor<29xf32> to tensor<29xi32>
    %u5 = tensor.cast %b5 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u5) : (tensor<*xi32>) -> ()
    %b6 = arith.bitcast %r#6 : tensor<29xf32> to tensor<29xi32>
    %u6 = tensor.cast %b6 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u6) : (tensor<*xi32>) -> ()
    %b7 = arith.bitcast %r#7 : tensor<29xf32> to tensor<29xi32>
    %u7 = tensor.cast %b7 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u7) : (tensor<*xi32>) -> ()
    %b8 = arith.bitcast %r#8 : tensor<29xf32> to tensor<29xi32>
    %u8 = tensor.cast %b8 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u8) : (tensor<*xi32>) -> ()
    %b9 = arith.bitcast %r#9 : tensor<29xf32> to tensor<29xi32>
    %u9 = tensor.cast %b9 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u9) : (tensor<*xi32>) -> ()
    %b10 = arith.bitcast %r#10 : tensor<29xf32> to tensor<29xi32>
    %u10 = tensor.cast %b10 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u10) : (tensor<*xi32>) -> ()
    %b11 = arith.bitcast %r#11 : tensor<29xf32> to tensor<29xi32>
    %u11 = tensor.cast %b11 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u11) : (tensor<*xi32>) -> ()
    %b12 = arith.bitcast %r#12 : tensor<29xf32> to tensor<29xi32>
    %u12 = tensor.cast %b12 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u12) : (tensor<*xi32>) -> ()
    %b13 = arith.bitcast %r#13 : tensor<29xf32> to tensor<29xi32>
    %u13 = tensor.cast %b13 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u13) : (tensor<*xi32>) -> ()
    %b14 = arith.bitcast %r#14 : tensor<29xf32> to tensor<29xi32>
    %u14 = tensor.cast %b14 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u14) : (tensor<*xi32>) -> ()
    %b15 = arith.bitcast %r#15 : tensor<29xf32> to tensor<29xi32>
    %u15 = tensor.cast %b15 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u15) : (tensor<*xi32>) -> ()
    %u16 = tensor.cast %r#16 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u16) : (tensor<*xi32>) -> ()
    %b17 = arith.bitcast %r#17 : tensor<29xf32> to tensor<29xi32>
    %u17 = tensor.cast %b17 : tensor<29xi32> to tensor<*xi32>
    func.call @printMemrefI32(%u17) : (tensor<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(tensor<*xi32>)
}

// EXPECT: 0 f32 29 ulp=0 00000000 403900d0 3fc5f3d9 00000000 40c00000 40c00000
// EXPECT-CONT: 00000000 00000000 00000000 00000000 3fa1581a 403d75d1 3ea58276 00000000
// EXPECT-CONT: 00000000 3fe886fe 40325425 00000000 00000000 00000000 40126946 401ed8d2
// EXPECT-CONT: 00000000 00000000 00000000 4029b400 4003ed61 00000000 00000000
// EXPECT: 1 f32 29 ulp=0 00000000 3f874328 bec5c1b7 80000000 80000000 80000000
// EXPECT-CONT: 00000000 00000000 00000000 80000000 bfc6430f bfc17ced bea9250e 00000000
// EXPECT-CONT: 00000000 3f81746a bee22520 80000000 80000000 80000000 3f8faf57 3fd952be
// EXPECT-CONT: 00000000 80000000 80000000 bfbe07f5 be8c576e 00000000 00000000
// EXPECT: 2 f32 29 ulp=0 00000000 403900d0 3fc5f3d9 bf800000 41a00000 41680000
// EXPECT-CONT: bf7ffff8 00000000 bf6aa2de bf65f879 3fa1581a 403d75d1 3ea58276 bf703c1c
// EXPECT-CONT: bf564ae6 3fe886fe 40325425 be8e6704 bf72be88 bf373ec6 40126946 401ed8d2
// EXPECT-CONT: bf1df636 bf733264 bef2c50e 4029b400 4003ed61 bf49993a bf71c59d
// EXPECT: 3 f32 29 ulp=0 3fd9999a 3f874328 bec5c1b7 80000000 bfc32277 beb77a07
// EXPECT-CONT: 350a1bf3 3fd991ba 3db0c14c bd2c6de1 bfc6430f bfc17ced bea9250e 3d8ad957
// EXPECT-CONT: 3e8db99e 3f81746a bee22520 bf903009 bd9ee460 bdafef96 3f8faf57 3fd952be
// EXPECT-CONT: 3ec1c5a2 bcc03e63 bf538fb8 bfbe07f5 be8c576e 3e78e852 3dc11075
// EXPECT: 4 f32 29 ulp=0 00000000 4042620e 3fcffd2a bfe10966 41a81cb7 4173c33c
// EXPECT-CONT: bfe1095f 00000000 bfce41c2 bfca27d4 3fa98643 404710e8 3eade6b0 bfd32da6
// EXPECT-CONT: bfbc5fb2 3ff45112 403b5ec1 befa5b8a bfd5625f bfa114e6 4019d59d 4026e691
// EXPECT-CONT: bf8adb32 bfd5c838 bf55681b 40324ea8 400a9db9 bfb13713 bfd4878f
// EXPECT: 5 f32 29 ulp=0 3fe4a1ef 3f8e1eca becfc87e 80000000 bfcd0735 bec0c775
// EXPECT-CONT: 3571b0e9 3fe499a9 3e1b6063 bd9792e5 bfd05064 bfcb4c4c beb1b876 3df41c45
// EXPECT-CONT: 3ef92ab1 3f8804ab beed9c5e bffd7f06 be0bac8d be1aa809 3f96f84b 3fe4577b
// EXPECT-CONT: 3f2a55d1 bd28fddd bfb9f915 bfc7aa75 be9374fd 3edacd52 3e29b691
// EXPECT: 6 f32 29 ulp=0 3f317218 403c7662 3fdeab00 310da433 41a00000 41680000
// EXPECT-CONT: 35076282 3f317218 3da42706 3dc650d9 3fc14aff 4040b14c 3f5e270f 3d74c7fc
// EXPECT-CONT: 3e1a8e60 3ffbcf10 40362835 3f0b1cfe 3d4ec883 3e8011a6 40189932 4023fbee
// EXPECT-CONT: 3ea60124 3d47e48a 3ed857dc 402e10bf 400b9850 3e455045 3d5d8c47
// EXPECT: 7 f32 29 ulp=0 3f59999a 3f802532 bea30842 b159b11f bfc32277 beb77a01
// EXPECT-CONT: 351213bf 3f5991ba 3da323fe bd1c83e1 bf9a77e5 bfb7f55f be443f82 3d82cb5c
// EXPECT-CONT: 3e73bd74 3f5eb41e bed5039a bf277a58 bd9711d8 bd890023 3f8271cc 3fc88f96
// EXPECT-CONT: 3e8c1d20 bcb7164e bf0aa703 bfb1828e be78fdc8 3e4d4895 3db6e624
// EXPECT: 8 f32 29 ulp=0 3f028f5d 3f874328 bec5c1b7 beec1243 bfc32277 beb77a07
// EXPECT-CONT: 3ea5bb24 3f028aa3 3e9eda4a bdfe6084 bfc6430f bfc17ced bea9250e 3ea919b1
// EXPECT-CONT: 3f027c76 3f81746a bee22520 beefb0ab bee624dd bdb9b7d0 3f8faf57 3fd952be
// EXPECT-CONT: 3e97cb75 be1025ad bef165e8 bfbe07f5 be8c576e 3eafb1d8 3f0243ca
// EXPECT: 9 f32 29 ulp=0 4059999a 3e2c458e bddc2841 bd1b701b bd1a2e32 bc47068a
// EXPECT-CONT: 3d15d037 405991ba 3e41b662 bda72e39 bf034178 be711532 be938751 3e3993d6
// EXPECT-CONT: 3ed2aebf 3e7a9032 bd94f4eb bfad6a02 be6eee4f bdcd3f54 3e627b96 3e9f1875
// EXPECT-CONT: 3ed11d64 bd940c86 bf61547a be82fbaf bd72df4d 3ea2ca3e 3e8a497e
// EXPECT: 10 f32 29 ulp=0 bc59999a c182f272 3f8f5388 45c768fc 45c5cc02 440fbf13
// EXPECT-CONT: c4d867da bc5991ba c128fb6e 4058127f 402ad24e 41c80dd7 3cfeebc6 c176cba8
// EXPECT-CONT: c0ef3402 c08ed3a8 40c5d651 3e189cfe 41c65ff5 3f04b490 c112c1d8 c18a7b27
// EXPECT-CONT: bf5ffea2 41005363 3f0f232e 41911330 3fd89f06 c05509a3 c1d209d0
// EXPECT: 11 f32 29 ulp=0 be934b11 3fa565cb 3f54d5da 4042153d 4042153d 402e5f83
// EXPECT-CONT: 402e5f83 be934b11 3f96372d 3f8e25ac 3f32c94c 3fa7d2af 3d90cc06 3fa1b692
// EXPECT-CONT: 3f711761 3f714d90 3fa1ad6f 3d95d861 3fa7d67d 3f327a6a 3f8e3848 3f962803
// EXPECT-CONT: 3f0950ba 3fa907d2 3ea99e46 3f9cb433 3f844f49 3f5516f3 3fa55f5e
// EXPECT: 12 f32 29 ulp=0 00000000 40000000 3f800000 c1a00000 41a00000 41600000
// EXPECT-CONT: c1700000 00000000 c0400000 c0400000 3f800000 40000000 00000000 c0400000
// EXPECT-CONT: c0000000 3f800000 40000000 bf800000 c0400000 c0000000 40000000 40000000
// EXPECT-CONT: bf800000 c0400000 bf800000 40000000 40000000 c0000000 c0400000
// EXPECT: 13 f32 29 ulp=0 00000000 40400000 40000000 c1a00000 41a00000 41700000
// EXPECT-CONT: c1600000 00000000 c0000000 c0000000 40000000 40400000 3f800000 c0000000
// EXPECT-CONT: bf800000 40000000 40400000 80000000 c0000000 bf800000 40400000 40400000
// EXPECT-CONT: 80000000 c0000000 80000000 40400000 40400000 bf800000 c0000000
// EXPECT: 14 f32 29 ulp=0 00000000 40c00000 40400000 c2200000 42200000 41e80000
// EXPECT-CONT: c1e80000 00000000 c0a00000 c0a00000 40400000 40c00000 3f800000 c0c00000
// EXPECT-CONT: c0800000 40800000 40c00000 bf800000 c0c00000 c0400000 40a00000 40a00000
// EXPECT-CONT: c0000000 c0c00000 bf800000 40a00000 40800000 c0400000 c0c00000
// EXPECT: 15 f32 29 ulp=0 00000000 3f800000 3f800000 bf800000 3f800000 3f800000
// EXPECT-CONT: bf800000 00000000 bf800000 bf800000 3f800000 3f800000 3f800000 bf800000
// EXPECT-CONT: bf800000 3f800000 3f800000 bf800000 bf800000 bf800000 3f800000 3f800000
// EXPECT-CONT: bf800000 bf800000 bf800000 3f800000 3f800000 bf800000 bf800000
// EXPECT: 16 i32 29 ulp=0 00000000 00000001 00000001 00000001 00000001 00000001
// EXPECT-CONT: 00000001 00000000 00000001 00000001 00000001 00000001 00000001 00000001
// EXPECT-CONT: 00000001 00000001 00000001 00000001 00000001 00000001 00000001 00000001
// EXPECT-CONT: 00000001 00000001 00000001 00000001 00000001 00000001 00000001
// EXPECT: 17 f32 29 ulp=0 00000000 403900d0 3fc5f3d9 c1a00000 41a00000 41680000
// EXPECT-CONT: c1680000 00000000 c01ef154 c0124d04 3fa1581a 403d75d1 3ea58276 c032644e
// EXPECT-CONT: bfe8417c 3fe886fe 40325425 bea6dda6 c03d7ce0 bfa108db 40126946 401ed8d2
// EXPECT-CONT: bf75b6c2 c03fb607 bf248bc3 4029b400 4003ed61 bfc63ea4 c038f51e

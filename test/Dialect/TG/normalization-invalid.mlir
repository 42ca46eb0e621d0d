// RUN: aotc-opt %s --split-input-file --verify-diagnostics

// One case per diagnostic of the normalization ops (TGNormOps.cpp), and the
// element-type constraint they share.

func.func @softmax_axis(%x: tensor<8x10xf32>) {
  // expected-error @+1 {{expected softmax axis in [0, 2) for an input of rank 2, got 2}}
  %0 = tg.softmax %x axis = 2 : tensor<8x10xf32>
  return
}

// -----

func.func @log_softmax_negative_axis(%x: tensor<8x10xf32>) {
  // expected-error @+1 {{expected log-softmax axis in [0, 2) for an input of rank 2, got -1}}
  %0 = tg.log_softmax %x axis = -1 : tensor<8x10xf32>
  return
}

// -----

func.func @softmax_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{expected an input of rank at least 1 for softmax (it needs an axis), got 'tensor<f32>'}}
  %0 = tg.softmax %x axis = 0 : tensor<f32>
  return
}

// -----

func.func @softmax_int(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of f16, bf16, f32 or f64 values, but got 'tensor<4xi32>'}}
  %0 = tg.softmax %x axis = 0 : tensor<4xi32>
  return
}

// -----

func.func @layer_norm_axis(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{expected layer normalization axis in [0, 3) for an input of rank 3, got 3}}
  %0 = tg.layer_norm %x axis = 3 epsilon = 1.0e-05 : tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_scalar(%x: tensor<f64>) {
  // expected-error @+1 {{expected an input of rank at least 1 for layer normalization (it needs an axis), got 'tensor<f64>'}}
  %0 = tg.layer_norm %x axis = 0 epsilon = 1.0e-05 : tensor<f64>
  return
}

// -----

func.func @layer_norm_int(%x: tensor<2x4xi8>) {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of f16, bf16, f32 or f64 values, but got 'tensor<2x4xi8>'}}
  %0 = tg.layer_norm %x axis = 1 epsilon = 1.0e-05 : tensor<2x4xi8>
  return
}

// -----

// The generic form is verified too: a result type other than the input's.
func.func @softmax_result_type(%x: tensor<8x10xf32>) {
  // expected-error @+2 {{'tg.softmax' op inferred type(s) 'tensor<8x10xf32>' are incompatible with return type(s) of operation 'tensor<8x10xf16>'}}
  // expected-error @+1 {{'tg.softmax' op failed to infer returned types}}
  %0 = "tg.softmax"(%x) <{axis = 1 : i64}> : (tensor<8x10xf32>) -> tensor<8x10xf16>
  return
}

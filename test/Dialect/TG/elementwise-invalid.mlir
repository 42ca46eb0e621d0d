// RUN: aotc-opt %s --split-input-file --verify-diagnostics

// Diagnostics of the rounding, trigonometric, logical, bitwise, shift, mod
// and classification ops: element types each accepts, the mod verifier, and
// broadcasting.

func.func @floor_on_integers(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tg.floor' op operand #0 must be statically shaped tensor of f16, bf16, f32 or f64 values, but got 'tensor<4xi32>'}}
  %0 = tg.floor %x : tensor<4xi32>
  return
}

// -----

func.func @sin_on_integers(%x: tensor<4xi8>) {
  // expected-error @+1 {{'tg.sin' op operand #0 must be statically shaped tensor of f16, bf16, f32 or f64 values, but got 'tensor<4xi8>'}}
  %0 = tg.sin %x : tensor<4xi8>
  return
}

// -----

func.func @sign_on_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'tg.sign' op operand #0 must be statically shaped tensor of f16, bf16, f32, f64, i8, i16, i32 or i64 values, but got 'tensor<4xi1>'}}
  %0 = tg.sign %x : tensor<4xi1>
  return
}

// -----

func.func @and_on_floats(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tg.and' op operand #0 must be statically shaped tensor of i1, i8, i16, i32 or i64 values, but got 'tensor<4xf32>'}}
  %0 = tg.and %x, %x : tensor<4xf32>, tensor<4xf32>
  return
}

// -----

func.func @not_on_floats(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tg.not' op operand #0 must be statically shaped tensor of i1, i8, i16, i32 or i64 values, but got 'tensor<4xf32>'}}
  %0 = tg.not %x : tensor<4xf32>
  return
}

// -----

func.func @xor_mixed_element_types(%a: tensor<4xi1>, %b: tensor<4xi8>) {
  // expected-error @+1 {{'tg.xor' op requires the same element type for all operands and results}}
  %0 = tg.xor %a, %b : tensor<4xi1>, tensor<4xi8>
  return
}

// -----

func.func @or_shapes_do_not_broadcast(%a: tensor<3xi1>, %b: tensor<4xi1>) {
  // expected-error @+1 {{expected broadcast-compatible shapes, got [3] and [4]}}
  %0 = tg.or %a, %b : tensor<3xi1>, tensor<4xi1>
  return
}

// -----

func.func @shift_on_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'tg.shift_left' op operand #0 must be statically shaped tensor of i8, i16, i32 or i64 values, but got 'tensor<4xi1>'}}
  %0 = tg.shift_left %x, %x : tensor<4xi1>, tensor<4xi1>
  return
}

// -----

func.func @shift_right_on_floats(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tg.shift_right' op operand #0 must be statically shaped tensor of i8, i16, i32 or i64 values, but got 'tensor<4xf32>'}}
  %0 = tg.shift_right %x, %x : tensor<4xf32>, tensor<4xf32>
  return
}

// -----

func.func @float_mod_without_fmod(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tg.mod' op expected `fmod` for float operands (the remainder with the divisor's sign is defined for integers only), got 'f32'}}
  %0 = tg.mod %x, %x : tensor<4xf32>, tensor<4xf32>
  return
}

// -----

func.func @mod_on_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'tg.mod' op operand #0 must be statically shaped tensor of f16, bf16, f32, f64, i8, i16, i32 or i64 values, but got 'tensor<4xi1>'}}
  %0 = tg.mod %x, %x : tensor<4xi1>, tensor<4xi1>
  return
}

// -----

func.func @is_nan_on_integers(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tg.is_nan' op operand #0 must be statically shaped tensor of f16, bf16, f32 or f64 values, but got 'tensor<4xi32>'}}
  %0 = tg.is_nan %x : tensor<4xi32>
  return
}

// -----

func.func @is_inf_flag_not_bool(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tg.is_inf' op attribute 'detect_positive' failed to satisfy constraint: bool attribute}}
  %0 = tg.is_inf %x {detect_positive = 1 : i32} : tensor<4xf32>
  return
}

// -----

func.func @is_nan_on_dynamic_shape(%x: tensor<?xf32>) {
  // expected-error @+1 {{expected a statically shaped tensor, got 'tensor<?xf32>'}}
  %0 = tg.is_nan %x : tensor<?xf32>
  return
}

// -----

func.func @bitcast_to_narrower(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tg.bitcast' op reinterprets 'f32' as 'i16', which is not as wide}}
  %0 = tg.bitcast %x : tensor<4xf32> -> tensor<4xi16>
  return
}

// -----

func.func @bitcast_bool_to_i16(%x: tensor<4xi1>) {
  // expected-error @+1 {{'tg.bitcast' op reinterprets 'i1' as 'i16', which is not as wide}}
  %0 = tg.bitcast %x : tensor<4xi1> -> tensor<4xi16>
  return
}

// RUN: aotc-opt %s --split-input-file --verify-diagnostics

// One case per diagnostic of the tg ops: the shape rules of
// TGTypeInference.cpp (reported while the custom form is parsed, or by the
// verifier for the generic form), the op verifiers of TGOps.cpp, and the
// ODS constraints (element types, static shapes) that users meet most.

//===----------------------------------------------------------------------===//
// Static shapes and element types
//===----------------------------------------------------------------------===//

func.func @constant_not_a_tensor() {
  // expected-error @+1 {{expected a statically shaped tensor, got 'vector<2xf32>'}}
  %0 = tg.constant dense<1.0> : vector<2xf32>
  return
}

// -----

func.func @constant_unsupported_element_type() {
  // expected-error @+1 {{'tg.constant' op result #0 must be statically shaped tensor of f16, bf16, f32, f64, i1, i8, i16, i32 or i64 values, but got 'tensor<2xui8>'}}
  %0 = tg.constant dense<1> : tensor<2xui8>
  return
}

// -----

func.func @inferred_op_on_dynamic_shape(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{expected a statically shaped tensor, got 'tensor<?x4xf32>'}}
  %0 = tg.transpose %x permutation = [1, 0] : tensor<?x4xf32>
  return
}

// -----

func.func @broadcast_on_dynamic_shape(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{expected a statically shaped tensor, got 'tensor<4x?xf32>'}}
  %0 = tg.add %x, %x : tensor<4x?xf32>, tensor<4x?xf32>
  return
}

// -----

func.func @matmul_on_unranked(%a: tensor<*xf32>, %b: tensor<2x2xf32>) {
  // expected-error @+1 {{'tg.matmul' op operand #0 must be statically shaped tensor of f16, bf16, f32, f64, i8, i16, i32 or i64 values, but got 'tensor<*xf32>'}}
  %0 = "tg.matmul"(%a, %b) : (tensor<*xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @unary_on_dynamic_shape(%x: tensor<?xf32>) {
  // expected-error @+1 {{'tg.exp' op operand #0 must be statically shaped tensor of f16, bf16, f32 or f64 values, but got 'tensor<?xf32>'}}
  %0 = tg.exp %x : tensor<?xf32>
  return
}

// -----

func.func @exp_on_integers(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tg.exp' op operand #0 must be statically shaped tensor of f16, bf16, f32 or f64 values, but got 'tensor<4xi32>'}}
  %0 = tg.exp %x : tensor<4xi32>
  return
}

// -----

func.func @add_on_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'tg.add' op operand #0 must be statically shaped tensor of f16, bf16, f32, f64, i8, i16, i32 or i64 values, but got 'tensor<4xi1>'}}
  %0 = tg.add %x, %x : tensor<4xi1>, tensor<4xi1>
  return
}

// -----

func.func @binary_element_type_mismatch(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error @+1 {{'tg.mul' op requires the same element type for all operands and results}}
  %0 = tg.mul %a, %b : tensor<4xf32>, tensor<4xf16>
  return
}

// -----

func.func @compare_element_type_mismatch(%a: tensor<4xi32>, %b: tensor<4xi64>) {
  // expected-error @+1 {{'tg.compare' op requires the same element type for all operands}}
  %0 = tg.compare eq, %a, %b : tensor<4xi32>, tensor<4xi64>
  return
}

// -----

func.func @compare_unknown_predicate(%a: tensor<4xf32>) {
  // expected-error @+2 {{expected ::aotc::tg::ComparePredicate to be one of: eq, ne, lt, le, gt, ge}}
  // expected-error @+1 {{failed to parse TG_ComparePredicateAttr parameter 'value'}}
  %0 = tg.compare less, %a, %a : tensor<4xf32>, tensor<4xf32>
  return
}

// -----

func.func @generic_result_type_mismatch(%a: tensor<4x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{'tg.add' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{'tg.add' op failed to infer returned types}}
  %0 = "tg.add"(%a, %b) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_mismatch(%a: tensor<4x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{expected broadcast-compatible shapes, got [4, 3] and [2]}}
  %0 = tg.add %a, %b : tensor<4x3xf32>, tensor<2xf32>
  return
}

// -----

// The generic form reaches the same rule through the verifier.
func.func @broadcast_mismatch_generic(%a: tensor<2x3xi8>, %b: tensor<3x3xi8>) {
  // expected-error @+2 {{expected broadcast-compatible shapes, got [2, 3] and [3, 3]}}
  // expected-error @+1 {{'tg.max' op failed to infer returned types}}
  %0 = "tg.max"(%a, %b) : (tensor<2x3xi8>, tensor<3x3xi8>) -> tensor<2x3xi8>
  return
}

// -----

func.func @compare_broadcast_mismatch(%a: tensor<5xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{expected broadcast-compatible shapes, got [5] and [4]}}
  %0 = tg.compare lt, %a, %b : tensor<5xf32>, tensor<4xf32>
  return
}

// -----

func.func @select_broadcast_mismatch(%m: tensor<2xi1>, %a: tensor<3xf32>) {
  // expected-error @+1 {{expected broadcast-compatible shapes, got [2] and [3]}}
  %0 = tg.select %m, %a, %a : tensor<2xi1>, tensor<3xf32>, tensor<3xf32>
  return
}

// -----

func.func @select_element_type_mismatch(%m: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{expected on_true and on_false of one element type, got 'f32' and 'i32'}}
  %0 = tg.select %m, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<4xi32>
  return
}

// -----

func.func @select_condition_not_i1(%m: tensor<4xi8>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'tg.select' op operand #0 must be statically shaped tensor of i1 values, but got 'tensor<4xi8>'}}
  %0 = tg.select %m, %a, %a : tensor<4xi8>, tensor<4xf32>, tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// tg.matmul_nbits
//===----------------------------------------------------------------------===//

// -----

func.func @matmul_nbits_bits(%a: tensor<2x64xf32>, %w: tensor<4x2x12xi8>, %s: tensor<4x2xf32>) {
  // expected-error @+1 {{'tg.matmul_nbits' op expected 2, 4 or 8 bits, got 3}}
  %0 = tg.matmul_nbits %a, %w, %s bits = 3 : tensor<2x64xf32>, tensor<4x2x12xi8>, tensor<4x2xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_nbits_k(%a: tensor<2x60xf32>, %w: tensor<4x2x16xi8>, %s: tensor<4x2xf32>) {
  // expected-error @+1 {{'tg.matmul_nbits' op expected an input [..., 64] for 'tensor<4x2x16xi8>', got 'tensor<2x60xf32>'}}
  %0 = tg.matmul_nbits %a, %w, %s bits = 4 : tensor<2x60xf32>, tensor<4x2x16xi8>, tensor<4x2xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_nbits_codes(%a: tensor<2x64xf32>, %w: tensor<4x2x16xi32>, %s: tensor<4x2xf32>) {
  // expected-error @+1 {{'tg.matmul_nbits' op expected packed codes [N, blocks, bytes] of i8, got 'tensor<4x2x16xi32>'}}
  %0 = tg.matmul_nbits %a, %w, %s bits = 4 : tensor<2x64xf32>, tensor<4x2x16xi32>, tensor<4x2xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_nbits_scales(%a: tensor<2x64xf32>, %w: tensor<4x2x16xi8>, %s: tensor<4x2xf32>, %z: tensor<8xf32>) {
  // expected-error @+1 {{'tg.matmul_nbits' op expected scales and zero points 'tensor<4x2xf32>'}}
  %0 = tg.matmul_nbits %a, %w, %s, %z bits = 4 : tensor<2x64xf32>, tensor<4x2x16xi8>, tensor<4x2xf32>, tensor<8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_nbits_f16(%a: tensor<2x64xf16>, %w: tensor<4x2x16xi8>, %s: tensor<4x2xf32>) {
  // expected-error @+1 {{'tg.matmul_nbits' op expected f32 input, scales, zero points and result}}
  %0 = tg.matmul_nbits %a, %w, %s bits = 4 : tensor<2x64xf16>, tensor<4x2x16xi8>, tensor<4x2xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_nbits_result(%a: tensor<2x64xf32>, %w: tensor<4x2x16xi8>, %s: tensor<4x2xf32>) {
  // expected-error @+1 {{'tg.matmul_nbits' op expected the result 'tensor<2x4xf32>', got 'tensor<2x5xf32>'}}
  %0 = tg.matmul_nbits %a, %w, %s bits = 4 : tensor<2x64xf32>, tensor<4x2x16xi8>, tensor<4x2xf32> -> tensor<2x5xf32>
  return
}

//===----------------------------------------------------------------------===//
// tg.matmul
//===----------------------------------------------------------------------===//

// -----

func.func @matmul_rank(%a: tensor<4xf32>, %b: tensor<4x2xf32>) {
  // expected-error @+1 {{expected operands of rank 2 or more, got ranks 1 and 2}}
  %0 = tg.matmul %a, %b : tensor<4xf32>, tensor<4x2xf32>
  return
}

// -----

func.func @matmul_contraction_mismatch(%a: tensor<4x3xf32>, %b: tensor<5x2xf32>) {
  // expected-error @+1 {{expected the lhs columns to match the rhs rows, got [4, 3] (K = 3) and [5, 2] (K = 5)}}
  %0 = tg.matmul %a, %b : tensor<4x3xf32>, tensor<5x2xf32>
  return
}

// -----

func.func @matmul_batch_mismatch(%a: tensor<2x4x3xf32>, %b: tensor<5x3x2xf32>) {
  // expected-error @+1 {{expected broadcast-compatible batch dimensions, got [2] and [5]}}
  %0 = tg.matmul %a, %b : tensor<2x4x3xf32>, tensor<5x3x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// tg.reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_axis_out_of_range(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected axes in [0, 2), got 2}}
  %0 = tg.reduce sum %x axes = [2] : tensor<4x8xf32>
  return
}

// -----

func.func @reduce_negative_axis(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected axes in [0, 2), got -1}}
  %0 = tg.reduce max %x axes = [-1] : tensor<4x8xf32>
  return
}

// -----

func.func @reduce_duplicate_axis(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected distinct axes, got 1 twice}}
  %0 = tg.reduce mean %x axes = [1, 0, 1] keepdims : tensor<4x8xf32>
  return
}

// -----

func.func @reduce_on_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'tg.reduce' op operand #0 must be statically shaped tensor of f16, bf16, f32, f64, i8, i16, i32 or i64 values, but got 'tensor<4xi1>'}}
  %0 = tg.reduce sum %x axes = [0] : tensor<4xi1>
  return
}

//===----------------------------------------------------------------------===//
// tg.transpose
//===----------------------------------------------------------------------===//

// -----

func.func @transpose_wrong_length(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{expected a permutation with 2 entries (the input rank), got [0, 1, 2]}}
  %0 = tg.transpose %x permutation = [0, 1, 2] : tensor<2x3xf32>
  return
}

// -----

func.func @transpose_not_a_permutation(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{expected a permutation of [0, 3), got [0, 2, 2]}}
  %0 = tg.transpose %x permutation = [0, 2, 2] : tensor<2x3x4xf32>
  return
}

// -----

func.func @transpose_entry_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{expected a permutation of [0, 2), got [2, 0]}}
  %0 = tg.transpose %x permutation = [2, 0] : tensor<2x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// tg.concat
//===----------------------------------------------------------------------===//

// -----

func.func @concat_no_inputs() {
  // expected-error @+1 {{'tg.concat' op expected 1 or more operands, but found 0}}
  %0 = "tg.concat"() <{axis = 0 : i64}> : () -> tensor<1xf32>
  return
}

// -----

func.func @concat_rank_mismatch(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{expected inputs of one rank, got [2, 3] and [3]}}
  %0 = tg.concat %a, %b axis = 0 : tensor<2x3xf32>, tensor<3xf32>
  return
}

// -----

func.func @concat_axis_out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{expected axis in [0, 2), got 2}}
  %0 = tg.concat %a, %a axis = 2 : tensor<2x3xf32>, tensor<2x3xf32>
  return
}

// -----

func.func @concat_off_axis_mismatch(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{expected inputs to match in every dimension but axis 1, got [2, 3] and [3, 3]}}
  %0 = tg.concat %a, %b axis = 1 : tensor<2x3xf32>, tensor<3x3xf32>
  return
}

// -----

func.func @concat_element_type_mismatch(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'tg.concat' op requires the same element type for all operands and results}}
  %0 = tg.concat %a, %b axis = 0 : tensor<2xf32>, tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// tg.slice
//===----------------------------------------------------------------------===//

// -----

func.func @slice_wrong_length(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected start, limit and stride with 2 entries each (the input rank), got [0], [4, 8] and [1, 1]}}
  %0 = tg.slice %x start = [0] limit = [4, 8] stride = [1, 1] : tensor<4x8xf32>
  return
}

// -----

func.func @slice_zero_stride(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected positive strides, got 0 in dimension 1}}
  %0 = tg.slice %x start = [0, 0] limit = [4, 8] stride = [1, 0] : tensor<4x8xf32>
  return
}

// -----

func.func @slice_limit_past_end(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected 0 <= start <= limit <= 8 in dimension 1, got start 2 and limit 9}}
  %0 = tg.slice %x start = [0, 2] limit = [4, 9] stride = [1, 1] : tensor<4x8xf32>
  return
}

// -----

func.func @slice_start_after_limit(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected 0 <= start <= limit <= 4 in dimension 0, got start 3 and limit 1}}
  %0 = tg.slice %x start = [3, 0] limit = [1, 8] stride = [1, 1] : tensor<4x8xf32>
  return
}

// -----

func.func @slice_negative_start(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected 0 <= start <= limit <= 4 in dimension 0, got start -1 and limit 4}}
  %0 = tg.slice %x start = [-1, 0] limit = [4, 8] stride = [1, 1] : tensor<4x8xf32>
  return
}

//===----------------------------------------------------------------------===//
// tg.reshape, tg.broadcast_to, tg.cast
//===----------------------------------------------------------------------===//

// -----

func.func @reshape_element_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tg.reshape' op expected a result with the input's 6 elements, got 'tensor<4x2xf32>' (8 elements)}}
  %0 = tg.reshape %x : tensor<2x3xf32> -> tensor<4x2xf32>
  return
}

// -----

func.func @reshape_element_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tg.reshape' op requires the same element type for all operands and results}}
  %0 = tg.reshape %x : tensor<2x3xf32> -> tensor<6xi32>
  return
}

// -----

func.func @broadcast_to_incompatible(%x: tensor<3xf32>) {
  // expected-error @+1 {{'tg.broadcast_to' op expected an input shape that broadcasts to the result shape, got 'tensor<3xf32>' -> 'tensor<2x4xf32>'}}
  %0 = tg.broadcast_to %x : tensor<3xf32> -> tensor<2x4xf32>
  return
}

// -----

// Broadcasting the input against the result must give the result: a
// result dimension of 1 cannot absorb an input dimension of 3.
func.func @broadcast_to_shrinks(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'tg.broadcast_to' op expected an input shape that broadcasts to the result shape, got 'tensor<3x4xf32>' -> 'tensor<1x4xf32>'}}
  %0 = tg.broadcast_to %x : tensor<3x4xf32> -> tensor<1x4xf32>
  return
}

// -----

func.func @broadcast_to_lower_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tg.broadcast_to' op expected an input shape that broadcasts to the result shape, got 'tensor<2x3xf32>' -> 'tensor<3xf32>'}}
  %0 = tg.broadcast_to %x : tensor<2x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @cast_shape_mismatch(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tg.cast' op requires the same shape for all operands and results}}
  %0 = tg.cast %x : tensor<4xf32> -> tensor<2x2xi32>
  return
}

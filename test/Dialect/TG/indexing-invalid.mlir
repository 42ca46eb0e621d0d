// RUN: aotc-opt %s --split-input-file --verify-diagnostics

// One case per diagnostic of the indexing ops (TGIndexingOps.cpp).

func.func @gather_axis(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{expected axis in [0, 2), got 2}}
  %0 = tg.gather %x, %i axis = 2 : tensor<3x5xf32>, tensor<2xi64>
  return
}

// -----

func.func @gather_empty_axis(%x: tensor<3x0xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{expected a non-empty axis 1 to gather from, got [3, 0]}}
  %0 = tg.gather %x, %i axis = 1 : tensor<3x0xf32>, tensor<2xi64>
  return
}

// -----

func.func @gather_float_indices(%x: tensor<3x5xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'tg.gather' op operand #1 must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = "tg.gather"(%x, %i) {axis = 0 : i64} : (tensor<3x5xf32>, tensor<2xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @gather_wrong_result(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+2 {{'tg.gather' op inferred type(s) 'tensor<2x5xf32>' are incompatible with return type(s) of operation 'tensor<3x5xf32>'}}
  // expected-error @+1 {{'tg.gather' op failed to infer returned types}}
  %0 = "tg.gather"(%x, %i) {axis = 0 : i64} : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x5xf32>
  return
}

// -----

func.func @gather_elements_rank(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{expected data and indices of one rank, got [3, 5] and [2]}}
  %0 = tg.gather_elements %x, %i axis = 0 : tensor<3x5xf32>, tensor<2xi64>
  return
}

// -----

func.func @gather_elements_larger(%x: tensor<3x5xf32>, %i: tensor<4x2xi64>) {
  // expected-error @+1 {{expected indices no larger than data in every dimension but the axis, got [4, 2] and [3, 5]}}
  %0 = tg.gather_elements %x, %i axis = 1 : tensor<3x5xf32>, tensor<4x2xi64>
  return
}

// -----

func.func @scatter_elements_updates_shape(%x: tensor<3x5xf32>, %i: tensor<3x2xi64>, %u: tensor<3x3xf32>) {
  // expected-error @+1 {{expected indices and updates of one shape, got [3, 2] and [3, 3]}}
  %0 = tg.scatter_elements none %x, %i, %u axis = 1 : tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x3xf32>
  return
}

// -----

func.func @scatter_elements_rank(%x: tensor<3x5xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>) {
  // expected-error @+1 {{expected data and indices of one rank, got [3, 5] and [2]}}
  %0 = tg.scatter_elements none %x, %i, %u axis = 0 : tensor<3x5xf32>, tensor<2xi64>, tensor<2xf32>
  return
}

// -----

func.func @scatter_elements_axis(%x: tensor<3x5xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>) {
  // expected-error @+1 {{expected axis in [0, 2), got 2}}
  %0 = tg.scatter_elements none %x, %i, %u axis = 2 : tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32>
  return
}

// -----

func.func @scatter_elements_empty_axis(%x: tensor<3x0xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>) {
  // expected-error @+1 {{expected a non-empty axis 1 to scatter into, got [3, 0]}}
  %0 = tg.scatter_elements none %x, %i, %u axis = 1 : tensor<3x0xf32>, tensor<3x2xi64>, tensor<3x2xf32>
  return
}

// -----

func.func @scatter_elements_larger(%x: tensor<3x5xf32>, %i: tensor<4x2xi64>, %u: tensor<4x2xf32>) {
  // expected-error @+1 {{expected indices no larger than data in every dimension but the axis, got [4, 2] and [3, 5]}}
  %0 = tg.scatter_elements none %x, %i, %u axis = 1 : tensor<3x5xf32>, tensor<4x2xi64>, tensor<4x2xf32>
  return
}

// -----

func.func @scatter_updates_type(%x: tensor<3x5xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf16>) {
  // expected-error @+1 {{expected updates of the data's element type f32, got f16}}
  %0 = tg.scatter_elements none %x, %i, %u axis = 1 : tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf16>
  return
}

// -----

func.func @scatter_bool_reduction(%x: tensor<3x5xi1>, %i: tensor<3x2xi64>, %u: tensor<3x2xi1>) {
  // expected-error @+1 {{expected numeric data for reduction add, got i1}}
  %0 = tg.scatter_elements add %x, %i, %u axis = 1 : tensor<3x5xi1>, tensor<3x2xi64>, tensor<3x2xi1>
  return
}

// -----

func.func @scatter_nd_scalar_indices(%x: tensor<3x5xf32>, %i: tensor<i64>, %u: tensor<f32>) {
  // expected-error @+1 {{expected indices of rank 1 or more}}
  %0 = tg.scatter_nd none %x, %i, %u : tensor<3x5xf32>, tensor<i64>, tensor<f32>
  return
}

// -----

func.func @scatter_nd_tuple(%x: tensor<3x5xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>) {
  // expected-error @+1 {{expected index tuples of at most 2 elements (the data rank), got 3}}
  %0 = tg.scatter_nd none %x, %i, %u : tensor<3x5xf32>, tensor<2x3xi64>, tensor<2xf32>
  return
}

// -----

func.func @scatter_nd_updates_shape(%x: tensor<3x5xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{expected updates of shape [2, 5] (indices.shape[:-1] + data.shape[k:]), got [2, 4]}}
  %0 = tg.scatter_nd none %x, %i, %u : tensor<3x5xf32>, tensor<2x1xi64>, tensor<2x4xf32>
  return
}

// -----

func.func @scatter_nd_empty(%x: tensor<0x5xf32>, %i: tensor<2x1xi64>, %u: tensor<2x5xf32>) {
  // expected-error @+1 {{expected non-empty dimensions to scatter into, got [0, 5]}}
  %0 = tg.scatter_nd none %x, %i, %u : tensor<0x5xf32>, tensor<2x1xi64>, tensor<2x5xf32>
  return
}

// -----

func.func @gather_nd_scalar_indices(%x: tensor<3x5xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{expected indices of rank 1 or more}}
  %0 = tg.gather_nd %x, %i batch_dims = 0 : tensor<3x5xf32>, tensor<i64>
  return
}

// -----

func.func @gather_nd_batch(%x: tensor<3x5xf32>, %i: tensor<3x1xi64>) {
  // expected-error @+1 {{expected batch_dims in [0, 2) (below both ranks), got 2}}
  %0 = tg.gather_nd %x, %i batch_dims = 2 : tensor<3x5xf32>, tensor<3x1xi64>
  return
}

// -----

func.func @gather_nd_batch_shape(%x: tensor<3x5xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{expected data and indices to share the 1 batch dimensions, got [3, 5] and [2, 1]}}
  %0 = tg.gather_nd %x, %i batch_dims = 1 : tensor<3x5xf32>, tensor<2x1xi64>
  return
}

// -----

func.func @gather_nd_tuple(%x: tensor<3x5xf32>, %i: tensor<2x3xi64>) {
  // expected-error @+1 {{expected index tuples of at most 2 elements (the data rank after the batch dimensions), got 3}}
  %0 = tg.gather_nd %x, %i batch_dims = 0 : tensor<3x5xf32>, tensor<2x3xi64>
  return
}

// -----

func.func @gather_nd_empty(%x: tensor<3x0xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{expected non-empty dimensions to gather from, got [3, 0]}}
  %0 = tg.gather_nd %x, %i batch_dims = 0 : tensor<3x0xf32>, tensor<2x2xi64>
  return
}

// -----

func.func @pad_entries(%x: tensor<3x5xf32>) {
  // expected-error @+1 {{expected low and high with 2 entries each (the input rank), got [1] and [1, 1]}}
  %0 = tg.pad edge %x low = [1] high = [1, 1] : tensor<3x5xf32>
  return
}

// -----

func.func @pad_negative_size(%x: tensor<3x5xf32>) {
  // expected-error @+1 {{expected pads that leave a non-negative size, got -2 + 3 + -2 in dimension 0}}
  %0 = tg.pad edge %x low = [-2, 0] high = [-2, 0] : tensor<3x5xf32>
  return
}

// -----

func.func @pad_value_in_reflect(%x: tensor<3x5xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tg.pad' op expected no value in mode reflect, which takes its elements from the input}}
  %0 = tg.pad reflect %x, %v low = [1, 0] high = [0, 0] : tensor<3x5xf32>, tensor<f32>
  return
}

// -----

func.func @pad_value_type(%x: tensor<3x5xf32>, %v: tensor<1xf32>) {
  // expected-error @+1 {{'tg.pad' op expected a rank-0 value of the input's element type 'f32', got 'tensor<1xf32>'}}
  %0 = tg.pad constant %x, %v low = [1, 0] high = [0, 0] : tensor<3x5xf32>, tensor<1xf32>
  return
}

// -----

func.func @pad_empty_reflect(%x: tensor<3x0xf32>) {
  // expected-error @+1 {{'tg.pad' op expected a non-empty dimension 1 to pad in mode wrap}}
  %0 = tg.pad wrap %x low = [0, 1] high = [0, 0] : tensor<3x0xf32>
  return
}

// -----

func.func @arg_reduce_axis(%x: tensor<3x5xf32>) {
  // expected-error @+1 {{expected axis in [0, 2), got -1}}
  %0 = tg.arg_reduce max %x axis = -1 : tensor<3x5xf32>
  return
}

// -----

func.func @arg_reduce_empty(%x: tensor<3x0xf32>) {
  // expected-error @+1 {{expected a non-empty axis 1, got [3, 0]}}
  %0 = tg.arg_reduce min %x axis = 1 : tensor<3x0xf32>
  return
}

// -----

func.func @arg_reduce_bool(%x: tensor<3xi1>) {
  // expected-error @+1 {{'tg.arg_reduce' op operand #0 must be statically shaped tensor of f16, bf16, f32, f64, i8, i16, i32 or i64 values, but got 'tensor<3xi1>'}}
  %0 = tg.arg_reduce min %x axis = 0 : tensor<3xi1>
  return
}

// -----

func.func @cumulative_axis(%x: tensor<3x5xf32>) {
  // expected-error @+1 {{expected axis in [0, 2), got 3}}
  %0 = tg.cumulative sum %x axis = 3 : tensor<3x5xf32>
  return
}

// -----

func.func @topk_k(%x: tensor<3x5xf32>) {
  // expected-error @+1 {{expected k in [0, 5] (the axis size), got 6}}
  %v, %i = tg.topk %x k = 6 axis = 1 largest : tensor<3x5xf32>
  return
}

// -----

func.func @topk_axis(%x: tensor<3x5xf32>) {
  // expected-error @+1 {{expected axis in [0, 2), got 2}}
  %v, %i = tg.topk %x k = 1 axis = 2 : tensor<3x5xf32>
  return
}

// -----

func.func @einsum_terms(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{expected 1 einsum terms (one per operand), got 'ij,jk->ik'}}
  %0 = tg.einsum "ij,jk->ik" %a : tensor<3x4xf32>
  return
}

// -----

func.func @einsum_character(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{expected letters and '...' in einsum terms, got '1' in 'i1'}}
  %0 = tg.einsum "i1" %a : tensor<3x4xf32>
  return
}

// -----

func.func @einsum_two_ellipses(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{expected at most one '...' per term, got '......'}}
  %0 = tg.einsum "......" %a : tensor<3x4xf32>
  return
}

// -----

func.func @einsum_rank(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{expected term 'ijk' to match an operand of rank 2}}
  %0 = tg.einsum "ijk" %a : tensor<3x4xf32>
  return
}

// -----

func.func @einsum_sizes(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>) {
  // expected-error @+1 {{expected every occurrence of a label to have one size, got 4 and 5 in term 'jk'}}
  %0 = tg.einsum "ij,jk->ik" %a, %b : tensor<3x4xf32>, tensor<5x4xf32>
  return
}

// -----

func.func @einsum_broadcast(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{expected broadcast-compatible '...' dimensions, got sizes 2 and 4}}
  %0 = tg.einsum "...i,...i->...i" %a, %b : tensor<2x3xf32>, tensor<4x3xf32>
  return
}

// -----

func.func @einsum_unknown_output(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{expected output labels that occur in an input term, got 'ik'}}
  %0 = tg.einsum "ij->ik" %a : tensor<3x4xf32>
  return
}

// -----

func.func @einsum_repeated_output(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{expected distinct output labels, got 'ii'}}
  %0 = tg.einsum "ij->ii" %a : tensor<3x4xf32>
  return
}

// -----

func.func @einsum_missing_ellipsis(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{expected '...' in the output term, as the inputs broadcast 1 dimensions through it}}
  %0 = tg.einsum "...ij->ij" %a : tensor<2x3x4xf32>
  return
}

// -----

func.func @einsum_element_types(%a: tensor<3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'tg.einsum' op requires the same element type for all operands}}
  %0 = "tg.einsum"(%a, %b) {equation = "i,i"} : (tensor<3xf32>, tensor<3xf64>) -> tensor<f32>
  return
}

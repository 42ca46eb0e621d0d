// RUN: aotc-opt %s --split-input-file --verify-diagnostics

// One case per diagnostic of the sampling ops (TGSamplingOps.cpp).

func.func @grid_sample_rank(%x: tensor<2x3xf32>, %g: tensor<2x1xf32>) {
  // expected-error @+1 {{expected an input of rank at least 3 (N x C x D1 ...), got 'tensor<2x3xf32>'}}
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<2x3xf32>, tensor<2x1xf32>
  return
}

// -----

func.func @grid_sample_grid_rank(%x: tensor<1x3x4x4xf32>, %g: tensor<1x6x2xf32>) {
  // expected-error @+1 {{expected a grid of rank 4 (N x O1 x ... x O2 x 2) for an input of rank 4, got 'tensor<1x6x2xf32>'}}
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<1x3x4x4xf32>, tensor<1x6x2xf32>
  return
}

// -----

func.func @grid_sample_batch(%x: tensor<2x3x4x4xf32>, %g: tensor<1x6x6x2xf32>) {
  // expected-error @+1 {{expected a grid with the input's batch size 2, got 'tensor<1x6x6x2xf32>'}}
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<2x3x4x4xf32>, tensor<1x6x6x2xf32>
  return
}

// -----

func.func @grid_sample_coordinates(%x: tensor<1x3x4x4xf32>, %g: tensor<1x6x6x3xf32>) {
  // expected-error @+1 {{expected a grid whose last dimension is 2 (one coordinate per spatial axis), got 'tensor<1x6x6x3xf32>'}}
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<1x3x4x4xf32>, tensor<1x6x6x3xf32>
  return
}

// -----

func.func @grid_sample_int_grid(%x: tensor<1x3x4x4xf32>, %g: tensor<1x6x6x2xi32>) {
  // expected-error @+1 {{expected a float element type for the grid, got 'i32'}}
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<1x3x4x4xf32>, tensor<1x6x6x2xi32>
  return
}

// -----

func.func @grid_sample_int_linear(%x: tensor<1x3x4x4xi32>, %g: tensor<1x6x6x2xf32>) {
  // expected-error @+1 {{expected a float element type for cubic grid sampling, got 'i32'}}
  %0 = tg.grid_sample cubic %x, %g padding = zeros : tensor<1x3x4x4xi32>, tensor<1x6x6x2xf32>
  return
}

// -----

func.func @grid_sample_empty(%x: tensor<1x3x0x4xf32>, %g: tensor<1x6x6x2xf32>) {
  // expected-error @+1 {{expected non-empty spatial dimensions to sample, got 'tensor<1x3x0x4xf32>'}}
  %0 = tg.grid_sample nearest %x, %g padding = zeros : tensor<1x3x0x4xf32>, tensor<1x6x6x2xf32>
  return
}

// -----

func.func @grid_sample_dynamic(%x: tensor<1x3x?x4xf32>, %g: tensor<1x6x6x2xf32>) {
  // expected-error @+1 {{expected a statically shaped tensor}}
  %0 = tg.grid_sample nearest %x, %g padding = zeros : tensor<1x3x?x4xf32>, tensor<1x6x6x2xf32>
  return
}

// RUN: aotc-opt %s --split-input-file --aotc-print-kernel-report -o /dev/null | FileCheck %s

// One kernel per top-level op: the zero fill, the matmul (which reads the
// filled accumulator: 2048 + 8192 + 4096 bytes) and the bias + relu
// epilogue (2 FLOPs per element; its tensor.empty destination is not read).

// CHECK-LABEL: aotc report for @matmul_bias_relu
// CHECK:       kernel kind FLOPs int ops bytes read bytes written iterations ops
// CHECK-NEXT:  1 fill 0 0 0 4096 16x64 linalg.fill
// CHECK-NEXT:  2 compute 65536 0 14336 4096 16x64 / 32 linalg.matmul
// CHECK-NEXT:  3 compute 2048 0 4352 4096 16x64 linalg.generic
// CHECK-EMPTY:
// CHECK-NEXT:  totals:
// CHECK-NEXT:    kernels 3
// CHECK-NEXT:    FLOPs 67584 (67.6 KFLOP)
// CHECK-NEXT:    int ops 0
// CHECK-NEXT:    bytes read 18688 (18.7 KB)
// CHECK-NEXT:    bytes written 12288 (12.3 KB)
// CHECK-NEXT:    constant bytes 0 (0 tensors)
// CHECK-NEXT:    temp bytes 0 (not planned)
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @matmul_bias_relu(%x: tensor<16x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x64xf32>) -> tensor<16x64xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<16x32xf32>, tensor<32x64xf32>) outs(%fill : tensor<16x64xf32>) -> tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<16x64xf32>, tensor<64xf32>) outs(%empty : tensor<16x64xf32>) {
  ^bb0(%m: f32, %bias: f32, %out: f32):
    %s = arith.addf %m, %bias : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// A full reduction to one element has no parallel loop to tile its zero
// fill into: the fill, one store, counts as part of the reduction, whose
// accumulator is then not a read. A fill of more elements stays a kernel.

// CHECK-LABEL: aotc report for @scalar_accumulator
// CHECK:       1 compute 256 0 1024 4 1 / 256 linalg.fill + linalg.reduce
// CHECK-NEXT:  2 fill 0 0 0 8 2 linalg.fill
// CHECK-NEXT:  3 compute 256 0 1032 8 2 / 128 linalg.reduce
// CHECK-EMPTY:
func.func @scalar_accumulator(%x: tensor<256xf32>, %y: tensor<2x128xf32>) -> (tensor<f32>, tensor<2xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s0 = linalg.reduce ins(%x : tensor<256xf32>) outs(%f0 : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %e1 = tensor.empty() : tensor<2xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %s1 = linalg.reduce ins(%y : tensor<2x128xf32>) outs(%f1 : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  return %s0, %s1 : tensor<f32>, tensor<2xf32>
}

// -----

// The same group tiled and fused into one scf.for over 4 row tiles: one
// kernel, 4 x (4x64x32 x 2 + 4x64 x 2) FLOPs. It reads x, w and b once
// each; the loop's tensor.empty init and the tiles of it are not reads.

// CHECK-LABEL: aotc report for @tiled_for
// CHECK:       1 loops 67584 0 10496 4096 4 tiles linalg.fill + linalg.matmul + linalg.generic
// CHECK:         kernels 1
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @tiled_for(%x: tensor<16x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64xf32>
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %empty) -> (tensor<16x64xf32>) {
    %xs = tensor.extract_slice %x[%i, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
    %tile = tensor.extract_slice %acc[%i, 0] [4, 64] [1, 1] : tensor<16x64xf32> to tensor<4x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%tile : tensor<4x64xf32>) -> tensor<4x64xf32>
    %m = linalg.matmul ins(%xs, %w : tensor<4x32xf32>, tensor<32x64xf32>) outs(%f : tensor<4x64xf32>) -> tensor<4x64xf32>
    %e = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%m, %b : tensor<4x64xf32>, tensor<64xf32>) outs(%tile : tensor<4x64xf32>) {
    ^bb0(%in: f32, %bias: f32, %out: f32):
      %s = arith.addf %in, %bias : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<4x64xf32>
    %u = tensor.insert_slice %e into %acc[%i, 0] [4, 64] [1, 1] : tensor<4x64xf32> into tensor<16x64xf32>
    scf.yield %u : tensor<16x64xf32>
  }
  return %r : tensor<16x64xf32>
}

// -----

// The same group as an scf.forall over 2x2 tiles of 8x32: 4 x (8x32x32 x 2
// + 8x32 x 2) FLOPs, the same bytes.

// CHECK-LABEL: aotc report for @tiled_forall
// CHECK:       1 loops 67584 0 10496 4096 2x2 tiles linalg.fill + linalg.matmul + linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @tiled_forall(%x: tensor<16x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (16, 64) step (8, 32) shared_outs(%acc = %empty) -> (tensor<16x64xf32>) {
    %xs = tensor.extract_slice %x[%i, 0] [8, 32] [1, 1] : tensor<16x32xf32> to tensor<8x32xf32>
    %ws = tensor.extract_slice %w[0, %j] [32, 32] [1, 1] : tensor<32x64xf32> to tensor<32x32xf32>
    %bs = tensor.extract_slice %b[%j] [32] [1] : tensor<64xf32> to tensor<32xf32>
    %tile = tensor.extract_slice %acc[%i, %j] [8, 32] [1, 1] : tensor<16x64xf32> to tensor<8x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%tile : tensor<8x32xf32>) -> tensor<8x32xf32>
    %m = linalg.matmul ins(%xs, %ws : tensor<8x32xf32>, tensor<32x32xf32>) outs(%f : tensor<8x32xf32>) -> tensor<8x32xf32>
    %e = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%m, %bs : tensor<8x32xf32>, tensor<32xf32>) outs(%tile : tensor<8x32xf32>) {
    ^bb0(%in: f32, %bias: f32, %out: f32):
      %s = arith.addf %in, %bias : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<8x32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %acc[%i, %j] [8, 32] [1, 1] : tensor<8x32xf32> into tensor<16x64xf32>
    }
  }
  return %r : tensor<16x64xf32>
}

// -----

// Tiles of 4 rows over 10 rows: the last tile has 2, its size is dynamic.
// The count bounds every tile by 4 rows (3 x 4x8 = 96 exps, not 80) and
// says so with "~".

// CHECK-LABEL: aotc report for @partial_tiles
// CHECK:       1 loops ~96 0 320 320 3 tiles linalg.generic
// CHECK:         FLOPs 96 (approximate)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @partial_tiles(%x: tensor<10x8xf32>) -> tensor<10x8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %empty = tensor.empty() : tensor<10x8xf32>
  %r = scf.for %i = %c0 to %c10 step %c4 iter_args(%acc = %empty) -> (tensor<10x8xf32>) {
    %size = affine.min affine_map<(d0) -> (-d0 + 10, 4)>(%i)
    %xs = tensor.extract_slice %x[%i, 0] [%size, 8] [1, 1] : tensor<10x8xf32> to tensor<?x8xf32>
    %tile = tensor.extract_slice %acc[%i, 0] [%size, 8] [1, 1] : tensor<10x8xf32> to tensor<?x8xf32>
    %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%xs : tensor<?x8xf32>) outs(%tile : tensor<?x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %v = math.exp %in : f32
      linalg.yield %v : f32
    } -> tensor<?x8xf32>
    %u = tensor.insert_slice %e into %acc[%i, 0] [%size, 8] [1, 1] : tensor<?x8xf32> into tensor<10x8xf32>
    scf.yield %u : tensor<10x8xf32>
  }
  return %r : tensor<10x8xf32>
}

// -----

// Data movement. The insert_slice of %a is free (its producer writes into a
// tensor.empty, which empty-tensor elimination replaces by the slice); the
// one of argument %y is a 48-byte copy. The pad writes its whole 4x5
// result. Views (collapse_shape, extract_slice) are not kernels, but
// returning a view or a constant copies it into the caller's buffer. The
// constants hold 24 + 4 bytes.

// CHECK-LABEL: aotc report for @data_movement
// CHECK:       1 compute 6 0 48 24 2x3 linalg.generic
// CHECK-NEXT:  2 copy 0 0 48 48 4x3 tensor.insert_slice
// CHECK-NEXT:  3 pad 0 0 24 80 4x5 tensor.pad
// CHECK-NEXT:  4 copy 0 0 24 24 3x2 linalg.transpose
// CHECK-NEXT:  5 copy 0 0 24 24 6 tensor.collapse_shape -> output 3
// CHECK-NEXT:  6 copy 0 0 4 4 4 arith.constant -> output 4
// CHECK-EMPTY:
// CHECK:         kernels 6
// CHECK:         bytes read 172
// CHECK:         bytes written 204
// CHECK:         constant bytes 28 (2 tensors)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @data_movement(%x: tensor<2x3xf32>, %y: tensor<4x3xf32>) -> (tensor<6x3xf32>, tensor<4x5xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<4xi8>) {
  %pv = arith.constant 0.0 : f32
  %c = arith.constant dense<1.0> : tensor<2x3xf32>
  %r = arith.constant dense_resource<blob> : tensor<4xi8>
  %e23 = tensor.empty() : tensor<2x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %c : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e23 : tensor<2x3xf32>) {
  ^bb0(%in: f32, %k: f32, %out: f32):
    %s = arith.addf %in, %k : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %cat = tensor.empty() : tensor<6x3xf32>
  %i0 = tensor.insert_slice %a into %cat[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
  %i1 = tensor.insert_slice %y into %i0[2, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<6x3xf32>
  %p = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  %e32 = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e32 : tensor<3x2xf32>) permutation = [1, 0]
  %v = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %i1, %p, %t, %v, %r : tensor<6x3xf32>, tensor<4x5xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<4xi8>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000001020304"
    }
  }
#-}

// -----

// What counts per iteration: fma is 2 FLOPs, a float compare 1, select and
// casts 0, integer arithmetic is an int op, index arithmetic nothing. A
// tensor read through tensor.extract in the body (a gather) is a read of
// the whole tensor.

// CHECK-LABEL: aotc report for @op_counts
// CHECK:       1 compute 40 16 1088 32 8 linalg.generic
#id1 = affine_map<(d0) -> (d0)>
func.func @op_counts(%x: tensor<8xf32>, %n: tensor<8xi32>, %table: tensor<256xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%x, %n : tensor<8xf32>, tensor<8xi32>) outs(%empty : tensor<8xf32>) {
  ^bb0(%in: f32, %k: i32, %out: f32):
    %f = math.fma %in, %in, %in : f32
    %lt = arith.cmpf olt, %f, %zero : f32
    %s = arith.select %lt, %zero, %f : f32
    %k2 = arith.muli %k, %k : i32
    %k3 = arith.addi %k2, %k : i32
    %idx = arith.index_cast %k3 : i32 to index
    %i = linalg.index 0 : index
    %at = arith.addi %idx, %i : index
    %g = tensor.extract %table[%at] : tensor<256xf32>
    %w = arith.sitofp %k3 : i32 to f32
    %sum = arith.addf %s, %w : f32
    %y = arith.addf %sum, %g : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Origins: each op carries the tg op and ONNX node it was made from, and a
// fused op's location lists what it fused, producers first (what
// fuseOrigins builds). Ops of the body add what the location lacks (the
// ONNX node of the neg is unnamed). A tg.constant folded into a kernel is
// not listed: it computes nothing. The memory planner's aotc.temp_bytes
// becomes the temp total.

// CHECK-LABEL: aotc report for @origins
// CHECK:       1 compute 3072 0 12288 4 1 / 1024 mul + add + reduce  [nodes: /mul/Mul, /add/Add, /sum/ReduceSum]
// CHECK-NEXT:  2 compute 3 0 12 12 3x1 transpose + neg  [nodes: /t/Transpose]
// CHECK:         temp bytes 4160 (4.2 KB)
#mul = loc(fused<"tg.mul">["node '/mul/Mul' (Mul)"])
#add = loc(fused<"tg.add">["node '/add/Add' (Add)"])
#sum = loc(fused<"tg.reduce">["node '/sum/ReduceSum' (ReduceSum)"])
#transpose = loc(fused<"tg.transpose">["node '/t/Transpose' (Transpose)"])
#neg = loc(fused<"tg.neg">["node (Neg)"])
#bound = loc(fused<"tg.constant">["clip_min"])
#id1 = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
module attributes {aotc.temp_bytes = 4160 : i64} {
  func.func @origins(%x: tensor<1024xf32>, %y: tensor<1024xf32>, %z: tensor<1024xf32>, %m: tensor<1x3xf32>) -> (tensor<f32>, tensor<3x1xf32>) {
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<f32>
    %r = linalg.generic {indexing_maps = [#id1, #id1, #id1, #scalar], iterator_types = ["reduction"]}
        ins(%x, %y, %z : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>) outs(%init : tensor<f32>) {
    ^bb0(%a: f32, %b: f32, %c: f32, %acc: f32):
      %p = arith.mulf %b, %c : f32 loc(#mul)
      %q = arith.addf %a, %p : f32 loc(#add)
      %s = arith.addf %q, %acc : f32 loc(#sum)
      linalg.yield %s : f32 loc(#sum)
    } -> tensor<f32> loc(fused[#mul, #add, #bound, #sum])
    %e = tensor.empty() : tensor<3x1xf32>
    %t = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%m : tensor<1x3xf32>) outs(%e : tensor<3x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32 loc(#neg)
      linalg.yield %n : f32
    } -> tensor<3x1xf32> loc(#transpose)
    return %r, %t : tensor<f32>, tensor<3x1xf32>
  }
}

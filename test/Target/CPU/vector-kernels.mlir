// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels="vector-bits=512 registers=32" -canonicalize -cse | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels | FileCheck %s --check-prefix=AVX2

// A matmul: the columns (contiguous in B and C) are the vector dimension,
// the rows share each step's loads of B. The cost model (FMA and load
// slots per step, no fewer than an FMA latency's worth, plus loading and
// storing the accumulators) picks, with 32 registers, tiles of up to 7
// rows x 3 vectors (21 accumulators carried through the k loop; the third
// vector, columns 32 to 39, masked). The 26 rows are split as evenly as
// that allows, 7 + 7 + 6 + 6, rather than 7 + 7 + 7 + 5, in one loop over
// the 4 blocks (block b at row min(7b, 6b + 2)) that branches to the tile
// of its size, so aotc-cpu-parallelize-kernels can share it out as one.

// CHECK-DAG:   #[[$ROW:.+]] = affine_map<(d0) -> (d0 * 6 + 2, d0 * 7)>
// CHECK-LABEL: func.func @matmul(
// CHECK:         scf.for %[[BLOCK:.+]] = %c0 to %c4 step %c1 {
// CHECK:           %[[M:.+]] = affine.min #[[$ROW]](%[[BLOCK]])
// CHECK:           %[[LARGE:.+]] = arith.cmpi slt, %[[BLOCK]], %c2
// CHECK:           scf.if %[[LARGE]] {
// CHECK:           vector.load %arg2[%[[M]], %c0]
// CHECK:           vector.load %arg2[%[[M]], %c16]
// CHECK:           %[[MASK:.+]] = vector.constant_mask [8] : vector<16xi1>
// CHECK:           vector.maskedload %arg2[%[[M]], %c32], %[[MASK]]
// CHECK:           scf.for %[[K:.+]] = %c0 to %c40 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:             %[[A:.+]] = memref.load %arg0[%[[M]], %[[K]]]
// CHECK:             %[[SPLAT:.+]] = vector.broadcast %[[A]] : f32 to vector<16xf32>
// CHECK:             %[[B:.+]] = vector.load %arg1[%[[K]], %c0] : memref<40x40xf32>, vector<16xf32>
// CHECK:             arith.mulf %[[SPLAT]], %[[B]] fastmath<contract> : vector<16xf32>
// CHECK:           vector.store {{.*}} %arg2[%[[M]], %c0]
// CHECK:           vector.maskedstore %arg2[%[[M]], %c32], %[[MASK]]
// CHECK:           } else {
// CHECK:             vector.load %arg2[%[[M]], %c0]
// CHECK:           scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NOT:     linalg.generic

// With AVX2's 16 registers the vectors have 8 lanes and at most 12
// accumulators: 2 rows x the 5 vectors of a row.
// AVX2-LABEL: func.func @matmul(
// AVX2:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c2{{.*}} {
// AVX2:           scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @matmul(%a: memref<26x40xf32>, %b: memref<40x40xf32>, %c: memref<26x40xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<26x40xf32>, memref<40x40xf32>) outs(%c : memref<26x40xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A 32-column matmul whose B (64 KiB) streams from L2, the shape that made
// the cost model pick 3 rows x 4 vectors with AVX2 (12 accumulators, the 4
// vectors of B every row shares and the broadcast: 17 of the 16
// registers), so LLVM reloaded B once per row. The tile is 6 rows x 2
// vectors (12 + 2 + 1).

// AVX2-LABEL: func.func @avx2_shared_vectors(
// AVX2:         scf.for %{{.+}} = %c0 to %c86 step %c1
// AVX2:           scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// AVX2-COUNT-2:     vector.load %arg1[%{{.+}}, %{{.+}}] : memref<512x32xf32>, vector<8xf32>
// AVX2-NOT:         vector.load %arg1
// AVX2:             scf.yield
#pA = affine_map<(m, n, k) -> (m, k)>
#pB = affine_map<(m, n, k) -> (k, n)>
#pC = affine_map<(m, n, k) -> (m, n)>
func.func @avx2_shared_vectors(%a: memref<512x512xf32>, %b: memref<512x32xf32>, %c: memref<512x32xf32>) {
  linalg.generic {indexing_maps = [#pA, #pB, #pC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<512x512xf32>, memref<512x32xf32>) outs(%c : memref<512x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The epilogue reads the contraction's output buffer as an input (the two
// share one buffer after bufferization, an epilogue aotc-tile-and-fuse did
// not rewrite). Fused into the register tile, it reads the accumulators,
// not the buffer, which holds only the bias until the tile's single store.

// CHECK-LABEL: func.func @epilogue_reads_output(
// CHECK:         %[[ACC:.+]]:2 = scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>) {
// CHECK:         }
// CHECK-NEXT:    %[[N:.+]] = arith.negf %[[ACC]]#0 : vector<16xf32>
// CHECK-NEXT:    vector.store %[[N]], %arg3[%c0, %c0]
// CHECK-NOT:     vector.load %arg3
// CHECK-NOT:     linalg.generic
#eB = affine_map<(c, p) -> (c)>
#eO = affine_map<(c, p) -> (c, p)>
#eX = affine_map<(c, p, k) -> (k, p)>
#eW = affine_map<(c, p, k) -> (c, k)>
#eC = affine_map<(c, p, k) -> (c, p)>
func.func @epilogue_reads_output(%b: memref<2xf32>, %x: memref<8x16xf32>, %w: memref<2x8xf32>, %o: memref<2x16xf32>) {
  linalg.generic {indexing_maps = [#eB, #eO], iterator_types = ["parallel", "parallel"]}
      ins(%b : memref<2xf32>) outs(%o : memref<2x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [#eX, #eW, #eC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x16xf32>, memref<2x8xf32>) outs(%o : memref<2x16xf32>) {
  ^bb0(%in: f32, %wt: f32, %acc: f32):
    %p = arith.mulf %in, %wt fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#eO, #eO], iterator_types = ["parallel", "parallel"]}
      ins(%o : memref<2x16xf32>) outs(%o : memref<2x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// A stride-2 window (a max pool row, with the window's shape as its second
// input, as linalg's pooling ops have it): the input's innermost index is
// 2 * ow + kw, so each vector is a load from the first lane's element, one
// ending at the last lane's (15 further), and a shuffle of the even
// elements of the two: no masked load.

// CHECK-LABEL: func.func @strided_window(
// CHECK:         %[[FIRST:.+]] = vector.load %arg0[%c0, %[[KW:.+]]] : memref<8x33xf32>, vector<16xf32>
// CHECK:         %[[AT:.+]] = arith.addi %[[KW]], %c15 : index
// CHECK:         %[[LAST:.+]] = vector.load %arg0[%c0, %[[AT]]] : memref<8x33xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[FIRST]], %[[LAST]] [0, 2, 4, 6, 8, 10, 12, 14, 17, 19, 21, 23, 25, 27, 29, 31] : vector<16xf32>, vector<16xf32>
// CHECK:         arith.maximumf {{.*}} : vector<16xf32>
// CHECK-NOT:     vector.maskedload
func.func @strided_window(%x: memref<8x33xf32>, %k: memref<3xf32>, %y: memref<8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(c, ow, kw) -> (c, 2 * ow + kw)>, affine_map<(c, ow, kw) -> (kw)>, affine_map<(c, ow, kw) -> (c, ow)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %k : memref<8x33xf32>, memref<3xf32>) outs(%y : memref<8x16xf32>) {
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A 3x3 stride-2 max pool over NCHW channels: a tile of 16 channels x 1
// vector and one of 16 image rows x 1 vector cost the same loads and
// maxima, but neighbouring image rows read overlapping input rows of one
// channel (from L1), while 16 channels are 16 separate planes to stream: the
// tile's rows are image rows, one channel at a time.

// CHECK-LABEL: func.func @pool_image_rows(
// CHECK:         scf.for %[[C:.+]] = %c0 to %c16 step %c1
// CHECK:           vector.load %arg0[%c0, %[[C]], %{{.+}}, %{{.+}}]
// CHECK:           vector.load %arg0[%c0, %[[C]], %{{.+}}, %{{.+}}]
// CHECK:         vector.store %{{.+}}, %arg2[%c0, %[[C]], %c0, %c0]
// CHECK:         vector.store %{{.+}}, %arg2[%c0, %[[C]], %c1, %c0]
func.func @pool_image_rows(%x: memref<1x16x33x33xf32>, %k: memref<3x3xf32>, %y: memref<1x16x16x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, c, oh, ow, kh, kw) -> (n, c, 2 * oh + kh, 2 * ow + kw)>, affine_map<(n, c, oh, ow, kh, kw) -> (kh, kw)>, affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh, ow)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %k : memref<1x16x33x33xf32>, memref<3x3xf32>) outs(%y : memref<1x16x16x16xf32>) {
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Left to the scalar loops: a sum along the only contiguous dimension whose
// add may not be reordered (no reassoc), and a transpose (contiguous in one
// operand, strided in the other).

// CHECK-LABEL: func.func @not_vectorized(
// CHECK-COUNT-2: linalg.generic
func.func @not_vectorized(%x: memref<8x16xf32>, %s: memref<8xf32>, %t: memref<16x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x16xf32>) outs(%s : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %acc, %in : f32
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x16xf32>) outs(%t : memref<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// Only `i` can be the vector dimension (Y is read along `j` in its outer
// dimension), and the output is strided along `i`: with a long enough
// reduction the tile gathers its accumulators (element offsets 0, 20, 40,
// ...) and scatters them back once.

// CHECK-LABEL: func.func @scattered_output(
// CHECK:         %[[OFFSETS:.+]] = arith.constant dense<[0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 240, 260, 280, 300]> : vector<16xindex>
// CHECK:         vector.gather %arg2[{{.*}}] [%[[OFFSETS]]]
// CHECK:         scf.for
// CHECK:           vector.load %arg0
// CHECK:         vector.scatter %arg2[{{.*}}] [%[[OFFSETS]]]
func.func @scattered_output(%x: memref<40x24xf32>, %y: memref<20x40xf32>, %o: memref<24x20xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %y : memref<40x24xf32>, memref<20x40xf32>) outs(%o : memref<24x20xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// No parallel loop is contiguous, but both inputs are contiguous along the
// reduction loop `k` (q @ k^T in attention): vectors across `k`, partial
// sums per row (here one tile of the 4 rows of `j`, which share each load
// of q; two partial vectors each, the second masked and neutral (0) in its
// last 12 lanes), then one horizontal add per output element, added to its
// initial value. The sum is reordered only because the combiner allows it
// (reassoc).

// CHECK-LABEL: func.func @dot_products(
// CHECK:         scf.for %[[I:.+]] = %c0 to %c3 step %c1 {
// CHECK:           vector.load %arg0[%[[I]], %c0] : memref<3x20xf32>, vector<16xf32>
// CHECK:           vector.load %arg1[%c0, %c0]
// CHECK:           vector.load %arg1[%c3, %c0]
// CHECK:           %[[MASK:.+]] = vector.constant_mask [4] : vector<16xi1>
// CHECK:           vector.maskedload %arg0[%[[I]], %c16], %[[MASK]]
// CHECK:           arith.select %[[MASK]]
// CHECK:           %[[SUM:.+]] = vector.reduction <add>, %{{.+}} fastmath<reassoc> : vector<16xf32> into f32
// CHECK:           %[[OLD:.+]] = memref.load %arg2[%[[I]], %c0]
// CHECK:           %[[NEW:.+]] = arith.addf %[[OLD]], %[[SUM]] fastmath<reassoc,contract> : f32
// CHECK:           memref.store %[[NEW]], %arg2[%[[I]], %c0]
// CHECK-COUNT-3:   vector.reduction <add>
func.func @dot_products(%q: memref<3x20xf32>, %k: memref<4x20xf32>, %s: memref<3x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, d) -> (i, d)>, affine_map<(i, j, d) -> (j, d)>, affine_map<(i, j, d) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<3x20xf32>, memref<4x20xf32>) outs(%s : memref<3x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %r = arith.addf %acc, %p fastmath<reassoc,contract> : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Two statistics at once (a layer norm's shifted sum and sum of squares in
// f64) and a row max: each output gets its own partial vectors (f64 lanes
// for f64 results) and neutral element (-inf for the max).

// CHECK-LABEL: func.func @statistics(
// CHECK:         arith.constant dense<0.000000e+00> : vector<16xf64>
// CHECK:         arith.extf {{.*}} : vector<16xf32> to vector<16xf64>
// CHECK:         vector.reduction <add>, {{.*}} : vector<16xf64> into f64
// CHECK-LABEL: func.func @row_max(
// CHECK:         arith.constant dense<0xFF800000> : vector<16xf32>
// CHECK:         arith.maximumf {{.*}} : vector<16xf32>
// CHECK:         vector.reduction <maximumf>
func.func @statistics(%x: memref<4x64xf32>, %x0: memref<4xf32>, %sum: memref<4xf64>, %squares: memref<4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, d) -> (i, d)>, affine_map<(i, d) -> (i)>, affine_map<(i, d) -> (i)>, affine_map<(i, d) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x, %x0 : memref<4x64xf32>, memref<4xf32>) outs(%sum, %squares : memref<4xf64>, memref<4xf64>) {
  ^bb0(%a: f32, %shift: f32, %s: f64, %q: f64):
    %e = arith.extf %a : f32 to f64
    %f = arith.extf %shift : f32 to f64
    %d = arith.subf %e, %f : f64
    %s2 = arith.addf %s, %d fastmath<reassoc,contract> : f64
    %d2 = arith.mulf %d, %d fastmath<contract> : f64
    %q2 = arith.addf %q, %d2 fastmath<reassoc,contract> : f64
    linalg.yield %s2, %q2 : f64, f64
  }
  return
}
func.func @row_max(%x: memref<4x64xf32>, %m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, d) -> (i, d)>, affine_map<(i, d) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x64xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %acc, %a : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A global pool of a SiLU over 7x7 pixels (EfficientNet's last stage): the
// reduction rows are 7 floats, under half a vector, but each element costs
// an exp and a division, so they are still vectors (7 lanes of 16, the
// rest masked) rather than scalar code (0.3 -> 0.07 ms on 1280 channels). A
// plain sum over the same rows stays for LLVM.

// CHECK-LABEL: func.func @silu_pool(
// CHECK:         %[[MASK:.+]] = vector.constant_mask [7] : vector<16xi1>
// CHECK:         vector.maskedload {{.*}}, %[[MASK]]
// CHECK:         math.exp {{.*}} : vector<16xf32>
// CHECK:         vector.reduction <add>
// CHECK-LABEL: func.func @plain_pool(
// CHECK-NOT:     vector.
// CHECK:         linalg.generic
// CHECK-NOT:     vector.
// AVX2-LABEL: func.func @silu_pool(
// AVX2:         vector.constant_mask [7] : vector<8xi1>
// AVX2:         math.exp {{.*}} : vector<8xf32>
func.func @silu_pool(%x: memref<1x64x7x7xf32>, %o: memref<1x64xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : memref<1x64x7x7xf32>) outs(%o : memref<1x64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %one, %d : f32
    %y = arith.mulf %a, %s : f32
    %r = arith.addf %y, %acc fastmath<reassoc,contract> : f32
    linalg.yield %r : f32
  }
  return
}
func.func @plain_pool(%x: memref<1x64x7x7xf32>, %o: memref<1x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : memref<1x64x7x7xf32>) outs(%o : memref<1x64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc fastmath<reassoc,contract> : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The accumulator's initialization (a bias broadcast) and the in-place
// epilogue (residual add + relu) around a matmul are computed on the
// register tile: the accumulators start as the broadcast bias, the
// epilogue runs on them after the k loop, and the output is written once
// and never read. Both ops go.

// CHECK-LABEL: func.func @fused_init_and_epilogue(
// CHECK-NOT:     linalg.
// CHECK-NOT:     vector.load %arg4
// CHECK:         %[[BIAS:.+]] = vector.load %arg2[%c0] : memref<32xf32>, vector<16xf32>
// CHECK:         %[[ACC:.+]]:24 = scf.for {{.*}} iter_args(%{{.+}} = %[[BIAS]],
// CHECK:         %[[RES:.+]] = vector.load %arg3[%c0, %c0]
// CHECK:         %[[SUM:.+]] = arith.addf %[[ACC]]#0, %[[RES]] : vector<16xf32>
// CHECK:         %[[RELU:.+]] = arith.maximumf %[[SUM]], %{{.+}} : vector<16xf32>
// CHECK:         vector.store %[[RELU]], %arg4[%c0, %c0]
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
func.func @fused_init_and_epilogue(%a: memref<12x40xf32>, %b: memref<40x32xf32>, %bias: memref<32xf32>,
                                   %res: memref<12x32xf32>, %c: memref<12x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<32xf32>) outs(%c : memref<12x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<12x40xf32>, memref<40x32xf32>) outs(%c : memref<12x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%res : memref<12x32xf32>) outs(%c : memref<12x32xf32>) {
  ^bb0(%r: f32, %o: f32):
    %s = arith.addf %o, %r : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A 13x432 * 432x192 matmul (a 3x3 convolution's weights, 48 input
// channels, 192 output channels): a tile of all 12 vectors of a row would
// stream a 331 KB slice of B through every step, from L2 at half the load
// rate of L1. The cost model counts such loads twice, so the tile is 7 rows
// x 3 vectors (21 accumulators, a 55 KB slice of B reused by 7 rows), then
// the 6 rows left.

// CHECK-LABEL: func.func @streamed_weights(
// CHECK:         scf.for %[[N:.+]] = %c0 to %c192 step %c48 {
// CHECK:           scf.for %{{.+}} = %c0 to %c432 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:           scf.for %{{.+}} = %c0 to %c432 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
#sw_a = affine_map<(m, n, k) -> (m, k)>
#sw_b = affine_map<(m, n, k) -> (k, n)>
#sw_c = affine_map<(m, n, k) -> (m, n)>
func.func @streamed_weights(%A: memref<13x432xf32>, %B: memref<432x192xf32>, %C: memref<13x192xf32>) {
  linalg.generic {indexing_maps = [#sw_a, #sw_b, #sw_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<13x432xf32>, memref<432x192xf32>) outs(%C : memref<13x192xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A matmul whose B rows are long (SqueezeNet's classifier, a 1x1
// convolution over 13x13 pixels flattened): a tile's slice of B over the
// whole reduction (512 x 16 lanes x 4 bytes per vector) is far beyond L1, so
// each of its vector loads brings a line from L2, which delivers one every
// two cycles. Costed as such, 3 vectors x 8 rows (3 lines per 24 FMAs) beat
// 6 vectors x 4 rows (6 lines per 24 FMAs, L2-bound); the last 25 columns
// take 2 vectors.

// CHECK-LABEL: func.func @long_rows(
// CHECK:         scf.for %[[N:.+]] = %c0 to %c144 step %c48 {
// CHECK:           scf.for %{{.+}} = %c0 to %c48 step %c8 {
// CHECK:             scf.for %{{.+}} = %c0 to %c512 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:         scf.for %{{.+}} = %c0 to %c48 step %c8 {
// CHECK:           scf.for %{{.+}} = %c0 to %c512 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @long_rows(%a: memref<48x512xf32>, %b: memref<512x169xf32>, %c: memref<48x169xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<48x512xf32>, memref<512x169xf32>) outs(%c : memref<48x169xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A stride-2 3x3 convolution on 16-float image rows (one cache line each)
// with input channels too many for L1: its register rows are the columns
// of one output row, whose window rows share a line per step, not the rows
// of one output column (seven lines per step, each streamed from L2 again
// for every column: ResNet-50's layer4.0.conv2, 2.26 -> ~2.0 ms).

// CHECK-LABEL: func.func @stride2_rows_of_16
// CHECK:         scf.for %{{.+}} = %c0 to %c7 step %c1 {
// CHECK:           scf.for %[[CI:.+]] = %c0 to %c256 step %c1
// CHECK:           memref.load %arg0[%c0, %[[CI]], %[[ROW:[^,]+]], %{{[^]]+}}]
// CHECK-COUNT-6:   memref.load %arg0[%c0, %[[CI]], %[[ROW]], %{{[^]]+}}]
// CHECK-NOT:       memref.load %arg0
// CHECK:           vector.scatter
#s2_in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>
#s2_w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1 floordiv 16, d4, d5, d6, d1 mod 16)>
#s2_out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
func.func @stride2_rows_of_16(%x: memref<1x256x15x15xf32, strided<[65536, 256, 16, 1]>>,
                              %w: memref<2x256x3x3x16xf32>,
                              %y: memref<1x32x7x7xf32>) {
  linalg.generic {indexing_maps = [#s2_in, #s2_w, #s2_out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : memref<1x256x15x15xf32, strided<[65536, 256, 16, 1]>>, memref<2x256x3x3x16xf32>) outs(%y : memref<1x32x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A 1x1 convolution of a batch of 8 images of 528x16x16 floats (14x14
// inside a padded border): each image is 528 KiB, a multiple of 4 KiB, so
// rows along the batch would broadcast from 8 lines of one L1 set every
// step (and the reduction's channels, 1 KiB apart, reach only 4 sets):
// costed as streamed from L2, the rows are the image rows of one image
// instead (GoogLeNet at batch 8: 354 -> 202 ms).

// CHECK-LABEL: func.func @batch_rows_alias
// CHECK:         scf.for %[[B:.+]] = %c0 to %c8 step %c1 {
// CHECK:           scf.for %[[CI:.+]] = %c0 to %c528 step %c1
// CHECK:           memref.load %arg0[%[[B]], %[[CI]], %{{[^,]+}}, %[[COL:arg[0-9]+]]]
// CHECK-COUNT-6:   memref.load %arg0[%[[B]], %[[CI]], %{{[^,]+}}, %[[COL]]]
// CHECK-NOT:       memref.load %arg0
#b_in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#b_w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1 floordiv 16, d4, d5, d6, d1 mod 16)>
#b_out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
func.func @batch_rows_alias(%x: memref<8x528x14x14xf32, strided<[135168, 256, 16, 1], offset: 17>>,
                            %w: memref<4x528x1x1x16xf32>,
                            %y: memref<8x64x14x14xf32>) {
  linalg.generic {indexing_maps = [#b_in, #b_w, #b_out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : memref<8x528x14x14xf32, strided<[135168, 256, 16, 1], offset: 17>>, memref<4x528x1x1x16xf32>) outs(%y : memref<8x64x14x14xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A fill no contraction takes as its initialization (the one in front of
// attention scores that a reduction kernel computes) is left to
// aotc-cpu-vectorize-fills and LLVM's memset: as a kernel of 49-float rows
// it became 3 vectors and a one-lane masked store per row, which LLVM
// unrolled over all 588 rows into one block whose instruction selection
// took minutes (Swin-T on AVX-512).

// CHECK-LABEL: func.func @fill_left_alone
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%{{.+}}: f32):
// CHECK-NEXT:      linalg.yield %{{.+}} : f32
// CHECK-NOT:     vector.maskedstore
// AVX2-LABEL: func.func @fill_left_alone
// AVX2:         linalg.generic
// AVX2-NOT:     vector.maskedstore
#fill_out = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @fill_left_alone(%y: memref<12x49x49xf32, strided<[2401, 49, 1], offset: ?>>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#fill_out], iterator_types = ["parallel", "parallel", "parallel"]} outs(%y : memref<12x49x49xf32, strided<[2401, 49, 1], offset: ?>>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  return
}

// -----

// An epilogue that reads the contraction's output and writes another
// buffer (a quantization to int8 after a convolution or matmul whose float
// result nothing else reads) runs on the register tile too: each vector of
// accumulators is rounded, clamped and stored as 16 bytes where the
// epilogue writes, and the float output is never written.

// CHECK-LABEL: func.func @stored_epilogue(
// CHECK-NOT:     linalg.
// CHECK-NOT:     memref<12x32xf32>
// CHECK:         %[[Q:.+]] = memref.alloc() : memref<12x32xi8>
// CHECK:         %[[ACC:.+]]:24 = scf.for
// CHECK:         %[[R:.+]] = math.roundeven %[[ACC]]#0 : vector<16xf32>
// CHECK:         %[[I:.+]] = arith.fptosi %{{.+}} : vector<16xf32> to vector<16xi8>
// CHECK:         vector.store %[[I]], %[[Q]][%c0, %c0] : memref<12x32xi8>, vector<16xi8>
// CHECK-COUNT-23: vector.store %{{.+}}, %[[Q]]
// CHECK-NOT:     memref<12x32xf32>
// CHECK:         return %[[Q]]
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
func.func @stored_epilogue(%a: memref<12x40xf32>, %b: memref<40x32xf32>, %bias: memref<32xf32>) -> memref<12x32xi8> {
  %lo = arith.constant -128.0 : f32
  %hi = arith.constant 127.0 : f32
  %c = memref.alloc() : memref<12x32xf32>
  %q = memref.alloc() : memref<12x32xi8>
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<32xf32>) outs(%c : memref<12x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<12x40xf32>, memref<40x32xf32>) outs(%c : memref<12x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<12x32xf32>) outs(%q : memref<12x32xi8>) {
  ^bb0(%v: f32, %o: i8):
    %r = math.roundeven %v : f32
    %l = arith.maximumf %r, %lo : f32
    %h = arith.minimumf %l, %hi : f32
    %i = arith.fptosi %h : f32 to i8
    linalg.yield %i : i8
  }
  return %q : memref<12x32xi8>
}

// -----

// Not when the epilogue's output shares bytes with the contraction's (one
// arena's views at overlapping offsets): a tile's stores would overwrite
// the initial values another tile still reads. The float results are
// stored, and the epilogue stays an op of its own.

// CHECK-LABEL: func.func @stored_epilogue_overlapping(
// CHECK:         %[[C:.+]] = memref.view %{{.+}}[%c0][] : memref<4096xi8> to memref<12x32xf32>
// CHECK:         vector.store %{{.+}}, %[[C]]
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[C]] : memref<12x32xf32>)
// CHECK:           arith.fptosi %{{.+}} : f32 to i8
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
func.func @stored_epilogue_overlapping(%a: memref<12x40xf32>, %b: memref<40x32xf32>) -> memref<12x32xi8> {
  %lo = arith.constant -128.0 : f32
  %hi = arith.constant 127.0 : f32
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %arena = memref.alloc() : memref<4096xi8>
  %c = memref.view %arena[%c0][] : memref<4096xi8> to memref<12x32xf32>
  %q = memref.view %arena[%c1024][] : memref<4096xi8> to memref<12x32xi8>
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<12x40xf32>, memref<40x32xf32>) outs(%c : memref<12x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<12x32xf32>) outs(%q : memref<12x32xi8>) {
  ^bb0(%v: f32, %o: i8):
    %r = math.roundeven %v : f32
    %l = arith.maximumf %r, %lo : f32
    %h = arith.minimumf %l, %hi : f32
    %i = arith.fptosi %h : f32 to i8
    linalg.yield %i : i8
  }
  return %q : memref<12x32xi8>
}

// RUN: aotc-opt %s --aotc-cuda-tile-contractions --split-input-file | FileCheck %s
// RUN: aotc-opt %s --aotc-cuda-tile-contractions="tensor-cores=0" --split-input-file | FileCheck %s --check-prefix=SIMT
// RUN: aotc-opt %s --aotc-cuda-tile-contractions="tf32=1" --split-input-file | FileCheck %s --check-prefix=TF32

// A 100x40 @ 40x72 f32 matmul on the SIMT cores: 2x2 tiles of 64x64 on four
// blocks of 256 threads, both operand tiles staged in 16x65 workgroup
// buffers. Each thread reads its 16 outputs' current values (clamped rows
// and columns in the partial tiles), loops over the two full K tiles of 16
// (copy, barrier, 16 steps of the body, barrier), then the last 8 values of
// K without padding, and stores what lies inside the output.

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %[[A:.+]]: memref<100x40xf32>, %[[B:.+]]: memref<40x72xf32>, %[[C:.+]]: memref<100x72xf32>)
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK:         gpu.launch blocks(%{{.+}}) in (%{{.+}} = %[[C4]], {{.+}} threads(%{{.+}}) in (%{{.+}} = %[[C256]], {{.+}} workgroup(%[[AS:.+]] : memref<16x65xf32, #gpu.address_space<workgroup>>, %[[BS:.+]] : memref<16x65xf32, #gpu.address_space<workgroup>>)
// CHECK:           arith.minui %{{.+}}, %[[C99:.+]] : index
// CHECK:           %[[INIT:.+]] = memref.load %[[C]]
// CHECK:           %[[FULL:.+]]:16 = scf.for %{{.+}} = %{{.+}} to %[[C2:.+]] step %{{.+}} iter_args(%{{.+}} = %[[INIT]],
// CHECK:             memref.load %[[A]]
// CHECK:             memref.store %{{.+}}, %[[AS]]
// CHECK:             memref.load %[[B]]
// CHECK:             memref.store %{{.+}}, %[[BS]]
// CHECK:             gpu.barrier
// CHECK:             scf.for %[[KK:.+]] = %{{.+}} to %[[C16:.+]] step
// CHECK:               memref.load %[[AS]][%[[KK]],
// CHECK:               memref.load %[[BS]][%[[KK]],
// CHECK:               arith.mulf
// CHECK:               arith.addf
// CHECK:             gpu.barrier
// CHECK:           memref.load %[[A]]
// CHECK:           gpu.barrier
// CHECK:           %[[REST:.+]]:16 = scf.for %{{.+}} = %{{.+}} to %[[C8:.+]] step %{{.+}} iter_args(%{{.+}} = %[[FULL]]#0,
// CHECK:           %[[IN:.+]] = arith.andi
// CHECK:           scf.if %[[IN]] {
// CHECK:             memref.store %[[REST]]#0, %[[C]]
// CHECK-NOT:     linalg.generic
// SIMT-LABEL:  func.func @matmul(
// SIMT:          gpu.launch
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @matmul(%a: memref<100x40xf32>, %b: memref<40x72xf32>, %c: memref<100x72xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<100x40xf32>, memref<40x72xf32>) outs(%c : memref<100x72xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// B transposed in the indexing map: read as b[n, k]. Both operands are
// contiguous along k, so consecutive threads copy consecutive groups of 4
// values of k with one 16-byte vector load each when the buffer is aligned
// (a test on its pointer), else with scalar loads; workgroup memory holds
// them transposed ([k][row]). Full tiles: no clamping, no guards.

// CHECK-LABEL: func.func @transposed(
// CHECK-SAME:    %[[A:.+]]: memref<128x64xf32>, %[[B:.+]]: memref<64x64xf32>, %[[C:.+]]: memref<128x64xf32>)
// CHECK:         gpu.launch
// CHECK-NOT:       arith.minui
// CHECK:           scf.for
// CHECK:             %[[PA:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK:             arith.remui %[[PA]], %{{.+}} : index
// CHECK:             scf.if
// CHECK:               vector.load %[[A]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<128x64xf32>, vector<4xf32>
// CHECK-COUNT-4:       memref.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] : memref<16x65xf32, #gpu.address_space<workgroup>>
// CHECK:             } else {
// CHECK:               memref.load %[[A]]
// CHECK:             memref.extract_aligned_pointer_as_index %[[B]]
// CHECK:               vector.load %[[B]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<64x64xf32>, vector<4xf32>
// CHECK:             gpu.barrier
// CHECK-NOT:       scf.if
// CHECK:           memref.store %{{.+}}, %[[C]]
#mA = affine_map<(m, n, k) -> (m, k)>
#mBt = affine_map<(m, n, k) -> (n, k)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @transposed(%a: memref<128x64xf32>, %b: memref<64x64xf32>, %c: memref<128x64xf32>) {
  linalg.generic {indexing_maps = [#mA, #mBt, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<128x64xf32>, memref<64x64xf32>) outs(%c : memref<128x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Batch matmul: the batch loop (read by both inputs) is the grid's outer
// index, one 64x64 tile per batch: three blocks, block b reading batch b.

// CHECK-LABEL: func.func @batch_matmul(
// CHECK-SAME:    %[[A:.+]]: memref<3x64x32xf32>,
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK:         gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C3]],
// CHECK:           %[[REST:.+]] = arith.divui %[[BX]], %{{.+}} : index
// CHECK:           %[[BATCH:.+]] = arith.divui %[[REST]], %{{.+}} : index
// CHECK:           %[[I:.+]] = affine.apply #{{.+}}(%[[BATCH]], %{{.+}}, %{{.+}}, %{{.+}})
// CHECK:           memref.load %{{.+}}[%[[I]],
#bA = affine_map<(b, m, n, k) -> (b, m, k)>
#bB = affine_map<(b, m, n, k) -> (b, k, n)>
#bC = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @batch_matmul(%a: memref<3x64x32xf32>, %b: memref<3x32x64xf32>, %c: memref<3x64x64xf32>) {
  linalg.generic {indexing_maps = [#bA, #bB, #bC], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<3x64x32xf32>, memref<3x32x64xf32>) outs(%c : memref<3x64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A 3x3 convolution with stride 2 (NCHW) as an implicit GEMM: the weights
// read only oc (M = 16), the input n, oh and ow (N = 2 * 10 * 10 = 200,
// with ow, the output's innermost loop), K = c * kh * kw = 72. The input's
// window index oh * 2 + kh comes from its own indexing map, composed with
// the delinearization of N and K. 1 x 4 tiles; K = 72 is four full tiles
// of 16 and 8 more.

// The flattened N index is d2 (n = d2 / 100, oh = d2 / 10 % 10,
// ow = d2 % 10), the flattened K index d3 (c = d3 / 9, kh = d3 / 3 % 3,
// kw = d3 % 3).
// CHECK-DAG:   #[[OH:.+]] = affine_map<(d0, d1, d2, d3) -> ((d2 floordiv 10) * 2 - ((d2 floordiv 10) floordiv 10) * 20 + (d3 floordiv 3) mod 3)>
// CHECK-DAG:   #[[OW:.+]] = affine_map<(d0, d1, d2, d3) -> (d2 * 2 + d3 - (d2 floordiv 10) * 20 - (d3 floordiv 3) * 3)>
// CHECK-LABEL: func.func @conv(
// CHECK-SAME:    %[[X:.+]]: memref<2x8x22x22xf32>, %[[W:.+]]: memref<16x8x3x3xf32>
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK:         gpu.launch blocks(%{{.+}}) in (%{{.+}} = %[[C4]],
// CHECK:           scf.for %{{.+}} = %{{.+}} to %[[C4B:.+]] step
// CHECK:             memref.load %[[W]]
// CHECK:             %[[H:.+]] = affine.apply #[[OH]](%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}})
// CHECK:             %[[WI:.+]] = affine.apply #[[OW]](%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}})
// CHECK:             memref.load %[[X]][%{{.+}}, %{{.+}}, %[[H]], %[[WI]]]
#conv_in = affine_map<(n, oc, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
#conv_w = affine_map<(n, oc, oh, ow, c, kh, kw) -> (oc, c, kh, kw)>
#conv_out = affine_map<(n, oc, oh, ow, c, kh, kw) -> (n, oc, oh, ow)>
func.func @conv(%x: memref<2x8x22x22xf32>, %w: memref<16x8x3x3xf32>, %y: memref<2x16x10x10xf32>) {
  linalg.generic {indexing_maps = [#conv_in, #conv_w, #conv_out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : memref<2x8x22x22xf32>, memref<16x8x3x3xf32>) outs(%y : memref<2x16x10x10xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// f16 operands accumulated in f32: tensor cores. A 64x64 tile of 4 warps,
// each 2 x 4 mma tiles of 16 x 8; operand tiles [row][k] with rows padded
// to 40 halves (80 bytes). The accumulators start as the output's values
// (2x2 fragments), A is copied with 8-half vectors, and each K step of 16
// reads fragments with 2-half loads and issues 8 m16n8k16 mma.sync. K = 48
// is one tile of 32 and one of 16 (one step), padded with zeros. Without
// tensor cores, the SIMT kernel.

// CHECK-LABEL: func.func @half(
// CHECK-SAME:    %[[A:.+]]: memref<64x48xf16>, %[[B:.+]]: memref<48x64xf16>, %[[C:.+]]: memref<64x64xf32>)
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK:         gpu.launch {{.+}} threads(%{{.+}}) in (%{{.+}} = %[[C128]], {{.+}} workgroup(%[[AS:.+]] : memref<64x40xf16, #gpu.address_space<workgroup>>, %[[BS:.+]] : memref<64x40xf16, #gpu.address_space<workgroup>>)
// CHECK:           %[[ACC:.+]] = vector.from_elements %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<2x2xf32>
// CHECK:           vector.load %[[A]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<64x48xf16>, vector<8xf16>
// CHECK:           vector.store %{{.+}}, %[[AS]][%{{.+}}, %{{.+}}] {alignment = 16 : i64}
// CHECK:           gpu.barrier
// CHECK:           vector.load %[[AS]][%{{.+}}, %{{.+}}] {alignment = 4 : i64} : memref<64x40xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-COUNT-8:   nvgpu.mma.sync(%{{.+}}, %{{.+}}, %{{.+}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK:           arith.select %{{.+}}, %{{.+}}, %{{.+}} : vector<8xf16>
// CHECK:           gpu.barrier
// CHECK-COUNT-8:   nvgpu.mma.sync
// CHECK-NOT:       nvgpu.mma.sync
// CHECK:           vector.extract %{{.+}}[0, 0] : f32 from vector<2x2xf32>
// CHECK:           memref.store %{{.+}}, %[[C]]
// SIMT-LABEL:  func.func @half(
// SIMT-NOT:      nvgpu.mma.sync
// SIMT:          arith.extf
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @half(%a: memref<64x48xf16>, %b: memref<48x64xf16>, %c: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x48xf16>, memref<48x64xf16>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// f32 on tensor cores only with tf32: m16n8k8 with tf32 operands, K steps
// of 16, fragments of one f32 per register.

// CHECK-LABEL: func.func @single(
// CHECK-NOT:     nvgpu.mma.sync
// TF32-LABEL:  func.func @single(
// TF32:          workgroup(%{{.+}} : memref<64x20xf32, #gpu.address_space<workgroup>>
// TF32:          nvgpu.mma.sync(%{{.+}}, %{{.+}}, %{{.+}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @single(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A body that is not a multiply-add (a max-plus product) stays on the SIMT
// cores, cloned as it is, even for f16.

// CHECK-LABEL: func.func @max_plus(
// CHECK-NOT:     nvgpu.mma.sync
// CHECK:         gpu.barrier
// CHECK:         arith.addf
// CHECK:         arith.maximumf
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @max_plus(%a: memref<64x32xf16>, %b: memref<32x64xf16>, %c: memref<64x64xf16>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf16>, memref<32x64xf16>) outs(%c : memref<64x64xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %p = arith.addf %x, %y : f16
    %s = arith.maximumf %acc, %p : f16
    linalg.yield %s : f16
  }
  return
}

// -----

// Left to the one-thread-per-output mapping: a matrix-vector product (N =
// 1), a body reading loop indices, an output that broadcasts a parallel
// loop no input reads.

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     gpu.launch
// CHECK-COUNT-3: linalg.generic
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
#mv = affine_map<(m, k) -> (k)>
#mm = affine_map<(m, k) -> (m, k)>
#mo = affine_map<(m, k) -> (m)>
#bA = affine_map<(m, n, k) -> (m, k)>
#bB = affine_map<(m, n, k) -> (k)>
func.func @left_alone(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>,
                      %v: memref<32xf32>, %o: memref<64xf32>) {
  linalg.generic {indexing_maps = [#mm, #mv, #mo], iterator_types = ["parallel", "reduction"]}
      ins(%a, %v : memref<64x32xf32>, memref<32xf32>) outs(%o : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %i = linalg.index 2 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %p = arith.mulf %x, %f : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#bA, #bB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %v : memref<64x32xf32>, memref<32xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The kernel absorbs the bias broadcast that initializes the accumulator
// right before the contraction (each thread computes its outputs' initial
// values from the bias) and the bias-free relu right after it, which reads
// the accumulator, a temporary nothing else uses: the results go to the
// relu's output and the temporary disappears. One launch, no linalg left.

// CHECK-LABEL: func.func @fused(
// CHECK-SAME:    %[[A:.+]]: memref<64x32xf32>, %[[B:.+]]: memref<32x64xf32>, %[[BIAS:.+]]: memref<64xf32>, %[[OUT:.+]]: memref<64x64xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         gpu.launch
// CHECK:           %[[INIT:.+]] = memref.load %[[BIAS]]
// CHECK:           scf.for %{{.+}} iter_args(%{{.+}} = %[[INIT]],
// CHECK:           %[[RELU:.+]] = arith.maximumf %{{.+}}, %{{.+}} : f32
// CHECK:           memref.store %[[RELU]], %[[OUT]]
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     memref.alloc
// CHECK:         return
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @fused(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %bias: memref<64xf32>, %out: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<64x64xf32>
  linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<64xf32>) outs(%acc : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%acc : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %s, %p : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A consumer that is not the accumulator's only other reader stays a
// kernel of its own (here the accumulator is read again afterwards), and
// so does an initialization that reads the output it writes.

// CHECK-LABEL: func.func @not_fused(
// CHECK:         %[[ACC:.+]] = memref.alloc
// CHECK:         linalg.generic
// CHECK:         gpu.launch
// CHECK:           memref.load %[[ACC]]
// CHECK:           memref.store %{{.+}}, %[[ACC]]
// CHECK:         linalg.generic
// CHECK:         memref.copy %[[ACC]]
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
func.func @not_fused(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %out: memref<64x64xf32>, %copy: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<64x64xf32>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%acc : memref<64x64xf32>) {
  ^bb0(%o: f32):
    %h = arith.mulf %o, %zero : f32
    linalg.yield %h : f32
  }
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%acc : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %s, %p : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  memref.copy %acc, %copy : memref<64x64xf32> to memref<64x64xf32>
  return
}

// -----

// A padded input (an allocation filled with a constant, 0.5 here, and the
// input copied into a subview of it) is read through the input: an element
// inside the window (offsets 1 along H and W) loads %x at its index minus
// 1, any other element is 0.5. The allocation, its fill and its copy go.

// CHECK-LABEL: func.func @padded_conv(
// CHECK-SAME:    %[[X:.+]]: memref<1x4x8x8xf32>,
// CHECK-NOT:     memref.alloc
// CHECK:         gpu.launch
// CHECK:           %[[H:.+]] = arith.subi %{{.+}}, %[[C1:.+]] : index
// CHECK:           %[[HIN:.+]] = arith.cmpi ult, %[[H]], %[[C8:.+]] : index
// CHECK:           %[[W:.+]] = arith.subi %{{.+}}, %{{.+}} : index
// CHECK:           %[[WIN:.+]] = arith.cmpi ult, %[[W]], %{{.+}} : index
// CHECK:           %[[IN:.+]] = arith.andi %[[HIN]], %[[WIN]] : i1
// CHECK:           scf.if %[[IN]] -> (f32) {
// CHECK:             %[[V:.+]] = memref.load %[[X]][%{{.+}}, %{{.+}}, %[[H]], %[[W]]] : memref<1x4x8x8xf32>
// CHECK:             scf.yield %[[V]] : f32
// CHECK:           } else {
// CHECK:             %[[PAD:.+]] = arith.constant 5.000000e-01 : f32
// CHECK:             scf.yield %[[PAD]] : f32
// CHECK-NOT:     linalg
// CHECK-NOT:     memref.subview
// CHECK:         return
#in = affine_map<(n, f, h, w, c, kh, kw) -> (n, c, h + kh, w + kw)>
#wt = affine_map<(n, f, h, w, c, kh, kw) -> (f, c, kh, kw)>
#out = affine_map<(n, f, h, w, c, kh, kw) -> (n, f, h, w)>
func.func @padded_conv(%x: memref<1x4x8x8xf32>, %w: memref<16x4x3x3xf32>, %y: memref<1x16x8x8xf32>) {
  %half = arith.constant 0.5 : f32
  %padded = memref.alloc() : memref<1x4x10x10xf32>
  linalg.map outs(%padded : memref<1x4x10x10xf32>)
    (%init: f32) {
      linalg.yield %half : f32
    }
  %window = memref.subview %padded[0, 0, 1, 1] [1, 4, 8, 8] [1, 1, 1, 1] : memref<1x4x10x10xf32> to memref<1x4x8x8xf32, strided<[400, 100, 10, 1], offset: 11>>
  linalg.copy ins(%x : memref<1x4x8x8xf32>) outs(%window : memref<1x4x8x8xf32, strided<[400, 100, 10, 1], offset: 11>>)
  linalg.generic {indexing_maps = [#in, #wt, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%padded, %w : memref<1x4x10x10xf32>, memref<16x4x3x3xf32>) outs(%y : memref<1x16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %s: f32):
    %p = arith.mulf %a, %b : f32
    %r = arith.addf %s, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A padded matmul operand whose contiguous index is K (copied 16 bytes at
// a time when unpadded, as %b still is) is read element by element: a
// vector could straddle the window's edge. Only K and M past the window
// are checked (the offsets are 0). The padded buffer is also read after the
// matmul, so it stays, with its fill and copy.

// CHECK-LABEL: func.func @padded_matmul_kept(
// CHECK-SAME:    %[[A:.+]]: memref<60x30xf32>, %[[B:.+]]: memref<32x64xf32>,
// CHECK:         %[[P:.+]] = memref.alloc() : memref<64x32xf32>
// CHECK:         linalg.fill
// CHECK:         linalg.copy ins(%[[A]]
// CHECK-NOT:     vector.load %[[A]]
// CHECK-NOT:     memref.load %[[P]]
// CHECK:         gpu.launch
// CHECK-NOT:     vector.load %[[A]]
// CHECK-NOT:     memref.load %[[P]]
// CHECK:           scf.if %{{.+}} -> (f32) {
// CHECK-NEXT:        memref.load %[[A]]
// CHECK-NOT:     vector.load %[[A]]
// CHECK-NOT:     memref.load %[[P]]
// CHECK:           arith.constant -1.000000e+00 : f32
// CHECK-NOT:     vector.load %[[A]]
// CHECK-NOT:     memref.load %[[P]]
// CHECK:           vector.load %[[B]]
// CHECK-NOT:     vector.load %[[A]]
// CHECK-NOT:     memref.load %[[P]]
// CHECK:         memref.copy %[[P]]
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @padded_matmul_kept(%a: memref<60x30xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>, %keep: memref<64x32xf32>) {
  %minus1 = arith.constant -1.0 : f32
  %padded = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%minus1 : f32) outs(%padded : memref<64x32xf32>)
  %window = memref.subview %padded[0, 0] [60, 30] [1, 1] : memref<64x32xf32> to memref<60x30xf32, strided<[32, 1]>>
  linalg.copy ins(%a : memref<60x30xf32>) outs(%window : memref<60x30xf32, strided<[32, 1]>>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%padded, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %s, %p : f32
    linalg.yield %r : f32
  }
  memref.copy %padded, %keep : memref<64x32xf32> to memref<64x32xf32>
  return
}

// -----

// The padded input stays the operand when its source is written between
// the copy and the contraction: the copy holds the older values.

// CHECK-LABEL: func.func @padded_source_written(
// CHECK-SAME:    %[[A:.+]]: memref<60x30xf32>,
// CHECK:         %[[P:.+]] = memref.alloc() : memref<64x32xf32>
// CHECK:         linalg.copy ins(%[[A]]
// CHECK:         linalg.fill
// CHECK:         gpu.launch
// CHECK-NOT:       memref.load %[[A]]
// CHECK:           memref.load %[[P]]
// CHECK-NOT:       memref.load %[[A]]
// CHECK:         return
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @padded_source_written(%a: memref<60x30xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%padded : memref<64x32xf32>)
  %window = memref.subview %padded[0, 0] [60, 30] [1, 1] : memref<64x32xf32> to memref<60x30xf32, strided<[32, 1]>>
  linalg.copy ins(%a : memref<60x30xf32>) outs(%window : memref<60x30xf32, strided<[32, 1]>>)
  linalg.fill ins(%zero : f32) outs(%a : memref<60x30xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%padded, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %s, %p : f32
    linalg.yield %r : f32
  }
  return
}

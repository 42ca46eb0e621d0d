// RUN: aotc-opt %s --aotc-cuda-map-reductions --canonicalize --split-input-file | FileCheck %s

// A row sum of 4096 terms: a block of 256 threads per row. Thread t adds
// terms t, t + 256, ... (consecutive threads, consecutive addresses), the
// warps combine their lanes with xor shuffles 16..1, their first lanes meet
// in workgroup memory after a barrier, the first warp combines the 8 warp
// sums (shuffles 4, 2, 1) and its first lane adds the output's initial
// value.

// CHECK-LABEL: func.func @rows(
// CHECK-SAME:    %[[X:.+]]: memref<64x4096xf32>, %[[SUMS:.+]]: memref<64xf32>)
// CHECK-DAG:     %[[O1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[O2:.+]] = arith.constant 2 : i32
// CHECK-DAG:     %[[O4:.+]] = arith.constant 4 : i32
// CHECK-DAG:     %[[O8:.+]] = arith.constant 8 : i32
// CHECK-DAG:     %[[O16:.+]] = arith.constant 16 : i32
// CHECK-DAG:     %[[W:.+]] = arith.constant 32 : i32
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG:     %[[C4096:.+]] = arith.constant 4096 : index
// CHECK:         gpu.launch blocks(%[[B:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C64]], %{{.+}}, %{{.+}}) threads(%[[T:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C256]], %{{.+}}, %{{.+}}) workgroup(%[[WARPS:.+]] : memref<8xf32, #gpu.address_space<workgroup>>) {
// CHECK:           %[[PART:.+]] = scf.for %[[K:.+]] = %[[T]] to %[[C4096]] step %[[C256]] iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK:             %[[V:.+]] = memref.load %[[X]][%[[B]], %[[K]]] : memref<64x4096xf32>
// CHECK:             %[[S:.+]] = arith.addf %[[V]], %[[ACC]] : f32
// CHECK:             scf.yield %[[S]] : f32
// CHECK:           %[[R16:.+]], %{{.+}} = gpu.shuffle  xor %[[PART]], %[[O16]], %[[W]] : f32
// CHECK:           %[[S16:.+]] = arith.addf %[[R16]], %[[PART]] : f32
// CHECK:           gpu.shuffle  xor %[[S16]], %[[O8]], %[[W]] : f32
// CHECK:           gpu.shuffle  xor %{{.+}}, %[[O4]], %[[W]] : f32
// CHECK:           gpu.shuffle  xor %{{.+}}, %[[O2]], %[[W]] : f32
// CHECK:           %[[R1:.+]], %{{.+}} = gpu.shuffle  xor %[[S2:.+]], %[[O1]], %[[W]] : f32
// CHECK:           %[[WARP_SUM:.+]] = arith.addf %[[R1]], %[[S2]] : f32
// CHECK:           %[[LANE:.+]] = arith.remui %[[T]], %[[C32]] : index
// CHECK:           %[[FIRST_LANE:.+]] = arith.cmpi eq, %[[LANE]], %[[C0]] : index
// CHECK:           %[[WARP:.+]] = arith.divui %[[T]], %[[C32]] : index
// CHECK:           scf.if %[[FIRST_LANE]] {
// CHECK:             memref.store %[[WARP_SUM]], %[[WARPS]][%[[WARP]]]
// CHECK:           gpu.barrier
// CHECK:           %[[FIRST_WARP:.+]] = arith.cmpi eq, %[[WARP]], %[[C0]] : index
// CHECK:           scf.if %[[FIRST_WARP]] {
// CHECK:             %[[HAS:.+]] = arith.cmpi ult, %[[LANE]], %[[C8]] : index
// CHECK:             %[[MINE:.+]] = scf.if %[[HAS]] -> (f32) {
// CHECK:               memref.load %[[WARPS]][%[[LANE]]]
// CHECK:             } else {
// CHECK:               scf.yield %[[ZERO]] : f32
// CHECK:             gpu.shuffle  xor %[[MINE]], %[[O4]], %[[W]] : f32
// CHECK:             gpu.shuffle  xor %{{.+}}, %[[O2]], %[[W]] : f32
// CHECK:             %[[Q1:.+]], %{{.+}} = gpu.shuffle  xor %[[Q2:.+]], %[[O1]], %[[W]] : f32
// CHECK:             %[[TOTAL:.+]] = arith.addf %[[Q1]], %[[Q2]] : f32
// CHECK:             scf.if %[[FIRST_LANE]] {
// CHECK:               %[[INIT:.+]] = memref.load %[[SUMS]][%[[B]]] : memref<64xf32>
// CHECK:               %[[NEW:.+]] = arith.addf %[[TOTAL]], %[[INIT]] : f32
// CHECK:               memref.store %[[NEW]], %[[SUMS]][%[[B]]] : memref<64xf32>
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.generic
func.func @rows(%x: memref<64x4096xf32>, %sums: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x4096xf32>) outs(%sums : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// 300 terms: a warp per row, 8 rows per block, the 13th block's last 4
// warps skip it all (the guard is uniform in each warp). The max starts
// from -inf; f16 travels through the shuffles as f32.

// CHECK-LABEL: func.func @warp_max(
// CHECK-SAME:    %[[X:.+]]: memref<100x300xf16>, %[[M:.+]]: memref<100xf16>)
// CHECK-DAG:     %[[NEG_INF:.+]] = arith.constant 0xFC00 : f16
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C13:.+]] = arith.constant 13 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C100:.+]] = arith.constant 100 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG:     %[[C300:.+]] = arith.constant 300 : index
// CHECK:         gpu.launch blocks(%[[B:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C13]], %{{.+}}, %{{.+}}) threads(%[[T:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C256]], %{{.+}}, %{{.+}}) {
// CHECK:           %[[WARP:.+]] = arith.divui %[[T]], %[[C32]] : index
// CHECK:           %[[FIRST_ROW:.+]] = arith.muli %[[B]], %[[C8]] : index
// CHECK:           %[[ROW:.+]] = arith.addi %[[FIRST_ROW]], %[[WARP]] : index
// CHECK:           %[[LANE:.+]] = arith.remui %[[T]], %[[C32]] : index
// CHECK:           %[[IN:.+]] = arith.cmpi ult, %[[ROW]], %[[C100]] : index
// CHECK:           scf.if %[[IN]] {
// CHECK:             %[[PART:.+]] = scf.for %[[K:.+]] = %[[LANE]] to %[[C300]] step %[[C32]] iter_args(%[[ACC:.+]] = %[[NEG_INF]]) -> (f16) {
// CHECK:               %[[V:.+]] = memref.load %[[X]][%[[ROW]], %[[K]]]
// CHECK:               arith.maximumf %[[V]], %[[ACC]] : f16
// CHECK:             %[[WIDE:.+]] = arith.extf %[[PART]] : f16 to f32
// CHECK:             %[[R:.+]], %{{.+}} = gpu.shuffle  xor %[[WIDE]], %{{.+}}, %{{.+}} : f32
// CHECK:             %[[NARROW:.+]] = arith.truncf %[[R]] : f32 to f16
// CHECK:             arith.maximumf %[[NARROW]], %[[PART]] : f16
// CHECK-COUNT-4:     gpu.shuffle  xor
// CHECK-NOT:         gpu.barrier
// CHECK:             memref.load %[[M]][%[[ROW]]]
// CHECK:             arith.maximumf
// CHECK:             memref.store %{{.+}}, %[[M]][%[[ROW]]]
func.func @warp_max(%x: memref<100x300xf16>, %m: memref<100xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<100x300xf16>) outs(%m : memref<100xf16>) {
  ^bb0(%a: f16, %acc: f16):
    %r = arith.maximumf %a, %acc : f16
    linalg.yield %r : f16
  }
  return
}

// -----

// A full reduction of 2^20 terms, x + y*z fused before the sum: 256 blocks
// each reduce a strided quarter-thousandth into a temporary, a second
// launch (one warp) reduces the 256 partial sums and adds the initial
// value.

// CHECK-LABEL: func.func @full(
// CHECK-SAME:    %[[X:.+]]: memref<1048576xf32>, %[[Y:.+]]: memref<1048576xf32>, %[[Z:.+]]: memref<1048576xf32>, %[[S:.+]]: memref<f32>)
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG:     %[[STRIDE:.+]] = arith.constant 65536 : index
// CHECK-DAG:     %[[N:.+]] = arith.constant 1048576 : index
// CHECK:         %[[PARTIALS:.+]] = memref.alloc() : memref<1x256xf32>
// CHECK:         gpu.launch blocks(%[[B:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C256]], %{{.+}}, %{{.+}}) threads(%[[T:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C256]], %{{.+}}, %{{.+}}) workgroup(%{{.+}} : memref<8xf32, #gpu.address_space<workgroup>>) {
// CHECK:           %[[OUT:.+]] = arith.divui %[[B]], %[[C256]] : index
// CHECK:           %[[PART:.+]] = arith.remui %[[B]], %[[C256]] : index
// CHECK:           %[[BASE:.+]] = arith.muli %[[PART]], %[[C256]] : index
// CHECK:           %[[FIRST:.+]] = arith.addi %[[BASE]], %[[T]] : index
// CHECK:           scf.for %[[K:.+]] = %[[FIRST]] to %[[N]] step %[[STRIDE]] iter_args(%[[ACC:.+]] = %{{.+}}) -> (f32) {
// CHECK:             %[[A:.+]] = memref.load %[[X]][%[[K]]]
// CHECK:             %[[YK:.+]] = memref.load %[[Y]][%[[K]]]
// CHECK:             %[[ZK:.+]] = memref.load %[[Z]][%[[K]]]
// CHECK:             %[[P:.+]] = arith.mulf %[[YK]], %[[ZK]] : f32
// CHECK:             %[[Q:.+]] = arith.addf %[[A]], %[[P]] : f32
// CHECK:             arith.addf %[[Q]], %[[ACC]] : f32
// CHECK:           gpu.barrier
// CHECK:           memref.store %{{.+}}, %[[PARTIALS]][%[[OUT]], %[[PART]]] : memref<1x256xf32>
// CHECK-NOT:       memref.store
// CHECK:           gpu.terminator
// CHECK:         gpu.launch blocks(%[[B2:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C1]], %{{.+}}, %{{.+}}) threads(%[[T2:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C32]], %{{.+}}, %{{.+}}) {
// CHECK:           scf.for %[[I:.+]] = %[[T2]] to %[[C256]] step %[[C32]]
// CHECK:             memref.load %[[PARTIALS]][%{{.+}}, %[[I]]] : memref<1x256xf32>
// CHECK-COUNT-5:   gpu.shuffle  xor
// CHECK:           %[[INIT:.+]] = memref.load %[[S]][] : memref<f32>
// CHECK:           %[[SUM:.+]] = arith.addf %{{.+}}, %[[INIT]] : f32
// CHECK:           memref.store %[[SUM]], %[[S]][] : memref<f32>
func.func @full(%x: memref<1048576xf32>, %y: memref<1048576xf32>, %z: memref<1048576xf32>, %s: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%x, %y, %z : memref<1048576xf32>, memref<1048576xf32>, memref<1048576xf32>) outs(%s : memref<f32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %acc: f32):
    %p = arith.mulf %b, %c : f32
    %q = arith.addf %a, %p : f32
    %r = arith.addf %q, %acc : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A sum over the middle axis of 4x512x8 (32 outputs, few for a GPU): a warp
// per output although its lanes read with a stride of 8; the output's
// indices come from the warp's linear output index, the term's from the
// lane's position in the reduction, through the input's indexing map.

// CHECK-LABEL: func.func @middle(
// CHECK-SAME:    %[[X:.+]]: memref<4x512x8xi32>, %[[S:.+]]: memref<4x8xi32>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK:         gpu.launch blocks(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C4]], %{{.+}}, %{{.+}}) threads(
// CHECK:           %[[OUT:.+]] = arith.addi
// CHECK:           scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (i32) {
// CHECK:             %[[J:.+]] = arith.remui %[[OUT]], %[[C8]] : index
// CHECK:             %[[I:.+]] = arith.divui %[[OUT]], %[[C8]] : index
// CHECK:             %[[V:.+]] = memref.load %[[X]][%[[I]], %[[K]], %[[J]]]
// CHECK:             arith.addi %[[ACC]], %[[V]] : i32
// CHECK:           gpu.shuffle  xor %{{.+}} : i32
// CHECK:           memref.store %{{.+}}, %[[S]][%{{.+}}, %{{.+}}] : memref<4x8xi32>
func.func @middle(%x: memref<4x512x8xi32>, %s: memref<4x8xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k, j)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x512x8xi32>) outs(%s : memref<4x8xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %r = arith.addi %acc, %a : i32
    linalg.yield %r : i32
  }
  return
}

// -----

// Left to one thread per output (aotc-cuda-map-to-grid): 64 terms (too
// few to share); 2048 outputs whose reduction runs across the inputs' rows
// (threads of consecutive outputs read consecutive addresses as they are);
// a combiner without a neutral element (subf); two results (a running max
// and sum).

// CHECK-LABEL: func.func @stay(
// CHECK-NOT:     gpu.launch
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT:     gpu.launch
func.func @stay(%short: memref<16x64xf32>, %short_out: memref<16xf32>,
                %cols: memref<512x2048xf32>, %cols_out: memref<2048xf32>,
                %m: memref<4x1024xf32>, %max: memref<4xf32>, %sum: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%short : memref<16x64xf32>) outs(%short_out : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(j, k) -> (k, j)>, affine_map<(j, k) -> (j)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%cols : memref<512x2048xf32>) outs(%cols_out : memref<2048xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%m : memref<4x1024xf32>) outs(%sum : memref<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.subf %acc, %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%m : memref<4x1024xf32>) outs(%max, %sum : memref<4xf32>, memref<4xf32>) {
  ^bb0(%a: f32, %acc_max: f32, %acc_sum: f32):
    %r = arith.maximumf %a, %acc_max : f32
    %s = arith.addf %a, %acc_sum : f32
    linalg.yield %r, %s : f32, f32
  }
  return
}

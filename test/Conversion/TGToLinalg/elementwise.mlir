// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// Same-shape operands read through identity maps.

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_f32(
// CHECK-SAME:    %[[LHS:.+]]: tensor<2x3xf32>, %[[RHS:.+]]: tensor<2x3xf32>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[RES:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[LHS]], %[[RHS]] : tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK-SAME:      outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK:         ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK:           %[[SUM:.+]] = arith.addf %[[A]], %[[B]] : f32
// CHECK:           linalg.yield %[[SUM]] : f32
// CHECK:         return %[[RES]]
func.func @add_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.add %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Size-1 dimensions facing larger ones read index 0; missing leading
// dimensions are dropped from the map.

// CHECK-DAG: #[[$LHS_MAP:.+]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-DAG: #[[$RHS_MAP:.+]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[$OUT_MAP:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @add_broadcast(
// CHECK-SAME:    %[[LHS:.+]]: tensor<4x1x3xf32>, %[[RHS:.+]]: tensor<5x1xf32>)
// CHECK-NOT:     linalg.broadcast
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<4x5x3xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$LHS_MAP]], #[[$RHS_MAP]], #[[$OUT_MAP]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%[[LHS]], %[[RHS]] : tensor<4x1x3xf32>, tensor<5x1xf32>)
// CHECK-SAME:      outs(%[[INIT]] : tensor<4x5x3xf32>)
// CHECK:           arith.addf
func.func @add_broadcast(%a: tensor<4x1x3xf32>, %b: tensor<5x1xf32>) -> tensor<4x5x3xf32> {
  %0 = tg.add %a, %b : tensor<4x1x3xf32>, tensor<5x1xf32>
  return %0 : tensor<4x5x3xf32>
}

// -----

// A size-1 dimension facing a size-1 result dimension keeps its loop.

// CHECK-DAG: #[[$LHS_MAP:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$RHS_MAP:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @mul_unit_dims(
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$LHS_MAP]], #[[$RHS_MAP]], #[[$LHS_MAP]]]
// CHECK:           arith.mulf
func.func @mul_unit_dims(%a: tensor<1x1xf32>, %b: tensor<1xf32>) -> tensor<1x1xf32> {
  %0 = tg.mul %a, %b : tensor<1x1xf32>, tensor<1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

// A rank-0 operand has an empty result list.

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @sub_scalar_rhs(
// CHECK-SAME:    %[[LHS:.+]]: tensor<4xf32>, %[[RHS:.+]]: tensor<f32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]]
// CHECK-SAME:      ins(%[[LHS]], %[[RHS]] : tensor<4xf32>, tensor<f32>)
// CHECK:         ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK:           arith.subf %[[A]], %[[B]] : f32
func.func @sub_scalar_rhs(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  %0 = tg.sub %a, %b : tensor<4xf32>, tensor<f32>
  return %0 : tensor<4xf32>
}

// -----

// Rank-0 result: no loops.

// CHECK-DAG: #[[$MAP:.+]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @div_rank0(
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<f32>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$MAP]], #[[$MAP]], #[[$MAP]]]
// CHECK-SAME:      iterator_types = []
// CHECK-SAME:      outs(%[[INIT]] : tensor<f32>)
// CHECK:           arith.divf
func.func @div_rank0(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = tg.div %a, %b : tensor<f32>, tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @binary_float(
// CHECK:         arith.maximumf
// CHECK:         arith.minimumf
// CHECK:         math.powf
func.func @binary_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.max %a, %b : tensor<4xf32>, tensor<4xf32>
  %1 = tg.min %a, %b : tensor<4xf32>, tensor<4xf32>
  %2 = tg.pow %a, %b : tensor<4xf32>, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Integers are signed.

// CHECK-LABEL: func.func @binary_int(
// CHECK:         ^bb0(%[[A:.+]]: i32, %[[B:.+]]: i32, %{{.+}}: i32):
// CHECK-NEXT:      %[[R:.+]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:      linalg.yield %[[R]]
// CHECK:         arith.subi
// CHECK:         arith.muli
// CHECK:         arith.divsi
// CHECK:         arith.maxsi
// CHECK:         arith.minsi
// CHECK:         math.ipowi
func.func @binary_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = tg.add %a, %b : tensor<4xi32>, tensor<4xi32>
  %1 = tg.sub %a, %b : tensor<4xi32>, tensor<4xi32>
  %2 = tg.mul %a, %b : tensor<4xi32>, tensor<4xi32>
  %3 = tg.div %a, %b : tensor<4xi32>, tensor<4xi32>
  %4 = tg.max %a, %b : tensor<4xi32>, tensor<4xi32>
  %5 = tg.min %a, %b : tensor<4xi32>, tensor<4xi32>
  %6 = tg.pow %a, %b : tensor<4xi32>, tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// The same code serves every float width.

// CHECK-LABEL: func.func @binary_f16_bf16_f64(
// CHECK:         arith.addf %{{.+}}, %{{.+}} : f16
// CHECK:         arith.mulf %{{.+}}, %{{.+}} : bf16
// CHECK:         arith.divf %{{.+}}, %{{.+}} : f64
func.func @binary_f16_bf16_f64(%a: tensor<4xf16>, %b: tensor<4xbf16>, %c: tensor<4xf64>) -> (tensor<4xf16>, tensor<4xbf16>, tensor<4xf64>) {
  %0 = tg.add %a, %a : tensor<4xf16>, tensor<4xf16>
  %1 = tg.mul %b, %b : tensor<4xbf16>, tensor<4xbf16>
  %2 = tg.div %c, %c : tensor<4xf64>, tensor<4xf64>
  return %0, %1, %2 : tensor<4xf16>, tensor<4xbf16>, tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @unary_float(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]] : tensor<2x3xf32>)
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[NEG:.+]] = arith.negf %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[NEG]]
// CHECK:         math.absf
// CHECK:         math.exp
// CHECK:         math.log
// CHECK:         math.sqrt
// CHECK:         math.rsqrt
// CHECK:         math.tanh
// CHECK:         math.erf
func.func @unary_float(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = tg.neg %x : tensor<2x3xf32>
  %1 = tg.abs %x : tensor<2x3xf32>
  %2 = tg.exp %x : tensor<2x3xf32>
  %3 = tg.log %x : tensor<2x3xf32>
  %4 = tg.sqrt %x : tensor<2x3xf32>
  %5 = tg.rsqrt %x : tensor<2x3xf32>
  %6 = tg.tanh %x : tensor<2x3xf32>
  %7 = tg.erf %x : tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// sigmoid(x) = 1 / (1 + exp(-x)).

// CHECK-LABEL: func.func @sigmoid(
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-DAG:       %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:       %[[NEG:.+]] = arith.negf %[[IN]] : f32
// CHECK:           %[[EXP:.+]] = math.exp %[[NEG]] : f32
// CHECK:           %[[DEN:.+]] = arith.addf %[[ONE]], %[[EXP]] : f32
// CHECK:           %[[RES:.+]] = arith.divf %[[ONE]], %[[DEN]] : f32
// CHECK:           linalg.yield %[[RES]] : f32
func.func @sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.sigmoid %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @relu_f32(
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK:           %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:           %[[RES:.+]] = arith.maximumf %[[IN]], %[[ZERO]] : f32
// CHECK:           linalg.yield %[[RES]] : f32
func.func @relu_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.relu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @unary_int(
// CHECK:         ^bb0(%[[IN:.+]]: i16, %{{.+}}: i16):
// CHECK:           %[[ZERO:.+]] = arith.constant 0 : i16
// CHECK:           %[[NEG:.+]] = arith.subi %[[ZERO]], %[[IN]] : i16
// CHECK:           linalg.yield %[[NEG]] : i16
// CHECK:         ^bb0(%[[IN:.+]]: i16, %{{.+}}: i16):
// CHECK:           %[[ABS:.+]] = math.absi %[[IN]] : i16
// CHECK:           linalg.yield %[[ABS]] : i16
// CHECK:         ^bb0(%[[IN:.+]]: i16, %{{.+}}: i16):
// CHECK:           %[[ZERO:.+]] = arith.constant 0 : i16
// CHECK:           %[[RELU:.+]] = arith.maxsi %[[IN]], %[[ZERO]] : i16
// CHECK:           linalg.yield %[[RELU]] : i16
func.func @unary_int(%x: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) {
  %0 = tg.neg %x : tensor<4xi16>
  %1 = tg.abs %x : tensor<4xi16>
  %2 = tg.relu %x : tensor<4xi16>
  return %0, %1, %2 : tensor<4xi16>, tensor<4xi16>, tensor<4xi16>
}

// -----

// Float comparisons are ordered except `ne`, and broadcast like the
// arithmetic ops. The result is i1.

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @compare_float(
// CHECK-SAME:    %[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<f32>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<4xi1>
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]]
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<4xf32>, tensor<f32>)
// CHECK-SAME:      outs(%[[INIT]] : tensor<4xi1>)
// CHECK:         ^bb0(%[[L:.+]]: f32, %[[R:.+]]: f32, %{{.+}}: i1):
// CHECK-NEXT:      %[[C:.+]] = arith.cmpf oeq, %[[L]], %[[R]] : f32
// CHECK-NEXT:      linalg.yield %[[C]] : i1
// CHECK:         arith.cmpf une
// CHECK:         arith.cmpf olt
// CHECK:         arith.cmpf ole
// CHECK:         arith.cmpf ogt
// CHECK:         arith.cmpf oge
func.func @compare_float(%a: tensor<4xf32>, %b: tensor<f32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.compare eq, %a, %b : tensor<4xf32>, tensor<f32>
  %1 = tg.compare ne, %a, %b : tensor<4xf32>, tensor<f32>
  %2 = tg.compare lt, %a, %b : tensor<4xf32>, tensor<f32>
  %3 = tg.compare le, %a, %b : tensor<4xf32>, tensor<f32>
  %4 = tg.compare gt, %a, %b : tensor<4xf32>, tensor<f32>
  %5 = tg.compare ge, %a, %b : tensor<4xf32>, tensor<f32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @compare_int(
// CHECK:         arith.cmpi eq, %{{.+}}, %{{.+}} : i64
// CHECK:         arith.cmpi ne, %{{.+}}, %{{.+}} : i64
// CHECK:         arith.cmpi slt, %{{.+}}, %{{.+}} : i64
// CHECK:         arith.cmpi sle, %{{.+}}, %{{.+}} : i64
// CHECK:         arith.cmpi sgt, %{{.+}}, %{{.+}} : i64
// CHECK:         arith.cmpi sge, %{{.+}}, %{{.+}} : i64
func.func @compare_int(%a: tensor<4xi64>, %b: tensor<4xi64>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.compare eq, %a, %b : tensor<4xi64>, tensor<4xi64>
  %1 = tg.compare ne, %a, %b : tensor<4xi64>, tensor<4xi64>
  %2 = tg.compare lt, %a, %b : tensor<4xi64>, tensor<4xi64>
  %3 = tg.compare le, %a, %b : tensor<4xi64>, tensor<4xi64>
  %4 = tg.compare gt, %a, %b : tensor<4xi64>, tensor<4xi64>
  %5 = tg.compare ge, %a, %b : tensor<4xi64>, tensor<4xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Booleans order false < true, so i1 compares unsigned.

// CHECK-LABEL: func.func @compare_i1(
// CHECK:         arith.cmpi ult, %{{.+}}, %{{.+}} : i1
// CHECK:         arith.cmpi uge, %{{.+}}, %{{.+}} : i1
func.func @compare_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.compare lt, %a, %b : tensor<4xi1>, tensor<4xi1>
  %1 = tg.compare ge, %a, %b : tensor<4xi1>, tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// All three select operands broadcast.

// CHECK-DAG: #[[$COND_MAP:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$FALSE_MAP:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @select(
// CHECK-SAME:    %[[COND:.+]]: tensor<4xi1>, %[[T:.+]]: tensor<2x4xi8>, %[[F:.+]]: tensor<1x4xi8>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<2x4xi8>
// CHECK:         %[[RES:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$COND_MAP]], #[[$ID]], #[[$FALSE_MAP]], #[[$ID]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[COND]], %[[T]], %[[F]] : tensor<4xi1>, tensor<2x4xi8>, tensor<1x4xi8>)
// CHECK-SAME:      outs(%[[INIT]] : tensor<2x4xi8>)
// CHECK:         ^bb0(%[[C:.+]]: i1, %[[X:.+]]: i8, %[[Y:.+]]: i8, %{{.+}}: i8):
// CHECK-NEXT:      %[[S:.+]] = arith.select %[[C]], %[[X]], %[[Y]] : i8
// CHECK-NEXT:      linalg.yield %[[S]] : i8
// CHECK:         return %[[RES]]
func.func @select(%c: tensor<4xi1>, %t: tensor<2x4xi8>, %f: tensor<1x4xi8>) -> tensor<2x4xi8> {
  %0 = tg.select %c, %t, %f : tensor<4xi1>, tensor<2x4xi8>, tensor<1x4xi8>
  return %0 : tensor<2x4xi8>
}

// -----

// CHECK-LABEL: func.func @cast_identity(
// CHECK-SAME:    %[[X:.+]]: tensor<4xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[X]]
func.func @cast_identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.cast %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @cast_float_float(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3xf32>, %[[H:.+]]: tensor<2x3xf16>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<2x3xf16>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[X]] : tensor<2x3xf32>)
// CHECK-SAME:      outs(%[[INIT]] : tensor<2x3xf16>)
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: f16):
// CHECK-NEXT:      %[[T:.+]] = arith.truncf %[[IN]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
// CHECK:         ^bb0(%[[IN:.+]]: f16, %{{.+}}: f64):
// CHECK-NEXT:      %[[E:.+]] = arith.extf %[[IN]] : f16 to f64
// CHECK-NEXT:      linalg.yield %[[E]] : f64
// f16 and bf16 have the same width: through f32.
// CHECK:         ^bb0(%[[IN:.+]]: f16, %{{.+}}: bf16):
// CHECK-NEXT:      %[[W:.+]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:      %[[N:.+]] = arith.truncf %[[W]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[N]] : bf16
func.func @cast_float_float(%x: tensor<2x3xf32>, %h: tensor<2x3xf16>) -> (tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xbf16>) {
  %0 = tg.cast %x : tensor<2x3xf32> -> tensor<2x3xf16>
  %1 = tg.cast %h : tensor<2x3xf16> -> tensor<2x3xf64>
  %2 = tg.cast %h : tensor<2x3xf16> -> tensor<2x3xbf16>
  return %0, %1, %2 : tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xbf16>
}

// -----

// CHECK-LABEL: func.func @cast_float_int(
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: i32):
// CHECK-NEXT:      %[[I:.+]] = arith.fptosi %[[IN]] : f32 to i32
// CHECK-NEXT:      linalg.yield %[[I]] : i32
// CHECK:         ^bb0(%[[IN:.+]]: i8, %{{.+}}: bf16):
// CHECK-NEXT:      %[[F:.+]] = arith.sitofp %[[IN]] : i8 to bf16
// CHECK-NEXT:      linalg.yield %[[F]] : bf16
func.func @cast_float_int(%x: tensor<4xf32>, %i: tensor<4xi8>) -> (tensor<4xi32>, tensor<4xbf16>) {
  %0 = tg.cast %x : tensor<4xf32> -> tensor<4xi32>
  %1 = tg.cast %i : tensor<4xi8> -> tensor<4xbf16>
  return %0, %1 : tensor<4xi32>, tensor<4xbf16>
}

// -----

// Unsigned integers (from ONNX uint types) zero-extend and convert as
// unsigned values; floats convert to them with fptoui.
// CHECK-LABEL: func.func @cast_unsigned(
// CHECK:         ^bb0(%[[IN:.+]]: i8, %{{.+}}: f32):
// CHECK-NEXT:      %[[F:.+]] = arith.uitofp %[[IN]] : i8 to f32
// CHECK-NEXT:      linalg.yield %[[F]] : f32
// CHECK:         ^bb0(%[[IN:.+]]: i8, %{{.+}}: i32):
// CHECK-NEXT:      %[[W:.+]] = arith.extui %[[IN]] : i8 to i32
// CHECK-NEXT:      linalg.yield %[[W]] : i32
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: i8):
// CHECK-NEXT:      %[[U:.+]] = arith.fptoui %[[IN]] : f32 to i8
// CHECK-NEXT:      linalg.yield %[[U]] : i8
func.func @cast_unsigned(%u: tensor<4xi8>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi8>) {
  %0 = tg.cast %u {unsigned_input} : tensor<4xi8> -> tensor<4xf32>
  %1 = tg.cast %u {unsigned_input} : tensor<4xi8> -> tensor<4xi32>
  %2 = tg.cast %x {unsigned_result} : tensor<4xf32> -> tensor<4xi8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xi8>
}

// -----

// Unsigned integer comparisons use the unsigned predicates.
// CHECK-LABEL: func.func @compare_unsigned(
// CHECK:         arith.cmpi ult, %{{.+}}, %{{.+}} : i8
// CHECK:         arith.cmpi slt, %{{.+}}, %{{.+}} : i8
func.func @compare_unsigned(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.compare lt, %a, %b {unsigned_operands} : tensor<4xi8>, tensor<4xi8>
  %1 = tg.compare lt, %a, %b : tensor<4xi8>, tensor<4xi8>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Unsigned division and remainder (x mod 0 is 0).
// CHECK-LABEL: func.func @div_mod_unsigned(
// CHECK:         arith.divui %{{.+}}, %{{.+}} : i8
// CHECK:         %[[ZERO:.+]] = arith.cmpi eq, %[[D:.+]], %{{.+}} : i8
// CHECK:         %[[SAFE:.+]] = arith.select %[[ZERO]], %{{.+}}, %[[D]] : i8
// CHECK:         arith.remui %{{.+}}, %[[SAFE]] : i8
func.func @div_mod_unsigned(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  %0 = tg.div %a, %b {unsigned_operands} : tensor<4xi8>, tensor<4xi8>
  %1 = tg.mod %a, %b {unsigned_operands} : tensor<4xi8>, tensor<4xi8>
  return %0, %1 : tensor<4xi8>, tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @cast_int_int(
// CHECK:         ^bb0(%[[IN:.+]]: i8, %{{.+}}: i32):
// CHECK-NEXT:      %[[W:.+]] = arith.extsi %[[IN]] : i8 to i32
// CHECK-NEXT:      linalg.yield %[[W]] : i32
// CHECK:         ^bb0(%[[IN:.+]]: i64, %{{.+}}: i16):
// CHECK-NEXT:      %[[N:.+]] = arith.trunci %[[IN]] : i64 to i16
// CHECK-NEXT:      linalg.yield %[[N]] : i16
func.func @cast_int_int(%a: tensor<4xi8>, %b: tensor<4xi64>) -> (tensor<4xi32>, tensor<4xi16>) {
  %0 = tg.cast %a : tensor<4xi8> -> tensor<4xi32>
  %1 = tg.cast %b : tensor<4xi64> -> tensor<4xi16>
  return %0, %1 : tensor<4xi32>, tensor<4xi16>
}

// -----

// Anything nonzero casts to true (NaN included, hence `une`).

// CHECK-LABEL: func.func @cast_to_i1(
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: i1):
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[B:.+]] = arith.cmpf une, %[[IN]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[B]] : i1
// CHECK:         ^bb0(%[[IN:.+]]: i32, %{{.+}}: i1):
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[B:.+]] = arith.cmpi ne, %[[IN]], %[[ZERO]] : i32
// CHECK-NEXT:      linalg.yield %[[B]] : i1
func.func @cast_to_i1(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.cast %x : tensor<4xf32> -> tensor<4xi1>
  %1 = tg.cast %i : tensor<4xi32> -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// true casts to 1 (not -1).

// CHECK-LABEL: func.func @cast_from_i1(
// CHECK:         ^bb0(%[[IN:.+]]: i1, %{{.+}}: i32):
// CHECK-NEXT:      %[[I:.+]] = arith.extui %[[IN]] : i1 to i32
// CHECK-NEXT:      linalg.yield %[[I]] : i32
// CHECK:         ^bb0(%[[IN:.+]]: i1, %{{.+}}: f32):
// CHECK-NEXT:      %[[F:.+]] = arith.uitofp %[[IN]] : i1 to f32
// CHECK-NEXT:      linalg.yield %[[F]] : f32
func.func @cast_from_i1(%b: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xf32>) {
  %0 = tg.cast %b : tensor<4xi1> -> tensor<4xi32>
  %1 = tg.cast %b : tensor<4xi1> -> tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}

// -----

// tg.bitcast: arith.bitcast of each element; an i1 widens to 0 or 1 and an
// i8 narrows to its lowest bit; a bitcast to the same type is its input.
// CHECK-LABEL: func.func @bitcast(
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: i32):
// CHECK-NEXT:      %[[B:.+]] = arith.bitcast %[[IN]] : f32 to i32
// CHECK-NEXT:      linalg.yield %[[B]] : i32
// CHECK:         ^bb0(%[[IN:.+]]: i1, %{{.+}}: i8):
// CHECK-NEXT:      %[[E:.+]] = arith.extui %[[IN]] : i1 to i8
// CHECK-NEXT:      linalg.yield %[[E]] : i8
// CHECK:         ^bb0(%[[IN:.+]]: i8, %{{.+}}: i1):
// CHECK-NEXT:      %[[T:.+]] = arith.trunci %[[IN]] : i8 to i1
// CHECK-NEXT:      linalg.yield %[[T]] : i1
// CHECK:         return %{{.+}}, %{{.+}}, %{{.+}}, %arg0
func.func @bitcast(%x: tensor<2x3xf32>, %b: tensor<4xi1>, %c: tensor<4xi8>) -> (tensor<2x3xi32>, tensor<4xi8>, tensor<4xi1>, tensor<2x3xf32>) {
  %0 = tg.bitcast %x : tensor<2x3xf32> -> tensor<2x3xi32>
  %1 = tg.bitcast %b : tensor<4xi1> -> tensor<4xi8>
  %2 = tg.bitcast %c : tensor<4xi8> -> tensor<4xi1>
  %3 = tg.bitcast %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xi32>, tensor<4xi8>, tensor<4xi1>, tensor<2x3xf32>
}

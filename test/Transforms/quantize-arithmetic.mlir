// RUN: aotc-opt %s --aotc-quantize-arithmetic --split-input-file | FileCheck %s

// QuantizeLinear to uint8 (zero point 128) then DequantizeLinear: the
// division by the scale becomes a product with its reciprocal corrected by
// an FMA (0.1 passes the compile-time check; x * 10 alone would round 70
// quotients near ties the other way), x is first bounded to +-(130 * 0.1),
// beyond which every quotient saturates, and the uint8 round trip goes.
// CHECK-LABEL: func.func @qdq_u8(
// CHECK-SAME:      %[[X:.+]]: f32)
// CHECK-DAG:       %[[S:.+]] = arith.constant 1.000000e-01 : f32
// CHECK-DAG:       %[[R:.+]] = arith.constant 1.000000e+01 : f32
// CHECK-DAG:       %[[B:.+]] = arith.constant 1.300000e+01 : f32
// CHECK-DAG:       %[[NB:.+]] = arith.constant -1.300000e+01 : f32
// CHECK:           %[[UP:.+]] = arith.minimumf %[[X]], %[[B]] : f32
// CHECK:           %[[XC:.+]] = arith.maximumf %[[UP]], %[[NB]] : f32
// CHECK:           %[[Q0:.+]] = arith.mulf %[[XC]], %[[R]] : f32
// CHECK:           %[[NEG:.+]] = arith.negf %[[Q0]] : f32
// CHECK:           %[[E:.+]] = math.fma %[[NEG]], %[[S]], %[[XC]] : f32
// CHECK:           %[[Q:.+]] = math.fma %[[E]], %[[R]], %[[Q0]] : f32
// CHECK:           %[[ROUND:.+]] = math.roundeven %[[Q]] : f32
// CHECK:           %[[SHIFT:.+]] = arith.addf %[[ROUND]], %{{.+}} : f32
// CHECK:           %[[MIN:.+]] = arith.minimumf %[[SHIFT]], %{{.+}} : f32
// CHECK:           %[[MAX:.+]] = arith.maximumf %[[MIN]], %{{.+}} : f32
// CHECK-NOT:       arith.divf
// CHECK-NOT:       fptoui
// CHECK-NOT:       uitofp
// CHECK:           %[[D:.+]] = arith.subf %[[MAX]], %{{.+}} : f32
// CHECK:           arith.mulf %[[D]], %[[S]] : f32
func.func @qdq_u8(%x: f32) -> f32 {
  %s = arith.constant 0.1 : f32
  %zp = arith.constant 128.0 : f32
  %hi = arith.constant 255.0 : f32
  %lo = arith.constant 0.0 : f32
  %0 = arith.divf %x, %s : f32
  %1 = math.roundeven %0 : f32
  %2 = arith.addf %1, %zp : f32
  %3 = arith.minimumf %2, %hi : f32
  %4 = arith.maximumf %3, %lo : f32
  %5 = arith.fptoui %4 : f32 to i8
  %6 = arith.uitofp %5 : i8 to f32
  %7 = arith.subf %6, %zp : f32
  %8 = arith.mulf %7, %s : f32
  return %8 : f32
}

// -----

// After a ReLU6 (x in [0, 6]) neither bound on x is needed.
// CHECK-LABEL: func.func @after_relu6(
// CHECK:           %[[MIN:.+]] = arith.minimumf %{{.+}}, %{{.+}} : f32
// CHECK:           %[[RELU6:.+]] = arith.maximumf %[[MIN]], %{{.+}} : f32
// CHECK-NEXT:      %[[Q0:.+]] = arith.mulf %[[RELU6]], %{{.+}} : f32
// CHECK:           math.fma
// CHECK:           math.fma
// CHECK-NOT:       arith.divf
func.func @after_relu6(%x: f32) -> i8 {
  %six = arith.constant 6.0 : f32
  %zero = arith.constant 0.0 : f32
  %s = arith.constant 0.0235 : f32
  %hi = arith.constant 255.0 : f32
  %a = arith.minimumf %x, %six : f32
  %b = arith.maximumf %a, %zero : f32
  %0 = arith.divf %b, %s : f32
  %1 = math.roundeven %0 : f32
  %2 = arith.minimumf %1, %hi : f32
  %3 = arith.maximumf %2, %zero : f32
  %4 = arith.fptoui %3 : f32 to i8
  return %4 : i8
}

// -----

// Kept: a division not rounded and clamped (any quotient may matter), a
// subnormal scale, and a divisor that is not a constant.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-3:   arith.divf
// CHECK-NOT:       math.fma
func.func @kept(%x: f32, %y: f32) -> (f32, f32, f32) {
  %s = arith.constant 0.1 : f32
  %tiny = arith.constant 1.0e-39 : f32
  %hi = arith.constant 255.0 : f32
  %lo = arith.constant 0.0 : f32
  %0 = arith.divf %x, %s : f32
  %1 = math.roundeven %0 : f32
  %2 = arith.divf %x, %tiny : f32
  %3 = math.roundeven %2 : f32
  %4 = arith.minimumf %3, %hi : f32
  %5 = arith.maximumf %4, %lo : f32
  %6 = arith.divf %x, %y : f32
  %7 = math.roundeven %6 : f32
  %8 = arith.minimumf %7, %hi : f32
  %9 = arith.maximumf %8, %lo : f32
  return %1, %5, %9 : f32, f32, f32
}

// -----

// int8 round trips: kept when a rounded -0 could reach the conversion
// (-0 -> 0 -> +0 differs from -0), removed when a zero point other than -0
// was added (-0 + 3 is 3; a sum that is 0 is +0).
// CHECK-LABEL: func.func @signed(
// CHECK:           %[[KEPT:.+]] = arith.fptosi
// CHECK:           %[[BACK:.+]] = arith.sitofp %[[KEPT]]
// CHECK-NOT:       arith.fptosi
// CHECK:           return %[[BACK]], %{{.+}} : f32, f32
func.func @signed(%x: f32) -> (f32, f32) {
  %hi = arith.constant 127.0 : f32
  %lo = arith.constant -128.0 : f32
  %zp = arith.constant 3.0 : f32
  %r = math.roundeven %x : f32
  %0 = arith.minimumf %r, %hi : f32
  %1 = arith.maximumf %0, %lo : f32
  %2 = arith.fptosi %1 : f32 to i8
  %3 = arith.sitofp %2 : i8 to f32
  %s = arith.addf %r, %zp : f32
  %4 = arith.minimumf %s, %hi : f32
  %5 = arith.maximumf %4, %lo : f32
  %6 = arith.fptosi %5 : f32 to i8
  %7 = arith.sitofp %6 : i8 to f32
  return %3, %7 : f32, f32
}

// -----

// A clamp wider than the integer type keeps the round trip (it wraps or
// saturates there).
// CHECK-LABEL: func.func @too_wide(
// CHECK:           arith.fptoui
// CHECK:           arith.uitofp
func.func @too_wide(%x: f32) -> f32 {
  %hi = arith.constant 256.0 : f32
  %lo = arith.constant 0.0 : f32
  %r = math.roundeven %x : f32
  %0 = arith.minimumf %r, %hi : f32
  %1 = arith.maximumf %0, %lo : f32
  %2 = arith.fptoui %1 : f32 to i8
  %3 = arith.uitofp %2 : i8 to f32
  return %3 : f32
}

// -----

// QuantizeLinear's clamp and rounding right before the conversion to an
// integer (zero point 0 as `+ 0.0`), each used once: the conversion gives
// the same integer for -0 and +0 and poison for NaN either way, so the
// clamp gets `nnan nsz` (x86: one vminps, one vmaxps) and the addition of
// +0.0 `nsz` (LLVM drops it). A clamp that something else also reads (the
// float value itself) keeps its exact semantics.
// CHECK-LABEL: func.func @clamp_before_conversion(
// CHECK:           %[[A:.+]] = arith.addf %{{.+}}, %{{.+}} fastmath<nsz> : f32
// CHECK:           %[[R:.+]] = math.roundeven %[[A]] : f32
// CHECK:           %[[MIN:.+]] = arith.minimumf %[[R]], %{{.+}} fastmath<nnan,nsz> : f32
// CHECK:           %[[MAX:.+]] = arith.maximumf %[[MIN]], %{{.+}} fastmath<nnan,nsz> : f32
// CHECK:           arith.fptoui %[[MAX]] : f32 to i8
// CHECK-NOT:       fastmath
// CHECK:           %[[MAX2:.+]] = arith.maximumf
// CHECK-NOT:       fastmath
// CHECK:           arith.fptosi %[[MAX2]] : f32 to i8
// CHECK:           return {{.+}}, {{.+}}, %[[MAX2]]
func.func @clamp_before_conversion(%x: f32, %y: f32) -> (i8, i8, f32) {
  %zero = arith.constant 0.0 : f32
  %hi = arith.constant 255.0 : f32
  %lo = arith.constant 0.0 : f32
  %shi = arith.constant 127.0 : f32
  %slo = arith.constant -128.0 : f32
  %a = arith.addf %x, %zero : f32
  %r = math.roundeven %a : f32
  %0 = arith.minimumf %r, %hi : f32
  %1 = arith.maximumf %0, %lo : f32
  %2 = arith.fptoui %1 : f32 to i8
  %3 = arith.minimumf %y, %shi : f32
  %4 = arith.maximumf %3, %slo : f32
  %5 = arith.fptosi %4 : f32 to i8
  return %2, %5, %4 : i8, i8, f32
}

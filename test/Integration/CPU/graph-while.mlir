// RUN: %run-graph %s --work-dir %t --seed 1
// RUN: %run-graph %s --work-dir %t --seed 2
// RUN: aotc %s -o %t.o --report | FileCheck %s

// A loop whose condition is computed at run time, as the ONNX importer
// writes one: an scf.while carrying its tensors first and the condition
// last, as an i1 the before region tests and does not pass on, so that
// each carried tensor keeps its position and one buffer for the whole loop
// (aotc-loop-carried-in-place). The body's kernels form as in the function
// body; everything is planned (temp bytes below, no allocation per step).
// The limit n is drawn per seed: 3 to 40 steps.

// CHECK: 1  loops {{.+}} ? steps    tanh + mul + add + compare
// CHECK: temp bytes     640

// INPUT 1: int(3, 40)

// REF: x, n = inp
// REF: s = x.copy(); i = 0
// REF: while True:
// REF:     s = np.tanh(s) * np.float32(1.5)
// REF:     i += 1
// REF:     if not (i < n): break
// REF: out[0] = s
// REF: out[1] = np.array(i, np.int64)

func.func @graph_while(%x: tensor<8x16xf32>, %n: tensor<i64>)
    -> (tensor<8x16xf32>, tensor<i64>) {
  %zero = tg.constant dense<0> : tensor<i64>
  %one = tg.constant dense<1> : tensor<i64>
  %k = tg.constant dense<1.5> : tensor<f32>
  %go = arith.constant true
  %r:2 = scf.while (%s = %x, %i = %zero, %c = %go)
      : (tensor<8x16xf32>, tensor<i64>, i1) -> (tensor<8x16xf32>, tensor<i64>) {
    scf.condition(%c) %s, %i : tensor<8x16xf32>, tensor<i64>
  } do {
  ^bb0(%s2: tensor<8x16xf32>, %i2: tensor<i64>):
    %t = tg.tanh %s2 : tensor<8x16xf32>
    %s3 = tg.mul %t, %k : tensor<8x16xf32>, tensor<f32>
    %i3 = tg.add %i2, %one : tensor<i64>, tensor<i64>
    %more = tg.compare lt, %i3, %n : tensor<i64>, tensor<i64>
    %c2 = tensor.extract %more[] : tensor<i1>
    scf.yield %s3, %i3, %c2 : tensor<8x16xf32>, tensor<i64>, i1
  }
  return %r#0, %r#1 : tensor<8x16xf32>, tensor<i64>
}

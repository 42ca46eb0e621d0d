// RUN: %run-graph %s --work-dir %t --seed 1
// RUN: %run-graph %s --work-dir %t --seed 2
// RUN: %run-graph %s --work-dir %t --seed 4
// RUN: aotc %s -o %t.o --report | FileCheck %s

// An If on a condition known only at run time, as the ONNX importer writes
// one: an scf.if on the rank-0 condition. Only the branch taken runs; each
// branch's kernels form as in the function body (the product and its tanh
// are one kernel), and memory planning places the buffer both branches
// write their result into (aotc-hoist-branch-result-allocs), copying in the
// else branch's second result, which is the input itself. The then branch
// holds another If on a second condition. The seeds draw the conditions
// (p, q) = (0, 1), (1, 0) and (1, 1).

// CHECK: 1  loops {{.+}} one branch  matmul + tanh + mul + sub + exp
// CHECK: 2  compute {{.+}} add
// CHECK: temp bytes     12288

// INPUT 0: int(0, 1)
// INPUT 1: int(0, 1)

// REF: p, q, x, w = inp
// REF: m = x @ w
// REF: if p:
// REF:     r0 = np.tanh(m)
// REF:     r1 = x * np.float32(2) if q else x - np.float32(1)
// REF: else:
// REF:     r0 = np.exp(np.float32(0.1) * m)
// REF:     r1 = x
// REF: out[0] = r0 + r0
// REF: out[1] = r1

func.func @graph_if(%p: tensor<i1>, %q: tensor<i1>, %x: tensor<64x32xf32>,
                    %w: tensor<32x16xf32>)
    -> (tensor<64x16xf32>, tensor<64x32xf32>) {
  %c = tensor.extract %p[] : tensor<i1>
  %r:2 = scf.if %c -> (tensor<64x16xf32>, tensor<64x32xf32>) {
    %m = tg.matmul %x, %w : tensor<64x32xf32>, tensor<32x16xf32>
    %t = tg.tanh %m : tensor<64x16xf32>
    %d = tensor.extract %q[] : tensor<i1>
    %s = scf.if %d -> (tensor<64x32xf32>) {
      %two = tg.constant dense<2.0> : tensor<f32>
      %y = tg.mul %x, %two : tensor<64x32xf32>, tensor<f32>
      scf.yield %y : tensor<64x32xf32>
    } else {
      %one = tg.constant dense<1.0> : tensor<f32>
      %y = tg.sub %x, %one : tensor<64x32xf32>, tensor<f32>
      scf.yield %y : tensor<64x32xf32>
    }
    scf.yield %t, %s : tensor<64x16xf32>, tensor<64x32xf32>
  } else {
    %m = tg.matmul %x, %w : tensor<64x32xf32>, tensor<32x16xf32>
    %tenth = tg.constant dense<0.1> : tensor<f32>
    %s = tg.mul %m, %tenth : tensor<64x16xf32>, tensor<f32>
    %e = tg.exp %s : tensor<64x16xf32>
    scf.yield %e, %x : tensor<64x16xf32>, tensor<64x32xf32>
  }
  %o = tg.add %r#0, %r#0 : tensor<64x16xf32>, tensor<64x16xf32>
  return %o, %r#1 : tensor<64x16xf32>, tensor<64x32xf32>
}

// RUN: %run-graph %s --work-dir %t

// Tensors with a zero dimension: an empty input and output (0 bytes in the
// header), broadcasting against them, and reductions over the empty axis,
// which give the kind's identity (0 for sum, 1 for prod).

// REF: x, y = inp
// REF: out[0] = x + y
// REF: out[1] = x.sum(axis=0)
// REF: out[2] = x.prod(axis=0)

func.func @empty(%x: tensor<0x3xf32>, %y: tensor<3xf32>)
    -> (tensor<0x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = tg.add %x, %y : tensor<0x3xf32>, tensor<3xf32>
  %1 = tg.reduce sum %x axes = [0] : tensor<0x3xf32>
  %2 = tg.reduce prod %x axes = [0] : tensor<0x3xf32>
  return %0, %1, %2 : tensor<0x3xf32>, tensor<3xf32>, tensor<3xf32>
}

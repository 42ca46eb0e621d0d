// RUN: %run-graph %s --work-dir %t

// Every reduction kind over single, several (unsorted too), all and no axes,
// with and without keepdims. %n is all negative and %p all positive, so a
// max or min that starts from 0 instead of -inf/+inf shows.

// INPUT 1: uniform(-3, -0.5)
// INPUT 2: uniform(0.5, 1.5)  # also keeps prod away from 0 and overflow

// REF: x, n, p = inp
// REF: out[0] = x.sum(axis=0)
// REF: out[1] = n.max(axis=1, keepdims=True)
// REF: out[2] = p.min(axis=2)
// REF: out[3] = x.mean(axis=(0, 2))
// REF: out[4] = p.prod(axis=2, keepdims=True)
// REF: out[5] = x.sum()
// REF: out[6] = x.mean(keepdims=True)
// REF: out[7] = x.max(axis=(2, 0), keepdims=True)
// REF: out[8] = x
// REF: out[9] = n.max(axis=(0, 1, 2))
// REF: out[10] = p.min(axis=0, keepdims=True)
// REF: out[11] = x.min(axis=(1, 2))
// REF: out[12] = p.prod(axis=(0, 1))

func.func @reduce(%x: tensor<3x4x5xf32>, %n: tensor<3x4x5xf32>,
                  %p: tensor<3x4x5xf32>)
    -> (tensor<4x5xf32>, tensor<3x1x5xf32>, tensor<3x4xf32>, tensor<4xf32>,
        tensor<3x4x1xf32>, tensor<f32>, tensor<1x1x1xf32>, tensor<1x4x1xf32>,
        tensor<3x4x5xf32>, tensor<f32>, tensor<1x4x5xf32>, tensor<3xf32>,
        tensor<5xf32>) {
  %0 = tg.reduce sum %x axes = [0] : tensor<3x4x5xf32>
  %1 = tg.reduce max %n axes = [1] keepdims : tensor<3x4x5xf32>
  %2 = tg.reduce min %p axes = [2] : tensor<3x4x5xf32>
  %3 = tg.reduce mean %x axes = [0, 2] : tensor<3x4x5xf32>
  %4 = tg.reduce prod %p axes = [2] keepdims : tensor<3x4x5xf32>
  %5 = tg.reduce sum %x axes = [0, 1, 2] : tensor<3x4x5xf32>
  %6 = tg.reduce mean %x axes = [0, 1, 2] keepdims : tensor<3x4x5xf32>
  %7 = tg.reduce max %x axes = [2, 0] keepdims : tensor<3x4x5xf32>
  %8 = tg.reduce sum %x axes = [] : tensor<3x4x5xf32>
  %9 = tg.reduce max %n axes = [0, 1, 2] : tensor<3x4x5xf32>
  %10 = tg.reduce min %p axes = [0] keepdims : tensor<3x4x5xf32>
  %11 = tg.reduce min %x axes = [1, 2] : tensor<3x4x5xf32>
  %12 = tg.reduce prod %p axes = [0, 1] : tensor<3x4x5xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12
      : tensor<4x5xf32>, tensor<3x1x5xf32>, tensor<3x4xf32>, tensor<4xf32>,
        tensor<3x4x1xf32>, tensor<f32>, tensor<1x1x1xf32>, tensor<1x4x1xf32>,
        tensor<3x4x5xf32>, tensor<f32>, tensor<1x4x5xf32>, tensor<3xf32>,
        tensor<5xf32>
}

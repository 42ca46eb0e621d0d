// A small multilayer perceptron, the graph scripts/demo compiles:
//
//   probabilities = softmax(relu(x * w1 + b1) * w2 + b2)
//
// with softmax spelled out the numerically stable way (subtract the row
// maximum before exp). The weights are fixed numbers, so the compiled object
// carries them as constants and the C entry point takes only `x`.
//
//   build/bin/aotc examples/mlp.mlir -o mlp.o --header mlp.h --name mlp

func.func @main(%x: tensor<1x8xf32> {tg.name = "x"})
    -> (tensor<1x4xf32> {tg.name = "probabilities"}) {
  // Hidden layer: 8 -> 16, ReLU.
  %w1 = tg.constant dense<[
      [0.32, -0.43, 0.01, 0.20, 0.14, -0.28, -0.12, 0.38, -0.06, -0.13, -0.24, 0.52, -0.22, -0.03, -0.30, 0.60],
      [-0.21, 0.02, 0.30, -0.04, -0.37, 0.22, 0.12, 0.08, -0.50, 0.38, 0.00, 0.14, -0.55, 0.46, -0.05, 0.11],
      [0.19, 0.27, -0.34, -0.04, 0.06, 0.39, -0.50, 0.11, -0.02, 0.44, -0.57, 0.17, -0.02, 0.39, -0.54, 0.15],
      [-0.11, -0.12, -0.23, 0.54, -0.26, -0.02, -0.28, 0.60, -0.33, 0.00, -0.23, 0.56, -0.31, -0.07, -0.10, 0.43],
      [-0.50, 0.41, -0.02, 0.12, -0.54, 0.48, -0.06, 0.09, -0.49, 0.46, -0.01, -0.03, -0.35, 0.35, 0.11, -0.21],
      [-0.02, 0.42, -0.58, 0.19, 0.00, 0.36, -0.54, 0.16, 0.10, 0.21, -0.42, 0.05, 0.26, 0.02, -0.26, -0.08],
      [-0.35, 0.00, -0.20, 0.54, -0.32, -0.08, -0.06, 0.41, -0.22, -0.22, 0.13, 0.23, -0.08, -0.37, 0.32, 0.05],
      [-0.46, 0.46, -0.02, -0.06, -0.31, 0.35, 0.11, -0.24, -0.12, 0.20, 0.24, -0.42, 0.07, 0.06, 0.34, -0.55]
    ]> : tensor<8x16xf32>
  %b1 = tg.constant dense<[0.05, 0.10, 0.04, -0.06, -0.10, -0.03, 0.07, 0.09, 0.01, -0.08, -0.09, 0.00, 0.09, 0.08, -0.02, -0.10]> : tensor<16xf32>
  %h0 = tg.matmul %x, %w1 : tensor<1x8xf32>, tensor<8x16xf32>
  %h1 = tg.add %h0, %b1 : tensor<1x16xf32>, tensor<16xf32>
  %h = tg.relu %h1 : tensor<1x16xf32>

  // Output layer: 16 -> 4 logits.
  %w2 = tg.constant dense<[
      [0.06, -0.09, 0.49, -0.46],
      [0.54, -0.16, -0.10, -0.21],
      [0.06, -0.41, 0.22, 0.22],
      [-0.10, 0.24, 0.12, -0.20],
      [0.24, 0.07, -0.44, 0.22],
      [-0.36, -0.02, -0.03, 0.47],
      [-0.33, 0.57, -0.23, 0.00],
      [-0.02, 0.18, -0.57, 0.43],
      [-0.55, 0.13, 0.00, 0.38],
      [-0.22, 0.51, -0.22, -0.15],
      [0.08, -0.08, -0.30, 0.25],
      [-0.33, -0.06, 0.34, -0.04],
      [0.19, 0.16, 0.03, -0.46],
      [0.34, -0.47, 0.10, 0.00],
      [-0.04, -0.25, 0.59, -0.35],
      [0.49, -0.08, 0.09, -0.50]
    ]> : tensor<16x4xf32>
  %b2 = tg.constant dense<[-0.08, -0.03, 0.03, 0.08]> : tensor<4xf32>
  %l0 = tg.matmul %h, %w2 : tensor<1x16xf32>, tensor<16x4xf32>
  %logits = tg.add %l0, %b2 : tensor<1x4xf32>, tensor<4xf32>

  // Softmax over the last axis: exp(l - max(l)) / sum(exp(l - max(l))).
  %max = tg.reduce max %logits axes = [1] keepdims : tensor<1x4xf32>
  %shifted = tg.sub %logits, %max : tensor<1x4xf32>, tensor<1x1xf32>
  %exp = tg.exp %shifted : tensor<1x4xf32>
  %sum = tg.reduce sum %exp axes = [1] keepdims : tensor<1x4xf32>
  %probabilities = tg.div %exp, %sum : tensor<1x4xf32>, tensor<1x1xf32>
  return %probabilities : tensor<1x4xf32>
}

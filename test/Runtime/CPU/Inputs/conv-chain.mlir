// A graph with enough work per kernel to run as tasks: two 3x3
// convolutions with ReLU (the first stride 1, the second stride 2 on a
// padded input) and a matmul over the image rows.
func.func @chain(%x: tensor<1x16x40x40xf32>) -> tensor<1x32x20x20xf32> {
  %w1 = tg.constant dense<0.03125> : tensor<32x16x3x3xf32>
  %b1 = tg.constant dense<-0.25> : tensor<32xf32>
  %w2 = tg.constant dense<-0.015625> : tensor<32x32x3x3xf32>
  %m = tg.constant dense<0.5> : tensor<20x20xf32>
  %0 = tg.conv %x, %w1, %b1 strides = [1, 1] dilations = [1, 1]
      pads = [1, 1, 1, 1]
      : tensor<1x16x40x40xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>
  %1 = tg.relu %0 : tensor<1x32x40x40xf32>
  %2 = tg.conv %1, %w2 strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1]
      : tensor<1x32x40x40xf32>, tensor<32x32x3x3xf32>
  %3 = tg.relu %2 : tensor<1x32x20x20xf32>
  %4 = tg.matmul %3, %m : tensor<1x32x20x20xf32>, tensor<20x20xf32>
  return %4 : tensor<1x32x20x20xf32>
}

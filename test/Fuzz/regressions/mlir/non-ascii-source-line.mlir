




func.func @conv_transpose(%x2: tensor<2x4x3x4xf32>, %w2: tensor<4x3x3x2xf32>,
                          %b2: tensor<3xf32>, %wg: tensor<4x3x2x3xf32>,
                          %x1: tensor<1x2x5xf32>, %w1: tensor<2x3x4xf32>,
                          %x3: tensor<1x2x3x3x2xf32>,
                          %w3: tensor<2x2x2x3x3xf32>,
                          %xi: tensor<1x2x3x3xi32>, %wi: tensor<2x2x3x3xi32>,
                          %b3: tensor<2xf32>)
    -> (tensor<2x3x7x10xf32>, tensor<2x6x6x9xf32>, tensor<1x3x16xf32>,
        tensor<1x2x4x7x4xf32>, tensor<1x2x5x5xi32>) {
  %0 = tg.conv_transpose %x2, %w2, %b2 strides = [2, 3] dilations = [1, 2]
      pads = [1, 0, 0, 2] output_padding = [1, 0]
      : tensor<2x4x3x4xf32>, tensor<4x3x3x2xf32>, tensor<3xf32>
  %1 = tg.conv_transpose %x2, %wg strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 0, 0] output_padding = [0, 0] group = 2
      : tensor<2x4x3x4xf32>, tensor<4x3x2x3xf32>
  %2 = tg.conv_transpose %x1, %w1 strides = [3] dilations = [1] pads = [1, 1]
      output_padding = [2] : tensor<1x2x5xf32>, tensor<2x3x4xf32>
  %3 = tg.conv_transpose %x3, %w3, %b3 strides = [1, 2, 2]
      dilations = [2, 1, 1] pads = [0, 1, 1, 1, 0, 0]
      output_padding = [0, 1, 0]
      : tensor<1x2x3x3x2xf32>, tensor<2x2x2x3x3xf32>, tensor<2xf32>
  %4 = tg.conv_transpose %xi, %wi strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1] output_padding = [0, 0]
      : tensor<1x2x3x3xi32>, tensor<2x2x3x3xi32>
  return %0, %1, %2, %3, %4
      : tensor<2x3x7x10xf32>, tensor<2x6x6x9xf32>, tensor<1x3x16xf32>,
        tensor<1x2x4x7x4xf32>, tensor<ϊ2x5x5xi32>
}
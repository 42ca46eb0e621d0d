// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// An elementwise chain, fused into one kernel of one thread per element:
// 3000 elements, so the last of the 12 blocks of 256 threads is partly
// outside and its threads must do nothing. exp and tanh are libdevice's when
// the CUDA toolkit is installed (a few ulp, as the CPU's libm).

// REF: x, y, z = inp
// REF: out[0] = np.tanh(np.exp(x * y) + z) - x

func.func @chain(%x: tensor<3000xf32>, %y: tensor<3000xf32>, %z: tensor<3000xf32>) -> tensor<3000xf32> {
  %0 = tg.mul %x, %y : tensor<3000xf32>, tensor<3000xf32>
  %1 = tg.exp %0 : tensor<3000xf32>
  %2 = tg.add %1, %z : tensor<3000xf32>, tensor<3000xf32>
  %3 = tg.tanh %2 : tensor<3000xf32>
  %4 = tg.sub %3, %x : tensor<3000xf32>, tensor<3000xf32>
  return %4 : tensor<3000xf32>
}

// A 49x960 by 960x320 matmul, the shape of MobileNetV2's last 1x1
// projections (a 7x7 image flattened): 5 tiles of 64 columns, each with 49
// rows in register tiles of 6 and 5 (4 blocks of 6 rows, then 5 of 5). The
// row blocks are one loop that branches to the tile of each block's size,
// so NAME_run_parallel shares out tiles x blocks, 45 tasks; as two loops,
// only the 5 tiles were tasks, 3 and 2 of them on 2 workers. run-graph
// checks g_run_parallel bitwise against g_run at 1, 2, 3 and 8 workers,
// and both against numpy.
//
// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}
// RUN: %if avx512 %{ aotc %s --cpu x86-64-v4 --name g -o %t.o --report | FileCheck %s %}
// CHECK:      parallel: NAME_run_parallel runs 1 kernel as tasks
// CHECK-NEXT:   task tasks calls ops
// CHECK-NEXT:   g_task_1 45 1 matmul

// REF: x, w = inp
// REF: out[0] = (x.astype(np.float64) @ w.astype(np.float64)).astype(np.float32)
// TOL: rtol=1e-4 atol=1e-4  # f32 sums vs float64

func.func @proj(%x: tensor<49x960xf32>, %w: tensor<960x320xf32>) -> tensor<49x320xf32> {
  %y = tg.matmul %x, %w : tensor<49x960xf32>, tensor<960x320xf32>
  return %y : tensor<49x320xf32>
}

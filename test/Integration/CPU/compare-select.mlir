// RUN: %run-graph %s --work-dir %t

// tg.compare with every predicate on f32 and i32 (operands drawn from a few
// values so equality happens), with broadcasting, and tg.select with a
// broadcast condition and operands, and selecting between i1 tensors.

// INPUT 0, 1: choice(-1.5, -1, 0, 0.5, 1)
// INPUT 2, 3: int(-2, 2)

// REF: a, b, i, j, s, m = inp
// REF: out[0] = a == b
// REF: out[1] = a != b
// REF: out[2] = a < b
// REF: out[3] = a <= b
// REF: out[4] = a > b
// REF: out[5] = a >= b
// REF: out[6] = i == j
// REF: out[7] = i != j
// REF: out[8] = i < j
// REF: out[9] = i <= j
// REF: out[10] = i > j
// REF: out[11] = i >= j
// REF: out[12] = a > s
// REF: out[13] = np.where(a > b, a, b)
// REF: out[14] = np.where(m, a, s)
// REF: out[15] = np.where(i > 0, i, np.zeros_like(i))
// REF: out[16] = np.where(m, i >= j, a < b)

func.func @compare_select(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>,
                          %i: tensor<4x6xi32>, %j: tensor<4x6xi32>,
                          %s: tensor<f32>, %m: tensor<4x1xi1>)
    -> (tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>,
        tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>,
        tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>,
        tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>,
        tensor<4x6xi1>) {
  %0 = tg.compare eq, %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
  %1 = tg.compare ne, %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
  %2 = tg.compare lt, %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
  %3 = tg.compare le, %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
  %4 = tg.compare gt, %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
  %5 = tg.compare ge, %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
  %6 = tg.compare eq, %i, %j : tensor<4x6xi32>, tensor<4x6xi32>
  %7 = tg.compare ne, %i, %j : tensor<4x6xi32>, tensor<4x6xi32>
  %8 = tg.compare lt, %i, %j : tensor<4x6xi32>, tensor<4x6xi32>
  %9 = tg.compare le, %i, %j : tensor<4x6xi32>, tensor<4x6xi32>
  %10 = tg.compare gt, %i, %j : tensor<4x6xi32>, tensor<4x6xi32>
  %11 = tg.compare ge, %i, %j : tensor<4x6xi32>, tensor<4x6xi32>
  %12 = tg.compare gt, %a, %s : tensor<4x6xf32>, tensor<f32>
  %13 = tg.select %4, %a, %b : tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>
  %14 = tg.select %m, %a, %s : tensor<4x1xi1>, tensor<4x6xf32>, tensor<f32>
  %zero = tg.constant dense<0> : tensor<i32>
  %pos = tg.compare gt, %i, %zero : tensor<4x6xi32>, tensor<i32>
  %15 = tg.select %pos, %i, %zero : tensor<4x6xi1>, tensor<4x6xi32>, tensor<i32>
  %16 = tg.select %m, %11, %2 : tensor<4x1xi1>, tensor<4x6xi1>, tensor<4x6xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15,
         %16
      : tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>,
        tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>,
        tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>,
        tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>,
        tensor<4x6xi1>
}

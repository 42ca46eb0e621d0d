// RUN: %run-graph %s --work-dir %t

// Integer pow at the edges of its definition: a negative exponent gives 0
// unless the base is 1 or -1 -- including base 0, which must not be
// undefined behavior -- and x ** 0 is 1, 0 ** 0 included.

// INPUT 0: data([0, 0, 2, -2, 1, -1, 0, 3, -1, 5])
// INPUT 1: data([-1, -2, -1, -3, -5, -3, 0, 2, -4, 0])

// REF: out[0] = np.array([0, 0, 0, 0, 1, -1, 1, 9, 1, 1], dtype=np.int32)

func.func @int_pow_special(%b: tensor<10xi32>, %e: tensor<10xi32>)
    -> tensor<10xi32> {
  %0 = tg.pow %b, %e : tensor<10xi32>, tensor<10xi32>
  return %0 : tensor<10xi32>
}

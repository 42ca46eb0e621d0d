// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}
// RUN: aotc %s --name g -o %t.o --dump-dir %t.dump
// RUN: FileCheck %s --input-file %t.dump/04-loops.mlir

// Transpositions computed in blocks transposed in registers
// (aotc-cpu-vector-kernels): extents that are not multiples of the vector
// (masked blocks at both ends, at 8 and 16 lanes), a transposition with a
// loop outside the block (attention's heads), one fused with an add of a
// contiguous operand and a broadcast one, and 32-bit integers. Exact:
// the values only move (and are added once).

// CHECK: vector.shuffle
// CHECK: vector.maskedload
// CHECK: vector.maskedstore

// TOL: rtol=0 atol=0  # elements moved, one f32 add each

// REF: a, h, x, y, c, i = inp
// REF: out[0] = a.T.copy()
// REF: out[1] = h.transpose(1, 2, 0).copy()
// REF: out[2] = x.T + y + c
// REF: out[3] = i.T.copy()
// REF: out[4] = h.transpose(2, 1, 0).copy()

func.func @transpositions(%a: tensor<37x100xf32>, %h: tensor<100x4x36xf32>,
                          %x: tensor<64x48xf32>, %y: tensor<48x64xf32>,
                          %c: tensor<48x1xf32>, %i: tensor<33x17xi32>)
    -> (tensor<100x37xf32>, tensor<4x36x100xf32>, tensor<48x64xf32>,
        tensor<17x33xi32>, tensor<36x4x100xf32>) {
  %0 = tg.transpose %a permutation = [1, 0] : tensor<37x100xf32>
  %1 = tg.transpose %h permutation = [1, 2, 0] : tensor<100x4x36xf32>
  %t = tg.transpose %x permutation = [1, 0] : tensor<64x48xf32>
  %s = tg.add %t, %y : tensor<48x64xf32>, tensor<48x64xf32>
  %2 = tg.add %s, %c : tensor<48x64xf32>, tensor<48x1xf32>
  %3 = tg.transpose %i permutation = [1, 0] : tensor<33x17xi32>
  %4 = tg.transpose %h permutation = [2, 1, 0] : tensor<100x4x36xf32>
  return %0, %1, %2, %3, %4
      : tensor<100x37xf32>, tensor<4x36x100xf32>, tensor<48x64xf32>,
        tensor<17x33xi32>, tensor<36x4x100xf32>
}

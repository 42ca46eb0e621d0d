// RUN: %cuda-emulate-graph %s --kernels %S/Inputs/emulator-mma.c --work-dir %t | FileCheck %s

// The CPU stand-in's nvgpu.mma.sync (fake_libcuda.c), on hand-written
// kernels that read their fragments from global memory by the PTX ISA's
// tables (groupID g = lane / 4, threadID_in_group t = lane % 4), one warp:
// @mma_f16 is m16n8k16 (A 16x16 and B 16x8 rounded to f16 in the kernel,
// f32 accumulators), @mma_tf32 is m16n8k8 with tf32 operands, whose low 13
// mantissa bits the tensor cores ignore. Inputs/emulator-mma.c compares D
// with A * B + C computed in double from the same operands (truncated to
// tf32 for the second): every product and sum is exact, so D must match
// bit for bit.

// CHECK: mma_f16: 0 mismatches in 128 values
// CHECK: mma_tf32: 0 mismatches in 128 values

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mma_f16(%a: memref<16x16xf32>, %b: memref<16x8xf32>,
                      %c: memref<16x8xf32>, %d: memref<16x8xf32>) kernel {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %lane = gpu.thread_id x
      %g = arith.divui %lane, %c4 : index
      %t = arith.remui %lane, %c4 : index
      %g8 = arith.addi %g, %c8 : index
      %t2 = arith.muli %t, %c2 : index
      %t2p1 = arith.addi %t2, %c1 : index
      %t2p8 = arith.addi %t2, %c8 : index
      %t2p9 = arith.addi %t2, %c9 : index
      // A: register r holds row g + 8 (r % 2), columns 2t + 8 (r / 2) + {0, 1}.
      %a00 = memref.load %a[%g, %t2] : memref<16x16xf32>
      %a01 = memref.load %a[%g, %t2p1] : memref<16x16xf32>
      %a10 = memref.load %a[%g8, %t2] : memref<16x16xf32>
      %a11 = memref.load %a[%g8, %t2p1] : memref<16x16xf32>
      %a20 = memref.load %a[%g, %t2p8] : memref<16x16xf32>
      %a21 = memref.load %a[%g, %t2p9] : memref<16x16xf32>
      %a30 = memref.load %a[%g8, %t2p8] : memref<16x16xf32>
      %a31 = memref.load %a[%g8, %t2p9] : memref<16x16xf32>
      %af = vector.from_elements %a00, %a01, %a10, %a11, %a20, %a21, %a30, %a31 : vector<4x2xf32>
      %ah = arith.truncf %af : vector<4x2xf32> to vector<4x2xf16>
      // B: register r holds rows 2t + 8r + {0, 1}, column g.
      %b00 = memref.load %b[%t2, %g] : memref<16x8xf32>
      %b01 = memref.load %b[%t2p1, %g] : memref<16x8xf32>
      %b10 = memref.load %b[%t2p8, %g] : memref<16x8xf32>
      %b11 = memref.load %b[%t2p9, %g] : memref<16x8xf32>
      %bf = vector.from_elements %b00, %b01, %b10, %b11 : vector<2x2xf32>
      %bh = arith.truncf %bf : vector<2x2xf32> to vector<2x2xf16>
      // C and D: register r holds row g + 8r, columns 2t + {0, 1}.
      %c00 = memref.load %c[%g, %t2] : memref<16x8xf32>
      %c01 = memref.load %c[%g, %t2p1] : memref<16x8xf32>
      %c10 = memref.load %c[%g8, %t2] : memref<16x8xf32>
      %c11 = memref.load %c[%g8, %t2p1] : memref<16x8xf32>
      %cv = vector.from_elements %c00, %c01, %c10, %c11 : vector<2x2xf32>
      %dv = nvgpu.mma.sync(%ah, %bh, %cv) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %d00 = vector.extract %dv[0, 0] : f32 from vector<2x2xf32>
      %d01 = vector.extract %dv[0, 1] : f32 from vector<2x2xf32>
      %d10 = vector.extract %dv[1, 0] : f32 from vector<2x2xf32>
      %d11 = vector.extract %dv[1, 1] : f32 from vector<2x2xf32>
      memref.store %d00, %d[%g, %t2] : memref<16x8xf32>
      memref.store %d01, %d[%g, %t2p1] : memref<16x8xf32>
      memref.store %d10, %d[%g8, %t2] : memref<16x8xf32>
      memref.store %d11, %d[%g8, %t2p1] : memref<16x8xf32>
      gpu.return
    }

    gpu.func @mma_tf32(%a: memref<16x8xf32>, %b: memref<8x8xf32>,
                       %c: memref<16x8xf32>, %d: memref<16x8xf32>) kernel {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %lane = gpu.thread_id x
      %g = arith.divui %lane, %c4 : index
      %t = arith.remui %lane, %c4 : index
      %g8 = arith.addi %g, %c8 : index
      %t4 = arith.addi %t, %c4 : index
      %t2 = arith.muli %t, %c2 : index
      %t2p1 = arith.addi %t2, %c1 : index
      // A: register r holds row g + 8 (r % 2), column t + 4 (r / 2).
      %a0 = memref.load %a[%g, %t] : memref<16x8xf32>
      %a1 = memref.load %a[%g8, %t] : memref<16x8xf32>
      %a2 = memref.load %a[%g, %t4] : memref<16x8xf32>
      %a3 = memref.load %a[%g8, %t4] : memref<16x8xf32>
      %av = vector.from_elements %a0, %a1, %a2, %a3 : vector<4x1xf32>
      // B: register r holds row t + 4r, column g.
      %b0 = memref.load %b[%t, %g] : memref<8x8xf32>
      %b1 = memref.load %b[%t4, %g] : memref<8x8xf32>
      %bv = vector.from_elements %b0, %b1 : vector<2x1xf32>
      %c00 = memref.load %c[%g, %t2] : memref<16x8xf32>
      %c01 = memref.load %c[%g, %t2p1] : memref<16x8xf32>
      %c10 = memref.load %c[%g8, %t2] : memref<16x8xf32>
      %c11 = memref.load %c[%g8, %t2p1] : memref<16x8xf32>
      %cv = vector.from_elements %c00, %c01, %c10, %c11 : vector<2x2xf32>
      %dv = nvgpu.mma.sync(%av, %bv, %cv) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %d00 = vector.extract %dv[0, 0] : f32 from vector<2x2xf32>
      %d01 = vector.extract %dv[0, 1] : f32 from vector<2x2xf32>
      %d10 = vector.extract %dv[1, 0] : f32 from vector<2x2xf32>
      %d11 = vector.extract %dv[1, 1] : f32 from vector<2x2xf32>
      memref.store %d00, %d[%g, %t2] : memref<16x8xf32>
      memref.store %d01, %d[%g, %t2p1] : memref<16x8xf32>
      memref.store %d10, %d[%g8, %t2] : memref<16x8xf32>
      memref.store %d11, %d[%g8, %t2p1] : memref<16x8xf32>
      gpu.return
    }
  }
}

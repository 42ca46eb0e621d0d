// RUN: %cuda-emulate-graph %s --kernels %S/Inputs/emulator-collectives.c --work-dir %t | FileCheck %s

// The CPU stand-in for the driver (fake_libcuda.c) runs kernels whose
// threads cooperate: Inputs/emulator-collectives.c launches these on two
// blocks of 32 x 4 threads and compares every result with a sequential C
// reference. @collectives uses the four shuffle modes (with their valid
// flags), lane and block-dimension ids, two workgroup buffers and barriers;
// @divergent_barrier has only half of each block reach its barrier, which
// the stand-in must report as a deadlock rather than hang or pass.

// CHECK: collectives: 0 mismatches in 1538 values
// CHECK: fake_libcuda: kernel divergent_barrier deadlocked in block (0, 0, 0): thread 0 waits at a barrier that not all of its block's threads reach (64 of 128 threads have ended)
// CHECK: divergent_barrier: CUDA_ERROR_LAUNCH_FAILED

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // in: [2 blocks][128 threads]; shuffled: [4 modes][2][128] (down 1,
    // up 1, idx 3, xor 5); valid: the four valid flags as bits 0..3;
    // reversed: each block's values in reverse order (through shared
    // memory); sums: each block's sum (a warp xor tree, then shared memory
    // across the warps).
    gpu.func @collectives(%in: memref<2x128xf32>, %shuffled: memref<4x2x128xf32>,
                          %valid: memref<2x128xi32>, %reversed: memref<2x128xf32>,
                          %sums: memref<2xf32>)
        workgroup(%partial: memref<4xf32, #gpu.address_space<workgroup>>,
                  %stage: memref<128xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c127 = arith.constant 127 : index
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i2 = arith.constant 2 : i32
      %i3 = arith.constant 3 : i32
      %i4 = arith.constant 4 : i32
      %i5 = arith.constant 5 : i32
      %i8 = arith.constant 8 : i32
      %i16 = arith.constant 16 : i32
      %i32 = arith.constant 32 : i32
      %b = gpu.block_id x
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %dx = gpu.block_dim x
      %dy = gpu.block_dim y
      %row = arith.muli %ty, %dx : index
      %t = arith.addi %row, %tx : index
      %lane = gpu.lane_id
      %v = memref.load %in[%b, %t] : memref<2x128xf32>

      %down, %down_ok = gpu.shuffle down %v, %i1, %i32 : f32
      %up, %up_ok = gpu.shuffle up %v, %i1, %i32 : f32
      %idx, %idx_ok = gpu.shuffle idx %v, %i3, %i32 : f32
      %xor, %xor_ok = gpu.shuffle xor %v, %i5, %i32 : f32
      memref.store %down, %shuffled[%c0, %b, %t] : memref<4x2x128xf32>
      memref.store %up, %shuffled[%c1, %b, %t] : memref<4x2x128xf32>
      memref.store %idx, %shuffled[%c2, %b, %t] : memref<4x2x128xf32>
      memref.store %xor, %shuffled[%c3, %b, %t] : memref<4x2x128xf32>
      %f0 = arith.extui %down_ok : i1 to i32
      %f1 = arith.extui %up_ok : i1 to i32
      %f2 = arith.extui %idx_ok : i1 to i32
      %f3 = arith.extui %xor_ok : i1 to i32
      %g1 = arith.shli %f1, %i1 : i32
      %g2 = arith.shli %f2, %i2 : i32
      %g3 = arith.shli %f3, %i3 : i32
      %h0 = arith.ori %f0, %g1 : i32
      %h1 = arith.ori %g2, %g3 : i32
      %flags = arith.ori %h0, %h1 : i32
      memref.store %flags, %valid[%b, %t] : memref<2x128xi32>

      // Reverse the block's values through shared memory.
      memref.store %v, %stage[%t] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %mirror = arith.subi %c127, %t : index
      %w = memref.load %stage[%mirror] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %w, %reversed[%b, %t] : memref<2x128xf32>

      // The block's sum: a butterfly in each warp, the warps' sums in
      // shared memory, thread 0 adds them up.
      %s1, %o1 = gpu.shuffle xor %v, %i16, %i32 : f32
      %a1 = arith.addf %v, %s1 : f32
      %s2, %o2 = gpu.shuffle xor %a1, %i8, %i32 : f32
      %a2 = arith.addf %a1, %s2 : f32
      %s3, %o3 = gpu.shuffle xor %a2, %i4, %i32 : f32
      %a3 = arith.addf %a2, %s3 : f32
      %s4, %o4 = gpu.shuffle xor %a3, %i2, %i32 : f32
      %a4 = arith.addf %a3, %s4 : f32
      %s5, %o5 = gpu.shuffle xor %a4, %i1, %i32 : f32
      %a5 = arith.addf %a4, %s5 : f32
      %first_lane = arith.cmpi eq, %lane, %c0 : index
      scf.if %first_lane {
        memref.store %a5, %partial[%ty] : memref<4xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %first_thread = arith.cmpi eq, %t, %c0 : index
      scf.if %first_thread {
        %zero = arith.constant 0.0 : f32
        %sum = scf.for %k = %c0 to %dy step %c1 iter_args(%acc = %zero) -> f32 {
          %p = memref.load %partial[%k] : memref<4xf32, #gpu.address_space<workgroup>>
          %next = arith.addf %acc, %p : f32
          scf.yield %next : f32
        }
        memref.store %sum, %sums[%b] : memref<2xf32>
      }
      gpu.return
    }

    // Half of each block waits at a barrier the other half never reaches.
    gpu.func @divergent_barrier(%out: memref<128xf32>) kernel {
      %c64 = arith.constant 64 : index
      %one = arith.constant 1.0 : f32
      %t = gpu.thread_id x
      %low = arith.cmpi ult, %t, %c64 : index
      scf.if %low {
        gpu.barrier
        memref.store %one, %out[%t] : memref<128xf32>
      }
      gpu.return
    }
  }
}

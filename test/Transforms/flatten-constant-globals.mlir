// RUN: aotc-opt %s --aotc-flatten-constant-globals | FileCheck %s
// RUN: aotc-opt %s --aotc-flatten-constant-globals | \
// RUN:   mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// A nest of arrays with a dense initializer becomes one flat array of the
// same elements in the same order; its users keep their own GEP types.

// CHECK-LABEL: llvm.mlir.global private constant @weights
// CHECK-SAME:    (dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>)
// CHECK-SAME:    : !llvm.array<6 x f32>
// LLVM: @weights = private constant [6 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00, float 5.000000e+00, float 6.000000e+00], align 64
llvm.mlir.global private constant @weights(dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>) {alignment = 64 : i64} : !llvm.array<2 x array<3 x f32>>

// A resource keeps its blob and takes the flat type.
// CHECK-LABEL: llvm.mlir.global private constant @blob
// CHECK-SAME:    (dense_resource<blob_bytes> : tensor<8xi16>) {{.*}}: !llvm.array<8 x i16>
// LLVM: @blob = private constant [8 x i16] [i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8]
llvm.mlir.global private constant @blob(dense_resource<blob_bytes> : tensor<2x2x2xi16>) : !llvm.array<2 x array<2 x array<2 x i16>>>

// A splat flattens too.
// CHECK-LABEL: llvm.mlir.global private constant @zeros
// CHECK-SAME:    (dense<0.000000e+00> : tensor<12xf32>) {{.*}}: !llvm.array<12 x f32>
llvm.mlir.global private constant @zeros(dense<0.0> : tensor<3x4xf32>) : !llvm.array<3 x array<4 x f32>>

// One-dimensional arrays, structs and globals without an initializer stay.
// CHECK-LABEL: llvm.mlir.global private constant @row
// CHECK-SAME:    tensor<4xf32>) {{.*}}: !llvm.array<4 x f32>
llvm.mlir.global private constant @row(dense<1.0> : tensor<4xf32>) : !llvm.array<4 x f32>
// CHECK-LABEL: llvm.mlir.global external @scratch()
// CHECK-SAME:    : !llvm.array<2 x array<2 x f32>>
llvm.mlir.global external @scratch() : !llvm.array<2 x array<2 x f32>>

// CHECK-LABEL: llvm.func @second_row
// CHECK:         %[[BASE:.*]] = llvm.mlir.addressof @weights : !llvm.ptr
// CHECK:         llvm.getelementptr inbounds|nuw %[[BASE]][0, 1, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x f32>>
// LLVM-LABEL: define float @second_row()
// LLVM:         load float, ptr getelementptr inbounds nuw (i8, ptr @weights, i64 12)
llvm.func @second_row() -> f32 {
  %base = llvm.mlir.addressof @weights : !llvm.ptr
  %row = llvm.getelementptr inbounds|nuw %base[0, 1, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x f32>>
  %x = llvm.load %row : !llvm.ptr -> f32
  llvm.return %x : f32
}

{-#
  dialect_resources: {
    builtin: {
      blob_bytes: "0x0200000001000200030004000500060007000800"
    }
  }
#-}

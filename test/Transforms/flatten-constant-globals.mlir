// RUN: aotc-opt %s --aotc-flatten-constant-globals | FileCheck %s
// RUN: aotc-opt %s --aotc-flatten-constant-globals | \
// RUN:   mlir-translate --mlir-to-llvmir | opt -S -passes=instcombine | \
// RUN:   FileCheck %s --check-prefix=LLVM

// Distinct values of a byte-sized type become one flat array of their
// bytes (little-endian, in row-major order); users keep their GEP types,
// so a load still reads the element it read before: 4.0 at [1][0].

// CHECK-LABEL: llvm.mlir.global private constant @weights
// CHECK-SAME:    (dense<[0, 0, -128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, -128, 64, 0, 0, -96, 64, 0, 0, -64, 64]> : tensor<24xi8>)
// CHECK-SAME:    {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<24 x i8>
// LLVM: @weights = private constant [24 x i8] c"\00\00\80?\00\00\00@\00\00@@\00\00\80@\00\00\A0@\00\00\C0@", align 64
llvm.mlir.global private constant @weights(dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>) {alignment = 64 : i64} : !llvm.array<2 x array<3 x f32>>

// A resource keeps its blob (nothing is copied) and takes the byte type.
// CHECK-LABEL: llvm.mlir.global private constant @blob
// CHECK-SAME:    (dense_resource<blob_bytes> : tensor<16xi8>) {{.*}}: !llvm.array<16 x i8>
// LLVM: @blob = private constant [16 x i8] c"\01\00\02\00\03\00\04\00\05\00\06\00\07\00\08\00"
llvm.mlir.global private constant @blob(dense_resource<blob_bytes> : tensor<2x2x2xi16>) : !llvm.array<2 x array<2 x array<2 x i16>>>

// A one-dimensional array of distinct values becomes bytes too.
// CHECK-LABEL: llvm.mlir.global private constant @bias
// CHECK-SAME:    (dense<[1, 0, 0, 0, -1, -1, -1, -1]> : tensor<8xi8>) {{.*}}: !llvm.array<8 x i8>
llvm.mlir.global private constant @bias(dense<[1, -1]> : tensor<2xi32>) : !llvm.array<2 x i32>

// A splat keeps its element type, in one dimension.
// CHECK-LABEL: llvm.mlir.global private constant @zeros
// CHECK-SAME:    (dense<0.000000e+00> : tensor<12xf32>) {{.*}}: !llvm.array<12 x f32>
// LLVM: @zeros = private constant [12 x float] zeroinitializer
llvm.mlir.global private constant @zeros(dense<0.0> : tensor<3x4xf32>) : !llvm.array<3 x array<4 x f32>>

// i1 is not byte-sized: flat, but not bytes.
// CHECK-LABEL: llvm.mlir.global private constant @mask
// CHECK-SAME:    (dense<[true, false, false, true]> : tensor<4xi1>) {{.*}}: !llvm.array<4 x i1>
llvm.mlir.global private constant @mask(dense<[[true, false], [false, true]]> : tensor<2x2xi1>) : !llvm.array<2 x array<2 x i1>>

// Byte arrays, structs and globals without an initializer stay.
// CHECK-LABEL: llvm.mlir.global private constant @text
// CHECK-SAME:    tensor<4xi8>) {{.*}}: !llvm.array<4 x i8>
llvm.mlir.global private constant @text(dense<[1, 2, 3, 4]> : tensor<4xi8>) : !llvm.array<4 x i8>
// CHECK-LABEL: llvm.mlir.global external @scratch()
// CHECK-SAME:    : !llvm.array<2 x array<2 x f32>>
llvm.mlir.global external @scratch() : !llvm.array<2 x array<2 x f32>>

// CHECK-LABEL: llvm.func @second_row
// CHECK:         %[[BASE:.*]] = llvm.mlir.addressof @weights : !llvm.ptr
// CHECK:         llvm.getelementptr inbounds|nuw %[[BASE]][0, 1, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x f32>>
// LLVM-LABEL: define float @second_row()
// LLVM-NEXT:    ret float 4.000000e+00
llvm.func @second_row() -> f32 {
  %base = llvm.mlir.addressof @weights : !llvm.ptr
  %row = llvm.getelementptr inbounds|nuw %base[0, 1, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x f32>>
  %x = llvm.load %row : !llvm.ptr -> f32
  llvm.return %x : f32
}

// LLVM-LABEL: define i16 @blob_element()
// LLVM-NEXT:    ret i16 6
llvm.func @blob_element() -> i16 {
  %base = llvm.mlir.addressof @blob : !llvm.ptr
  %x = llvm.getelementptr inbounds|nuw %base[0, 1, 0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<2 x array<2 x i16>>>
  %v = llvm.load %x : !llvm.ptr -> i16
  llvm.return %v : i16
}

{-#
  dialect_resources: {
    builtin: {
      blob_bytes: "0x0200000001000200030004000500060007000800"
    }
  }
#-}

//===- Passes.td - CUDA target passes ------------------------*- tablegen -*-===//
//
// Passes specific to aotc's CUDA target (docs/cuda.md): the entry point with
// a stream, the mapping of every kernel to a grid of GPU threads, outlining
// into one gpu.module, and the host side that launches the kernels through
// libaotc_cuda_runtime.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CUDA_PASSES_TD
#define AOTC_TARGET_CUDA_PASSES_TD

include "mlir/Pass/PassBase.td"

def CUDAGenerateEntryPointPass
    : Pass<"aotc-cuda-generate-entry-point", "mlir::ModuleOp"> {
  let summary = "Wrap the graph function in the CUDA target's C entry point";
  let description = [{
    Creates

    ```c
    int NAME_run_on_stream(const void *const *inputs, void *const *outputs,
                           void *temp, void *stream);
    ```

    around the graph function `entry` (tensors in, tensors out), the way
    `aotc-cpu-generate-entry-point` creates `NAME_run`: each pointer, a
    device pointer here, is wrapped in a memref descriptor of the tensor's
    static shape; inputs enter through `bufferization.to_tensor restrict`
    and results leave through `bufferization.materialize_in_destination`,
    so one-shot bufferization computes them in the caller's buffers. The
    function is marked `aotc.cuda.entry`; `temp` and `stream` are used only
    later, by `aotc-cuda-lower-host`, which also adds `NAME_run`. The graph
    function is made private for the inliner and `symbol-dce`.

    Before:
    ```mlir
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32>
    ```
    After:
    ```mlir
    func.func @NAME_run_on_stream(%inputs: !llvm.ptr, %outputs: !llvm.ptr,
                                  %temp: !llvm.ptr, %stream: !llvm.ptr) -> i32
        attributes {aotc.cuda.entry}
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The graph function to wrap">,
    Option<"symbolPrefix", "name", "std::string", /*default=*/"\"graph\"",
           "The C name prefix: the entry points are <name>_run and "
           "<name>_run_on_stream">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect",
    "mlir::arith::ArithDialect",
    "mlir::bufferization::BufferizationDialect",
    "mlir::memref::MemRefDialect",
  ];
}

def CUDAPrepareKernelsPass
    : Pass<"aotc-cuda-prepare-kernels", "mlir::func::FuncOp"> {
  let summary = "Put every buffer operation in the form the grid mapping "
                "expects: linalg ops with their parallel loops outermost";
  let description = [{
    Runs on buffers, before `convert-linalg-to-parallel-loops`. Every
    `memref.copy` between device buffers becomes `linalg.copy` (a kernel
    like any other; the host never touches device memory), and every
    `linalg.generic` whose reduction loops come before a parallel loop is
    interchanged so that all parallel loops come first, in their order.
    `convert-linalg-to-parallel-loops` then turns each linalg op into one
    `scf.parallel` over all its parallel loops (an `scf.for` nest inside for
    the reductions), which `aotc-cuda-map-to-grid` maps to threads: one
    thread per output element, each reducing on its own.

    Before:
    ```mlir
    linalg.generic {iterator_types = ["reduction", "parallel"]} ...
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    ```
    After:
    ```mlir
    linalg.generic {iterator_types = ["parallel", "reduction"]} ...
    linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
  let statistics = [
    Statistic<"numCopies", "num-copies", "memref.copy ops made linalg.copy">,
    Statistic<"numInterchanged", "num-interchanged",
              "linalg.generic ops interchanged to put parallel loops first">,
  ];
}

def CUDAFuseSiblingLoopsPass
    : Pass<"aotc-cuda-fuse-sibling-loops", "mlir::func::FuncOp"> {
  let summary = "Merge consecutive parallel loops over the same iteration "
                "space whose threads touch only their own elements";
  let description = [{
    Runs on the entry point after `convert-linalg-to-parallel-loops`, before
    `aotc-cuda-map-to-grid`, which makes each top-level `scf.parallel` one
    kernel. Fusion on tensors leaves a contraction's accumulator fill and
    its elementwise epilogue as linalg ops of their own (a reduction cannot
    absorb its consumer there); on the GPU, where one thread computes one
    output element, they belong in the same thread. This pass merges two
    top-level `scf.parallel` loops when

    - they have the same constant bounds and steps, and only ops without
      memory effects (constants, views, allocations) stand between them
      (those move above the first loop);
    - every buffer one of them writes and the other reads or writes is
      accessed, in both, through the same SSA value with the loops'
      induction variables as its indices, in order (so iteration `i` of
      the second loop only reads what iteration `i` of the first wrote);
    - both only access memory through `memref.load` and `memref.store`.

    Buffers are told apart by the allocation or caller pointer they view;
    the header's contract makes the caller's buffers distinct. Applied
    repeatedly, matmul + bias + relu becomes one loop: the fill, the
    reduction over k and the epilogue in each thread.

    Before:
    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
      memref.store %zero, %acc[%i, %j] : memref<8x64xf32>
    }
    scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
      scf.for %k = ... { ... %acc[%i, %j] ... }
    }
    ```
    After:
    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
      memref.store %zero, %acc[%i, %j] : memref<8x64xf32>
      scf.for %k = ... { ... %acc[%i, %j] ... }
    }
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numFused", "num-fused", "Parallel loops merged into the one "
              "before them">,
  ];
}

def CUDAPromoteAccumulatorsPass
    : Pass<"aotc-cuda-promote-accumulators", "mlir::func::FuncOp"> {
  let summary = "Keep an element a thread owns in a register instead of "
                "global memory";
  let description = [{
    Runs on the entry point after `aotc-cuda-fuse-sibling-loops`. In a
    top-level `scf.parallel`, a buffer element that the iteration reads and
    writes only at its own position (indices = the induction variables, one
    SSA memref, no other view of the buffer accessed in the loop) is an
    accumulator: its value is carried in SSA values instead, through
    `scf.for` iteration arguments where a reduction loop updates it, and
    stored once at the end of the iteration. When the buffer is an
    allocation used by nothing outside the loop (a matmul's accumulator
    whose fill and epilogue were fused into the same thread), that store
    and the allocation go away: the value never reaches memory.

    Before:
    ```mlir
    scf.parallel (%i, %j) = ... {
      memref.store %zero, %acc[%i, %j] : memref<8x64xf32>
      scf.for %k = %c0 to %c32 step %c1 {
        %a = memref.load %x[%i, %k] : memref<8x32xf32>
        %s = memref.load %acc[%i, %j] : memref<8x64xf32>
        %n = arith.addf %s, %a : f32
        memref.store %n, %acc[%i, %j] : memref<8x64xf32>
      }
      %r = memref.load %acc[%i, %j] : memref<8x64xf32>
      memref.store %r, %out[%i, %j] : memref<8x64xf32>
    }
    ```
    After (`%acc` used nowhere else):
    ```mlir
    scf.parallel (%i, %j) = ... {
      %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%s = %zero) -> f32 {
        %a = memref.load %x[%i, %k] : memref<8x32xf32>
        %n = arith.addf %s, %a : f32
        scf.yield %n : f32
      }
      memref.store %r, %out[%i, %j] : memref<8x64xf32>
    }
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numPromoted", "num-promoted",
              "Accumulators kept in registers">,
    Statistic<"numAllocsRemoved", "num-allocs-removed",
              "Accumulator buffers no longer needed">,
  ];
}

def CUDAVectorizeElementwisePass
    : Pass<"aotc-cuda-vectorize-elementwise", "mlir::func::FuncOp"> {
  let summary = "Give each thread of an elementwise kernel several "
                "consecutive elements, read and written as one vector";
  let description = [{
    Runs on the entry point after `convert-linalg-to-parallel-loops`, before
    `aotc-cuda-map-to-grid`. A top-level `scf.parallel` whose body only
    loads, computes elementwise (`arith`, `math`) and stores, and whose
    innermost loop has a trip count that is a multiple of the vector width
    `V` (`vector-bytes` divided by the widest element accessed), gets an
    innermost step of `V`: one iteration (one GPU thread) then handles `V`
    consecutive elements.

    - A load or store whose last index is the innermost induction variable,
      of a buffer contiguous in that dimension with the other strides and
      the offset multiples of `V`, becomes one `vector.load`/`vector.store`
      with the alignment of `V` elements (`ld.global.v4.f32` for f32 with
      the default 16 bytes).
    - A load that does not depend on the innermost induction variable (a
      broadcast operand) is loaded once and splat.
    - Any other load (a transposed operand) is `V` scalar loads.
    - The arithmetic is the same ops on vectors.

    Buffers are only as aligned as the caller's pointers, so the vector body
    runs when every vector-accessed buffer's base is aligned (a test on the
    pointers, the same for every thread); otherwise a loop over the `V`
    elements runs the original body. Loops with anything else in their body
    (reductions, `linalg.index`, index arithmetic on the induction
    variables), or whose innermost trip count is not a multiple of `V`,
    are left alone.

    Before:
    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
      %a = memref.load %x[%i, %j] : memref<8x64xf32>
      %r = arith.maximumf %a, %zero : f32
      memref.store %r, %y[%i, %j] : memref<8x64xf32>
    }
    ```
    After:
    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c4) {
      scf.if %aligned {
        %a = vector.load %x[%i, %j] {alignment = 16} : memref<8x64xf32>, vector<4xf32>
        %r = arith.maximumf %a, %zeros : vector<4xf32>
        vector.store %r, %y[%i, %j] {alignment = 16} : memref<8x64xf32>, vector<4xf32>
      } else {
        scf.for %k = %c0 to %c4 step %c1 { ... the original body at %j + %k ... }
      }
    }
    ```
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "unsigned", /*default=*/"16",
           "Bytes one thread reads per vector access (PTX loads at most 16 "
           "bytes at once); 0 turns the pass off">,
  ];
  let dependentDialects = [
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
    "mlir::vector::VectorDialect",
  ];
  let statistics = [
    Statistic<"numVectorized", "num-vectorized",
              "Parallel loops given vector iterations">,
  ];
}

def CUDAMapToGridPass : Pass<"aotc-cuda-map-to-grid", "mlir::func::FuncOp"> {
  let summary = "Turn every loop nest on device buffers into a gpu.launch";
  let description = [{
    Runs on the entry point after `convert-linalg-to-parallel-loops`. The
    host side of a CUDA graph must not touch device memory, so every
    top-level op that does (a loop nest, a load or store, any op with a
    memory effect other than allocation) becomes the body of a
    `gpu.launch`. What stays on the host: constants and other pure ops,
    views of buffers (`memref.subview`, `expand_shape`, ...), `memref.alloc`,
    `memref.dealloc` and `memref.get_global` (placed in device memory by
    `aotc-cuda-lower-host`), the LLVM ops that read the caller's pointer
    arrays, and the return.

    **Mapping.** An `scf.parallel` with constant bounds is linearized onto a
    one-dimensional grid: `block-size` threads per block (fewer when the
    loop has fewer iterations) and as many blocks as it takes. Thread
    `blockIdx.x * block-size + threadIdx.x` runs the iteration of that
    linear index, guarded by a bounds check, with the loop's indices
    recovered by division and remainder. Any other op (an `scf.for` nest
    of a full reduction, say) runs on a single thread: correct, and the
    place where reductions over warps and shared memory come later.

    A `gpu.launch` already in the function (built by an earlier pass: a
    reduction over a block, a tiled contraction) is kept as it is.

    Every launch, those included, names its kernel:
    `@<kernel-prefix>_kernels::@<kernel-prefix>_k<i>`, in the order of the
    function, so that `gpu-kernel-outlining` puts every
    kernel of the graph into one `gpu.module`.

    A device op whose results other ops use (the loads of a rank-0 linalg
    op, which lowers without a loop) runs on one thread together with the
    ops after it, up to the last one that uses those values. An op whose
    results the host itself would need fails with
    `--target cuda does not support '<op>' yet`.

    Before:
    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
      ...
    }
    ```
    After:
    ```mlir
    gpu.launch blocks(...) in (%gx = %c2, ...) threads(...) in (%bx = %c256, ...)
        module(@g_kernels) function(@g_k0) {
      // %id = block_id.x * 256 + thread_id.x
      scf.if %id < 512 { %i = %id / 64, %j = %id % 64, ... }
      gpu.terminator
    }
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "unsigned", /*default=*/"256",
           "Threads per block of the linearized grid">,
    Option<"kernelPrefix", "kernel-prefix", "std::string", /*default=*/"\"\"",
           "Prefix of the kernel and module names (default: the function's "
           "name)">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numGridKernels", "num-grid-kernels",
              "Parallel loops mapped to a grid of threads">,
    Statistic<"numSingleThreadKernels", "num-single-thread-kernels",
              "Ops run on one GPU thread">,
  ];
}

def CUDAMathWithoutLibdevicePass
    : Pass<"aotc-cuda-math-without-libdevice", "mlir::gpu::GPUModuleOp"> {
  let summary = "Replace libdevice calls that PTX has an instruction for "
                "with LLVM intrinsics";
  let description = [{
    `convert-gpu-to-nvvm` turns every math op into a call of libdevice
    (`__nv_sqrtf`, `__nv_fmaf`, `__nv_floorf`, ...), the bitcode library of
    the CUDA toolkit, and does not accept the LLVM intrinsics instead. Where
    the toolkit is not installed, the CUDA pipeline runs this pass after
    `convert-gpu-to-nvvm`: the calls of the functions that PTX has an
    instruction for (fma, sqrt, fabs, floor, ceil, trunc, rint, round,
    copysign, fmin, fmax, fmod, in f32 and f64, and integer abs) become the
    LLVM intrinsics (or operations) that the NVPTX back end selects as
    single instructions, rsqrt becomes 1 / sqrt, and their declarations
    go. Before it, `aotc-approximate-math` has turned the f32
    transcendental functions into polynomial approximations, which use fma,
    floor and friends. Whatever libdevice call is left (f64
    transcendentals, `powf`, ...) makes `aotc-cuda-lower-host` report that
    the graph needs the toolkit.

    Before:
    ```mlir
    llvm.func @__nv_sqrtf(f32) -> f32
    %r = llvm.call @__nv_sqrtf(%x) : (f32) -> f32
    ```
    After:
    ```mlir
    %r = llvm.intr.sqrt(%x) : (f32) -> f32
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let statistics = [
    Statistic<"numReplaced", "num-replaced",
              "libdevice calls replaced by LLVM intrinsics">,
  ];
}

def CUDALowerHostPass : Pass<"aotc-cuda-lower-host", "mlir::ModuleOp"> {
  let summary = "Launch the kernels through libaotc_cuda_runtime and embed "
                "the PTX, cubin and weights";
  let description = [{
    Runs after `gpu-module-to-binary`, on the entry point marked
    `aotc.cuda.entry` and the one `gpu.binary` holding the PTX of every
    kernel. It produces host code that needs nothing but
    libaotc_cuda_runtime (docs/cuda.md):

    - **Image.** A constant `aotc_cuda_image`: the kernel names, the PTX,
      the cubin that `ptxas` makes of it for `gpu-arch` (when the `ptxas`
      option names one; the PTX alone otherwise), and every
      `memref.global` constant the entry point reads, packed at 256-byte
      aligned offsets into one weights blob. The `gpu.binary` and the
      globals are erased.
    - **Calls.** The entry point gets a fifth argument, `synchronize`, and
      becomes a private function that starts with `aotc_cuda_begin` (load
      once, context, temp arena) and ends each return with
      `aotc_cuda_end`. `NAME_run_on_stream(inputs, outputs, temp, stream)`
      calls it without synchronizing; `NAME_run(inputs, outputs, temp)`
      calls it on the default stream and synchronizes.
    - **Buffers.** Every `memref.get_global` becomes a view of the uploaded
      weights at its offset. Every `memref.alloc` becomes a view of the
      temporary arena at a 256-byte aligned offset, planned like the CPU
      target's arena (aotc/Transforms/BufferPlacement.h): kernels run in
      launch order on one stream, so a temporary is live from the first to
      the last top-level op (a launch, or a view a launch uses) that uses
      it, and temporaries never live at the same time share bytes. One
      whose uses cannot be followed keeps its bytes for the whole call.
      `memref.dealloc`s are erased. The module gets `aotc.temp_bytes`, the
      arena's size, which the driver writes to the header.
    - **Launches.** Each `gpu.launch_func` becomes
      `aotc_cuda_launch(call, index, grid, block, 0, args)`, where `args`
      holds a pointer to each kernel argument: the aligned base pointer of
      a memref (the kernels use the bare-pointer convention, their
      offsets and strides are static), or the value of a scalar.

    Before:
    ```mlir
    gpu.launch_func @g_kernels::@g_k0 blocks in (%c2, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%a : memref<512xf32>)
    gpu.binary @g_kernels [#gpu.object<#nvvm.target<chip = "sm_80">, "...">]
    ```
    After:
    ```mlir
    %rc = func.call @aotc_cuda_launch(%call, %c0_i32, %c2_i32, ...)
    llvm.mlir.global internal constant @__aotc_image() : !llvm.struct<...>
    ```
  }];
  let options = [
    Option<"symbolPrefix", "name", "std::string", /*default=*/"\"graph\"",
           "The C name prefix of the entry points">,
    Option<"gpuArch", "gpu-arch", "std::string", /*default=*/"\"sm_80\"",
           "The architecture ptxas compiles the cubin for">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "Path of ptxas; empty embeds the PTX alone">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect",
    "mlir::arith::ArithDialect",
    "mlir::func::FuncDialect",
    "mlir::memref::MemRefDialect",
  ];
  let statistics = [
    Statistic<"numLaunches", "num-launches", "Kernel launches generated">,
    Statistic<"weightBytes", "weight-bytes",
              "Bytes of constants uploaded to the device">,
    Statistic<"unsharedTempBytes", "unshared-temp-bytes",
              "Bytes the temporaries would take without sharing">,
  ];
}

def CUDAAlignWorkgroupMemoryPass
    : Pass<"aotc-cuda-align-workgroup-memory", "mlir::gpu::GPUModuleOp"> {
  let summary = "Align the workgroup buffers that kernels access as vectors";
  let description = [{
    Gives each workgroup attribution of each `gpu.func` that a
    `vector.load` or `vector.store` accesses the `llvm.align` attribute: the
    largest `alignment` those accesses declare (unless it already has as
    much), which `convert-gpu-to-nvvm` turns into the alignment of the
    buffer's `.shared` variable. A buffer is otherwise only as aligned as
    its element type (`.align 2` for f16), while the tiled contraction
    kernels store 16-byte vectors into workgroup memory. Buffers accessed
    element by element are left alone.

    Before:
    ```mlir
    gpu.func @k() workgroup(%a : memref<64x40xf16, #gpu.address_space<workgroup>>) kernel {
      vector.store %v, %a[%i, %j] {alignment = 16 : i64} : ..., vector<8xf16>
    ```
    After:
    ```mlir
    gpu.func @k() workgroup(%a : memref<64x40xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel {
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let statistics = [
    Statistic<"numAligned", "num-aligned", "Workgroup buffers aligned">,
  ];
}

def CUDATileContractionsPass
    : Pass<"aotc-cuda-tile-contractions", "mlir::func::FuncOp"> {
  let summary = "Turn contractions into gpu.launch kernels that tile their "
                "operands through workgroup memory";
  let description = [{
    Runs on buffers after `aotc-cuda-prepare-kernels` (parallel loops
    first) and before `convert-linalg-to-parallel-loops`. A contraction is
    a `linalg.generic` with two inputs, one output read through a
    permutation of the parallel loops, and reduction loops; it is seen as a
    batch of GEMMs: the parallel loops both inputs read are the batch, those
    only the input reading the output's innermost loop reads are N, the
    others M, the reduction loops K, each group flattened. Matmul, batch
    matmul, transposed operands and convolution (implicit GEMM, the window
    `oh * s + kh` in the input's map) all qualify; the operands are read
    through their own indexing maps, so any layout works.

    Each becomes a `gpu.launch` on a 1-D grid, one block per output tile of
    each batch. The block copies the tiles of both operands for a step of K
    into workgroup memory, waits at a `gpu.barrier`, and computes:

    - **SIMT**: a 128x128 tile with K steps of 8 and an 8x8 micro-tile of
      registers per thread when M and N are at least 128, else 64x64, K
      steps of 16 and 4x4; 256 threads. The micro-tile is updated by clones
      of the generic's body in the generic's order of K (any body keeps its
      meaning: the last K tile stops at K, nothing is padded).
    - **Tensor cores** (`tensor-cores`): a body `out + a * b` (operands
      possibly extended first) of f16 operands with an f32 or f16
      accumulator, or of f32 ones with `tf32`, becomes
      `nvgpu.mma.sync` (m16n8k16; m16n8k8 for tf32) on fragments read from
      workgroup memory in the PTX ISA's layouts. The sums are reassociated
      (the hardware's order); tf32 rounds the operands to 10 bits of
      mantissa (about 1e-3 relative error).

    Each thread reads its outputs' current values first (the generic
    accumulates into them) and stores them at the end; a partial tile reads
    clamped addresses and stores only inside the output. The kernel also
    absorbs the elementwise generic right before it that writes the whole
    output without reading it (a zero fill, a bias broadcast: each initial
    value is computed instead of read), and the one right after it that
    reads the output element for element when the output is a temporary
    nothing else uses (bias, relu, residual add, a cast: applied to each
    result, stored into that generic's output; the temporary goes). An
    input that is a padded temporary (an allocation written only by a fill
    with a constant and by a copy of a buffer `X` into a subview of it at
    static offsets, unit strides, and otherwise only read, as a
    convolution's padded input after bufferization) is read through `X`:
    an element inside the copied window loads `X` at its index minus the
    offsets, any other element is the fill's constant, element by element
    (no vector loads for it). `X` must not be written between the copy and
    the contraction, nor by the kernel. When nothing else reads the
    temporary, it goes with its fill and copy. Contractions with
    M or N below `min-extent` (matrix-vector products) are left to the
    one-thread-per-output mapping; `aotc-cuda-map-to-grid` keeps the
    launches built here.

    Before:
    ```mlir
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                     affine_map<(m, n, k) -> (k, n)>,
                                     affine_map<(m, n, k) -> (m, n)>],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<256x96xf32>, memref<96x128xf32>)
        outs(%c : memref<256x128xf32>) { mulf, addf }
    ```
    After:
    ```mlir
    gpu.launch blocks(%bx, ...) in (%gx = %c8, ...)
               threads(%tx, ...) in (%sx = %c256, ...)
               workgroup(%as : memref<16x65xf32, #gpu.address_space<workgroup>>,
                         %bs : memref<16x65xf32, #gpu.address_space<workgroup>>) {
      %acc = memref.load %c[...]            // 16 outputs per thread
      scf.for %kt = %c0 to %c6 step %c1 iter_args(...) {
        memref.store (memref.load %a[...]), %as[...]   // the tiles
        gpu.barrier
        scf.for %kk = %c0 to %c16 ... { mulf, addf }   // 4x4 per thread
        gpu.barrier
      }
      memref.store ..., %c[...]
    }
    ```
  }];
  let options = [
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"true",
           "Use mma.sync (sm_80 and newer) for f16 contractions">,
    Option<"tf32", "tf32", "bool", /*default=*/"false",
           "Also use tensor cores for f32 contractions, rounding operands "
           "to tf32 (about 1e-3 relative error)">,
    Option<"minExtent", "min-extent", "int64_t", /*default=*/"16",
           "Smallest M and N worth a tiled kernel">,
  ];
  let dependentDialects = [
    "mlir::affine::AffineDialect",
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::memref::MemRefDialect",
    "mlir::nvgpu::NVGPUDialect",
    "mlir::scf::SCFDialect",
    "mlir::vector::VectorDialect",
  ];
  let statistics = [
    Statistic<"numSimtKernels", "num-simt-kernels",
              "Contractions tiled on the SIMT cores">,
    Statistic<"numTensorCoreKernels", "num-tensor-core-kernels",
              "Contractions tiled on tensor cores">,
    Statistic<"numFused", "num-fused",
              "Initializations and epilogues computed in a tiled kernel">,
    Statistic<"numPaddedOperands", "num-padded-operands",
              "Padded temporaries read through their sources">,
  ];
}

def CUDAMapReductionsPass
    : Pass<"aotc-cuda-map-reductions", "mlir::func::FuncOp"> {
  let summary = "Compute long reductions with cooperating threads: a warp "
                "or a block per output, many blocks for a full reduction";
  let description = [{
    Runs on buffers after `aotc-cuda-prepare-kernels`, before the linalg ops
    become loops. A `linalg.generic` with one output and reduction loops,
    static loop ranges, whose body combines the output's value with an
    elementwise term (the ops before it, such as the `x + y*z` of a fused
    `reduce_sum(x + y*z)`) by an associative, commutative `arith` op with a
    neutral element (`addf`, `mulf`, `maximumf`, `maxnumf`, `minimumf`,
    `minnumf`, `addi`, `muli`, `maxsi`, `maxui`, `minsi`, `minui`, `andi`,
    `ori`, `xori`), becomes a `gpu.launch` of 256-thread blocks whose
    threads share each output's reduction:

    1. A group of threads per output: a warp for 128 to 1023 terms, a block
       for more. Thread `t` of a group of `G` reduces terms `t`, `t + G`,
       `t + 2G`, ... of the linearized reduction loops, so consecutive
       threads read consecutive addresses when the innermost reduction loop
       is the innermost dimension of the inputs.
    2. The warp combines its lanes' values with `gpu.shuffle xor` (16, 8,
       4, 2, 1). In a block, each warp's first lane writes its value to
       workgroup memory, `gpu.barrier`, and the first warp combines the 8.
    3. The group's first thread combines the output's initial value (the
       accumulator's fill, written by an earlier kernel) with the result and
       stores it.

    An output of many terms is split over several blocks (up to 1024 blocks
    in all, each thread reducing at least 16 terms): each block stores its
    part to a temporary `memref.alloc` (placed in the device arena by
    `aotc-cuda-lower-host`), and a second launch reduces each output's
    parts as above. A sum of 2^20 floats: 256 blocks, then one warp over
    the 256 partial sums.

    Left to `aotc-cuda-map-to-grid` (one thread per output, the reduction
    in a loop): reductions of fewer than 128 terms; those with 1024 outputs
    or more whose innermost reduction loop is not the inputs' contiguous
    dimension (there the threads of consecutive outputs read consecutive
    addresses); and reductions with several outputs (softmax's running max
    and sum), other combiners or dynamic shapes. Floating-point terms are
    combined in a different order than the loop's (the CPU target
    reassociates too).

    Before:
    ```mlir
    linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>,
                                     affine_map<(i, k) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<64x4096xf32>) outs(%sums : memref<64xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
    ```
    After (a block of 256 threads per row):
    ```mlir
    gpu.launch blocks(%b, ...) in (%gx = %c64, ...)
               threads(%t, ...) in (%tx = %c256, ...)
               workgroup(%warps : memref<8xf32, #gpu.address_space<workgroup>>) {
      %part = scf.for %k = %t to %c4096 step %c256 iter_args(%p = %zero) ...
      %r, %valid = gpu.shuffle xor %part, %c16_i32, %c32_i32 : f32
      ...
      memref.store %warp_sum, %warps[%warp]
      gpu.barrier
      ... // the first warp: shuffles over the 8 values; thread 0 adds them
          // to %sums[%b] and stores
    }
    ```
  }];
  let dependentDialects = [
    "mlir::affine::AffineDialect",
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numWarpReductions", "num-warp-reductions",
              "Reductions with a warp per output">,
    Statistic<"numBlockReductions", "num-block-reductions",
              "Reductions with a block per output">,
    Statistic<"numSplitReductions", "num-split-reductions",
              "Reductions split over several blocks per output, with a "
              "second kernel">,
  ];
}

#endif // AOTC_TARGET_CUDA_PASSES_TD

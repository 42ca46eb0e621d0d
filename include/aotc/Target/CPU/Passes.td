//===- Passes.td - x86-64 target passes ----------------------*- tablegen -*-===//
//
// Passes specific to aotc's CPU target.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_PASSES_TD
#define AOTC_TARGET_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def GenerateEntryPointPass
    : Pass<"aotc-cpu-generate-entry-point", "mlir::ModuleOp"> {
  let summary = "Wrap the graph function in the C entry point of the header";
  let description = [{
    Creates the public function of aotc's C ABI,

    ```c
    int NAME_run(const void *const *inputs, void *const *outputs, void *temp);
    ```

    around the graph function `entry` (tensors in, tensors out), inlines the
    graph into it and makes the graph function private so `symbol-dce`
    removes it. Each input pointer is wrapped in a memref descriptor of its
    static shape (row-major, offset 0) and enters the graph through
    `bufferization.to_tensor restrict`; each result is written into its output
    pointer by `bufferization.materialize_in_destination`, so one-shot
    bufferization computes results in place in the caller's buffers. The
    `temp` argument is marked `aotc.arena`: `aotc-cpu-plan-memory` lays the
    temporaries out in it after bufferization. Runs on tensors, before
    bufferization.

    Before:
    ```mlir
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32>
    ```
    After:
    ```mlir
    func.func @NAME_run(%inputs: !llvm.ptr, %outputs: !llvm.ptr,
                        %temp: !llvm.ptr {aotc.arena}) -> i32 {
      // load inputs[0], build memref<4xf32>, to_tensor, compute,
      // materialize_in_destination into outputs[0]; return 0
    }
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The graph function to wrap">,
    Option<"symbolPrefix", "name", "std::string", /*default=*/"\"graph\"",
           "The C name prefix: the entry point is <name>_run">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect",
    "mlir::bufferization::BufferizationDialect",
    "mlir::memref::MemRefDialect",
  ];
}

def UnshareInitTensorsPass
    : Pass<"aotc-cpu-unshare-init-tensors", "mlir::func::FuncOp"> {
  let summary = "Give every user of a tensor.empty or filled init its own";
  let description = [{
    CSE merges identical `tensor.empty` ops and the `linalg.fill`s of them,
    so two reductions may start from one zero-filled tensor. Empty-tensor
    elimination then turns that one tensor into the destination buffer of
    one result, and bufferization can compute the other result in place in
    that same buffer: one output overwrites the other. Cloning the empty
    tensor (and the fill of it) for every use keeps each result's
    accumulator its own; the clones are free until bufferization, which
    gives each the buffer it would have needed anyway.

    Before:
    ```mlir
    %e = tensor.empty() : tensor<2xf32>
    %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %a = linalg.generic ... outs(%z : tensor<2xf32>)
    %b = linalg.generic ... outs(%z : tensor<2xf32>)
    ```
    After, `%b` reads its own `tensor.empty` and `linalg.fill`.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numClones", "num-clones",
              "tensor.empty and linalg.fill ops cloned for a second user">,
  ];
}

def FlattenPointwiseConvsPass
    : Pass<"aotc-cpu-flatten-pointwise-convs", "mlir::func::FuncOp"> {
  let summary = "Compute 1x1 convolutions as matmuls over the flattened "
                "image (strided ones over a copy of the pixels they read)";
  let description = [{
    A 1x1 convolution with stride 1 and no padding reads its NCHW image
    `[n, ci, h, w]` as a matrix `[n, ci, h * w]`. Its kernel is vectorized
    along the image row `w`, and rows are short in the deep layers (14 or
    7 pixels, 13 of SqueezeNet's 13x13): each row fills part of a vector,
    and vectorizing across channels instead reads the image one broadcast
    pixel at a time, a cache line per pixel. This pass rewrites such a
    convolution as a matmul over the flattened image, loops
    `(n, co, p, ci)` with `p = h * w`: the 196 pixels of a 14x14 image are
    13 vectors of 16, 94% of their lanes, and every load is contiguous (the
    "1x1 convolutions as GEMMs" of oneDNN and onnxruntime).

    The weights `[co, ci, 1, 1]` become a `[co, ci]` constant with the same
    bytes (a reshape when they are not a constant). The image and the
    accumulator are reshaped with `tensor.collapse_shape`, the result back
    with `tensor.expand_shape`, and upstream's reshape-by-collapsing
    patterns then flatten the elementwise generics on either side (the
    bias broadcast that initializes the accumulator, the epilogue), so
    `aotc-tile-and-fuse` still finds the matmul's initializer and epilogue
    next to it. Reshapes of contiguous tensors bufferize to views; a graph
    result reached through the final reshape is stored through a reshaped
    view of the caller's buffer (`aotc-cpu-fold-result-reshapes`).

    A strided 1x1 convolution (ResNet's downsampling shortcuts) first
    copies the pixels it reads into an image of its output's size (a
    quarter of the input for stride 2), then is flattened the same way:
    ResNet-50's three shortcut convolutions went from 2.2, 2.0 and 2.1 ms
    to 1.3, 1.5 and 1.4 (onnxruntime 1.7, 1.6, 1.6).

    Left alone: convolutions whose image is a `tensor.pad` (tiled with the
    pad instead) and those whose result, or its elementwise epilogue, is
    inserted into a larger tensor (a concatenation, as in SqueezeNet's fire
    modules): bufferization cannot compute an insertion in place through a
    reshape and would copy the image. For the same reason, those whose
    result (or epilogue) is padded for a depthwise convolution when their
    rows are whole vectors (a multiple of 16 pixels): as images they are
    computed into the padded buffer (`aotc-cpu-materialize-pads`) and the
    depthwise tiles read their windows in place (EfficientNet-B0's 112x112
    expansion before its stride-2 depthwise convolution: that convolution
    0.51 -> 0.36 ms, the expansion unchanged). The same holds, whatever
    the rows, for a depthwise convolution that `aotc-cpu-block-channels`
    computes on blocks of channels (its channels fill whole vectors of
    `vector-bits`): the expansion joins its chain as a blocked convolution
    over the image and writes the padded blocked image in place, where a
    flat one made every tile copy a window of three rows (MobileNetV2's
    blocked depthwise convolutions 0.06 -> 0.03 ms).

    Before:
    ```mlir
    linalg.generic {indexing_maps = [
        (n, co, h, w, ci, kh, kw) -> (n, ci, h + kh, w + kw),
        (n, co, h, w, ci, kh, kw) -> (co, ci, kh, kw),
        (n, co, h, w, ci, kh, kw) -> (n, co, h, w)], ...}
        ins(%x, %w : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32>)
    ```
    After:
    ```mlir
    %xs = tensor.collapse_shape %x [[0], [1], [2, 3]]
    linalg.generic {indexing_maps = [(n, co, p, ci) -> (n, ci, p),
        (n, co, p, ci) -> (co, ci), (n, co, p, ci) -> (n, co, p)], ...}
        ins(%xs, %w2 : tensor<1x1024x196xf32>, tensor<256x1024xf32>)
    ```
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"256",
           "Vector register width of the target CPU in bits (the channel "
           "blocks of aotc-cpu-block-channels)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numFlattened", "num-flattened",
              "1x1 convolutions computed as matmuls">,
  ];
}

def BlockChannelsPass
    : Pass<"aotc-cpu-block-channels", "mlir::func::FuncOp"> {
  let summary = "Compute convolutions with short image rows on images stored "
                "in blocks of channels (NCHWc), converting only at the ends "
                "of chains of them";
  let description = [{
    A 2-D convolution in NCHW layout is vectorized along its image rows;
    rows of 56, 28, 14 or 7 pixels waste an eighth or more of every 16-lane
    vector, and the constant weights of a 1x1 or 3x3 convolution stream
    through memory strided by the image size. This pass computes such a
    convolution (f32, group 1, output rows filling less than 90% of their
    vectors, output channels a multiple of the vector width) on images in
    blocks of channels, `[n, c / B, h, w, B]` with B four, two or one
    vectors (the largest that divides the channel count): upstream
    `linalg::pack` rewrites the convolution to loops `(n, f / B, oh, ow,
    c / B, kh, kw, f mod B, c mod B)` (input channels stay unblocked when
    they are not a multiple of the vector width, as in a first
    convolution), the filter's inner tiles are transposed so that the
    output channels are innermost, and the kernel emitter then vectorizes
    across the output channel block with pixels as the register rows,
    every lane used.

    1x1 convolutions next to a blocked one, as
    `aotc-cpu-flatten-pointwise-convs` leaves them (matmuls over the
    flattened image), join the chain: packed the same way, over at least
    64 pixels, until no more join.

    A depthwise convolution (groups = channels, a constant filter, channels
    a multiple of the vector width) is blocked too when the 1x1
    convolutions producing its image and reading its result both join (so
    that it converts nothing), or when its image is already blocked (the
    conversion moves to its result): its loop of one group channel is
    dropped, the filter becomes `[C / B, KH, KW, B]`, and the kernel takes
    each tap of a channel block as one vector.

    The layout conversions then move out: upstream's data-layout
    propagation patterns push each unpack down and each pack up through the
    elementwise ops (the bias broadcast that initializes a convolution,
    ReLU, a residual add) and spatial pads between convolutions, where a
    pack of an unpack with the same blocks cancels, so a chain of
    convolutions keeps its images blocked from its first convolution's
    input to its last one's consumers. An unpack moves into a pad only on
    the way to a pack (never toward a convolution that is not blocked); an
    elementwise op reading several unpacks with the same blocks runs on
    the blocked tensors; a pack of a fill becomes a fill of the blocked
    tensor. Packs of constants (the filters and
    biases) are permuted at compile time, byte by byte; what remains
    becomes copy generics: a pack reads the source at `(c / B) * B + c mod
    B`, an unpack at `(c floordiv B, c mod B)`.

    Before (a 3x3 convolution over a 56x56 image, then ReLU):
    ```mlir
    %c = linalg.generic {(n, f, oh, ow, c, kh, kw)} ins(%padded, %w) outs(%bias)
    %r = linalg.generic {relu} ins(%c)
    ```
    After:
    ```mlir
    %p = linalg.generic {copy into 1x1x58x58x64} ins(%padded)
    %c = linalg.generic {(n, fb, oh, ow, cb, kh, kw, f, c)}
           ins(%p, %w_blocked : tensor<1x1x58x58x64xf32>, tensor<1x1x3x3x64x64xf32>)
           outs(%bias_blocked : tensor<1x1x56x56x64xf32>)
    %r = linalg.generic {relu} ins(%c)    // on 1x1x56x56x64
    %u = linalg.generic {copy (n, c floordiv 64, h, w, c mod 64)} ins(%r)
    ```
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"256",
           "Vector register width of the target CPU in bits">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect",
                           "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numBlocked", "num-blocked",
              "Convolutions computed on channel-blocked images">,
  ];
}

def ChannelBlockedWeightsPass
    : Pass<"aotc-cpu-channel-blocked-weights", "mlir::func::FuncOp"> {
  let summary = "Store constant convolution weights in vector-wide blocks of "
                "output channels where the image rows are too short for a "
                "vector";
  let description = [{
    `aotc-cpu-vector-kernels` vectorizes a convolution along the output's
    contiguous dimension, the image row `w`. Deep layers of image models
    have short rows (7 pixels in ResNet's, MobileNet's and ShuffleNet's last
    stages) and would fill 7 of 16 lanes. Their output channels are many,
    but the weights `W[co, ci, kh, kw]` are not contiguous along `co`.

    This pass rewrites such a constant weight once, at compile time, in
    blocks of `L` output channels (`L` = the lanes of `vector-bits`):
    `Wb[co floordiv L, ci, kh, kw, co mod L]`, the data permuted (channels
    past the last block's end are zero), and the generic reads it through
    that map. The kernel emitter can then take the output channels as its
    vector dimension: one contiguous vector load of weights per block and
    step, each block a sequential stream (a plain `[ci, kh, kw, co]` order
    would jump by a page every step or two, defeating the prefetchers and
    the TLB), input pixels broadcast along the register rows, and the
    output, strided along `co`, scattered once per tile after the long
    reduction. Nothing is done at run time.

    It applies to an f32 constant read by a `linalg.generic` with reduction
    loops (and only by such generics, all of which qualify) when its first
    index is a parallel loop `co` that indexes the output but no other input
and is not the output's innermost index; the output's innermost loop
    fills less than 90% of the lanes of its vectors (rows of 7, 13, 14 or
    28 pixels at 16 lanes; less than 75% with 8-lane vectors, where 7 of 8
    measured better left alone) while `co` fills at least nine tenths; output
    channels are at most 4 KiB apart (so one scatter touches few pages:
    28x28 images or smaller); and the reduction has at least 32 steps, so
    the scatter pays. `aotc-tile-and-fuse` then tiles `co` only in multiples
    of `L`, and keeps it whole rather than in tiles of a single block.

    Before (a 3x3 convolution on 7x7 images, 512-bit vectors):
    ```mlir
    %w = arith.constant dense_resource<w> : tensor<512x512x3x3xf32>
    linalg.generic {indexing_maps = [..., (n, co, h, x, ci, kh, kw) ->
        (co, ci, kh, kw), ...]} ins(%input, %w : ...)
    ```
    After:
    ```mlir
    %w = arith.constant dense_resource<w_1> : tensor<32x512x3x3x16xf32>
    linalg.generic {indexing_maps = [..., (n, co, h, x, ci, kh, kw) ->
        (co floordiv 16, ci, kh, kw, co mod 16), ...]} ins(%input, %w : ...)
    ```
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"256",
           "Width of the vector registers in bits (128, 256 or 512)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numBlocked", "num-blocked",
              "constant weights stored in blocks of output channels">,
  ];
}

def FoldResultReshapesPass
    : Pass<"aotc-cpu-fold-result-reshapes", "mlir::func::FuncOp"> {
  let summary = "Store a reshaped graph result through a reshaped view of "
                "the caller's buffer";
  let description = [{
    The entry point stores each graph result into the caller's output
    buffer with `bufferization.materialize_in_destination`, and
    empty-tensor elimination then lets the op that computes the result
    write there directly. When the result is a `tensor.expand_shape` or
    `tensor.collapse_shape` of the computed tensor (a 1x1 convolution
    flattened by `aotc-cpu-flatten-pointwise-convs`, a graph ending in a
    reshape), that chain is broken and bufferization computes the result in
    a temporary buffer and copies it out. This pass stores the computed
    tensor instead, into a `memref.collapse_shape` / `memref.expand_shape`
    view of the output buffer with its shape (the output buffers are
    contiguous), so nothing is copied.

    Before:
    ```mlir
    %r = tensor.expand_shape %t [[0], [1], [2, 3]] output_shape [1, 96, 112, 112]
    bufferization.materialize_in_destination %r in restrict writable %out
    ```
    After:
    ```mlir
    %v = memref.collapse_shape %out [[0], [1], [2, 3]]
    bufferization.materialize_in_destination %t in restrict writable %v
    ```
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numFolded", "num-folded",
              "results stored through a reshaped view">,
  ];
}

def PackMatmulPanelsPass
    : Pass<"aotc-cpu-pack-matmul-panels", "mlir::func::FuncOp"> {
  let summary = "Store a matmul's right-hand side in contiguous panels of "
                "columns: constants at compile time, runtime values per tile";
  let description = [{
    A register-tiled matmul (`aotc-cpu-vector-kernels`) reads a panel of
    columns of its right-hand side `B[k, n]` one row `k` after another, and
    reads the panel again for every block of output rows. When `B` is a
    runtime value (a constant gets `aotc-cpu-pad-weight-rows` instead), its
    rows can be a multiple of 1 KiB apart (`n` = 1024, 2048, 3072 floats):
    the panel's rows then fall into a few sets of every cache level and
    evict each other; or so far apart that a panel touches more pages than
    the TLB holds (2048 rows of 8 KiB). Either way the matmul runs at less
    than half its speed (1024x1024x1024: 65 GFLOP/s against 141 for
    1024x1024x1008).

    This pass reads such a `B` through a copy in panels of 64 columns
    (four cache lines a row; four AVX-512 or eight AVX2 vectors),
    `P[n floordiv 64, k, n mod 64]`, made by a `linalg.generic` that only
    moves data. Each panel is contiguous. `aotc-tile-and-fuse` fuses the
    copy into the matmul's tiles along `n` and keeps the output rows whole,
    so each panel is copied once, into a one-tile buffer of the memory
    plan, and then read from cache by every block of rows (GotoBLAS's loop
    order, with the panel in L2).

    A constant right-hand side (a 2-D f32 matrix read only as `[k, n]` by
    contractions, `n` a multiple of 64) is stored in panels at compile
    time: the pass permutes the constant's data directly, and every panel
    is one contiguous stream of the weights (GPT-2's 64x768x3072 MLP matmul
    1.65 -> 1.39 ms: its padded rows of 12 KiB read 256 bytes at a time
    left the hardware prefetcher little to follow). This runs before
    `aotc-cpu-pad-weight-rows`, which then only pads the rest.

    A constant `[k, n]` matrix read only by matrix-vector products (one
    output row; a classifier's Gemm) whose `n` is not a multiple of 64 is
    stored transposed at compile time, `[n, k]`: each output is then a dot
    product of two contiguous rows, vectorized across `k`
    (`aotc-cpu-vector-kernels`' reductions). Read as `[k, n]`, a tile of
    50 of 1000 columns took 200 bytes out of every 4000-byte row, and
    MobileNetV2's 1280x1000 classifier ran at 9 GB/s.

    A runtime right-hand side read transposed, `[..., n, ..., k]` with the
    reduction loop `k` innermost (attention's `Q K^T`, whose `K` rows are
    the output's columns), would be read one row of `k` per output column:
    a dot product per output element and a horizontal sum. It is read
    through a copy in panels `[..., n floordiv 64, k, n mod 64]` instead,
    which the copy transposes, when `n` is a multiple of 64 and at least 32
    output rows reuse each panel; the matmul then runs as register-tiled
    outer products like any other. When `n` is not a multiple of 64 (a
    Conformer's 100 keys), the copy is whole, `[..., k, n]`, if it is at
    most 128 KiB and `n` at least 16 (one AVX-512 vector);
    `aotc-tile-and-fuse` then makes it per slice of the loops outside (a
    head), keeping `n` whole.

    The runtime copy applies to an f32 input of a `linalg.generic` with
    reduction loops that is not a constant, read as `[..., k, n]` with `n`
    the output's
    innermost loop and `k` a reduction loop, when `n` is a multiple of 64,
    at least 32 output rows reuse each panel, and the rows either alias
    (a multiple of 1 KiB apart, more of them than the 48 that a 12-way L1
    holds) or span more than 2 MiB.

    Before:
    ```mlir
    linalg.generic {indexing_maps = [(m, n, k) -> (m, k),
                                     (m, n, k) -> (k, n), (m, n, k) -> (m, n)]}
        ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) ...
    ```
    After:
    ```mlir
    %p = linalg.generic {indexing_maps = [(p, k, c) -> (k, p * 64 + c),
                                          (p, k, c) -> (p, k, c)]}
        ins(%b : tensor<1024x1024xf32>) outs(%e : tensor<16x1024x64xf32>)
    linalg.generic {indexing_maps = [(m, n, k) -> (m, k),
        (m, n, k) -> (n floordiv 64, k, n mod 64), (m, n, k) -> (m, n)]}
        ins(%a, %p : tensor<1024x1024xf32>, tensor<16x1024x64xf32>) ...
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numPacked", "num-packed",
              "matmul operands read through a copy in panels">,
    Statistic<"numConstantsPacked", "num-constants-packed",
              "constant matrices stored in panels">,
    Statistic<"numConstantsTransposed", "num-constants-transposed",
              "constant matrices of matrix-vector products stored "
              "transposed">,
    Statistic<"numTransposed", "num-transposed",
              "runtime operands read transposed, read through a copy in "
              "panels">,
  ];
}

def PadWeightRowsPass
    : Pass<"aotc-cpu-pad-weight-rows", "mlir::func::FuncOp"> {
  let summary = "Give constant matmul and convolution weights a row stride "
                "that does not alias in the caches";
  let description = [{
    A register-tiled matmul (`aotc-cpu-vector-kernels`) reads a block of
    columns of its weight matrix `B[k, n]` one row `k` after another. When
    the row stride is a multiple of 1 KiB (`n` = 256, 768, 1024, 3072, ...
    floats), consecutive rows fall into the same few sets of the L1 cache
    (4 KiB aliasing) and evict each other: a 64x768x3072 matmul runs at half
    the speed of a 64x768x3088 one. This pass stores such a constant with
    each row padded by one cache line (16 f32) and reads it through a
    `tensor.extract_slice`, which bufferizes to a strided view of the
    padded global: nothing is copied at run time, and the weights grow by
    64 bytes a row.

    It applies to f32 constants of rank 2 or more read by a `linalg.generic`
    with reduction loops, in two shapes:
    - rows read along the kernel's vector dimension: the constant's
      innermost index is a parallel loop that is also the output's
      innermost index (a matmul's `B[k, n]`); the innermost dimension gets
      16 more elements;
    - one row per register row, its elements broadcast: the constant's
      first index is a parallel loop of the output and the rest of a row
      (`W[co, ci, kh, kw]`: `ci * kh * kw` elements) is a multiple of
      1 KiB; the second dimension grows by `ceil(16 / (kh * kw))`, so each
      row moves by at least a cache line (1x1 convolutions with 256, 512,
      1024 input channels).

    Before:
    ```mlir
    %w = arith.constant dense_resource<w> : tensor<768x3072xf32>
    linalg.generic ... ins(%x, %w : tensor<64x768xf32>, tensor<768x3072xf32>)
    ```
    After:
    ```mlir
    %p = arith.constant dense_resource<w_1> : tensor<768x3088xf32>
    %w = tensor.extract_slice %p[0, 0] [768, 3072] [1, 1]
    linalg.generic ... ins(%x, %w : tensor<64x768xf32>, tensor<768x3072xf32>)
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numPadded", "num-padded", "constant weights with padded rows">,
  ];
}

def VectorKernelsPass
    : Pass<"aotc-cpu-vector-kernels", "mlir::func::FuncOp"> {
  let summary = "Emit register-tiled vector code for linalg.generic on buffers";
  let description = [{
    A project-owned micro-kernel emitter. Each `linalg.generic` on buffers
    whose body is elementwise arithmetic (matmul, convolution, pooling,
    bias/activation epilogues, elementwise ops) becomes explicit vector code
    instead of scalar loops left to LLVM's auto-vectorizer:

    - **The vector dimension** `v` is a parallel loop along which the
      output is contiguous (its innermost index is `v + ...`, innermost
      stride 1) and every input that depends on it is read with a step of
      1 to 4 in its innermost, unit-stride dimension. Among those, the one
      whose extent wastes the fewest lanes wins. Inputs that do not depend
      on `v` are loaded as scalars and broadcast; inputs read with a step
      `s > 1` (strided convolutions and pooling windows) are one masked
      load of the `s * (lanes - 1) + 1` elements the lanes span and a
      `vector.shuffle` that picks every `s`-th.
    - **The register rows** `r` are a second parallel loop (or none); the
      rows share the vector loads of inputs that do not depend on `r` (a
      matmul's `m`, a convolution's output channels). An output strided
      along `v` is gathered before and scattered after a reduction of 32
      steps or more.
    - **The register tile** is `rows x vectors` accumulators, at most three
      quarters of the vector registers (`registers`), held in `scf.for`
      iter_args across every reduction loop and stored once. A tile is
      computed with the body cloned on vectors, so a `mulf` + `addf` body
      with `contract` becomes FMAs, a `maximumf` body a max-pool.
    - **The choice** of `v`, `r` and the tile is the cheapest under a cost
      model in issue slots: per reduction step, the larger of the vector
      operations and the loads (two of each per cycle; a load counts twice
      when its input's slice for the tile, over the reduction, overflows
      L1 and streams from L2), at least an FMA latency's worth (8 slots);
      plus the accumulators' loads and stores per tile; summed over every
      tile and remainder.
    - **The initialization and the epilogue** around a contraction (the
      `linalg.fill` or bias broadcast that writes its output just before,
      the elementwise generic that updates the output in place just after:
      bias, ReLU, residual add) are computed on the accumulators: a tile
      starts from the initial values in registers and applies the epilogue
      before its single store, and the two ops go. Their inputs must be
      contiguous along the vector dimension or independent of it. An
      epilogue that instead reads the output and writes other buffers (a
      QDQ graph's quantization to 8 bits after a depthwise convolution;
      the conditions of KernelEpilogue.h: the output's only reader,
      identity maps, written bytes disjoint from the contraction's
      operands and output) is applied the same way when the vectors run
      along the output's last dimension and the reduction is not blocked:
      its results are stored where it writes, and the output is never
      written.
    - Extents that do not divide: the last vector of a row is masked
      (`vector.maskedload` / `maskedstore`); the rows are split into as
      few blocks of at most the tile's rows as possible, as equal as
      possible (14 rows of at most 6: 5 + 5 + 4, not 6 + 6 + 2, whose
      2-row tile has barely the accumulators to hide the FMA latency).
      Blocks of both sizes are one loop, block `b` at row
      `min(b * (base + 1), b * base + extra)`, branching to the tile of its
      size, so aotc-cpu-parallelize-kernels collapses it with the loop of
      tiles around it (MobileNetV2's 7x7 projections: 5 tiles x 9 blocks,
      45 tasks, rather than 5). Everything else is static.
    - **The next tile's weights are prefetched** into L2 while this tile
      computes, when the kernel is one tile of a loop (`aotc-tile-and-fuse`)
      and its largest input shared by the register rows (a matmul's panel
      of `B`, a convolution's weights; over 32 KiB) is a contiguous
      subview that the loop moves each iteration: every reduction step
      issues one `memref.prefetch` (locality 2) into the same subview taken
      at the loop's next induction value, the tile's steps covering it
      evenly. Weights larger than L2 come from L3 on every call; without
      this the first block of rows of each tile waited for them (GPT-2's
      MLP matmuls, 64 rows against panels of 768x64 weights: 10% faster).
      A kernel that is not a tile of such a loop but loops over blocks of
      vectors with several register tiles inside each block (a deep 3x3
      convolution on a 7x7 image, its weights channel-blocked,
      `[co floordiv L, ..., co mod L]`) prefetches the next block's slice,
      the elements right after the current one's, the same way (ResNet-18
      4% faster). `prefetch=false` turns both off.
    - **Reductions are blocked** when a register tile's slice of the
      largest input over the whole reduction is over 1 MiB (more than L2
      keeps from one tile to the next: 512 input channels x 3x3 x 64
      output channels of weights) and several tiles of the loops inside
      read the same slice: the leading reduction loops, and chunks of the
      next, become serial loops outside those tiles (inside the parallel
      loops), so that each chunk's slice (at most 16 KiB) is read from L1
      by every tile. A tile starts from the fused initialization on the
      first chunk and from the partial sums it stored otherwise, and
      applies the fused epilogue after the last; the terms are added in
      the same order, so the result is bitwise the same.
      `block-reductions=false` turns it off.
    - **Reductions with no such parallel loop** (row sums, `q @ k^T`,
      layer-norm statistics) are vectorized across a reduction loop along
      which the inputs are contiguous, when each output combines its value
      with `addf` (marked `reassoc`), `maximumf`, `minimumf`, `maxnumf` or
      `minnumf`: partial vectors from the neutral element, masked lanes
      neutral, one horizontal reduction per output element. Softmax
      statistics (a running maximum and rescaled sum) keep one state per
      lane and merge the lanes by rescaling.
    - **Transpositions** (elementwise generics reading a 32-bit input
      contiguous along another loop than the output's, both extents at
      least one vector) are computed in blocks of `lanes` x `lanes`: a
      vector load per block row, the block transposed in registers by
      log2(lanes) rounds of two-source `vector.shuffle`s, the body on each
      transposed row, a vector store per output row; masked at the ends.
      Other inputs are read along the output's rows, splat, or gathered
      once per block (strided along the rows, the same for every row), and
      what does not change between a block's rows is computed once.
    - **Resizes by constant tables** (nearest and linear: loads of one
      source at indices read from constant `memref.global` tables, no
      reduction) whose columns for each output vector lie within two
      vectors of the source row: those two vectors loaded once per source
      row read, each lane's column picked by a `vector.shuffle` of constant
      mask; the vectors of an output row unrolled (at most 64).

    Generics it cannot handle (dynamic shapes, element types other than
    f32, bodies with `linalg.index` or non-elementwise ops, transpositions
    narrower than a vector) are left for `convert-linalg-to-loops`.
    docs/cpu-kernels.md.

    Before:
    ```mlir
    linalg.generic {indexing_maps = [(m, n, k) -> (m, k), (m, n, k) -> (k, n),
                                     (m, n, k) -> (m, n)], ...}
        ins(%A, %B : memref<24x64xf32>, memref<64x32xf32>)
        outs(%C : memref<24x32xf32>)
    ```
    After (512-bit vectors): `scf.for` over blocks of rows x vectors of `n`
    (e.g. 8 x 3), the k loop carrying 24 `vector<16xf32>` accumulators, one
    `vector.load` of B per vector and one broadcast of A per row each step.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"256",
           "Width of the vector registers in bits (128, 256 or 512)">,
    Option<"registers", "registers", "unsigned", /*default=*/"16",
           "Number of vector registers (16, or 32 with AVX-512)">,
    Option<"prefetch", "prefetch", "bool", /*default=*/"true",
           "Prefetch the next tile's slice of the weights into L2">,
    Option<"blockReductions", "block-reductions", "bool", /*default=*/"true",
           "Block the reduction of a contraction whose weights for one tile "
           "overflow L1, so that the tiles of a block reuse them from L1">,
  ];
  let dependentDialects = ["mlir::vector::VectorDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::affine::AffineDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numKernels", "num-kernels",
              "linalg.generic ops emitted as register-tiled vector code">,
    Statistic<"numFused", "num-fused",
              "initializations and epilogues computed on the accumulators">,
    Statistic<"numBlockedReductions", "num-blocked-reductions",
              "contractions whose reduction is blocked for L1">,
  ];
}

def FillPadBordersPass
    : Pass<"aotc-cpu-fill-pad-borders", "mlir::func::FuncOp"> {
  let summary = "Fill only the border of a padded window whose interior a "
                "copy overwrites";
  let description = [{
    A tile that pads its input window itself (a graph input's, or an image
    computed flat: MobileNetV2's 1x1 expansions before a depthwise
    convolution whose rows are not whole vectors) bufferizes to a fill of
    the whole window followed by a copy of the interior: a 58x58 plane per
    channel was set to zero (13 KB, a memset) and then 56x56 of it
    overwritten. When the copy's target is a subview with unit strides of
    the filled buffer (static shape; the interior's offsets and sizes may be
    dynamic, as in the edge tiles of a window of rows) and nothing but ops without memory
    effects lies between the fill and the copy, the fill is replaced by
    fills of the border: per dimension, the slab before and the slab after
    the interior, spanning the interior along the dimensions before it and
    everything along those after (at most two per dimension), which
    `aotc-cpu-vectorize-fills` then stores as vector rows.

    Before:
    ```mlir
    linalg.map outs(%w : memref<1x1x58x58xf32>) () { linalg.yield %zero : f32 }
    %in = memref.subview %w[0, 0, 1, 1] [1, 1, 56, 56] [1, 1, 1, 1]
    memref.copy %x, %in
    ```
    After:
    ```mlir
    %top = memref.subview %w[0, 0, 0, 0] [1, 1, 1, 58] [1, 1, 1, 1]
    linalg.fill ins(%zero : f32) outs(%top : ...)
    ... (bottom row, left and right columns of rows 1 to 56)
    %in = memref.subview %w[0, 0, 1, 1] [1, 1, 56, 56] [1, 1, 1, 1]
    memref.copy %x, %in
    ```
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numWindows", "num-windows",
              "padded windows filled on their border only">,
  ];
}

def LowerStridedCopiesPass
    : Pass<"aotc-cpu-lower-strided-copies", "mlir::func::FuncOp"> {
  let summary = "Turn memref.copy of strided buffers into vector rows or "
                "linalg.copy";
  let description = [{
    The LLVM lowering of `memref.copy` calls MLIR's C runner library
    (`memrefCopy`) whenever a side is not contiguous, e.g. a copy into a
    strided slice made for a concat or from a strided slice. A compiled graph
    must need nothing but libc and libm, so such copies become `linalg.copy`,
    which the loop stage turns into plain loops. Contiguous copies stay
    `memref.copy` (they lower to `llvm.memcpy`). A strided copy whose
    innermost dimension is static (at most 256 elements) and contiguous on
    both sides (a padded window's interior, a slice of a channel-blocked
    image) is instead emitted as loops over the outer dimensions with one
    vector load and store per row: LLVM does not vectorize the scalar loops
    of a `linalg.copy` between buffers it cannot prove disjoint.

    Before:
    ```mlir
    memref.copy %a, %b : memref<2x3xf32> to memref<2x3xf32, strided<[6, 1]>>
    memref.copy %c, %d : memref<4x8xf32, strided<[16, 2]>> to memref<4x8xf32>
    ```
    After:
    ```mlir
    scf.for %i = %c0 to %c2 step %c1 {
      %row = vector.load %a[%i, %c0] : memref<2x3xf32>, vector<3xf32>
      vector.store %row, %b[%i, %c0] : memref<2x3xf32, strided<[6, 1]>>, vector<3xf32>
    }
    linalg.copy ins(%c : memref<4x8xf32, strided<[16, 2]>>)
                outs(%d : memref<4x8xf32>)
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect",
                           "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numCopiesLowered", "num-copies-lowered",
              "Strided memref.copy ops rewritten as linalg.copy">,
  ];
}

def MaterializePadsPass
    : Pass<"aotc-cpu-materialize-pads", "mlir::func::FuncOp"> {
  let summary = "Make each pad a buffer its source's producer writes into";
  let description = [{
    A `tensor.pad` (static shape and low padding, constant padding value)
    whose source is computed into a `tensor.empty` of its own becomes that
    source inserted into a tensor whose border alone is filled, built
    before the empty: the padding of each padded dimension as one or two
    filled slabs, covering it where the dimensions before are inside the
    source and those after anywhere, so no element is written twice.
    Bufferization's empty-tensor elimination, which runs next, then makes
    the source's empty (and each slab's) a slice of the padded tensor: the
    producer (a convolution's tiles) writes straight into the interior of
    the buffer the next convolution or pooling window reads, and neither a
    padded copy nor a padded window per tile is ever made. The source's
    empty gets a copy of its own when CSE had shared it, and the source's
    later readers (a residual add) read the padded tensor's interior, so
    that bufferization copies nothing. Only the first pad of a source is
    rewritten; `aotc-tile-and-fuse` with `whole-pads` leaves exactly these
    pads out of its tiles. Any other pad outside a loop with a static shape
    and a constant value (of a graph input, of a reshaped result) becomes
    the same border with its source inserted, a copy, so that its interior
    is not filled first. Padding amounts given as `arith.constant`s (as
    layout propagation leaves them) are made static first. Runs on the
    entry point after inlining, with no
    CSE after it (which would merge two equal padded tensors into one
    buffer and copy it).

    Before:
    ```mlir
    %e = tensor.empty() : tensor<1x8x8x16xf32>
    %x = linalg.generic ... outs(%e : tensor<1x8x8x16xf32>)
    %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] { ... yield %zero }
    ```
    After (before empty-tensor elimination):
    ```mlir
    %b0 = tensor.empty() : tensor<1x10x10x16xf32>
    %s0 = linalg.fill ins(%zero) outs(tensor.empty() : tensor<1x1x10x16xf32>)
    %b1 = tensor.insert_slice %s0 into %b0[0, 0, 0, 0] [1, 1, 10, 16] ...
    ... (row 9, then columns 0 and 9 of rows 1 to 8)
    %e = tensor.empty() : tensor<1x8x8x16xf32>
    %x = linalg.generic ... outs(%e : tensor<1x8x8x16xf32>)
    %p = tensor.insert_slice %x into %b4[0, 1, 1, 0] [1, 8, 8, 16] ...
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect",
                           "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numPadsMaterialized", "num-pads-materialized",
              "tensor.pad ops made buffers their sources are written into">,
    Statistic<"numPadsBorderFilled", "num-pads-border-filled",
              "other tensor.pad ops whose source is copied into a buffer "
              "with only its border filled">,
  ];
}

def ConcatInPlacePass
    : Pass<"aotc-cpu-concat-in-place", "mlir::func::FuncOp"> {
  let summary = "Make each concatenation a buffer its pieces' producers "
                "write into";
  let description = [{
    A concatenation lowers to a chain of `tensor.insert_slice` ops into a
    `tensor.empty`, each into the previous one's result, built where the
    concatenation was: after every piece. Bufferization's empty-tensor
    elimination can make a piece's producer write into its place only
    when that place (the chain so far) exists before the producer starts,
    so each piece was computed into a buffer of its own and copied
    (SqueezeNet's fire modules, GoogLeNet's inception blocks, the zero
    padding around a Winograd convolution's image).

    This pass rebuilds each such chain in the function's body (two inserts
    or more, static offsets, unit strides): the concatenation's
    `tensor.empty` right before the first producer, then the pieces that
    are computed into a `tensor.empty` (through destination-style ops and
    loops) in the order their producers start, each inserted right after
    it is computed, then the others (constants, arguments, slices of
    other tensors) after the last. Each producer then writes into the
    concatenation after empty-tensor elimination, which runs next. A piece
    that is a `tensor.collapse_shape` or `tensor.expand_shape` of what its
    producer computes gets that place reshaped as its producer's
    destination here (empty-tensor elimination does not look through
    reshapes), when the chain so far exists before the producer starts.
    A piece whose place is made of runs shorter than 64 bytes (phases
    interleaved along a trailing unit dimension, as a transposed
    convolution's are) keeps its own buffer and is copied: its producer
    would store every other element, which made a text detector's
    transposed convolution 8x slower than computing and copying.
    As in
    `aotc-cpu-materialize-pads`, a piece's empty gets a copy of its own
    where CSE shared it, and the piece's later readers read it from the
    concatenation (otherwise bufferization would copy it). A splat
    constant piece (a padding's zeros) becomes a `linalg.fill` of its
    place instead of a copy of the object's constant data, also in a chain
    none of whose pieces is computed into a `tensor.empty` (which then
    stays where it was). `Analysis/ConcatBuffers.h` is the analysis this
    pass and `--report` share. Runs on the entry point after inlining,
    with no CSE after it.

    A concatenation whose pieces are the first pieces of a longer one, in
    the same places (a DenseNet block: each layer concatenates the block's
    input and every feature before it, and the block ends with all of
    them), becomes a `tensor.extract_slice` of the longest one's chain,
    taken right after its last piece is inserted, where that precedes
    every reader of it; the pieces that exist before the longest one's
    buffer (an argument) are then inserted first. The block is one buffer
    each feature's producer writes once: DenseNet-121 copied 585 pieces
    (7.7% of its time in `memmove`) and now copies none.

    Before:
    ```mlir
    %z = arith.constant dense<0.0> : tensor<1x1x8x16xf32>
    %e = tensor.empty() : tensor<1x8x8x16xf32>
    %x = linalg.generic ... outs(%e : tensor<1x8x8x16xf32>)
    %c0 = tensor.empty() : tensor<1x9x8x16xf32>
    %c1 = tensor.insert_slice %z into %c0[0, 0, 0, 0] [1, 1, 8, 16] [1, 1, 1, 1]
    %c2 = tensor.insert_slice %x into %c1[0, 1, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1]
    ```
    After (before empty-tensor elimination):
    ```mlir
    %c0 = tensor.empty() : tensor<1x9x8x16xf32>
    %e = tensor.empty() : tensor<1x8x8x16xf32>
    %x = linalg.generic ... outs(%e : tensor<1x8x8x16xf32>)
    %c1 = tensor.insert_slice %x into %c0[0, 1, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1]
    %f = linalg.fill ins(%zero : f32) outs(tensor.empty() : tensor<1x1x8x16xf32>)
    %c2 = tensor.insert_slice %f into %c1[0, 0, 0, 0] [1, 1, 8, 16] [1, 1, 1, 1]
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect",
                           "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numPiecesInPlace", "num-pieces-in-place",
              "pieces inserted right after their producers">,
    Statistic<"numConstantsFilled", "num-constants-filled",
              "splat constant pieces filled in place">,
    Statistic<"numNestedConcats", "num-nested-concats",
              "concatenations made slices of a longer one they begin">,
  ];
}

def VectorizeFillsPass
    : Pass<"aotc-cpu-vectorize-fills", "mlir::func::FuncOp"> {
  let summary = "Fill buffers with vector stores along their rows";
  let description = [{
    A `linalg.fill` of a buffer whose innermost dimension is static and
    contiguous becomes loops over the outer dimensions with vector stores
    along each row (chunks of at most 256 elements). The scalar loops of
    `convert-linalg-to-loops` are left to LLVM, which vectorized a padded
    window's fill with -inf (max pooling) across the wrong dimension, as
    scatters, 30x slower than the pooling itself. A fill of a contiguous
    buffer with zero stays: LLVM makes it one memset. Each loop asks LLVM
    (`llvm.loop.unroll.count`) to unroll it 4 times: fully unrolled, the
    borders of ResNet-50's padded windows made blocks of 900 stores that
    took the instruction scheduler 0.6 s, for no gain in a store-bound loop.

    Before:
    ```mlir
    linalg.fill ins(%ninf : f32) outs(%window : memref<3x113x64xf32>)
    ```
    After:
    ```mlir
    %row = vector.broadcast %ninf : f32 to vector<64xf32>
    scf.for %i = %c0 to %c3 step %c1 {
      scf.for %j = %c0 to %c113 step %c1 {
        vector.store %row, %window[%i, %j, %c0] : memref<3x113x64xf32>, vector<64xf32>
      } {aotc.parallel,
         loop_annotation = #llvm.loop_annotation<unroll = <count = 4 : i32>>}
    } {aotc.parallel, loop_annotation = ...}
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect"];
  let statistics = [
    Statistic<"numFillsVectorized", "num-fills-vectorized",
              "linalg.fill ops emitted as vector stores along rows">,
  ];
}

def CollapseTranspositionDimsPass
    : Pass<"aotc-cpu-collapse-transposition-dims", "mlir::func::FuncOp"> {
  let summary = "Merge the loops of an elementwise transposition that stay "
                "adjacent in every operand";
  let description = [{
    Runs on buffers, before `aotc-cpu-vector-kernels`. An all-parallel
    `linalg.generic` with static shapes that reads an input transposed (the
    input's contiguous loop is not the output's) gets each run of
    consecutive loops that is consecutive, in the same order, in every
    operand's indexing map and contiguous in every operand's buffer merged
    into one loop: its operands are read through `memref.collapse_shape`
    views (`linalg::collapseOpIterationDims`), nothing is copied.

    Fusion by reshape propagation leaves such generics with the shape of
    the producer's tiles: a Winograd output transform's `N x H/4 x 4 x W/4
    x 4 x C` result transposed back to `N x C x H x W` with the bias and
    ReLU is a generic of six loops whose output's contiguous one has 4
    iterations, which the vector transposition kernels (16 x 16 blocks)
    left to scalar loops. Merged, it is `N x (H/4*4) x (W/4*4) x C` to
    `N x C x H x W`: 16 x 16 blocks of `H*W` by `C`.

    The rewritten generic keeps the original's discardable attributes (the
    kernel number of `--report` and `--outline-kernels`).

    ```mlir
    // Before: loops (n, c, th, i, tw, j), the input read as (n, th, i, tw, j, c).
    linalg.generic ... ins(%t : memref<1x14x4x14x4x192xf32>)
                       outs(%y : memref<1x192x14x4x14x4xf32>)
    // After: loops (n, c, h, w) on collapsed views of the same buffers.
    linalg.generic ... ins(%t2 : memref<1x56x56x192xf32>)
                       outs(%y2 : memref<1x192x56x56xf32>)
    ```
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numCollapsed", "num-collapsed",
              "transpositions whose loops were merged">,
  ];
}

def ParallelElementwiseLoopsPass
    : Pass<"aotc-cpu-parallel-elementwise-loops", "mlir::func::FuncOp"> {
  let summary = "Lower the elementwise generics left over to loops whose "
                "outermost is parallel";
  let description = [{
    Runs after the vector kernels, on buffers. A `linalg.generic` whose
    loops are all parallel, whose outputs are all written through a
    permutation (each iteration writes elements of its own) and whose
    inputs that are also outputs are read through the same map (in place)
    is what no vector kernel took: it reads an input transposed (a VNNI
    convolution's epilogue writing NCHW from NHWC accumulators), or has no
    contiguous dimension to vectorize. It becomes scalar loops, as
    `convert-linalg-to-loops` would make them, without the loops of one
    iteration, and the outermost loop is marked `aotc.parallel`, so
    NAME_run_parallel runs it as tasks when it is large enough
    (aotc-cpu-parallelize-kernels). Each iteration computes the same values
    either way: results are bitwise identical whatever the workers.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numMarked", "num-marked", "elementwise loop nests marked parallel">,
  ];
}

def HoistInvariantLoadsPass
    : Pass<"aotc-cpu-hoist-invariant-loads", "mlir::func::FuncOp"> {
  let summary = "Move loads out of loops that write none of their bytes";
  let description = [{
    Runs on the loops of the kernels and their tasks, after the memory plan.
    A `memref.load`, `vector.load` or unmasked `vector.transfer_read`
    directly in the body of an `scf.for` with constant bounds that runs at
    least once moves in front of the loop when its indices are defined
    outside it and nothing in the loop may write the bytes it reads; then
    the side-effect-free ops computed from it follow (loop-invariant code
    motion). A write may change a read's bytes unless one is a planned
    buffer of the arena and the other another planned buffer, a weight or
    a caller's buffer (two planned buffers used in the same loop are live
    at the same time, so aotc-cpu-plan-memory gave them distinct bytes), or
    the read is of a weight (never written). A call or an op without
    declared effects in the loop keeps every load in it.

    LLVM cannot tell the arena's buffers apart when an offset depends on
    the worker (each worker's scratch is at `temp + worker * bytes`): an
    instance normalization's statistics, loaded per element from scratch
    while the loop stored its GELU'd result into the arena, stayed in the
    loop with the square root computed from them, and the loop stayed
    scalar (wav2vec2's feature encoder: a third of its time).

    Before:
    ```mlir
    scf.for %j = %c0 to %c3199 step %c1 {
      %mean = memref.load %stats[%c0, %i] : memref<1x64xf64>
      %x = memref.load %in[%c0, %i, %j] : memref<1x64x3199xf32, ...>
      ...
      memref.store %y, %out[%c0, %i, %j] : memref<1x64x3199xf32, ...>
    }
    ```
    After:
    ```mlir
    %mean = memref.load %stats[%c0, %i] : memref<1x64xf64>
    scf.for %j = %c0 to %c3199 step %c1 {
      %x = memref.load %in[%c0, %i, %j] : memref<1x64x3199xf32, ...>
      ...
      memref.store %y, %out[%c0, %i, %j] : memref<1x64x3199xf32, ...>
    }
    ```
  }];
  let statistics = [
    Statistic<"numHoisted", "num-hoisted", "loads moved out of loops">,
  ];
}

def ExpandBF16ConversionsPass
    : Pass<"aotc-cpu-expand-bf16-conversions"> {
  let summary = "Expand bf16 <-> f32 conversions into integer arithmetic";
  let description = [{
    x86 has no bf16 arithmetic, so bf16 math is computed in f32 and only
    `arith.extf` / `arith.truncf` between bf16 and f32 remain. LLVM would
    lower those to calls of libgcc's `__truncsfbf2`, which a compiled graph
    must not need; this pass rewrites them into shifts and rounding on the
    bit patterns (round to nearest even, NaN kept quiet).

    Only the bf16 patterns of upstream's `arith-expand` run: its other
    expansions (e.g. `arith.maximumf` to compare + select) would lose IEEE
    semantics such as `maximum(+0, -0) = +0` that the LLVM lowering keeps.

    Before:
    ```mlir
    %r = arith.truncf %x : f32 to bf16
    ```
    After: `arith.bitcast`, `arith.shrui`, `arith.addi`, ... on i32/i16.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def NumberKernelsPass
    : Pass<"aotc-cpu-number-kernels", "mlir::func::FuncOp"> {
  let summary = "Tag each kernel with its row number in the kernel report";
  let description = [{
    At the end of the fusion stage, gives the top-level op of each kernel of
    `--report` (loop nests, linalg ops, pads, copies on tensors) the
    attribute `aotc.kernel = N`, N its row in the report. Loop nests and
    linalg ops keep it through bufferization, and
    `aotc-cpu-materialize-pads` gives it to a pad's border fills, so that
    `aotc-cpu-outline-kernels` names each function after the report's row
    and `aotc-cpu-mark-scalar-kernels` can say which rows run as scalar
    loops. Run only with `aotc --outline-kernels` or `--report=slow`: the
    attribute would keep CSE from merging two otherwise equal ops.
  }];
}

def MarkScalarKernelsPass
    : Pass<"aotc-cpu-mark-scalar-kernels", "mlir::func::FuncOp"> {
  let summary = "Record the kernels left to scalar loops, for --report=slow";
  let description = [{
    Runs after the vector kernel passes. A linalg op they left is lowered to
    scalar loops for LLVM's vectorizers; that is fine for elementwise ops
    and transpositions, which LLVM vectorizes or which move memory anyway,
    but a contraction or reduction (an op with reduction loops) or an op
    that reads through computed indices (an indexing map that is not a
    projected permutation, or a load in its body: a gather, a resize)
    then runs at a fraction of the vector kernels' speed. The pass
    gives the function the attribute `aotc.scalar_kernels`, the sorted row
    numbers (`aotc.kernel`, from `aotc-cpu-number-kernels`) of the kernels
    holding such an op; `aotc --report=slow` lists them. Ops of no
    numbered kernel are not recorded.
  }];
}

def OutlineKernelsPass : Pass<"aotc-cpu-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Compile each kernel as a non-inlined function of its own, "
                "for profilers";
  let description = [{
    On buffers, every kernel of each public function (a loop nest, a linalg
    op or a `memref.copy` at the top level of its body, or inside the
    result-less `scf.if` that runs the body once the arena is allocated)
    moves into a private function `NAME_kernel_N`, where `NAME_run` is the
    public function, and is called in its place. N is the kernel's row in
    `--report` (the `aotc.kernel` attribute of `aotc-cpu-number-kernels`);
    a kernel that became several loop nests (a pad's border fills) or a
    copy that bufferization added (into an output, say) is
    `NAME_kernel_N_2`, `_3`, ... after the kernel before it. Without the
    attributes N counts the kernels from 1 in program order. The functions
    are marked `noinline`, so each kernel keeps its own symbol in the object
    and `perf report` attributes time to it. Values the kernel uses from outside become arguments,
    except constants and globals, which are recreated inside so LLVM still
    folds them. `aotc --outline-kernels` enables it; the cost is one call
    per kernel and the aliasing facts LLVM loses at the call boundary, so it
    is a profiling aid, not the default.

    Before:
    ```mlir
    func.func @m_run(...) -> i32 {
      scf.for %i = %c0 to %c8 step %c1 { ... %buffer ... }
    ```
    After:
    ```mlir
    func.func private @m_kernel_1(%buffer: memref<...>)
        attributes {passthrough = ["noinline"]} {
      scf.for %i = %c0 to %c8 step %c1 { ... }
      return
    }
    func.func @m_run(...) -> i32 {
      call @m_kernel_1(%buffer) : (memref<...>) -> ()
    ```
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def SplitEntryPointPass
    : Pass<"aotc-cpu-split-entry-point", "mlir::ModuleOp"> {
  let summary = "Split an entry point of many kernels into functions of a "
                "bounded number of kernels each, so compile time stays linear";
  let description = [{
    Runs on loops, after aotc-cpu-parallelize-kernels. LLVM's optimizations
    cost more than linear time in the size of one function (a residual
    chain of 1,000 MatMul + Add blocks spent 25 s of its 54 s compile in
    LLVM's optimizer, 5.9x the time of a chain 2.5x shorter), and so does
    canonicalizing the `scf.if` that holds every kernel (each change inside
    it has the greedy driver look through all of it again), so a public function on buffers with more than
    `min-kernels` kernels (loop nests, linalg ops and copies at the top
    level of its body or inside the result-less `scf.if` that runs the body
    once the arena is allocated) is cut into runs of `kernels-per-part`
    consecutive kernels, each with the ops between them. Each run moves
    into a private function `NAME_part_N` marked `noinline` and is called
    in its place: values the run uses from outside become arguments
    (constants and globals are recreated inside, so LLVM still folds them),
    values used after it become results. A stack allocation at the top
    level stays in the entry point, since its memory must outlive the call.
    The cost at run time is one call per part.

    Before (with `kernels-per-part=2`, `min-kernels=2`):
    ```mlir
    func.func @m_run(...) -> i32 {
      scf.for ... { ... }   // kernel 1
      %v = memref.view ...
      scf.for ... { ... %v ... }   // kernel 2
      scf.for ... { ... %v ... }   // kernel 3
    ```
    After:
    ```mlir
    func.func private @m_part_1(...) -> memref<...>
        attributes {passthrough = ["noinline"]} {
      scf.for ... { ... }
      %v = memref.view ...
      scf.for ... { ... %v ... }
      return %v : memref<...>
    }
    func.func private @m_part_2(%v: memref<...>)
        attributes {passthrough = ["noinline"]} { ... }
    func.func @m_run(...) -> i32 {
      %v = call @m_part_1(...) : (...) -> memref<...>
      call @m_part_2(%v) : (memref<...>) -> ()
    ```
  }];
  let options = [
    Option<"kernelsPerPart", "kernels-per-part", "unsigned", /*default=*/"32",
           "Kernels per function">,
    Option<"minKernels", "min-kernels", "unsigned", /*default=*/"48",
           "Entry points with at most this many kernels stay whole">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def MergeIdenticalTasksPass
    : Pass<"aotc-cpu-merge-identical-tasks", "mlir::ModuleOp"> {
  let summary = "Compile kernels that differ only in their weights and "
                "buffer offsets as one task function";
  let description = [{
    Runs after aotc-cpu-parallelize-kernels. A network repeats its layers:
    ViT-B/16's twelve encoder blocks, a ResNet stage's bottlenecks. Their
    kernels become functions (the tasks `NAME_task_K` and the serial
    kernels' `NAME_serial_K`, marked `aotc.task`) that are equal op for op
    except for which weights they read (`memref.get_global`) and where in
    the arena their planned buffers lie (the index constants that only
    `memref.view`s take as offsets): LLVM would optimize and generate the
    same machine code once per layer. Here the tasks are hashed and
    compared op by op blind to those parameters (and to the numbers of
    their planned buffers, which must correspond one to one, so what
    aotc-cpu-hoist-invariant-loads concluded from them holds for each). Of
    each set of equal tasks the first stays; each parameter whose value
    differs between them becomes a slot of the dispatch context past the
    roots, loaded by the task (a weight's address, a buffer's offset), and
    every dispatch stores its own values there and calls that task. The
    context grows by the most slots a set needs; `aotc.parallel_kernels`
    then names the task that runs each kernel. A function whose uses are
    not a dispatch (an `scf.if` with the pool's call and the serial call,
    or a serial kernel's one call, given a context on the stack) is left
    alone.

    The cost at run time is a store per parameter at each dispatch and a
    load in the task. LLVM no longer sees that a merged task's weights are
    constants, so this runs after the loads aotc-cpu-hoist-invariant-loads
    can move out of loops have moved.

    Before:
    ```mlir
    func.func private @m_task_1(%ctx: !llvm.ptr, ...) {
      %w = memref.get_global @w1 : memref<64x64xf32>
      %c0 = arith.constant 0 : index
      %out = memref.view %arena[%c0][] : memref<1024xi8> to memref<4x64xf32>
      ...
    func.func private @m_task_2(%ctx: !llvm.ptr, ...) {
      %w = memref.get_global @w2 : memref<64x64xf32>
      %c1024 = arith.constant 1024 : index
      %out = memref.view %arena[%c1024][] : ...
      ...
    ```
    After: `@m_task_1` loads the weights' address from slot S and the
    offset from slot S + 1 of its context, each dispatch stores its own
    (`@w1` and 0, `@w2` and 1024) there first, and `@m_task_2` is gone.
  }];
  let statistics = [
    Statistic<"numMergedTasks", "merged-tasks",
              "Task functions replaced by an equal one">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def ParallelizeKernelsPass
    : Pass<"aotc-cpu-parallelize-kernels", "mlir::ModuleOp"> {
  let summary = "Run each large kernel's parallel loop as tasks on the "
                "caller's threads";
  let description = [{
    Runs last on loops, before the LLVM lowering. The entry point
    `NAME_run(inputs, outputs, temp)` (the function
    aotc-cpu-generate-entry-point marked `aotc.entry_point`) becomes
    `NAME_run_parallel(inputs, outputs, temp, parallel)`, where `parallel`
    is a `const aotc_parallel *` (include/aotc/Runtime/aotc_parallel.h), and
    `NAME_run` calls it with `parallel` NULL.

    In its body, each kernel whose outermost loop is marked `aotc.parallel`
    (ParallelLoops.h: tiles of aotc-tile-and-fuse, blocks and rows of the
    vector kernels) and does at least `min-task-work` vector lanes of work
    moves into a private function
    `NAME_task_K(ctx: !llvm.ptr, begin: i64, end: i64, worker: i32)` that
    runs the loop's iterations [begin, end). In its place the body stores
    what the loop reads from outside (the caller's pointers, the arena)
    into a context on the stack and calls, when `parallel` is non-NULL with
    more than one worker, `parallel->parallel_for(parallel->pool, N,
    NAME_task_K, ctx)` with N the loop's trip count, else
    `NAME_task_K(ctx, 0, N, 0)`. Constants, views and descriptors the loop
    uses are recomputed in the task from those roots, so LLVM still sees
    static shapes and offsets. A loop of fewer than 16 iterations whose
    body is a marked loop after ops without memory effects is collapsed
    with it (task t: its iteration t / n, the inner loop's t mod n). What
    follows the inner loop in the body (a tail: a vector kernel's
    remainder, a residual add over the tile) must be small next to it; the
    tails then run after all the tasks, on the calling thread, unless a
    tail reads a buffer of the iteration's scratch, which after all the
    tasks would hold another iteration's values: that loop is not
    collapsed. One whose body holds marked loops of more iterations, each
    with enough work, is split at those, once per outer iteration. A
    kernel of one iteration, or one that reads a value the task cannot
    recompute or pass, stays inline. The default `min-task-work`, 2^18
    lanes, lets MobileNetV2's layout conversion (scalar loads and stores,
    56 microseconds on one core) and global pooling run as tasks (2%
    faster at 2 workers); a dispatch to libaotc_pool's waiting workers
    costs about half a microsecond.

    Scratch buffers planned inside the loop (views of the arena made in the
    loop body) are per worker: worker 0 uses their planned offsets, worker
    w > 0 a copy of their span at `temp + TEMP + (w - 1) * W`, where TEMP is
    `aotc.temp_bytes` and W, the largest span over the kernels, becomes the
    module's `aotc.worker_temp_bytes` (the header's
    NAME_TEMP_BYTES_PER_EXTRA_WORKER). With `temp` NULL the arena malloc'd
    holds every worker's scratch.

    Every task runs the same code as the serial call, on the same
    iterations, so results are bitwise identical whatever the workers.

    With `serial-functions`, every other kernel loop of the body (at its
    top level or in a result-less `scf.if` there, holding no task's loop)
    that a task could run moves the same way into
    `NAME_serial_K(ctx, begin, end, worker)`, which the body calls once over
    all its iterations (`NAME_serial_K(ctx, 0, N, 0)`, never collapsed):
    LLVM then optimizes and generates each kernel on its own, on any of
    the compiler's threads, and aotc-cpu-merge-identical-tasks compiles
    equal ones once. Both kinds of function carry the unit attribute
    `aotc.task`.
  }];
  let options = [
    Option<"minTaskWork", "min-task-work", "int64_t", /*default=*/"1 << 18",
           "Vector lanes of work (loads, stores, arithmetic, summed over the "
           "iterations) below which a kernel stays serial">,
    Option<"serialFunctions", "serial-functions", "bool", /*default=*/"false",
           "Move the kernels left serial into functions too, called once">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numParallelKernels", "parallel-kernels",
              "Kernels run as tasks">,
    Statistic<"numSerialKernels", "serial-kernels",
              "Marked kernels left serial (too small or not outlinable)">,
    Statistic<"numSerialFunctions", "serial-functions",
              "Serial kernels moved into functions called once">,
  ];
}

def PlanMemoryPass : Pass<"aotc-cpu-plan-memory", "mlir::ModuleOp"> {
  let summary = "Lay every temporary buffer out in one scratch arena";
  let description = [{
    Static memory planning. Runs on buffers, right after one-shot
    bufferization and before the buffer deallocation pipeline. It plans each
    function that has an `!llvm.ptr` argument marked `aotc.arena` (the
    `temp` argument of `NAME_run`, which `aotc-cpu-generate-entry-point`
    marks): every eligible `memref.alloc` / `memref.alloca` of that function
    becomes a `memref.view` at a fixed byte offset of one arena, and the
    arena is the caller's `temp` buffer.

    **Eligible buffers.** A static shape, the identity layout, the default
    memory space, an element type of 1, 8, 16, 32 or 64 bits (or `index`),
    an alignment request of at most 64, and every use understood: ops that
    read or write it through a memory effect (linalg ops, `memref.copy`,
    loads, stores, `memref.dim`, ...), views of it (`memref.subview`,
    `expand_shape`, `collapse_shape`, `cast`, `reinterpret_cast`, `view`,
    ... and their uses in turn) and `memref.dealloc`. A buffer that
    escapes in a way the pass cannot follow (returned, yielded out of a
    region, passed to a call, turned into a pointer) is left as it was and
    the deallocation pipeline frees it. A buffer allocated inside
    `scf.for`, `scf.while`, `scf.if`, `scf.execute_region` or
    `scf.index_switch` bodies is eligible, since it cannot outlive the
    iteration without being yielded; one inside `scf.forall` or
    `scf.parallel`, whose iterations may run concurrently, is not.

    **Liveness.** The function body is numbered op by op (a body of
    several blocks is not planned; after bufferization there is one). A
    buffer is live, inclusively, from the first to the last top-level op
    that contains a use of it or of any view of it; where bufferization put
    the alloc does not matter, since nothing can touch the buffer before its
    first use. A use nested in a loop counts at the whole loop, so a buffer
    read inside a loop stays live for all of it, and a buffer allocated
    inside a loop occupies its slot for the whole top-level loop nest. The
    elementwise op after a VNNI contraction (an `aotc.vnni` generic) that
    is the only reader of its sums counts its uses from the contraction on:
    aotc-cpu-vnni-kernels may run it on the contraction's register tiles,
    and its outputs must then not share bytes with the contraction's
    operands.

    **Placement.** Offsets are multiples of 64 bytes. Two buffers whose
    live ranges intersect get disjoint byte ranges; the others may share.
    This is offline two-dimensional packing, NP-hard in general, so the
    pass places the buffers greedily in several orders and keeps the
    smallest arena: largest first (ties: earliest start) with first-fit
    and with best-fit gap selection (TFLite's "greedy by size"; large
    buffers are the hard part, small ones fill the gaps they leave), and
    earliest start first (ties: largest), first-fit. Each buffer goes at
    the lowest (first-fit) or tightest (best-fit) 64-byte-aligned gap among
    the already placed buffers live at the same time. The arena's size is
    the largest end offset, rounded up to 64. The peak of the live bytes
    at any one op is a lower bound for that size; `print-plan` and the
    statistics report both.

    **Arena.** The arena is `temp` when the caller passes one (the header
    asks for `NAME_TEMP_BYTES` bytes, 64-byte aligned). When `temp` is
    NULL, the function mallocs `size + 63` bytes once on entry, aligns the
    pointer up to 64 and frees the block before returning; if the function
    returns a single `i32` (the entry point's status), a failed malloc
    skips the body and returns 1. These are the only calls to malloc and
    free for planned buffers. Each view carries `aotc.buffer = N`, the
    buffer's number, so that CSE keeps the views of two buffers that take
    turns at one offset apart (each value stays one buffer, whose users a
    later pass can follow). The module gets `aotc.temp_bytes` (i64), the
    largest arena of the planned functions (0 when nothing was planned),
    which the driver writes to the header. The `aotc.arena` marker is
    consumed: running the pass again plans nothing.

    Before:
    ```mlir
    func.func @f(%temp: !llvm.ptr {aotc.arena}, ...) {
      %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
      linalg.fill ins(%c : f32) outs(%a : memref<16xf32>)
      ...
    }
    ```
    After:
    ```mlir
    func.func @f(%temp: !llvm.ptr, ...) {
      // if %temp is null: %temp = align64(malloc(ARENA + 63))
      %arena = builtin.unrealized_conversion_cast ... to memref<ARENAxi8>
      %a = memref.view %arena[%c0][] : memref<ARENAxi8> to memref<16xf32>
      ...
      // if %temp was null: free
    }
    ```
  }];
  let options = [
    Option<"printPlan", "print-plan", "bool", /*default=*/"false",
           "Print every planned buffer (size, live range, offset) and the "
           "arena's numbers to stderr">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect",
    "mlir::arith::ArithDialect",
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numPlanned", "num-buffers-planned",
              "Buffers given an offset in the arena">,
    Statistic<"numLeft", "num-buffers-left",
              "Allocations left to malloc and the deallocation pipeline">,
    Statistic<"arenaBytes", "arena-bytes",
              "Bytes of the arena (NAME_TEMP_BYTES)">,
    Statistic<"unsharedBytes", "unshared-bytes",
              "Bytes the planned buffers would take if none shared space">,
    Statistic<"peakLiveBytes", "peak-live-bytes",
              "Most bytes live at any one op: a lower bound for the arena">,
  ];
}

def VNNIMatmulsPass
    : Pass<"aotc-cpu-vnni-matmuls", "mlir::func::FuncOp"> {
  let summary = "Compute int32 matmuls of uint8 by constant int8 matrices "
                "as uint8 x int8 contractions in AVX-512 VNNI's layout";
  let description = [{
    MatMulInteger and the other integer ops of a quantized graph compute
    `C = (ext(A) - a_zero) x ext_s(B)` in int32 (aotc's ONNX importer
    widens both operands and multiplies in int32). When B is a constant
    int8 `[K, N]` matrix with K a multiple of 4, and A an 8-bit `[..., M,
    K]` matrix (widened directly or through a `tensor.collapse_shape`, as a
    pooled image is flattened), this pass rewrites the matmul into

    ```
    acc[m, n] = sum over k of ext_u(U[m, k]) * ext_s(P[n / 16, k / 4, n mod 16, k mod 4])
    C[m, n]   = acc[m, n] - (a_zero + s) * colsum(B)[n]
    ```

    with `P`, B stored in blocks of 16 columns by 4 rows, and the column
    sums computed at compile time. U is A when A is uint8 (s = 0), and A
    with its sign bits flipped, A + 128 read as uint8, when A is int8 (s =
    128); A's batch dimensions become rows. When N is not a multiple of 16,
    P gets zero columns up to one, the contraction fills an accumulator of
    its own and C is its leading N columns; that needs C's initial value
    to be zeros (otherwise the matmul is left alone). The values are exactly the same
    int32 sums (they wrap alike). A zero point is a rank-0 tensor (a
    runtime one, from DynamicQuantizeLinear, too) or a constant; a
    QuantizeLinear that fusion put into A's widening is split back out, so
    that U is stored as 8-bit values. The contraction is a `linalg.generic`
    over `(m, n / 16, n mod 16, k / 4, k mod 4)` marked `aotc.vnni`, which
    aotc-cpu-vnni-kernels emits as vpdpbusd; the correction is an
    elementwise op that fuses with what follows. Run only for CPUs with
    AVX-512 VNNI.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten", "matmuls rewritten">,
  ];
}

def VNNIConvsPass
    : Pass<"aotc-cpu-vnni-convs", "mlir::func::FuncOp"> {
  let summary = "Compute the convolutions of a quantized graph as uint8 x "
                "int8 contractions in AVX-512 VNNI's layout";
  let description = [{
    In a QDQ graph a convolution reads dequantized values: its input is
    `(float(q) - zero) * scale` of an 8-bit tensor `q` (one zero point and
    scale) and its constant float32 filter is, channel by channel, int8
    values times a scale. This pass finds such `linalg.conv_2d_nchw_fchw`
    ops (before generalization), recovers each output channel's int8 values
    and scale from the filter (a scale is kept only when every weight is
    its int8 value times it in float32, exactly or within 4 float32 steps
    when an output QuantizeLinear's scale was folded into the filter, else
    the convolution is left alone), and computes

    ```
    u[n, h, w, c] = q[n, c, h, w]          (+ 128 when q is int8: u is uint8)
    acc[n, oh, ow, f] = sum over kh, kw, c of
        ext_u(pad(u, zero + s)[n, oh sh + kh dh, ow sw + kw dw, c]) *
        ext_s(P[f / 16, kh, kw, c / 4, f mod 16, c mod 4])
    y[n, f, oh, ow] = float(acc - (zero + s) colsum[f]) * (scale * wscale[f])
                      + init[n, f, oh, ow]
    ```

    where P holds the int8 weights in blocks of 16 output channels by 4
    input channels, `colsum[f]` is the sum of channel f's int8 weights (both
    computed at compile time) and `init` is the convolution's initial value
    (the broadcast bias). Padding the uint8 input with its zero point pads
    the dequantized input with zeros, as before. Input channels are padded
    to a multiple of 4 and filters to a multiple of 16 with zero weights
    (a 3-channel image gets a fourth; the padding filters' sums are
    dropped). The integer sums are exact, so y differs from the float32
    convolution only by float32 rounding. ConvInteger and QLinearConv
    (aotc's importer writes them as int32 convolutions of `ext(q) - zero`
    by a widened int8 constant) take the same path with an int32
    epilogue, `acc - (zero + s) colsum[f] + init`: the same int32 sums.
    A convolution within a few
    elementwise ops of a grouped float32 convolution (one that multiplies
    by a constant in a reduction, other than a depthwise one) is left
    alone: that one keeps its float32 kernel in NCHW, and converting
    layouts around it cost more than the contraction saved, unless the
    output has at most 64 pixels. A depthwise neighbour does not count:
    aotc-cpu-nhwc-depthwise-convs computes it with channels innermost. The
    contraction is a `linalg.generic` over `(n, oh, ow, f / 16, f mod 16,
    kh, kw, c / 4, c mod 4)` marked `aotc.vnni`, which aotc-cpu-vnni-kernels
    emits as vpdpbusd; the transposition of q fuses with the QuantizeLinear
    that computes it and the epilogue with what follows. Run only for CPUs
    with AVX-512 VNNI.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten", "convolutions rewritten">,
  ];
}

def NHWCDepthwiseConvsPass
    : Pass<"aotc-cpu-nhwc-depthwise-convs", "mlir::func::FuncOp"> {
  let summary = "Compute float32 depthwise convolutions next to VNNI "
                "contractions with channels innermost";
  let description = [{
    aotc-cpu-vnni-convs computes a QDQ graph's convolutions on images with
    channels innermost (`u[n, h, w, c]`, `acc[n, oh, ow, f]`) and returns
    to NCHW in its epilogue. A float32 depthwise convolution between two of
    them (MobileNetV2's inverted residual blocks) would read and write NCHW
    images, so every image between them crossed layouts twice, as strided
    copies. This pass rewrites such a depthwise convolution (as
    aotc-convert-tg-to-linalg builds it: loops `(n, c, oh, ow, g, kh, kw)`
    with one group channel, a constant filter; f32, the result or image
    within a few elementwise ops, pads or slices of an `aotc.vnni`
    contraction) into

    ```
    x'[n, h, w, c] = x[n, c, h, w]           (then the same padding)
    y'[n, oh, ow, c] = init'[n, oh, ow, c] + sum over kh, kw of
        x'[n, oh sh + kh dh, ow sw + kw dw, c] * W'[kh, kw, c]
    y[n, c, oh, ow] = y'[n, oh, ow, c]
    ```

    with the filter transposed at compile time and a broadcast bias
    broadcast again (the same body: the sums are the same, in the same
    order). The transpositions are `linalg.transpose` ops: elementwise
    fusion merges them with the epilogue before and the quantization
    after, which read and write channels innermost too, so none is left
    to copy; the kernel emitter vectorizes the new convolution across
    channels, with output pixels as the register rows.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten", "convolutions rewritten">,
  ];
}

def QuantizedMaxPoolsPass
    : Pass<"aotc-cpu-quantized-max-pools", "mlir::func::FuncOp"> {
  let summary = "Max-pool the 8-bit images that a QDQ graph's float max "
                "poolings read dequantized";
  let description = [{
    A QDQ graph max-pools dequantized images, `x = (float(q) - z) * s` of an
    8-bit `q` (one zero point, a positive scale), in float32: ResNet's stem
    wrote its 64x112x112 image as float32, transposed to NCHW, for the
    pooling to read. Dequantization is increasing, so the maximum of a
    window of `x` is the dequantization of the maximum of `q`. This pass
    rewrites a max pooling (as aotc-convert-tg-to-linalg builds it:
    inputs `(image, window)`, only the window's shape read, an f32 output
    initialized by a constant fill, body `max(out, image)`) whose image is
    `x`, padded with -inf, into

    ```
    m[...] = max over the window of float(q'[...])    (q' = q padded with
                                                        its type's minimum)
    y = (m - z) * s
    ```

    `m` is computed from the 8-bit image in registers, and `y` is exactly
    the original result (the same operations on the same maximum). When
    `x` reached the pooling through a transposition from channels innermost
    to NCHW (a VNNI contraction's result) and the pooling is NCHW's (loops
    `(n, c, oh, ow, kh, kw)`), it pools with channels innermost and its
    result is transposed back, for aotc-cpu-nhwc-elementwise to carry on
    to the next contraction. Padding the 8-bit image with its minimum
    (0, or -128) is safe: a window always holds an element of the image,
    which is at least that.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten", "poolings rewritten">,
  ];
}

def QuantizedDepthwiseInputsPass
    : Pass<"aotc-cpu-quantized-depthwise-inputs", "mlir::func::FuncOp"> {
  let summary = "Let float32 depthwise convolutions of dequantized 8-bit "
                "images read the 8-bit images";
  let description = [{
    In a QDQ graph the depthwise convolutions between two VNNI contractions
    (MobileNetV2's inverted residual blocks) stay float32: they read
    `x = (float(q) - z) * s`, the dequantization of an 8-bit image `q`
    (one zero point `z` and scale `s`), padded with zeros. Stored as float32,
    that image takes four times the bytes of `q` (MobileNetV2's first block:
    4.8 MB against 1.2 MB, more than this CPU's L2 against less), and it is
    written by the contraction before and read again by the convolution.
    This pass rewrites such a convolution (channels innermost, as
    aotc-cpu-nhwc-depthwise-convs builds it: loops `(n, oh, ow, c, kh,
    kw)`, a constant filter `W[kh, kw, c]`, body `out + x * W`) into

    ```
    y[n, oh, ow, c] = init'[n, oh, ow, c] + sum over kh, kw of
        float(q'[n, oh sh + kh dh, ow sw + kw dw, c]) * (s W[kh, kw, c])
    init' = init - z s sum over kh, kw of W[kh, kw, c]
    ```

    where `q'` is `q` padded with `z` where `x` was padded with zeros, so
    every tap's `float(q') - z` is the dequantized value the original read.
    A dequantization in NCHW followed by the transposition to channels
    innermost (when the convolution's result leaves as a graph output)
    becomes a transposition of `q`.
    The filter times the scale is computed at compile time; with a zero
    point other than 0 the initial value must be a broadcast constant bias
    (or a constant fill), which becomes the corrected bias. The sums are
    the same up to float32 rounding (the scale is applied to each filter
    weight instead of each image value). Elementwise fusion then writes
    `q` as the contraction's epilogue's result and drops the float32 image.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten", "convolutions rewritten">,
  ];
}

def NHWCElementwisePass
    : Pass<"aotc-cpu-nhwc-elementwise", "mlir::func::FuncOp"> {
  let summary = "Compute elementwise ops on images stored with channels "
                "innermost in that layout";
  let description = [{
    aotc-cpu-vnni-convs and aotc-cpu-nhwc-depthwise-convs leave their
    results with channels innermost, read by the NCHW graph through a
    transposition (a `linalg.transpose` to NCHW, or an epilogue reading
    `acc[n, oh, ow, f]` at loops `(n, f, oh, ow)`). This pass rewrites an
    elementwise `linalg.generic` over NCHW images (four parallel loops,
    identity output maps that the body does not read) whose every image
    input (one that varies along all four loops) is stored that way: it
    loops over `(n, h, w, c)` instead, reads those inputs with the identity
    map, per-channel and scalar inputs through the permuted maps, writes
    NHWC results, and a `linalg.transpose` of each result to NCHW replaces
    it. In program order, so the transposition moves on to the next
    elementwise op: through a QDQ graph's activations, QuantizeLinear and
    DequantizeLinear and residual adds to the next contraction, where it
    meets the transposition to NHWC of that contraction's operand and the
    canonicalizer folds the pair. The residual stream between MobileNetV2's
    blocks, an NCHW float32 tensor written by a transposing epilogue and
    read through another, stays with channels innermost. A `linalg.fill`
    input (a convolution's zero initial value) is no image: any layout
    reads it alike. Last, a generic that reads a transposition to NCHW
    through the map that undoes it (the uint8 operand aotc-cpu-vnni-convs
    makes of an NCHW image) reads the transposition's source through the
    identity map instead, whatever other readers the transposition has
    (ResNet's residual stream feeds two contractions).
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten", "elementwise ops rewritten">,
  ];
}

def VNNIQDQMatmulsPass
    : Pass<"aotc-cpu-vnni-qdq-matmuls", "mlir::func::FuncOp"> {
  let summary = "Compute the matmuls of a QDQ graph as int32 matmuls of "
                "8-bit values, for aotc-cpu-vnni-matmuls";
  let description = [{
    In a QDQ graph a MatMul or Gemm reads dequantized values: `(float(q) -
    zero) * scale` of an 8-bit tensor `q` (one zero point and scale) times
    a constant float32 `[K, N]` matrix folded from int8 values times a scale
    per column. This pass runs at the fusion stage after the named ops are
    generalized and before elementwise fusion, finds such float32 matmul
    generics `C[b..., m, n] += A[b..., m, k] * B[k, n]` with K a multiple of
    4 and N at least 16, recovers each column's int8 values and scale from
    B (kept only when every value is its int8 value times the scale in
    float32, exactly or within 4 float32 steps: the 1/scale of a
    QuantizeLinear after a Gemm, which aotc-fold-affine-into-weights folds
    into the weights, rounds them a second time; a zero stays exactly
    zero), pads B with zero columns to a multiple of 16 (a classifier's
    1000 columns: 1008; their sums are computed and sliced off), and
    computes

    ```
    acc[b..., m, n] = sum over k of (ext(q[b..., m, k]) - zero) * ext_s(Bq[k, n])
    C[b..., m, n]   = float(acc) * (scale * wscale[n]) + init[b..., m, n]
    ```

    the int32 matmul written as aotc's importer writes MatMulInteger, so
    that aotc-cpu-vnni-matmuls turns it into a vpdpbusd contraction (its
    correction for the zero point joins the scales' elementwise op). The
    integer sums are exact: C differs from the float32 matmul only by
    float32 rounding (and, for folded weights, from the QDQ graph's own
    arithmetic not at all). Run only for CPUs with AVX-512 VNNI.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten", "matmuls rewritten">,
  ];
}

def VNNIKernelsPass
    : Pass<"aotc-cpu-vnni-kernels", "mlir::func::FuncOp"> {
  let summary = "Emit the VNNI contractions (aotc.vnni) as register tiles "
                "of vpdpbusd";
  let description = [{
    Each `linalg.generic` marked `aotc.vnni` on buffers, loops `(rows...,
    nb, j, steps..., i)`: a matmul of aotc-cpu-vnni-matmuls (rows m, steps
    k / 4: uint8 `A[M, K]`, int8 `P[N / 16, K / 4, 16, 4]`, int32 `C[M,
    N]`) or a convolution of aotc-cpu-vnni-convs (rows n, oh, ow; steps kh,
    kw, c / 4), every innermost dimension contiguous, A read through any
    indexing map that does not depend on the block or column and reads 4
    consecutive bytes of its innermost dimension, becomes loops over
    register tiles of 6 rows (the row loops flattened; each row's
    coordinates are recovered once per tile) by 4 blocks of 16 columns (one
    row or one block at the edges; a single tile of blocks needs no loop):
    24 int32 accumulators loaded from C (or zero, when a zero fill of C comes
    before with nothing between that touches C: the fill goes), then a loop
    per step dimension and, for every step, 4 loads of 64 bytes of P and,
    per row, the row's 4 bytes broadcast to every lane and one
    `llvm.x86.avx512.vpdpbusd.512` per block (uint8 x int8 products summed
    in fours into the int32 lanes), and the accumulators stored
    back. The loops over blocks and rows are marked parallel
    (`aotc.parallel`): NAME_run_parallel runs the blocks as tasks.

    When an elementwise `linalg.generic` after the contraction is the only
    reader of C (directly or through a slice of its leading columns, the
    output channels before padding) and reads it with the identity map,
    its other inputs per element, per column or as scalars, writing
    outputs of C's shape with the identity map (a QDQ convolution's
    epilogue: the zero point's share, the scales, the bias, the activation
    and the next QuantizeLinear), its body is evaluated on each tile's
    accumulators and its results stored instead of the sums, masked past
    its columns; C is never written. That moves the op to the contraction:
    it is done only when the planned byte ranges show that nothing it
    writes is read by the contraction and that the ops between (pad
    borders' fills, left in place) touch nothing it reads or writes;
    aotc-cpu-plan-memory counts its accesses from the contraction on, so
    the plan allows it.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
  let statistics = [
    Statistic<"numEmitted", "num-emitted", "contractions emitted">,
    Statistic<"numEpilogues", "num-epilogues",
              "elementwise epilogues applied to the register tiles">,
  ];
}

def NBitMatmulKernelsPass
    : Pass<"aotc-cpu-nbit-matmul-kernels", "mlir::func::FuncOp"> {
  let summary = "Emit tg.matmul_nbits' contractions as vector dot products "
                "that unpack the codes in registers";
  let description = [{
    Each `linalg.generic` marked `aotc.nbit_matmul` on buffers (the lowering
    of `tg.matmul_nbits`: loops `(m, n, b, p, j)`, inputs `A'[m, b, p, j]`
    f32, `packed[n, b, j]` i8, `scales[n, b]` and optionally
    `zero_points[n, b]` f32, output `C[m, n]`) becomes vector code that
    reads the packed codes once and never stores a dequantized weight:

    - register tiles of one row by 4 columns (a single row) or of 4 rows by
      2 columns (more rows: each vector of codes is unpacked once for 4
      rows), fewer at the edges; f32 vectors of `L = vector-bits / 32`
      lanes (at most the bytes per block);
    - per block, per row and column, the unscaled dot product of codes and
      inputs, and per row the sum of the block's inputs, kept in `scf.for`
      iter_args across the block's chunks of `L` bytes; per chunk and
      column one load of `L` packed bytes, widened once, and per field `p`
      a shift and a mask (none for the last field), a conversion to f32
      and one multiply-add per row with `A'[m, b, p, j0 : j0 + L]` (the
      inputs of those codes, contiguous);
    - after each block, `acc += scale * (dot - zero_point * sum)` per row
      and column (the default zero point `2^(bits - 1)` when there is no
      operand); after the last, each accumulator's lanes added to
      `C[m, n]` (the contraction adds to its output, as the generic does).

    Rows are taken in groups of 32, so a group's `A'` stays in cache while
    every column tile reads it. The loop over groups (when there are
    several) or else over column tiles is marked parallel
    (`aotc.parallel`). A generic of another shape is left as it is (its
    loops are correct, only slower).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"256",
           "Width of the vector registers in bits (128, 256 or 512)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
  let statistics = [
    Statistic<"numEmitted", "num-emitted", "contractions emitted">,
  ];
}

def WinogradKernelsPass
    : Pass<"aotc-cpu-winograd-kernels", "mlir::func::FuncOp"> {
  let summary = "Emit the Winograd transforms as one vector kernel each, "
                "computing their sums separably";
  let description = [{
    Each `linalg.generic` marked `aotc.winograd_transform` on buffers (the
    lowering of `tg.winograd_input` or `tg.winograd_output`: a sum over a
    6x6 tile weighted by a table of products of two rows of `B^T` or
    `A^T`) becomes one kernel that computes the transform as two matrix
    products by the constant matrix, rows then columns, on vectors of
    channels:

    - input: per tile and vector of `L` channels, the 36 vectors of the
      tile are loaded, each of the 6 rows `p` of `B^T d` is combined from
      them (a multiply-add per nonzero coefficient, an add or subtract for
      +-1), and each `(B^T d) B` element of that row is stored to
      `result[p, q, n, y, x, c0 : c0 + L]`: 312 vector operations per tile
      where the table's sum takes 1296;
    - output: the same with `A^T`, 4 rows of 4, stored to the block's
      `[n, 4y + a, 4x + b, k0 : k0 + L]`.

    `L` is the largest power of two up to `vector-bits / 32` that divides
    the channels. The zero fill of the result just before the generic is
    erased (every element is written). An output transform's result read
    only by an elementwise generic that may run on its vectors (the bias,
    the activation, a residual add; the conditions of aotc-cpu-vnni-kernels'
    epilogues: identity maps over the result's shape, other inputs per
    element, per channel or scalars) is not stored: the generic's body is
    applied to each vector and its outputs stored instead, and the generic
    is erased (aotc-cpu-plan-memory keeps its buffers apart from the
    transform's input). The loop over image rows of tiles
    (batch and row together) is marked parallel (`aotc.parallel`). A
    generic of another shape is left as it is (its loops are correct, only
    slower).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"256",
           "Width of the vector registers in bits (128, 256 or 512)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
  let statistics = [
    Statistic<"numEmitted", "num-emitted", "transforms emitted">,
    Statistic<"numEpilogues", "num-epilogues",
              "elementwise ops applied by an output transform's kernel">,
  ];
}

#endif // AOTC_TARGET_CPU_PASSES_TD

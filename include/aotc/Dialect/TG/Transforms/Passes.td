//===- Passes.td - graph-level rewrites on tg ----------------*- tablegen -*-===//
//
// Passes that rewrite tg graphs before they are lowered: recognizing
// compositions that have a better lowering as one op, and preparing weights
// at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD
#define AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Normalizations (softmax, layer normalization)
//===----------------------------------------------------------------------===//

def RaiseNormalizationsPass
    : Pass<"aotc-tg-raise-normalizations", "mlir::func::FuncOp"> {
  let summary = "Recognize decomposed softmax and layer normalization";
  let description = [{
    Rewrites the compositions of tg ops that spell out a softmax, a
    log-softmax or a layer normalization into `tg.softmax`,
    `tg.log_softmax` and `tg.layer_norm`, whose lowering reads the data in
    two passes instead of four or five (docs/ops-normalization.md). One
    pattern per form:

    - softmax, as written by hand or by other importers:
      `e = exp(x - reduce_max(x)); e / reduce_sum(e)`;
    - log-softmax: `d = x - reduce_max(x); d - log(reduce_sum(exp(d)))`;
    - layer normalization, as PyTorch exports `nn.LayerNorm` before ONNX
      opset 17: `d = x - mean(x); d / sqrt(mean(d ** 2) + eps)`, with
      `d * d` for the square or `d * rsqrt(...)` for the division accepted
      too. Its scale and bias stay the `tg.mul` and `tg.add` that follow.

    The reductions must keep their dimensions and reduce one axis (softmax)
    or the trailing axes (layer normalization), `x` must have the result's
    type, `eps` must be a splat constant that does not broadcast the
    variance, and every intermediate value must have no users outside the
    pattern: a graph that also returns `exp(x - max)`, say, is left alone
    rather than computed twice. Raised f16 and bf16 normalizations compute
    in f32 throughout, where the composition rounded every step.

    Before:
    ```mlir
    %m = tg.reduce max %x axes = [1] keepdims : tensor<8x10xf32>
    %d = tg.sub %x, %m : tensor<8x10xf32>, tensor<8x1xf32>
    %e = tg.exp %d : tensor<8x10xf32>
    %s = tg.reduce sum %e axes = [1] keepdims : tensor<8x10xf32>
    %p = tg.div %e, %s : tensor<8x10xf32>, tensor<8x1xf32>
    ```
    After:
    ```mlir
    %p = tg.softmax %x axis = 1 : tensor<8x10xf32>
    ```
  }];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let statistics = [
    Statistic<"numSoftmax", "softmax", "softmaxes raised">,
    Statistic<"numLogSoftmax", "log-softmax", "log-softmaxes raised">,
    Statistic<"numLayerNorm", "layer-norm", "layer normalizations raised">,
  ];
}

//===----------------------------------------------------------------------===//
// Compile-time weight preparation
//===----------------------------------------------------------------------===//

def FoldAffineIntoWeightsPass
    : Pass<"aotc-tg-fold-affine-into-weights", "mlir::func::FuncOp"> {
  let summary = "Fold per-channel scales and shifts (inference BatchNorm) "
                "into the preceding convolution's or matmul's weights";
  let description = [{
    An inference BatchNormalization after a convolution is, once its
    constants are folded, a per-output-channel affine map of the
    convolution's result: `(conv(x, W, b) - mean) * factor + beta`. This
    pass folds such maps into the producer's weights at compile time, so the
    generated code runs the convolution alone:

    ```mlir
    %y = tg.conv %x, %w, %b ... : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>,
        tensor<4xf32>
    %c = tg.sub %y, %mean : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>
    %n = tg.mul %c, %factor : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>
    %o = tg.add %n, %beta : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>
    // becomes, with W' = W * factor[m] per output channel m and
    // b' = (b - mean) * factor + beta computed at compile time:
    %o = tg.conv %x, %w_folded, %b_folded ... : tensor<1x3x8x8xf32>,
        tensor<4x3x3x3xf32>, tensor<4xf32>
    ```

    Producers are `tg.conv`, `tg.conv_transpose` (channel axis 1) and
    `tg.matmul` (channel axis: the last, the output features) whose weight
    (the matmul's rhs) and bias are float constants (f16, bf16, f32, f64;
    `dense` or `dense_resource`). From the producer the pass follows a chain
    of `tg.add`, `tg.sub`, `tg.mul` and `tg.div` by a constant, and
    `tg.neg`, each the single user of the value before it and each keeping
    its type, whose constants vary along the channel axis only
    (`[C, 1, 1]`, `[1, C, 1, 1]`, `[C]` for a matmul, or any splat). The
    composed map `y = scale[c] * x + shift[c]` is computed in double, the
    weight's channel c is multiplied by `scale[c]` and the bias becomes
    `bias * scale + shift`, each rounded once to the element type. A
    matmul has no bias operand: a shift stays as one `tg.add` of a `[N]`
    constant. Large weights stay `dense_resource` blobs.

    Not folded: a producer whose result has another user, a constant that
    varies along another axis, a non-constant operand, `v / x`, a division
    by zero or a non-finite scale, integer types, and weights or biases of
    more than 1024 elements that something else uses too (the object would
    hold both copies) or of more than 16M elements.
  }];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let statistics = [
    Statistic<"numFoldedOps", "folded-ops",
              "Elementwise ops folded into weights">,
    Statistic<"numRewrittenWeights", "rewritten-weights",
              "Convolutions and matmuls whose weights absorbed an affine map">
  ];
}

//===----------------------------------------------------------------------===//
// Limits
//===----------------------------------------------------------------------===//

def ConvTransposeAsConvsPass
    : Pass<"aotc-tg-conv-transpose-as-convs", "mlir::func::FuncOp"> {
  let summary = "Compute each transposed convolution as one convolution per "
                "output phase, interleaved";
  let description = [{
    A `tg.conv_transpose` (dilations 1) with strides `s` scatters input `i`
    through tap `j` to output `i * s + j - pad`. Its outputs `o = s * q + r`
    of one phase `r` (per spatial dimension) receive only the taps `j = r +
    pad (mod s)`, from inputs `q + (r + pad) / s - t` for the `t`-th of
    them: a stride-1 `tg.conv` of the input by those taps flipped, over the
    input window it reads (a `tg.slice`, the rest as the convolution's zero
    padding), with the weight transposed to `[M, C/group, taps...]` (a new
    constant when the weight is one, else a `tg.gather` of its elements).
    The `prod(s)` phases' results (zeros for a phase with no tap or no
    output, padded to the longest phase) are interleaved, last spatial
    dimension first, by a `tg.concat` along a new unit axis after each
    phase dimension and a `tg.reshape` merging the two; a `tg.slice` drops
    what lies past the output, and the bias is added.

    The phase convolutions are lowered to the register-tiled kernels like
    any convolution; the transposed convolution's own lowering is a gather
    over every output and tap, scalar code (an OCR text detector's
    2x2-stride-2 upsampling head took 2/3 of its time). A kernel of the
    stride's size with no padding (`k = s`) gives one pointwise
    convolution per phase. Dilated transposed convolutions are left alone.
  }];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten",
              "transposed convolutions rewritten">,
  ];
}

def ElementwiseIntoConcatsPass
    : Pass<"aotc-tg-elementwise-into-concats", "mlir::func::FuncOp"> {
  let summary = "Apply elementwise ops to the pieces of a concatenation they "
                "alone read";
  let description = [{
    An elementwise op (`tg.add`, `sub`, `mul`, `div`, `max`, `min`, or a
    unary op such as `tg.relu`) whose operand is a `tg.concat` of the
    result's shape that nothing else reads becomes a `tg.concat` of the op
    applied to each piece; its other operands are sliced along the axis
    where they vary along it (a per-channel constant folds to the piece's
    channels) and used whole where they broadcast. Applied until nothing
    changes, a chain of such ops moves whole. Each piece is then computed
    once, transformed, into its slice of the concatenation's buffer, where
    it was copied in and the concatenation read and written again:
    DenseNet's dense layers concatenate every earlier layer's features and
    apply a batch norm and a ReLU to the result (about 36 MB of copies and
    as much of normalization traffic per DenseNet-121 inference).

    Before:
    ```mlir
    %c = tg.concat %a, %b axis = 1 : tensor<1x64x56x56xf32>, tensor<1x32x56x56xf32>
    %r = tg.relu %c : tensor<1x96x56x56xf32>
    ```
    After:
    ```mlir
    %ra = tg.relu %a : tensor<1x64x56x56xf32>
    %rb = tg.relu %b : tensor<1x32x56x56xf32>
    %r = tg.concat %ra, %rb axis = 1 : tensor<1x64x56x56xf32>, tensor<1x32x56x56xf32>
    ```
  }];
}

def WinogradConvsPass
    : Pass<"aotc-tg-winograd-convs", "mlir::func::FuncOp"> {
  let summary = "Compute 3x3 stride-1 convolutions by Winograd's minimal "
                "filtering F(4x4, 3x3) where the cost model says it pays";
  let description = [{
    Winograd's F(4x4, 3x3) computes a 4x4 block of a 3x3 convolution's
    outputs from a 6x6 tile of its input with 36 products per input and
    output channel pair, where the direct convolution takes 144:

      Y = A^T [ (G w G^T) (.) (B^T d B) ] A

    with `(.)` the elementwise product over the tile's 6x6 positions. Over
    all channels, the 36 positions are 36 independent matmuls
    `[tiles, C] x [C, K]`. A group-1 `tg.conv` of f32 values with a
    constant 3x3 weight and strides 1 becomes:

    - the image in channels-last order (`tg.transpose`), padded with
      zeros (`tg.concat`: its producer writes into the padded buffer) to
      the tiles' extent, `4 tiles + 2` pixels per side;
    - `B^T d B` of every tile (`tg.winograd_input`, one kernel on the CPU:
      `aotc-cpu-winograd-kernels`), `[6, 6, N, tiles_h, tiles_w, C]`,
      viewed as `[36, tiles, C]`;
    - with dilations `d_h, d_w` above 1, the padded image's `d_h d_w`
      phases (rows `r mod d_h`, columns `s mod d_w`) as a batch (one
      `tg.reshape` and `tg.transpose`): output row `d u + r` reads rows
      `u` to `u + 2` of phase `r` only, an undilated convolution; each
      phase is tiled on its own;
    - the 36 products by the weights transformed at compile time, `G w G^T`
      stored as `[36, C, K]` (`tg.matmul`): the work;
    - `A^T M A` (`tg.winograd_output`, one kernel on the CPU), the
      channels-last blocks `[N, 4 tiles_h, 4 tiles_w, K]`, the bias added
      while the output channels are innermost, and one `tg.transpose` to
      `[N, K, H, W]` (interleaving the phases' blocks), with what follows
      the convolution (a ReLU, a residual add) fused into its kernel; a
      `tg.slice` drops the outputs past the image.

    The matrices are Toom-Cook's over the points 0, 1, -1, 1/2, -2 and
    infinity, whose float32 rounding error is about half that of the
    points 0, +-1, +-2 (docs/cpu-kernels.md;
    `include/aotc/Dialect/TG/IR/Winograd.h`).

    The sums are the same up to rounding: the transforms' coefficients are
    halves, quarters and eighths of small integers (`B`, `A`; exact in
    float32) and the weights' are computed in double precision. Rounding
    grows with the larger intermediate values: against a float64
    reference, a 256-channel 14x14 layer over ReLU outputs had a max-abs
    error of 4.0e-5 for outputs up to 10, where the direct convolution's
    was 1.3e-5; within the model tests' tolerance (rtol 1e-3, atol 1e-4 of
    the largest output).

    Cost model, per convolution: the direct convolution's multiply-adds
    (`9 C K H W`) against the matmuls' (`36 C K tiles`, tiles covering the
    output in 4x4 blocks, so a size that is not a multiple of 4 pays for
    the rest; times `64 / K` for fewer than 64 output channels, which fill
    part of a register tile) plus the transforms, counted as
    `transform-cost` multiply-adds per element they produce (`36 tiles
    (C + K)`: memory-bound passes, where the matmuls are compute-bound),
    plus the weights: `weight-byte-cost` multiply-adds per byte of weights
    read per call (the transformed ones are 4x the direct ones). The
    defaults fit twelve single-layer timings on an AVX-512 machine (3 to 512
    channels, 7x7 to 112x112 images; docs/cpu-kernels.md has the table):
    every layer the model chooses at the default `min-gain` ran at least
    1.5x faster than the direct convolution. Winograd is chosen
    when its cost is below the direct one's by at least `min-gain`, and
    only while its transformed weights stay under `max-weight-bytes`. Each
    convolution it considered, chosen or not, is listed with both costs in
    the function's `aotc.winograd` attribute, which `--report` prints.
  }];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let options = [
    Option<"mode", "mode", "std::string", /*default=*/"\"auto\"",
           "auto (the cost model chooses), always (every eligible "
           "convolution) or never">,
    Option<"minGain", "min-gain", "double", /*default=*/"1.25",
           "how many times cheaper Winograd must be estimated to be">,
    Option<"transformCost", "transform-cost", "double", /*default=*/"32.0",
           "multiply-adds one element of the transforms costs">,
    Option<"weightByteCost", "weight-byte-cost", "double",
           /*default=*/"2.0",
           "multiply-adds one byte of weights read per call costs">,
    Option<"maxWeightBytes", "max-weight-bytes", "int64_t",
           /*default=*/"64 << 20",
           "the largest transformed weight, in bytes">,
  ];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten",
              "convolutions computed by Winograd's F(4x4, 3x3)">,
    Statistic<"numKept", "num-kept",
              "eligible convolutions the cost model kept direct">,
  ];
}

def SplitPaddedConvsPass
    : Pass<"aotc-tg-split-padded-convs", "mlir::func::FuncOp"> {
  let summary = "Split convolutions whose taps mostly read padding into one "
                "pointwise convolution per tap";
  let description = [{
    A dilated convolution on an image smaller than its dilation (DeepLabV3's
    atrous spatial pyramid: 3x3 taps 12, 24 and 36 apart on a 14x14 image,
    padded by as much) multiplies padding with most of its taps: tap `j`
    of a spatial dimension reads input `o * stride - pad + j * dilation`,
    inside the image only for a window of outputs `o`. When the taps'
    windows cover less than `max-live-share` of `taps x outputs` (the
    product over the spatial dimensions), the f32 or f64 `tg.conv` becomes,
    for each tap whose window is not empty, a strided `tg.slice` of the
    image it reads, a `tg.conv` by that tap's weights (`[M, C/group, 1...]`,
    a new constant when the weight is one), padded with zeros to the output
    (`tg.pad`) unless its window is the whole output, and the sum of those,
    plus the bias. Only the multiply-adds that read the image remain: on the
    14x14 image, the taps 24 and 36 apart leave one pointwise convolution
    (1/9 of the work), those 12 apart 18% of it.

    Convolutions with more than `max-taps` taps, a single tap, or 16-bit
    floats (whose partial sums would round per tap) are left alone, and so
    is one whose every tap reads padding only.
  }];
  let options = [
    Option<"maxLiveShare", "max-live-share", "double", /*default=*/"0.5",
           "Split when the taps read the image for less than this share of "
           "their multiply-adds">,
    Option<"maxTaps", "max-taps", "int64_t", /*default=*/"64",
           "The most taps (pointwise convolutions) a split may make">,
  ];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let statistics = [
    Statistic<"numSplit", "num-split", "convolutions split into taps">,
  ];
}

def SplitLargeConvReductionsPass
    : Pass<"aotc-tg-split-large-conv-reductions", "mlir::func::FuncOp"> {
  let summary = "Split convolutions whose weights are far larger than the "
                "caches into a sum over chunks of input channels";
  let description = [{
    A convolution's register tiles each cover a row of output pixels and
    read, across their reduction, every weight: weights far larger than a
    core's caches come from memory once per output row. FCN-ResNet50's
    head (a 3x3 convolution from 2048 to 512 channels on a 28x28 image,
    37.7 MB of weights) streamed 1 GB that way and ran at 43 GFLOP/s, 43%
    of the model's time. A group-1 f32 or f64 `tg.conv` with a constant
    weight of more than `max-weight-bytes` becomes the sum (`tg.add`, in
    order) of convolutions over chunks of its input channels (`tg.slice`
    of the image, a new constant per chunk of the weight), the bias on the
    first: the fewest chunks, a power of two dividing the channels, whose
    weights fit `chunk-bytes`. Each chunk's weights then stay in the
    last-level cache across the output rows. The sums are the same, added
    in another order.

    Before:
    ```mlir
    %y = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1]
        : tensor<1x2048x28x28xf32>, tensor<512x2048x3x3xf32>, tensor<512xf32>
    ```
    After (8 chunks of 256 channels, 4.7 MB of weights each):
    ```mlir
    %x0 = tg.slice %x start = [0, 0, 0, 0] limit = [1, 256, 28, 28] stride = [1, 1, 1, 1] : tensor<1x2048x28x28xf32>
    %y0 = tg.conv %x0, %w0, %b ... : tensor<1x256x28x28xf32>, tensor<512x256x3x3xf32>, tensor<512xf32>
    %x1 = tg.slice %x start = [0, 256, 0, 0] limit = [1, 512, 28, 28] ...
    %y1 = tg.conv %x1, %w1 ...
    %s1 = tg.add %y0, %y1 : tensor<1x512x28x28xf32>, tensor<1x512x28x28xf32>
    ...
    ```
  }];
  let options = [
    Option<"maxWeightBytes", "max-weight-bytes", "int64_t",
           /*default=*/"16 << 20",
           "Split convolutions whose weights have more bytes than this">,
    Option<"chunkBytes", "chunk-bytes", "int64_t", /*default=*/"8 << 20",
           "The most bytes of weights per chunk, where the channels allow">,
  ];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let statistics = [
    Statistic<"numSplit", "num-split",
              "convolutions split by input channels">,
  ];
}

def StridedConvsAsPhasesPass
    : Pass<"aotc-tg-strided-convs-as-phases", "mlir::func::FuncOp"> {
  let summary = "Compute a strided convolution whose kernel is a whole "
                "number of strides as a stride-1 convolution over the input's "
                "phases";
  let description = [{
    Along a dimension with stride `s`, output `o` reads inputs `o * s + j`
    for taps `j < k`. When `k` is a multiple of `s`, tap `j = t * s + r`
    reads phase `r` of the input (its elements `q * s + r`) at `q = o + t`:
    each phase is a stride-1 image read by `k / s` taps. A group-1
    `tg.conv` with a constant weight whose every strided dimension has
    dilation 1 and such a kernel becomes: the image padded (`tg.pad`) and
    cut to the `(outputs - 1 + k / s) * s` elements the outputs read
    (`tg.slice`), its phases stacked after each channel (`tg.reshape` to
    `[N, C, L / s, s, ...]`, `tg.transpose` to `[N, C, s..., L / s...]`,
    `tg.reshape` to `[N, C * s..., L / s...]`), and a stride-1 convolution
    without padding by the weight regrouped the same way at compile time
    (`[M, C * s..., k / s...]`). The products and sums are the same; what
    changes is that the kernel reads contiguous vectors, where a stride-2
    kernel shuffled two loads into each vector and a stride-5 one (wav2vec2's
    first layer, `k = 10` over one channel) summed 10 taps per output as a
    dot product. A patchifying convolution (`k = s`: ViT's 16x16, ConvNeXt's
    2x2 and 4x4) becomes a 1x1 convolution, a matmul. The phases cost one
    copy of the image.

    Before (wav2vec2's first convolution):
    ```mlir
    %y = tg.conv %x, %w {strides = [5], dilations = [1], pads = [0, 0], group = 1}
        : (tensor<1x1x16000xf32>, tensor<512x1x10xf32>) -> tensor<1x512x3199xf32>
    ```
    After:
    ```mlir
    %cut = tg.slice %x ... : tensor<1x1x16000xf32> -> tensor<1x1x16000xf32>  // folds
    %s = tg.reshape %cut : (tensor<1x1x16000xf32>) -> tensor<1x1x3200x5xf32>
    %t = tg.transpose %s permutation = [0, 1, 3, 2] : tensor<1x1x3200x5xf32>
    %p = tg.reshape %t : (tensor<1x1x5x3200xf32>) -> tensor<1x5x3200xf32>
    %y = tg.conv %p, %w5 {strides = [1], dilations = [1], pads = [0, 0], group = 1}
        : (tensor<1x5x3200xf32>, tensor<512x5x2xf32>) -> tensor<1x512x3199xf32>
    ```
  }];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let statistics = [
    Statistic<"numRewritten", "num-rewritten",
              "strided convolutions computed over phases">,
  ];
}

def CheckTensorSizesPass
    : Pass<"aotc-check-tensor-sizes", "mlir::ModuleOp"> {
  let summary = "Fail at the op when a tensor is larger than aotc allows";
  let description = [{
    Every statically shaped tensor of the module (op results and block
    arguments) must hold at most 16 GiB, and every splat constant at most
    2 GiB: the limits the importer checks on tg ops' results
    (`tg::checkTensorSizes`). Run after the conversion to linalg, it holds
    the intermediates the lowering makes to the same limits (a pooling
    window of 2^40 rows padding its input to hundreds of terabytes), so
    such a graph is one error at the op rather than a temp arena no caller
    can allocate or a kernel that never ends.
  }];
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def SpeculateGraphIfsPass
    : Pass<"aotc-speculate-graph-ifs", "mlir::func::FuncOp"> {
  let summary = "Compute both branches of each scf.if of a tg graph and "
                "select";
  let description = [{
    An ONNX If on a condition known only at run time is an scf.if of the
    graph, on `tensor.extract` of the rank-0 condition (docs/onnx-import.md).
    A target whose host cannot read that condition where it lives (on CUDA
    it is in device memory, and reading it would stall the stream) runs
    this pass instead: the ops of both branches move before the scf.if,
    innermost scf.if first, and each result becomes a `tg.select` of the
    two branches' values on the condition tensor. tg ops have no side
    effects, so computing the branch not taken changes no result; it costs
    its work.

    ```mlir
    %c = tensor.extract %p[] : tensor<i1>
    %r = scf.if %c -> (tensor<4xf32>) {
      %t = tg.exp %x : tensor<4xf32>
      scf.yield %t : tensor<4xf32>
    } else {
      scf.yield %x : tensor<4xf32>
    }
    // becomes
    %t = tg.exp %x : tensor<4xf32>
    %r = tg.select %p, %t, %x : tensor<i1>, tensor<4xf32>, tensor<4xf32>
    ```

    A condition that is not read from a tensor gets one
    (`tensor.from_elements`). An scf.if with a result that is not a tensor
    is left alone.
  }];
  let dependentDialects = ["aotc::tg::TGDialect",
                           "mlir::tensor::TensorDialect"];
}

#endif // AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD

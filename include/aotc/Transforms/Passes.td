//===- Passes.td - aotc's target-independent transforms ------*- tablegen -*-===//
//
// Passes on upstream dialects (linalg on tensors) that every target runs.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TRANSFORMS_PASSES_TD
#define AOTC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseElementwisePass
    : Pass<"aotc-fuse-elementwise", "mlir::func::FuncOp"> {
  let summary = "Fuse elementwise producers into their consumers, never "
                "recomputing";
  let description = [{
    Fuses an elementwise `linalg.generic` into the generic that consumes it
    (another elementwise op or a reduction), so the intermediate tensor is
    never written to memory: `reduce_sum(x + y*z)` becomes one loop nest.

    Unlike upstream's `linalg-fuse-elementwise-ops`, a producer is fused only
    when the consumer reads each of its elements exactly once, i.e. the
    consumer's indexing map for it is a permutation of the consumer's loops,
    or when the producer computes nothing (its body yields an input element:
    a transpose, broadcast or copy), in which case fusing it only composes
    indexing maps: a transpose feeding a matmul becomes the matmul's map.
    The fused op's location merges the fused ops' locations, so the kernel
    report can name every graph op a kernel computes.
    A producer read through a broadcast or by a contraction (`relu(x W + b)`
    feeding the next matmul reads each element N times) stays a separate
    kernel: fusing it would recompute it once per read. A producer with
    other users is not duplicated either, and a consumer marked
    `aotc.keep_operands` (a kernel that reads an operand in the layout it
    was given, such as aotc-cpu-vnni-convs' contractions) takes no producer.
    A transpose that moves the innermost dimension is not fused into a
    convolution (a contraction with a window map, one that is not a
    projected permutation): the convolution would read its image across
    the innermost dimension, which its vector kernel cannot, so the
    transpose stays a copy (a matmul takes it, as above).
    A fusion whose bodies would hold more than 256 ops together
    (`kMaxFusedBodyOps`) is not made: each fusion clones both bodies, so an
    uncapped chain of n elementwise ops would cost n^2 clones.

    Before:
    ```mlir
    %p = linalg.generic {..., iterator_types = ["parallel", "parallel"]}
        ins(%y, %z) outs(%e) { mulf }
    %s = linalg.generic {..., iterator_types = ["parallel", "reduction"]}
        ins(%x, %p) outs(%acc) { addf, addf }
    ```
    After:
    ```mlir
    %s = linalg.generic {..., iterator_types = ["parallel", "reduction"]}
        ins(%x, %y, %z) outs(%acc) { mulf, addf, addf }
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numOpsBefore", "linalg-ops-before", "linalg ops before fusion">,
    Statistic<"numOpsAfter", "linalg-ops-after", "linalg ops after fusion">,
  ];
}

def TileAndFusePass : Pass<"aotc-tile-and-fuse", "mlir::func::FuncOp"> {
  let summary = "Tile each contraction with its epilogue, accumulator "
                "initialization and padded inputs into one loop nest";
  let description = [{
    Forms one fusion group around every linalg op with reduction loops (a
    matmul, convolution, pooling window or reduction, after generalization):

    - its **epilogue**: the one elementwise generic that reads its result
      element by element (bias, activation, residual add, scale; already
      merged into one generic by `aotc-fuse-elementwise`), unless it reads
      it transposed (its innermost dimension moved: an NCHW convolution
      feeding an NHWC operand), which would make the tile scalar code,
    - the generics that **initialize its accumulator** (a zero fill or a
      bias broadcast), and
    - the `tensor.pad`s that **pad its inputs**, and
    - the **relayout copies** it alone reads (a `linalg.generic` that only
      moves its one input into an empty tensor:
      `aotc-cpu-pack-matmul-panels`' panels).

    The group's root (the epilogue, or the contraction itself) is tiled over
    its parallel loops with `scf.for`, and the other members are fused into
    the tile through TilingInterface, so each tile initializes its
    accumulator, accumulates, and applies the epilogue while the tile is
    hot; the contraction's full result and the padded copy of its input are
    never materialized. The epilogue's destination tile is reused as the
    accumulator when the types agree, so the tile needs no buffer of its own.

    An initializer that CSE merged between several contractions (one zero
    fill for two accumulators of the same shape) is first copied, so each
    group owns and tiles its own.

    Cost model (docs/fusion.md): among the parallel loops every padded input
    depends on (batch, channels of a depthwise convolution, output rows),
    the outermost is tiled by 1 and the next ones too until a tile's padded
    window fits 16 KiB; those inside stay whole (a depthwise convolution on
    a 7x7 image: one channel and all its rows per tile). When the padded
    input is small (256 KiB, or 1 MiB with weights 2 times larger) and the
    weights larger, the output rows all stay in one tile, so each weight is
    read once, not once per row. A loop that a padded input does not depend
    on (output channels) stays whole, since tiling it would copy the same
    window once per tile; the innermost output dimension stays whole up to
    `inner-tile` elements so the inner loop stays contiguous and long; a
    matmul-like seed without padded inputs keeps blocks of 8 to 64 rows (a
    divisor of the loop, or all of it up to 256) so the CPU's register
    tiles have rows that share their vector loads, except when its weights
    (the input that does not depend on the rows) exceed 512 KiB and the
    inputs that do are at most 1 MiB: a tile then takes all the rows and a
    block of the loop only the weights depend on (output channels) with at
    most 256 KiB of them, so the rows stay in L2 and each weight is read
    from memory once (ResNet-50's 1x1 convolutions on 14x14 images, 1 to
    2 MiB of weights: 10 to 20% faster); where it must still
    split something and chunks of the innermost dimension would waste
    vector lanes (not a multiple of 8: 1 of 13, 11 of 55, 13 of 169), it
    splits its output rows instead (between blocks, for rows read in
    blocks). An innermost dimension longer than `inner-tile` is tiled by
    its largest divisor up to that which is a multiple of 16, so no tile is
    partial.
    A loop that an input reads in blocks (`d floordiv B`, `d mod B`:
    `aotc-cpu-channel-blocked-weights`) is tiled only in multiples of B, and
    not at all rather than one block at a time. A group with a relayout
    copy tiles only the loops the copy depends on, by its blocks, and keeps
    the others whole, so the copy is made once per block (a matmul's panel
    of 64 columns serves every output row); its destination becomes a
    tile-sized empty tensor.
    Nothing else is fused: a producer that is itself a contraction or an
    elementwise op read through a window stays its own kernel.

    Before (conv + bias + relu, 3 kernels and a padded copy):
    ```mlir
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] { ... }
    %b = linalg.generic {...} ins(%bias) outs(%empty)        // broadcast
    %c = linalg.generic {... "reduction" ...} ins(%p, %w) outs(%b)
    %r = linalg.generic {...} ins(%c) outs(%empty) { maximumf }
    ```
    After (one loop nest over output rows):
    ```mlir
    %r = scf.for %oh = ... iter_args(%out = %empty) {
      %window = ... tensor.pad (tile of %x) ...
      %t = tensor.extract_slice %out[0, 0, %oh, 0] [1, 64, 1, 56] ...
      %b = linalg.generic ins(%bias) outs(%t)
      %c = linalg.generic ins(%window, %w) outs(%b)
      %e = linalg.generic ins(%c) outs(%t) { maximumf }
      %u = tensor.insert_slice %e into %out ...
      scf.yield %u
    }
    ```
  }];
  let options = [
    Option<"innerTile", "inner-tile", "int64_t", /*default=*/"4096",
           "Largest innermost output dimension kept whole in one tile; "
           "longer ones are tiled by this many elements">,
    Option<"wholePads", "whole-pads", "bool", /*default=*/"false",
           "Leave a pad whole instead of fusing it into the tiles when its "
           "source is computed into an empty tensor of its own (one pad per "
           "source), for aotc-cpu-materialize-pads; the tile sizes are "
           "chosen as if it were fused, except that such a pad, never "
           "copied, does not limit the rows kept whole (any size, when the "
           "weights are larger)">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect",
                           "mlir::affine::AffineDialect",
                           "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numGroups", "fusion-groups", "fusion groups tiled">,
    Statistic<"numFusedOps", "fused-ops",
              "ops fused into a group besides its root">,
  ];
}

def KernelCSEPass : Pass<"aotc-kernel-cse", "mlir::func::FuncOp"> {
  let summary = "Common subexpression elimination that keeps kernels apart, "
                "in time linear in their number";
  let description = [{
    MLIR's CSE hashes an op with regions by its operands and attributes,
    not its regions, and compares the regions of ops whose hashes are equal.
    After tiling, every kernel of a function is an `scf.for` over the same
    constant bounds with the same initial tensor, so all of them hash
    alike, and CSE compares each with every earlier one: on a residual
    chain of 2,000 MatMul + Add blocks that one CSE took 5 s, quadratic in
    the chain's length. This pass runs the same elimination with each op
    that has regions at the top level of the function (a kernel) told apart
    from the others for the duration, so kernels are never merged with each
    other while everything inside them and between them is, as by `cse`.
    Kernels that compute the same thing were merged before tiling, when
    their operands told them apart.
  }];
}

def ReassociateReductionsPass
    : Pass<"aotc-reassociate-reductions", "mlir::func::FuncOp"> {
  let summary = "Let floating-point reductions be summed in any order";
  let description = [{
    Marks the floating-point `arith.addf` and `arith.mulf` that combine an
    element into a reduction's accumulator (the op that reads a
    `linalg.generic`'s output block argument and whose result is yielded to
    that output, in a generic with reduction loops) with the `reassoc`
    fast-math flag, and the multiply feeding an accumulating add with
    `contract`. LLVM can then keep several partial sums and vectorize the
    reduction, and fuse multiply-adds, instead of adding one element at a
    time into one register: a sum over N elements otherwise runs at one
    add latency per element.

    This changes the order in which a sum is accumulated (like every BLAS
    and every parallel reduction) and therefore its rounding, not its
    meaning: no other fast-math assumption (no NaNs, no infinities, no
    signed zeros) is made, and the elementwise ops are untouched.
    Max and min need no reordering permission. `linalg.reduce` (which
    `--no-fusion` leaves named) is marked the same way, so fused and unfused
    graphs sum alike.

    ```mlir
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32            // before
      %0 = arith.addf %in, %out fastmath<reassoc> : f32   // after
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numMarked", "reductions-marked",
              "accumulating floating-point ops marked reassoc">,
  ];
}

def VectorizableLoopOrderPass
    : Pass<"aotc-vectorizable-loop-order", "mlir::func::FuncOp"> {
  let summary = "Move a contraction's contiguous output loop innermost, "
                "and a transposing op's input loop next to it";
  let description = [{
    A generic with reduction loops lists its loops output dimensions first
    and reductions last, so lowered as is, a convolution's innermost loop
    runs over the 3 taps of a kernel row and a matmul's over k: short or
    strided, and a chain of dependent adds into one output element.

    This pass permutes the loops of such a generic so that the loop of the
    output's innermost (contiguous) dimension comes last, after the
    reduction loops, when some input is also read along it in its own
    innermost dimension (a conv's input row, a matmul's right-hand row).
    The innermost loop then updates a contiguous run of independent output
    elements from contiguous input elements, which LLVM vectorizes:

    ```
    conv:   for f, oh: for c, kh, kw: for ow: out[f][oh][ow] += x[c][oh+kh][ow+kw] * w[f][c][kh][kw]
    matmul: for m:     for k:         for n:  out[m][n] += a[m][k] * b[k][n]
    ```

    Each output element still accumulates its terms in the same order, so
    results are bit-for-bit the same. Reductions whose output is not read
    contiguously by an input (a row sum, a global pool) are left alone.

    An elementwise generic that reads an input transposed (the input's
    innermost dimension is along another loop than the output's, e.g. NHWC
    into NCHW) gets that input's loop just outside the output's innermost
    loop: each iteration of the outer loops then reads and writes a slab
    that fits in L1, where the original order swept the whole input once
    per value of the input's loop (a 3 MB transposition missed every
    cache: 12x slower).
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
  let statistics = [
    Statistic<"numInterchanged", "interchanged", "generics reordered">,
  ];
}

def ApproximateMathPass : Pass<"aotc-approximate-math"> {
  let summary = "Inline polynomial approximations of f32 exp (and the "
                "functions listed) instead of libm calls";
  let description = [{
    `math.exp` on f32 lowers to a call of libm's `expf` per element, which
    LLVM cannot vectorize, and the call dominates softmax, sigmoid, SiLU and
    every other exponential-heavy kernel. This pass expands the listed math
    functions on f32 (scalars and vectors) into MLIR's polynomial
    approximations: range reduction, a polynomial, and the exponent put
    back with integer ops. The result is plain arithmetic that LLVM
    vectorizes and inlines.

    `exp` is accurate to a few ulp over f32's range (the tests compare it
    with numpy at rtol 1e-6); it returns +inf above 88.7, 0 below -104, and
    NaN for NaN, like `expf`. Other functions (`tanh`, `erf`, `log`, ...)
    can be listed with `ops` (`ops=math.exp,math.tanh`); by default only
    `math.exp` is approximated.
  }];
  let options = [
    ListOption<"ops", "ops", "std::string",
               "math ops to approximate, by name (default: math.exp)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::math::MathDialect",
                           "mlir::vector::VectorDialect"];
}

def ExpandRoundEvenPass : Pass<"aotc-expand-round-even"> {
  let summary = "Round half to even with floor-based arithmetic instead of "
                "math.roundeven";
  let description = [{
    `tg.round` lowers to `math.roundeven`, which LLVM turns into one
    instruction where the target has one (SSE4.1's `roundps`, AVX-512's
    `vrndscaleps`, PTX's `cvt.rni`) and into a call to `roundeven`
    elsewhere: the baseline x86-64 CPU, and C99's libm has no such
    function. On such targets this pass rewrites every `math.roundeven`,
    on scalars or vectors of f16, f32 or f64, into

    ```
    r = floor(x)
    r + 1 if x - r > 0.5, or if x - r == 0.5 and r is odd; else r
    ```

    with the sign of `x` copied onto the result (so `-0.3` rounds to
    `-0.0`). NaN and the infinities pass through unchanged. `floor` itself
    becomes `floorf` or `floor` from libm on such targets.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::math::MathDialect"];
}

def QuantizeArithmeticPass : Pass<"aotc-quantize-arithmetic"> {
  let summary = "Cheaper arithmetic, exact for the values that reach the "
                "output, for quantization's rounding and round trips";
  let description = [{
    QuantizeLinear computes `saturate(round_half_even(x / scale) + zero)`
    and DequantizeLinear `(float(q) - zero) * scale`; a QDQ model puts both
    around every convolution, so their arithmetic runs once per element of
    every activation. This pass rewrites two patterns of scalar arithmetic
    (in elementwise bodies or anywhere), each only where it is exact:

    - **Division before rounding.** `roundeven(x / c)`, optionally plus or
      minus a constant `d`, then clamped by `minimumf`/`maximumf` to
      constants `[lo, hi]`, with `c` a constant f32, becomes
      ```
      x' = clamp(x, -B, B)          B: beyond it every quotient saturates
      q0 = x' * r                   r = RN(1 / c), a constant
      q  = fma(fma(-q0, c, x'), r, q0)
      ```
      a multiplication and two FMAs instead of a division (whose throughput
      is a tenth of theirs). `q` can differ from `RN(x / c)` only where the
      rounding boundaries make it matter if `x / c` lies within two ulps of
      a half-integer; the pass checks, at compile time, every f32 `x` that
      close to each half-integer of `[lo - d - 2, hi - d + 2]` and keeps the
      division when any of them rounds differently (or `c` or `r` is not
      normal, `|c|` is outside `[2^-60, 2^60]`, or the range spans more
      than 2^18 integers). `x'` keeps infinities out of the FMAs; NaN stays
      NaN.
    - **Integer round trips.** `uitofp(fptoui(v))` (or the signed pair) to
      an integer type of at most 24 bits is `v` when `v` is clamped by
      constants inside the type's range and is integral (a `roundeven`,
      optionally plus or minus an integral constant) and never `-0` (the
      clamp's outer bound is `maximumf` with `+0` or more, or a constant
      other than `-0` was added). Quantizing and then dequantizing leaves
      the value in float.

    Then, once no round trip is left: the clamp, rounding and `+ 0.0` (a
    zero point of 0) right before `fptoui`/`fptosi`, each used only by the
    next, get `nnan nsz` (the `addf` `nsz`). The conversion gives the same
    integer for -0 and +0, and a NaN reaching it is poison with or without
    the flags, so the results are the same; x86 then clamps with one
    `vminps` and one `vmaxps` instead of a compare and blend per bound, and
    LLVM drops the addition (MobileNetV2 QDQ's epilogues: 9% of its time).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::math::MathDialect"];
}

def LoopCarriedInPlacePass
    : Pass<"aotc-loop-carried-in-place", "mlir::func::FuncOp"> {
  let summary = "Make each step of a recurrence write its new state over "
                "the old one";
  let description = [{
    A recurrence is an `scf.for` over time whose loop-carried tensors are
    its state (an LSTM's h and c) and the sequence of outputs it fills.
    One-shot bufferization gives a carried tensor one buffer for the whole
    loop only when the value the body yields is computed in the buffer of
    the value it replaces; the new state is instead computed in a fresh
    tensor (`tensor.empty`), and bufferization would then allocate, copy
    and free a buffer per step.

    This pass yields, for each such carried value, the new value
    materialized in the destination of the old one
    (`bufferization.materialize_in_destination`); empty-tensor elimination
    then makes the op computing the new state write into the carried
    buffer, which bufferization accepts as in place where the old state is
    read only before (it is: the recurrent product reads it first). A value
    already written into its carried tensor (an insert into the output
    sequence, a tiled loop's result) is left alone.

    An `scf.while` (a loop whose condition is computed at run time) gets
    the same: each value its condition passes on unchanged is carried into
    the body, whose yield for that value's position is materialized in it.

    Before:
    ```mlir
    %r = scf.for %t = %c0 to %n step %c1 iter_args(%h = %h0) -> tensor<2x32xf32> {
      ...
      %new = linalg.generic ... outs(%empty : tensor<2x32xf32>) ...
      scf.yield %new : tensor<2x32xf32>
    }
    ```
    After:
    ```mlir
      %in = bufferization.materialize_in_destination %new in %h
          : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
      scf.yield %in : tensor<2x32xf32>
    ```
  }];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect"];
}

def HoistBranchResultAllocsPass
    : Pass<"aotc-hoist-branch-result-allocs", "mlir::func::FuncOp"> {
  let summary = "Allocate the buffer an scf.if yields before it, one for "
                "both branches";
  let description = [{
    Bufferization gives each branch of an scf.if on buffers its own
    allocation for a result the branch computes, and yields it. Such a
    buffer escapes the branch, so memory planning cannot place it (it would
    be a malloc at run time); an If of the graph on a condition known only
    at run time (docs/onnx-import.md) yields one per result.

    This pass moves each allocation of static shape that a branch yields
    (directly or through a memref.cast) before the scf.if. When both
    branches yield such an allocation of one type for the same result, they
    become one buffer: only one branch runs, so both write the result into
    the same bytes. The buffers are fresh, so allocating them earlier
    changes nothing but where they live; memory planning then gives them a
    fixed place in the arena.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def HoistGraphLoopAllocsPass
    : Pass<"aotc-hoist-graph-loop-allocs", "mlir::func::FuncOp"> {
  let summary = "Allocate a graph loop's per-step buffers once, before it";
  let description = [{
    Bufferization allocates the temporaries of a graph loop's body (a
    recurrence's recurrent product, its gates) inside the loop, which would
    allocate and free them at every time step. This pass moves each
    allocation of static shape that sits directly in the body of a loop of
    the graph (`aotc.graph_loop`, aotc/Analysis/GraphLoops.h) before that
    loop, outermost graph loop last, where memory planning gives it a fixed
    place in the arena: one step's temporaries are dead by the next step,
    so one buffer serves them all.

    Unlike upstream's `buffer-loop-hoisting`, it leaves the loops of
    kernels alone: a tile's scratch inside a tiled loop must stay per
    iteration, since the iterations of such a loop may run as tasks on
    several threads at once (aotc-cpu-parallelize-kernels gives each
    worker its own copy of such scratch).
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def ReleaseUnreferencedWeightsPass
    : Pass<"aotc-release-unreferenced-weights", "mlir::ModuleOp"> {
  let summary = "Free the weight blobs no attribute of the module refers to";
  let description = [{
    A model's weights live in builtin dialect resource blobs, owned by the
    MLIRContext; a pass that rewrites a weight into another layout makes a
    new blob, and the old one stays allocated until the context dies. This
    pass frees (empties) every blob that no attribute of the module, at any
    depth, refers to any more; the IR does not change. The driver does the
    same after every module-level pass, but function passes next to each
    other run as one nested pipeline: between passes that each rewrite
    weights (the CPU fusion stage's blocked, packed and padded layouts),
    this pass frees each version before the next is made (ResNet-50 with
    its Winograd weights: a 542 MiB peak, 444 MiB with it).
  }];
  let statistics = [
    Statistic<"bytesReleased", "bytes-released",
              "Bytes of weight blobs freed">,
  ];
}

def FlattenConstantGlobalsPass
    : Pass<"aotc-flatten-constant-globals", "mlir::ModuleOp"> {
  let summary = "Give each dense LLVM global one flat array type";
  let description = [{
    Lowering a `memref.global` of shape `512x256x3x3` gives an
    `llvm.mlir.global` of type `!llvm.array<512 x array<256 x array<3 x
    array<3 x f32>>>>`, which translation to LLVM IR turns into nested
    `ConstantArray`s over one `ConstantDataArray` per innermost row: a
    weight tensor becomes hundreds of thousands of uniqued LLVM constants,
    and the x86 back end walks all of them (`Constant::getRelocationInfo`)
    each time it classifies a reference to the global. On ResNet-18 that
    was most of the compile time and of its peak memory.

    This pass rewrites every global whose initializer is a
    `DenseElementsAttr` or a `DenseResourceElementsAttr` and whose type is
    the matching array or nest of arrays, to one flat array holding the
    same bytes in the same order:

    - an initializer of distinct values whose type takes whole bytes (f32,
      f16, bf16, i8 ... i64) becomes `!llvm.array<B x i8>` over its bytes
      (a resource keeps its blob, nothing is copied): LLVM then holds one
      `ConstantDataArray` and its printer writes it with one copy, not one
      `APFloat` per element;
    - a splat, or elements of another width (i1), becomes
      `!llvm.array<N x T>` of the same elements.

    The targets are little-endian, as the blobs are. Users take the
    global's address with `llvm.mlir.addressof`, an opaque pointer, and
    index it through GEPs that carry their own element type, so nothing
    else changes.
  }];
}

#endif // AOTC_TRANSFORMS_PASSES_TD

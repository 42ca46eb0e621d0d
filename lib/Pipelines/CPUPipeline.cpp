//===- CPUPipeline.cpp - the x86-64 code generation pipeline --------------===//
//
// Builds the stages declared in Pipelines.h from upstream MLIR passes and
// aotc's own. Comments say why each pass sits where it does.
//
//===----------------------------------------------------------------------===//

#include "aotc/Pipelines/Pipelines.h"

#include "StageRegistration.h"

#include "aotc/Conversion/Passes.h"
#include "aotc/Dialect/TG/Transforms/Passes.h"
#include "aotc/Target/CPU/Passes.h"
#include "aotc/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace aotc {

void buildTGToLinalgStage(OpPassManager &pm,
                          const CPUPipelineOptions &options) {
  // Fold constants and identities while the graph is still tg: the folds
  // there know the ops' semantics, linalg's only see generic regions.
  pm.addPass(createCanonicalizerPass());
  // Graph-level rewrites: compositions with a better lowering become one op,
  // and per-channel affine maps fold into constant weights.
  pm.addNestedPass<func::FuncOp>(createRaiseNormalizationsPass());
  pm.addNestedPass<func::FuncOp>(createFoldAffineIntoWeightsPass());
  // Elementwise ops that alone read a concatenation compute its pieces
  // into its buffer (after the folds: an affine map next to a convolution
  // folds into its weights first).
  pm.addNestedPass<func::FuncOp>(createElementwiseIntoConcatsPass());
  // 3x3 convolutions by Winograd's F(4x4, 3x3) where the cost model says
  // it pays (after the folds: the weights it transforms are final).
  WinogradConvsPassOptions winograd;
  winograd.mode = options.winograd;
  pm.addNestedPass<func::FuncOp>(createWinogradConvsPass(winograd));
  // Convolutions whose taps mostly read padding keep only the taps that
  // read the image (after the folds, which see the whole convolution).
  pm.addNestedPass<func::FuncOp>(createSplitPaddedConvsPass());
  // Convolutions whose weights are far larger than the caches run over
  // chunks of input channels, each chunk's weights cached across the rows.
  pm.addNestedPass<func::FuncOp>(createSplitLargeConvReductionsPass());
  // Transposed convolutions as ordinary ones, one per output phase.
  pm.addNestedPass<func::FuncOp>(createConvTransposeAsConvsPass());
  // Strided convolutions whose kernels are whole strides read their
  // input's phases with stride 1 (contiguous vectors, patchify as matmul).
  pm.addNestedPass<func::FuncOp>(createStridedConvsAsPhasesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createConvertTGToLinalgPass());
  // The lowering's own intermediates (a pool's padded input) meet the
  // importer's size limits too.
  pm.addPass(createCheckTensorSizesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildFusionStage(OpPassManager &pm, const CPUPipelineOptions &options) {
  if (!options.fusion)
    return;
  // Elementwise fusion only rewrites linalg.generic, so named ops
  // (linalg.reduce, linalg.matmul, linalg.transpose, ...) become generics
  // first; their producers can then fuse into them too.
  // The convolutions of a QDQ graph as uint8 x int8 contractions, while
  // they are still named ops (and before fusion hides the dequantization).
  if (options.vnni)
    pm.addNestedPass<func::FuncOp>(createVNNIConvsPass());
  // The float32 depthwise convolutions between them with channels
  // innermost too, so that no image changes layout between the two.
  // The elementwise ops between them too, and the transpositions that
  // meet fold away.
  if (options.vnni) {
    pm.addNestedPass<func::FuncOp>(createNHWCDepthwiseConvsPass());
    pm.addNestedPass<func::FuncOp>(createNHWCElementwisePass());
    pm.addPass(createCanonicalizerPass());
    // Those depthwise convolutions read the 8-bit images they dequantize,
    // a quarter of the bytes, the scale and zero point folded into the
    // filter and bias.
    pm.addNestedPass<func::FuncOp>(createQuantizedDepthwiseInputsPass());
    // Max poolings pool the 8-bit images, with channels innermost between
    // contractions; the elementwise ops after them follow into that layout.
    pm.addNestedPass<func::FuncOp>(createQuantizedMaxPoolsPass());
    pm.addNestedPass<func::FuncOp>(createNHWCElementwisePass());
    pm.addPass(createCanonicalizerPass());
  }
  pm.addNestedPass<func::FuncOp>(createLinalgGeneralizeNamedOpsPass());
  // The matmuls of a QDQ graph as int32 matmuls of 8-bit values (before
  // fusion hides the dequantization), for aotc-cpu-vnni-matmuls below.
  if (options.vnni)
    pm.addNestedPass<func::FuncOp>(createVNNIQDQMatmulsPass());
  // Producer/consumer fusion of elementwise generics and of elementwise
  // producers into reductions: `reduce_sum(x + y*z)` becomes one
  // linalg.generic. Producers that the consumer would read more than once
  // (broadcasts, matmul operands) stay separate rather than be recomputed.
  pm.addNestedPass<func::FuncOp>(createFuseElementwisePass());
  // A fused body's quantize-dequantize arithmetic without its division
  // and integer round trip, where that is exact.
  pm.addPass(createQuantizeArithmeticPass());
  // uint8 x int8 matmuls (MatMulInteger and the like) in VNNI's layout.
  if (options.vnni)
    pm.addNestedPass<func::FuncOp>(createVNNIMatmulsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // 1x1 convolutions become matmuls over the flattened image, so short
  // image rows no longer limit their vectors.
  FlattenPointwiseConvsPassOptions flatten;
  flatten.vectorBits = options.vectorBits;
  pm.addNestedPass<func::FuncOp>(createFlattenPointwiseConvsPass(flatten));
  pm.addPass(createCanonicalizerPass());
  // Convolutions whose image rows are too short for whole vectors compute
  // on images stored in blocks of channels, with the 1x1 convolutions next
  // to them, converted only at the ends of chains of them.
  BlockChannelsPassOptions blockChannels;
  blockChannels.vectorBits = options.vectorBits;
  // (Its own patterns canonicalize what it changes; another canonicalize
  // and CSE here changed MobileNetV2's kernels at --cpu x86-64-v3, 3% slower.)
  pm.addNestedPass<func::FuncOp>(createBlockChannelsPass(blockChannels));
  // Convolutions whose image rows are too short for a vector get weights
  // stored in vector-wide blocks of output channels, to vectorize across
  // them.
  ChannelBlockedWeightsPassOptions channelBlocks;
  channelBlocks.vectorBits = options.vectorBits;
  // Here and below, the weights the pass before replaced are freed before
  // the next rewrites them again: run as one nested pipeline, every
  // version would be alive at once.
  pm.addPass(createReleaseUnreferencedWeightsPass());
  pm.addNestedPass<func::FuncOp>(createChannelBlockedWeightsPass(channelBlocks));
  // A matmul's constant right-hand side is stored in contiguous panels of
  // columns; a runtime one whose rows would alias, or span too many pages,
  // is read through a copy in panels, made per tile.
  pm.addPass(createReleaseUnreferencedWeightsPass());
  pm.addNestedPass<func::FuncOp>(createPackMatmulPanelsPass());
  // Other weights whose rows would alias in the L1 cache get one cache
  // line of padding per row (read through a slice, nothing copied).
  pm.addPass(createReleaseUnreferencedWeightsPass());
  pm.addNestedPass<func::FuncOp>(createPadWeightRowsPass());
  // Each contraction (matmul, conv, pooling, reduction) becomes one loop nest
  // with its epilogue, accumulator initialization and padded inputs.
  TileAndFusePassOptions tileAndFuse;
  tileAndFuse.wholePads = true;
  pm.addPass(createReleaseUnreferencedWeightsPass());
  pm.addNestedPass<func::FuncOp>(createTileAndFusePass(tileAndFuse));
  pm.addPass(createCanonicalizerPass());
  // (CSE as `cse` does, with the tiled loops, alike but for their bodies,
  // never compared with each other: linear in their number.)
  pm.addNestedPass<func::FuncOp>(createKernelCSEPass());
  // Each kernel carries its row of the report, which the outlined
  // functions are named after and --report=slow names the slow ones by.
  if (options.outlineKernels || options.scalarKernels)
    pm.addNestedPass<func::FuncOp>(createNumberKernelsPass());
}

void addEntryPointBufferizationPasses(OpPassManager &pm,
                                      bool materializePads) {
  // The graph is inlined into the entry point so results can be computed in
  // the caller's output buffers (materialize_in_destination) ...
  pm.addPass(createInlinerPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createCanonicalizerPass());
  // ... which empty-tensor elimination makes the destination of the ops
  // producing them, before one-shot bufferization decides what to copy.
  // Results must not share an accumulator that CSE merged, and a result
  // that is a reshape is stored through a reshaped view of its buffer.
  pm.addNestedPass<func::FuncOp>(createUnshareInitTensorsPass());
  pm.addNestedPass<func::FuncOp>(createFoldResultReshapesPass());
  // Concatenations become buffers their pieces' producers write into
  // (after the last CSE, before the pads' chains exist), and the pads the
  // tiles left whole become buffers their sources' producers write into
  // (after the last CSE: equal padded tensors must stay two). CPU only.
  if (materializePads) {
    pm.addNestedPass<func::FuncOp>(createConcatInPlacePass());
    pm.addNestedPass<func::FuncOp>(createMaterializePadsPass());
  }
  // A recurrence's step computes its new state where the old one was, so
  // the state keeps one buffer for the whole loop.
  pm.addNestedPass<func::FuncOp>(createLoopCarriedInPlacePass());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // A graph loop's state that cannot be updated in place (which
  // aotc-loop-carried-in-place makes rare) gets a new buffer per step
  // rather than failing the compile.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  // A recurrence's per-step temporaries (its recurrent product) are
  // allocated once, before the loop, where memory planning places them.
  pm.addNestedPass<func::FuncOp>(createHoistGraphLoopAllocsPass());
  // The buffers a branch of a run-time If computes its results into are
  // one buffer before the scf.if, where memory planning places it.
  pm.addNestedPass<func::FuncOp>(createHoistBranchResultAllocsPass());
}

void buildBufferizationStage(OpPassManager &pm,
                             const CPUPipelineOptions &options) {
  GenerateEntryPointPassOptions entry;
  entry.entry = options.entry;
  entry.symbolPrefix = options.name;
  pm.addPass(createGenerateEntryPointPass(entry));
  addEntryPointBufferizationPasses(pm, /*materializePads=*/true);
  // Static memory planning: every temporary whose uses it can follow gets a
  // fixed offset, chosen by liveness, in one arena, the caller's `temp`
  // (malloc'd once when that is NULL). It runs before deallocation so that
  // only what it could not plan is left to malloc and free.
  pm.addPass(createPlanMemoryPass());
  // Every temporary left is freed on every path: the object leaks nothing.
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createCanonicalizerPass());
  // Copies between strided buffers (concat, slices) would call MLIR's
  // runtime library; as linalg.copy they become loops in the next stage.
  // A padded window a tile fills whole and then overwrites with its
  // interior is filled on its border only.
  pm.addNestedPass<func::FuncOp>(createFillPadBordersPass());
  pm.addNestedPass<func::FuncOp>(createLowerStridedCopiesPass());
}

void buildLoopsStage(OpPassManager &pm, const CPUPipelineOptions &options) {
  if (options.outlineKernels)
    pm.addPass(createOutlineKernelsPass());
  // tg.matmul_nbits' contractions unpack their codes in registers (before
  // anything reorders their loops).
  NBitMatmulKernelsPassOptions nbit;
  nbit.vectorBits = options.vectorBits;
  pm.addNestedPass<func::FuncOp>(createNBitMatmulKernelsPass(nbit));
  // The Winograd transforms, separably (the table sums they lower to
  // would take 4x the arithmetic).
  WinogradKernelsPassOptions winogradKernels;
  winogradKernels.vectorBits = options.vectorBits;
  pm.addNestedPass<func::FuncOp>(createWinogradKernelsPass(winogradKernels));
  // Float sums may be accumulated in any order, so LLVM keeps several
  // partial sums in vector registers instead of one add per element.
  pm.addNestedPass<func::FuncOp>(createReassociateReductionsPass());
  // Contractions loop over the output's contiguous dimension innermost, so
  // LLVM vectorizes across output elements.
  pm.addNestedPass<func::FuncOp>(createVectorizableLoopOrderPass());
  // VNNI contractions first, so that their elementwise epilogues are
  // still generics to apply to their register tiles.
  if (options.vnni)
    pm.addNestedPass<func::FuncOp>(createVNNIKernelsPass());
  // Generics with a contiguous parallel dimension become register-tiled
  // vector code (accumulators in registers across the reduction loops);
  // what it leaves becomes scalar loops for LLVM's vectorizers.
  // Transpositions whose loops are a producer's tiles (a Winograd output
  // transform's 4x4 blocks) get those loops merged first, so the vector
  // transposition blocks run along whole image rows.
  pm.addNestedPass<func::FuncOp>(createCollapseTranspositionDimsPass());
  VectorKernelsPassOptions vectorKernels;
  vectorKernels.vectorBits = options.vectorBits;
  vectorKernels.registers = options.vectorRegisters;
  pm.addNestedPass<func::FuncOp>(createVectorKernelsPass(vectorKernels));
  // Fills left over (a padded window's border value) are stored along
  // rows; LLVM vectorized -inf fills as scatters.
  pm.addNestedPass<func::FuncOp>(createVectorizeFillsPass());
  // What no vector kernel took and will run slowly as scalar loops, for
  // --report=slow.
  if (options.scalarKernels)
    pm.addNestedPass<func::FuncOp>(createMarkScalarKernelsPass());
  // Elementwise ops no vector kernel took (transpositions) become loops
  // that NAME_run_parallel can share out too.
  pm.addNestedPass<func::FuncOp>(createParallelElementwiseLoopsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // NAME_run_parallel: each large kernel's outermost parallel loop becomes
  // a task function that the caller's threads run over ranges of its
  // iterations; NAME_run runs the same tasks on its own thread.
  ParallelizeKernelsPassOptions parallelize;
  parallelize.minTaskWork = options.parallelMinWork;
  parallelize.serialFunctions = !options.outlineKernels;
  pm.addPass(createParallelizeKernelsPass(parallelize));
  // Loads of the arena that no store in their loop can change leave it:
  // LLVM cannot tell a worker's scratch from the buffer a loop writes.
  pm.addNestedPass<func::FuncOp>(createHoistInvariantLoadsPass());
  // A repeated layer's kernels are one task function, compiled once, given
  // its weights and buffer offsets by each dispatch.
  pm.addPass(createMergeIdenticalTasksPass());
  // LLVM's optimizations grow faster than linearly with a function's size,
  // and so does canonicalizing a body of many kernels: a deep graph's entry
  // point is compiled in parts of a bounded number of kernels (one call
  // per part at run time).
  if (!options.outlineKernels)
    pm.addPass(createSplitEntryPointPass());
  OpPassManager &funcs = pm.nest<func::FuncOp>();
  funcs.addPass(createCanonicalizerPass());
  funcs.addPass(createCSEPass());
}

void buildLLVMStage(OpPassManager &pm, const CPUPipelineOptions &options) {
  // Integer powers have no LLVM intrinsic: expand them to loops first (this
  // adds functions, so it runs on the module).
  ConvertMathToFuncsOptions mathToFuncs;
  mathToFuncs.convertCtlz = false;
  pm.addPass(createConvertMathToFuncs(mathToFuncs));
  // The rest of the lowering works function by function: nested, the
  // entry point's parts and the kernels' task functions are lowered in
  // parallel on the compiler's threads.
  OpPassManager &funcs = pm.nest<func::FuncOp>();
  funcs.addPass(createLowerAffinePass());
  funcs.addPass(createSCFToControlFlowPass());
  // Subviews and reshapes of buffers become plain descriptor arithmetic.
  funcs.addPass(memref::createExpandStridedMetadataPass());
  funcs.addPass(createLowerAffinePass());
  // x86 has no bf16 arithmetic and LLVM would call libgcc's conversion
  // helpers: compute bf16 math in f32 and expand the bf16 <-> f32
  // conversions into integer ops, so the object needs only libc and libm.
  funcs.addPass(math::createMathExtendToSupportedTypes());
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16"};
  funcs.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  funcs.addPass(createExpandBF16ConversionsPass());
  // Without SSE4.1, llvm.roundeven would call C's roundeven, which C99's
  // libm lacks: round half to even from floor instead.
  if (!options.roundInstructions)
    funcs.addPass(createExpandRoundEvenPass());
  // f32 exp, tanh and erf (softmax, sigmoid, SiLU, GELU) become inline
  // arithmetic on the kernels' vectors, not a libm call per element.
  ApproximateMathPassOptions approximate;
  approximate.ops = {"math.exp", "math.tanh", "math.erf"};
  funcs.addPass(createApproximateMathPass(approximate));
  // Math with an LLVM intrinsic uses it; the rest (erf, tanh, ...) calls
  // libm (which declares functions: on the module).
  funcs.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // The register-tiled kernels' vector loads, stores, masks and broadcasts.
  pm.addNestedPass<func::FuncOp>(createConvertVectorToLLVMPass());
  addHostToLLVMPasses(pm);
}

void addHostToLLVMPasses(OpPassManager &pm) {
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  OpPassManager &funcs = pm.nest<func::FuncOp>();
  funcs.addPass(createArithToLLVMConversionPass());
  funcs.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createCanonicalizerPass());
  // Weights as one flat LLVM array each, not a tree of uniqued rows.
  pm.addPass(createFlattenConstantGlobalsPass());
}

static const PipelineStage kCPUStages[] = {
    {"tg-to-linalg", buildTGToLinalgStage},
    {"fusion", buildFusionStage},
    {"bufferize", buildBufferizationStage},
    {"loops", buildLoopsStage},
    {"llvm", buildLLVMStage},
};

ArrayRef<PipelineStage> getCPUPipelineStages() { return kCPUStages; }

void buildCPUCodegenPipeline(OpPassManager &pm,
                             const CPUPipelineOptions &options) {
  buildStages<CPUPipelineOptions>(kCPUStages, pm, options);
}

void registerPipelines() {
  static const char *const descriptions[] = {
      "CPU stage 1: fold tg and lower it to linalg on tensors",
      "CPU stage 2: fuse elementwise linalg producers and consumers",
      "CPU stage 3: generate the C entry point and bufferize",
      "CPU stage 4: lower linalg on buffers to loops",
      "CPU stage 5: lower to the LLVM dialect",
  };
  registerStages<CPUPipelineOptions>(
      "cpu", kCPUStages, descriptions,
      "The whole CPU pipeline, tg to the LLVM dialect", buildCPUCodegenPipeline);
}

} // namespace aotc

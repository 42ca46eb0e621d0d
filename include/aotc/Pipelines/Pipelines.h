//===- Pipelines.h - aotc's pass pipelines ------------------------*- C++ -*-===//
//
// The CPU code generation pipeline as named stages. Each stage is a builder
// function over CPUPipelineOptions, registered with PassPipelineRegistration
// so a lit test can run any stage alone, and the driver runs the very same
// builders one after another (dumping the IR between them with --dump-dir).
//
//   tg ─► linalg ─► fused linalg ─► buffers + entry point ─► loops ─► LLVM
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_PIPELINES_PIPELINES_H
#define AOTC_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace aotc {

/// Options shared by every stage of the CPU pipeline.
struct CPUPipelineOptions : mlir::PassPipelineOptions<CPUPipelineOptions> {
  Option<std::string> entry{*this, "entry",
                            llvm::cl::desc("The graph function to compile"),
                            llvm::cl::init("main")};
  Option<std::string> name{
      *this, "name",
      llvm::cl::desc("C symbol prefix: the entry point is <name>_run"),
      llvm::cl::init("graph")};
  Option<bool> fusion{*this, "fusion",
                      llvm::cl::desc("Fuse elementwise linalg ops"),
                      llvm::cl::init(true)};
  Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width of the target CPU in bits"),
      llvm::cl::init(256)};
  Option<unsigned> vectorRegisters{
      *this, "vector-registers",
      llvm::cl::desc("Number of vector registers of the target CPU"),
      llvm::cl::init(16)};
  Option<bool> roundInstructions{
      *this, "round-instructions",
      llvm::cl::desc("The target CPU rounds to integers in one instruction "
                     "(SSE4.1); without, round-half-even is expanded"),
      llvm::cl::init(true)};
  Option<bool> vnni{
      *this, "vnni",
      llvm::cl::desc("The target CPU has AVX-512 VNNI: uint8 x int8 matmuls "
                     "run as vpdpbusd"),
      llvm::cl::init(false)};
  Option<std::string> winograd{
      *this, "winograd",
      llvm::cl::desc("3x3 convolutions by Winograd's F(4x4, 3x3): auto (where "
                     "the cost model says it pays), always or never"),
      llvm::cl::init("auto")};
  Option<bool> outlineKernels{
      *this, "outline-kernels",
      llvm::cl::desc("Compile each kernel as a non-inlined function of its "
                     "own (for profilers)"),
      llvm::cl::init(false)};
  Option<bool> scalarKernels{
      *this, "scalar-kernels",
      llvm::cl::desc("Number the kernels and record those left to scalar "
                     "loops (aotc.scalar_kernels, for --report=slow)"),
      llvm::cl::init(false)};
  Option<int64_t> parallelMinWork{
      *this, "parallel-min-work",
      llvm::cl::desc("Vector lanes of work below which a kernel runs "
                     "serially in NAME_run_parallel"),
      llvm::cl::init(1 << 18)};
};

/// Stage 1: canonicalize tg (folds) and lower it to linalg on tensors.
void buildTGToLinalgStage(mlir::OpPassManager &pm,
                          const CPUPipelineOptions &options);
/// Stage 2: fuse producer/consumer linalg ops so intermediates stay in
/// registers (a no-op when options.fusion is off).
void buildFusionStage(mlir::OpPassManager &pm,
                      const CPUPipelineOptions &options);
/// Stage 3: wrap the graph in the C entry point, inline it, bufferize in
/// place into the caller's buffers, and insert deallocations.
void buildBufferizationStage(mlir::OpPassManager &pm,
                             const CPUPipelineOptions &options);
/// Stage 4: lower linalg on buffers to scf loops.
void buildLoopsStage(mlir::OpPassManager &pm,
                     const CPUPipelineOptions &options);
/// Stage 5: lower everything to the LLVM dialect.
void buildLLVMStage(mlir::OpPassManager &pm,
                    const CPUPipelineOptions &options);

/// The whole CPU pipeline: every stage above, in order.
/// What both targets do after generating their entry point: inline the
/// graph into it, then bufferize so results land in the caller's buffers.
/// With `materializePads` (the CPU), the pads aotc-tile-and-fuse left whole
/// become buffers their sources are written into (aotc-cpu-materialize-pads).
void addEntryPointBufferizationPasses(mlir::OpPassManager &pm,
                                      bool materializePads = false);

/// The host-side tail both targets end with: memref, arith, index, func and
/// cf to the LLVM dialect, unrealized casts reconciled. Math, affine and scf
/// must be lowered before.
void addHostToLLVMPasses(mlir::OpPassManager &pm);

void buildCPUCodegenPipeline(mlir::OpPassManager &pm,
                             const CPUPipelineOptions &options);

/// A named pipeline stage, as the driver runs and dumps them.
template <typename Options>
struct PipelineStageOf {
  llvm::StringLiteral name;
  void (*build)(mlir::OpPassManager &, const Options &);
};
using PipelineStage = PipelineStageOf<CPUPipelineOptions>;

/// The CPU stages in order.
llvm::ArrayRef<PipelineStage> getCPUPipelineStages();

/// Registers every stage (`aotc-cpu-<stage>`) and the whole pipeline
/// (`aotc-cpu-pipeline`) with MLIR's pass registry.
void registerPipelines();

//===----------------------------------------------------------------------===//
// The CUDA pipeline (GPUPipeline.cpp, docs/cuda.md)
//===----------------------------------------------------------------------===//

/// Options of every stage of the CUDA pipeline.
struct GPUPipelineOptions : mlir::PassPipelineOptions<GPUPipelineOptions> {
  Option<std::string> entry{*this, "entry",
                            llvm::cl::desc("The graph function to compile"),
                            llvm::cl::init("main")};
  Option<std::string> name{
      *this, "name",
      llvm::cl::desc("C symbol prefix: the entry points are <name>_run and "
                     "<name>_run_on_stream"),
      llvm::cl::init("graph")};
  Option<bool> fusion{*this, "fusion",
                      llvm::cl::desc("Fuse elementwise linalg ops"),
                      llvm::cl::init(true)};
  Option<std::string> gpuArch{
      *this, "gpu-arch",
      llvm::cl::desc("The GPU architecture of the PTX and cubin (sm_70 or "
                     "newer)"),
      llvm::cl::init("sm_80")};
  Option<unsigned> blockSize{
      *this, "block-size", llvm::cl::desc("Threads per block of a kernel"),
      llvm::cl::init(256)};
  Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM optimization level of the device code (0-3)"),
      llvm::cl::init(2)};
  Option<std::string> toolkitPath{
      *this, "toolkit-path",
      llvm::cl::desc("CUDA toolkit whose libdevice implements math on the "
                     "GPU (empty: $CUDA_HOME and friends, as upstream's "
                     "gpu-module-to-binary looks)"),
      llvm::cl::init("")};
  Option<bool> tf32{
      *this, "tf32",
      llvm::cl::desc("Run f32 contractions on tensor cores with tf32 "
                     "operands (about 1e-3 relative error; sm_80+)"),
      llvm::cl::init(false)};
  Option<std::string> ptxas{
      *this, "ptxas",
      llvm::cl::desc("ptxas to compile the PTX into a cubin with (empty: "
                     "embed the PTX alone)"),
      llvm::cl::init("")};
};

/// CUDA stage 1: the CPU's tg-to-linalg stage.
void buildGPUTGToLinalgStage(mlir::OpPassManager &pm,
                             const GPUPipelineOptions &options);
/// CUDA stage 2: elementwise fusion; no tile-and-fuse (its loop nests are
/// the CPU's), so each kernel is one linalg op.
void buildGPUFusionStage(mlir::OpPassManager &pm,
                         const GPUPipelineOptions &options);
/// CUDA stage 3: the NAME_run_on_stream entry point, inlining, bufferization
/// in place into the caller's device buffers.
void buildGPUBufferizationStage(mlir::OpPassManager &pm,
                                const GPUPipelineOptions &options);
/// CUDA stage 4: each linalg op becomes a gpu.launch (parallel loops on a
/// grid of threads), outlined into one gpu.module of kernels.
void buildGPUKernelsStage(mlir::OpPassManager &pm,
                          const GPUPipelineOptions &options);
/// CUDA stage 5: the gpu.module through NVVM to PTX (a gpu.binary).
void buildGPUDeviceStage(mlir::OpPassManager &pm,
                         const GPUPipelineOptions &options);
/// CUDA stage 6: host code calling libaotc_cuda_runtime, with the PTX (and
/// cubin) and weights embedded, lowered to the LLVM dialect.
void buildGPUHostStage(mlir::OpPassManager &pm,
                       const GPUPipelineOptions &options);

/// The whole CUDA pipeline: every stage above, in order.
void buildGPUCodegenPipeline(mlir::OpPassManager &pm,
                             const GPUPipelineOptions &options);

/// A named stage of the CUDA pipeline.
using GPUPipelineStage = PipelineStageOf<GPUPipelineOptions>;

/// The CUDA stages in order.
llvm::ArrayRef<GPUPipelineStage> getGPUPipelineStages();

/// Registers every CUDA stage (`aotc-cuda-<stage>`) and the whole pipeline
/// (`aotc-cuda-pipeline`) with MLIR's pass registry.
void registerGPUPipelines();

} // namespace aotc

#endif // AOTC_PIPELINES_PIPELINES_H

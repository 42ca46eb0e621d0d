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
void buildCPUCodegenPipeline(mlir::OpPassManager &pm,
                             const CPUPipelineOptions &options);

/// A named pipeline stage, as the driver runs and dumps them.
struct PipelineStage {
  llvm::StringLiteral name;
  void (*build)(mlir::OpPassManager &, const CPUPipelineOptions &);
};

/// The CPU stages in order.
llvm::ArrayRef<PipelineStage> getCPUPipelineStages();

/// Registers every stage (`aotc-cpu-<stage>`) and the whole pipeline
/// (`aotc-cpu-pipeline`) with MLIR's pass registry.
void registerPipelines();

} // namespace aotc

#endif // AOTC_PIPELINES_PIPELINES_H

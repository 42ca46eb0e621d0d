//===- StageRegistration.h - a target's stages as MLIR pipelines -*- C++ -*-===//
//
// What CPUPipeline.cpp and GPUPipeline.cpp share: running a target's stages
// in order, and registering each stage (`aotc-<target>-<stage>`) and the
// whole pipeline (`aotc-<target>-pipeline`) for aotc-opt.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_PIPELINES_STAGEREGISTRATION_H
#define AOTC_LIB_PIPELINES_STAGEREGISTRATION_H

#include "aotc/Pipelines/Pipelines.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"

namespace aotc {

/// Adds every stage of `stages` to `pm`, in order.
template <typename Options>
void buildStages(llvm::ArrayRef<PipelineStageOf<Options>> stages,
                 mlir::OpPassManager &pm, const Options &options) {
  for (const PipelineStageOf<Options> &stage : stages)
    stage.build(pm, options);
}

/// Registers `aotc-<target>-<stage>` for each stage, described by the
/// matching entry of `descriptions`, and `aotc-<target>-pipeline` building
/// them all with `whole`.
template <typename Options>
void registerStages(llvm::StringRef target,
                    llvm::ArrayRef<PipelineStageOf<Options>> stages,
                    llvm::ArrayRef<const char *> descriptions,
                    llvm::StringRef wholeDescription,
                    void (*whole)(mlir::OpPassManager &, const Options &)) {
  assert(stages.size() == descriptions.size() && "one description a stage");
  for (auto [stage, description] : llvm::zip(stages, descriptions))
    mlir::PassPipelineRegistration<Options>(
        ("aotc-" + target + "-" + stage.name).str(), description,
        stage.build);
  mlir::PassPipelineRegistration<Options>(
      ("aotc-" + target + "-pipeline").str(), wholeDescription, whole);
}

} // namespace aotc

#endif // AOTC_LIB_PIPELINES_STAGEREGISTRATION_H

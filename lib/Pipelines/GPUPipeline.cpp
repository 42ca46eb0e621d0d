//===- GPUPipeline.cpp - the CUDA code generation pipeline ----------------===//
//
// Builds the CUDA stages declared in Pipelines.h (docs/cuda.md) from the CPU
// pipeline's first stage, upstream MLIR's GPU passes and the CUDA target's
// own passes. Comments say why each pass sits where it does.
//
//===----------------------------------------------------------------------===//

#include "aotc/Pipelines/Pipelines.h"

#include "StageRegistration.h"

#include "aotc/Dialect/TG/Transforms/Passes.h"
#include "aotc/Target/CPU/Passes.h"
#include "aotc/Target/CUDA/Passes.h"
#include "aotc/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace aotc {

/// The NN of an "sm_NN" architecture name (0 when it is not one).
static unsigned getSMVersion(StringRef gpuArch) {
  unsigned version = 0;
  if (gpuArch.consume_front("sm_"))
    (void)gpuArch.take_while(llvm::isDigit).getAsInteger(10, version);
  return version;
}

void buildGPUTGToLinalgStage(OpPassManager &pm,
                             const GPUPipelineOptions &options) {
  CPUPipelineOptions cpu;
  cpu.entry = options.entry;
  cpu.name = options.name;
  cpu.fusion = options.fusion;
  // Winograd's cost model weighs CPU kernels; the GPU's convolutions keep
  // their own lowering.
  cpu.winograd = "never";
  // The host cannot read a condition that lives in device memory without
  // stalling the stream: an If of the graph computes both branches.
  pm.addNestedPass<func::FuncOp>(createSpeculateGraphIfsPass());
  buildTGToLinalgStage(pm, cpu);
}

void buildGPUFusionStage(OpPassManager &pm, const GPUPipelineOptions &options) {
  if (!options.fusion)
    return;
  // The CPU's fusion stage without its last step, tile-and-fuse: that one
  // builds serial loop nests over rows for a CPU core. Here each fused
  // linalg op becomes one kernel, one thread per output element.
  pm.addNestedPass<func::FuncOp>(createLinalgGeneralizeNamedOpsPass());
  pm.addNestedPass<func::FuncOp>(createFuseElementwisePass());
  pm.addPass(createQuantizeArithmeticPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildGPUBufferizationStage(OpPassManager &pm,
                                const GPUPipelineOptions &options) {
  CUDAGenerateEntryPointPassOptions entry;
  entry.entry = options.entry;
  entry.symbolPrefix = options.name;
  pm.addPass(createCUDAGenerateEntryPointPass(entry));
  // As on the CPU: the graph is inlined into the entry point so that the
  // results are computed in the caller's (device) buffers.
  addEntryPointBufferizationPasses(pm);
  // No deallocation pipeline: every temporary gets a fixed place in the
  // device arena (aotc-cuda-lower-host), nothing is freed per buffer.
}

void buildGPUKernelsStage(OpPassManager &pm,
                          const GPUPipelineOptions &options) {
  // Copies become linalg ops and parallel loops come first, so each linalg
  // op becomes one scf.parallel over its output, reductions inside.
  pm.addNestedPass<func::FuncOp>(createCUDAPrepareKernelsPass());
  // Contractions (matmul, conv) become kernels of their own while their
  // indexing maps are still explicit: operand tiles staged in workgroup
  // memory, tensor cores where the architecture has mma.sync (sm_80+).
  CUDATileContractionsPassOptions tiling;
  tiling.tensorCores = getSMVersion(options.gpuArch) >= 80;
  tiling.tf32 = options.tf32;
  pm.addNestedPass<func::FuncOp>(createCUDATileContractionsPass(tiling));
  // Long reductions become kernels of cooperating threads while they are
  // still linalg ops (their combiner and terms are explicit there).
  pm.addNestedPass<func::FuncOp>(createCUDAMapReductionsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // A reduction's fill and epilogue run in the reducing thread.
  pm.addNestedPass<func::FuncOp>(createCUDAFuseSiblingLoopsPass());
  // ... and its accumulator stays in a register.
  pm.addNestedPass<func::FuncOp>(createCUDAPromoteAccumulatorsPass());
  // Elementwise kernels read and write 16 bytes per thread and access.
  pm.addNestedPass<func::FuncOp>(createCUDAVectorizeElementwisePass());
  CUDAMapToGridPassOptions grid;
  grid.blockSize = options.blockSize;
  grid.kernelPrefix = options.name;
  pm.addNestedPass<func::FuncOp>(createCUDAMapToGridPass(grid));
  // Integer powers have no NVVM lowering: they become helper functions,
  // which outlining copies into the gpu.module with the kernels using them.
  ConvertMathToFuncsOptions mathToFuncs;
  mathToFuncs.convertCtlz = false;
  pm.addPass(createConvertMathToFuncs(mathToFuncs));
  // Constants the canonicalizer hoisted out of a launch (those of the
  // reduction kernels) go back in, so they are not kernel arguments.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  // Every launch names the one gpu.module of the graph, so outlining puts
  // all kernels into it: one PTX, one CUDA module to load.
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createCanonicalizerPass());
}

void buildGPUDeviceStage(OpPassManager &pm, const GPUPipelineOptions &options) {
  // Without the CUDA toolkit there is no libdevice: f32 transcendental
  // functions become inline polynomial approximations (a few ulp), and after
  // the NVVM conversion the libdevice calls that PTX has an instruction for
  // (fma, sqrt, floor, ...) become LLVM intrinsics.
  if (options.toolkitPath.empty()) {
    // f16 and bf16 math is computed in f32 (as libdevice does too), so the
    // approximations apply to it.
    pm.addPass(math::createMathExtendToSupportedTypes());
    ApproximateMathPassOptions approximate;
    approximate.ops = {"math.exp",   "math.expm1", "math.log",  "math.log2",
                       "math.log1p", "math.tanh",  "math.erf",  "math.erfc",
                       "math.sin",   "math.cos",   "math.atan", "math.atan2",
                       "math.asin",  "math.acos",  "math.cbrt"};
    pm.addPass(createApproximateMathPass(approximate));
  }
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  // Workgroup buffers read or written as vectors get the vectors'
  // alignment.
  device.addPass(createCUDAAlignWorkgroupMemoryPass());
  // A view at a graph loop's time step is taken inside the kernel
  // (aotc-cuda-map-to-grid): its offset becomes pointer arithmetic.
  device.addPass(memref::createExpandStridedMetadataPass());
  device.addPass(createLowerAffinePass());
  device.addPass(createSCFToControlFlowPass());
  // The tensor-core kernels' nvgpu.mma.sync becomes nvvm.mma.sync.
  device.addPass(createConvertNVGPUToNVVMPass());
  // Kernel arguments are bare pointers (the offsets and strides of every
  // buffer are static), so the host passes one pointer per buffer.
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.useBarePtrCallConv = true;
  device.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  if (options.toolkitPath.empty())
    device.addPass(createCUDAMathWithoutLibdevicePass());
  // Math that neither libdevice nor NVVM covers (math.trunc, ...) has an
  // LLVM intrinsic the NVPTX back end lowers.
  device.addPass(createConvertMathToLLVMPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.gpuArch;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  // PTX through LLVM's NVPTX back end, in process: no CUDA toolkit needed.
  // libdevice (math functions) is linked from the toolkit when there is one.
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  binary.toolkitPath = options.toolkitPath;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void buildGPUHostStage(OpPassManager &pm, const GPUPipelineOptions &options) {
  CUDALowerHostPassOptions host;
  host.symbolPrefix = options.name;
  host.gpuArch = options.gpuArch;
  host.ptxas = options.ptxas;
  pm.addPass(createCUDALowerHostPass(host));
  pm.addPass(createCanonicalizerPass());
  // The host code is straight-line calls and buffer descriptors.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  addHostToLLVMPasses(pm);
}

static const GPUPipelineStage kGPUStages[] = {
    {"tg-to-linalg", buildGPUTGToLinalgStage},
    {"fusion", buildGPUFusionStage},
    {"bufferize", buildGPUBufferizationStage},
    {"kernels", buildGPUKernelsStage},
    {"device", buildGPUDeviceStage},
    {"host", buildGPUHostStage},
};

ArrayRef<GPUPipelineStage> getGPUPipelineStages() { return kGPUStages; }

void buildGPUCodegenPipeline(OpPassManager &pm,
                             const GPUPipelineOptions &options) {
  buildStages<GPUPipelineOptions>(kGPUStages, pm, options);
}

void registerGPUPipelines() {
  static const char *const descriptions[] = {
      "CUDA stage 1: fold tg and lower it to linalg on tensors",
      "CUDA stage 2: fuse elementwise linalg producers and consumers",
      "CUDA stage 3: generate NAME_run_on_stream and bufferize",
      "CUDA stage 4: map each linalg op to a gpu.launch and outline kernels",
      "CUDA stage 5: lower the kernels through NVVM to PTX",
      "CUDA stage 6: host code over libaotc_cuda_runtime, to the LLVM "
      "dialect",
  };
  registerStages<GPUPipelineOptions>(
      "cuda", kGPUStages, descriptions,
      "The whole CUDA pipeline, tg to the LLVM dialect", buildGPUCodegenPipeline);
}

} // namespace aotc

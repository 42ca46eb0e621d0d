//===- KernelReport.h - what the compiler made of a graph ---------*- C++
//-*-===//
//
// The analysis behind `aotc --report` and `aotc-print-kernel-report`: it
// splits a graph function in linalg on tensors (the module after the CPU
// pipeline's fusion stage) into kernels and counts, per kernel, the graph
// ops it computes, its FLOPs and the bytes it must read and write.
//
// A kernel is one top-level op of the function body that does work at run
// time: a linalg op, tensor.pad, a copying tensor.insert_slice,
// tensor.concat, or a loop nest (scf.for, scf.forall, ...) with tensor
// results, such as a tiled-and-fused group of linalg ops; and the copy of
// a returned value that cannot be computed in the caller's buffer (an
// argument, a constant, a view, or a value returned twice). Constants,
// tensor.empty, views (expand_shape, collapse_shape, extract_slice,
// tensor.reshape, tensor.cast) and scalar code are not kernels.
// docs/report.md states every rule and column.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_KERNELREPORT_H
#define AOTC_ANALYSIS_KERNELREPORT_H

#include "aotc/Analysis/Origins.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aotc {

/// What a kernel does, from its body.
enum class KernelKind {
  Compute, ///< arithmetic on its inputs
  Int8,    ///< a contraction multiplying 8-bit integers (a quantized
           ///< matmul or convolution), accumulated in int32
  Fill,    ///< writes a value that depends on no tensor (a linalg.fill)
  Copy,    ///< moves or converts data without arithmetic (transpose,
           ///< broadcast, gather, cast, insert_slice, concat)
  Pad,     ///< tensor.pad: a fill of the border plus a copy of the source
  Loops,   ///< a loop nest (a tiled group of linalg ops, or scalar loops)
};

/// The name of `kind` as the report prints it: `compute`, `fill`, ...
llvm::StringRef stringifyKernelKind(KernelKind kind);

/// One kernel and its counts.
struct Kernel {
  /// The top-level op of the function that is the kernel.
  mlir::Operation *op = nullptr;
  KernelKind kind = KernelKind::Compute;
  /// The graph ops it computes, in data-flow order (from locations; see
  /// Origins.h). Empty for IR that carries no origins.
  llvm::SmallVector<Origin> origins;
  /// The names of the ops doing the work inside it (`linalg.matmul`,
  /// `tensor.pad`), in program order, for IR without origins.
  llvm::SmallVector<std::string> opNames;
  /// For the copy of a returned value into the caller's buffer (an
  /// argument, constant or view returned as is): `output N`.
  std::string destination;
  /// The iteration space: `1x64x56x56 / 64x3x3` (parallel / reduction
  /// dimensions) for one linalg op, the copied shape for pad and copies,
  /// `8x4 tiles` for a loop nest.
  std::string iterations;
  /// Floating-point operations, and integer operations on non-index types,
  /// summed over every iteration.
  uint64_t flops = 0;
  uint64_t intOps = 0;
  /// Compulsory traffic: every byte of every tensor the kernel takes from
  /// outside (arguments, constants, other kernels' results) once, and every
  /// byte of its results once.
  uint64_t bytesRead = 0;
  uint64_t bytesWritten = 0;
  /// Set when a count had to be bounded rather than computed exactly
  /// (dynamic tile sizes or trip counts, data-dependent branches).
  bool approximate = false;
};

/// A 3x3 convolution aotc-tg-winograd-convs weighed, read from the graph
/// function's `aotc.winograd` attribute: its estimated costs (in
/// multiply-adds) computed directly and by Winograd's F(4x4, 3x3), and
/// which it chose.
struct WinogradChoice {
  /// The ONNX node, or "" for a graph without node names.
  std::string node;
  int64_t inChannels = 0, outChannels = 0;
  /// `NxHxW` of the outputs.
  std::string outputs;
  /// The dilation, `D` or `DHxDW` where they differ.
  std::string dilation = "1";
  double directCost = 0, winogradCost = 0;
  bool chosen = false;
};

/// The kernels of one function and its totals.
struct FunctionReport {
  std::string function;
  std::vector<Kernel> kernels;
  /// Bytes of the tensor constants (dense and dense_resource) the function
  /// uses, and how many there are.
  uint64_t constantBytes = 0;
  unsigned numConstants = 0;
  /// The convolutions Winograd's cost model weighed, in graph order.
  std::vector<WinogradChoice> winograd;

  uint64_t totalFlops() const;
  uint64_t totalIntOps() const;
  uint64_t totalBytesRead() const;
  uint64_t totalBytesWritten() const;
  bool anyApproximate() const;
};

/// Checks that `func` is in the form the report reads: ops on tensors, no
/// tg ops left (not lowered yet) and no buffers (bufferized already).
/// Emits an error at the first op that is not, and fails.
mlir::LogicalResult verifyKernelReportInput(mlir::func::FuncOp func);

/// Splits `func` (linalg on tensors) into kernels and counts them.
FunctionReport analyzeKernels(mlir::func::FuncOp func);

/// The attribute aotc-cpu-number-kernels gives each kernel's top-level op
/// (its row number in analyzeKernels), so that aotc-cpu-outline-kernels
/// names the function it becomes after that row.
inline constexpr llvm::StringLiteral kKernelNumberAttr = "aotc.kernel";
/// On a function: the rows of the kernels left to scalar loops
/// (aotc-cpu-mark-scalar-kernels).
inline constexpr llvm::StringLiteral kScalarKernelsAttr =
    "aotc.scalar_kernels";

/// The kernels `entry` launches, as the CUDA pipeline leaves it after its
/// `kernels` stage: one per gpu.launch_func, in launch order, counted from
/// the outlined gpu.func (LaunchReport.cpp): its FLOPs per thread times the
/// threads that run them, every buffer argument it reads or writes once,
/// and the graph ops that its locations name. The constants are the
/// memref.global constants `entry` reads.
FunctionReport analyzeLaunches(mlir::func::FuncOp entry);

/// The bytes a buffer of `type` occupies: elements times the element's
/// size rounded up to whole bytes (i1 is one byte, as in the C header).
/// Returns 0 for types without a static shape.
uint64_t getTensorBytes(mlir::Type type);

/// The scratch bytes the memory planner recorded on `module` as the
/// `aotc.temp_bytes` attribute, if it ran.
std::optional<uint64_t> getPlannedTempBytes(mlir::ModuleOp module);

/// Where a report came from, for its title line.
/// A kernel that NAME_run_parallel runs as tasks
/// (aotc-cpu-parallelize-kernels records them in the module).
struct ParallelKernel {
  /// The task function, `NAME_task_K`.
  std::string task;
  /// Tasks per dispatch, and dispatches per call (more than one when the
  /// kernel's outer loop has too few iterations and its inner loop is split
  /// once per outer iteration).
  int64_t tasks = 0, calls = 0;
  llvm::SmallVector<Origin> origins;
};

/// The parallel kernels recorded in `module`, or nullopt when it was not
/// compiled for NAME_run_parallel.
std::optional<std::vector<ParallelKernel>>
getParallelKernels(mlir::ModuleOp module);

struct ReportContext {
  /// `name mlp, x86_64, cpu x86-64-v3`; empty for none.
  std::string description;
  /// The temporary arena's size, when memory planning ran.
  std::optional<uint64_t> tempBytes;
  /// The kernels NAME_run_parallel splits into tasks (x86-64 only), and the
  /// scratch bytes each worker past the first adds to `temp`.
  std::optional<std::vector<ParallelKernel>> parallel;
  uint64_t workerTempBytes = 0;
};

/// Prints `report` as a table, one row per kernel, then the totals.
void printKernelReport(const FunctionReport &report,
                       const ReportContext &context, llvm::raw_ostream &os);

/// `--report=slow`: of `report`, only the kernels whose rows (from 1) are
/// in `scalarKernels`, those left to scalar loops
/// (aotc-cpu-mark-scalar-kernels), each with its share of the graph's
/// FLOPs and integer ops, heaviest first; or a line saying there are none.
void printSlowKernelReport(const FunctionReport &report,
                           const ReportContext &context,
                           llvm::ArrayRef<int64_t> scalarKernels,
                           llvm::raw_ostream &os);

} // namespace aotc

#endif // AOTC_ANALYSIS_KERNELREPORT_H

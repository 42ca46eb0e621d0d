//===- Toolkit.h - the optional CUDA toolkit -----------------------*- C++
//-*-===//
//
// The CUDA target needs no CUDA toolkit: LLVM's NVPTX back end writes the
// PTX. When a toolkit is installed, aotc uses two of its parts: `ptxas`, to
// embed a cubin for the chosen architecture next to the PTX, and libdevice,
// NVIDIA's bitcode math library, for the math functions on the GPU. This
// header finds them and runs ptxas.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CUDA_TOOLKIT_H
#define AOTC_TARGET_CUDA_TOOLKIT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace aotc::cuda {

/// The CUDA toolkit's root: the first of $CUDA_HOME, $CUDA_PATH, $CUDA_ROOT
/// and /usr/local/cuda that is a directory holding
/// nvvm/libdevice/libdevice.10.bc; empty when there is none.
std::string findToolkitWithLibdevice();

/// The ptxas to run: the first executable of $CUDA_HOME/bin/ptxas,
/// $CUDA_PATH/bin/ptxas, $CUDA_ROOT/bin/ptxas, ptxas on $PATH and
/// /usr/local/cuda/bin/ptxas; empty when there is none.
std::string findPtxas();

/// Compiles `ptx` into a cubin for `arch` (`sm_80`, ...) with the ptxas at
/// `ptxasPath`; fails with ptxas' own messages. A ptxas that does not know
/// `arch` (CUDA 13 dropped sm_70, say) is no failure: the result is then
/// empty and `unsupportedArch` is set.
llvm::Expected<std::string> compilePTX(llvm::StringRef ptxasPath,
                                       llvm::StringRef ptx,
                                       llvm::StringRef arch,
                                       bool &unsupportedArch);

} // namespace aotc::cuda

#endif // AOTC_TARGET_CUDA_TOOLKIT_H

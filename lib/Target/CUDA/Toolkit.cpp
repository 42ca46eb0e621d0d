//===- Toolkit.cpp - the optional CUDA toolkit ----------------------------===//
//
// Implements Toolkit.h. ptxas runs as a separate process on temporary files
// that are removed whatever happens.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Toolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>

using namespace llvm;

namespace aotc::cuda {

/// The toolkit roots named by the environment, then the default one.
static SmallVector<std::string> candidateRoots() {
  SmallVector<std::string> roots;
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (const char *value = std::getenv(variable); value && *value)
      roots.push_back(value);
  roots.push_back("/usr/local/cuda");
  return roots;
}

std::string findToolkitWithLibdevice() {
  for (const std::string &root : candidateRoots()) {
    SmallString<128> path(root);
    sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (sys::fs::is_regular_file(path))
      return root;
  }
  return "";
}

std::string findPtxas() {
  SmallVector<std::string> roots = candidateRoots();
  std::string fallback = roots.pop_back_val();
  auto inRoot = [](StringRef root) -> std::string {
    SmallString<128> path(root);
    sys::path::append(path, "bin", "ptxas");
    return sys::fs::can_execute(path) ? path.str().str() : "";
  };
  for (const std::string &root : roots)
    if (std::string path = inRoot(root); !path.empty())
      return path;
  if (ErrorOr<std::string> path = sys::findProgramByName("ptxas"))
    return *path;
  return inRoot(fallback);
}

Expected<std::string> compilePTX(StringRef ptxasPath, StringRef ptx,
                                 StringRef arch, bool &unsupportedArch) {
  unsupportedArch = false;
  auto makeTemp = [](StringRef suffix,
                     SmallString<128> &path) -> std::error_code {
    return sys::fs::createTemporaryFile("aotc-cuda", suffix, path);
  };
  SmallString<128> ptxPath, cubinPath, logPath;
  if (std::error_code ec = makeTemp("ptx", ptxPath))
    return createStringError(ec, "cannot create a temporary file for ptxas");
  FileRemover removePTX(ptxPath);
  if (std::error_code ec = makeTemp("cubin", cubinPath))
    return createStringError(ec, "cannot create a temporary file for ptxas");
  FileRemover removeCubin(cubinPath);
  if (std::error_code ec = makeTemp("log", logPath))
    return createStringError(ec, "cannot create a temporary file for ptxas");
  FileRemover removeLog(logPath);
  {
    std::error_code ec;
    raw_fd_ostream os(ptxPath, ec);
    if (ec)
      return createStringError(ec, "cannot write '" + ptxPath + "'");
    os << ptx;
  }
  std::string archFlag = ("-arch=" + arch).str();
  SmallVector<StringRef> args = {ptxasPath, archFlag, "-O3",
                                 ptxPath,   "-o",     cubinPath};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string message;
  int status = sys::ExecuteAndWait(ptxasPath, args, /*Env=*/std::nullopt,
                                   redirects, /*SecondsToWait=*/0,
                                   /*MemoryLimit=*/0, &message);
  if (status != 0) {
    std::string log;
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
            MemoryBuffer::getFile(logPath))
      log = (*buffer)->getBuffer().trim().str();
    // "ptxas fatal : Value 'sm_70' is not defined for option 'gpu-name'"
    if (StringRef(log).contains("is not defined for option 'gpu-name'")) {
      unsupportedArch = true;
      return std::string();
    }
    return createStringError(inconvertibleErrorCode(),
                             "ptxas (" + ptxasPath + ") failed" +
                                 (message.empty() ? "" : ": " + message) +
                                 (log.empty() ? "" : "\n" + log));
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> cubin =
      MemoryBuffer::getFile(cubinPath, /*IsText=*/false);
  if (!cubin)
    return createStringError(cubin.getError(),
                             "cannot read ptxas' output '" + cubinPath + "'");
  return (*cubin)->getBuffer().str();
}

} // namespace aotc::cuda

//===- ParallelCodegen.cpp - code generation in parts, on threads ---------===//
//
// Implements ParallelCodegen.h. Each part is a clone of the module that
// defines only its own functions and declares everything else; local
// symbols become hidden globals first, so the parts' objects can refer to
// each other by name, and RelocatableLink makes them local again. Parts
// travel to their threads as bitcode, since an LLVMContext belongs to one
// thread; the clones declare the global variables, so the weights are
// never serialized.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/ParallelCodegen.h"

#include "aotc/Target/CPU/RelocatableLink.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace aotc::cpu {

unsigned getDefaultCodegenParts(const Module &module) {
  uint64_t instructions = 0;
  for (const Function &function : module)
    instructions += function.getInstructionCount();
  return std::clamp<uint64_t>(instructions / kInstructionsPerCodegenPart, 1,
                              kMaxCodegenParts);
}

/// Assigns each defined function of `module` to one of `parts` parts,
/// largest first to the part with the fewest instructions so far (ties to
/// the lower part), so the parts take similar times to generate.
static DenseMap<const GlobalValue *, unsigned>
partitionFunctions(Module &module, unsigned parts) {
  SmallVector<std::pair<uint64_t, const Function *>> sized;
  for (const Function &function : module)
    if (!function.isDeclaration())
      sized.push_back({function.getInstructionCount(), &function});
  llvm::stable_sort(sized, [](const auto &a, const auto &b) {
    return a.first > b.first;
  });
  SmallVector<uint64_t> load(parts, 0);
  DenseMap<const GlobalValue *, unsigned> partOf;
  for (auto [size, function] : sized) {
    unsigned part = std::min_element(load.begin(), load.end()) - load.begin();
    partOf[function] = part;
    load[part] += size + 1;
  }
  return partOf;
}

/// Gives every local symbol of `module` hidden external linkage (and a name
/// if it has none), so that a part can reach what another part defines.
static void externalizeLocals(Module &module) {
  unsigned unnamed = 0;
  for (GlobalValue &value : module.global_values()) {
    if (!value.hasLocalLinkage())
      continue;
    if (!value.hasName())
      value.setName("aotc.unnamed." + Twine(unnamed++));
    value.setLinkage(GlobalValue::ExternalLinkage);
    value.setVisibility(GlobalValue::HiddenVisibility);
  }
}

/// Generates the code of one part, given as bitcode, in a context of its
/// own.
static Error emitPart(StringRef bitcode, const CodegenOptions &options,
                      SmallVectorImpl<char> &object) {
  LLVMContext context;
  Expected<std::unique_ptr<Module>> part =
      parseBitcodeFile(MemoryBufferRef(bitcode, "aotc-part"), context);
  if (!part)
    return part.takeError();
  Expected<std::unique_ptr<TargetMachine>> machine =
      createTargetMachine(options);
  if (!machine)
    return machine.takeError();
  raw_svector_ostream os(object);
  return emitMachineCode(**part, **machine, /*assembly=*/false, os);
}

Error emitObjectInParts(Module &module, TargetMachine &machine,
                        const CodegenOptions &options, unsigned parts,
                        unsigned threads, ArrayRef<ObjectConstant> constants,
                        raw_pwrite_stream &os) {
  unsigned functions = llvm::count_if(
      module, [](const Function &function) { return !function.isDeclaration(); });
  parts = std::min(parts, functions);
  if (parts <= 1 && constants.empty())
    return emitMachineCode(module, machine, /*assembly=*/false, os);

  std::vector<std::string> exported;
  for (const GlobalValue &value : module.global_values())
    if (!value.isDeclaration() && !value.hasLocalLinkage())
      exported.push_back(value.getName().str());
  if (parts <= 1) {
    SmallVector<char, 0> object;
    raw_svector_ostream stream(object);
    if (Error error =
            emitMachineCode(module, machine, /*assembly=*/false, stream))
      return error;
    return linkRelocatableObjects(StringRef(object.data(), object.size()),
                                  constants, exported, os);
  }

  externalizeLocals(module);
  DenseMap<const GlobalValue *, unsigned> partOf =
      partitionFunctions(module, parts);

  std::vector<SmallVector<char, 0>> bitcode(parts);
  for (unsigned part = 0; part < parts; ++part) {
    ValueToValueMapTy map;
    std::unique_ptr<Module> clone =
        CloneModule(module, map, [&](const GlobalValue *value) {
          auto it = partOf.find(value);
          return it != partOf.end() && it->second == part;
        });
    raw_svector_ostream stream(bitcode[part]);
    WriteBitcodeToFile(*clone, stream);
  }
  // What stays here is the global variables: drop the functions' bodies.
  for (Function &function : module)
    if (!function.isDeclaration())
      function.deleteBody();

  std::vector<SmallVector<char, 0>> objects(parts + 1);
  std::vector<std::optional<std::string>> errors(parts + 1);
  {
    DefaultThreadPool pool(hardware_concurrency(threads));
    for (unsigned part = 0; part < parts; ++part)
      pool.async([&, part] {
        if (Error error =
                emitPart(StringRef(bitcode[part].data(), bitcode[part].size()),
                         options, objects[part]))
          errors[part] = toString(std::move(error));
        bitcode[part] = {};
      });
    raw_svector_ostream stream(objects[parts]);
    if (Error error =
            emitMachineCode(module, machine, /*assembly=*/false, stream))
      errors[parts] = toString(std::move(error));
    pool.wait();
  }
  for (const std::optional<std::string> &error : errors)
    if (error)
      return createStringError(inconvertibleErrorCode(), *error);

  SmallVector<StringRef> inputs;
  for (const SmallVector<char, 0> &object : objects)
    inputs.push_back(StringRef(object.data(), object.size()));
  return linkRelocatableObjects(inputs, constants, exported, os);
}

} // namespace aotc::cpu

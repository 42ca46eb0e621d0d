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
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/IR/Instructions.h"
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

/// Assigns each defined function of `module` to one of `parts` parts. A
/// function and those it calls directly share a part (so the optimizer
/// inlines across them as in the whole module), unless the callee is never
/// inlined: one marked noinline (a deep graph's entry point in pieces,
/// aotc-cpu-split-entry-point) or whose address is taken (a kernel's task,
/// which the entry point hands to the thread pool, and calls itself when
/// there is none). Clusters go largest
/// first to the part with the fewest instructions so far (ties to the lower
/// part), so the parts take similar times.
static DenseMap<const GlobalValue *, unsigned>
partitionFunctions(Module &module, unsigned parts) {
  EquivalenceClasses<const Function *> clusters;
  for (const Function &function : module) {
    if (function.isDeclaration())
      continue;
    clusters.insert(&function);
    for (const BasicBlock &block : function)
      for (const Instruction &instruction : block)
        if (const auto *call = dyn_cast<CallBase>(&instruction))
          if (const Function *callee = call->getCalledFunction();
              callee && !callee->isDeclaration() &&
              !callee->hasAddressTaken() &&
              !callee->hasFnAttribute(Attribute::NoInline))
            clusters.unionSets(&function, callee);
  }
  // Clusters in the module's order of their first function.
  SmallVector<std::pair<uint64_t, const Function *>> sized;
  DenseMap<const Function *, unsigned> clusterIndex;
  for (const Function &function : module) {
    if (function.isDeclaration())
      continue;
    const Function *leader = clusters.getLeaderValue(&function);
    auto [it, inserted] = clusterIndex.try_emplace(leader, sized.size());
    if (inserted)
      sized.push_back({0, leader});
    sized[it->second].first += function.getInstructionCount() + 1;
  }
  llvm::stable_sort(sized, [](const auto &a, const auto &b) {
    return a.first > b.first;
  });
  SmallVector<uint64_t> load(parts, 0);
  DenseMap<const Function *, unsigned> partOfCluster;
  for (auto [size, leader] : sized) {
    unsigned part = std::min_element(load.begin(), load.end()) - load.begin();
    partOfCluster[leader] = part;
    load[part] += size;
  }
  DenseMap<const GlobalValue *, unsigned> partOf;
  for (const Function &function : module)
    if (!function.isDeclaration())
      partOf[&function] = partOfCluster[clusters.getLeaderValue(&function)];
  return partOf;
}

/// Gives hidden external linkage (and a name if it has none) to each local
/// symbol of `module` that another part may refer to: global variables
/// (which stay in the module), and functions used outside their part
/// (`partOf`) or outside any function.
static void
externalizeShared(Module &module,
                  const DenseMap<const GlobalValue *, unsigned> &partOf) {
  auto usedElsewhere = [&](const Function &function) {
    unsigned part = partOf.lookup(&function);
    return llvm::any_of(function.users(), [&](const User *user) {
      const auto *instruction = dyn_cast<Instruction>(user);
      return !instruction ||
             partOf.lookup(instruction->getFunction()) != part;
    });
  };
  unsigned unnamed = 0;
  for (GlobalValue &value : module.global_values()) {
    if (!value.hasLocalLinkage())
      continue;
    if (auto *function = dyn_cast<Function>(&value);
        function && !usedElsewhere(*function))
      continue;
    if (!value.hasName())
      value.setName("aotc.unnamed." + Twine(unnamed++));
    value.setLinkage(GlobalValue::ExternalLinkage);
    value.setVisibility(GlobalValue::HiddenVisibility);
  }
}

/// Constants up to this size are copied into each part that is optimized,
/// as `available_externally` definitions, so the optimizer still folds
/// loads of them; the object holds them once.
static constexpr uint64_t kMaxFoldableConstantBytes = 4096;

/// Generates the code of one part, given as bitcode, in a context of its
/// own.
static Error emitPart(StringRef bitcode, const CodegenOptions &options,
                      bool optimize, SmallVectorImpl<char> &object) {
  LLVMContext context;
  Expected<std::unique_ptr<Module>> part =
      parseBitcodeFile(MemoryBufferRef(bitcode, "aotc-part"), context);
  if (!part)
    return part.takeError();
  Expected<std::unique_ptr<TargetMachine>> machine =
      createTargetMachine(options);
  if (!machine)
    return machine.takeError();
  if (optimize)
    optimizeLLVMModule(**part, **machine, options.optLevel);
  raw_svector_ostream os(object);
  return emitMachineCode(**part, **machine, /*assembly=*/false, os);
}

Error emitObjectInParts(Module &module, TargetMachine &machine,
                        const CodegenOptions &options, unsigned parts,
                        unsigned threads, bool optimizeParts,
                        ArrayRef<ObjectConstant> constants,
                        raw_pwrite_stream &os) {
  unsigned functions = llvm::count_if(
      module, [](const Function &function) { return !function.isDeclaration(); });
  parts = std::min(parts, functions);
  if (parts <= 1 && optimizeParts)
    optimizeLLVMModule(module, machine, options.optLevel);
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

  DenseMap<const GlobalValue *, unsigned> partOf =
      partitionFunctions(module, parts);
  externalizeShared(module, partOf);
  const DataLayout &layout = module.getDataLayout();
  auto isFoldable = [&](const GlobalValue *value) {
    const auto *global = dyn_cast<GlobalVariable>(value);
    return optimizeParts && global && global->isConstant() &&
           global->hasInitializer() &&
           layout.getTypeAllocSize(global->getValueType()) <=
               kMaxFoldableConstantBytes;
  };

  // Each part is cloned and written as bitcode here, then generated on the
  // pool while the next part is cloned.
  std::vector<SmallVector<char, 0>> bitcode(parts);
  std::vector<SmallVector<char, 0>> objects(parts + 1);
  std::vector<std::optional<std::string>> errors(parts + 1);
  {
    DefaultThreadPool pool(hardware_concurrency(threads));
    for (unsigned part = 0; part < parts; ++part) {
      ValueToValueMapTy map;
      std::unique_ptr<Module> clone =
          CloneModule(module, map, [&](const GlobalValue *value) {
            if (isFoldable(value))
              return true;
            auto it = partOf.find(value);
            return it != partOf.end() && it->second == part;
          });
      for (GlobalVariable &global : clone->globals())
        if (global.hasInitializer() && isFoldable(&global))
          global.setLinkage(GlobalValue::AvailableExternallyLinkage);
      raw_svector_ostream stream(bitcode[part]);
      WriteBitcodeToFile(*clone, stream);
      pool.async([&, part] {
        if (Error error =
                emitPart(StringRef(bitcode[part].data(), bitcode[part].size()),
                         options, optimizeParts, objects[part]))
          errors[part] = toString(std::move(error));
        bitcode[part] = {};
      });
    }
    // What stays here is the global variables: drop the functions' bodies.
    for (Function &function : module)
      if (!function.isDeclaration())
        function.deleteBody();
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

//===- RelocatableLink.cpp - several ELF objects into one -----------------===//
//
// Implements RelocatableLink.h. The output keeps every input section as a
// section of its own (ELF allows several `.text`; the final link merges
// them by name), so nothing moves inside a section and a relocation only
// needs its symbol index and its section's index renumbered. Symbols are
// laid out locals first, as ELF requires: each input's locals, then the
// definitions that stop being global, then the exported definitions and
// one undefined symbol per name no input defines.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/RelocatableLink.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace aotc::cpu {
namespace {

using ELFT = object::ELF64LE;
using Ehdr = ELFT::Ehdr;
using Shdr = ELFT::Shdr;
using Sym = ELFT::Sym;
using Rela = ELFT::Rela;

Error failure(const Twine &message) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot combine the objects of the code "
                           "generator's parts: " +
                               message);
}

/// An ELF string table under construction (offset 0 is the empty string).
struct StringTable {
  std::string bytes = std::string(1, '\0');
  uint32_t add(StringRef text) {
    if (text.empty())
      return 0;
    uint32_t offset = bytes.size();
    bytes.append(text.begin(), text.end());
    bytes.push_back('\0');
    return offset;
  }
};

struct OutputSection {
  StringRef name;
  Shdr header;
  /// The input's bytes (none for SHT_NOBITS), or for a relocation section
  /// its renumbered entries.
  ArrayRef<uint8_t> contents;
  std::vector<Rela> relocations;
  /// For a relocation section, the output index of the section it patches.
  uint32_t target = 0;
};

/// Where an input's symbol went: the output's local or global list, or
/// nowhere yet (an undefined reference, bound once every input is read).
struct SymbolSlot {
  enum Kind { Local, Global, Undefined } kind = Undefined;
  uint32_t position = 0;
};

struct Input {
  object::ELFFile<ELFT> file;
  std::vector<uint32_t> sectionIndex; // input index -> output (0: dropped)
  std::vector<SymbolSlot> symbols;
  std::vector<StringRef> symbolNames;
};

class ObjectCombiner {
public:
  explicit ObjectCombiner(ArrayRef<std::string> exported)
      : exported(exported) {}

  Error addSectionsAndDefinitions(StringRef object);
  Error addConstants(ArrayRef<ObjectConstant> constants);
  Error bindReferences();
  void write(raw_ostream &os);

private:
  uint32_t symbolIndex(SymbolSlot slot) const {
    return slot.kind == SymbolSlot::Local
               ? 1 + slot.position
               : 1 + locals.size() + slot.position;
  }
  Error addRelocations(Input &input);

  ArrayRef<std::string> exported;
  std::vector<Input> inputs;
  std::vector<OutputSection> sections;
  std::vector<Sym> locals, globals;
  StringTable names;
  StringMap<SymbolSlot> definitions, undefined;
  StringSet<> referenced;
  uint32_t stackNote = 0;
  Ehdr header;
};

Error ObjectCombiner::addSectionsAndDefinitions(StringRef object) {
  Expected<object::ELFFile<ELFT>> file = object::ELFFile<ELFT>::create(object);
  if (!file)
    return file.takeError();
  const Ehdr &fileHeader = file->getHeader();
  if (fileHeader.e_type != ELF::ET_REL ||
      fileHeader.e_machine != ELF::EM_X86_64)
    return failure("an input is not an x86-64 relocatable object");
  if (inputs.empty())
    header = fileHeader;
  Expected<ArrayRef<Shdr>> fileSections = file->sections();
  if (!fileSections)
    return fileSections.takeError();

  Input input{std::move(*file), {}, {}, {}};
  input.sectionIndex.assign(fileSections->size(), 0);
  const Shdr *symbolTable = nullptr;
  for (auto [index, section] : llvm::enumerate(*fileSections)) {
    if (index == 0)
      continue;
    switch (section.sh_type) {
    case ELF::SHT_SYMTAB:
      if (symbolTable)
        return failure("an input has two symbol tables");
      symbolTable = &section;
      continue;
    case ELF::SHT_STRTAB:
    case ELF::SHT_RELA:
    // Symbol indices for --icf=safe; a hint the output can do without.
    case ELF::SHT_LLVM_ADDRSIG:
      continue;
    case ELF::SHT_REL:
    case ELF::SHT_GROUP:
    case ELF::SHT_SYMTAB_SHNDX:
      return failure("an input has a section of type " +
                     Twine(static_cast<unsigned>(section.sh_type)) +
                     ", which aotc does not combine");
    default:
      break;
    }
    Expected<StringRef> name = input.file.getSectionName(section);
    if (!name)
      return name.takeError();
    if (*name == ".note.GNU-stack" && stackNote) {
      input.sectionIndex[index] = stackNote;
      continue;
    }
    OutputSection output{*name, section, {}, {}, 0};
    if (section.sh_type != ELF::SHT_NOBITS) {
      Expected<ArrayRef<uint8_t>> contents =
          input.file.getSectionContents(section);
      if (!contents)
        return contents.takeError();
      output.contents = *contents;
    }
    sections.push_back(std::move(output));
    input.sectionIndex[index] = sections.size();
    if (*name == ".note.GNU-stack")
      stackNote = sections.size();
  }

  if (symbolTable) {
    Expected<StringRef> strings =
        input.file.getStringTableForSymtab(*symbolTable);
    if (!strings)
      return strings.takeError();
    Expected<ArrayRef<Sym>> symbols = input.file.symbols(symbolTable);
    if (!symbols)
      return symbols.takeError();
    input.symbols.resize(symbols->size());
    input.symbolNames.resize(symbols->size());
    for (auto [index, symbol] : llvm::enumerate(*symbols)) {
      if (index == 0)
        continue;
      Expected<StringRef> name = symbol.getName(*strings);
      if (!name)
        return name.takeError();
      input.symbolNames[index] = *name;
      uint16_t shndx = symbol.st_shndx;
      if (shndx == ELF::SHN_UNDEF) {
        referenced.insert(*name);
        continue;
      }
      if (shndx == ELF::SHN_XINDEX)
        return failure("an input uses extended section indices");
      Sym output = symbol;
      output.st_name = names.add(*name);
      if (shndx < ELF::SHN_LORESERVE) {
        if (shndx >= input.sectionIndex.size() ||
            !input.sectionIndex[shndx])
          return failure("symbol '" + *name + "' is in a dropped section");
        output.st_shndx = input.sectionIndex[shndx];
      }
      SymbolSlot slot{SymbolSlot::Local, 0};
      if (symbol.getBinding() != ELF::STB_LOCAL) {
        if (definitions.count(*name))
          return failure("'" + *name + "' is defined twice");
        if (llvm::is_contained(exported, *name)) {
          slot = {SymbolSlot::Global, static_cast<uint32_t>(globals.size())};
          globals.push_back(output);
          definitions[*name] = slot;
          input.symbols[index] = slot;
          continue;
        }
        output.setBindingAndType(ELF::STB_LOCAL, symbol.getType());
        output.setVisibility(ELF::STV_DEFAULT);
        definitions[*name] = {SymbolSlot::Local,
                              static_cast<uint32_t>(locals.size())};
      }
      slot.position = locals.size();
      locals.push_back(output);
      input.symbols[index] = slot;
    }
  }
  inputs.push_back(std::move(input));
  return Error::success();
}

Error ObjectCombiner::addConstants(ArrayRef<ObjectConstant> constants) {
  for (const ObjectConstant &constant : constants) {
    // One the optimizer left unused has no place in the object either.
    if (!referenced.contains(constant.symbol))
      continue;
    if (definitions.count(constant.symbol))
      return failure("'" + constant.symbol + "' is defined twice");
    Shdr shdr;
    std::memset(static_cast<void *>(&shdr), 0, sizeof(shdr));
    shdr.sh_type = ELF::SHT_PROGBITS;
    shdr.sh_flags =
        ELF::SHF_ALLOC | (constant.large ? ELF::SHF_X86_64_LARGE : 0);
    shdr.sh_addralign = constant.alignment;
    sections.push_back({constant.large ? ".lrodata" : ".rodata", shdr,
                        constant.bytes, {}, 0});

    Sym symbol;
    std::memset(static_cast<void *>(&symbol), 0, sizeof(symbol));
    symbol.st_name = names.add(constant.symbol);
    symbol.setBindingAndType(ELF::STB_LOCAL, ELF::STT_OBJECT);
    symbol.st_shndx = sections.size();
    symbol.st_size = constant.bytes.size();
    definitions[constant.symbol] = {SymbolSlot::Local,
                                    static_cast<uint32_t>(locals.size())};
    locals.push_back(symbol);
  }
  return Error::success();
}

Error ObjectCombiner::addRelocations(Input &input) {
  Expected<ArrayRef<Shdr>> fileSections = input.file.sections();
  if (!fileSections)
    return fileSections.takeError();
  for (const Shdr &section : *fileSections) {
    if (section.sh_type != ELF::SHT_RELA)
      continue;
    if (section.sh_info >= input.sectionIndex.size())
      return failure("a relocation section patches no section");
    uint32_t target = input.sectionIndex[section.sh_info];
    if (!target)
      continue;
    Expected<StringRef> name = input.file.getSectionName(section);
    if (!name)
      return name.takeError();
    Expected<ArrayRef<Rela>> entries = input.file.relas(section);
    if (!entries)
      return entries.takeError();
    OutputSection output{*name, section, {}, {}, target};
    output.relocations.reserve(entries->size());
    for (Rela entry : *entries) {
      uint32_t symbol = entry.getSymbol(/*isMips64EL=*/false);
      if (symbol >= input.symbols.size())
        return failure("a relocation names no symbol");
      uint32_t index = symbol ? symbolIndex(input.symbols[symbol]) : 0;
      entry.setSymbolAndType(index, entry.getType(/*isMips64EL=*/false),
                             /*isMips64EL=*/false);
      output.relocations.push_back(entry);
    }
    sections.push_back(std::move(output));
  }
  return Error::success();
}

Error ObjectCombiner::bindReferences() {
  for (Input &input : inputs) {
    for (auto [index, slot] : llvm::enumerate(input.symbols)) {
      if (index == 0 || slot.kind != SymbolSlot::Undefined)
        continue;
      StringRef name = input.symbolNames[index];
      if (auto it = definitions.find(name); it != definitions.end()) {
        slot = it->second;
        continue;
      }
      auto [it, inserted] = undefined.try_emplace(name);
      if (inserted) {
        Sym reference;
        std::memset(static_cast<void *>(&reference), 0, sizeof(reference));
        reference.st_name = names.add(name);
        reference.setBindingAndType(ELF::STB_GLOBAL, ELF::STT_NOTYPE);
        it->second = {SymbolSlot::Global,
                      static_cast<uint32_t>(globals.size())};
        globals.push_back(reference);
      }
      slot = it->second;
    }
    if (Error error = addRelocations(input))
      return error;
  }
  if (sections.size() + 4 >= ELF::SHN_LORESERVE)
    return failure("the parts have too many sections");
  return Error::success();
}

void ObjectCombiner::write(raw_ostream &os) {
  uint32_t symbolTableIndex = sections.size() + 1;
  StringTable sectionNames;
  std::vector<Shdr> headers(1);
  std::memset(static_cast<void *>(&headers[0]), 0, sizeof(Shdr));

  // Lay the sections out after the ELF header, each at its alignment.
  uint64_t offset = sizeof(Ehdr);
  auto place = [&](Shdr &shdr, uint64_t size) {
    offset = alignTo(offset, std::max<uint64_t>(1, shdr.sh_addralign));
    shdr.sh_offset = offset;
    if (shdr.sh_type != ELF::SHT_NOBITS) {
      shdr.sh_size = size;
      offset += size;
    }
  };
  for (OutputSection &section : sections) {
    Shdr shdr = section.header;
    shdr.sh_name = sectionNames.add(section.name);
    if (section.header.sh_type == ELF::SHT_RELA) {
      shdr.sh_link = symbolTableIndex;
      shdr.sh_info = section.target;
      place(shdr, section.relocations.size() * sizeof(Rela));
    } else {
      place(shdr, section.contents.size());
    }
    headers.push_back(shdr);
  }
  auto table = [&](StringRef name, uint32_t type, uint64_t alignment,
                   uint64_t entrySize, uint64_t size) {
    Shdr shdr;
    std::memset(static_cast<void *>(&shdr), 0, sizeof(shdr));
    shdr.sh_name = sectionNames.add(name);
    shdr.sh_type = type;
    shdr.sh_addralign = alignment;
    shdr.sh_entsize = entrySize;
    place(shdr, size);
    headers.push_back(shdr);
  };
  size_t symbolCount = 1 + locals.size() + globals.size();
  table(".symtab", ELF::SHT_SYMTAB, 8, sizeof(Sym), symbolCount * sizeof(Sym));
  headers.back().sh_link = symbolTableIndex + 1;
  headers.back().sh_info = 1 + locals.size();
  table(".strtab", ELF::SHT_STRTAB, 1, 0, names.bytes.size());
  // The section name table names itself: add its name before sizing it.
  uint32_t selfName = sectionNames.add(".shstrtab");
  table("", ELF::SHT_STRTAB, 1, 0, sectionNames.bytes.size());
  headers.back().sh_name = selfName;
  uint64_t headersOffset = alignTo(offset, 8);

  Ehdr out = header;
  out.e_phoff = 0;
  out.e_phnum = 0;
  out.e_phentsize = 0;
  out.e_shoff = headersOffset;
  out.e_shnum = headers.size();
  out.e_shstrndx = headers.size() - 1;
  out.e_shentsize = sizeof(Shdr);
  out.e_ehsize = sizeof(Ehdr);

  uint64_t position = 0;
  auto emit = [&](const void *data, uint64_t size) {
    os.write(static_cast<const char *>(data), size);
    position += size;
  };
  auto padTo = [&](uint64_t target) {
    os.write_zeros(target - position);
    position = target;
  };
  emit(&out, sizeof(out));
  for (auto [section, shdr] :
       llvm::zip_equal(sections, ArrayRef(headers).slice(1, sections.size()))) {
    if (shdr.sh_type == ELF::SHT_NOBITS)
      continue;
    padTo(shdr.sh_offset);
    if (shdr.sh_type == ELF::SHT_RELA)
      emit(section.relocations.data(),
           section.relocations.size() * sizeof(Rela));
    else
      emit(section.contents.data(), section.contents.size());
  }
  padTo(headers[symbolTableIndex].sh_offset);
  Sym null;
  std::memset(static_cast<void *>(&null), 0, sizeof(null));
  emit(&null, sizeof(null));
  emit(locals.data(), locals.size() * sizeof(Sym));
  emit(globals.data(), globals.size() * sizeof(Sym));
  padTo(headers[symbolTableIndex + 1].sh_offset);
  emit(names.bytes.data(), names.bytes.size());
  padTo(headers[symbolTableIndex + 2].sh_offset);
  emit(sectionNames.bytes.data(), sectionNames.bytes.size());
  padTo(headersOffset);
  emit(headers.data(), headers.size() * sizeof(Shdr));
}

} // namespace

Error linkRelocatableObjects(ArrayRef<StringRef> objects,
                             ArrayRef<ObjectConstant> constants,
                             ArrayRef<std::string> exported,
                             raw_ostream &os) {
  if (objects.empty())
    return failure("no objects");
  ObjectCombiner combiner(exported);
  for (StringRef object : objects)
    if (Error error = combiner.addSectionsAndDefinitions(object))
      return error;
  if (Error error = combiner.addConstants(constants))
    return error;
  if (Error error = combiner.bindReferences())
    return error;
  combiner.write(os);
  return Error::success();
}

} // namespace aotc::cpu

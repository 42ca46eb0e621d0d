//===- SampleLoop.cpp - entry points that run a graph once per index ------===//
//
// Implements SampleLoop.h. The functions are written in LLVM IR directly:
// they only move pointers and call the graph.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/SampleLoop.h"

#include "llvm/IR/IRBuilder.h"

using namespace llvm;

namespace aotc::cpu {

namespace {

/// Return codes of the contract (docs/architecture.md).
constexpr int kNoArena = 1;
constexpr int kBadDims = 2;

/// Builds one entry point over `graph` (NAME_run or NAME_run_parallel).
void buildEntry(Module &module, StringRef name, Function *graph,
                bool parallel, const SampleLoop &loop) {
  LLVMContext &ctx = module.getContext();
  Type *ptr = PointerType::getUnqual(ctx);
  Type *i64 = Type::getInt64Ty(ctx);
  Type *i32 = Type::getInt32Ty(ctx);
  Type *i8 = Type::getInt8Ty(ctx);
  SmallVector<Type *> params(parallel ? 5 : 4, ptr);
  auto *type = FunctionType::get(i32, params, false);
  Function *fn =
      Function::Create(type, GlobalValue::ExternalLinkage, name, module);
  fn->addFnAttr(Attribute::NoUnwind);
  Value *dims = fn->getArg(0), *inputs = fn->getArg(1),
        *outputs = fn->getArg(2), *temp = fn->getArg(3);
  Value *pool = parallel ? fn->getArg(4) : nullptr;

  auto *entry = BasicBlock::Create(ctx, "entry", fn);
  auto *bad = BasicBlock::Create(ctx, "bad_dims", fn);
  auto *arena = BasicBlock::Create(ctx, "arena", fn);
  auto *noArena = BasicBlock::Create(ctx, "no_arena", fn);
  auto *start = BasicBlock::Create(ctx, "start", fn);
  auto *body = BasicBlock::Create(ctx, "sample", fn);
  auto *next = BasicBlock::Create(ctx, "next", fn);
  auto *done = BasicBlock::Create(ctx, "done", fn);
  IRBuilder<> b(entry);

  unsigned numInputs = loop.inputSteps.size();
  unsigned numOutputs = loop.outputSteps.size();
  Value *ins = b.CreateAlloca(ptr, b.getInt32(std::max(1u, numInputs)));
  Value *outs = b.CreateAlloca(ptr, b.getInt32(std::max(1u, numOutputs)));
  Value *n = b.CreateLoad(i64, dims, "n");
  Value *outside = b.CreateOr(b.CreateICmpSLT(n, b.getInt64(loop.min)),
                              b.CreateICmpSGT(n, b.getInt64(loop.max)));
  b.CreateCondBr(outside, bad, arena);

  b.SetInsertPoint(bad);
  b.CreateRet(b.getInt32(kBadDims));

  // One arena for every index when the caller gave none: the graph would
  // otherwise allocate (and fault in) its own on each call.
  b.SetInsertPoint(arena);
  Value *bytes = b.getInt64(loop.tempBytes);
  if (parallel && loop.workerTempBytes) {
    // parallel->num_workers: the third field of aotc_parallel.
    auto *parallelType = StructType::get(ctx, {ptr, ptr, i32});
    BasicBlock *here = b.GetInsertBlock();
    auto *read = BasicBlock::Create(ctx, "workers", fn, noArena);
    auto *sized = BasicBlock::Create(ctx, "sized", fn, noArena);
    b.CreateCondBr(b.CreateIsNull(pool), sized, read);
    b.SetInsertPoint(read);
    Value *workers = b.CreateSExt(
        b.CreateLoad(i32, b.CreateStructGEP(parallelType, pool, 2)), i64);
    Value *extra = b.CreateSelect(
        b.CreateICmpSGT(workers, b.getInt64(1)),
        b.CreateMul(b.CreateSub(workers, b.getInt64(1)),
                    b.getInt64(loop.workerTempBytes)),
        b.getInt64(0));
    Value *total = b.CreateAdd(bytes, extra);
    b.CreateBr(sized);
    b.SetInsertPoint(sized);
    PHINode *phi = b.CreatePHI(i64, 2);
    phi->addIncoming(bytes, here);
    phi->addIncoming(total, read);
    bytes = phi;
  }
  Value *mustAllocate = b.CreateAnd(
      b.CreateIsNull(temp), b.CreateICmpUGT(bytes, b.getInt64(0)));
  FunctionCallee mallocFn = module.getOrInsertFunction(
      "malloc", FunctionType::get(ptr, {i64}, false));
  FunctionCallee freeFn = module.getOrInsertFunction(
      "free", FunctionType::get(b.getVoidTy(), {ptr}, false));
  BasicBlock *beforeMalloc = b.GetInsertBlock();
  auto *allocate = BasicBlock::Create(ctx, "malloc", fn, noArena);
  auto *allocated = BasicBlock::Create(ctx, "allocated", fn, noArena);
  b.CreateCondBr(mustAllocate, allocate, start);
  b.SetInsertPoint(allocate);
  Value *raw = b.CreateCall(mallocFn, {b.CreateAdd(bytes, b.getInt64(63))});
  b.CreateCondBr(b.CreateIsNull(raw), noArena, allocated);
  b.SetInsertPoint(allocated);
  Value *address = b.CreatePtrToInt(raw, i64);
  Value *aligned = b.CreateAnd(b.CreateAdd(address, b.getInt64(63)),
                               b.getInt64(~int64_t(63)));
  Value *alignedPtr =
      b.CreateGEP(i8, raw, b.CreateSub(aligned, address), "arena");
  b.CreateBr(start);

  b.SetInsertPoint(noArena);
  b.CreateRet(b.getInt32(kNoArena));

  b.SetInsertPoint(start);
  PHINode *owned = b.CreatePHI(ptr, 2, "owned");
  owned->addIncoming(ConstantPointerNull::get(cast<PointerType>(ptr)),
                     beforeMalloc);
  owned->addIncoming(raw, allocated);
  PHINode *scratch = b.CreatePHI(ptr, 2, "scratch");
  scratch->addIncoming(temp, beforeMalloc);
  scratch->addIncoming(alignedPtr, allocated);
  b.CreateCondBr(b.CreateICmpSGT(n, b.getInt64(0)), body, done);

  b.SetInsertPoint(body);
  PHINode *index = b.CreatePHI(i64, 2, "index");
  index->addIncoming(b.getInt64(0), start);
  auto advance = [&](Value *from, Value *to, ArrayRef<uint64_t> steps) {
    for (auto [i, step] : llvm::enumerate(steps)) {
      Value *base = b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, from, i));
      Value *at = step ? b.CreateGEP(i8, base,
                                     b.CreateMul(index, b.getInt64(step)))
                       : base;
      b.CreateStore(at, b.CreateConstGEP1_64(ptr, to, i));
    }
  };
  advance(inputs, ins, loop.inputSteps);
  advance(outputs, outs, loop.outputSteps);
  SmallVector<Value *> args = {ins, outs, scratch};
  if (parallel)
    args.push_back(pool);
  Value *rc = b.CreateCall(graph, args, "rc");
  Value *following = b.CreateAdd(index, b.getInt64(1));
  index->addIncoming(following, next);
  b.CreateCondBr(b.CreateICmpEQ(rc, b.getInt32(0)), next, done);

  b.SetInsertPoint(next);
  b.CreateCondBr(b.CreateICmpSLT(following, n), body, done);

  b.SetInsertPoint(done);
  PHINode *result = b.CreatePHI(i32, 3, "result");
  result->addIncoming(b.getInt32(0), start);
  result->addIncoming(rc, body);
  result->addIncoming(b.getInt32(0), next);
  auto *release = BasicBlock::Create(ctx, "free", fn);
  auto *exit = BasicBlock::Create(ctx, "exit", fn);
  b.CreateCondBr(b.CreateIsNull(owned), exit, release);
  b.SetInsertPoint(release);
  b.CreateCall(freeFn, {owned});
  b.CreateBr(exit);
  b.SetInsertPoint(exit);
  b.CreateRet(result);
}

} // namespace

Error addSampleLoopEntryPoints(Module &module, StringRef name,
                               const SampleLoop &loop) {
  Function *run = module.getFunction((name + "_run").str());
  Function *runParallel = module.getFunction((name + "_run_parallel").str());
  if (!run || !runParallel || run->arg_size() != 3 ||
      runParallel->arg_size() != 4)
    return createStringError(inconvertibleErrorCode(),
                             "the graph's entry points are missing");
  buildEntry(module, (name + "_run_dims").str(), run, /*parallel=*/false,
             loop);
  buildEntry(module, (name + "_run_dims_parallel").str(), runParallel,
             /*parallel=*/true, loop);
  return Error::success();
}

} // namespace aotc::cpu

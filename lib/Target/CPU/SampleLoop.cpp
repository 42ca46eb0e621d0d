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

/// Copies the `runs` runs of index `index` between `full` (a tensor of the
/// call, the dimension's size `n`) and `staged` (one index, contiguous).
void copyRuns(IRBuilder<> &b, const SampleTensor &tensor, Value *full,
              Value *staged, Value *n, Value *index, bool toStaged) {
  LLVMContext &ctx = b.getContext();
  Function *fn = b.GetInsertBlock()->getParent();
  BasicBlock *before = b.GetInsertBlock();
  auto *body = BasicBlock::Create(ctx, "run", fn);
  auto *after = BasicBlock::Create(ctx, "runs_done", fn);
  b.CreateBr(body);
  b.SetInsertPoint(body);
  PHINode *run = b.CreatePHI(b.getInt64Ty(), 2, "run");
  run->addIncoming(b.getInt64(0), before);
  Value *bytes = b.getInt64(tensor.runBytes);
  Value *far = b.CreateGEP(
      b.getInt8Ty(), full,
      b.CreateMul(b.CreateAdd(b.CreateMul(run, n), index), bytes));
  Value *near = b.CreateGEP(b.getInt8Ty(), staged, b.CreateMul(run, bytes));
  if (toStaged)
    b.CreateMemCpy(near, MaybeAlign(), far, MaybeAlign(), bytes);
  else
    b.CreateMemCpy(far, MaybeAlign(), near, MaybeAlign(), bytes);
  Value *next = b.CreateAdd(run, b.getInt64(1));
  run->addIncoming(next, body);
  b.CreateCondBr(b.CreateICmpULT(next, b.getInt64(tensor.runs)), body, after);
  b.SetInsertPoint(after);
}

/// Calls the one-sample `graph` on index `index` of size `n`: each pointer
/// of the caller's arrays `inputs` and `outputs` advanced to the index into
/// `ins` and `outs` (or its runs staged in `arena`), then the graph's arena
/// and the `rest` of its arguments. Returns the call's result.
Value *callOnIndex(IRBuilder<> &b, Value *index, Value *n, Value *inputs,
                   Value *outputs, Value *ins, Value *outs, Value *arena,
                   const SampleLoop &loop, Function *graph,
                   ArrayRef<Value *> rest) {
  Type *ptr = b.getPtrTy();
  auto point = [&](Value *from, Value *to, ArrayRef<SampleTensor> tensors,
                   bool read) {
    for (auto [i, tensor] : llvm::enumerate(tensors)) {
      Value *base = b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, from, i));
      Value *at = base;
      if (tensor.runs == 1)
        at = b.CreateGEP(b.getInt8Ty(), base,
                         b.CreateMul(index, b.getInt64(tensor.runBytes)));
      if (tensor.runs > 1) {
        at = b.CreateConstGEP1_64(b.getInt8Ty(), arena, tensor.stagingOffset);
        if (read)
          copyRuns(b, tensor, base, at, n, index, /*toStaged=*/true);
      }
      b.CreateStore(at, b.CreateConstGEP1_64(ptr, to, i));
    }
  };
  point(inputs, ins, loop.inputs, true);
  point(outputs, outs, loop.outputs, false);
  SmallVector<Value *> args = {
      ins, outs,
      b.CreateConstGEP1_64(b.getInt8Ty(), arena, loop.graphTempOffset)};
  args.append(rest.begin(), rest.end());
  Value *rc = b.CreateCall(graph, args);
  for (auto [i, tensor] : llvm::enumerate(loop.outputs)) {
    if (tensor.runs <= 1)
      continue;
    Value *base = b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, outputs, i));
    copyRuns(b, tensor,
             base, b.CreateConstGEP1_64(b.getInt8Ty(), arena,
                                        tensor.stagingOffset),
             n, index, /*toStaged=*/false);
  }
  return rc;
}

/// The task NAME_run_dims_parallel gives the caller's pool: indices
/// [begin, end) one after another on worker `worker`, each a call of the
/// one-sample `graph` with the worker's own arena. Its context is
/// {inputs, outputs, arena, n}.
Function *buildSampleTask(Module &module, StringRef name, Function *graph,
                          const SampleLoop &loop) {
  LLVMContext &ctx = module.getContext();
  IRBuilder<> b(ctx);
  Type *ptr = b.getPtrTy(), *i64 = b.getInt64Ty(), *i32 = b.getInt32Ty();
  auto *type = FunctionType::get(b.getVoidTy(), {ptr, i64, i64, i32}, false);
  Function *fn = Function::Create(type, GlobalValue::InternalLinkage,
                                  (name + "_sample_task").str(), module);
  fn->addFnAttr(Attribute::NoUnwind);
  Value *context = fn->getArg(0), *begin = fn->getArg(1),
        *end = fn->getArg(2), *worker = fn->getArg(3);
  auto *entry = BasicBlock::Create(ctx, "entry", fn);
  auto *body = BasicBlock::Create(ctx, "sample", fn);
  auto *exit = BasicBlock::Create(ctx, "exit", fn);
  b.SetInsertPoint(entry);
  unsigned numInputs = loop.inputs.size();
  unsigned numOutputs = loop.outputs.size();
  Value *ins = b.CreateAlloca(ptr, b.getInt32(std::max(1u, numInputs)));
  Value *outs = b.CreateAlloca(ptr, b.getInt32(std::max(1u, numOutputs)));
  auto *contextType = StructType::get(ctx, {ptr, ptr, ptr, i64});
  Value *inputs = b.CreateLoad(ptr, b.CreateStructGEP(contextType, context, 0));
  Value *outputs =
      b.CreateLoad(ptr, b.CreateStructGEP(contextType, context, 1));
  Value *arena = b.CreateLoad(ptr, b.CreateStructGEP(contextType, context, 2));
  Value *n = b.CreateLoad(i64, b.CreateStructGEP(contextType, context, 3));
  // Worker w's arena follows the w before it; none when the graph needs
  // none.
  if (loop.tempBytes)
    arena = b.CreateGEP(b.getInt8Ty(), arena,
                        b.CreateMul(b.CreateSExt(worker, i64),
                                    b.getInt64(loop.tempBytes)));
  b.CreateCondBr(b.CreateICmpSLT(begin, end), body, exit);
  b.SetInsertPoint(body);
  PHINode *index = b.CreatePHI(i64, 2, "index");
  index->addIncoming(begin, entry);
  callOnIndex(b, index, n, inputs, outputs, ins, outs, arena, loop, graph,
              {});
  Value *next = b.CreateAdd(index, b.getInt64(1));
  index->addIncoming(next, b.GetInsertBlock());
  b.CreateCondBr(b.CreateICmpSLT(next, end), body, exit);
  b.SetInsertPoint(exit);
  b.CreateRetVoid();
  return fn;
}

/// Builds one entry point over `graph` (NAME_run or NAME_run_parallel);
/// `sampleTask` (the parallel one's) runs whole indices on the workers.
void buildEntry(Module &module, StringRef name, Function *graph,
                Function *sampleTask, const SampleLoop &loop) {
  bool parallel = sampleTask != nullptr;
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

  unsigned numInputs = loop.inputs.size();
  unsigned numOutputs = loop.outputs.size();
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
  Value *workers = b.getInt64(1);
  if (parallel) {
    // parallel->num_workers: the third field of aotc_parallel.
    auto *parallelType = StructType::get(ctx, {ptr, ptr, i32});
    BasicBlock *here = b.GetInsertBlock();
    auto *read = BasicBlock::Create(ctx, "workers", fn, noArena);
    auto *sized = BasicBlock::Create(ctx, "sized", fn, noArena);
    b.CreateCondBr(b.CreateIsNull(pool), sized, read);
    b.SetInsertPoint(read);
    Value *count = b.CreateSExt(
        b.CreateLoad(i32, b.CreateStructGEP(parallelType, pool, 2)), i64);
    count = b.CreateSelect(b.CreateICmpSGT(count, b.getInt64(1)), count,
                           b.getInt64(1));
    // Kernels split across the workers need the arena and each extra
    // worker's scratch; whole indices on each worker, an arena each.
    Value *split = b.CreateAdd(
        bytes, b.CreateMul(b.CreateSub(count, b.getInt64(1)),
                           b.getInt64(loop.workerTempBytes)));
    Value *apart = b.CreateMul(count, bytes);
    Value *total = b.CreateSelect(b.CreateICmpUGT(split, apart), split, apart);
    b.CreateBr(sized);
    b.SetInsertPoint(sized);
    PHINode *phi = b.CreatePHI(i64, 2);
    phi->addIncoming(bytes, here);
    phi->addIncoming(total, read);
    bytes = phi;
    PHINode *workerPhi = b.CreatePHI(i64, 2);
    workerPhi->addIncoming(b.getInt64(1), here);
    workerPhi->addIncoming(count, read);
    workers = workerPhi;
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
  // With several workers, whole indices run on each worker first (as many
  // as divide evenly), then the rest one at a time with their kernels split
  // across the workers.
  Value *first = b.getInt64(0);
  if (parallel && sampleTask) {
    Value *full = b.CreateSelect(
        b.CreateICmpSGT(workers, b.getInt64(1)),
        b.CreateSub(n, b.CreateSRem(n, workers)), b.getInt64(0));
    auto *spread = BasicBlock::Create(ctx, "spread", fn, body);
    auto *rest = BasicBlock::Create(ctx, "rest", fn, body);
    b.CreateCondBr(b.CreateICmpSGT(full, b.getInt64(0)), spread, rest);
    b.SetInsertPoint(spread);
    auto *contextType = StructType::get(ctx, {ptr, ptr, ptr, i64});
    Value *context = b.CreateAlloca(contextType);
    b.CreateStore(inputs, b.CreateStructGEP(contextType, context, 0));
    b.CreateStore(outputs, b.CreateStructGEP(contextType, context, 1));
    b.CreateStore(scratch, b.CreateStructGEP(contextType, context, 2));
    b.CreateStore(n, b.CreateStructGEP(contextType, context, 3));
    auto *parallelType = StructType::get(ctx, {ptr, ptr, i32});
    Value *parallelFor =
        b.CreateLoad(ptr, b.CreateStructGEP(parallelType, pool, 0));
    Value *poolHandle =
        b.CreateLoad(ptr, b.CreateStructGEP(parallelType, pool, 1));
    auto *forType = FunctionType::get(b.getVoidTy(), {ptr, i64, ptr, ptr},
                                      false);
    b.CreateCall(forType, parallelFor, {poolHandle, full, sampleTask, context});
    b.CreateBr(rest);
    b.SetInsertPoint(rest);
    PHINode *from = b.CreatePHI(i64, 2, "first");
    from->addIncoming(b.getInt64(0), start);
    from->addIncoming(full, spread);
    first = from;
  }
  BasicBlock *beforeLoop = b.GetInsertBlock();
  b.CreateCondBr(b.CreateICmpSGT(n, first), body, done);

  b.SetInsertPoint(body);
  PHINode *index = b.CreatePHI(i64, 2, "index");
  index->addIncoming(first, beforeLoop);
  SmallVector<Value *> rest;
  if (parallel)
    rest.push_back(pool);
  Value *rc = callOnIndex(b, index, n, inputs, outputs, ins, outs, scratch,
                          loop, graph, rest);
  BasicBlock *called = b.GetInsertBlock();
  Value *following = b.CreateAdd(index, b.getInt64(1));
  index->addIncoming(following, next);
  b.CreateCondBr(b.CreateICmpEQ(rc, b.getInt32(0)), next, done);

  b.SetInsertPoint(next);
  b.CreateCondBr(b.CreateICmpSLT(following, n), body, done);

  b.SetInsertPoint(done);
  PHINode *result = b.CreatePHI(i32, 3, "result");
  result->addIncoming(b.getInt32(0), beforeLoop);
  result->addIncoming(rc, called);
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
  buildEntry(module, (name + "_run_dims").str(), run, nullptr, loop);
  buildEntry(module, (name + "_run_dims_parallel").str(), runParallel,
             buildSampleTask(module, name, run, loop), loop);
  return Error::success();
}

} // namespace aotc::cpu

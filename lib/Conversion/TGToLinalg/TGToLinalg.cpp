//===- TGToLinalg.cpp - tg to linalg conversion pass ----------------------===//
//
// The `aotc-convert-tg-to-linalg` pass: applies the pattern sets of
// Elementwise.cpp, Contraction.cpp and DataMovement.cpp with a conversion
// target in which every tg op is illegal. Before converting, it stamps each
// tg op's location with the op's name (aotc/Analysis/Origins.h) and marks
// the graph's loops and branches (aotc/Analysis/GraphLoops.h).
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/Origins.h"
#include "aotc/Conversion/Passes.h"
#include "aotc/Analysis/GraphLoops.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace aotc {
#define GEN_PASS_DEF_CONVERTTGTOLINALGPASS
#include "aotc/Conversion/Passes.h.inc"
} // namespace aotc

using namespace mlir;

void aotc::populateTGToLinalgPatterns(RewritePatternSet &patterns) {
  populateTGElementwiseToLinalgPatterns(patterns);
  populateTGContractionToLinalgPatterns(patterns);
  populateTGNBitMatmulToLinalgPatterns(patterns);
  populateTGWinogradToLinalgPatterns(patterns);
  populateTGDataMovementToLinalgPatterns(patterns);
  populateTGNNToLinalgPatterns(patterns);
  populateTGIndexingToLinalgPatterns(patterns);
  populateTGSamplingToLinalgPatterns(patterns);
  populateTGSelectionToLinalgPatterns(patterns);
  populateTGNormalizationToLinalgPatterns(patterns);
}

namespace {
struct ConvertTGToLinalgPass final
    : aotc::impl::ConvertTGToLinalgPassBase<ConvertTGToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // Every op a pattern creates takes the tg op's location: stamped with
    // the tg op's name, it tells the kernel report which graph op each
    // linalg op computes (aotc/Analysis/Origins.h).
    getOperation()->walk([](Operation *op) {
      if (isa<aotc::tg::TGDialect>(op->getDialect()))
        op->setLoc(
            aotc::stampOrigin(op->getLoc(), op->getName().getStringRef()));
    });
    // Every loop and condition of a tg graph is the graph's own (a
    // recurrence over time, an If on a run-time condition); marked, they
    // stay so when passes build loops and conditions of their own.
    aotc::markGraphControlFlow(getOperation());
    ConversionTarget target(*context);
    target.addIllegalDialect<aotc::tg::TGDialect>();
    target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                           math::MathDialect, scf::SCFDialect,
                           tensor::TensorDialect>();
    RewritePatternSet patterns(context);
    aotc::populateTGToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

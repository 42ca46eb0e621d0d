//===- VNNISupport.cpp - shared by the VNNI passes ------------------------===//

#include "VNNISupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;

void aotc::buildVNNIDotBody(OpBuilder &b, Location loc, ValueRange args) {
  Type i32 = b.getI32Type();
  Value u = arith::ExtUIOp::create(b, loc, i32, args[0]);
  Value w = arith::ExtSIOp::create(b, loc, i32, args[1]);
  Value product = arith::MulIOp::create(b, loc, u, w);
  linalg::YieldOp::create(
      b, loc, arith::AddIOp::create(b, loc, args[2], product).getResult());
}

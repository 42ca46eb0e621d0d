//===- TGNNOps.td - Neural-network ops of the tg dialect ----*- tablegen -*-===//
//
// Neural-network ops of the tg dialect: convolution, pooling, resize.
// Included from TGOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGNNOPS_TD
#define AOTC_DIALECT_TG_IR_TGNNOPS_TD

#endif // AOTC_DIALECT_TG_IR_TGNNOPS_TD

//===- TGSamplingOps.td - tg sampling ops ------------------*- tablegen -*-===//
//
// Ops that sample a tensor at computed coordinates (grid sampling).
// Included from TGOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGSAMPLINGOPS_TD
#define AOTC_DIALECT_TG_IR_TGSAMPLINGOPS_TD

#endif // AOTC_DIALECT_TG_IR_TGSAMPLINGOPS_TD

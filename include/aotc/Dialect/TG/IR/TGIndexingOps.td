//===- TGIndexingOps.td - Indexing ops of the tg dialect ----*- tablegen -*-===//
//
// Indexing ops of the tg dialect: gather, pad, scans, arg-reductions, top-k.
// Included from TGOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGINDEXINGOPS_TD
#define AOTC_DIALECT_TG_IR_TGINDEXINGOPS_TD

#endif // AOTC_DIALECT_TG_IR_TGINDEXINGOPS_TD

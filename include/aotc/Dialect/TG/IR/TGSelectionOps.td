//===- TGSelectionOps.td - ops whose result extent depends on data -*- tablegen -*-===//
//
// Ops that select elements of their input by value, so the extent of their
// result is known only at run time: nonzero and non_max_suppression. tg is
// statically shaped, so each returns its result at its largest (bounded)
// shape, the selected entries first and zeros past them, and the actual
// extent as an i64 count. The ONNX importer hands both to the caller
// through the header's bounded outputs (docs/architecture.md).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGSELECTIONOPS_TD
#define AOTC_DIALECT_TG_IR_TGSELECTIONOPS_TD

def TG_NonZeroOp : TG_Op<"nonzero", [InferTypeOpAdaptor]> {
  let summary = "Coordinates of the nonzero elements, at their largest shape";
  let description = [{
    ONNX NonZero on a value known only at run time. For an input of rank `r`
    with `n` elements, `coordinates` is `tensor<r x n x i64>`: column `j <
    count` holds the coordinates of the `j`-th nonzero element in row-major
    order, and columns from `count` on are zero. `count` (rank 0) is the
    number of nonzero elements. A NaN is nonzero.

    ```mlir
    %c, %n = tg.nonzero %x : tensor<2x3xf32>
    // %c : tensor<2x6xi64>, %n : tensor<i64>
    ```
  }];
  let arguments = (ins TG_Tensor:$input);
  let results = (outs TG_I64Tensor:$coordinates, TG_I64Tensor:$count);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def TG_NonMaxSuppressionOp : TG_Op<"non_max_suppression",
    [InferTypeOpAdaptor]> {
  let summary = "Greedy non-maximum suppression of boxes, per class";
  let description = [{
    ONNX NonMaxSuppression. `boxes` is `B x N x 4` and `scores` `B x C x N`
    (f32). For every batch `b` and class `c` in order, the boxes whose score
    is greater than `score_threshold` are visited from the highest score
    down (equal scores: lower box index first); a box is selected unless its
    intersection over union with a box already selected for `(b, c)` is
    greater than `iou_threshold`, until `max_output_boxes_per_class` are
    selected. `selected` holds one `(b, c, box)` row per selection in that
    order and zeros past `count` rows.

    Boxes are `[y1, x1, y2, x2]` corners (either diagonal), or with
    `center_point_box` `[x_center, y_center, width, height]`. Boxes with an
    empty area overlap nothing.

    `per_class` bounds the selections per `(b, c)` at compile time (the
    constant `max_output_boxes_per_class`, or `N`): `selected` has `B * C *
    per_class` rows, and the run-time `max_output_boxes_per_class` is
    clamped to `[0, per_class]`. The thresholds are rank-0 f32 tensors.

    ```mlir
    %s, %n = tg.non_max_suppression %boxes, %scores, %max, %iou, %score
        per_class = 2 : tensor<1x6x4xf32>, tensor<1x1x6xf32>, tensor<i64>,
        tensor<f32>, tensor<f32>
    // %s : tensor<2x3xi64>, %n : tensor<i64>
    ```
  }];
  let arguments = (ins TG_FloatTensor:$boxes, TG_FloatTensor:$scores,
                       TG_I64Tensor:$max_output_boxes_per_class,
                       TG_FloatTensor:$iou_threshold,
                       TG_FloatTensor:$score_threshold,
                       I64Attr:$per_class, UnitAttr:$center_point_box);
  let results = (outs TG_I64Tensor:$selected, TG_I64Tensor:$count);
  let assemblyFormat = [{
    $boxes `,` $scores `,` $max_output_boxes_per_class `,` $iou_threshold `,`
    $score_threshold `per_class` `=` $per_class
    (`center_point_box` $center_point_box^)? attr-dict `:` type($boxes) `,`
    type($scores) `,` type($max_output_boxes_per_class) `,`
    type($iou_threshold) `,` type($score_threshold)
  }];
}

#endif // AOTC_DIALECT_TG_IR_TGSELECTIONOPS_TD

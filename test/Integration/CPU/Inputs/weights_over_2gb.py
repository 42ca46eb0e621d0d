"""A model with more than 2 GB of weights: y = Gather(table, idx), table a
ROWSx256 float32 initializer (2.25 GB at the default 2,200,000 rows) in
external data, idx the graph's input.

    weights_over_2gb.py gen DIR [ROWS]   writes DIR/big.onnx, DIR/big.bin
                                         and DIR/idx.bin (the indices)
    weights_over_2gb.py check DIR        compares DIR/y.bin, written by the
                                         compiled model, with the table's rows

The rows read are the first, the last and ones in between, so the gather
reaches both ends of the constant, past 2 GB from the code."""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

COLS = 256


def indices(rows):
    return np.array([0, 1, rows // 2, rows - 1], dtype=np.int64)


def table(rows):
    return np.random.default_rng(0).standard_normal((rows, COLS),
                                                    dtype=np.float32)


def gen(folder, rows):
    weights = table(rows)
    weights.tofile(folder + "/big.bin")
    initializer = TensorProto(name="table", data_type=TensorProto.FLOAT,
                              dims=[rows, COLS],
                              data_location=TensorProto.EXTERNAL)
    for key, value in (("location", "big.bin"), ("offset", "0"),
                       ("length", str(weights.nbytes))):
        entry = initializer.external_data.add()
        entry.key, entry.value = key, value
    idx = indices(rows)
    graph = helper.make_graph(
        [helper.make_node("Gather", ["table", "idx"], ["y"], axis=0)], "big",
        [helper.make_tensor_value_info("idx", TensorProto.INT64, [len(idx)])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT,
                                       [len(idx), COLS])],
        initializer=[initializer])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    with open(folder + "/big.onnx", "wb") as f:
        f.write(model.SerializeToString())
    idx.tofile(folder + "/idx.bin")
    with open(folder + "/rows.txt", "w") as f:
        f.write(str(rows))


def check(folder):
    with open(folder + "/rows.txt") as f:
        rows = int(f.read())
    weights = np.memmap(folder + "/big.bin", dtype=np.float32, mode="r",
                        shape=(rows, COLS))
    idx = indices(rows)
    got = np.fromfile(folder + "/y.bin", dtype=np.float32).reshape(-1, COLS)
    # A gather copies: the rows must be bitwise equal.
    ok = np.array_equal(got, weights[idx])
    print("rows %s of %d: %s" % (list(idx), rows, "ok" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 2200000)
    else:
        sys.exit(check(sys.argv[2]))

"""Writes winograd-nchw-output.mlir's graph: a 3x3 convolution of constant
weights (sin of the index, scaled) with a bias, its ReLU and a 2x2 max pool,
all in NCHW; the REF lines recompute it with numpy in float64."""
import numpy as np

CI, CO, SIDE = 32, 48, 16


def literal(values, shape):
    data = values.astype("<f4").tobytes().hex().upper()
    dims = "x".join(str(d) for d in shape)
    return 'dense<"0x%s"> : tensor<%sxf32>' % (data, dims)


w = np.sin(np.arange(CO * CI * 9)) / np.sqrt(CI * 9)
bias = np.cos(np.arange(CO)) * 0.1
image = "tensor<1x%dx%dx%dxf32>"
print("// TOL: rtol=1e-4 atol=1e-4  # Winograd's transforms round otherwise")
print("// REF: x = inp[0].astype(np.float64)")
print("// REF: w = (np.sin(np.arange(%d)) / np.sqrt(%d)).astype(np.float32)"
      ".reshape(%d, %d, 3, 3)" % (CO * CI * 9, CI * 9, CO, CI))
print("// REF: bias = (np.cos(np.arange(%d)) * 0.1).astype(np.float32)" % CO)
print("// REF: xp = np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)])")
print("// REF: r = sum(np.einsum('nchw,fc->nfhw', xp[:, :, i:i + %d, j:j + %d],"
      " w[:, :, i, j].astype(np.float64)) for i in range(3) for j in range(3))"
      % (SIDE, SIDE))
print("// REF: r = np.maximum(r + bias.reshape(1, -1, 1, 1), 0)")
print("// REF: out[0] = r.reshape(1, %d, %d, 2, %d, 2).max(axis=(3, 5))"
      ".astype(np.float32)" % (CO, SIDE // 2, SIDE // 2))
print("func.func @g(%%x: %s) -> %s {" % (
    image % (CI, SIDE, SIDE), image % (CO, SIDE // 2, SIDE // 2)))
print("  %%w = tg.constant %s" % literal(w, [CO, CI, 3, 3]))
print("  %%b = tg.constant %s" % literal(bias, [CO]))
print("  %%0 = tg.conv %%x, %%w, %%b strides = [1, 1] dilations = [1, 1] "
      "pads = [1, 1, 1, 1] : %s, tensor<%dx%dx3x3xf32>, tensor<%dxf32>" % (
          image % (CI, SIDE, SIDE), CO, CI, CO))
print("  %%1 = tg.relu %%0 : %s" % (image % (CO, SIDE, SIDE)))
print("  %%2 = tg.pool max %%1 kernel = [2, 2] strides = [2, 2] dilations = "
      "[1, 1] pads = [0, 0, 0, 0] : %s" % (image % (CO, SIDE, SIDE)))
print("  return %%2 : %s" % (image % (CO, SIDE // 2, SIDE // 2)))
print("}")

"""Writes merge-identical-tasks.test's graph: five residual dense layers of
one shape (x + relu(x @ w_k + b_k)), each with weights of its own, values
sin and cos of (k + 1) * i that the REF lines recompute with numpy."""
import numpy as np

LAYERS, ROWS, WIDTH = 5, 24, 128


def literal(values, shape):
    data = values.astype("<f4").tobytes().hex().upper()
    dims = "x".join(str(d) for d in shape)
    return 'dense<"0x%s"> : tensor<%sxf32>' % (data, dims)


def weights(k):
    return np.sin((k + 1) * np.arange(WIDTH * WIDTH)) / 16


def bias(k):
    return np.cos((k + 1) * np.arange(WIDTH)) / 4


print("// REF: h = inp[0].astype(np.float64)")
print("// REF: for k in range(%d):" % LAYERS)
print("// REF:     w = (np.sin((k + 1) * np.arange(%d)) / 16).astype("
      "np.float32).reshape(%d, %d)" % (WIDTH * WIDTH, WIDTH, WIDTH))
print("// REF:     b = (np.cos((k + 1) * np.arange(%d)) / 4).astype("
      "np.float32)" % WIDTH)
print("// REF:     h = h + np.maximum(h @ w + b, 0)")
print("// REF: out[0] = h.astype(np.float32)")
t = "tensor<%dx%dxf32>" % (ROWS, WIDTH)
print("func.func @g(%%x: %s) -> %s {" % (t, t))
h = "%x"
for k in range(LAYERS):
    print("  %%w%d = tg.constant %s" % (k, literal(weights(k), [WIDTH, WIDTH])))
    print("  %%b%d = tg.constant %s" % (k, literal(bias(k), [WIDTH])))
    print("  %%m%d = tg.matmul %s, %%w%d : %s, tensor<%dx%dxf32>"
          % (k, h, k, t, WIDTH, WIDTH))
    print("  %%a%d = tg.add %%m%d, %%b%d : %s, tensor<%dxf32>"
          % (k, k, k, t, WIDTH))
    print("  %%r%d = tg.relu %%a%d : %s" % (k, k, t))
    print("  %%h%d = tg.add %s, %%r%d : %s, %s" % (k, h, k, t, t))
    h = "%%h%d" % k
print("  return %s : %s" % (h, t))
print("}")

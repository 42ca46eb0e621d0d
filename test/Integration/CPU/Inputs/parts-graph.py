"""Writes codegen-parts.test's graph: two dense layers and a softmax whose
weights are constants of the graph, 128 KiB and 80 KiB (over the medium
code model's 64 KiB, so they land in .lrodata), with values sin(i) and
cos(i) that the REF lines recompute with numpy."""
import numpy as np


def literal(values, shape):
    data = values.astype("<f4").tobytes().hex().upper()
    dims = "x".join(str(d) for d in shape)
    return 'dense<"0x%s"> : tensor<%sxf32>' % (data, dims)


w1 = np.sin(np.arange(128 * 256)) / 8
b1 = np.cos(np.arange(256))
w2 = np.cos(np.arange(256 * 80)) / 8
print("// REF: w1 = (np.sin(np.arange(128 * 256)) / 8).astype(np.float32)"
      ".reshape(128, 256)")
print("// REF: b1 = np.cos(np.arange(256)).astype(np.float32)")
print("// REF: w2 = (np.cos(np.arange(256 * 80)) / 8).astype(np.float32)"
      ".reshape(256, 80)")
print("// REF: h = np.maximum(inp[0] @ w1 + b1, 0)")
print("// REF: z = h @ w2")
print("// REF: e = np.exp(z - z.max(axis=-1, keepdims=True))")
print("// REF: out[0] = e / e.sum(axis=-1, keepdims=True)")
print("// REF: out[1] = h.sum(axis=0)")
print("func.func @parts(%x: tensor<6x128xf32>) -> (tensor<6x80xf32>, "
      "tensor<256xf32>) {")
print("  %w1 = tg.constant " + literal(w1.ravel(), [128, 256]))
print("  %b1 = tg.constant " + literal(b1, [256]))
print("  %w2 = tg.constant " + literal(w2.ravel(), [256, 80]))
print("  %m = tg.matmul %x, %w1 : tensor<6x128xf32>, tensor<128x256xf32>")
print("  %a = tg.add %m, %b1 : tensor<6x256xf32>, tensor<256xf32>")
print("  %h = tg.relu %a : tensor<6x256xf32>")
print("  %z = tg.matmul %h, %w2 : tensor<6x256xf32>, tensor<256x80xf32>")
print("  %s = tg.softmax %z axis = 1 : tensor<6x80xf32>")
print("  %c = tg.reduce sum %h axes = [0] : "
      "tensor<6x256xf32>")
print("  return %s, %c : tensor<6x80xf32>, tensor<256xf32>")
print("}")

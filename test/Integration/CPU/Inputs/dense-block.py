"""Writes dense-block.test's graph: a DenseNet-style block in which each
layer reads the concatenation of the block's input and every feature
before it (pre-activation, as DenseNet's BN-ReLU-conv: a 1x1 convolution
of the concatenation's relu, halved), and the block's output is the
concatenation of all of them, which the graph returns halved (as a
DenseNet block feeds its transition layer). Weights are sin of the index, scaled; the
REF lines recompute the block with numpy."""
import numpy as np

LAYERS, CHANNELS, GROWTH, SIDE = 4, 16, 16, 8


def literal(values, shape):
    data = values.astype("<f4").tobytes().hex().upper()
    dims = "x".join(str(d) for d in shape)
    return 'dense<"0x%s"> : tensor<%sxf32>' % (data, dims)


def weights(k):
    inputs = CHANNELS + k * GROWTH
    return np.sin((k + 1) * np.arange(GROWTH * inputs)) / np.sqrt(inputs)


def image(channels):
    return "tensor<1x%dx%dx%dxf32>" % (channels, SIDE, SIDE)


print("// REF: feats = [inp[0].astype(np.float64)]")
print("// REF: for k in range(%d):" % LAYERS)
print("// REF:     cat = np.concatenate(feats, axis=1)")
print("// REF:     c = cat.shape[1]")
print("// REF:     w = (np.sin((k + 1) * np.arange(%d * c)) / np.sqrt(c))"
      ".astype(np.float32).reshape(%d, c)" % (GROWTH, GROWTH))
print("// REF:     feats.append(np.einsum('oc,nchw->nohw', w, "
      "np.maximum(cat, 0) * 0.5))")
print("// REF: out[0] = (np.concatenate(feats, axis=1) * 0.5).astype("
      "np.float32)")
total = CHANNELS + LAYERS * GROWTH
print("func.func @g(%%x: %s) -> %s {" % (image(CHANNELS), image(total)))
features = ["%x"]
for k in range(LAYERS):
    inputs = CHANNELS + k * GROWTH
    if k == 0:
        cat = "%x"
    else:
        cat = "%%cat%d" % k
        print("  %s = tg.concat %s axis = 1 : %s" % (
            cat, ", ".join(features),
            ", ".join(image(CHANNELS if f == "%x" else GROWTH)
                      for f in features)))
    print("  %%r%d = tg.relu %s : %s" % (k, cat, image(inputs)))
    print("  %%h%d = tg.constant dense<0.5> : tensor<f32>" % k)
    print("  %%s%d = tg.mul %%r%d, %%h%d : %s, tensor<f32>" % (
        k, k, k, image(inputs)))
    print("  %%w%d = tg.constant %s" % (
        k, literal(weights(k), [GROWTH, inputs, 1, 1])))
    print("  %%f%d = tg.conv %%s%d, %%w%d strides = [1, 1] dilations = [1, 1] "
          "pads = [0, 0, 0, 0] : %s, tensor<%dx%dx1x1xf32>" % (
        k, k, k, image(inputs), GROWTH, inputs))
    features.append("%%f%d" % k)
print("  %%out = tg.concat %s axis = 1 : %s" % (
    ", ".join(features),
    ", ".join(image(CHANNELS if f == "%x" else GROWTH) for f in features)))
print("  %half = tg.constant dense<0.5> : tensor<f32>")
print("  %%result = tg.mul %%out, %%half : %s, tensor<f32>" % image(total))
print("  return %%result : %s" % image(total))
print("}")

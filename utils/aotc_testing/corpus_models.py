#!/usr/bin/python3
"""The model corpus: real model architectures, built here from code
(torchvision or plain PyTorch, random weights, seed 0), never downloaded.

``CORPUS`` maps each model's name to ``(family, builder)``; a builder takes
the ``torch`` module and returns ``(module, inputs)``, the eval-mode
module and the tuple of example input tensors it is exported and run on.
bench/corpus.py compiles, checks and times every one of them against
onnxruntime; test/Models/corpus.test (``REQUIRES: slow``) compiles and
checks them. The families are those users bring (docs/corpus.md):

``classification``  torchvision's CNNs, ViT, Swin and ConvNeXt at 224x224
``detection``       segmentation networks, a RetinaNet-style detector's
                    FPN and heads, torchvision's Faster R-CNN
``ocr``             a CRNN recognizer, recurrent encoders, a DBNet-style
                    text detector (ConvTranspose and Resize head)
``speech``          audio front ends: wav2vec2's convolutional feature
                    encoder, a log-mel keyword spotter, a Conformer block
``encoder``         BERT-style encoders with token ids and attention mask
``decoder``         GPT-style blocks, one decoding step with a fixed-length
                    KV cache
``quantized``       onnxruntime's quantizer's output for models above
                    (built by bench/corpus.py with onnxruntime; see there)
"""

import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_models  # noqa: E402


def image(shape=(1, 3, 224, 224)):
    import torch
    return (torch.randn(*shape),)


def torchvision_classifier(name, **kwargs):
    def build(torch):
        import torchvision
        return getattr(torchvision.models, name)(weights=None, **kwargs), \
            image()
    return build


def first_output(model, key=None):
    """Wraps a model whose forward returns a dict or tuple so that the
    export sees one tensor."""
    import torch

    class First(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, x):
            y = self.model(x)
            return y[key] if key is not None else y[0]
    return First()


def torchvision_segmentation(name):
    def build(torch):
        import torchvision
        model = getattr(torchvision.models.segmentation, name)(
            weights=None, weights_backbone=None)
        return first_output(model, "out"), image()
    return build


def retinanet_heads(torch):
    """A RetinaNet-style detector without its box decoding: torchvision's
    ResNet-18 FPN backbone (P3-P7) and the shared classification and
    regression heads (4 convolutions of 256 channels each), every level's
    outputs flattened and concatenated: [1, anchors, 91 + 4]."""
    import torchvision
    from torchvision.models.detection.backbone_utils import \
        _resnet_fpn_extractor
    from torchvision.ops.feature_pyramid_network import LastLevelP6P7
    nn = torch.nn
    backbone = _resnet_fpn_extractor(
        torchvision.models.resnet18(weights=None), 3,
        returned_layers=[2, 3, 4], extra_blocks=LastLevelP6P7(256, 256))
    anchors, classes = 9, 91

    def head(out):
        layers = []
        for _ in range(4):
            layers += [nn.Conv2d(256, 256, 3, padding=1), nn.ReLU()]
        return nn.Sequential(*layers, nn.Conv2d(256, anchors * out, 3,
                                                padding=1))

    class Detector(nn.Module):
        def __init__(self):
            super().__init__()
            self.backbone = backbone
            self.cls = head(classes)
            self.box = head(4)

        def forward(self, x):
            outs = []
            for f in self.backbone(x).values():
                n, _, h, w = f.shape
                c = self.cls(f).sigmoid().permute(0, 2, 3, 1).reshape(
                    n, h * w * anchors, classes)
                b = self.box(f).permute(0, 2, 3, 1).reshape(
                    n, h * w * anchors, 4)
                outs.append(torch.cat([c, b], 2))
            return torch.cat(outs, 1)

    return Detector(), image((1, 3, 256, 256))


def faster_rcnn(torch):
    """torchvision's Faster R-CNN with a MobileNetV3 FPN backbone at 320,
    the boxes of one 320x320 image (data-dependent: NonMaxSuppression,
    NonZero, RoiAlign)."""
    import torchvision
    model = torchvision.models.detection.fasterrcnn_mobilenet_v3_large_320_fpn(
        weights=None, weights_backbone=None)

    class Boxes(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, x):
            return self.model([x[0]])[0]["boxes"]

    boxes = Boxes()
    boxes.calibrate = False  # a detector in training mode wants targets
    return boxes, image((1, 3, 320, 320))


def text_detector(torch):
    """A DBNet-style text detector at 320x320: a MobileNetV3-small
    backbone's features at strides 8, 16 and 32, an FPN neck that upsamples
    with Resize, and a head of ConvTranspose layers back to full resolution
    ending in a probability map."""
    import torchvision
    nn = torch.nn
    f = torchvision.models.mobilenet_v3_small(weights=None).features
    stages = [f[:4], f[4:9], f[9:12]]     # 24, 48, 96 channels

    class DB(nn.Module):
        def __init__(self):
            super().__init__()
            self.stages = nn.ModuleList(stages)
            self.lateral = nn.ModuleList(nn.Conv2d(c, 64, 1)
                                         for c in (24, 48, 96))
            self.smooth = nn.Conv2d(192, 64, 3, padding=1)
            self.head = nn.Sequential(
                nn.BatchNorm2d(64), nn.ReLU(),
                nn.ConvTranspose2d(64, 32, 2, stride=2), nn.BatchNorm2d(32),
                nn.ReLU(), nn.ConvTranspose2d(32, 1, 2, stride=2))

        def forward(self, x):
            feats = []
            for stage in self.stages:
                x = stage(x)
                feats.append(x)
            p = [lat(t) for lat, t in zip(self.lateral, feats)]
            up = torch.nn.functional.interpolate
            p[1] = p[1] + up(p[2], scale_factor=2.0, mode="nearest")
            p[0] = p[0] + up(p[1], scale_factor=2.0, mode="nearest")
            fused = torch.cat([p[0], up(p[1], scale_factor=2.0,
                                        mode="bilinear"),
                               up(p[2], scale_factor=4.0, mode="bilinear")],
                              1)
            return torch.sigmoid(self.head(self.smooth(fused)))

    return DB(), image((1, 3, 320, 320))


def lstm_language_model(torch):
    """A word-level LSTM language model: an embedding of 1000 tokens, a
    2-layer LSTM (256) over 35 steps, a projection back to the vocabulary."""
    nn = torch.nn

    class LM(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(1000, 128)
            self.lstm = nn.LSTM(128, 256, num_layers=2)
            self.out = nn.Linear(256, 1000)

        def forward(self, tokens):
            return self.out(self.lstm(self.embed(tokens))[0])

    return LM(), (torch.randint(0, 1000, (35, 1)),)


def wav2vec2_features(torch):
    """wav2vec2's convolutional feature encoder on one second of 16 kHz
    audio: 7 Conv1d layers of 512 channels (kernels 10,3,3,3,3,2,2,
    strides 5,2,2,2,2,2,2), GroupNorm after the first, GELU after each,
    then LayerNorm and the projection to 768."""
    nn = torch.nn

    class Features(nn.Module):
        def __init__(self):
            super().__init__()
            spec = [(10, 5)] + [(3, 2)] * 4 + [(2, 2)] * 2
            convs = []
            for i, (k, s) in enumerate(spec):
                convs.append(nn.Conv1d(1 if i == 0 else 512, 512, k, stride=s,
                                       bias=False))
                if i == 0:
                    convs.append(nn.GroupNorm(512, 512))
                convs.append(nn.GELU())
            self.convs = nn.Sequential(*convs)
            self.norm = nn.LayerNorm(512)
            self.proj = nn.Linear(512, 768)

        def forward(self, audio):
            f = self.convs(audio.unsqueeze(1)).transpose(1, 2)
            return self.proj(self.norm(f))

    return Features(), (torch.randn(1, 16000),)


def logmel_keyword_spotter(torch):
    """A keyword spotter on a log-mel spectrogram computed in the graph:
    the STFT as a strided Conv1d with fixed Hann-windowed cosine and sine
    kernels (n_fft 400, hop 160), the power spectrum, a 40-band mel matrix,
    log, then a 4-layer CNN and a classifier over 12 keywords."""
    import math
    nn = torch.nn
    n_fft, hop, bins, mels = 400, 160, 201, 40

    class KWS(nn.Module):
        def __init__(self):
            super().__init__()
            n = torch.arange(n_fft, dtype=torch.float32)
            k = torch.arange(bins, dtype=torch.float32).unsqueeze(1)
            window = 0.5 - 0.5 * torch.cos(2 * math.pi * n / n_fft)
            angle = 2 * math.pi * k * n / n_fft
            self.register_buffer("dft", torch.cat(
                [torch.cos(angle) * window, -torch.sin(angle) * window]
            ).unsqueeze(1))
            self.register_buffer("mel", torch.rand(bins, mels) / bins)
            layers, c = [], 1
            for out in (32, 64, 64, 128):
                layers += [nn.Conv2d(c, out, 3, padding=1),
                           nn.BatchNorm2d(out), nn.ReLU(), nn.MaxPool2d(2)]
                c = out
            self.cnn = nn.Sequential(*layers)
            self.fc = nn.Linear(128, 12)

        def forward(self, audio):
            spec = torch.nn.functional.conv1d(audio.unsqueeze(1), self.dft,
                                              stride=hop)
            re, im = spec[:, :bins], spec[:, bins:]
            power = (re * re + im * im).transpose(1, 2)
            logmel = torch.log(power @ self.mel + 1e-6).transpose(1, 2)
            f = self.cnn(logmel.unsqueeze(1))
            return self.fc(f.mean(dim=(2, 3)))

    return KWS(), (torch.randn(1, 16000),)


def conformer_block(torch):
    """One Conformer block (d=144, 4 heads, 100 frames): half-step
    feed-forward, self-attention, the convolution module (pointwise, GLU,
    depthwise Conv1d of 31, BatchNorm, SiLU, pointwise), a second
    half-step feed-forward and LayerNorm."""
    nn = torch.nn
    d = 144

    def ffn():
        return nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.SiLU(),
                             nn.Linear(4 * d, d))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ff1, self.ff2 = ffn(), ffn()
            self.ln_att = nn.LayerNorm(d)
            self.att = nn.MultiheadAttention(d, 4, batch_first=True)
            self.ln_conv = nn.LayerNorm(d)
            self.pw1 = nn.Conv1d(d, 2 * d, 1)
            self.dw = nn.Conv1d(d, d, 31, padding=15, groups=d)
            self.bn = nn.BatchNorm1d(d)
            self.pw2 = nn.Conv1d(d, d, 1)
            self.ln_out = nn.LayerNorm(d)

        def forward(self, x):
            x = x + 0.5 * self.ff1(x)
            h = self.ln_att(x)
            x = x + self.att(h, h, h, need_weights=False)[0]
            c = self.ln_conv(x).transpose(1, 2)
            c = torch.nn.functional.glu(self.pw1(c), dim=1)
            c = self.pw2(torch.nn.functional.silu(self.bn(self.dw(c))))
            x = x + c.transpose(1, 2)
            return self.ln_out(x + 0.5 * self.ff2(x))

    return Block(), (torch.randn(1, 100, d),)


class BertLike:
    """A BERT-style encoder written as Hugging Face's is: word, position
    and token-type embeddings, LayerNorm, post-norm layers with an
    additive attention mask from the 0/1 mask input, GELU, a tanh pooler.
    Inputs: token ids and attention mask, int64 [1, seq]."""

    def __init__(self, layers, d, heads, seq, vocab=1000):
        self.layers, self.d, self.heads, self.seq, self.vocab = \
            layers, d, heads, seq, vocab

    def __call__(self, torch):
        nn = torch.nn
        d, heads, seq, vocab = self.d, self.heads, self.seq, self.vocab

        class Layer(nn.Module):
            def __init__(self):
                super().__init__()
                self.qkv = nn.Linear(d, 3 * d)
                self.o = nn.Linear(d, d)
                self.ln1 = nn.LayerNorm(d)
                self.fc1 = nn.Linear(d, 4 * d)
                self.fc2 = nn.Linear(4 * d, d)
                self.ln2 = nn.LayerNorm(d)

            def forward(self, x, bias):
                b, t, _ = x.shape
                q, k, v = (y.reshape(b, t, heads, d // heads).transpose(1, 2)
                           for y in self.qkv(x).split(d, 2))
                s = q @ k.transpose(2, 3) / (d // heads) ** 0.5 + bias
                a = (torch.softmax(s, -1) @ v).transpose(1, 2).reshape(b, t,
                                                                       d)
                x = self.ln1(x + self.o(a))
                return self.ln2(x + self.fc2(torch.nn.functional.gelu(
                    self.fc1(x))))

        outer = self

        class Bert(nn.Module):
            def __init__(self):
                super().__init__()
                self.words = nn.Embedding(vocab, d)
                self.positions = nn.Embedding(seq, d)
                self.types = nn.Embedding(2, d)
                self.ln = nn.LayerNorm(d)
                self.layers = nn.ModuleList(Layer()
                                            for _ in range(outer.layers))
                self.pool = nn.Linear(d, d)

            def forward(self, ids, mask):
                pos = torch.arange(ids.shape[1]).unsqueeze(0)
                x = self.ln(self.words(ids) + self.positions(pos) +
                            self.types(torch.zeros_like(ids)))
                bias = (1.0 - mask[:, None, None, :].float()) * -10000.0
                for layer in self.layers:
                    x = layer(x, bias)
                return torch.tanh(self.pool(x[:, 0]))

        ids = torch.randint(0, vocab, (1, seq))
        mask = torch.ones(1, seq, dtype=torch.int64)
        mask[0, seq - seq // 4:] = 0
        return Bert(), (ids, mask)


def encoder_stack(torch):
    """nn.TransformerEncoder: 4 pre-norm layers, d=384, 6 heads, GELU,
    seq 128 (a MiniLM-sized sentence encoder body)."""
    layer = torch.nn.TransformerEncoderLayer(
        384, 6, 1536, dropout=0.0, activation="gelu", batch_first=True,
        norm_first=True)
    return torch.nn.TransformerEncoder(layer, 4, enable_nested_tensor=False), \
        (torch.randn(1, 128, 384),)


def gpt_block(torch):
    """A GPT-2-small block: pre-norm causal self-attention and a GELU MLP,
    d=768, 12 heads, seq 64."""
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self, d=768, heads=12, seq=64):
            super().__init__()
            self.heads = heads
            self.ln1 = nn.LayerNorm(d)
            self.qkv = nn.Linear(d, 3 * d)
            self.proj = nn.Linear(d, d)
            self.ln2 = nn.LayerNorm(d)
            self.fc = nn.Linear(d, 4 * d)
            self.out = nn.Linear(4 * d, d)
            self.register_buffer(
                "mask", torch.triu(torch.full((seq, seq), float("-inf")), 1))

        def forward(self, x):
            b, t, d = x.shape
            h = self.heads
            q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
            q = q.reshape(b, t, h, d // h).transpose(1, 2)
            k = k.reshape(b, t, h, d // h).transpose(1, 2)
            v = v.reshape(b, t, h, d // h).transpose(1, 2)
            att = (q @ k.transpose(2, 3)) * (1.0 / (d // h) ** 0.5)
            att = torch.softmax(att + self.mask, dim=-1)
            y = (att @ v).transpose(1, 2).reshape(b, t, d)
            x = x + self.proj(y)
            return x + self.out(torch.nn.functional.gelu(self.fc(self.ln2(x))))

    return Block(), (1, 64, 768)


def gpt_decode_step(torch):
    """One decoding step of a 4-layer GPT (d=256, 4 heads, vocab 1000) with
    a fixed-length KV cache: inputs the new token and its position (int64
    [1, 1]) and the 63 cached keys and values of every layer
    ([4, 1, 4, 63, 64] each); outputs the next-token logits and the 64
    keys and values the next step's cache is cut from."""
    nn = torch.nn
    layers, d, heads, past, vocab = 4, 256, 4, 63, 1000
    dh = d // heads

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(d)
            self.qkv = nn.Linear(d, 3 * d)
            self.proj = nn.Linear(d, d)
            self.ln2 = nn.LayerNorm(d)
            self.fc = nn.Linear(d, 4 * d)
            self.out = nn.Linear(4 * d, d)

        def forward(self, x, past_k, past_v):
            q, k, v = (y.reshape(1, 1, heads, dh).transpose(1, 2)
                       for y in self.qkv(self.ln1(x)).split(d, 2))
            k = torch.cat([past_k, k], 2)
            v = torch.cat([past_v, v], 2)
            a = torch.softmax(q @ k.transpose(2, 3) / dh ** 0.5, -1) @ v
            x = x + self.proj(a.transpose(1, 2).reshape(1, 1, d))
            x = x + self.out(torch.nn.functional.gelu(self.fc(self.ln2(x))))
            return x, k, v

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.tokens = nn.Embedding(vocab, d)
            self.positions = nn.Embedding(past + 1, d)
            self.layers = nn.ModuleList(Layer() for _ in range(layers))
            self.ln = nn.LayerNorm(d)
            self.head = nn.Linear(d, vocab, bias=False)

        def forward(self, token, position, past_k, past_v):
            x = self.tokens(token) + self.positions(position)
            ks, vs = [], []
            for i, layer in enumerate(self.layers):
                x, k, v = layer(x, past_k[i], past_v[i])
                ks.append(k)
                vs.append(v)
            return self.head(self.ln(x)), torch.stack(ks), torch.stack(vs)

    shape = (layers, 1, heads, past, dh)
    return GPT(), (torch.tensor([[17]]), torch.tensor([[past]]),
                   torch.randn(*shape), torch.randn(*shape))


def single(builder):
    """An onnx_models.py builder (module, shape) as a corpus builder."""
    def build(torch):
        model, shape = builder(torch)
        return model, (torch.randn(*shape),)
    return build


CORPUS = collections.OrderedDict([
    ("resnet18", ("classification", torchvision_classifier("resnet18"))),
    ("resnet50", ("classification", torchvision_classifier("resnet50"))),
    ("mobilenet_v2", ("classification",
                      torchvision_classifier("mobilenet_v2"))),
    ("mobilenet_v3_small", ("classification",
                            torchvision_classifier("mobilenet_v3_small"))),
    ("mobilenet_v3_large", ("classification",
                            torchvision_classifier("mobilenet_v3_large"))),
    ("efficientnet_b0", ("classification",
                         torchvision_classifier("efficientnet_b0"))),
    ("shufflenet_v2", ("classification",
                       torchvision_classifier("shufflenet_v2_x1_0"))),
    ("squeezenet1_1", ("classification",
                       torchvision_classifier("squeezenet1_1"))),
    ("regnet_y_400mf", ("classification",
                        torchvision_classifier("regnet_y_400mf"))),
    ("mnasnet1_0", ("classification", torchvision_classifier("mnasnet1_0"))),
    ("densenet121", ("classification",
                     torchvision_classifier("densenet121"))),
    ("googlenet", ("classification", torchvision_classifier(
        "googlenet", aux_logits=False, init_weights=True))),
    ("convnext_tiny", ("classification",
                       torchvision_classifier("convnext_tiny"))),
    ("swin_t", ("classification", torchvision_classifier("swin_t"))),
    ("vit_b_16", ("classification", torchvision_classifier("vit_b_16"))),
    ("fcn_resnet50", ("detection", torchvision_segmentation("fcn_resnet50"))),
    ("deeplabv3_mobilenet", ("detection", torchvision_segmentation(
        "deeplabv3_mobilenet_v3_large"))),
    ("lraspp_mobilenet", ("detection", torchvision_segmentation(
        "lraspp_mobilenet_v3_large"))),
    ("retinanet_heads", ("detection", retinanet_heads)),
    ("faster_rcnn", ("detection", faster_rcnn)),
    ("crnn", ("ocr", single(onnx_models.crnn))),
    ("gru_encoder", ("ocr", single(onnx_models.gru_encoder))),
    ("text_detector", ("ocr", text_detector)),
    ("lstm_lm", ("ocr", lstm_language_model)),
    ("wav2vec2_features", ("speech", wav2vec2_features)),
    ("logmel_kws", ("speech", logmel_keyword_spotter)),
    ("conformer_block", ("speech", conformer_block)),
    ("transformer_layer", ("encoder",
                           single(onnx_models.transformer_layer_256))),
    ("bert_mini", ("encoder", BertLike(4, 256, 4, 128))),
    ("encoder_stack", ("encoder", encoder_stack)),
    ("gpt_block", ("decoder", single(gpt_block))),
    ("gpt_decode_step", ("decoder", gpt_decode_step)),
])


def float64_outputs(torch, model, inputs):
    """The model's outputs computed in float64 (None when it cannot run in
    double precision, e.g. with float32 constants made in forward)."""
    import copy
    try:
        double = copy.deepcopy(model).double()
        with torch.no_grad():
            got = double(*[t.double() if t.dtype.is_floating_point else t
                           for t in inputs])
    except (RuntimeError, TypeError):
        return None
    got = list(got) if isinstance(got, (tuple, list)) else [got]
    return [g.numpy() for g in got]


def batched(torch, inputs, batch):
    """The model's inputs at batch size `batch` (their first dimension):
    float inputs drawn anew, integer ones (token ids, masks) repeated."""
    out = []
    for t in inputs:
        if t.dtype.is_floating_point:
            out.append(torch.randn(batch, *t.shape[1:], dtype=t.dtype))
        else:
            out.append(t[:1].repeat(batch, *[1] * (t.dim() - 1)))
    return tuple(out)


def export(name, path, opset=onnx_models.OPSET, float64=False, batch=None):
    """Builds corpus model `name`, exports it to `path` and returns
    (inputs, PyTorch's outputs) as lists of numpy arrays; with `float64`,
    also the outputs computed in float64 (or None). With `batch`, every
    input's and output's first dimension is the symbolic dimension "batch"
    in the file (for `--dim batch=MIN..MAX`), and the inputs and outputs
    returned are at that batch size."""
    import torch
    torch.manual_seed(0)
    model, inputs = CORPUS[name][1](torch)
    if batch is not None:
        inputs = batched(torch, inputs, batch)
    shapes = [t.shape for t in inputs if t.dtype.is_floating_point]
    if len(shapes) == 1 and getattr(model, "calibrate", True):
        onnx_models.calibrate_batch_norm(torch, model, tuple(shapes[0]))
    model.eval()
    want = model(*inputs)
    want = list(want) if isinstance(want, (tuple, list)) else [want]
    names = ["input%d" % i for i in range(len(inputs))] \
        if len(inputs) > 1 else ["input"]
    outs = ["output%d" % i for i in range(len(want))] \
        if len(want) > 1 else ["output"]
    dynamic = None if batch is None else {
        n: {0: "batch"} for n in names + outs}
    torch.onnx.export(model, tuple(inputs), path, opset_version=opset,
                      input_names=names, output_names=outs,
                      dynamic_axes=dynamic)
    result = ([t.numpy() for t in inputs], [w.detach().numpy() for w in want])
    if float64:
        result += (float64_outputs(torch, model, inputs),)
    return result

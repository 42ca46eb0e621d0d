"""Writes small ONNX models for the Transformer converters' lit tests.

    transformer_models.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""
import functools

from onnx import TensorProto, helper

from onnx_builders import main, tensor
from onnx_builders import model as _model

model = functools.partial(_model, opset=23)


def attention_gqa_causal():
    """4-D grouped-query attention: 4 query heads share 2 key/value heads;
    causal, no other mask."""
    node = helper.make_node("Attention", ["q", "k", "v"], ["y"], name="attn",
                            is_causal=1)
    return model([node], [tensor("q", [1, 4, 3, 8]), tensor("k", [1, 2, 3, 8]),
                          tensor("v", [1, 2, 3, 8])],
                 [tensor("y", [1, 4, 3, 8])])


def attention_3d_past():
    """3-D attention with a KV cache, a bool mask, softcap and the softmax
    probabilities as qk_matmul_output."""
    node = helper.make_node(
        "Attention", ["q", "k", "v", "mask", "past_k", "past_v"],
        ["y", "present_k", "present_v", "qk"], name="attn", q_num_heads=2,
        kv_num_heads=2, softcap=5.0, qk_matmul_output_mode=3, scale=0.25)
    return model(
        [node],
        [tensor("q", [1, 3, 8]), tensor("k", [1, 3, 8]),
         tensor("v", [1, 3, 8]), tensor("mask", [3, 5], TensorProto.BOOL),
         tensor("past_k", [1, 2, 2, 4]), tensor("past_v", [1, 2, 2, 4])],
        [tensor("y", [1, 3, 8]), tensor("present_k", [1, 2, 5, 4]),
         tensor("present_v", [1, 2, 5, 4]), tensor("qk", [1, 2, 3, 5])])


def attention_nonpad():
    """Opset 24 key padding by nonpad_kv_seqlen."""
    node = helper.make_node("Attention",
                            ["q", "k", "v", "", "", "", "nonpad"], ["y"],
                            name="attn")
    return model([node], [tensor("q", [2, 1, 1, 4]), tensor("k", [2, 1, 4, 4]),
                          tensor("v", [2, 1, 4, 4]),
                          tensor("nonpad", [2], TensorProto.INT64)],
                 [tensor("y", [2, 1, 1, 4])], opset=24)


def attention_bad_heads():
    """Three query heads cannot share two key/value heads."""
    node = helper.make_node("Attention", ["q", "k", "v"], ["y"], name="attn")
    return model([node], [tensor("q", [1, 3, 2, 4]), tensor("k", [1, 2, 2, 4]),
                          tensor("v", [1, 2, 2, 4])],
                 [tensor("y", [1, 3, 2, 4])])


def linear_attention_gqa():
    """LinearAttention (opset 27, gated_delta by default): 2 positions, 4
    query heads sharing 2 KV heads, d_k = d_v = 2, per-head decay."""
    node = helper.make_node(
        "LinearAttention", ["q", "k", "v", "", "decay", "beta"], ["y", "s"],
        name="lin", q_num_heads=4, kv_num_heads=2)
    return model([node], [tensor("q", [1, 2, 8]), tensor("k", [1, 2, 4]),
                          tensor("v", [1, 2, 4]), tensor("decay", [1, 2, 2]),
                          tensor("beta", [1, 2, 2])],
                 [tensor("y", [1, 2, 8]), tensor("s", [1, 2, 2, 2])],
                 opset=27)


def linear_attention_no_beta():
    """LinearAttention with update_rule delta and no beta."""
    node = helper.make_node(
        "LinearAttention", ["q", "k", "v"], ["y", "s"], name="lin",
        q_num_heads=2, kv_num_heads=2, update_rule="delta")
    return model([node], [tensor("q", [1, 2, 4]), tensor("k", [1, 2, 4]),
                          tensor("v", [1, 2, 4])],
                 [tensor("y", [1, 2, 4]), tensor("s", [1, 2, 2, 2])],
                 opset=27)


def rms_norm_f16():
    """RMSNormalization of f16 data over the last two axes, stashed in f32."""
    node = helper.make_node("RMSNormalization", ["x", "w"], ["y"], name="rms",
                            axis=1, epsilon=0.5)
    f16 = TensorProto.FLOAT16
    return model([node], [tensor("x", [2, 3, 4], f16),
                          tensor("w", [3, 4], f16)],
                 [tensor("y", [2, 3, 4], f16)])


def rotary_interleaved():
    """Interleaved rotary embedding of half of each head, with positions
    gathered from the caches."""
    node = helper.make_node(
        "RotaryEmbedding", ["x", "cos", "sin", "pos"], ["y"], name="rope",
        interleaved=1, rotary_embedding_dim=4)
    return model([node], [tensor("x", [1, 2, 3, 8]), tensor("cos", [16, 2]),
                          tensor("sin", [16, 2]),
                          tensor("pos", [1, 3], TensorProto.INT64)],
                 [tensor("y", [1, 2, 3, 8])])


def lp_norm():
    node = helper.make_node("LpNormalization", ["x"], ["y"], name="lp", p=1,
                            axis=0)
    return model([node], [tensor("x", [2, 3])], [tensor("y", [2, 3])],
                 opset=22)


def mvn():
    node = helper.make_node("MeanVarianceNormalization", ["x"], ["y"],
                            name="mvn", axes=[1])
    return model([node], [tensor("x", [2, 3])], [tensor("y", [2, 3])],
                 opset=18)


def swiglu():
    node = helper.make_node("SwiGLU", ["a", "b"], ["y"], name="swiglu",
                            alpha=0.5)
    return model([node], [tensor("a", [2, 4]), tensor("b", [2, 4])],
                 [tensor("y", [2, 4])], opset=28)


MODELS = {
    "attention-gqa-causal": attention_gqa_causal,
    "attention-3d-past": attention_3d_past,
    "attention-nonpad": attention_nonpad,
    "attention-bad-heads": attention_bad_heads,
    "linear-attention-gqa": linear_attention_gqa,
    "linear-attention-no-beta": linear_attention_no_beta,
    "rms-norm-f16": rms_norm_f16,
    "rotary-interleaved": rotary_interleaved,
    "lp-norm": lp_norm,
    "mvn": mvn,
    "swiglu": swiglu,
}

if __name__ == "__main__":
    main(MODELS)

"""A BERT sentence-transformers model as an ONNX graph, written from its weights without torch.

Exporting through torch (`torch.onnx.export`) needs torch, transformers and sentence-transformers in
memory, about 830 MB at its peak for MiniLM: more than the whole index build may use. A BERT encoder
is a small, fixed graph (embeddings, N x [self-attention, feed-forward], each with a residual and a
LayerNorm), so for models of that architecture the graph is written here from `config.json` and the
`model.safetensors` weights (read with numpy), in about a second and a few hundred MB.

The result is trusted only after it reproduces sentence-transformers' own vectors (see
`judge.search.encoder.check_export`); anything this module does not recognise raises `Unsupported`
and the caller falls back to the torch export.

The graph uses plain ONNX operators only. ONNX Runtime's fused operators were tried (2026-11-25,
MiniLM, one thread): onnxruntime.transformers.optimizer on this graph fuses SkipLayerNormalization and
BiasGelu but not the attention; a graph written with com.microsoft EmbedLayerNormalization, Attention
(Q, K and V in one matrix), SkipLayerNormalization and BiasGelu gave the same vectors (max difference
2e-7) at the same speed or slower. A run is ~83% MatMul, at about the core's peak FLOP rate (~0.22 ms
a token row, like numpy's own matrix product), so fusing the rest has little left to save.

int8 was tried too (2026-11-28, MiniLM, one thread, AVX2 without VNNI; corpus and questions both
encoded with the int8 graph). All 36 weight matrices, per output column: ~35% less time a text, but
R@1 on tests/data/questions.yaml 0.866 -> 0.856. The two feed-forward matrices only, activations
quantized per run (DynamicQuantizeLinear): ~25% less, but a question's vector then depends on the
questions batched with it (the run's range sets the scale), which a server must not allow. Feed-forward
only, each token's row quantized on its own: ~20% less, cosine to float32 >= 0.995, R@1 0.866 -> 0.861,
R@5 0.970 unchanged, Lorcana (dev rulebook) lenient R@5 0.566 -> 0.547. Not kept: the saving does not
bring `judge serve`'s p95 under 200 ms at 50 clients (bench/bench_web.py), and the answers change.
Since kept for questions only (passages float32), each token's row quantized on its own, attention's
query, key and value float32: judge/search/quantize.py (`judge serve`'s default).
"""
from __future__ import annotations

import json
import math
import struct
from pathlib import Path
from typing import Any

import numpy as np

_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64, "I32": np.int32}


class Unsupported(ValueError):
    """The model is not a plain BERT encoder this module can write."""


class SafeTensors:
    """The tensors of a .safetensors file, each read from disk when asked for (`st[name]`, `name in st`).

    Not a memory map: the pages of a map count in the process's resident memory for as long as it is
    open, so mapping the 90 MB of MiniLM while the graph is written held them all at once."""

    def __init__(self, path: Path):
        self.path = Path(path)
        with open(self.path, "rb") as fh:
            (n,) = struct.unpack("<Q", fh.read(8))
            header = json.loads(fh.read(n))
        self._base = 8 + n
        self._info = {k: v for k, v in header.items() if k != "__metadata__"}

    def __contains__(self, name: object) -> bool:
        return name in self._info

    def __getitem__(self, name: str) -> np.ndarray:
        info = self._info[name]
        dtype = _DTYPES.get(info["dtype"])
        if dtype is None:
            raise Unsupported(f"tensor {name} has dtype {info['dtype']}")
        start, end = info["data_offsets"]
        count = (end - start) // np.dtype(dtype).itemsize
        arr = np.fromfile(self.path, dtype=dtype, count=count, offset=self._base + start)
        return arr.reshape(info["shape"])


def sentence_transformers_spec(model_dir: Path) -> dict[str, Any]:
    """Pooling, normalisation and max length from the model's sentence-transformers files."""
    try:
        modules = json.loads((model_dir / "modules.json").read_text())
    except (OSError, ValueError) as err:
        raise Unsupported(f"no readable modules.json ({err})") from err
    types = [m.get("type", "") for m in modules]
    if not types or not types[0].endswith("models.Transformer"):
        raise Unsupported(f"first module is {types[:1]}, not a Transformer")
    spec: dict[str, Any] = {"pooling": None, "normalize": False}
    for m in modules[1:]:
        kind = m.get("type", "").rsplit(".", 1)[-1]
        if kind == "Pooling":
            cfg = json.loads((model_dir / m.get("path", "") / "config.json").read_text())
            modes = [k.removeprefix("pooling_mode_") for k, v in cfg.items() if k.startswith("pooling_mode_") and v is True]
            if isinstance(cfg.get("pooling_mode"), str):
                modes = [cfg["pooling_mode"]]
            aliases = {"mean_tokens": "mean_tokens", "mean": "mean_tokens", "cls_token": "cls_token", "cls": "cls_token",
                       "max_tokens": "max_tokens", "max": "max_tokens"}
            if len(modes) != 1 or modes[0] not in aliases or cfg.get("include_prompt") is False:
                raise Unsupported(f"unsupported pooling {modes}")
            spec["pooling"] = aliases[modes[0]]
        elif kind == "Normalize":
            spec["normalize"] = True
        else:
            raise Unsupported(f"unsupported module {kind}")
    if spec["pooling"] is None:
        raise Unsupported("no pooling module")
    try:
        st_cfg = json.loads((model_dir / "sentence_bert_config.json").read_text())
    except (OSError, ValueError):
        st_cfg = {}
    spec["max_seq_length"] = int(st_cfg.get("max_seq_length") or 256)
    return spec


def _bert_config(model_dir: Path) -> dict[str, Any]:
    try:
        cfg = json.loads((model_dir / "config.json").read_text())
    except (OSError, ValueError) as err:
        raise Unsupported(f"no readable config.json ({err})") from err
    if cfg.get("model_type") != "bert":
        raise Unsupported(f"model type {cfg.get('model_type')!r} is not bert")
    if cfg.get("hidden_act") != "gelu":
        raise Unsupported(f"activation {cfg.get('hidden_act')!r}")
    if cfg.get("position_embedding_type", "absolute") != "absolute":
        raise Unsupported("relative position embeddings")
    return cfg


def write_bert_onnx(model_dir: Path, out_path: Path) -> dict[str, Any]:
    """Write `model_dir`'s transformer as ONNX to `out_path`. Returns the export meta (inputs, pooling,
    normalize, max_seq_length, dim) the ONNX encoder needs. Raises Unsupported."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model_dir = Path(model_dir)
    cfg = _bert_config(model_dir)
    spec = sentence_transformers_spec(model_dir)
    weights_file = model_dir / "model.safetensors"
    if not weights_file.is_file():
        raise Unsupported("no model.safetensors")
    if not (model_dir / "tokenizer.json").is_file():
        raise Unsupported("no tokenizer.json (fast tokenizer)")
    w = SafeTensors(weights_file)
    prefix = "bert." if "bert.embeddings.word_embeddings.weight" in w else ""
    H, heads, layers = int(cfg["hidden_size"]), int(cfg["num_attention_heads"]), int(cfg["num_hidden_layers"])
    if H % heads:
        raise Unsupported("hidden size not divisible by the number of heads")
    dh = H // heads
    eps = float(cfg.get("layer_norm_eps", 1e-12))

    inits: list[Any] = []
    nodes: list[Any] = []
    counter = [0]
    # Every weight goes straight to the external data file as it is read, and the graph only points at
    # it (offset, length): no in-memory copy of the weights is ever held (peak memory of a rebuild).
    out_path.parent.mkdir(parents=True, exist_ok=True)
    weights_name = out_path.name + ".weights"
    weights_out = open(out_path.parent / weights_name, "wb")
    try:
        def tensor(name: str, transpose: bool = False) -> str:
            key = prefix + name
            if key not in w:
                raise Unsupported(f"missing weight {key}")
            arr = np.asarray(w[key], dtype=np.float32)
            data = np.ascontiguousarray(arr.T if transpose else arr)
            t = TensorProto(name=key, data_type=TensorProto.FLOAT, dims=list(data.shape))
            t.data_location = TensorProto.EXTERNAL
            for k, v in (("location", weights_name), ("offset", str(weights_out.tell())), ("length", str(data.nbytes))):
                entry = t.external_data.add()
                entry.key, entry.value = k, v
            weights_out.write(data.tobytes())
            inits.append(t)
            return key

        def const(value: Any, dtype: Any = np.int64) -> str:
            counter[0] += 1
            name = f"const_{counter[0]}"
            inits.append(numpy_helper.from_array(np.asarray(value, dtype=dtype), name))
            return name

        def node(op: str, inputs: list[str], **attrs: Any) -> str:
            counter[0] += 1
            out = f"{op.lower()}_{counter[0]}"
            nodes.append(helper.make_node(op, inputs, [out], **attrs))
            return out

        def linear(x: str, name: str) -> str:
            return node("Add", [node("MatMul", [x, tensor(f"{name}.weight", transpose=True)]), tensor(f"{name}.bias")])

        def layer_norm(x: str, name: str) -> str:
            return node("LayerNormalization", [x, tensor(f"{name}.weight"), tensor(f"{name}.bias")], axis=-1, epsilon=eps)

        # embeddings: word + position + token type, then LayerNorm
        seq_len = node("Gather", [node("Shape", ["input_ids"]), const(1)], axis=0)
        positions = node("Range", [const(0), seq_len, const(1)])
        emb = node("Add", [node("Gather", [tensor("embeddings.word_embeddings.weight"), "input_ids"]),
                           node("Gather", [tensor("embeddings.position_embeddings.weight"), positions])])
        emb = node("Add", [emb, node("Gather", [tensor("embeddings.token_type_embeddings.weight"), "token_type_ids"])])
        x = layer_norm(emb, "embeddings.LayerNorm")

        # additive attention mask [B, 1, 1, S]: 0 where attended, a very large negative number on padding
        maskf = node("Cast", ["attention_mask"], to=TensorProto.FLOAT)
        inverted = node("Sub", [const(1.0, np.float32), maskf])
        additive = node("Mul", [node("Unsqueeze", [inverted, const([1, 2])]), const(float(np.finfo(np.float32).min), np.float32)])
        split_heads = const([0, 0, heads, dh])
        merge_heads = const([0, 0, H])
        scale = const(1.0 / math.sqrt(dh), np.float32)
        for i in range(layers):
            p = f"encoder.layer.{i}"
            q = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.self.query"), split_heads])], perm=[0, 2, 1, 3])
            k = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.self.key"), split_heads])], perm=[0, 2, 3, 1])
            v = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.self.value"), split_heads])], perm=[0, 2, 1, 3])
            scores = node("Add", [node("Mul", [node("MatMul", [q, k]), scale]), additive])
            context = node("MatMul", [node("Softmax", [scores], axis=-1), v])
            context = node("Reshape", [node("Transpose", [context], perm=[0, 2, 1, 3]), merge_heads])
            x = layer_norm(node("Add", [linear(context, f"{p}.attention.output.dense"), x]), f"{p}.attention.output.LayerNorm")
            inner = linear(x, f"{p}.intermediate.dense")
            gelu = node("Mul", [node("Mul", [inner, const(0.5, np.float32)]),
                                node("Add", [node("Erf", [node("Div", [inner, const(math.sqrt(2.0), np.float32)])]),
                                             const(1.0, np.float32)])])
            x = layer_norm(node("Add", [linear(gelu, f"{p}.output.dense"), x]), f"{p}.output.LayerNorm")
        nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))

        names = ["input_ids", "attention_mask", "token_type_ids"]
        graph = helper.make_graph(
            nodes, "bert",
            [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "sequence"]) for n in names],
            [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", H])],
            inits,
        )
    finally:
        weights_out.close()
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="judge")
    model.ir_version = 8
    onnx.save_model(model, str(out_path))  # the graph alone (the weights are in their file already)
    return {"inputs": names, "pooling": spec["pooling"], "normalize": spec["normalize"],
            "max_seq_length": spec["max_seq_length"], "dim": H, "pad_id": int(cfg.get("pad_token_id") or 0)}

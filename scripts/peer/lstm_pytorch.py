#!/usr/bin/env python3
"""PyTorch peer of `whygpu bench lstm`: the same character model, shapes and text.

Embedding(V, E) -> nn.LSTM(E, H) (cuDNN) -> Linear(H, V), cross-entropy, global-norm
clipping at 5, Adam, truncated BPTT over `batch` parallel streams of the text with the
state carried between steps. Times a training step eagerly and with the whole step
(chunk gathering, forward, backward, clipping, Adam, state carry) captured in one CUDA
graph, with CUDA events, after warm-up, median over repeats; then generation one
character at a time (forward of one step, softmax at temperature 0.8, multinomial draw,
.item() to bring the character to the host, as a UI would). Runs each with PyTorch's
defaults (cuDNN may use TF32) and with TF32 switched off (true FP32, like whygpu's).

Usage: python3 scripts/peer/lstm_pytorch.py [--corpus data/corpus/sotu.txt] [--batch 64]
       [--length 64] [--hidden 128] [--embed 64] [--steps 20] [--repeats 30] [--chars 200]
"""
import argparse
import statistics
import time

import torch
import torch.nn as nn


class CharLstm(nn.Module):
    def __init__(self, vocab, embed, hidden):
        super().__init__()
        self.embedding = nn.Embedding(vocab, embed)
        self.lstm = nn.LSTM(embed, hidden)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, tokens, state):
        out, state = self.lstm(self.embedding(tokens), state)
        return self.head(out), state


def load_text(path, vocab_fallback):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        chars = sorted(set(text))
        index = {c: i for i, c in enumerate(chars)}
        return torch.tensor([index[c] for c in text], dtype=torch.int64), len(chars), path
    except OSError as e:
        g = torch.Generator().manual_seed(3)
        return torch.randint(0, vocab_fallback, (1 << 20,), generator=g), vocab_fallback, f"synthetic ({e})"


class Trainer:
    """One training step over the text streams; all state lives on the GPU."""

    def __init__(self, args, text, vocab):
        dev = "cuda"
        torch.manual_seed(1)
        self.model = CharLstm(vocab, args.embed, args.hidden).to(dev)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=2e-3, capturable=True)
        self.text = text.to(dev)
        B, T = args.batch, args.length
        self.segment = len(text) // B
        self.chunks = (self.segment - 1) // T
        self.offsets = (torch.arange(T, device=dev)[:, None] + torch.arange(B, device=dev)[None, :] * self.segment)
        self.chunk = torch.zeros((), dtype=torch.int64, device=dev)
        self.h = torch.zeros(1, B, args.hidden, device=dev)
        self.c = torch.zeros(1, B, args.hidden, device=dev)
        self.T = T
        self.loss = torch.zeros((), device=dev)

    def step(self):
        at = self.offsets + self.chunk * self.T
        inputs, targets = self.text[at], self.text[at + 1]
        keep = (self.chunk != 0).float()  # a new pass starts from the zero state
        logits, (h, c) = self.model(inputs, (self.h * keep, self.c * keep))
        loss = nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
        self.opt.zero_grad(set_to_none=False)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 5.0)
        self.opt.step()
        self.h.copy_(h.detach())
        self.c.copy_(c.detach())
        self.chunk.copy_((self.chunk + 1) % self.chunks)
        self.loss.copy_(loss.detach())


def time_steps(run, steps, repeats):
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(max(3, steps // 2)):
        run()
    torch.cuda.synchronize()
    per_step = []
    for _ in range(repeats):
        begin.record()
        for _ in range(steps):
            run()
        end.record()
        end.synchronize()
        per_step.append(begin.elapsed_time(end) / steps)
    return statistics.median(per_step), min(per_step), max(per_step)


def bench_training(args, text, vocab, label):
    chars = args.batch * args.length
    eager = Trainer(args, text, vocab)
    m, lo, hi = time_steps(eager.step, args.steps, args.repeats)
    print(f"train step  PyTorch {label}, cuDNN LSTM, eager{'':<22} median {m:8.4f} ms  (min {lo:.4f}, max {hi:.4f}; "
          f"{args.repeats} x {args.steps} steps)  {chars / m / 1e3:.2f} M chars/s  loss {eager.loss.item():.3f}", flush=True)

    graphed = Trainer(args, text, vocab)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up on a side stream before capture, as PyTorch asks
        for _ in range(3):
            graphed.step()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        graphed.step()
    m, lo, hi = time_steps(graph.replay, args.steps, args.repeats)
    print(f"train step  PyTorch {label}, cuDNN LSTM, one CUDA graph{'':<14} median {m:8.4f} ms  (min {lo:.4f}, max {hi:.4f}; "
          f"{args.repeats} x {args.steps} steps)  {chars / m / 1e3:.2f} M chars/s  loss {graphed.loss.item():.3f}", flush=True)


@torch.no_grad()
def bench_generation(args, vocab, label):
    torch.manual_seed(1)
    model = CharLstm(vocab, args.embed, args.hidden).cuda().eval()
    token = torch.zeros(1, 1, dtype=torch.int64, device="cuda")
    state = (torch.zeros(1, 1, args.hidden, device="cuda"), torch.zeros(1, 1, args.hidden, device="cuda"))

    def generate(n):
        nonlocal state
        nonlocal token
        text = []
        for _ in range(n):
            logits, state = model(token, state)
            probs = torch.softmax(logits[0, 0] / 0.8, dim=-1)
            drawn = torch.multinomial(probs, 1)
            text.append(drawn.item())  # the character goes to the host, as a UI needs it
            token = drawn.view(1, 1)
        return text

    generate(args.chars)
    per_char = []
    for _ in range(max(5, args.repeats // 3)):
        begin = time.perf_counter()
        generate(args.chars)
        per_char.append((time.perf_counter() - begin) * 1e3 / args.chars)
    print(f"generation  PyTorch {label}, one character per call{'':<17} median {statistics.median(per_char):8.4f} ms/char  "
          f"(min {min(per_char):.4f}, max {max(per_char):.4f}; {len(per_char)} x {args.chars} chars, host clock)", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", default="data/corpus/sotu.txt")
    p.add_argument("--vocab", type=int, default=98)
    for name, default in [("batch", 64), ("length", 64), ("hidden", 128), ("embed", 64), ("steps", 20),
                          ("repeats", 30), ("chars", 200)]:
        p.add_argument(f"--{name}", type=int, default=default)
    args = p.parse_args()
    text, vocab, source = load_text(args.corpus, args.vocab)
    print(f"PyTorch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}, {torch.cuda.get_device_name()}; "
          f"vocab {vocab} ({source}), embed {args.embed}, hidden {args.hidden}, batch {args.batch}, "
          f"sequence {args.length}", flush=True)
    for tf32 in (True, False):
        torch.backends.cudnn.allow_tf32 = tf32
        torch.backends.cuda.matmul.allow_tf32 = tf32
        label = "defaults (TF32 allowed)" if tf32 else "FP32 (TF32 off)"
        bench_training(args, text, vocab, label)
        bench_generation(args, vocab, label)


if __name__ == "__main__":
    main()

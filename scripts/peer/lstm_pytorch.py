#!/usr/bin/env python3
"""PyTorch peer of `whygpu bench lstm`: the same character model, shapes and text.

Embedding(V, E) -> nn.LSTM(E, H) (cuDNN) -> Linear(H, V), cross-entropy, global-norm
clipping at 5, Adam, truncated BPTT over `batch` parallel streams of the text with the
state carried between steps. Like whygpu's bench it trains on the text but its last 5%
(cut = n - n // 20), takes steps x repeats training steps per trainer with the first
repeat untimed, and then prints the mean loss of the last repeat's steps and the loss on
the held-out last 5% (read like the training text: `batch` streams, one pass, state
carried). Times a training step eagerly and with the whole step (chunk gathering,
forward, backward, clipping, Adam, state carry) captured in one CUDA graph, with CUDA
events, median over the timed repeats; then generation one character at a time
(forward of one step, softmax at temperature 0.8, multinomial draw, .item() to bring the
character to the host, as a UI would). Runs each with PyTorch's defaults (cuDNN may use
TF32) and with TF32 switched off (true FP32, like whygpu's). The initialisation is
PyTorch's own, seeded with torch.manual_seed(--seed).

Usage: python3 scripts/peer/lstm_pytorch.py [--corpus data/corpus/sotu.txt] [--batch 64]
       [--length 64] [--hidden 128] [--embed 64] [--steps 20] [--repeats 30] [--chars 200]
       [--seed 1] [--tf32 both|on|off] [--learning-only]
--learning-only: only the graphed trainer, no eager one, no generation.
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


def held_out_begin(length):
    """The last 5% (rounded down) is never trained on, as in whygpu's bench."""
    return length - length // 20


def stream_offsets(length, B, T, dev):
    """`B` equal segments, one stream each; chunk k reads offsets + k * T (text_streams.h)."""
    segment = length // B
    chunks = (segment - 1) // T
    return torch.arange(T, device=dev)[:, None] + torch.arange(B, device=dev)[None, :] * segment, chunks


class Trainer:
    """One training step over the text streams; all state lives on the GPU."""

    def __init__(self, args, text, vocab):
        dev = "cuda"
        torch.manual_seed(args.seed)
        self.model = CharLstm(vocab, args.embed, args.hidden).to(dev)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=2e-3, capturable=True)
        self.text = text.to(dev)
        B, T = args.batch, args.length
        self.offsets, self.chunks = stream_offsets(len(text), B, T, dev)
        self.chunk = torch.zeros((), dtype=torch.int64, device=dev)
        self.h = torch.zeros(1, B, args.hidden, device=dev)
        self.c = torch.zeros(1, B, args.hidden, device=dev)
        self.T = T
        self.loss_total = torch.zeros((), dtype=torch.float64, device=dev)

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
        self.loss_total.add_(loss.detach())  # float64 sum, one kernel like the copy it replaced

    @torch.no_grad()
    def held_out_loss(self, held, args):
        """Mean cross-entropy over the held-out text read like the training text."""
        dev = "cuda"
        held = held.to(dev)
        offsets, chunks = stream_offsets(len(held), args.batch, args.length, dev)
        state = (torch.zeros(1, args.batch, args.hidden, device=dev), torch.zeros(1, args.batch, args.hidden, device=dev))
        total = torch.zeros((), dtype=torch.float64, device=dev)
        for k in range(chunks):
            at = offsets + k * args.length
            logits, state = self.model(held[at], state)
            total += nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), held[at + 1].reshape(-1)).double()
        return total.item() / chunks


def time_steps(run, steps, repeats, before_last, already=0):
    """`repeats` repeats of `steps` runs; the first warms up untimed and is `already` steps
    short (steps taken before). Calls before_last() before the last repeat (untimed), so
    its losses can be told apart."""
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    per_step = []
    for r in range(repeats):
        if r + 1 == repeats:
            before_last()
        begin.record()
        for _ in range(steps - already if r == 0 else steps):
            run()
        end.record()
        end.synchronize()
        if r > 0:
            per_step.append(begin.elapsed_time(end) / steps)
    return statistics.median(per_step), min(per_step), max(per_step)


def report(args, trainer, held, label, kind, steps_done, timing):
    chars = args.batch * args.length
    m, lo, hi = timing
    name = f"PyTorch {label}, cuDNN LSTM, {kind}"
    print(f"train step  {name:<58} median {m:8.4f} ms  (min {lo:.4f}, max {hi:.4f}; {args.repeats - 1} x {args.steps} "
          f"steps after {args.steps} to warm up)  {chars / m / 1e3:.2f} M chars/s", flush=True)
    last = (trainer.loss_total.item() - trainer.loss_before_last) / args.steps
    print(f"learning    {name:<58} steps {steps_done}  seed {args.seed}  train {last:.4f} (mean of the last {args.steps} "
          f"steps)  held-out {trainer.held_out_loss(held, args):.4f}", flush=True)


def bench_training(args, text, held, vocab, label):
    def snapshot(trainer):
        def take():
            trainer.loss_before_last = trainer.loss_total.item()
        return take

    if not args.learning_only:
        eager = Trainer(args, text, vocab)
        timing = time_steps(eager.step, args.steps, args.repeats, snapshot(eager))
        report(args, eager, held, label, "eager", args.steps * args.repeats, timing)

    graphed = Trainer(args, text, vocab)
    warm = min(3, args.steps)  # eager steps on a side stream before capture, as PyTorch asks; they train too
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(warm):
            graphed.step()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):  # captured, not run
        graphed.step()
    timing = time_steps(graph.replay, args.steps, args.repeats, snapshot(graphed), already=warm)
    report(args, graphed, held, label, "one CUDA graph", args.steps * args.repeats, timing)


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
                          ("repeats", 30), ("chars", 200), ("seed", 1)]:
        p.add_argument(f"--{name}", type=int, default=default)
    p.add_argument("--tf32", choices=["both", "on", "off"], default="both")
    p.add_argument("--learning-only", action="store_true")
    args = p.parse_args()
    if args.repeats < 2 or args.steps < 1:
        p.error("--repeats must be at least 2 (the first warms up) and --steps at least 1")
    text, vocab, source = load_text(args.corpus, args.vocab)
    cut = held_out_begin(len(text))
    train, held = text[:cut], text[cut:]
    print(f"PyTorch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}, {torch.cuda.get_device_name()}; "
          f"vocab {vocab} ({source}), embed {args.embed}, hidden {args.hidden}, batch {args.batch}, "
          f"sequence {args.length}; trained on the first {len(train)} characters, held out the last {len(held)}",
          flush=True)
    for tf32 in {"both": (True, False), "on": (True,), "off": (False,)}[args.tf32]:
        torch.backends.cudnn.allow_tf32 = tf32
        torch.backends.cuda.matmul.allow_tf32 = tf32
        label = "defaults (TF32 allowed)" if tf32 else "FP32 (TF32 off)"
        bench_training(args, train, held, vocab, label)
        if not args.learning_only:
            bench_generation(args, vocab, label)


if __name__ == "__main__":
    main()

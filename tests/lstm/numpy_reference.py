#!/usr/bin/env python3
"""An independent float64 retrace of the CPU trainer's first steps (numpy, written from the
equations with PyTorch's conventions: the state carried between chunks and detached, a new
pass from the zero state, the mean cross-entropy, torch.nn.utils.clip_grad_norm_, and
torch.optim.Adam's bias-corrected update). Checks what the single-batch finite-difference
test cannot reach: full-length sequences, the state carried over chunk and pass
boundaries, clipping and Adam over several steps.

Usage: numpy_reference.py LSTM_TRAINING_TRACE
Runs the trace program (on this docstring as the text) for two settings, clipping active
and not, and exits non-zero when a step's loss, gradient norm or the final weights differ
beyond float32 rounding.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


class Model:
    def __init__(self, V, E, H):
        self.V, self.E, self.H = V, E, H
        sizes = [("emb", (V, E)), ("wx", (E, 4 * H)), ("wh", (H, 4 * H)), ("b", (4 * H,)),
                 ("wy", (H, V)), ("by", (V,))]
        self.slices, at = {}, 0
        for name, shape in sizes:
            n = int(np.prod(shape))
            self.slices[name] = (at, at + n, shape)
            at += n
        self.total = at

    def unpack(self, flat):
        return {k: flat[a:b].reshape(s) for k, (a, b, s) in self.slices.items()}

    def loss_and_grad(self, flat, inputs, targets, h0, c0):
        """inputs, targets [T][B]; returns loss, flat gradient, final (h, c)."""
        p, H = self.unpack(flat), self.H
        T, B = inputs.shape
        x = p["emb"][inputs]  # T, B, E
        hs, cs, gates = [h0], [c0], []
        for t in range(T):
            a = x[t] @ p["wx"] + hs[-1] @ p["wh"] + p["b"]
            i, f, o, g = sigmoid(a[:, :H]), sigmoid(a[:, H:2 * H]), sigmoid(a[:, 2 * H:3 * H]), np.tanh(a[:, 3 * H:])
            cs.append(f * cs[-1] + i * g)
            hs.append(o * np.tanh(cs[-1]))
            gates.append((i, f, o, g))
        hout = np.stack(hs[1:])  # T, B, H
        z = hout @ p["wy"] + p["by"]
        z = z - z.max(axis=-1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=-1, keepdims=True))
        n = T * B
        loss = -np.take_along_axis(logp, targets[..., None], axis=-1).sum() / n
        dz = np.exp(logp)
        np.put_along_axis(dz, targets[..., None], np.take_along_axis(dz, targets[..., None], axis=-1) - 1.0, axis=-1)
        dz /= n
        d = {k: np.zeros(s) for k, (_, _, s) in self.slices.items()}
        d["wy"] = np.einsum("tbh,tbv->hv", hout, dz)
        d["by"] = dz.sum(axis=(0, 1))
        dh_out = dz @ p["wy"].T
        dh_next, dc_next = np.zeros_like(h0), np.zeros_like(c0)
        for t in reversed(range(T)):
            i, f, o, g = gates[t]
            dh = dh_out[t] + dh_next
            tc = np.tanh(cs[t + 1])
            dc = dc_next + dh * o * (1 - tc * tc)
            da = np.concatenate([dc * g * i * (1 - i), dc * cs[t] * f * (1 - f), dh * tc * o * (1 - o),
                                 dc * i * (1 - g * g)], axis=1)
            d["wx"] += x[t].T @ da
            d["wh"] += hs[t].T @ da
            d["b"] += da.sum(axis=0)
            np.add.at(d["emb"], inputs[t], da @ p["wx"].T)
            dh_next, dc_next = da @ p["wh"].T, dc * f
        grad = np.concatenate([d[k].ravel() for k in self.slices])
        return loss, grad, (hs[-1], cs[-1])


def check_gradient_by_finite_differences():
    """The reference's own backward pass against central differences (tiny model)."""
    rng = np.random.default_rng(3)
    m = Model(5, 3, 4)
    flat = rng.uniform(-0.8, 0.8, m.total)
    inputs, targets = rng.integers(0, 5, (6, 2)), rng.integers(0, 5, (6, 2))
    h0, c0 = rng.uniform(-0.5, 0.5, (2, 4)), rng.uniform(-0.5, 0.5, (2, 4))
    _, grad, _ = m.loss_and_grad(flat, inputs, targets, h0, c0)
    numeric = np.zeros_like(flat)
    for k in range(m.total):
        e = np.zeros_like(flat)
        e[k] = 1e-6
        numeric[k] = (m.loss_and_grad(flat + e, inputs, targets, h0, c0)[0] -
                      m.loss_and_grad(flat - e, inputs, targets, h0, c0)[0]) / 2e-6
    error = np.linalg.norm(grad - numeric) / np.linalg.norm(numeric)
    print(f"reference backward against finite differences: relative error {error:.2e}")
    return error < 1e-7


def retrace(trace):
    V, E, H, B, T = (int(v) for v in trace["shape"])
    lr, beta1, beta2, eps, clip = trace["adam"]
    text = trace["tokens"].astype(np.int64)
    m = Model(V, E, H)
    w = trace["initial"].copy()
    segment = len(text) // B
    chunks = (segment - 1) // T
    offsets = np.arange(T)[:, None] + np.arange(B)[None, :] * segment
    mom, vel = np.zeros_like(w), np.zeros_like(w)
    h = c = np.zeros((B, H))
    losses, norms = [], []
    for step in range(1, len(trace["losses"]) + 1):
        chunk = (step - 1) % chunks
        if chunk == 0:
            h, c = np.zeros((B, H)), np.zeros((B, H))
        at = offsets + chunk * T
        loss, grad, (h, c) = m.loss_and_grad(w, text[at], text[at + 1], h, c)
        norm = np.linalg.norm(grad)
        grad = grad * min(1.0, clip / (norm + 1e-6))  # torch.nn.utils.clip_grad_norm_
        mom = beta1 * mom + (1 - beta1) * grad
        vel = beta2 * vel + (1 - beta2) * grad * grad
        m_hat, v_hat = mom / (1 - beta1 ** step), vel / (1 - beta2 ** step)
        w = w - lr * m_hat / (np.sqrt(v_hat) + eps)
        losses.append(loss)
        norms.append(norm)
    return np.array(losses), np.array(norms), w, chunks


def main():
    trace_program = sys.argv[1]
    ok = check_gradient_by_finite_differences()
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write(__doc__ * 2)
        corpus = f.name
    try:
        ok = retrace_both(trace_program, corpus) and ok
    finally:
        os.unlink(corpus)
    print("agree" if ok else "DIFFER")
    return 0 if ok else 1


def retrace_both(trace_program, corpus):
    ok = True
    # 4 streams of 193 characters: 3 chunks of 64 a pass, so 24 steps cross seven pass
    # boundaries and carry the state across the other chunk boundaries.
    for clip in (5.0, 0.2):
        out = subprocess.run([trace_program, corpus, "772", "16", "32", "4", "64", "24", str(clip), "3"],
                             check=True, capture_output=True, text=True).stdout
        trace = {line.split()[0]: np.array(line.split()[1:], dtype=np.float64) for line in out.splitlines()}
        losses, norms, w, chunks = retrace(trace)
        loss_error = np.max(np.abs(losses - trace["losses"]) / losses)
        norm_error = np.max(np.abs(norms - trace["norms"]) / norms)
        weight_error = np.linalg.norm(w - trace["final"]) / np.linalg.norm(w)
        moved = np.linalg.norm(w - trace["initial"]) / np.linalg.norm(w)
        clipped = int((norms > clip).sum())
        print(f"clip {clip}: {len(losses)} steps, {chunks} chunks a pass, {clipped} steps clipped; losses "
              f"{losses[0]:.4f} .. {losses[-1]:.4f}; largest relative difference of a loss {loss_error:.1e}, of a "
              f"gradient norm {norm_error:.1e}; final weights {weight_error:.1e} (they moved {moved:.1e})")
        ok = ok and loss_error < 1e-5 and norm_error < 1e-4 and weight_error < 1e-5
    return ok


if __name__ == "__main__":
    sys.exit(main())

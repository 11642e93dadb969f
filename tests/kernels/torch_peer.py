"""PyTorch on the same GPU, for context beside `whygpu bench`: the same operations timed
the same way (CUDA events, warm-up, median over repeats, random inputs).
Run on the GPU machine: python3 tests/kernels/torch_peer.py"""
import statistics

import torch


def median_ms(fn, warmup=3, repeats=20):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeats):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def main():
    print("torch", torch.__version__, torch.cuda.get_device_name())
    n = 1 << 28
    a = torch.rand(n, device="cuda") * 2 - 1
    b = torch.rand(n, device="cuda") * 2 - 1
    c = torch.empty_like(a)
    ms = median_ms(lambda: torch.add(a, b, out=c))
    print(f"torch add 2^28 floats: {ms:.4f} ms, {12 * n / ms / 1e6:.1f} GB/s")
    ms = median_ms(lambda: c.copy_(a))
    print(f"torch copy 2^28 floats: {ms:.4f} ms, {8 * n / ms / 1e6:.1f} GB/s (read + write)")
    del a, b, c
    size = 4096
    flop = 2 * size ** 3
    x = torch.rand(size, size, device="cuda") * 2 - 1
    y = torch.rand(size, size, device="cuda") * 2 - 1
    for name, dtype, tf32 in [("fp32", torch.float32, False), ("tf32", torch.float32, True),
                              ("fp16", torch.float16, False), ("bf16", torch.bfloat16, False)]:
        torch.backends.cuda.matmul.allow_tf32 = tf32
        xa, ya = x.to(dtype), y.to(dtype)
        ms = median_ms(lambda: torch.mm(xa, ya))
        print(f"torch mm {name} 4096: {ms:.4f} ms, {flop / ms / 1e9:.1f} TFLOP/s")


if __name__ == "__main__":
    main()

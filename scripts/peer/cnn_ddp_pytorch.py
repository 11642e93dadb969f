#!/usr/bin/env python3
"""PyTorch DistributedDataParallel peer of `whygpu bench cnn --gpus N`: the same MNIST CNN
(93,322 parameters, cnn_pytorch.make_model), the same slice of every batch on each GPU, the
same Adam, FP32, one process a GPU through NCCL, timed as ours is (CUDA events around each
step on rank 0 after warm-up, median; and the mean of steps queued back to back). Run it
with torchrun, once for each GPU count:

    torchrun --standalone --nproc_per_node=2 scripts/peer/cnn_ddp_pytorch.py --batch-per-gpu 64

Forms, each a fresh model:
  ddp eager            - DDP as most code uses it: its default buckets (25 MB, so this
                         model's 373 KB of gradients go in one all-reduce after backward);
  ddp eager, buckets   - DDP with 64 KB buckets, so its all-reduces overlap the backward
                         pass, as ours do;
  ddp graph            - the whole step (forward, loss, backward with DDP's all-reduce, Adam)
                         captured in one CUDA graph, as PyTorch's CUDA-graph notes describe
                         for DDP (NCCL 2.9.6 or later, DDP built on a side stream, 11 eager
                         steps before the capture).
Random pixels and labels, the same on every run: timing does not depend on the values.
NVLink multicast stays off (NCCL_NVLS_ENABLE=0), as the machines here require.
"""
import argparse
import os
import statistics
import sys

os.environ["NCCL_NVLS_ENABLE"] = "0"  # before NCCL starts; never multicast on shared GPUs
os.environ.setdefault("TORCH_NCCL_ASYNC_ERROR_HANDLING", "0")  # the graph form captures NCCL calls

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cnn_pytorch import captured_step, make_model, step_times_ms  # noqa: E402  (the same network, capture, timing)

DDP_WARMUP_BEFORE_CAPTURE = 11  # PyTorch's CUDA-graph notes: DDP needs 11 eager steps first


def random_slice(batch, rank):
    generator = torch.Generator(device="cuda").manual_seed(100 + rank)
    images = torch.randint(0, 256, (batch, 1, 28, 28), dtype=torch.uint8, device="cuda", generator=generator)
    labels = torch.randint(0, 10, (batch,), device="cuda", generator=generator)
    return images, labels


def ddp_model(rank, bucket_cap_mb):
    torch.manual_seed(1)  # every rank starts from the same weights, as DDP expects
    model = make_model().cuda()
    side = torch.cuda.Stream()
    # DDP caps its first bucket (the last layers' gradients) at 1 MiB whatever bucket_cap_mb
    # says, which would hold this whole model: small buckets need that cap lowered too.
    first_bucket = dist._DEFAULT_FIRST_BUCKET_BYTES
    dist._DEFAULT_FIRST_BUCKET_BYTES = min(first_bucket, int(bucket_cap_mb * 1024 * 1024))
    try:
        with torch.cuda.stream(side):  # DDP built on a side stream, as graph capture needs
            ddp = DistributedDataParallel(model, device_ids=[rank], bucket_cap_mb=bucket_cap_mb)
    finally:
        dist._DEFAULT_FIRST_BUCKET_BYTES = first_bucket
    torch.cuda.current_stream().wait_stream(side)
    return ddp


def eager_step_for(rank, batch, bucket_cap_mb):
    images, labels = random_slice(batch, rank)
    model = ddp_model(rank, bucket_cap_mb)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step():
        loss = F.cross_entropy(model(images.float() / 255.0), labels)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    return step


def graph_step_for(rank, batch):
    images, labels = random_slice(batch, rank)
    model = ddp_model(rank, 25)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, capturable=True)

    def body():
        loss = F.cross_entropy(model(images.float() / 255.0), labels)
        loss.backward()
        opt.step()

    return captured_step(body, opt, (model, images, labels), warmup=DDP_WARMUP_BEFORE_CAPTURE)


def time_steps(step, warmup, steps):
    """Rank 0's per-step median (ms) and the mean of `steps` steps queued back to back."""
    for _ in range(warmup):
        step()
    torch.cuda.synchronize()
    dist.barrier()
    times = step_times_ms(step, steps)
    dist.barrier()
    first, last = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    first.record()
    for _ in range(steps):
        step()
    last.record()
    torch.cuda.synchronize()
    return statistics.median(times), first.elapsed_time(last) / steps


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batch-per-gpu", type=int, default=64)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=50)
    args = parser.parse_args()
    rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", device_id=torch.device("cuda", rank))
    world = dist.get_world_size()
    torch.backends.cuda.matmul.allow_tf32 = False  # FP32, as our trainer
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cudnn.benchmark = True
    forms = {
        "ddp eager": lambda: eager_step_for(rank, args.batch_per_gpu, 25),
        "ddp eager, 64 KB buckets": lambda: eager_step_for(rank, args.batch_per_gpu, 0.064),
        "ddp graph": lambda: graph_step_for(rank, args.batch_per_gpu),
    }
    if rank == 0:
        print(f"pytorch {torch.__version__}, NCCL {'.'.join(map(str, torch.cuda.nccl.version()))}, "
              f"{world} x {torch.cuda.get_device_name()}; FP32, batch {args.batch_per_gpu} a GPU "
              f"({world * args.batch_per_gpu} a step); medians of {args.steps} steps after {args.warmup}")
        print(f"{'form':32s} {'GPUs':>5s} {'step ms':>10s} {'back-to-back ms':>16s} {'images/s':>12s}")
    for name, make in forms.items():
        try:
            median, back_to_back = time_steps(make(), args.warmup, args.steps)
        except Exception as e:  # one form that fails leaves the others measured
            if rank == 0:
                print(f"{name:32s} failed: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
            continue
        if rank == 0:
            print(f"{name:32s} {world:5d} {median:10.4f} {back_to_back:16.4f} "
                  f"{world * args.batch_per_gpu * 1e3 / back_to_back:12.0f}")
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())

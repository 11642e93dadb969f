#!/usr/bin/env python3
"""The PyTorch peer's CNN training step kernel by kernel: the same model, batch and Adam
as scripts/peer/cnn_pytorch.py, one step recorded with torch.profiler (CUPTI underneath,
as whygpu's own timeline), eager and replayed as one CUDA graph. Each recording is written
in whygpu's timeline format ("format": "whygpu-timeline"), so that
    whygpu bench timeline --load pytorch-cnn-step.json
prints it with the same lanes, kernel totals and idle figures as our own step, and the
app can show the two side by side.

    python3 scripts/peer/cnn_pytorch_profile.py --out DIR [--batch 64]
writes DIR/pytorch-cnn-step.json and DIR/pytorch-cnn-step-graph.json.

The profiler reports a kernel's static and dynamic shared memory as one sum; it is stored
as static shared memory, with 0 dynamic.
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cnn_pytorch import eager_step_for, graph_step_for, random_batch  # noqa: E402  (the peer's own step)



def N_(pattern):
    """Marks a sentence for the app's catalog (po/CMakeLists.txt runs xgettext over this
    file): the recording carries the pattern and its values, which the app translates."""
    return pattern


def english(words):
    """The sentence filled in, as the app's Wording::english() does."""
    return re.sub(r"\{(\d)\}", lambda m: words["values"][int(m.group(1))], words["pattern"])


COPY_KINDS = {"HtoD", "DtoH", "DtoD", "HtoH", "PtoP"}


def record(step, name):
    """Runs `step` under the profiler (two warm-up steps, then the recorded one) and
    returns the Chrome trace's events."""
    trace_path = os.path.join(tempfile.mkdtemp(prefix="whygpu-torch-"), name + ".json")
    schedule = torch.profiler.schedule(wait=1, warmup=2, active=1, repeat=1)
    activities = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]

    def export(prof):
        prof.export_chrome_trace(trace_path)

    with torch.profiler.profile(activities=activities, schedule=schedule, on_trace_ready=export) as prof:
        for _ in range(4):
            with torch.profiler.record_function("whygpu_work"):
                step()
                torch.cuda.synchronize()
            prof.step()
    with open(trace_path) as f:
        trace = json.load(f)
    return trace["traceEvents"] if isinstance(trace, dict) else trace


def copy_details(name):
    """'Memcpy HtoD (Pageable -> Device)' -> ('HtoD', 'pageable', 'device')."""
    match = re.match(r"Memcpy (\w+) \((\w+) -> (\w+)\)", name)
    if not match:
        kind = next((k for k in COPY_KINDS if k in name), "unknown")
        return kind, "unknown", "unknown"
    return match.group(1), match.group(2).lower(), match.group(3).lower()


def to_timeline(events, work, description_words, command):
    spans = [e for e in events if e.get("ph") == "X" and e.get("name") == "whygpu_work"
             and e.get("cat") in ("user_annotation", "cpu_op")]
    if not spans:
        raise RuntimeError("the trace holds no whygpu_work range")
    span = spans[-1]
    origin = float(span["ts"])
    ns = lambda us: int(round((float(us) - origin) * 1000.0))  # noqa: E731

    gpu_cats = {"kernel", "gpu_memcpy", "gpu_memset"}
    gpu = [e for e in events if e.get("ph") == "X" and e.get("cat") in gpu_cats]
    runtime = [e for e in events if e.get("ph") == "X" and e.get("cat") == "cuda_runtime"]
    driver = [e for e in events if e.get("ph") == "X" and e.get("cat") == "cuda_driver"]
    gpu_correlations = {e.get("args", {}).get("correlation", 0) for e in gpu}
    runtime_correlations = {e.get("args", {}).get("correlation", 0) for e in runtime}
    # As whygpu does: runtime calls, plus driver calls that queued GPU work no runtime call did.
    host = runtime + [e for e in driver if e.get("args", {}).get("correlation", 0) in gpu_correlations
                      and e.get("args", {}).get("correlation", 0) not in runtime_correlations]
    graph_launches = {e.get("args", {}).get("correlation", 0) for e in host if "GraphLaunch" in e["name"]}

    lanes, lane_of = [], {}

    def lane(kind, ident, name):
        key = (kind, ident)
        if key not in lane_of:
            lane_of[key] = len(lanes)
            lanes.append({"kind": kind, "id": ident, "name": name})
        return lane_of[key]

    items = []
    for e in host:
        args = e.get("args", {})
        tid = int(e.get("tid", 0)) if str(e.get("tid", "0")).isdigit() else 0
        item = {"kind": "host-call", "lane": lane("host", tid, "host thread %d" % tid),
                "name": e["name"], "start_ns": ns(e["ts"]), "end_ns": ns(float(e["ts"]) + float(e.get("dur", 0)))}
        if args.get("correlation"):
            item["correlation"] = int(args["correlation"])
        items.append(item)
    for e in gpu:
        args = e.get("args", {})
        stream = int(args.get("stream", e.get("tid", 0)))
        correlation = int(args.get("correlation", 0))
        item = {"lane": lane("stream", stream, "stream %d" % stream), "name": e["name"],
                "start_ns": ns(e["ts"]), "end_ns": ns(float(e["ts"]) + float(e.get("dur", 0)))}
        if correlation:
            item["correlation"] = correlation
        item["in_graph"] = correlation in graph_launches or bool(args.get("graph node id"))
        if e["cat"] == "kernel":
            item["kind"] = "kernel"
            item["grid"] = [int(v) for v in args.get("grid", [0, 0, 0])]
            item["block"] = [int(v) for v in args.get("block", [0, 0, 0])]
            item["registers_per_thread"] = int(args.get("registers per thread", 0))
            item["static_shared_bytes"] = int(args.get("shared memory", 0))
            item["dynamic_shared_bytes"] = 0
        elif e["cat"] == "gpu_memcpy":
            kind, source, destination = copy_details(e["name"])
            item.update(kind="memcpy", name="memcpy " + kind, bytes=int(args.get("bytes", 0)), copy_kind=kind,
                        source_memory=source, destination_memory=destination)
        else:
            item.update(kind="memset", name="memset", bytes=int(args.get("bytes", 0)))
        items.append(item)
    # Host threads first, then streams; items by lane, then start (whygpu's normalize()).
    order = sorted(range(len(lanes)), key=lambda i: (lanes[i]["kind"] != "host", lanes[i]["id"]))
    renumber = {old: new for new, old in enumerate(order)}
    lanes = [lanes[i] for i in order]
    for item in items:
        item["lane"] = renumber[item["lane"]]
    items.sort(key=lambda i: (i["lane"], i["start_ns"]))
    host_lanes = [n for n, l in enumerate(lanes) if l["kind"] == "host"]
    if host_lanes:  # the thread that made the most calls ran the step
        busiest = max(host_lanes, key=lambda n: sum(1 for i in items if i["lane"] == n))
        lanes[busiest]["name"] = "host: the thread running the work"

    return {
        "format": "whygpu-timeline",
        "format_version": 1,
        "work": work,
        "description": english(description_words),
        "description_words": description_words,
        "source": "PyTorch %s profiler (CUPTI through Kineto)" % torch.__version__,
        "run": run_info(command),
        "work_begin_ns": 0,
        "work_end_ns": ns(float(span["ts"]) + float(span.get("dur", 0))),
        "dropped_records": 0,
        "lanes": lanes,
        "items": items,
    }


def run_info(command):
    driver = ""
    try:
        with open("/proc/driver/nvidia/version") as f:
            match = re.search(r"Module\D*?(\d+\.\d+(?:\.\d+)?)", f.readline())
            driver = match.group(1) if match else ""
    except OSError:
        pass
    cuda_driver = ""
    try:  # "CUDA Version: 13.0" in nvidia-smi's header: what the driver supports
        header = subprocess.run(["nvidia-smi"], capture_output=True, text=True, timeout=30).stdout
        match = re.search(r"CUDA Version:\s*([\d.]+)", header)
        cuda_driver = match.group(1) if match else ""
    except (OSError, subprocess.SubprocessError):
        pass
    props = torch.cuda.get_device_properties(0)
    return {
        "date_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": command,
        "cpu_model": "", "cpu_threads": os.cpu_count() or 0, "cpu_kernel": "", "openblas": "",
        "gpu_available": True,
        "gpu_name": torch.cuda.get_device_name(0),
        "gpu_compute_capability": "%d.%d" % (props.major, props.minor),
        "gpu_sm_count": props.multi_processor_count,
        "gpu_memory_gib": round(props.total_memory / 2 ** 30, 2),
        "nvidia_driver": driver,
        "cuda_driver": cuda_driver,
        "cuda_runtime": torch.version.cuda or "",
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="folder for the two recordings")
    parser.add_argument("--batch", type=int, default=64)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("cnn_pytorch_profile: no CUDA device", file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    torch.backends.cudnn.benchmark = True  # as the timing peer
    command = "python3 scripts/peer/cnn_pytorch_profile.py " + " ".join(sys.argv[1:])
    images, labels = random_batch(args.batch)
    forms = (("pytorch-cnn-step", eager_step_for,
              N_("one training step of the same MNIST CNN in PyTorch {0}, batch {1}, eager: one kernel launch "
                 "after another (cuDNN convolutions)")),
             ("pytorch-cnn-step-graph", graph_step_for,
              N_("one training step of the same MNIST CNN in PyTorch {0}, batch {1}, replayed as one CUDA graph")))
    for work, step_for, pattern in forms:
        step = step_for(images, labels)
        for _ in range(10):
            step()
        torch.cuda.synchronize()
        words = {"pattern": pattern, "values": [torch.__version__, str(args.batch)]}
        timeline = to_timeline(record(step, work), work, words, command)
        path = os.path.join(args.out, work + ".json")
        with open(path + ".tmp", "w") as f:
            json.dump(timeline, f, indent=1)
        os.replace(path + ".tmp", path)
        kernels = sum(1 for i in timeline["items"] if i["kind"] == "kernel")
        print("%s: %d kernels, %d items, %d lanes -> %s" % (work, kernels, len(timeline["items"]),
                                                            len(timeline["lanes"]), path))
    return 0


if __name__ == "__main__":
    sys.exit(main())

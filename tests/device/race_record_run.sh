#!/usr/bin/env bash
# The race recorded again on the lent GPU (assets/reference/recorded-gpu/race.json): both
# lanes at batches 64 and 256, each tested every test_every epochs by its own session. Says
# how many test points each lane got and over how many epochs. Under a minute. Builds
# nothing. Install: copy $OUT/recorded-gpu/race.json over the shipped one.
source "$(dirname "$0")/device_env.sh" /tmp/whygpu-race-record
step machine
date -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
install_gl_dispatch  # whygpu links libEGL
step "whygpu record --part race"
run 300 "$bin/whygpu" record --part race --out "$out/recorded-gpu"
step "what the file holds"
python3 - "$out/recorded-gpu/race.json" <<'PY' || status=1
import json, sys
d = json.load(open(sys.argv[1]))
print(d["run"]["date_utc"], d["run"]["gpu_name"], "driver", d["run"]["nvidia_driver"])
for r in d["races"]:
    for lane in ("gpu", "cpu"):
        l = r[lane]
        print(f'batch {r["batch"]} {lane}: {len(l["epoch"])} tests to epoch {l["epoch"][-1] if l["epoch"] else 0},'
              f' last at {l["seconds"][-1] if l["seconds"] else 0:.3f} s, finished {l["finished"]}, {l["trainer"]}')
PY
step done
exit $status

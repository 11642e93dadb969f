#!/usr/bin/env python3
"""Compares two CSVs written by whygpu (a sweep's export and `whygpu bench --csv`), row by
row where both measured the same benchmark, variant, phase and size: the ratio of their
median times, and whether their p10-p90 spreads overlap (if they do, the two agree within
the run-to-run noise each one saw).

    scripts/compare-csv.py SWEEP.csv BENCH.csv
"""
import csv
import sys


def measured_rows(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = {}
    for r in csv.DictReader(lines):
        if r["state"] == "measured":
            rows[(r["benchmark"], r["variant"], r["phase"], int(r["size"]))] = r
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    first, second = (measured_rows(p) for p in sys.argv[1:])
    shared = sorted(set(first) & set(second), key=lambda k: (k[0], k[1], k[2], k[3]))
    if not shared:
        sys.exit("no measurement is in both files")
    print(f"{'benchmark':<11}{'variant':<22}{'phase':<9}{'size':>11}{'first ms':>12}{'second ms':>12}"
          f"{'ratio':>8}  spreads")
    apart = 0
    for key in shared:
        a, b = first[key], second[key]
        a_med, b_med = float(a["median_ms"]), float(b["median_ms"])
        overlap = float(a["p10_ms"]) <= float(b["p90_ms"]) and float(b["p10_ms"]) <= float(a["p90_ms"])
        apart += not overlap
        print(f"{key[0]:<11}{key[1]:<22}{key[2] or '-':<9}{key[3]:>11}{a_med:>12.4g}{b_med:>12.4g}"
              f"{a_med / b_med:>8.2f}  {'overlap' if overlap else 'APART'}")
    print(f"{len(shared)} measurements in both; p10-p90 spreads overlap in {len(shared) - apart}, apart in {apart}")


if __name__ == "__main__":
    main()

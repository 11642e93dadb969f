#include "compute/bench/bench_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

#include "compute/bench/reference_data.h"
#include "compute/kernels/host_array.h"

namespace whygpu::bench {

using namespace whygpu::kernels;  // the measurements this module reads and prints
namespace {

// `value` with `decimals` digits after the point (the format stays a literal: -Wformat=2).
std::string fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

std::string format_ms(double ms) {
  if (ms < 0.01) return fixed(ms, 5);
  if (ms < 1.0) return fixed(ms, 4);
  if (ms < 100.0) return fixed(ms, 3);
  return fixed(ms, 1);
}

std::string format_rate(double rate) { return rate > 0.0 ? fixed(rate, 1) : "-"; }

std::string pad_right(const std::string& s, std::size_t width) {
  return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

std::string pad_left(const std::string& s, std::size_t width) {
  return s.size() >= width ? " " + s : std::string(width - s.size(), ' ') + s;
}

const char* benchmark_heading(const std::string& benchmark) {
  if (benchmark == "matmul") return "matmul: C = A B, n x n x n, 2 n^3 flop per run";
  if (benchmark == "vector-add")
    return "vector-add: c = a + b, n floats, 12 bytes per element (h2d 8, d2h 4; "
           "d2d-copy counts 8: read + write)";
  if (benchmark == "copy") return "copy: size in bytes (d2d counts read + write)";
  return "";
}

// Measured rows of `benchmark`/`variant` (phase "" or given), by size.
std::map<std::int64_t, const Measurement*> measured(const std::vector<Measurement>& rows,
                                                     const std::string& benchmark,
                                                     const std::function<bool(const Measurement&)>& pick) {
  std::map<std::int64_t, const Measurement*> by_size;
  for (const auto& r : rows)
    if (r.benchmark == benchmark && r.state == RowState::Measured && pick(r)) by_size[r.size] = &r;
  return by_size;
}

std::string percent(double x) { return fixed(100.0 * x, 1) + "%"; }

}  // namespace

std::string format_size(const Measurement& row) {
  if (row.benchmark == "copy") return format_bytes(static_cast<double>(row.size));
  if (row.benchmark == "vector-add" && row.size >= 1024 && (row.size & (row.size - 1)) == 0) {
    int log = 0;
    while ((std::int64_t{1} << log) < row.size) ++log;
    return "2^" + std::to_string(log);
  }
  return std::to_string(row.size);
}

std::string format_table(const RunInfo& run, const std::vector<Measurement>& rows) {
  std::string out;
  out += "whygpu bench, " + run.date_utc + "\n";
  out += "command: " + run.command + "\n";
  out += "GPU: " + run.gpu_summary() + "\n";
  out += "CPU: " + run.cpu_summary() + "; blocked kernel " + run.cpu_kernel + "; " +
         run.openblas + "\n";
  std::string current;
  bool phases = false;
  for (const auto& r : rows) {
    if (r.benchmark != current) {
      current = r.benchmark;
      phases = std::any_of(rows.begin(), rows.end(), [&](const Measurement& x) {
        return x.benchmark == current && !x.phase.empty();
      });
      out += '\n';
      out += benchmark_heading(current);
      out += '\n';
      out += pad_right("variant", 26) + (phases ? pad_right("phase", 7) : "") +
             pad_right("prec", 5) + pad_left("size", 10) + pad_left("median ms", 12) +
             pad_left("spread", 8) + pad_left("runs", 6) + pad_left("GFLOP/s", 11) +
             pad_left("GB/s", 10) + "\n";
    }
    std::string line = pad_right(r.variant, 26) + (phases ? pad_right(r.phase, 7) : "") +
                       pad_right(r.precision.empty() ? "-" : r.precision, 5) +
                       pad_left(format_size(r), 10);
    if (r.state == RowState::Measured) {
      line += pad_left(format_ms(r.time.median_ms), 12) +
              pad_left(percent(r.time.relative_spread()), 8) +
              pad_left(std::to_string(r.time.repeats), 6) + pad_left(format_rate(r.gflops()), 11) +
              pad_left(format_rate(r.gbytes_per_s()), 10);
    } else {
      line += "   (" + std::string(row_state_name(r.state)) + ": " + r.note + ")";
    }
    out += line + "\n";
  }
  const auto summary = summarize(rows);
  if (!summary.empty()) {
    out += "\n";
    for (const auto& s : summary) out += s + "\n";
  }
  return out;
}

std::string format_csv(const RunInfo& run, const std::vector<Measurement>& rows) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  std::string out;
  out += "# whygpu bench, " + run.date_utc + "\n";
  out += "# command: " + run.command + "\n";
  out += "# GPU: " + run.gpu_summary() + "\n";
  out += "# CPU: " + run.cpu_summary() + "\n";
  out += "benchmark,variant,phase,on_gpu,device,precision,size,state,median_ms,mean_ms,"
         "min_ms,max_ms,p10_ms,p90_ms,repeats,flop,bytes,gflops,gbytes_per_s,note\n";
  for (const auto& r : rows) {
    const auto num = [](double v) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.9g", v);
      return std::string(buf);
    };
    out += r.benchmark + "," + quote(r.variant) + "," + r.phase + "," +
           (r.on_gpu ? "1" : "0") + "," + quote(r.device) + "," + r.precision + "," +
           std::to_string(r.size) + "," + std::string(row_state_name(r.state)) + "," +
           num(r.time.median_ms) + "," + num(r.time.mean_ms) + "," + num(r.time.min_ms) + "," +
           num(r.time.max_ms) + "," + num(r.time.p10_ms) + "," + num(r.time.p90_ms) + "," +
           std::to_string(r.time.repeats) + "," + num(r.flop) + "," + num(r.bytes) + "," +
           num(r.gflops()) + "," + num(r.gbytes_per_s()) + "," + quote(r.note) + "\n";
  }
  return out;
}

Json bench_document(const RunInfo& run, const std::vector<Measurement>& rows) {
  ReferenceData data{run, summarize(rows), rows};
  Json doc = data;
  doc.update(recording_header(kBenchRecording, run));
  return doc;
}

std::vector<std::string> summarize(const std::vector<Measurement>& rows) {
  std::vector<std::string> out;
  auto variant_is = [](const char* v) {
    return [v](const Measurement& r) { return r.variant == v && r.phase.empty(); };
  };

  // Vector add against a device-to-device copy of the same size.
  {
    const auto add = measured(rows, "vector-add", variant_is("gpu"));
    const auto copy = measured(rows, "vector-add", variant_is("d2d-copy"));
    for (auto it = add.rbegin(); it != add.rend(); ++it) {
      const auto c = copy.find(it->first);
      if (c == copy.end()) continue;
      const double ratio = it->second->gbytes_per_s() / c->second->gbytes_per_s();
      out.push_back("vector add at n=" + format_size(*it->second) + ": " +
                    format_rate(it->second->gbytes_per_s()) + " GB/s = " + percent(ratio) +
                    " of a device-to-device copy (" + format_rate(c->second->gbytes_per_s()) +
                    " GB/s) in this run");
      break;
    }
  }
  // Our best GPU matmul against cuBLAS at each size where both were measured, one line
  // per size and precision: FP32 (the hand-written rungs, every tile shape timed), then
  // the 16-bit Tensor Core rungs against cuBLAS on the same inputs.
  {
    const struct {
      const char* precision;
      const char* cublas;
      const char* ours_prefix;
      const char* what;
      const char* library;
    } kinds[] = {{"fp32", "cublas-fp32", "gpu-", "hand-written GPU kernel", "cuBLAS FP32"},
                 {"fp16", "cublas-fp16", "gpu-tc-", "hand-written FP16 Tensor Core kernel", "cuBLAS FP16"},
                 {"bf16", "cublas-bf16", "gpu-tc-", "hand-written BF16 Tensor Core kernel", "cuBLAS BF16"}};
    for (const auto& kind : kinds) {
      const auto cublas = measured(rows, "matmul", variant_is(kind.cublas));
      for (const auto& [size, library] : cublas) {
        const Measurement* best = nullptr;
        for (const auto& r : rows)
          if (r.benchmark == "matmul" && r.state == RowState::Measured && r.size == size &&
              r.on_gpu && r.precision == kind.precision && r.variant.rfind(kind.ours_prefix, 0) == 0 &&
              (!best || r.gflops() > best->gflops()))
            best = &r;
        if (!best) continue;
        out.push_back("matmul n=" + std::to_string(size) + ": best " + kind.what + " (" +
                      best->variant + ") " + format_rate(best->gflops()) + " GFLOP/s = " +
                      percent(best->gflops() / library->gflops()) + " of " + kind.library + " (" +
                      format_rate(library->gflops()) + " GFLOP/s)");
      }
    }
  }
  {
    const auto blocked = measured(rows, "matmul", variant_is("cpu-blocked"));
    const auto openblas = measured(rows, "matmul", variant_is("cpu-openblas"));
    for (auto it = blocked.rbegin(); it != blocked.rend(); ++it) {
      const auto o = openblas.find(it->first);
      if (o == openblas.end()) continue;
      out.push_back("matmul n=" + std::to_string(it->first) + ": CPU blocked " +
                    format_rate(it->second->gflops()) + " GFLOP/s = " +
                    percent(it->second->gflops() / o->second->gflops()) + " of OpenBLAS (" +
                    format_rate(o->second->gflops()) + " GFLOP/s) on the same threads");
      break;
    }
  }
  return out;
}

}  // namespace whygpu::bench

namespace whygpu::kernels {

// A row's members under their own names, its timing's at the row's level; benchmark,
// variant, size, median_ms and repeats are required, and the state by name.
#define WHYGPU_ROW_MEMBERS benchmark, variant, label, phase, on_gpu, device, precision, size, note, flop, bytes
#define WHYGPU_ROW_TIME_MEMBERS median_ms, mean_ms, min_ms, max_ms, p10_ms, p90_ms, repeats

void to_json(bench::Json& j, const Measurement& r) {
  WHYGPU_JSON_WRITE_MEMBERS(j, r, WHYGPU_ROW_MEMBERS);
  WHYGPU_JSON_WRITE_MEMBERS(j, r.time, WHYGPU_ROW_TIME_MEMBERS);
  j["state"] = row_state_name(r.state);
  j["gflops"] = r.gflops();  // for readers; worked out again when read
  j["gbytes_per_s"] = r.gbytes_per_s();
}

void from_json(const bench::Json& j, Measurement& r) {
  for (const char* required : {"benchmark", "variant", "size", "median_ms", "repeats"}) j.at(required);
  Measurement m;
  m.label = j.value("variant", std::string());  // unless it has one of its own
  WHYGPU_JSON_READ_MEMBERS(j, m, WHYGPU_ROW_MEMBERS);
  WHYGPU_JSON_READ_MEMBERS(j, m.time, WHYGPU_ROW_TIME_MEMBERS);
  const std::string state = j.at("state").get<std::string>();
  if (state == "measured") m.state = RowState::Measured;
  else if (state == "absent") m.state = RowState::Absent;
  else if (state == "failed") m.state = RowState::Failed;
  else bench::reject(j.at("state"), "not a state (measured, absent, failed)");
  if (m.size < 0) bench::reject(j.at("size"), "must not be negative");
  if (m.time.median_ms < 0) bench::reject(j.at("median_ms"), "must not be negative");
  if (m.time.repeats < 0) bench::reject(j.at("repeats"), "must not be negative");
  r = std::move(m);
}

}  // namespace whygpu::kernels

#include "app/vitals/vitals_figures.h"

#include <cmath>
#include <cstdio>

#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/predict/prediction.h"
#include "compute/vitals/rapl.h"

namespace whygpu::app::vitals_view {

using vitals::GpuVitals;
using vitals::VitalsSample;

const std::vector<std::string>& quantity_keys() {
  static const std::vector<std::string> keys = {"power", "clocks", "utilisation", "memory", "temperature"};
  return keys;
}

Quantity quantity_from_key(const std::string& key) {
  const std::vector<std::string>& keys = quantity_keys();
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return static_cast<Quantity>(i);
  return Quantity::Power;
}

std::string quantity_name(Quantity q) {
  switch (q) {
    case Quantity::Power: return tr("power");
    case Quantity::Clocks: return tr("clocks");
    case Quantity::Utilisation: return tr("utilisation");
    case Quantity::Memory: return tr("memory");
    case Quantity::Temperature: return tr("temperature");
  }
  return "";
}

std::string shown_energy_method(const std::string& method) {
  const Wording refusal = recognised_sentence(method, {vitals::kNoPowercap, vitals::kNoPackageCounter, vitals::kRootOnly});
  return refusal.is_sentence ? translated(refusal) : tr(method);
}

std::string quantity_axis(Quantity q) {
  switch (q) {
    case Quantity::Power: return tr("watts");
    case Quantity::Clocks: return "MHz";
    case Quantity::Utilisation: return tr("% of the time a kernel ran");
    case Quantity::Memory: return tr("GiB of GPU memory in use");
    case Quantity::Temperature: return tr("degrees Celsius");
  }
  return "";
}

std::vector<Line> quantity_lines(const std::vector<VitalsSample>& samples, Quantity q) {
  struct Source {
    const char* label;  // N_(): translated where the line is made
    double (*value)(const VitalsSample&);
  };
  std::vector<Source> sources;
  switch (q) {
    case Quantity::Power:
      sources = {{N_("GPU board"), [](const VitalsSample& s) { return s.gpu.power_w; }},
                 {N_("CPU packages (RAPL)"), [](const VitalsSample& s) { return s.cpu_power_w; }}};
      break;
    case Quantity::Clocks:
      sources = {{N_("SM clock"), [](const VitalsSample& s) { return s.gpu.sm_clock_mhz; }},
                 {N_("memory clock"), [](const VitalsSample& s) { return s.gpu.memory_clock_mhz; }}};
      break;
    case Quantity::Utilisation:
      sources = {{N_("GPU utilisation"), [](const VitalsSample& s) { return s.gpu.gpu_utilization_percent; }}};
      break;
    case Quantity::Memory:
      sources = {{N_("memory used"), [](const VitalsSample& s) { return s.gpu.memory_used_mib / 1024.0; }}};
      break;
    case Quantity::Temperature:
      sources = {{N_("GPU temperature"), [](const VitalsSample& s) { return s.gpu.temperature_c; }}};
      break;
  }
  std::vector<Line> lines;
  for (const Source& source : sources) {
    Line line{tr(source.label), {}, {}};
    for (const VitalsSample& s : samples) {
      const double v = source.value(s);
      if (!std::isfinite(v)) continue;
      line.x.push_back(s.time_s);
      line.y.push_back(v);
    }
    if (!line.x.empty()) lines.push_back(std::move(line));
  }
  return lines;
}

std::string strip_text(const GpuVitals& v) {
  std::string out;
  char part[64];
  // A whole number in its words ("SM 1980 MHz"), which the language may reorder.
  auto add = [&](double value, const char* pattern) {
    if (!std::isfinite(value)) return;
    std::snprintf(part, sizeof part, "%.0f", value);
    out += (out.empty() ? "" : "  ") + fill(pattern, {part});
  };
  add(v.power_w, "{0} W");
  add(v.sm_clock_mhz, "SM {0} MHz");
  add(v.memory_clock_mhz, tr("mem {0} MHz"));
  add(v.gpu_utilization_percent, tr("{0}% busy"));
  if (std::isfinite(v.memory_used_mib) && std::isfinite(v.memory_total_mib)) {
    std::snprintf(part, sizeof part, "%.1f / %.1f GiB", v.memory_used_mib / 1024.0, v.memory_total_mib / 1024.0);
    out += (out.empty() ? "" : "  ") + std::string(part);
  }
  add(v.temperature_c, "{0} \u00b0C");
  return out;
}

EnergySide side_from_run(const vitals::EnergyRun& run) {
  EnergySide s;
  s.device = run.backend == cnn::Backend::kGpu ? "GPU" : "CPU";
  s.trainer = run.trainer;
  s.images = run.images;
  s.seconds = run.seconds;
  s.energy = run.trainer_energy();
  return s;
}

EnergySide side_from_trace(const vitals::VitalsTrace& trace, const std::string& phase) {
  EnergySide s;
  s.device = phase == "cnn-cpu" ? "CPU" : "GPU";
  s.source = FigureSource::recorded(trace.named_run());
  const vitals::TracePhase* p = trace.find_phase(phase);
  if (!p) {
    s.energy.method = fill(tr("the recording has no {0} phase"), {phase});
    return s;
  }
  s.trainer = p->trainer;
  s.images = p->images;
  s.seconds = p->end_s - p->begin_s;
  s.energy = s.device == "GPU" ? p->gpu : p->cpu;
  return s;
}

std::string comparison_sentence(const EnergySide& gpu, const EnergySide& cpu) {
  const double g = gpu.images_per_joule(), c = cpu.images_per_joule();
  auto count = [](double v) { return readable_number(std::round(v)); };
  if (std::isfinite(g) && std::isfinite(c) && c > 0) {
    return fill(tr("The GPU trained {0} images per joule, the CPU {1}: {2} times as many per joule."),
                {count(g), count(c), decimal_text(g / c, 0)});
  }
  std::string out;
  if (std::isfinite(g)) out = fill(tr("The GPU trained {0} images per joule."), {count(g)}) + " ";
  else if (gpu.measured()) out = fill(tr("The GPU's energy is unavailable: {0}."), {shown_energy_method(gpu.energy.method)}) + " ";
  if (std::isfinite(c)) out += fill(tr("The CPU trained {0} images per joule."), {count(c)});
  else if (cpu.measured()) out += fill(tr("The CPU's energy is unavailable: {0}."), {shown_energy_method(cpu.energy.method)});
  return out;
}

}  // namespace whygpu::app::vitals_view

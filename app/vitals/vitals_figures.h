#pragma once
// What the vitals strip and panel say and plot, kept free of ImGui so it can be tested:
// the strip's compact text, the series of one quantity over time, and the sentences of
// the performance-per-watt comparison.
#include <string>
#include <vector>

#include "app/files/figure_source.h"
#include "compute/vitals/energy_run.h"
#include "compute/vitals/sampler.h"
#include "compute/vitals/vitals_trace.h"

namespace whygpu::app::vitals_view {

enum class Quantity { Power, Clocks, Utilisation, Memory, Temperature };
// "clocks" -> Clocks; the panel's `plot` parameter values.
const std::vector<std::string>& quantity_keys();
Quantity quantity_from_key(const std::string& key);
// The quantity's name on the panel's buttons ("clocks"), in the page's language.
std::string quantity_name(Quantity q);

struct Line {
  std::string label;  // "GPU board", in the page's language
  std::vector<double> x, y;
};
// The title of the quantity's y axis ("watts") and its lines over time, in the page's
// language: x the samples' time_s; values the GPU does not report are left out.
std::string quantity_axis(Quantity q);

// An energy reading's method, or why it has none (EnergyReading::method, English in a
// recording), in the page's language: a method's name or a plain reason, or one of the
// RAPL refusals filled with a path.
std::string shown_energy_method(const std::string& method);
std::vector<Line> quantity_lines(const std::vector<vitals::VitalsSample>& samples, Quantity q);

// The status bar's strip: "695 W  SM 1980 MHz  mem 2619 MHz  100%  1.3 / 79.6 GiB  61 °C";
// values the GPU does not report are left out.
std::string strip_text(const vitals::GpuVitals& v);

// One side of the comparison: live or recorded, from an energy run or a recorded phase.
struct EnergySide {
  std::string device;    // "GPU", "CPU"
  std::string trainer;   // the trainer's name
  long images = 0;
  double seconds = 0.0;
  vitals::EnergyReading energy;  // of the device that trained
  FigureSource source = FigureSource::this_computer();

  bool measured() const { return images > 0 && seconds > 0; }
  double images_per_second() const { return seconds > 0 ? images / seconds : 0.0; }
  double images_per_joule() const { return energy.available() && energy.joules > 0 ? images / energy.joules : vitals::kNotReported; }
  double watts() const { return energy.available() && seconds > 0 ? energy.joules / seconds : vitals::kNotReported; }
};
EnergySide side_from_run(const vitals::EnergyRun& run);
// A recorded CNN phase ("cnn-gpu", "cnn-cpu"); not measured() when the trace lacks it.
EnergySide side_from_trace(const vitals::VitalsTrace& trace, const std::string& phase);

// MNIST's training set: what "an epoch" is in joules per epoch.
inline constexpr int kEpochImages = 60000;

// "The GPU trained 3,150 images per joule, the CPU 41: 77 times as many per joule." or,
// with a side missing its energy, what can be said and why the rest cannot.
std::string comparison_sentence(const EnergySide& gpu, const EnergySide& cpu);

}  // namespace whygpu::app::vitals_view

#pragma once
// What the timing panels share: a sweep on a worker thread (SweepRunner) with Run and
// Cancel buttons and a progress bar, the measurement options lessons and scripts can set
// (repeats, budget, threads), CSV and PNG export to paths the user can edit, and a record
// of the UI's frame times while a sweep runs (shown under the controls, and printed to
// stderr when the sweep ends, so demos and tests can check the UI kept its frame rate).
//
// The shared parameters are SweepSettings, put first in each panel's table by
// sweep_params(); the shared buttons are SweepPanel::buttons().
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/kernels/sweep_runner.h"
#include "app/panels/panel.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/plot/chart_beside.h"
#include "app/plot/plot.h"
#include "compute/kernels/measurement.h"

namespace whygpu::app {

// The settings every sweep panel shares: how each size is measured and where the exports go.
struct SweepSettings {
  SweepSettings();  // the measurement defaults of `whygpu bench`, so a lesson's numbers match it
  kernels::BenchOptions bench;
  std::string csv, png;  // names in the export folder (empty: dated names)
  bool prepared = true;  // Run shows a result measured before class on this computer, if there is one
};

// A sweep panel's table: the shared parameters (repeats, budget, threads, csv, png,
// prepared), then `own`.
ParamTable sweep_params(ParamTable own);

class SweepPanel : public Panel {
 public:
  // `name` names files and log lines ("vector-add-sweep"); reads the shared parameters.
  SweepPanel(std::string name, const PanelParams& params);

  Status set_param(const std::string& key, const ParamValue& value) override;
  Status press(const std::string& button) override;
  // run, cancel, save-csv, save-png, fit, measure-again: every sweep panel's buttons.
  static const PanelButtons<SweepPanel>& buttons();
  bool busy() const override { return runner_.busy(); }
  bool timing_the_cpu() const override { return runner_.busy() && snapshot_.progress.on_cpu; }

 protected:
  // The jobs of one sweep; `options` already carries the cancel flag.
  virtual Status make_jobs(const kernels::BenchOptions& options, std::vector<kernels::SweepJob>* jobs) = 0;
  // What ran, for the CSV's "command" line: "whygpu app: vector-add-sweep sizes 2^10..2^28".
  virtual std::string describe_sweep() const = 0;
  // The panel's own parameters (the shared ones are handled first).
  virtual Status set_own_param(const std::string& key, const ParamValue& value);

  // Call first in draw(): takes in the worker's new rows. True when they changed.
  bool poll(const FrameContext& frame);
  // Run/Cancel, progress bar, elapsed time, the outcome of the last sweep.
  void draw_run_controls(const FrameContext& frame, const char* run_label);
  // A muted note after the controls on the current line, or below them, wrapped, when it
  // does not fit there.
  static void draw_note_after(const std::string& note);
  // Path fields and Save buttons (the PNG half only for panels with a plot).
  void draw_export_row(const FrameContext& frame, bool with_png);

  // The chart and, beside it or under it, what `beside` draws (app/plot/chart_beside.h).
  void draw_chart_and_column(const FrameContext& frame, const char* id, const plot::Chart& chart,
                             const ChartLayout& layout, const std::function<void(float width)>& beside);

  const SweepRunner::Snapshot& results() const { return snapshot_; }
  const std::string& name() const { return name_; }
  int cpu_threads() const { return settings_.bench.cpu_threads; }
  Status start();

 private:
  // A result prepared before class for exactly this sweep on this computer, shown
  // instead of measuring again (prepared_results.h); false when there is none.
  bool show_prepared();
  Status save_csv();
  void record_frame(const FrameContext& frame);

  std::string name_;
  SweepSettings settings_;
  SweepRunner runner_;
  SweepRunner::Snapshot snapshot_;
  plot::PlotView view_;
  std::string export_message_;
  bool export_ok_ = true;
  std::chrono::steady_clock::time_point started_;
  double last_elapsed_ = 0.0;
  bool was_busy_ = false;
  bool png_was_pending_ = false;
  std::vector<double> frame_ms_;  // UI frame times during the running sweep
  std::string frame_summary_;     // of the last sweep
  int slow_frames_logged_ = 0;
  std::map<std::string, int> slow_frames_by_job_;  // frames over 16.7 ms, by what was measured
  bool skip_next_frame_ = false;
  std::string prepared_label_;  // non-empty while the rows shown were prepared before class
  bool rows_replaced_ = false;  // poll() reports the prepared rows once
  bool cpu_timed_last_frame_ = false;  // the sweep was timing the CPU when the last frame was drawn
};

// A sweep panel's type: its name and summary (marked N_()), its own parameters after the
// shared ones, the shared buttons, Run as its main action, and what a prediction can check.
template <class SweepPanelKind>
PanelType sweep_panel_type(std::string name, std::string summary, ParamTable own, std::vector<ResultSpec> results) {
  return {std::move(name),
          std::move(summary),
          sweep_params(std::move(own)),
          SweepPanel::buttons().specs(),
          [](const PanelParams& params, std::string*) -> std::unique_ptr<Panel> {
            return std::make_unique<SweepPanelKind>(params);
          },
          {"run", "cancel"},
          std::move(results)};
}

}  // namespace whygpu::app

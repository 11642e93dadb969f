#include "app/kernels/sweep_panel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

#include "app/files/file_locations.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/kernels/prepared_results.h"
#include "app/kernels/sweep_csv.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/bench/bench_cli.h"
#include "compute/core/measure.h"

namespace whygpu::app {
namespace {

std::string format_seconds(double s) {
  char text[32];
  if (s < 60) std::snprintf(text, sizeof text, "%.0f s", s);
  else std::snprintf(text, sizeof text, "%d min %02d s", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
  return text;
}

}  // namespace

SweepSettings::SweepSettings() : bench(bench::default_bench_options()) {}

namespace {

// The shared parameters, declared once: the lesson's and a script's `set`.
const PanelFields<SweepSettings>& sweep_fields() {
  using S = SweepSettings;
  static const PanelFields<S> fields{{
      whole_field<S>("repeats", [](S& s) -> int& { return s.bench.measure.repeats; }, 1, 1000,
                     "timed runs per size (the median is shown)"),
      number_field<S>("budget", [](S& s) -> double& { return s.bench.measure.budget_seconds; }, 0.0, 600.0,
                      "seconds one size may take before fewer repeats are run"),
      whole_field<S>("threads", [](S& s) -> int& { return s.bench.cpu_threads; }, 0, 4096,
                     "CPU threads for the all-threads rungs (0: every hardware thread)"),
      text_field("csv", &S::csv, "the file Save CSV writes in the export folder (empty: a dated name)")
          .naming(PathUse::kExportName),
      text_field("png", &S::png, "the file Save PNG writes in the export folder (empty: a dated name)")
          .naming(PathUse::kExportName),
      flag_field("prepared", &S::prepared,
                 "Run shows a result measured before class on this computer, if there is one"),
  }};
  return fields;
}

// Names (a lesson's, or the dated defaults) stay names in the fields, each put in the
// export folder when saved, so that choosing another folder applies to open pages too.
SweepSettings with_dated_names(SweepSettings s, const std::string& panel) {
  const std::time_t now = std::time(nullptr);
  if (s.csv.empty()) s.csv = default_export_path(panel, "csv", now);
  if (s.png.empty()) s.png = default_export_path(panel, "png", now);
  return s;
}

}  // namespace

ParamTable sweep_params(ParamTable own) {
  ParamTable table = sweep_fields().table();
  table.insert(table.end(), std::make_move_iterator(own.begin()), std::make_move_iterator(own.end()));
  return table;
}

const PanelButtons<SweepPanel>& SweepPanel::buttons() {
  using P = SweepPanel;
  static const PanelButtons<P> table{
      {"run", "run the sweep on a worker thread", [](P& p) { return p.show_prepared() ? Status::ok() : p.start(); }},
      {"cancel", "stop the sweep after the measurement in progress", [](P& p) { p.runner_.cancel(); }},
      {"save-csv", "write the rows measured so far to the csv file", [](P& p) { return p.save_csv(); }},
      // Written while the next frame renders; the message appears then.
      {"save-png", "write the plot to the png file", [](P& p) { p.view_.save_png(export_path(p.settings_.png)); }},
      {"fit", "fit the plot's axes to the data", [](P& p) { p.view_.fit(); }},
      {"measure-again", "measure now, even where a result prepared before class exists",
       [](P& p) { return p.start(); }},
  };
  return table;
}

SweepPanel::SweepPanel(std::string name, const PanelParams& params)
    : name_(std::move(name)), settings_(with_dated_names(sweep_fields().options(params), name_)) {}

// The shared parameters here; the panel's own in set_own_param.
Status SweepPanel::set_param(const std::string& key, const ParamValue& value) {
  if (!sweep_fields().declares(key)) return set_own_param(key, value);
  if (Status s = sweep_fields().set(key, value, &settings_); !s) return s;
  settings_ = with_dated_names(std::move(settings_), name_);
  return Status::ok();
}

Status SweepPanel::set_own_param(const std::string& key, const ParamValue& value) {
  return Panel::set_param(key, value);
}

Status SweepPanel::press(const std::string& button) { return buttons().press(*this, button); }

Status SweepPanel::save_csv() {
  SweepRunner::Snapshot latest = snapshot_;
  runner_.refresh(&latest);
  const std::string path = export_path(settings_.csv);
  const Status s = write_sweep_csv(path, describe_sweep(), settings_.bench.cpu_threads, latest.rows);
  export_ok_ = s.is_ok();
  export_message_ = s ? fill(tr_n("Saved {0} row to {1}", "Saved {0} rows to {1}", latest.rows.size()),
                             {std::to_string(latest.rows.size()), path})
                      : translated(s);
  if (s) std::fprintf(stderr, "whygpu: %s: %s\n", name_.c_str(), export_message_.c_str());
  return s;
}

bool SweepPanel::show_prepared() {
  PreparedResult prepared;
  if (!settings_.prepared || runner_.busy() ||
      !load_prepared(describe_sweep(), bench::describe_this_run("", settings_.bench.cpu_threads), &prepared))
    return false;
  snapshot_ = SweepRunner::Snapshot{};
  snapshot_.rows = std::move(prepared.rows);
  prepared_label_ = prepared.label();
  rows_replaced_ = true;
  view_.fit();
  std::fprintf(stderr, "whygpu: %s: showing the sweep %s\n", name_.c_str(), prepared_label_.c_str());
  return true;
}

Status SweepPanel::start() {
  prepared_label_.clear();
  kernels::BenchOptions options = settings_.bench;
  options.measure.cancel = runner_.cancel_flag();
  std::vector<kernels::SweepJob> jobs;
  if (Status s = make_jobs(options, &jobs); !s) return s;
  if (Status s = runner_.start(std::move(jobs)); !s) return s;
  started_ = std::chrono::steady_clock::now();
  frame_ms_.clear();
  frame_summary_.clear();
  slow_frames_logged_ = 0;
  slow_frames_by_job_.clear();
  skip_next_frame_ = true;
  view_.fit();
  std::fprintf(stderr, "whygpu: %s: sweep started\n", name_.c_str());
  return Status::ok();
}

void SweepPanel::record_frame(const FrameContext& frame) {
  const bool busy_now = runner_.busy();
  // The first frame's time began before the sweep did (it holds the press itself, and in
  // scripts the opening of the lesson), so it is not counted.
  // Nor is a frame drawn while the CPU was timed, at its start or its end: the app then
  // stands back on purpose (Shell::pace_frame), and where OpenGL runs on the CPU the
  // measurement slows its drawing; that says nothing about the UI during GPU work.
  const float cost = frame.previous_frame_cost_seconds;
  const bool cpu_timed_now = timing_the_cpu();
  const bool counted = busy_now && cost > 0 && !skip_next_frame_ && !cpu_timed_last_frame_ && !cpu_timed_now;
  skip_next_frame_ = false;
  cpu_timed_last_frame_ = cpu_timed_now;
  if (counted) {
    frame_ms_.push_back(cost * 1000.0);
    if (cost > 1.0 / 60.0) {
      ++slow_frames_by_job_[snapshot_.progress.current];
      // Name the first slow frames, so a stall can be matched with what the sweep did.
      if (slow_frames_logged_++ < 20)
        std::fprintf(stderr, "whygpu: %s: slow frame %.1f ms at %.1f s into the sweep, during %s\n", name_.c_str(),
                     cost * 1000.0, std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count(),
                     snapshot_.progress.current.c_str());
    }
  }
  if (was_busy_ && !busy_now && !frame_ms_.empty()) {
    std::vector<double> sorted = frame_ms_;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t slow = static_cast<std::size_t>(std::count_if(sorted.begin(), sorted.end(),
                                                                    [](double ms) { return ms > 1000.0 / 60.0; }));
    const double median = percentile_of_sorted(sorted, 0.5), p99 = percentile_of_sorted(sorted, 0.99);
    frame_summary_ = fill(tr_n("UI during the sweep: {0} frame took a median {1} ms to draw, p99 {2} ms, worst {3} ms; "
                               "{4} over 16.7 ms (frames slowed on purpose while the CPU was timed are not counted)",
                               "UI during the sweep: {0} frames took a median {1} ms to draw, p99 {2} ms, worst {3} ms; "
                               "{4} over 16.7 ms (frames slowed on purpose while the CPU was timed are not counted)",
                               static_cast<unsigned long>(sorted.size())),
                          {std::to_string(sorted.size()), decimal_text(median, 1), decimal_text(p99, 1),
                           decimal_text(sorted.back(), 1), std::to_string(slow)});
    // Where the slow frames happened: the three measurements with the most of them.
    std::vector<std::pair<int, std::string>> by_job;
    for (const auto& [job, count] : slow_frames_by_job_) by_job.emplace_back(count, job);
    std::sort(by_job.rbegin(), by_job.rend());
    std::string where;
    for (std::size_t i = 0; i < std::min<std::size_t>(3, by_job.size()); ++i) {
      where += i ? "; " : " (most during: ";
      where += by_job[i].second + " x" + std::to_string(by_job[i].first);
    }
    // The log stays English with a decimal point, whatever the interface's language.
    std::fprintf(stderr, "whygpu: %s: UI during the sweep: %zu frames, median %.1f ms, p99 %.1f ms, worst %.1f ms; %zu over "
                 "16.7 ms%s%s\n", name_.c_str(), sorted.size(), median, p99, sorted.back(), slow, where.c_str(),
                 where.empty() ? "" : ")");
  }
  was_busy_ = busy_now;
}

bool SweepPanel::poll(const FrameContext& frame) {
  const bool changed = runner_.refresh(&snapshot_) || std::exchange(rows_replaced_, false);
  record_frame(frame);  // with what the sweep is doing now
  if (png_was_pending_ && !view_.png_pending())
    std::fprintf(stderr, "whygpu: %s: %s\n", name_.c_str(), view_.last_png_message().english().c_str());
  png_was_pending_ = view_.png_pending();
  if (changed && !snapshot_.running && !runner_.busy()) {
    const char* how = snapshot_.cancelled ? "cancelled" : snapshot_.error.empty() ? "finished" : "stopped";
    std::fprintf(stderr, "whygpu: %s: sweep %s after %.1f s, %zu rows%s%s\n", name_.c_str(), how,
                 snapshot_.elapsed_seconds, snapshot_.rows.size(), snapshot_.error.empty() ? "" : ": ",
                 snapshot_.error.c_str());
    if (snapshot_.cancelled)
      std::fprintf(stderr, "whygpu: %s: the worker stopped %.0f ms after Cancel was pressed\n", name_.c_str(),
                   snapshot_.cancel_latency_seconds * 1000.0);
    // Preparing the class: a whole sweep is kept for the demo to show at once.
    if (frame.preparing && !snapshot_.cancelled && snapshot_.error.empty() && !snapshot_.rows.empty()) {
      const Status s = save_prepared(describe_sweep(), bench::describe_this_run("", settings_.bench.cpu_threads), snapshot_.rows);
      std::fprintf(stderr, "whygpu: %s: %s\n", name_.c_str(),
                   s ? ("kept for class in " + prepared_folder()).c_str() : s.message().c_str());
    }
  }
  return changed;
}

void SweepPanel::draw_run_controls(const FrameContext& frame, const char* run_label) {
  const bool running = runner_.busy();
  if (!prepared_label_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    wrapped_text_unformatted(fill(tr("These results were {0}."), {prepared_label_}));
    ImGui::PopStyleColor();
    if (ImGui::SmallButton(tr_id("Measure again now").c_str())) (void)start();
  }
  ImGui::BeginDisabled(running);
  if (ImGui::Button(tr_id(run_label).c_str())) {
    if (Status s = start(); !s) {
      export_ok_ = false;
      export_message_ = translated(s);
    }
  }
  ImGui::EndDisabled();
  same_line_if_fits(button_width(tr("Cancel")));
  ImGui::BeginDisabled(!running);
  if (ImGui::Button(tr_id("Cancel").c_str())) runner_.cancel();
  ImGui::EndDisabled();
  const kernels::SweepProgress& p = snapshot_.progress;
  const float fraction = p.total > 0 ? static_cast<float>(p.done) / p.total : 0.0f;
  if (running) last_elapsed_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  std::string overlay;
  if (running) overlay = std::to_string(p.done) + " / " + std::to_string(p.total) + ": " + p.current + "  (" +
                         format_seconds(last_elapsed_) + ")";
  else if (p.total > 0)
    overlay = snapshot_.cancelled
                  ? fill(tr("cancelled after {0} of {1}"), {std::to_string(p.done), std::to_string(p.total)})
                  : fill(tr("done: {0} measurements in {1}"), {std::to_string(p.done), format_seconds(last_elapsed_)});
  else
    overlay = tr("not run yet");
  // The progress bar beside the buttons where its text fits there whole (a bar narrower than
  // its text cuts it at the left: "ne: 120 measurements" at a projector), else under them.
  const float overlay_width = text_width(overlay.c_str()) + 2 * ImGui::GetStyle().FramePadding.x;
  same_line_if_fits(std::max(12.0f * ImGui::GetFontSize(), overlay_width));
  ImGui::ProgressBar(running || snapshot_.cancelled ? fraction : (p.total > 0 ? 1.0f : 0.0f),
                     ImVec2(std::min(ImGui::GetContentRegionAvail().x,
                                     std::max(640.0f * frame.font_scale, overlay_width)),
                            0),
                     overlay.c_str());
  if (!snapshot_.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    wrapped_text_unformatted(fill(tr("The sweep stopped: {0}"), {snapshot_.error}));
    ImGui::PopStyleColor();
  }
  if (timing_the_cpu()) {
    ImGui::TextDisabled("%s", fill(tr("Timing the CPU: the app draws only {0} frames a second meanwhile, so that its "
                                      "own drawing does not slow down what is measured."),
                                   {decimal_text(1.0 / kQuietFrameSeconds, 0)})
                                  .c_str());
  }
}

void SweepPanel::draw_note_after(const std::string& note) {
  const float gap = ImGui::GetFontSize();
  if (same_line_if_fits(gap + text_width(note.c_str()))) ImGui::SameLine(0, gap);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", note.c_str());
  ImGui::PopTextWrapPos();
}

void SweepPanel::draw_chart_and_column(const FrameContext& frame, const char* id, const plot::Chart& chart,
                                       const ChartLayout& layout, const std::function<void(float width)>& beside) {
  draw_chart_beside(view_, id, chart, layout, frame.content_width, frame.font_scale, beside);
}

void SweepPanel::draw_export_row(const FrameContext& frame, bool with_png) {
  // Each path field with its button; the pair for the PNG goes to the next line when both
  // do not fit, and a field is never wider than the line leaves beside its button.
  const auto path_and_button = [&](const char* id, std::string* path, const char* button, const char* action) {
    const float room = ImGui::GetContentRegionAvail().x - button_width(button) - ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(std::clamp(room, 6.0f * ImGui::GetFontSize(), 330.0f * frame.font_scale));
    ImGui::InputText(id, path);
    ImGui::SameLine();
    if (ImGui::Button(button)) press(action);
  };
  // How smooth the app stayed during the last sweep: under the chart, not between the
  // button and the result the class is waiting for.
  if (!frame_summary_.empty() && !timing_the_cpu()) {
    ImGui::PushTextWrapPos(0.0f);  // long on narrow windows: wrap at the panel's edge
    ImGui::TextDisabled("%s", frame_summary_.c_str());
    ImGui::PopTextWrapPos();
  }
  path_and_button("##csv", &settings_.csv, tr("Save CSV"), "save-csv");
  if (with_png) {
    const float pair = 330.0f * frame.font_scale + ImGui::GetStyle().ItemSpacing.x + button_width(tr("Save plot as PNG"));
    if (same_line_if_fits(pair + 2 * ImGui::GetStyle().ItemSpacing.x))
      ImGui::SameLine(0, 3 * ImGui::GetStyle().ItemSpacing.x);
    path_and_button("##png", &settings_.png, tr("Save plot as PNG"), "save-png");
  }
  const bool png_newer = with_png && !view_.last_png_message().empty() && !view_.png_pending();
  if (png_newer) {
    ImGui::PushStyleColor(ImGuiCol_Text, view_.last_png_ok() ? palette().muted_text : palette().error);
    wrapped_text_unformatted(translated(view_.last_png_message()));
    ImGui::PopStyleColor();
  }
  if (!export_message_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, export_ok_ ? palette().muted_text : palette().error);
    wrapped_text_unformatted(export_message_);
    ImGui::PopStyleColor();
  }
}

}  // namespace whygpu::app

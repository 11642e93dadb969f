// "The race": the same network, the same seed, the same batches, trained on the CPU and
// on the GPU at the same time, with test accuracy against wall-clock seconds on one plot.
// Both lanes are reset, and once both have their fresh weights they are started in the
// same frame. Both stop to test on the test set at the same points of their training
// (every `test_every` epochs, and after each epoch), so both curves have points at the
// same amounts of work and the clock counts the testing of both alike.
//
// Without a GPU the GPU lane is a race recorded on a GPU machine (`whygpu record`,
// assets/reference/recorded-gpu/race.json), replayed in real time from the start of the
// live CPU lane: its test points appear when they appeared there, drawn dashed and
// hollow, labelled with the machine and date. Nothing is estimated or simulated, and
// without a recording the CPU lane races alone.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/cnn/session_bar.h"
#include "app/cnn/shared_session.h"
#include "app/files/figure_source.h"
#include "app/files/recorded_gpu.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_registry.h"
#include "app/plot/plot.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/cnn/race_recording.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

// A lane's time: tenths of a second, or two significant digits under one second (the GPU
// lane's epoch takes a few hundredths of a second on an H200, where "0.0 s" said nothing).
std::string seconds_text(double seconds) {
  return seconds < 1.0 ? significant_text(seconds, 2) : decimal_text(seconds, 1);
}

using cnn_ui::SharedSession;
using Clock = std::chrono::steady_clock;

struct RaceOptions {
  int epochs = 1;
  int batch = cnn::kDefaultBatch;
  float learning_rate = cnn::AdamConfig{}.learning_rate;
  std::uint64_t seed = cnn::TrainerOptions{}.seed;
  double test_every = 0.1;
  bool log_time = false;
};

// The race's parameters, declared once. The learning rate and the seed go into the lanes'
// sessions when the panel is made: a script cannot change them afterwards.
const PanelFields<RaceOptions>& race_fields() {
  static const PanelFields<RaceOptions> fields{
      Fields<RaceOptions>{
          whole_field("epochs", &RaceOptions::epochs, 1, 100, "epochs each lane trains before it stops"),
          whole_field("batch", &RaceOptions::batch, 1, cnn::kMaxBatch, "images per training step, in both lanes"),
          number_field("lr", &RaceOptions::learning_rate, 1e-6, 0.5, "Adam's learning rate, in both lanes"),
          whole_field("seed", &RaceOptions::seed, 0, 2147483647, "initial weights and batch order"),
          number_field("test_every", &RaceOptions::test_every, 0.01, 1.0, "fraction of an epoch between test points"),
          flag_field("log_time", &RaceOptions::log_time, "draw the time axis logarithmic"),
      },
      {"lr", "seed"}};
  return fields;
}

// One lane: a session of its own and the test points it reached, timed from the start;
// or, for the GPU lane without a GPU here, a recorded lane replayed.
struct Lane {
  cnn::Backend backend = cnn::Backend::kCpu;
  std::shared_ptr<SharedSession> shared;  // null: no session here (the GPU lane without a GPU)
  Wording unavailable;                    // why (no GPU)
  cnn::RaceLane race;                     // live: the points and the finish
  // Replayed: the recording of this lane for the race's settings (null when there is
  // none), its points for this race and when it finished them.
  const cnn::RecordedRace* recorded = nullptr;
  std::vector<cnn::RacePoint> replay;
  double replay_finish = 0.0;

  bool finished(double now) const { return recorded ? now >= replay_finish : race.finished(); }
  double finish_seconds() const { return recorded ? replay_finish : race.finish_seconds(); }
  // The points reached by `now` (all of a live lane's).
  std::vector<cnn::RacePoint> points(double now) const {
    if (!recorded) return race.points();
    std::vector<cnn::RacePoint> shown;
    for (const cnn::RacePoint& p : replay)
      if (p.seconds <= now) shown.push_back(p);
    return shown;
  }
};

class CnnRacePanel final : public Panel {
 public:
  explicit CnnRacePanel(RaceOptions options) : o_(options) {
    cnn_ui::SessionConfig config;
    config.seed = o_.seed;
    config.batch = o_.batch;
    config.learning_rate = o_.learning_rate;
    lanes_[0].backend = cnn::Backend::kCpu;
    lanes_[1].backend = cnn::Backend::kGpu;
    for (Lane& lane : lanes_) {
      if (lane.backend == cnn::Backend::kGpu && !gpu_info().available) {
        lane.unavailable = gpu_info().unavailable_reason;
        recording_ = recorded_part<cnn::RaceRecording>(cnn::kRaceRecording, &recording_error_);
        continue;
      }
      config.backend = lane.backend == cnn::Backend::kGpu ? cnn_ui::BackendChoice::kGpu : cnn_ui::BackendChoice::kCpu;
      lane.shared = SharedSession::get(session_name(lane), config);
    }
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    return race_fields().set(key, value, &o_);
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<CnnRacePanel>& buttons() {
    using P = CnnRacePanel;
    static const PanelButtons<P> table{
        {"start", "reset both lanes and start them together", [](P& p) { p.start(); }},
        {"stop", "stop both lanes", [](P& p) { p.stop(); }},
    };
    return table;
  }

  // "speedup": how many times sooner the GPU lane finished (live, or the recorded lane
  // replayed where there is no GPU), once both have.
  bool result(const std::string& name, PanelResult* out) const override {
    const std::optional<double> times = speedup();
    if (name != "speedup" || !times) return false;
    const Lane &cpu = lanes_[0], &gpu = lanes_[1];
    out->value = *times;
    out->text = fill(source_of(gpu).faded() ? tr("{0} times sooner (CPU {1} s, the recorded GPU {2} s)")
                                        : tr("{0} times sooner (CPU {1} s, GPU {2} s)"),
                     {significant_text(out->value, 3), seconds_text(cpu.finish_seconds()),
                      seconds_text(gpu.finish_seconds())});
    return true;
  }

  // Busy while the lanes are prepared and while a race is under way.
  bool busy() const override {
    for (const Lane& lane : lanes_)
      if (lane.shared && lane.shared->phase() == SharedSession::Phase::kPreparing) return true;
    return state_ != State::kIdle;
  }

  void draw(const FrameContext& frame) override {
    scale_ = frame.font_scale;
    ImGui::PushID(this);
    for (Lane& lane : lanes_)
      if (lane.shared) lane.shared->update();
    if (state_ == State::kIdle) choose_replay();
    follow_race();
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the edge of its lane or the panel
    // The result first (the curves, then who finished sooner), the lanes, the controls last:
    // at a projector the class sees the race, not the sliders.
    draw_plot(frame.content_width);
    draw_verdict();
    draw_lanes(frame.content_width);
    draw_controls();
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }

 private:
  enum class State { kIdle, kWaitingForLanes, kRunning };

  static std::string session_name(const Lane& lane) {
    return lane.backend == cnn::Backend::kGpu ? "race-gpu" : "race-cpu";
  }

  // How many times sooner the GPU lane finished (live, or the recorded lane replayed), once
  // both have; nothing before.
  std::optional<double> speedup() const {
    const double now = elapsed();
    const Lane &cpu = lanes_[0], &gpu = lanes_[1];
    const bool ran = state_ != State::kIdle || stopped_at_ > 0;
    if (!ran || !cpu.finished(now) || !gpu.finished(now) || !(gpu.finish_seconds() > 0)) return std::nullopt;
    return cpu.finish_seconds() / gpu.finish_seconds();
  }

  double elapsed() const {
    return state_ == State::kIdle && stopped_at_ > 0 ? stopped_at_
                                                     : std::chrono::duration<double>(Clock::now() - start_).count();
  }

  bool lane_ready(const Lane& lane) const { return lane.shared && lane.shared->phase() == SharedSession::Phase::kReady; }

  // Without a GPU: the recorded GPU lane for the race as now set up (batch, epochs).
  void choose_replay() {
    Lane& gpu = lanes_[1];
    if (gpu.shared || !recording_) return;
    cnn::RaceSettings wanted;
    wanted.epochs = o_.epochs;
    wanted.batch = o_.batch;
    wanted.learning_rate = o_.learning_rate;
    wanted.seed = o_.seed;
    wanted.test_every = o_.test_every;
    gpu.recorded = recording_->find(wanted);
    if (gpu.recorded) cnn::replay_lane(gpu.recorded->gpu, o_.epochs, &gpu.replay, &gpu.replay_finish);
    else gpu.replay.clear();
  }

  // Where a lane's points come from: the recorded race it replays, or this computer.
  FigureSource source_of(const Lane& lane) const {
    return lane.recorded ? FigureSource::recorded(recording_->run) : FigureSource::this_computer();
  }

  // "64, 256": the batches of the recorded races, for when the race asks for another.
  std::string recorded_batches() const {
    std::vector<int> batches;
    for (const cnn::RecordedRace& r : recording_->races)
      if (std::find(batches.begin(), batches.end(), r.settings.batch) == batches.end()) batches.push_back(r.settings.batch);
    std::string text;
    for (int b : batches) {
      if (!text.empty()) text += ", ";
      text += std::to_string(b);
    }
    return text.empty() ? std::string(tr("none")) : text;
  }

  void start() {
    std::vector<std::string> lanes;
    for (const Lane& lane : lanes_) lanes.push_back(session_name(lane));
    paused_others_ = SharedSession::pause_all_except(lanes);
    for (Lane& lane : lanes_) {
      lane.race.start(0.0);  // no points of the last race while the lanes are reset; timed once both start
      if (!lane.shared) continue;
      lane.shared->pause();
      lane.shared->set_batch(o_.batch);
      lane.shared->reset();
    }
    stopped_at_ = 0.0;
    view_.fit();
    state_ = State::kWaitingForLanes;
  }

  void stop() {
    for (Lane& lane : lanes_)
      if (lane.shared) lane.shared->pause();
    if (state_ == State::kRunning) stopped_at_ = elapsed();
    state_ = State::kIdle;
  }

  // Starts both lanes in one frame once both are reset; takes new test points; asks for
  // the next test; stops a lane at its last epoch.
  void follow_race() {
    if (state_ == State::kWaitingForLanes) {
      for (Lane& lane : lanes_) {
        if (!lane.shared) continue;
        if (lane.shared->phase() == SharedSession::Phase::kFailed) continue;  // its bar says why
        if (!lane_ready(lane) || !lane_reset_done(lane)) return;
      }
      start_ = Clock::now();
      const double start_clock = std::chrono::duration<double>(start_.time_since_epoch()).count();
      for (Lane& lane : lanes_) {
        lane.race.start(start_clock);
        if (lane_ready(lane)) lane.shared->train_epochs(o_.epochs, o_.test_every);  // exactly, tested on the way
      }
      state_ = State::kRunning;
      return;
    }
    if (state_ != State::kRunning) return;
    bool all_finished = true;
    const double now = elapsed();
    for (Lane& lane : lanes_) {
      if (lane.recorded) {
        all_finished = all_finished && lane.finished(now);
        continue;
      }
      if (!lane_ready(lane) || lane.race.finished()) continue;
      all_finished = false;
      lane.race.follow(lane.shared->snapshot(), o_.epochs);
    }
    if (all_finished) {
      stopped_at_ = elapsed();
      state_ = State::kIdle;
    }
  }

  // The reset has been carried out: no steps, no test points left from before.
  static bool lane_reset_done(const Lane& lane) {
    const cnn::SessionSnapshot& snap = lane.shared->snapshot();
    return snap.progress.steps == 0 && snap.test_accuracy.empty();
  }

  void draw_controls() {
    bool any_ready = false;
    for (const Lane& lane : lanes_) any_ready = any_ready || lane_ready(lane);
    ImGui::BeginDisabled(!any_ready || state_ != State::kIdle);
    if (ImGui::Button(stopped_at_ > 0 ? tr("Race again") : tr("Start the race"))) start();
    ImGui::EndDisabled();
    // The controls flow onto the next line where the panel is narrow.
    same_line_if_fits(button_width(tr("Stop")));
    ImGui::BeginDisabled(state_ == State::kIdle);
    if (ImGui::Button(tr_id("Stop").c_str())) stop();
    ImGui::EndDisabled();
    ImGui::BeginDisabled(state_ != State::kIdle);
    same_line_if_fits(labelled_width(90.0f * scale_, tr("epochs")));
    ImGui::SetNextItemWidth(90.0f * scale_);
    ImGui::SliderInt(tr_id("epochs").c_str(), &o_.epochs, 1, 10);
    same_line_if_fits(labelled_width(140.0f * scale_, tr("batch")));
    ImGui::SetNextItemWidth(140.0f * scale_);
    ImGui::SliderInt(tr_id("batch").c_str(), &o_.batch, 1, cnn::kMaxBatch, "%d", ImGuiSliderFlags_Logarithmic);
    ImGui::EndDisabled();
    same_line_if_fits(check_width(tr("log time axis")));
    ImGui::Checkbox(tr_id("log time axis").c_str(), &o_.log_time);
    if (state_ != State::kIdle || stopped_at_ > 0) {
      const std::string clock = fill(tr("clock: {0} s"), {decimal_text(elapsed(), 1)});
      same_line_if_fits(text_width(clock.c_str()));
      ImGui::TextUnformatted(clock.c_str());
    }
    ImGui::TextDisabled("%s", fill(tr("Same network, same seed ({0}), same batches of {1}; both lanes are tested on "
                                      "the test set every {2} epoch, the clock running meanwhile."),
                                   {std::to_string(static_cast<unsigned long long>(o_.seed)), std::to_string(o_.batch),
                                    significant_text(o_.test_every, 2)})
                                  .c_str());
    if (!paused_others_.empty())
      ImGui::TextDisabled("%s", tr("Paused the other training on this machine so that the race has it to itself."));
  }

  void draw_lanes(float width) {
    if (!ImGui::BeginTable("lanes", 2, ImGuiTableFlags_BordersInnerV)) return;
    for (const Lane& lane : lanes_) {
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, cnn_ui::backend_colour(lane.backend));
      ImGui::TextUnformatted(lane.backend == cnn::Backend::kGpu ? tr("GPU lane") : tr("CPU lane"));
      ImGui::PopStyleColor();
      if (!lane.shared) {
        draw_recorded_lane(lane, width);
        continue;
      }
      if (lane.shared->phase() != SharedSession::Phase::kReady) {
        cnn_ui::draw_session_bar(*lane.shared, false);
        continue;
      }
      const cnn::SessionSnapshot& snap = lane.shared->snapshot();
      ImGui::TextUnformatted(cnn_ui::shown_trainer_name(snap).c_str());
      const cnn::TrainProgress& p = snap.progress;
      const double done = p.epoch_size > 0 ? static_cast<double>(p.images_seen) / p.epoch_size : 0.0;
      const std::string overlay =
          fill(tr_n("{0} of {1} epoch", "{0} of {1} epochs", static_cast<unsigned long>(o_.epochs)),
               {decimal_text(done, 2), std::to_string(o_.epochs)});
      ImGui::ProgressBar(static_cast<float>(std::min(1.0, done / o_.epochs)), ImVec2(width * 0.5f - 20.0f * scale_, 0),
                         overlay.c_str());
      const std::vector<cnn::RacePoint>& points = lane.race.points();
      if (lane.race.finished())
        wrapped_text_unformatted(fill(tr("finished in {0} s: test accuracy {1}%"),
                                      {seconds_text(lane.race.finish_seconds()),
                                       decimal_text(points.empty() ? 0.0 : points.back().accuracy, 2)}));
      else if (state_ == State::kRunning)
        // Wrapped at spaces only: ImGui's own wrap may break "86,60" after its decimal comma.
        wrapped_text_unformatted(
            fill(tr("{0} images/s; test accuracy {1}"),
                 {with_commas(snap.images_per_second),
                  points.empty() ? tr("not tested yet") : decimal_text(points.back().accuracy, 2) + "%"}));
      else
        ImGui::TextDisabled("%s", tr("ready"));
    }
    ImGui::EndTable();
  }

  // Once both lanes have finished: how many times sooner the GPU did.
  void draw_verdict() const {
    if (const std::optional<double> times = speedup())
      wrapped_text_unformatted(fill(source_of(lanes_[1]).faded()
                                        ? tr("The recorded GPU finished {0} times sooner than this computer's CPU.")
                                        : tr("The GPU finished {0} times sooner."),
                                    {decimal_text(*times, 1)}));
  }

  // The GPU lane without a GPU here: the recorded lane, replayed on the race's clock.
  void draw_recorded_lane(const Lane& lane, float width) {
    if (!lane.recorded) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      if (recording_)
        ImGui::TextWrapped("%s",
                           fill(tr_n("No GPU here ({0}), and no recorded race of {1} epoch with batch {2} (recorded "
                                     "batches: {3}). The CPU lane races alone; no GPU result is made up.",
                                     "No GPU here ({0}), and no recorded race of {1} epochs with batch {2} (recorded "
                                     "batches: {3}). The CPU lane races alone; no GPU result is made up.",
                                     static_cast<unsigned long>(o_.epochs)),
                                {translated(lane.unavailable), std::to_string(o_.epochs), std::to_string(o_.batch),
                                 recorded_batches()})
                               .c_str());
      else
        ImGui::TextWrapped("%s",
                           fill(tr("No GPU here ({0}), and {1}. The CPU lane races alone; no GPU result is made up."),
                                {translated(lane.unavailable), recording_error_})
                               .c_str());
      ImGui::PopStyleColor();
      return;
    }
    const cnn::RecordedRace& r = *lane.recorded;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    wrapped_text_unformatted(fill(tr("{0}, replayed: {1}."), {r.gpu.trainer_name, source_of(lane).where()}));
    const bool ran = state_ != State::kIdle || stopped_at_ > 0;
    const double now = ran ? elapsed() : 0.0;
    const std::vector<cnn::RacePoint> shown = lane.points(now);
    // Progress between test points: the recorded pace, from the last point reached to the next.
    double done = shown.empty() ? 0.0 : shown.back().epoch;
    if (ran && !lane.finished(now)) {
      const cnn::RacePoint before = shown.empty() ? cnn::RacePoint{} : shown.back();
      for (const cnn::RacePoint& next : lane.replay)
        if (next.seconds > now) {
          const double t = next.seconds > before.seconds ? (now - before.seconds) / (next.seconds - before.seconds) : 1.0;
          done = before.epoch + (next.epoch - before.epoch) * std::clamp(t, 0.0, 1.0);
          break;
        }
    }
    if (lane.finished(now)) done = o_.epochs;
    const std::string overlay =
        fill(tr_n("{0} of {1} epoch (recorded)", "{0} of {1} epochs (recorded)", static_cast<unsigned long>(o_.epochs)),
             {decimal_text(done, 2), std::to_string(o_.epochs)});
    // Faded, as recorded results are everywhere; the overlay in the normal text colour.
    const ImVec4 gpu = ImGui::ColorConvertU32ToFloat4(cnn_ui::backend_colour(cnn::Backend::kGpu));
    ImGui::PopStyleColor();  // the overlay in the normal text colour
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(gpu.x, gpu.y, gpu.z, 0.45f));
    ImGui::ProgressBar(static_cast<float>(std::min(1.0, done / o_.epochs)), ImVec2(width * 0.5f - 20.0f * scale_, 0),
                       overlay.c_str());
    ImGui::PopStyleColor();
    ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
    if (ran && lane.finished(now))
      wrapped_text_unformatted(fill(tr("finished in {0} s there: test accuracy {1}%"),
                              {decimal_text(lane.finish_seconds(), 2), decimal_text(lane.replay.back().accuracy, 2)})
                             );
    else if (ran)
      ImGui::TextWrapped("%s", fill(tr("{0} images/s there; test accuracy {1}"),
                                    {with_commas(r.gpu.images_per_second),
                                     shown.empty() ? tr("not tested yet") : decimal_text(shown.back().accuracy, 2) + "%"})
                                   .c_str());
    else
      ImGui::TextWrapped(
          "%s", fill(tr("ready to replay: {0} images/s there"), {with_commas(r.gpu.images_per_second)}).c_str());
    ImGui::PopStyleColor();
  }

  void draw_plot(float width) {
    plot::Chart chart;
    chart.x_title = tr("seconds since the start (wall clock)");
    chart.y_title = tr("test accuracy (%)");
    chart.x = {o_.log_time ? plot::ScaleKind::Log : plot::ScaleKind::Linear, plot::ValueFormat::Number, false};
    chart.y_span = {0.0, 100.0};
    const double now = state_ != State::kIdle || stopped_at_ > 0 ? elapsed() : 0.0;
    // The time axis starts at the start (a log one at a tenth of a second, or before the
    // first test if that came sooner: a fast GPU tests within milliseconds) and reaches the
    // clock's now.
    double log_start = 0.1;
    for (const Lane& lane : lanes_) {
      if (!lane.shared && !lane.recorded) continue;
      plot::Series s;
      s.label = lane.backend == cnn::Backend::kGpu ? "GPU" : "CPU";
      s.colour = cnn_ui::backend_colour(lane.backend);
      for (const cnn::RacePoint& p : lane.points(now)) {
        s.x.push_back(p.seconds);
        s.y.push_back(p.accuracy);
        if (p.seconds > 0) log_start = std::min(log_start, p.seconds * 0.7);
      }
      s.marker = plot::Marker::Circle;
      if (source_of(lane).faded()) {
        s.recorded = true;
        s.line = plot::Line::Dashed;
        chart.footnote =
            fill(tr("Dashed, hollow: the GPU lane {0}, replayed on this race's clock."), {source_of(lane).where()});
      }
      // A finished lane says so at its last point: on the linear axis a fast GPU's whole
      // curve stands at the left edge, and the class should still read when it ended.
      if (lane.finished(now) && !s.x.empty())
        chart.labels.push_back({s.x.back(), s.y.back(), fill(tr("{0}: done at {1} s"), {s.label, decimal_text(s.x.back(), 2)}),
                                s.colour, static_cast<int>(chart.series.size())});
      chart.series.push_back(std::move(s));
    }
    if (state_ != State::kIdle || stopped_at_ > 0)
      chart.x_span = {o_.log_time ? log_start : 0.0, std::max(now, 1.0)};
    if (state_ == State::kRunning) chart.marks.push_back({elapsed(), tr("now"), ImGui::GetColorU32(ImGuiCol_TextDisabled)});
    chart.empty_message = state_ == State::kIdle ? tr("press Start the race") : tr("the first test points appear here");
    chart.legend = plot::LegendPlace::Right;
    const float w = std::max(300.0f, width - 8.0f);
    // No taller than about two fifths of the screen, so that the lanes under it stay in
    // view on a short projector with large text.
    const float h = std::min(std::clamp(w * 0.35f, 180.0f * scale_, 380.0f * scale_),
                             std::max(140.0f * scale_, 0.4f * ImGui::GetMainViewport()->Size.y));
    view_.draw("race", chart, ImVec2(w, h), scale_);
    if (state_ == State::kRunning) view_.fit();
  }

  RaceOptions o_;
  std::array<Lane, 2> lanes_;
  State state_ = State::kIdle;
  Clock::time_point start_ = Clock::now();
  double stopped_at_ = 0.0;
  std::vector<std::string> paused_others_;
  const cnn::RaceRecording* recording_ = nullptr;  // no GPU here: races recorded on one
  std::string recording_error_;                   // why there is none
  float scale_ = 1.0f;
  plot::PlotView view_;
};

}  // namespace

const PanelType& cnn_race_panel_type() {
  static const PanelType type = {
      "cnn-race",
      N_("the race: the same network trained on the CPU and the GPU at once, test accuracy against wall-clock time"),
      race_fields().table(),
      CnnRacePanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        return std::make_unique<CnnRacePanel>(race_fields().options(p));
      },
      {"start", "stop"},
      {{"speedup", "times", "how many times sooner the GPU lane finishes its epochs than the CPU lane"}}};
  return type;
}

}  // namespace whygpu::app

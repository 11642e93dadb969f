// "The race": the same network, the same seed, the same batches, trained on the CPU and
// on the GPU at the same time, with test accuracy against wall-clock seconds on one plot.
// Both lanes are reset, and once both have their fresh weights they are started in the
// same frame. Both stop to test on the test set at the same points of their training
// (every `test_every` epochs, and after each epoch), so both curves have points at the
// same amounts of work and the clock counts the testing of both alike.
//
// Without a GPU the GPU lane says why it is unavailable and the CPU lane runs alone:
// nothing is estimated or simulated.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/cnn/session_bar.h"
#include "app/number_text.h"
#include "app/cnn/shared_session.h"
#include "app/panel_registry.h"
#include "app/plot/plot.h"
#include "app/ui_style.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

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

// One lane: a session of its own, and the test points it reached, timed from the start.
struct Lane {
  cnn::Backend backend = cnn::Backend::kCpu;
  std::shared_ptr<SharedSession> shared;  // null: this lane is unavailable here
  std::string unavailable;                // why (no GPU)
  std::vector<double> seconds, accuracy;  // one point per test
  std::size_t tests_seen = 0;             // test points of the session taken so far
  double next_test_epoch = 0.0;           // where to test next (besides each epoch's end)
  bool finished = false;
  double finish_seconds = 0.0;
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
        continue;
      }
      config.backend = lane.backend == cnn::Backend::kGpu ? cnn_ui::BackendChoice::kGpu : cnn_ui::BackendChoice::kCpu;
      lane.shared = SharedSession::get(session_name(lane), config);
    }
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    if (key == "epochs") o_.epochs = static_cast<int>(value.whole);
    else if (key == "batch") o_.batch = static_cast<int>(value.whole);
    else if (key == "test_every") o_.test_every = value.number;
    else if (key == "log_time") o_.log_time = value.flag;
    else return Panel::set_param(key, value);
    return Status::ok();
  }

  Status press(const std::string& button) override {
    if (button == "start") start();
    else if (button == "stop") stop();
    else return Panel::press(button);
    return Status::ok();
  }

  // "speedup": how many times sooner the GPU lane finished, once both have.
  bool result(const std::string& name, PanelResult* out) const override {
    if (name != "speedup" || !lanes_[0].finished || !lanes_[1].finished || !(lanes_[1].finish_seconds > 0)) return false;
    out->value = lanes_[0].finish_seconds / lanes_[1].finish_seconds;
    char text[120];
    std::snprintf(text, sizeof text, "%.3g times sooner (CPU %.1f s, GPU %.1f s)", out->value, lanes_[0].finish_seconds,
                  lanes_[1].finish_seconds);
    out->text = text;
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
    follow_race();
    draw_controls();
    draw_lanes(frame.content_width);
    draw_plot(frame.content_width);
    ImGui::PopID();
  }

 private:
  enum class State { kIdle, kWaitingForLanes, kRunning };

  static std::string session_name(const Lane& lane) {
    return lane.backend == cnn::Backend::kGpu ? "race-gpu" : "race-cpu";
  }

  double elapsed() const {
    return state_ == State::kIdle && stopped_at_ > 0 ? stopped_at_
                                                     : std::chrono::duration<double>(Clock::now() - start_).count();
  }

  bool lane_ready(const Lane& lane) const { return lane.shared && lane.shared->phase() == SharedSession::Phase::kReady; }

  void start() {
    std::vector<std::string> lanes;
    for (const Lane& lane : lanes_) lanes.push_back(session_name(lane));
    paused_others_ = SharedSession::pause_all_except(lanes);
    for (Lane& lane : lanes_) {
      lane.seconds.clear();
      lane.accuracy.clear();
      lane.tests_seen = 0;
      lane.next_test_epoch = o_.test_every;
      lane.finished = false;
      lane.finish_seconds = 0.0;
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
        if (lane.shared->phase() == SharedSession::Phase::kFailed) {
          lane.finished = true;  // its bar says why
          continue;
        }
        if (!lane_ready(lane) || !lane_reset_done(lane)) return;
      }
      for (Lane& lane : lanes_)
        if (lane.shared && !lane.finished) lane.shared->train_epochs(o_.epochs);  // exactly, then a test
      start_ = Clock::now();
      state_ = State::kRunning;
      return;
    }
    if (state_ != State::kRunning) return;
    bool all_finished = true;
    for (Lane& lane : lanes_) {
      if (!lane.shared || lane.finished) continue;
      all_finished = false;
      const cnn::SessionSnapshot& snap = lane.shared->snapshot();
      const double now = elapsed();
      for (; lane.tests_seen < snap.test_accuracy.size(); ++lane.tests_seen) {
        lane.seconds.push_back(now);
        lane.accuracy.push_back(100.0 * snap.test_accuracy[lane.tests_seen].value);
      }
      const cnn::TrainProgress& p = snap.progress;
      if (p.epochs_completed >= o_.epochs) {
        // The session tests after each epoch by itself: the lane is done once that is in.
        if (lane.tests_seen >= static_cast<std::size_t>(o_.epochs) && !snap.test_accuracy.empty() &&
            snap.test_accuracy.back().epoch >= o_.epochs - 1e-9) {
          lane.finished = true;
          lane.finish_seconds = lane.seconds.back();
        }
        continue;
      }
      const double epochs = p.epoch_size > 0 ? static_cast<double>(p.images_seen) / p.epoch_size : 0.0;
      if (epochs >= lane.next_test_epoch) {
        while (lane.next_test_epoch <= epochs) lane.next_test_epoch += o_.test_every;
        // Epoch ends are tested by the session itself.
        const double frac = epochs - std::floor(epochs);
        if (frac > 1e-9 && frac < 1.0 - o_.test_every * 0.5) lane.shared->evaluate();
      }
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
    if (ImGui::Button(stopped_at_ > 0 ? "Race again" : "Start the race")) start();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(state_ == State::kIdle);
    if (ImGui::Button("Stop")) stop();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(state_ != State::kIdle);
    ImGui::SetNextItemWidth(90.0f * scale_);
    ImGui::SliderInt("epochs", &o_.epochs, 1, 10);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(140.0f * scale_);
    ImGui::SliderInt("batch", &o_.batch, 1, cnn::kMaxBatch, "%d", ImGuiSliderFlags_Logarithmic);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Checkbox("log time axis", &o_.log_time);
    if (state_ != State::kIdle || stopped_at_ > 0) {
      ImGui::SameLine();
      ImGui::Text("clock: %.1f s", elapsed());
    }
    ImGui::TextDisabled("Same network, same seed (%llu), same batches of %d; both lanes are tested on the test set every "
                        "%.2g epoch, the clock running meanwhile.",
                        static_cast<unsigned long long>(o_.seed), o_.batch, o_.test_every);
    if (!paused_others_.empty())
      ImGui::TextDisabled("Paused the other training on this machine so that the race has it to itself.");
  }

  void draw_lanes(float width) {
    if (!ImGui::BeginTable("lanes", 2, ImGuiTableFlags_BordersInnerV)) return;
    for (const Lane& lane : lanes_) {
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, cnn_ui::backend_colour(lane.backend));
      ImGui::TextUnformatted(lane.backend == cnn::Backend::kGpu ? "GPU lane" : "CPU lane");
      ImGui::PopStyleColor();
      if (!lane.shared) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
        ImGui::TextWrapped("Unavailable: %s. The CPU lane races alone; no GPU result is shown, none is made up.",
                           lane.unavailable.c_str());
        ImGui::PopStyleColor();
        continue;
      }
      if (lane.shared->phase() != SharedSession::Phase::kReady) {
        cnn_ui::draw_session_bar(*lane.shared, false);
        continue;
      }
      const cnn::SessionSnapshot& snap = lane.shared->snapshot();
      ImGui::TextUnformatted(snap.trainer_name.c_str());
      const cnn::TrainProgress& p = snap.progress;
      const double done = p.epoch_size > 0 ? static_cast<double>(p.images_seen) / p.epoch_size : 0.0;
      char overlay[96];
      std::snprintf(overlay, sizeof overlay, "%.2f of %d epoch%s", done, o_.epochs, o_.epochs == 1 ? "" : "s");
      ImGui::ProgressBar(static_cast<float>(std::min(1.0, done / o_.epochs)), ImVec2(width * 0.5f - 20.0f * scale_, 0),
                         overlay);
      if (lane.finished)
        ImGui::Text("finished in %.1f s: test accuracy %.2f%%", lane.finish_seconds,
                    lane.accuracy.empty() ? 0.0 : lane.accuracy.back());
      else if (state_ == State::kRunning)
        ImGui::Text("%s images/s; test accuracy %s", with_commas(snap.images_per_second).c_str(),
                    lane.accuracy.empty() ? "not tested yet" : (std::to_string(lane.accuracy.back()).substr(0, 5) + "%").c_str());
      else
        ImGui::TextDisabled("ready");
    }
    ImGui::EndTable();
    if (lanes_[0].finished && lanes_[1].finished && lanes_[1].finish_seconds > 0)
      ImGui::Text("The GPU finished %.1f times sooner.", lanes_[0].finish_seconds / lanes_[1].finish_seconds);
  }

  void draw_plot(float width) {
    plot::Chart chart;
    chart.x_title = "seconds since the start (wall clock)";
    chart.y_title = "test accuracy (%)";
    chart.x = {o_.log_time ? plot::ScaleKind::Log : plot::ScaleKind::Linear, plot::ValueFormat::Number, false};
    chart.y_span = {0.0, 100.0};
    // The time axis starts at the start (a linear one at 0) and reaches the clock's now.
    if (state_ != State::kIdle || stopped_at_ > 0)
      chart.x_span = o_.log_time ? std::vector<double>{0.1, std::max(elapsed(), 1.0)}
                                 : std::vector<double>{0.0, std::max(elapsed(), 1.0)};
    for (const Lane& lane : lanes_) {
      if (!lane.shared) continue;
      plot::Series s;
      s.label = lane.backend == cnn::Backend::kGpu ? "GPU" : "CPU";
      s.colour = cnn_ui::backend_colour(lane.backend);
      s.x = lane.seconds;
      s.y = lane.accuracy;
      s.marker = plot::Marker::Circle;
      chart.series.push_back(std::move(s));
    }
    if (state_ == State::kRunning) chart.marks.push_back({elapsed(), "now", ImGui::GetColorU32(ImGuiCol_TextDisabled)});
    chart.empty_message = state_ == State::kIdle ? "press Start the race" : "the first test points appear here";
    chart.legend = plot::LegendPlace::Right;
    const float w = std::max(300.0f, width - 8.0f);
    view_.draw("race", chart, ImVec2(w, std::clamp(w * 0.35f, 220.0f * scale_, 380.0f * scale_)), scale_);
    if (state_ == State::kRunning) view_.fit();
  }

  RaceOptions o_;
  std::array<Lane, 2> lanes_;
  State state_ = State::kIdle;
  Clock::time_point start_ = Clock::now();
  double stopped_at_ = 0.0;
  std::vector<std::string> paused_others_;
  float scale_ = 1.0f;
  plot::PlotView view_;
};

}  // namespace

const PanelType& cnn_race_panel_type() {
  static const RaceOptions defaults;
  static const PanelType type = {
      "cnn-race",
      "the race: the same network trained on the CPU and the GPU at once, test accuracy against wall-clock time",
      {
          whole_param("epochs", defaults.epochs, 1, 100, "epochs each lane trains before it stops"),
          whole_param("batch", defaults.batch, 1, cnn::kMaxBatch, "images per training step, in both lanes"),
          number_param("lr", defaults.learning_rate, 1e-6, 0.5, "Adam's learning rate, in both lanes"),
          whole_param("seed", static_cast<long long>(defaults.seed), 0, 2147483647, "initial weights and batch order"),
          number_param("test_every", defaults.test_every, 0.01, 1.0, "fraction of an epoch between test points"),
          flag_param("log_time", defaults.log_time, "draw the time axis logarithmic"),
      },
      {{"start", "reset both lanes and start them together"}, {"stop", "stop both lanes"}},
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        RaceOptions o;
        o.epochs = p.whole_as<int>("epochs");
        o.batch = p.whole_as<int>("batch");
        o.learning_rate = p.number_as<float>("lr");
        o.seed = p.whole_as<std::uint64_t>("seed");
        o.test_every = p.number("test_every");
        o.log_time = p.flag("log_time");
        return std::make_unique<CnnRacePanel>(o);
      },
      {"start", "stop"},
      {{"speedup", "times", "how many times sooner the GPU lane finishes its epochs than the CPU lane"}}};
  return type;
}

}  // namespace whygpu::app

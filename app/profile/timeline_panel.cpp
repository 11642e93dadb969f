// "Where the time goes": one piece of GPU work as a timeline, with another beside it on
// the same time axis (by default our CNN training step launched kernel by kernel, and the
// same step as one CUDA graph), the GPU's idle gaps marked and summed. On a computer with
// an NVIDIA GPU and CUPTI, Record runs the chosen works here on a worker thread; until
// then, and everywhere else, the panel shows the recordings made on the GPU machine,
// faded and labelled as recorded. The PyTorch peer's step is only ever recorded.
// Parameters and buttons: the panel type at the end of this file.
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <future>

#include "app/cnn/shared_session.h"
#include "app/i18n/number_text.h"
#include "app/files/figure_source.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_registry.h"
#include "app/profile/timeline_view.h"
#include "app/profile/timeline_works.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/profile/cupti_recorder.h"

namespace whygpu::app {
namespace {

using namespace timeline;

constexpr const char* kNone = "none";

// One recording on show.
struct Shown {
  const TimelineWork* work = nullptr;
  profile::Timeline timeline;
  bool loaded = false;
  bool live = false;        // recorded on this computer, now
  std::string problem;      // why there is nothing to show

  FigureSource source() const { return live ? FigureSource::this_computer() : FigureSource::recorded(timeline.run); }
};

struct LiveResult {
  std::vector<Status> status;
  std::vector<profile::Timeline> timelines;
};

// The two recordings shown on one time axis.
struct TimelineChoice {
  std::string work = "cnn-step";
  std::string compare = "cnn-step-graph";
};

// The panel's parameters, declared once: the lesson's and a script's `set`.
const PanelFields<TimelineChoice>& timeline_fields() {
  using C = TimelineChoice;
  static const PanelFields<C> fields = [] {
    std::vector<std::string> compare = {kNone};
    for (const std::string& k : timeline_work_keys()) compare.push_back(k);
    return PanelFields<C>{{
        choice_field("work", &C::work, timeline_work_keys(), "the recording on top"),
        choice_field("compare", &C::compare, std::move(compare), "the recording beside it, on the same time axis"),
    }};
  }();
  return fields;
}

class TimelinePanel final : public Panel {
 public:
  TimelinePanel(const std::string& work, const std::string& compare) {
    // Whether this computer can record: a GPU, and CUPTI that loads. Asked once, on a
    // thread of its own: loading CUPTI took the first frame of the page 600 ms on an H100.
    live_check_ = std::async(std::launch::async, []() -> std::string {
      if (!gpu_info().available) return fill(tr("no CUDA device here ({0})"), {translated(gpu_info().unavailable_reason)});
      if (Status s = profile::timeline_recording_available(); !s) return translated(s);
      return "";
    });
    choose(work, compare);
  }

  ~TimelinePanel() override {
    if (job_.valid()) job_.wait();
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    TimelineChoice wanted{work_key(), compare_key()};
    if (Status s = timeline_fields().set(key, value, &wanted); !s) return s;
    choose(wanted.work, wanted.compare);
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<TimelinePanel>& buttons() {
    using P = TimelinePanel;
    static const PanelButtons<P> table{
        {"record", "record the chosen works on this computer's GPU; PyTorch's step stays the recorded one",
         [](P& p) { return p.record(); }},
        {"fit", "show each step whole", [](P& p) { p.view_.fit(); }},
    };
    return table;
  }

  // Records the chosen works on this computer's GPU.
  Status record() {
    if (live_check_.valid()) live_check_.wait();  // a script pressed Record before the check was done
    take_live_check();
    if (busy()) return Status::error(tr("a recording is already under way"));
    if (!live_problem_.empty()) return Status::error(fill(tr("cannot record here: {0}"), {live_problem_}));
    record_live_now();
    return Status::ok();
  }

  bool busy() const override { return job_.valid(); }

  bool result(const std::string& name, PanelResult* out) const override {
    if (busy()) return false;
    const Shown* eager = nullptr;
    const Shown* graph = nullptr;
    for (const Shown& s : shown_) {
      if (!s.loaded) continue;
      const Shown*& slot = launched_as_graph(s.timeline) ? graph : eager;
      if (!slot) slot = &s;
    }
    if (name == "idle_share") {
      const Shown* s = eager ? eager : graph;
      if (!s) return false;
      const profile::IdleSummary summary = profile::summarize_idle(s->timeline);
      if (summary.span_ns <= 0) return false;
      out->value = 100.0 * summary.idle_fraction();
      out->text = s->source().after(fill(tr("{0}% of {1} ({2} of {3})"),
                                         {decimal_text(out->value, 0), tr(s->work->phrase),
                                          profile::format_duration_ns(summary.idle_ns),
                                          profile::format_duration_ns(summary.span_ns)}));
      return true;
    }
    if (name == "graph_speedup") {
      if (!eager || !graph || eager->work->step.empty() || eager->work->step != graph->work->step) return false;
      out->value = graph_speedup(eager->timeline, graph->timeline);
      if (!std::isfinite(out->value)) return false;
      out->text = graph->source().after(
          fill(tr("{0} times faster as one CUDA graph: {1} launched kernel by kernel, {2} as a graph"),
               {decimal_text(out->value, 2), profile::format_duration_ns(step_ns(eager->timeline)),
                profile::format_duration_ns(step_ns(graph->timeline))}));
      return true;
    }
    return false;
  }

  void draw(const FrameContext& frame) override {
    take_live_check();
    poll();
    draw_controls();
    std::vector<Track> tracks;
    std::vector<TrackNote> notes;
    for (const Shown& s : shown_) {
      if (!s.loaded) continue;
      tracks.push_back({&s.timeline, tr(s.work->title)});
      const profile::IdleSummary summary = profile::summarize_idle(s.timeline);
      TrackNote note;
      note.summary = translated(profile::idle_sentence(summary, Wording::sentence(N_("the step")))) + "; " +
                     fill(tr_n("{0} kernel, {1} CUDA calls on the CPU", "{0} kernels, {1} CUDA calls on the CPU",
                               static_cast<unsigned long>(summary.kernels)),
                          {std::to_string(summary.kernels), std::to_string(summary.host_calls)});
      const FigureSource source = s.source();
      note.origin = source.faded() ? recorded_label(s.timeline, true)
                                   : fill(tr("recorded live on this computer's GPU, {0}"), {s.timeline.run.gpu_name});
      note.recorded = source.faded();
      notes.push_back(std::move(note));
    }
    for (const Shown& s : shown_)
      if (!s.problem.empty()) wrapped_text(std::string(tr(s.work->title)) + ": " + s.problem, palette().error);
    if (tracks.empty()) return;
    view_.draw("timeline", tracks, notes, frame.content_width, frame.font_scale,
               frame.fonts ? frame.fonts->strong : nullptr);
    draw_comparison(frame);
  }

 private:
  std::string work_key() const { return shown_.empty() ? "" : shown_[0].work->key; }
  std::string compare_key() const { return shown_.size() > 1 ? shown_[1].work->key : kNone; }

  // Shows the recordings of the chosen works; once the user has recorded here, records
  // the new choice here as well.
  void choose(const std::string& work, const std::string& compare) {
    if (busy()) job_.wait();
    std::vector<Shown> shown;
    for (const std::string& key : {work, compare}) {
      const TimelineWork* w = find_timeline_work(key);
      if (!w) continue;
      Shown s;
      s.work = w;
      if (Status st = load_recorded(*w, &s.timeline); st) s.loaded = true;
      else s.problem = fill(tr("the recording could not be read: {0}"), {translated(st)});
      shown.push_back(std::move(s));
    }
    shown_ = std::move(shown);
    view_.fit();
    if (recorded_here_) record_live_now();
  }

  void record_live_now() {
    if (!live_problem_.empty()) return;
    // Training in the background would put its own kernels into the recording.
    cnn_ui::SharedSession::pause_all_except({});
    std::vector<const TimelineWork*> works;
    for (const Shown& s : shown_) works.push_back(s.work);
    recorded_here_ = true;
    job_ = std::async(std::launch::async, [works] {
      LiveResult r;
      for (const TimelineWork* w : works) {
        profile::Timeline t;
        r.status.push_back(w->live_work.empty() ? Status::ok() : record_live(*w, &t));
        r.timelines.push_back(std::move(t));
      }
      return r;
    });
  }

  void poll() {
    if (!job_.valid() || job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    LiveResult r = job_.get();
    for (std::size_t i = 0; i < shown_.size() && i < r.status.size(); ++i) {
      Shown& s = shown_[i];
      if (s.work->live_work.empty()) continue;  // PyTorch's step stays the recorded one
      if (!r.status[i]) {
        s.problem = fill(tr("recording here failed: {0} (the recording from the GPU machine is shown)"), {translated(r.status[i])});
        continue;
      }
      s.timeline = std::move(r.timelines[i]);
      s.loaded = s.live = true;
      s.problem.clear();
    }
    view_.fit();
  }

  void draw_controls() {
    const std::vector<TimelineWork>& works = timeline_works();
    auto combo = [&](const char* label, const std::string& current, bool with_none, float width) {
      std::string chosen = current;
      const TimelineWork* w = find_timeline_work(current);
      ImGui::SetNextItemWidth(width);
      if (ImGui::BeginCombo(label, w ? tr(w->title) : tr("nothing"))) {
        if (with_none && ImGui::Selectable(tr_id("nothing").c_str(), current == kNone)) chosen = kNone;
        for (const TimelineWork& option : works)
          if (ImGui::Selectable((std::string(tr(option.title)) + "###" + option.key).c_str(), option.key == current)) chosen = option.key;
        ImGui::EndCombo();
      }
      return chosen;
    };
    // Side by side where they fit, one under the other at projector scale.
    const float available = ImGui::GetContentRegionAvail().x;
    const float beside_width = ImGui::CalcTextSize(tr("beside")).x + 2 * ImGui::GetStyle().ItemSpacing.x;
    const bool stacked = 2 * 14.0f * ImGui::GetFontSize() + beside_width > available;
    const float width = stacked ? std::min(available, 20.0f * ImGui::GetFontSize())
                                : std::min(18.0f * ImGui::GetFontSize(), (available - beside_width) / 2);
    ImGui::BeginDisabled(busy());
    const std::string work = combo("##work", work_key(), false, width);
    if (!stacked) ImGui::SameLine();
    ImGui::TextUnformatted(tr("beside"));
    if (!stacked) ImGui::SameLine();
    const std::string compare = combo("##compare", compare_key(), true, width);
    if (work != work_key() || compare != compare_key()) choose(work, compare);
    const char* record = recorded_here_ ? tr("Record again") : tr("Record on this GPU");
    if (!stacked) same_line_if_fits(button_width(record));
    ImGui::BeginDisabled(!live_problem_.empty());
    if (ImGui::Button(record)) record_live_now();
    ImGui::EndDisabled();
    same_line_if_fits(button_width(tr("Fit")));
    if (ImGui::Button(tr_id("Fit").c_str())) view_.fit();
    ImGui::EndDisabled();
    if (busy() && same_line_if_fits(text_width(tr("recording on the GPU..."))))
      ImGui::TextDisabled("%s", tr("recording on the GPU..."));
    if (!live_problem_.empty() && !live_check_.valid())
      wrapped_text(fill(tr("Showing the recordings made on the GPU machine: this computer cannot record ({0})."),
                        {live_problem_}),
              palette().warning);
  }

  // The sentence the lesson is about, under the lanes.
  void draw_comparison(const FrameContext& frame) {
    if (shown_.size() < 2 || !shown_[0].loaded || !shown_[1].loaded) return;
    const Shown& a = shown_[0];
    const Shown& b = shown_[1];
    const bool same_step = !a.work->step.empty() && a.work->step == b.work->step;
    ImGui::Spacing();
    if (frame.fonts) ImGui::PushFont(frame.fonts->heading2);
    wrapped_text_unformatted(idle_comparison(a.timeline, tr(a.work->phrase), b.timeline, tr(b.work->phrase), same_step));
    if (frame.fonts) ImGui::PopFont();
    PanelResult speedup;
    if (result("graph_speedup", &speedup))
      wrapped_text_unformatted(fill(tr("The step ran {0}."), {speedup.text}));
  }

  std::vector<Shown> shown_;
  TimelineView view_;
  // Moves the check's answer into live_problem_ once it is there.
  void take_live_check() {
    if (live_check_.valid() && live_check_.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
      live_problem_ = live_check_.get();
  }

  std::future<std::string> live_check_;
  std::string live_problem_ = tr("still checking for a GPU and CUPTI");  // empty: this computer can record
  bool recorded_here_ = false;
  std::future<LiveResult> job_;
};

}  // namespace

const PanelType& timeline_panel_type() {
  static const PanelType type = {
      "timeline",
      N_("one piece of GPU work kernel by kernel (CUPTI), beside another on one time axis: CPU launches above, GPU "
      "below, idle gaps summed"),
      timeline_fields().table(),
      TimelinePanel::buttons().specs(),
      [](const PanelParams& p, std::string*) -> std::unique_ptr<Panel> {
        const TimelineChoice o = timeline_fields().options(p);
        return std::make_unique<TimelinePanel>(o.work, o.compare);
      },
      {"record", "record"},
      {{"idle_share", "%", "the share of the eager step's GPU span in which no kernel, copy or memset ran"},
       {"graph_speedup", "times", "how many times faster the step ran as one CUDA graph than launched kernel by kernel"}}};
  return type;
}

}  // namespace whygpu::app

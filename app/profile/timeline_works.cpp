#include "app/profile/timeline_works.h"

#include "app/files/file_locations.h"
#include "compute/core/translation_marker.h"
#include "compute/profile/timeline_json.h"
#include "compute/profile/work.h"

namespace whygpu::app::timeline {

const std::vector<TimelineWork>& timeline_works() {
  static const std::vector<TimelineWork> works = {
      {"cnn-step", N_("Our CNN step, eager"), N_("our eager CNN step"), "cnn-step.json", "cnn-step", 1, "cnn"},
      {"cnn-step-graph", N_("Our CNN step as one CUDA graph"), N_("our graphed CNN step"), "cnn-step-graph.json", "cnn-step-graph", 1, "cnn"},
      {"lstm-step-eager", N_("Our LSTM step, eager"), N_("our eager LSTM step"), "lstm-step-eager.json", "lstm-step-eager", 1, "lstm"},
      {"lstm-step", N_("Our LSTM step as one CUDA graph"), N_("our graphed LSTM step"), "lstm-step.json", "lstm-step", 1, "lstm"},
      {"pytorch-cnn-step", N_("PyTorch's CNN step, eager"), N_("PyTorch's eager CNN step"), "pytorch-cnn-step.json", "", 1, "pytorch-cnn"},
      {"pytorch-cnn-step-graph", N_("PyTorch's CNN step as one CUDA graph"), N_("PyTorch's graphed CNN step"), "pytorch-cnn-step-graph.json", "", 1,
       "pytorch-cnn"},
      {"vector-add", N_("Vector add with its copies"), N_("the vector add"), "vector-add.json", "vector-add", 1, ""},
      {"matmul", N_("One matmul (n = 2048)"), N_("one matmul"), "matmul.json", "matmul", 1, ""},
      {"matmul-x10", N_("Ten matmuls back to back (n = 2048)"), N_("ten matmuls"), "matmul-x10.json", "matmul", 10, ""},
  };
  return works;
}

std::vector<std::string> timeline_work_keys() {
  std::vector<std::string> keys;
  for (const TimelineWork& w : timeline_works()) keys.push_back(w.key);
  return keys;
}

const TimelineWork* find_timeline_work(const std::string& key) {
  for (const TimelineWork& w : timeline_works())
    if (w.key == key) return &w;
  return nullptr;
}

std::string recordings_folder() { return shipped_path("assets/reference/timelines"); }

Status load_recorded(const TimelineWork& work, profile::Timeline* out) {
  return profile::load_timeline(recordings_folder() + "/" + work.file, out);
}

Status record_live(const TimelineWork& work, profile::Timeline* out) {
  if (work.live_work.empty()) return Status::error(work.title + " can only be shown as recorded (it runs in Python)");
  profile::WorkOptions options;
  options.matmul_repeats = work.repeats;
  return profile::record_work(work.live_work, options, "whygpu app: timeline panel, " + work.key, out);
}

}  // namespace whygpu::app::timeline

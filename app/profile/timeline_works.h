#pragma once
// The recordings the timeline panel offers: our own works (recorded live through
// compute/profile/work.h where there is a GPU with CUPTI) and the PyTorch peer's CNN step
// (recorded once with torch.profiler on the GPU machine; never live here), each with the
// file in assets/reference/timelines/ that stands in for it on other computers.
#include <string>
#include <vector>

#include "compute/core/status.h"
#include "compute/profile/timeline.h"

namespace whygpu::app::timeline {

struct TimelineWork {
  std::string key;        // the panel's parameter value: "cnn-step"
  std::string title;      // "Our CNN step, eager"
  std::string phrase;     // the same inside a sentence: "our eager CNN step"
  std::string file;       // in the recordings folder: "cnn-step.json"
  std::string live_work;  // compute/profile/work.h key; empty: only ever recorded (PyTorch)
  int repeats = 1;        // matmul: products back to back
  // Recordings of the same step launched two ways share this ("cnn", "lstm",
  // "pytorch-cnn"); empty for works that have no graphed twin.
  std::string step;
};

const std::vector<TimelineWork>& timeline_works();
std::vector<std::string> timeline_work_keys();
const TimelineWork* find_timeline_work(const std::string& key);

// assets/reference/timelines, found as every shipped file is (app/files/file_locations.h).
std::string recordings_folder();

// The recording shipped for `work`; errors name the file and what is wrong with it.
Status load_recorded(const TimelineWork& work, profile::Timeline* out);

// Records `work` on this computer's GPU (blocks: call it off the UI thread).
Status record_live(const TimelineWork& work, profile::Timeline* out);

}  // namespace whygpu::app::timeline

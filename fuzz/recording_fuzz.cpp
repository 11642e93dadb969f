// Recordings (assets/reference/**.json, bench results): the input is read as every kind
// of recording, through the reader its loader uses. Whatever it holds, reading returns a
// Status (no exception, no crash, no hang), and a recording that reads is written again
// and reads back.
#include <string>

#include "compute/bench/bench_format.h"
#include "compute/bench/reference_data.h"
#include "compute/cnn/answers_recording.h"
#include "compute/cnn/data_parallel_scaling.h"
#include "compute/cnn/inference_sweep.h"
#include "compute/cnn/race_recording.h"
#include "compute/dense_layer/dense_recording.h"
#include "compute/grid/grid_recording.h"
#include "compute/host_program/host_recording.h"
#include "compute/kernel_lab/lab_recording.h"
#include "compute/lstm/step_recording.h"
#include "compute/pipeline/pipeline_recording.h"
#include "compute/precision/precision_recording.h"
#include "compute/profile/timeline_json.h"
#include "compute/vitals/vitals_trace.h"
#include "fuzz/fuzz_input.h"

namespace {

using namespace whygpu;

template <typename T>
void read_as(const bench::Json& doc, const bench::RecordingKind& kind) {
  T value;
  if (!bench::read_recording(doc, kind, &value)) return;
  T again;
  fuzz::check(bench::parse_recording(bench::recording_text(kind, value), kind, &again).is_ok(),
              "a recording that reads is written again and reads back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bench::Json doc;
  if (!bench::parse_json(fuzz::as_text(data, size), &doc)) return 0;
  read_as<bench::ReferenceData>(doc, bench::kBenchRecording);
  read_as<dense_layer::DenseRecording>(doc, dense_layer::kDenseRecording);
  read_as<pipeline::PipelineRecording>(doc, pipeline::kPipelineRecording);
  read_as<host_program::HostRecording>(doc, host_program::kHostRecording);
  read_as<precision::PrecisionRecording>(doc, precision::kPrecisionRecording);
  read_as<cnn::InferenceRecording>(doc, cnn::kInferenceRecording);
  read_as<profile::Timeline>(doc, profile::kTimelineRecording);
  read_as<vitals::VitalsTrace>(doc, vitals::kVitalsRecording);
  read_as<grid::GridRecording>(doc, grid::kGridRecording);
  read_as<cnn::RaceRecording>(doc, cnn::kRaceRecording);
  read_as<kernel_lab::LabRecording>(doc, kernel_lab::kLabRecording);
  read_as<lstm::StepRecording>(doc, lstm::kStepRecording);
  read_as<cnn::AnswersRecording>(doc, cnn::kAnswersRecording);
  read_as<cnn::DataParallelRecording>(doc, cnn::kDataParallelRecording);
  return 0;
}

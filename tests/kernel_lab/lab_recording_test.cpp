// The kernel lab's recording: what it runs, its file read back, finding a try by the
// editor's code and sizes, and the one-line summaries the panel shows. The reports here
// are made up for the test; real ones come from `whygpu record` on a GPU machine.
#include <gtest/gtest.h>

#include "compute/bench/json.h"
#include "compute/kernel_lab/exercise.h"
#include "compute/kernel_lab/lab_recording.h"
#include "compute/kernel_lab/problem.h"

namespace whygpu::kernel_lab {
namespace {

TEST(LabRecording, ThePlanRunsEveryStarterAndTheLessonsExperiments) {
  const std::vector<RecordedTry> plan = lab_recording_plan();
  ASSERT_EQ(plan.size(), exercises().size() + 2);
  for (std::size_t i = 0; i < exercises().size(); ++i) {
    EXPECT_EQ(plan[i].request.exercise, exercises()[i].key);
    EXPECT_EQ(plan[i].request.source, exercises()[i].starter);
  }
  const LabRequest matrix = starting_request(*find_exercise("matrix-add"));
  EXPECT_EQ(matrix.block, 32);
  EXPECT_EQ(matrix.block_y, 8);
  EXPECT_EQ(matrix.width * matrix.height, 600000);
  const RecordedTry& wide = plan[exercises().size()];
  EXPECT_EQ(wide.request.block, 2000);
  const RecordedTry& unguarded = plan.back();
  EXPECT_EQ(unguarded.request.n, 1000);
  EXPECT_EQ(unguarded.request.source.find("if (i < n)"), std::string::npos);
  EXPECT_NE(unguarded.request.source.find("\n  c[i] = a[i] + b[i];"), std::string::npos) << unguarded.request.source;
}

LabReport made_up_report(long long wrong) {
  LabReport r;
  r.compiled = true;
  r.target = std::string("sm_90");  // moved in: GCC 12 warns wrongly (-Wrestrict) on assigning a literal here
  r.run = RunState::Ran;
  r.launch = std::string("my_kernel<<<3907, 256>>>");
  r.output = std::string("c");
  r.checked = 1000000;
  r.wrong = wrong;
  r.first_wrong = wrong ? 256 : -1;
  r.time.repeats = 20;
  r.time.median_ms = 0.0123;
  r.gbytes_per_s = 975.0;
  return r;
}

TEST(LabRecording, SummariesSayWhatTheGpuGave) {
  EXPECT_EQ(summarize(made_up_report(0)).english(), "all 1000000 outputs right; 0.0123 ms (median of 20), 975 GB/s");
  EXPECT_EQ(summarize(made_up_report(999744)).english(),
            "999744 of 1000000 outputs wrong, the first c[256]; 0.0123 ms (median of 20)");
  LabReport refused;
  refused.run = RunState::Refused;
  refused.message = "cudaErrorInvalidValue: invalid argument";
  EXPECT_EQ(summarize(refused).english(), "refused: cudaErrorInvalidValue: invalid argument");
}

TEST(LabRecording, RoundTripsAndFindsTheTryOfTheEditorsCode) {
  LabRecording rec;
  rec.run.gpu_name = "Test GPU";
  rec.tries = lab_recording_plan();
  for (RecordedTry& t : rec.tries) t.report = made_up_report(t.request.exercise == "add" ? 0 : 5);
  LabRecording back;
  ASSERT_TRUE(bench::parse_recording(bench::recording_text(kLabRecording, rec), kLabRecording, &back));
  EXPECT_EQ(back.run.gpu_name, "Test GPU");
  ASSERT_EQ(back.tries.size(), rec.tries.size());
  EXPECT_EQ(back.tries[1].report.wrong, 5);
  EXPECT_EQ(back.tries[1].report.launch, "my_kernel<<<3907, 256>>>");

  LabRequest asked = starting_request(*find_exercise("relu"));
  asked.engine = Engine::Simulator;  // where it runs is not part of the match
  const RecordedTry* found = back.find(asked);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->request.exercise, "relu");
  asked.n = 999;
  EXPECT_EQ(back.find(asked), nullptr);
  // The code decides, not the comments: the editor's are in the page's language.
  asked = starting_request(*find_exercise("relu"));
  asked.source = source_text(find_exercise("relu")->starter_parts, [](const char*) { return "ReLU :\nc[i] = max(a[i], 0)"; });
  ASSERT_NE(asked.source, find_exercise("relu")->starter);
  EXPECT_NE(back.find(asked), nullptr);
  asked.source.replace(asked.source.find("c[i] = a[i];"), 12, "c[i] = fmaxf(a[i], 0.0f);");
  EXPECT_EQ(back.find(asked), nullptr);
  // A matrix exercise matches by its width, height and block, whatever n says.
  LabRequest matrix = starting_request(*find_exercise("matrix-add"));
  matrix.n = 5;
  EXPECT_NE(back.find(matrix), nullptr);
  matrix.block_y = 4;
  EXPECT_EQ(back.find(matrix), nullptr);
}

}  // namespace
}  // namespace whygpu::kernel_lab

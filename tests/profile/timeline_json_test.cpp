#include "compute/profile/timeline_json.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "compute/profile/timeline_format.h"
#include "tests/cnn/temp_dir.h"
#include "tests/profile/synthetic_timeline.h"

namespace whygpu::profile {
namespace {

using testing::add;

// One of everything, with values that differ from the defaults.
Timeline full_timeline() {
  Timeline t = testing::two_lane_timeline();
  t.work = "cnn-step";
  t.description = Wording::sentence("one training step of the MNIST CNN, batch {0}, kernels launched one by one", {"64"});
  t.source = "whygpu, CUPTI 130001";
  t.run.date_utc = "2026-11-24T10:11:12Z";
  t.run.command = "whygpu bench timeline --work cnn-step --json x.json";
  t.run.gpu_available = true;
  t.run.gpu_name = "NVIDIA H100 80GB HBM3";
  t.run.nvidia_driver = "580.159.04";
  t.run.cuda_driver = "13.0";
  t.work_begin_ns = 0;
  t.work_end_ns = 987654321;
  t.dropped_records = 3;
  add(&t, ItemKind::HostCall, 0, "cudaLaunchKernel", 10, 25, 41);
  TimelineItem& k = add(&t, ItemKind::Kernel, 1, "void conv<32>(float const*, float*)", 1234567890123, 1234567899999, 41);
  k.grid[0] = 72, k.grid[1] = 3, k.grid[2] = 2;
  k.block[0] = 256, k.block[1] = 1, k.block[2] = 1;
  k.registers_per_thread = 40;
  k.static_shared_bytes = 4096;
  k.dynamic_shared_bytes = 18432;
  k.in_graph = true;
  TimelineItem& c = add(&t, ItemKind::Memcpy, 1, "memcpy HtoD", 30, 5000, 42);
  c.bytes = 67108864;
  c.copy_kind = "HtoD";
  c.source_memory = "pageable";
  c.destination_memory = "device";
  TimelineItem& m = add(&t, ItemKind::Memset, 1, "memset", 6000, 6100, 43);
  m.bytes = 372488;
  normalize(&t);  // as recorded ones are
  return t;
}

void expect_same(const Timeline& a, const Timeline& b) {
  EXPECT_EQ(a.work, b.work);
  EXPECT_EQ(a.description, b.description);
  EXPECT_EQ(a.source, b.source);
  EXPECT_EQ(a.run.date_utc, b.run.date_utc);
  EXPECT_EQ(a.run.command, b.run.command);
  EXPECT_EQ(a.run.gpu_name, b.run.gpu_name);
  EXPECT_EQ(a.run.nvidia_driver, b.run.nvidia_driver);
  EXPECT_EQ(a.run.gpu_available, b.run.gpu_available);
  EXPECT_EQ(a.work_begin_ns, b.work_begin_ns);
  EXPECT_EQ(a.work_end_ns, b.work_end_ns);
  EXPECT_EQ(a.dropped_records, b.dropped_records);
  ASSERT_EQ(a.lanes.size(), b.lanes.size());
  for (std::size_t i = 0; i < a.lanes.size(); ++i) {
    EXPECT_EQ(a.lanes[i].kind, b.lanes[i].kind);
    EXPECT_EQ(a.lanes[i].id, b.lanes[i].id);
    EXPECT_EQ(a.lanes[i].name, b.lanes[i].name);
  }
  ASSERT_EQ(a.items.size(), b.items.size());
  for (std::size_t i = 0; i < a.items.size(); ++i) {
    const TimelineItem& x = a.items[i];
    const TimelineItem& y = b.items[i];
    SCOPED_TRACE("item " + std::to_string(i));
    EXPECT_EQ(x.kind, y.kind);
    EXPECT_EQ(x.lane, y.lane);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.start_ns, y.start_ns);
    EXPECT_EQ(x.end_ns, y.end_ns);
    EXPECT_EQ(x.correlation, y.correlation);
    EXPECT_EQ(x.in_graph, y.in_graph);
    for (int d = 0; d < 3; ++d) {
      EXPECT_EQ(x.grid[d], y.grid[d]);
      EXPECT_EQ(x.block[d], y.block[d]);
    }
    EXPECT_EQ(x.registers_per_thread, y.registers_per_thread);
    EXPECT_EQ(x.static_shared_bytes, y.static_shared_bytes);
    EXPECT_EQ(x.dynamic_shared_bytes, y.dynamic_shared_bytes);
    EXPECT_EQ(x.bytes, y.bytes);
    EXPECT_EQ(x.copy_kind, y.copy_kind);
    EXPECT_EQ(x.source_memory, y.source_memory);
    EXPECT_EQ(x.destination_memory, y.destination_memory);
  }
}

TEST(TimelineJson, SavedAndLoadedTimelinesAreTheSame) {
  cnn::testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const Timeline original = full_timeline();
  const std::string path = dir.file("step.json");
  ASSERT_TRUE(save_timeline(original, path));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  Timeline loaded;
  const Status s = load_timeline(path, &loaded);
  ASSERT_TRUE(s) << s.message();
  expect_same(original, loaded);
  // And the figures read off it.
  EXPECT_EQ(summarize_idle(loaded).idle_ns, summarize_idle(original).idle_ns);
  EXPECT_EQ(format_timeline(loaded), format_timeline(original));
}

TEST(TimelineJson, ItemsOutOfOrderAreSortedOnLoading) {
  Timeline t = testing::two_lane_timeline();
  add(&t, ItemKind::Kernel, 1, "second", 50, 60);
  add(&t, ItemKind::HostCall, 0, "call", 0, 5);
  add(&t, ItemKind::Kernel, 1, "first", 10, 20);
  Timeline loaded;
  ASSERT_TRUE(parse_timeline(bench::recording_text(kTimelineRecording, t), &loaded));
  ASSERT_EQ(loaded.items.size(), 3u);
  EXPECT_EQ(loaded.items[0].name, "call");
  EXPECT_EQ(loaded.items[1].name, "first");
  EXPECT_EQ(loaded.items[2].name, "second");
}

TEST(TimelineJson, TheFileNamesItsFormat) {
  const std::string text = bench::recording_text(kTimelineRecording, full_timeline());
  EXPECT_NE(text.find("\"format\": \"whygpu-timeline\""), std::string::npos);
  EXPECT_NE(text.find("\"format_version\": 1"), std::string::npos);
}

Status parse_with(const std::string& from, const std::string& to, Timeline* out) {
  std::string text = bench::recording_text(kTimelineRecording, full_timeline());
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return parse_timeline(text, out);
}

TEST(TimelineJson, DamagedFilesAreRefusedWithAReason) {
  Timeline t;
  struct Case {
    const char* from;
    const char* to;
    const char* expected;
  };
  const Case cases[] = {
      {"\"format\": \"whygpu-timeline\"", "\"format\": \"whygpu-bench\"", "not a whygpu timeline"},
      {"\"format_version\": 1", "\"format_version\": 7", "format version 7"},
      {"\"lanes\": [", "\"lanes_gone\": [", "field 'lanes': missing"},
      {"\"lane\": 1,", "\"lane\": 5,", "field 'items[1].lane': not one of the 2 lanes"},
      {"\"end_ns\": 25", "\"end_ns\": 5", "field 'items[0].end_ns': ends before it starts"},
      {"\"kind\": \"memset\"", "\"kind\": \"teleport\"", "field 'items[2].kind': not a kind of item"},
      {"\"start_ns\": 30", "\"start_ns\": 30.5", "field 'items[1].start_ns': expected a whole number"},
      {"\"kind\": \"host\"", "\"kind\": \"cloud\"", "field 'lanes[0]': its kind is neither"},
  };
  for (const Case& c : cases) {
    const Status s = parse_with(c.from, c.to, &t);
    ASSERT_FALSE(s) << c.from;
    EXPECT_NE(s.message().find(c.expected), std::string::npos) << s.message();
  }
  EXPECT_FALSE(parse_timeline("{ not json", &t));
}

// The description travels as its words, so that a recording made in English reads in the
// page's language; the English stays beside them, and another tool's plain description
// (no words) is read as written.
TEST(TimelineJson, TheDescriptionTravelsAsASentenceBesideItsEnglish) {
  const std::string text = bench::recording_text(kTimelineRecording, full_timeline());
  EXPECT_NE(text.find("\"description\": \"one training step of the MNIST CNN, batch 64, kernels launched one by one\""),
            std::string::npos);
  EXPECT_NE(text.find("\"pattern\": \"one training step of the MNIST CNN, batch {0}, kernels launched one by one\""),
            std::string::npos);
  Timeline plain;
  const Status s = parse_with("\"description_words\"", "\"unknown_words\"", &plain);
  ASSERT_TRUE(s) << s.message();
  EXPECT_FALSE(plain.description.is_sentence);
  EXPECT_EQ(plain.description.english(), "one training step of the MNIST CNN, batch 64, kernels launched one by one");
}

TEST(TimelineJson, ADescriptionNestedDeeperThanWhygpuWritesIsRefused) {
  Timeline t = full_timeline();
  Wording deep = Wording::sentence("x");
  for (int i = 0; i < 4; ++i) deep = Wording::sentence("({0})", {deep});
  t.description = deep;
  Timeline loaded;
  const Status s = parse_timeline(bench::recording_text(kTimelineRecording, t), &loaded);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("description_words"), std::string::npos) << s.message();
}

TEST(TimelineJson, AMissingFileNamesIt) {
  Timeline t;
  const Status s = load_timeline("/nonexistent/whygpu/step.json", &t);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/nonexistent/whygpu/step.json"), std::string::npos) << s.message();
}

TEST(TimelineJson, SavingIntoAMissingFolderFailsWithoutLeavingAFile) {
  const Status s = save_timeline(full_timeline(), "/nonexistent/whygpu/step.json");
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("cannot create"), std::string::npos) << s.message();
}

TEST(TimelineFormat, TheTableShowsLanesDetailsTotalsAndIdleTime) {
  const std::string text = format_timeline(full_timeline());
  EXPECT_NE(text.find("stream 13"), std::string::npos) << text;
  EXPECT_NE(text.find("conv<32>  (grid 72x3x2, block 256x1x1, 40 registers, shared 4096 + 18432 bytes, in a graph)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("cudaLaunchKernel  (queued 1 GPU item)"), std::string::npos) << text;
  EXPECT_NE(text.find("64.0 MiB pageable -> device"), std::string::npos) << text;
  EXPECT_NE(text.find("WARNING: 3 records were lost"), std::string::npos) << text;
  EXPECT_NE(text.find("kernels by total time"), std::string::npos) << text;
  EXPECT_NE(text.find("GPU idle "), std::string::npos) << text;
}

TEST(TimelineFormat, LongLanesCanBeCut) {
  Timeline t = testing::two_lane_timeline();
  for (int i = 0; i < 10; ++i) add(&t, ItemKind::Kernel, 1, "k", i * 10, i * 10 + 5);
  const std::string text = format_timeline(t, 4);
  EXPECT_NE(text.find("... and 6 more"), std::string::npos) << text;
}

}  // namespace
}  // namespace whygpu::profile

#include "compute/profile/timeline_json.h"

#include <algorithm>

#include "compute/bench/wording_json.h"
#include "compute/core/enum_keys.h"

namespace whygpu::profile {

namespace {

constexpr EnumKey<LaneKind> kLaneKindKeys[] = {{LaneKind::HostThread, "host"}, {LaneKind::GpuStream, "stream"}};
constexpr EnumKey<ItemKind> kItemKindKeys[] = {
    {ItemKind::HostCall, "host-call"}, {ItemKind::Kernel, "kernel"}, {ItemKind::Memcpy, "memcpy"}, {ItemKind::Memset, "memset"}};

void put_triple(bench::Json& j, const char* key, const int v[3]) { j[key] = {v[0], v[1], v[2]}; }

void get_triple(const bench::Json& j, const char* key, int out[3]) {
  const auto v = j.at(key).get<std::vector<int>>();
  if (v.size() != 3) bench::reject(j.at(key), "expected an array of three numbers");
  std::copy(v.begin(), v.end(), out);
}

}  // namespace

void to_json(bench::Json& j, const TimelineItem& item) {
  j = {{"kind", key_of(kItemKindKeys, item.kind)}, {"lane", item.lane}, {"name", item.name},
       {"start_ns", item.start_ns}, {"end_ns", item.end_ns}};
  if (item.correlation) j["correlation"] = item.correlation;
  if (item.on_gpu()) j["in_graph"] = item.in_graph;
  if (item.kind == ItemKind::Kernel) {
    put_triple(j, "grid", item.grid);
    put_triple(j, "block", item.block);
    j["registers_per_thread"] = item.registers_per_thread;
    j["static_shared_bytes"] = item.static_shared_bytes;
    j["dynamic_shared_bytes"] = item.dynamic_shared_bytes;
  }
  if (item.kind == ItemKind::Memcpy || item.kind == ItemKind::Memset) j["bytes"] = item.bytes;
  if (item.kind == ItemKind::Memcpy) {
    j["copy_kind"] = item.copy_kind;
    j["source_memory"] = item.source_memory;
    j["destination_memory"] = item.destination_memory;
  }
}

void from_json(const bench::Json& j, TimelineItem& out) {
  TimelineItem item;
  if (!value_of(kItemKindKeys, j.at("kind").get<std::string>(), &item.kind)) bench::reject(j.at("kind"), "not a kind of item");
  j.at("lane").get_to(item.lane);
  j.at("start_ns").get_to(item.start_ns);
  j.at("end_ns").get_to(item.end_ns);
  if (item.end_ns < item.start_ns) bench::reject(j.at("end_ns"), "ends before it starts");
  j.at("name").get_to(item.name);
  item.correlation = j.value("correlation", item.correlation);
  item.in_graph = j.value("in_graph", item.in_graph);
  if (item.kind == ItemKind::Kernel) {
    get_triple(j, "grid", item.grid);
    get_triple(j, "block", item.block);
    item.registers_per_thread = j.value("registers_per_thread", 0);
    item.static_shared_bytes = j.value("static_shared_bytes", 0);
    item.dynamic_shared_bytes = j.value("dynamic_shared_bytes", 0);
  }
  item.bytes = j.value("bytes", item.bytes);
  item.copy_kind = j.value("copy_kind", item.copy_kind);
  item.source_memory = j.value("source_memory", item.source_memory);
  item.destination_memory = j.value("destination_memory", item.destination_memory);
  out = std::move(item);
}

void to_json(bench::Json& j, const Lane& lane) {
  j = {{"kind", key_of(kLaneKindKeys, lane.kind)}, {"id", lane.id}, {"name", lane.name}};
}

void from_json(const bench::Json& j, Lane& lane) {
  LaneKind kind = LaneKind::HostThread;
  if (!value_of(kLaneKindKeys, j.value("kind", std::string()), &kind))
    bench::reject(j, "its kind is neither \"host\" nor \"stream\"");
  lane = {kind, j.value("id", std::uint64_t{0}), j.value("name", std::string())};
}

// The timeline's members under their own names (the run is the recording's, read apart).
#define WHYGPU_TIMELINE_MEMBERS work, source, work_begin_ns, work_end_ns, dropped_records, lanes, items

void to_json(bench::Json& j, const Timeline& t) {
  WHYGPU_JSON_WRITE_MEMBERS(j, t, WHYGPU_TIMELINE_MEMBERS);
  // The English for logs and older readers, and beside it what the interface translates.
  j["description"] = t.description.english();
  if (t.description.is_sentence) j["description_words"] = bench::wording_json(t.description);
}

void from_json(const bench::Json& j, Timeline& out) {
  Timeline t;
  bench::array_at(j, "lanes");  // required, as items are
  bench::array_at(j, "items");
  WHYGPU_JSON_READ_MEMBERS(j, t, WHYGPU_TIMELINE_MEMBERS);
  if (j.contains("description_words"))
    t.description = bench::wording_from_json(j.at("description_words"));
  else if (j.contains("description"))
    t.description = j.at("description").get<std::string>();  // another tool's file: shown as written
  for (std::size_t i = 0; i < t.items.size(); ++i)
    if (t.items[i].lane < 0 || t.items[i].lane >= static_cast<int>(t.lanes.size()))
      bench::reject(j["items"][i]["lane"], "not one of the " + std::to_string(t.lanes.size()) + " lanes");
  normalize(&t);  // files from other tools (the PyTorch peer's) need not list items in order
  out = std::move(t);
}

Status parse_timeline(std::string_view json_text, Timeline* out) {
  return bench::parse_recording(json_text, kTimelineRecording, out);
}

Status save_timeline(const Timeline& timeline, const std::string& path) {
  return bench::save_recording(path, kTimelineRecording, timeline);
}

Status load_timeline(const std::string& path, Timeline* out) {
  return bench::load_recording(path, kTimelineRecording, out);
}

}  // namespace whygpu::profile

#include "compute/profile/timeline_json.h"

#include <cmath>

#include "compute/bench/bench_format.h"
#include "compute/core/text_file.h"

namespace whygpu::profile {

using bench::JsonValue;

namespace {

const char* lane_kind_key(LaneKind kind) { return kind == LaneKind::HostThread ? "host" : "stream"; }

const char* item_kind_key(ItemKind kind) {
  switch (kind) {
    case ItemKind::HostCall: return "host-call";
    case ItemKind::Kernel: return "kernel";
    case ItemKind::Memcpy: return "memcpy";
    case ItemKind::Memset: return "memset";
  }
  return "?";
}

bool item_kind_from_key(const std::string& key, ItemKind* out) {
  for (ItemKind k : {ItemKind::HostCall, ItemKind::Kernel, ItemKind::Memcpy, ItemKind::Memset})
    if (key == item_kind_key(k)) {
      *out = k;
      return true;
    }
  return false;
}

JsonValue triple(const int v[3]) {
  JsonValue a = JsonValue::array();
  for (int i = 0; i < 3; ++i) a.push(JsonValue::number(v[i]));
  return a;
}

Status read_triple(const JsonValue& item, const char* key, int out[3]) {
  const JsonValue* a = item.find(key);
  if (!a || !a->is_array() || a->items().size() != 3) return Status::error(std::string("no ") + key + " of 3 numbers");
  for (int i = 0; i < 3; ++i) {
    if (!a->items()[i].is_number()) return Status::error(std::string(key) + " holds something other than a number");
    out[i] = static_cast<int>(a->items()[i].as_number());
  }
  return Status::ok();
}

// A whole number the field must have; `what` names it in the error.
Status read_integer(const JsonValue& object, const char* key, double* out) {
  const JsonValue* v = object.find(key);
  if (!v || !v->is_number()) return Status::error(std::string("no number ") + key);
  if (v->as_number() != std::floor(v->as_number())) return Status::error(std::string(key) + " is not a whole number");
  *out = v->as_number();
  return Status::ok();
}

JsonValue item_to_json(const TimelineItem& item) {
  JsonValue j = JsonValue::object();
  j.set("kind", JsonValue::string(item_kind_key(item.kind)));
  j.set("lane", JsonValue::number(item.lane));
  j.set("name", JsonValue::string(item.name));
  j.set("start_ns", JsonValue::number(static_cast<double>(item.start_ns)));
  j.set("end_ns", JsonValue::number(static_cast<double>(item.end_ns)));
  if (item.correlation) j.set("correlation", JsonValue::number(item.correlation));
  if (item.on_gpu()) j.set("in_graph", JsonValue::boolean(item.in_graph));
  if (item.kind == ItemKind::Kernel) {
    j.set("grid", triple(item.grid));
    j.set("block", triple(item.block));
    j.set("registers_per_thread", JsonValue::number(item.registers_per_thread));
    j.set("static_shared_bytes", JsonValue::number(item.static_shared_bytes));
    j.set("dynamic_shared_bytes", JsonValue::number(item.dynamic_shared_bytes));
  }
  if (item.kind == ItemKind::Memcpy || item.kind == ItemKind::Memset)
    j.set("bytes", JsonValue::number(static_cast<double>(item.bytes)));
  if (item.kind == ItemKind::Memcpy) {
    j.set("copy_kind", JsonValue::string(item.copy_kind));
    j.set("source_memory", JsonValue::string(item.source_memory));
    j.set("destination_memory", JsonValue::string(item.destination_memory));
  }
  return j;
}

Status item_from_json(const JsonValue& j, int lane_count, TimelineItem* out) {
  if (!j.is_object()) return Status::error("not an object");
  TimelineItem item;
  if (!item_kind_from_key(j.get_string("kind"), &item.kind))
    return Status::error("unknown kind \"" + j.get_string("kind") + "\"");
  double lane = 0, start = 0, end = 0;
  if (Status s = read_integer(j, "lane", &lane); !s) return s;
  if (Status s = read_integer(j, "start_ns", &start); !s) return s;
  if (Status s = read_integer(j, "end_ns", &end); !s) return s;
  if (lane < 0 || lane >= lane_count)
    return Status::error("lane " + std::to_string(static_cast<long long>(lane)) + " is not one of the " +
                         std::to_string(lane_count) + " lanes");
  if (end < start) return Status::error("ends before it starts");
  item.lane = static_cast<int>(lane);
  item.start_ns = static_cast<std::int64_t>(start);
  item.end_ns = static_cast<std::int64_t>(end);
  const JsonValue* name = j.find("name");
  if (!name || !name->is_string()) return Status::error("no name");
  item.name = name->as_string();
  item.correlation = static_cast<std::uint32_t>(j.get_number("correlation", 0));
  item.in_graph = j.get_bool("in_graph");
  if (item.kind == ItemKind::Kernel) {
    if (Status s = read_triple(j, "grid", item.grid); !s) return s;
    if (Status s = read_triple(j, "block", item.block); !s) return s;
    item.registers_per_thread = static_cast<int>(j.get_number("registers_per_thread"));
    item.static_shared_bytes = static_cast<int>(j.get_number("static_shared_bytes"));
    item.dynamic_shared_bytes = static_cast<int>(j.get_number("dynamic_shared_bytes"));
  }
  item.bytes = static_cast<std::uint64_t>(j.get_number("bytes"));
  item.copy_kind = j.get_string("copy_kind");
  item.source_memory = j.get_string("source_memory");
  item.destination_memory = j.get_string("destination_memory");
  *out = std::move(item);
  return Status::ok();
}

}  // namespace

JsonValue timeline_to_json(const Timeline& t) {
  JsonValue doc = bench::recording_header("whygpu-timeline", kTimelineFormatVersion, t.run);
  doc.set("work", JsonValue::string(t.work));
  doc.set("description", JsonValue::string(t.description));
  doc.set("source", JsonValue::string(t.source));
  doc.set("work_begin_ns", JsonValue::number(static_cast<double>(t.work_begin_ns)));
  doc.set("work_end_ns", JsonValue::number(static_cast<double>(t.work_end_ns)));
  doc.set("dropped_records", JsonValue::number(static_cast<double>(t.dropped_records)));
  JsonValue& lanes = doc.set("lanes", JsonValue::array());
  for (const Lane& lane : t.lanes) {
    JsonValue l = JsonValue::object();
    l.set("kind", JsonValue::string(lane_kind_key(lane.kind)));
    l.set("id", JsonValue::number(static_cast<double>(lane.id)));
    l.set("name", JsonValue::string(lane.name));
    lanes.push(std::move(l));
  }
  JsonValue& items = doc.set("items", JsonValue::array());
  for (const TimelineItem& item : t.items) items.push(item_to_json(item));
  return doc;
}

Status timeline_from_json(const JsonValue& doc, Timeline* out) {
  if (Status s = bench::check_document(doc, "whygpu-timeline", kTimelineFormatVersion, "whygpu timeline"); !s)
    return s;
  const JsonValue* lanes = doc.find("lanes");
  const JsonValue* items = doc.find("items");
  if (!lanes || !lanes->is_array()) return Status::error("the timeline has no \"lanes\" array");
  if (!items || !items->is_array()) return Status::error("the timeline has no \"items\" array");
  Timeline t;
  t.work = doc.get_string("work");
  t.description = doc.get_string("description");
  t.source = doc.get_string("source");
  if (Status s = bench::recording_run(doc, "timeline", &t.run); !s) return s;
  t.work_begin_ns = static_cast<std::int64_t>(doc.get_number("work_begin_ns"));
  t.work_end_ns = static_cast<std::int64_t>(doc.get_number("work_end_ns"));
  t.dropped_records = static_cast<std::uint64_t>(doc.get_number("dropped_records"));
  for (std::size_t i = 0; i < lanes->items().size(); ++i) {
    const JsonValue& l = lanes->items()[i];
    const std::string kind = l.get_string("kind");
    if (kind != "host" && kind != "stream")
      return Status::error("lane " + std::to_string(i) + ": kind is neither \"host\" nor \"stream\"");
    t.lanes.push_back({kind == "host" ? LaneKind::HostThread : LaneKind::GpuStream,
                       static_cast<std::uint64_t>(l.get_number("id")), l.get_string("name")});
  }
  for (std::size_t i = 0; i < items->items().size(); ++i) {
    TimelineItem item;
    if (Status s = item_from_json(items->items()[i], static_cast<int>(t.lanes.size()), &item); !s)
      return s.with_context("item " + std::to_string(i));
    t.items.push_back(std::move(item));
  }
  normalize(&t);  // files from other tools (the PyTorch peer's) need not list items in order
  *out = std::move(t);
  return Status::ok();
}

Status parse_timeline(std::string_view json_text, Timeline* out) {
  JsonValue doc;
  if (Status s = bench::parse_json(json_text, &doc); !s) return s;
  return timeline_from_json(doc, out);
}

Status save_timeline(const Timeline& timeline, const std::string& path) {
  return write_file_atomically(path, timeline_to_json(timeline).dump());
}

Status load_timeline(const std::string& path, Timeline* out) {
  std::string text;
  if (Status s = read_text_file(path, &text); !s) return s;
  return parse_timeline(text, out).with_context(path);
}

}  // namespace whygpu::profile

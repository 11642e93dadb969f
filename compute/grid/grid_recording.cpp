#include "compute/grid/grid_recording.h"

#include <algorithm>

#include "compute/bench/bench_format.h"
#include "compute/bench/recording_file.h"
#include "compute/core/gpu_info.h"

namespace whygpu::grid {
namespace {

using bench::JsonValue;

JsonValue number(double v) { return JsonValue::number(v); }

JsonValue triple(std::int64_t x, std::int64_t y, std::int64_t z) {
  JsonValue a = JsonValue::array();
  a.push(number(static_cast<double>(x)));
  a.push(number(static_cast<double>(y)));
  a.push(number(static_cast<double>(z)));
  return a;
}

Status read_triple(const JsonValue& j, const char* key, std::int64_t out[3]) {
  const JsonValue* a = j.find(key);
  if (!a || !a->is_array() || a->items().size() != 3) return Status::error(std::string("no \"") + key + "\" of three numbers");
  for (int d = 0; d < 3; ++d) {
    if (!a->items()[d].is_number()) return Status::error(std::string("\"") + key + "\" holds something not a number");
    out[d] = static_cast<std::int64_t>(a->items()[d].as_number());
  }
  return Status::ok();
}

// The same launch: same problem, block and grid (however the grid was given).
bool same_launch(const LaunchRequest& a, const LaunchRequest& b) {
  const LaunchConfig &x = a.config, &y = b.config;
  if (x.kind != y.kind || !(x.block == y.block) || !(launch_grid(x) == launch_grid(y))) return false;
  const bool same_problem = x.kind == ProblemKind::vector_1d ? x.n == y.n : x.width == y.width && x.height == y.height;
  return same_problem && a.options.work_iterations == b.options.work_iterations &&
         a.options.dynamic_shared_bytes == b.options.dynamic_shared_bytes;
}

JsonValue device_to_json(const RecordedDevice& d) {
  JsonValue j = JsonValue::object();
  j.set("sm_count", number(static_cast<double>(d.sm_count)));
  j.set("warp_size", number(static_cast<double>(d.sm.warp_size)));
  j.set("max_threads_per_sm", number(static_cast<double>(d.sm.max_threads_per_sm)));
  j.set("max_blocks_per_sm", number(static_cast<double>(d.sm.max_blocks_per_sm)));
  j.set("registers_per_sm", number(static_cast<double>(d.sm.registers_per_sm)));
  j.set("shared_bytes_per_sm", number(static_cast<double>(d.sm.shared_bytes_per_sm)));
  j.set("reserved_shared_bytes_per_block", number(static_cast<double>(d.sm.reserved_shared_bytes_per_block)));
  j.set("register_allocation_unit", number(static_cast<double>(d.sm.register_allocation_unit)));
  j.set("kernel_registers_per_thread", number(static_cast<double>(d.sm.registers_per_thread)));
  j.set("kernel_static_shared_bytes", number(static_cast<double>(d.kernel_static_shared_bytes)));
  j.set("kernel_max_threads_per_block", number(static_cast<double>(d.kernel_max_threads_per_block)));
  const DeviceLimits& l = d.launch_limits;
  j.set("max_threads_per_block", number(static_cast<double>(l.max_threads_per_block)));
  j.set("max_block_dim", triple(l.max_block_dim[0], l.max_block_dim[1], l.max_block_dim[2]));
  j.set("max_grid_dim", triple(l.max_grid_dim[0], l.max_grid_dim[1], l.max_grid_dim[2]));
  j.set("max_shared_memory_per_block", number(static_cast<double>(l.max_shared_memory_per_block)));
  return j;
}

Status device_from_json(const JsonValue& j, RecordedDevice* d) {
  auto whole = [&](const char* key, std::int64_t* out) {
    const JsonValue* v = j.find(key);
    if (!v || !v->is_number() || v->as_number() < 0) return Status::error(std::string("device: no \"") + key + "\"");
    *out = static_cast<std::int64_t>(v->as_number());
    return Status::ok();
  };
  for (const auto& [key, field] : {std::pair<const char*, std::int64_t*>{"sm_count", &d->sm_count},
                                   {"warp_size", &d->sm.warp_size},
                                   {"max_threads_per_sm", &d->sm.max_threads_per_sm},
                                   {"max_blocks_per_sm", &d->sm.max_blocks_per_sm},
                                   {"registers_per_sm", &d->sm.registers_per_sm},
                                   {"shared_bytes_per_sm", &d->sm.shared_bytes_per_sm},
                                   {"reserved_shared_bytes_per_block", &d->sm.reserved_shared_bytes_per_block},
                                   {"register_allocation_unit", &d->sm.register_allocation_unit},
                                   {"kernel_registers_per_thread", &d->sm.registers_per_thread},
                                   {"kernel_static_shared_bytes", &d->kernel_static_shared_bytes},
                                   {"kernel_max_threads_per_block", &d->kernel_max_threads_per_block},
                                   {"max_threads_per_block", &d->launch_limits.max_threads_per_block},
                                   {"max_shared_memory_per_block", &d->launch_limits.max_shared_memory_per_block}})
    if (Status s = whole(key, field); !s) return s;
  if (Status s = read_triple(j, "max_block_dim", d->launch_limits.max_block_dim); !s) return s.with_context("device");
  if (Status s = read_triple(j, "max_grid_dim", d->launch_limits.max_grid_dim); !s) return s.with_context("device");
  if (d->sm_count <= 0 || d->sm.warp_size <= 0) return Status::error("device: no SMs or no warp size");
  return Status::ok();
}

JsonValue launch_to_json(const RecordedLaunch& l) {
  const LaunchConfig& c = l.request.config;
  JsonValue j = JsonValue::object();
  j.set("problem", JsonValue::string(c.kind == ProblemKind::matrix_2d ? "matrix" : "vector"));
  j.set("n", number(static_cast<double>(c.n)));
  j.set("width", number(static_cast<double>(c.width)));
  j.set("height", number(static_cast<double>(c.height)));
  j.set("block", triple(c.block.x, c.block.y, c.block.z));
  j.set("grid_auto", JsonValue::boolean(c.grid_auto));
  const Dim3 g = launch_grid(c);
  j.set("grid", triple(g.x, g.y, g.z));
  j.set("work", number(static_cast<double>(l.request.options.work_iterations)));
  j.set("shared_bytes", number(static_cast<double>(l.request.options.dynamic_shared_bytes)));
  j.set("launched", JsonValue::boolean(l.launched));
  j.set("runtime_error", JsonValue::string(l.runtime_error));
  j.set("runtime_call", JsonValue::string(l.runtime_call));
  j.set("kernel_ms", number(l.kernel_ms));
  const OccupancyReport& o = l.occupancy;
  JsonValue occ = JsonValue::object();
  occ.set("launchable", JsonValue::boolean(o.launchable));
  occ.set("runtime_error", JsonValue::string(o.runtime_error));
  occ.set("active_blocks_per_sm", number(static_cast<double>(o.active_blocks_per_sm)));
  occ.set("occupancy", number(o.occupancy));
  occ.set("blocks_per_wave", number(static_cast<double>(o.blocks_per_wave)));
  occ.set("waves", number(static_cast<double>(o.waves)));
  j.set("occupancy", std::move(occ));
  JsonValue sm = JsonValue::array(), start = JsonValue::array(), end = JsonValue::array();
  for (const BlockSummary& b : l.blocks) {
    sm.push(number(b.smid));
    start.push(number(static_cast<double>(b.first_start_ns)));
    end.push(number(static_cast<double>(b.end_ns)));
  }
  JsonValue blocks = JsonValue::object();
  blocks.set("sm", std::move(sm));
  blocks.set("start_ns", std::move(start));
  blocks.set("end_ns", std::move(end));
  j.set("blocks", std::move(blocks));
  return j;
}

Status launch_from_json(const JsonValue& j, RecordedLaunch* out) {
  RecordedLaunch l;
  LaunchConfig& c = l.request.config;
  const std::string problem = j.get_string("problem");
  if (problem != "vector" && problem != "matrix") return Status::error("problem is neither vector nor matrix");
  c.kind = problem == "matrix" ? ProblemKind::matrix_2d : ProblemKind::vector_1d;
  c.n = static_cast<std::int64_t>(j.get_number("n", 1));
  c.width = static_cast<std::int64_t>(j.get_number("width", 1));
  c.height = static_cast<std::int64_t>(j.get_number("height", 1));
  std::int64_t v[3];
  if (Status s = read_triple(j, "block", v); !s) return s;
  c.block = {v[0], v[1], v[2]};
  if (Status s = read_triple(j, "grid", v); !s) return s;
  c.grid_auto = j.get_bool("grid_auto", true);
  c.grid_manual = {v[0], v[1], v[2]};
  if (Status s = validate(c); !s) return s;
  l.request.options.work_iterations = static_cast<std::int64_t>(j.get_number("work"));
  l.request.options.dynamic_shared_bytes = static_cast<std::int64_t>(j.get_number("shared_bytes"));
  l.launched = j.get_bool("launched");
  l.runtime_error = j.get_string("runtime_error");
  l.runtime_call = j.get_string("runtime_call");
  l.kernel_ms = j.get_number("kernel_ms");
  if (const JsonValue* o = j.find("occupancy"); o && o->is_object()) {
    l.occupancy.launchable = o->get_bool("launchable");
    l.occupancy.runtime_error = o->get_string("runtime_error");
    l.occupancy.active_blocks_per_sm = static_cast<std::int64_t>(o->get_number("active_blocks_per_sm"));
    l.occupancy.occupancy = o->get_number("occupancy");
    l.occupancy.blocks_per_wave = static_cast<std::int64_t>(o->get_number("blocks_per_wave"));
    l.occupancy.waves = static_cast<std::int64_t>(o->get_number("waves"));
  }
  const JsonValue* blocks = j.find("blocks");
  if (!blocks || !blocks->is_object()) return Status::error("no \"blocks\" object");
  const JsonValue *sm = blocks->find("sm"), *start = blocks->find("start_ns"), *end = blocks->find("end_ns");
  if (!sm || !start || !end || !sm->is_array() || !start->is_array() || !end->is_array() ||
      sm->items().size() != start->items().size() || sm->items().size() != end->items().size())
    return Status::error("blocks: sm, start_ns and end_ns must be arrays of one length");
  const std::size_t count = sm->items().size();
  if (count != 0 && count != make_shape(c).block_count())
    return Status::error("blocks: " + std::to_string(count) + " recorded for a launch of " +
                         std::to_string(make_shape(c).block_count()));
  l.blocks.resize(count);
  for (std::size_t b = 0; b < count; ++b) {
    const JsonValue &s = sm->items()[b], &t0 = start->items()[b], &t1 = end->items()[b];
    if (!s.is_number() || !t0.is_number() || !t1.is_number() || t0.as_number() < 0 || t1.as_number() < t0.as_number())
      return Status::error("block " + std::to_string(b) + ": not an SM with a start before its end");
    BlockSummary& out_block = l.blocks[b];
    out_block.smid = static_cast<std::uint32_t>(s.as_number());
    out_block.first_start_ns = out_block.last_start_ns = static_cast<std::uint64_t>(t0.as_number());
    out_block.end_ns = static_cast<std::uint64_t>(t1.as_number());
    out_block.same_sm = 1;
  }
  *out = std::move(l);
  return Status::ok();
}

}  // namespace

const RecordedLaunch* GridRecording::find(const LaunchRequest& request) const {
  for (const RecordedLaunch& l : launches)
    if (same_launch(l.request, request)) return &l;
  return nullptr;
}

const RecordedLaunch* GridRecording::refused_like(const LaunchCheck& check) const {
  const RecordedLaunch* first = nullptr;
  for (const RecordedLaunch& l : launches) {
    if (l.runtime_error.empty()) continue;
    if (!first) first = &l;
    const LaunchCheck theirs = check_against_limits(l.request.config, l.request.options.dynamic_shared_bytes,
                                                    device.launch_limits);
    // The same limit: the sentences agree up to the first number ("a block holds at most").
    const auto stem = [](const std::string& s) { return s.substr(0, s.find_first_of("0123456789")); };
    if (stem(theirs.broken_limit) == stem(check.broken_limit)) return &l;
  }
  return first;
}

LaunchReport report_of(const RecordedLaunch& launch) {
  LaunchReport r;
  r.config = launch.request.config;
  r.shape = make_shape(r.config);
  r.launched = launch.launched;
  r.drawn = !launch.blocks.empty();
  r.runtime_error = launch.runtime_error;
  r.runtime_call = launch.runtime_call;
  r.kernel_ms = launch.kernel_ms;
  r.blocks = launch.blocks;
  for (const BlockSummary& b : r.blocks) {
    r.last_start_ns = std::max(r.last_start_ns, b.first_start_ns);
    r.last_end_ns = std::max(r.last_end_ns, b.end_ns);
  }
  return r;
}

Status record_launches(const std::vector<LaunchRequest>& requests, GridRecording* out) {
  if (Status s = require_gpu(); !s) return s;
  GridLauncher launcher;
  GridRecording rec;
  bool have_device = false;
  for (const LaunchRequest& request : requests) {
    const std::string what = launch_syntax(request.config);
    RecordedLaunch l;
    l.request = request;
    LaunchReport report;
    // Twice: the first launch of a configuration also pays for loading and first touches.
    for (int run = 0; run < 2; ++run)
      if (Status s = launcher.launch(request.config, request.options, nullptr, &report); !s)
        return s.with_context("recording " + what);
    l.launched = report.launched;
    l.runtime_error = report.runtime_error;
    l.runtime_call = report.runtime_call;
    l.kernel_ms = report.kernel_ms;
    if (report.drawn) {
      l.blocks = report.blocks;
      for (BlockSummary& b : l.blocks) {
        b.first_start_ns -= report.first_start_ns;
        b.last_start_ns = b.first_start_ns;
        b.end_ns -= report.first_start_ns;
      }
    }
    if (Status s = launcher.occupancy(request.config, request.options, &l.occupancy); !s)
      return s.with_context("occupancy of " + what);
    if (!have_device) {
      have_device = true;
      rec.device.sm = l.occupancy.inputs;
      rec.device.sm_count = l.occupancy.sm_count;
      rec.device.kernel_max_threads_per_block = l.occupancy.kernel_max_threads_per_block;
      rec.device.kernel_static_shared_bytes = l.occupancy.static_shared_bytes;
    }
    rec.launches.push_back(std::move(l));
  }
  rec.device.launch_limits = device_limits();
  out->device = rec.device;
  out->launches = std::move(rec.launches);
  return Status::ok();
}

OccupancyReport occupancy_from_limits(const RecordedDevice& device, const LaunchConfig& config,
                                      std::int64_t dynamic_shared_bytes) {
  OccupancyReport r;
  r.threads_per_block = config.block.volume();
  r.registers_per_thread = device.sm.registers_per_thread;
  r.static_shared_bytes = device.kernel_static_shared_bytes;
  r.dynamic_shared_bytes = dynamic_shared_bytes;
  r.kernel_max_threads_per_block = device.kernel_max_threads_per_block;
  r.sm_count = device.sm_count;
  r.inputs = device.sm;
  r.inputs.threads_per_block = r.threads_per_block;
  r.inputs.shared_bytes_per_block = r.static_shared_bytes + dynamic_shared_bytes;
  r.model = model_occupancy(r.inputs);
  const LaunchCheck check = check_against_limits(config, dynamic_shared_bytes, device.launch_limits);
  r.launchable = !check.exceeds_limits && r.threads_per_block <= device.kernel_max_threads_per_block;
  if (!r.launchable) return r;
  r.active_blocks_per_sm = r.model.blocks_per_sm;
  r.occupancy = occupancy_fraction(r.active_blocks_per_sm, r.model.warps_per_block, r.inputs.max_threads_per_sm,
                                   r.inputs.warp_size);
  r.blocks_per_wave = r.active_blocks_per_sm * device.sm_count;
  const std::int64_t blocks = launch_grid(config).volume();
  if (r.blocks_per_wave > 0) r.waves = (blocks + r.blocks_per_wave - 1) / r.blocks_per_wave;
  return r;
}

RecordedDevice documented_h100() {
  RecordedDevice d;  // OccupancyInputs' defaults are compute capability 9.0's figures
  d.sm_count = 132;
  return d;
}

bench::JsonValue grid_recording_to_json(const GridRecording& recording) {
  JsonValue doc = bench::recording_document(kGridRecordingPart, recording.run);
  doc.set("device", device_to_json(recording.device));
  JsonValue& launches = doc.set("launches", JsonValue::array());
  for (const RecordedLaunch& l : recording.launches) launches.push(launch_to_json(l));
  return doc;
}

Status grid_recording_from_json(const bench::JsonValue& doc, GridRecording* out) {
  GridRecording rec;
  if (const JsonValue* run = doc.find("run"); run && run->is_object()) rec.run = bench::run_info_from_json(*run);
  const JsonValue* device = doc.find("device");
  if (!device || !device->is_object()) return Status::error("the grid recording has no \"device\" object");
  if (Status s = device_from_json(*device, &rec.device); !s) return s;
  const JsonValue* launches = doc.find("launches");
  if (!launches || !launches->is_array()) return Status::error("the grid recording has no \"launches\" array");
  for (std::size_t i = 0; i < launches->items().size(); ++i) {
    RecordedLaunch l;
    if (Status s = launch_from_json(launches->items()[i], &l); !s)
      return s.with_context("launch " + std::to_string(i + 1));
    l.occupancy.threads_per_block = l.request.config.block.volume();
    rec.launches.push_back(std::move(l));
  }
  *out = std::move(rec);
  return Status::ok();
}

}  // namespace whygpu::grid

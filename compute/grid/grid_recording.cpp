#include "compute/grid/grid_recording.h"

#include <algorithm>

#include "compute/core/gpu_info.h"

namespace whygpu::grid {
namespace {

// The same launch: same problem, block and grid (however the grid was given).
bool same_launch(const LaunchRequest& a, const LaunchRequest& b) {
  const LaunchConfig &x = a.config, &y = b.config;
  if (x.kind != y.kind || !(x.block == y.block) || !(launch_grid(x) == launch_grid(y))) return false;
  const bool same_problem = x.kind == ProblemKind::vector_1d ? x.n == y.n : x.width == y.width && x.height == y.height;
  return same_problem && a.options.work_iterations == b.options.work_iterations &&
         a.options.dynamic_shared_bytes == b.options.dynamic_shared_bytes;
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
    // The same limit: the same sentence, whatever its numbers ("a block holds at most ...").
    if (theirs.broken_limit.pattern == check.broken_limit.pattern) return &l;
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

// A Dim3, and the limits' int64[3], as [x, y, z].
void to_json(bench::Json& j, const Dim3& d) { j = {d.x, d.y, d.z}; }

void from_json(const bench::Json& j, Dim3& d) {
  if (!j.is_array() || j.size() != 3) bench::reject(j, "expected an array of three numbers");
  d = {j[0].get<std::int64_t>(), j[1].get<std::int64_t>(), j[2].get<std::int64_t>()};
}

namespace {

// The device's whole-number figures, by name; all required and none negative.
constexpr std::pair<const char*, std::int64_t RecordedDevice::*> kDeviceCounts[] = {
    {"sm_count", &RecordedDevice::sm_count},
    {"kernel_static_shared_bytes", &RecordedDevice::kernel_static_shared_bytes},
    {"kernel_max_threads_per_block", &RecordedDevice::kernel_max_threads_per_block}};
constexpr std::pair<const char*, std::int64_t OccupancyInputs::*> kSmCounts[] = {
    {"warp_size", &OccupancyInputs::warp_size},
    {"max_threads_per_sm", &OccupancyInputs::max_threads_per_sm},
    {"max_blocks_per_sm", &OccupancyInputs::max_blocks_per_sm},
    {"registers_per_sm", &OccupancyInputs::registers_per_sm},
    {"shared_bytes_per_sm", &OccupancyInputs::shared_bytes_per_sm},
    {"reserved_shared_bytes_per_block", &OccupancyInputs::reserved_shared_bytes_per_block},
    {"register_allocation_unit", &OccupancyInputs::register_allocation_unit},
    {"kernel_registers_per_thread", &OccupancyInputs::registers_per_thread}};
constexpr std::pair<const char*, std::int64_t DeviceLimits::*> kLimitCounts[] = {
    {"max_threads_per_block", &DeviceLimits::max_threads_per_block},
    {"max_shared_memory_per_block", &DeviceLimits::max_shared_memory_per_block}};

// A launch's members under their own names: its configuration's, its own and its
// occupancy's (an object of its own); problem, grid, work, shared_bytes and blocks apart.
#define WHYGPU_LAUNCH_CONFIG_MEMBERS n, width, height, block, grid_auto
#define WHYGPU_LAUNCH_MEMBERS launched, runtime_error, runtime_call, kernel_ms
#define WHYGPU_OCCUPANCY_MEMBERS launchable, runtime_error, active_blocks_per_sm, occupancy, blocks_per_wave, waves

Dim3 dim3_of(const std::int64_t v[3]) { return {v[0], v[1], v[2]}; }

std::int64_t count_at(const bench::Json& j, const char* key) {
  const auto v = j.at(key).get<std::int64_t>();
  if (v < 0) bench::reject(j.at(key), "must not be negative");
  return v;
}

}  // namespace

void to_json(bench::Json& j, const RecordedDevice& d) {
  j = bench::Json::object();
  for (const auto& [key, member] : kDeviceCounts) j[key] = d.*member;
  for (const auto& [key, member] : kSmCounts) j[key] = d.sm.*member;
  for (const auto& [key, member] : kLimitCounts) j[key] = d.launch_limits.*member;
  j["max_block_dim"] = dim3_of(d.launch_limits.max_block_dim);
  j["max_grid_dim"] = dim3_of(d.launch_limits.max_grid_dim);
}

void from_json(const bench::Json& j, RecordedDevice& out) {
  RecordedDevice d;
  for (const auto& [key, member] : kDeviceCounts) d.*member = count_at(j, key);
  for (const auto& [key, member] : kSmCounts) d.sm.*member = count_at(j, key);
  for (const auto& [key, member] : kLimitCounts) d.launch_limits.*member = count_at(j, key);
  for (const auto& [key, limit] : {std::pair{"max_block_dim", d.launch_limits.max_block_dim},
                                   std::pair{"max_grid_dim", d.launch_limits.max_grid_dim}}) {
    const Dim3 v = j.at(key).get<Dim3>();
    limit[0] = v.x, limit[1] = v.y, limit[2] = v.z;
  }
  if (d.sm_count <= 0 || d.sm.warp_size <= 0) bench::reject(j, "no SMs or no warp size");
  out = d;
}

void to_json(bench::Json& j, const RecordedLaunch& l) {
  const LaunchConfig& c = l.request.config;
  const OccupancyReport& o = l.occupancy;
  std::vector<std::uint64_t> sm, start, end;
  for (const BlockSummary& b : l.blocks) {
    sm.push_back(b.smid);
    start.push_back(b.first_start_ns);
    end.push_back(b.end_ns);
  }
  WHYGPU_JSON_WRITE_MEMBERS(j, c, WHYGPU_LAUNCH_CONFIG_MEMBERS);
  WHYGPU_JSON_WRITE_MEMBERS(j, l, WHYGPU_LAUNCH_MEMBERS);
  WHYGPU_JSON_WRITE_MEMBERS(j["occupancy"], o, WHYGPU_OCCUPANCY_MEMBERS);
  j["problem"] = c.kind == ProblemKind::matrix_2d ? "matrix" : "vector";
  j["grid"] = launch_grid(c);
  j["work"] = l.request.options.work_iterations;
  j["shared_bytes"] = l.request.options.dynamic_shared_bytes;
  j["blocks"] = {{"sm", sm}, {"start_ns", start}, {"end_ns", end}};
}

void from_json(const bench::Json& j, RecordedLaunch& out) {
  RecordedLaunch l;
  LaunchConfig& c = l.request.config;
  const std::string problem = j.at("problem").get<std::string>();
  if (problem != "vector" && problem != "matrix") bench::reject(j.at("problem"), "neither vector nor matrix");
  c.kind = problem == "matrix" ? ProblemKind::matrix_2d : ProblemKind::vector_1d;
  c.n = c.width = c.height = 1;
  j.at("block");  // required, as the grid is
  WHYGPU_JSON_READ_MEMBERS(j, c, WHYGPU_LAUNCH_CONFIG_MEMBERS);
  j.at("grid").get_to(c.grid_manual);
  if (Status s = validate(c); !s) bench::reject(j, s.message());
  l.request.options.work_iterations = j.value("work", std::int64_t{0});
  l.request.options.dynamic_shared_bytes = j.value("shared_bytes", std::int64_t{0});
  WHYGPU_JSON_READ_MEMBERS(j, l, WHYGPU_LAUNCH_MEMBERS);
  if (const auto o = j.find("occupancy"); o != j.end() && o->is_object())
    WHYGPU_JSON_READ_MEMBERS(*o, l.occupancy, WHYGPU_OCCUPANCY_MEMBERS);
  const bench::Json& blocks = j.at("blocks");
  const auto sm = blocks.at("sm").get<std::vector<std::uint32_t>>();
  const auto start = blocks.at("start_ns").get<std::vector<std::uint64_t>>();
  const auto end = blocks.at("end_ns").get<std::vector<std::uint64_t>>();
  if (start.size() != sm.size() || end.size() != sm.size())
    bench::reject(blocks, "sm, start_ns and end_ns must be arrays of one length");
  const std::size_t count = sm.size();
  if (count != 0 && count != make_shape(c).block_count())
    bench::reject(blocks, std::to_string(count) + " blocks recorded for a launch of " +
                              std::to_string(make_shape(c).block_count()));
  l.blocks.resize(count);
  for (std::size_t b = 0; b < count; ++b) {
    if (end[b] < start[b]) bench::reject(blocks.at("end_ns")[b], "ends before the block's start");
    l.blocks[b] = {start[b], start[b], end[b], sm[b], 1};
  }
  l.occupancy.threads_per_block = c.block.volume();
  out = std::move(l);
}

void to_json(bench::Json& j, const GridRecording& recording) {
  j = {{"device", recording.device}, {"launches", recording.launches}};
}

void from_json(const bench::Json& j, GridRecording& recording) {
  j.at("device").get_to(recording.device);
  bench::array_at(j, "launches").get_to(recording.launches);
}

}  // namespace whygpu::grid

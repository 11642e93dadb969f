#include "compute/profile/timeline_format.h"

#include <cstdio>

#include "compute/kernels/host_array.h"

namespace whygpu::profile {
namespace {

std::string microseconds(std::int64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(ns) / 1e3);
  return buf;
}

std::string pad_left(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// "1 copy", "3 copies".
std::string counted(int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

std::string dims(const int v[3]) {
  return std::to_string(v[0]) + "x" + std::to_string(v[1]) + "x" + std::to_string(v[2]);
}

}  // namespace

Wording item_details(const Timeline& timeline, const TimelineItem& item) {
  Wording d;
  // A size is a number with a unit ("64.0 MiB"): its decimals follow the page's language.
  const Wording bytes = Wording::number(kernels::format_bytes(static_cast<double>(item.bytes)));
  switch (item.kind) {
    case ItemKind::Kernel:
      d = Wording::sentence(N_("grid {0}, block {1}, {2} registers, shared {3} + {4} bytes"),
                            {dims(item.grid), dims(item.block), std::to_string(item.registers_per_thread),
                             std::to_string(item.static_shared_bytes), std::to_string(item.dynamic_shared_bytes)});
      break;
    case ItemKind::Memcpy:
      // CUPTI's names of the memories ("pageable", "device") stay as it gives them.
      d = Wording::sentence(N_("{0} {1} -> {2}"), {bytes, item.source_memory, item.destination_memory});
      break;
    case ItemKind::Memset: d = bytes; break;
    case ItemKind::HostCall: {
      int queued = 0;
      if (item.correlation)
        for (const TimelineItem& other : timeline.items)
          if (other.on_gpu() && other.correlation == item.correlation) ++queued;
      if (queued)
        d = Wording::sentence(queued == 1 ? N_("queued {0} GPU item") : N_("queued {0} GPU items"),
                              {std::to_string(queued)});
      break;
    }
  }
  if (item.on_gpu() && item.in_graph) d = Wording::sentence(N_("{0}, in a graph"), {d});
  return d;
}

std::string format_timeline(const Timeline& t, int max_items_per_lane) {
  std::string out;
  out += "whygpu timeline: " + t.work + ", " + t.run.date_utc + "\n";
  out += "work: " + t.description.english() + "\n";
  out += "GPU: " + t.run.gpu_summary() + "\n";
  out += "recorded by " + t.source + (t.run.command.empty() ? "" : ": " + t.run.command) + "\n";
  if (t.dropped_records)
    out += "WARNING: " + std::to_string(t.dropped_records) + " records were lost; the timeline is incomplete\n";
  out += "times in microseconds from the start of the recording; the host ran the work from 0.0 to " +
         microseconds(t.work_end_ns - t.work_begin_ns) + "\n";

  for (std::size_t lane = 0; lane < t.lanes.size(); ++lane) {
    out += "\n" + t.lanes[lane].name + "\n";
    out += pad_left("start", 11) + pad_left("duration", 11) + "  item\n";
    int count = 0, hidden = 0;
    for (const TimelineItem& item : t.items) {
      if (item.lane != static_cast<int>(lane)) continue;
      if (max_items_per_lane > 0 && count >= max_items_per_lane) {
        ++hidden;
        continue;
      }
      ++count;
      const std::string name = item.kind == ItemKind::Kernel ? kernel_display_name(item.name) : item.name;
      const std::string details = item_details(t, item).english();
      out += pad_left(microseconds(item.start_ns), 11) + pad_left(microseconds(item.duration_ns()), 11) + "  " + name +
             (details.empty() ? "" : "  (" + details + ")") + "\n";
    }
    if (hidden) out += "  ... and " + std::to_string(hidden) + " more\n";
  }

  const std::vector<KernelTotal> totals = totals_by_kernel(t);
  if (!totals.empty()) {
    out += "\nkernels by total time\n";
    out += pad_left("count", 7) + pad_left("total us", 11) + pad_left("min us", 10) + pad_left("max us", 10) +
           pad_left("share", 8) + "  kernel\n";
    for (const KernelTotal& k : totals) {
      char share[16];
      std::snprintf(share, sizeof share, "%.1f%%", 100.0 * k.share_of_kernel_time);
      out += pad_left(std::to_string(k.count), 7) + pad_left(microseconds(k.total_ns), 11) +
             pad_left(microseconds(k.min_ns), 10) + pad_left(microseconds(k.max_ns), 10) + pad_left(share, 8) + "  " +
             k.name + "\n";
    }
  }

  const IdleSummary s = summarize_idle(t);
  out += "\n";
  out += idle_sentence(s, "the work").english() + "\n";
  out += "GPU busy " + format_duration_ns(s.busy_ns) + ": kernels " + format_duration_ns(s.kernel_busy_ns) +
         ", copies and memsets " + format_duration_ns(s.copy_busy_ns) + "; " + counted(s.kernels, "kernel", "kernels") +
         ", " + counted(s.copies, "copy", "copies") + ", " + counted(s.memsets, "memset", "memsets") + "\n";
  out += "host: " + counted(s.host_calls, "CUDA call", "CUDA calls") + ", " + std::to_string(s.launches) +
         " of them queued GPU work\n";
  return out;
}

}  // namespace whygpu::profile

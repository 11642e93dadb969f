// record_timeline with CUPTI's activity API. CUPTI's headers are used at build time only;
// the library is opened at run time (SharedLibrary) and every function is called through
// a pointer looked up by name, so the binary has no link-time dependency on libcupti.
#include "compute/profile/cupti_recorder.h"

#include <cupti.h>
#include <cuda_runtime.h>
#include <cxxabi.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>
#include <vector>

#include "compute/bench/run_info.h"
#include "compute/core/cuda_check.h"
#include "compute/core/gpu_info.h"
#include "compute/core/shared_library.h"

namespace whygpu::profile {
namespace {

// The toolkit keeps CUPTI beside its other libraries in some installs (pip wheels,
// conda) and under extras/CUPTI in the standard one.
constexpr const char* kCuptiFolders[] = {"/usr/local/cuda/extras/CUPTI/lib64/"};
constexpr std::size_t kBufferBytes = std::size_t{8} << 20;

// The kinds recorded. CONCURRENT_KERNEL (not KERNEL) leaves kernels free to overlap as
// they would without the recording. GRAPH_TRACE stays off: it would replace the kernels
// of a graph launch by one record for the whole graph.
constexpr CUpti_ActivityKind kKinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                         CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_RUNTIME,
                                         CUPTI_ACTIVITY_KIND_DRIVER};

struct Cupti {
  SharedLibrary library;
  std::uint32_t version = 0;
  decltype(&cuptiGetVersion) get_version = nullptr;
  decltype(&cuptiGetResultString) result_string = nullptr;
  decltype(&cuptiActivityRegisterCallbacks) register_callbacks = nullptr;
  decltype(&cuptiActivityEnable) enable = nullptr;
  decltype(&cuptiActivityDisable) disable = nullptr;
  decltype(&cuptiActivityFlushAll) flush_all = nullptr;
  decltype(&cuptiActivityGetNextRecord) next_record = nullptr;
  decltype(&cuptiActivityGetNumDroppedRecords) dropped_records = nullptr;
  decltype(&cuptiGetTimestamp) timestamp = nullptr;
  decltype(&cuptiGetCallbackName) callback_name = nullptr;

  // "cuptiActivityEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES".
  Status check(CUptiResult result, const char* what) const {
    if (result == CUPTI_SUCCESS) return Status::ok();
    const char* text = nullptr;
    const Wording said = !result_string || result_string(result, &text) != CUPTI_SUCCESS || !text
                             ? Wording::sentence(N_("unknown CUPTI error"))
                             : Wording(text);
    if (result == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
      return Status::error(Wording::sentence(
          N_("{0}: {1} (the driver allows profiling to administrators only on this machine)"), {what, said}));
    return Status::error(Wording::sentence(N_("{0}: {1}"), {what, said}));
  }
};

// What the buffer callbacks have collected; they run on CUPTI's own thread.
struct RawApiCall {
  CUpti_ActivityKind kind;  // RUNTIME or DRIVER
  std::uint32_t callback_id;
  std::uint64_t start, end;
  std::uint64_t thread;
  std::uint32_t correlation;
};

struct RawGpuItem {
  TimelineItem item;  // lane unset; times absolute
  std::uint64_t start, end;
  std::uint32_t stream;
};

struct Collector {
  std::mutex mutex;
  bool active = false;
  std::vector<RawApiCall> calls;
  std::vector<RawGpuItem> gpu;
  std::uint64_t untimed = 0;  // kernel records without timestamps (CUPTI lacked device memory)
  std::uint64_t unreadable_buffers = 0;
};

Collector& collector() {
  // Never destroyed: CUPTI may hand back its last buffers from its own exit handler,
  // after this file's statics are gone.
  static Collector* c = new Collector;
  return *c;
}

const Cupti* g_cupti = nullptr;  // set once the library is loaded, before callbacks are registered

const char* copy_kind_name(std::uint8_t kind) {
  switch (kind) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return "HtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return "DtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA: return "HtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH: return "AtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA: return "AtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD: return "AtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA: return "DtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return "DtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return "HtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return "PtoP";
    default: return "unknown";
  }
}

const char* memory_kind_name(std::uint32_t kind) {
  switch (kind) {
    case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE: return "pageable";
    case CUPTI_ACTIVITY_MEMORY_KIND_PINNED: return "pinned";
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE: return "device";
    case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY: return "array";
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED: return "managed";
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC: return "device static";
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC: return "managed static";
    default: return "unknown";
  }
}

std::string demangled(const char* name) {
  if (!name) return "(unnamed kernel)";
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> plain(abi::__cxa_demangle(name, nullptr, nullptr, &status), std::free);
  return status == 0 && plain ? std::string(plain.get()) : std::string(name);
}

void collect(const CUpti_Activity* record, Collector& c) {
  switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
    case CUPTI_ACTIVITY_KIND_KERNEL: {
      const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
      if (k->start == 0 || k->end == 0) {
        ++c.untimed;
        return;
      }
      RawGpuItem raw;
      raw.item.kind = ItemKind::Kernel;
      raw.item.name = demangled(k->name);
      raw.item.correlation = k->correlationId;
      raw.item.in_graph = k->graphId != 0;
      raw.item.grid[0] = k->gridX, raw.item.grid[1] = k->gridY, raw.item.grid[2] = k->gridZ;
      raw.item.block[0] = k->blockX, raw.item.block[1] = k->blockY, raw.item.block[2] = k->blockZ;
      raw.item.registers_per_thread = k->registersPerThread;
      raw.item.static_shared_bytes = k->staticSharedMemory;
      raw.item.dynamic_shared_bytes = k->dynamicSharedMemory;
      raw.start = k->start, raw.end = k->end, raw.stream = k->streamId;
      c.gpu.push_back(std::move(raw));
      return;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
      RawGpuItem raw;
      raw.item.kind = ItemKind::Memcpy;
      raw.item.copy_kind = copy_kind_name(m->copyKind);
      raw.item.name = "memcpy " + raw.item.copy_kind;
      raw.item.bytes = m->bytes;
      raw.item.source_memory = memory_kind_name(m->srcKind);
      raw.item.destination_memory = memory_kind_name(m->dstKind);
      raw.item.correlation = m->correlationId;
      raw.item.in_graph = m->graphId != 0;
      raw.start = m->start, raw.end = m->end, raw.stream = m->streamId;
      c.gpu.push_back(std::move(raw));
      return;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
      RawGpuItem raw;
      raw.item.kind = ItemKind::Memset;
      raw.item.name = "memset";
      raw.item.bytes = m->bytes;
      raw.item.correlation = m->correlationId;
      raw.item.in_graph = m->graphId != 0;
      raw.start = m->start, raw.end = m->end, raw.stream = m->streamId;
      c.gpu.push_back(std::move(raw));
      return;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME:
    case CUPTI_ACTIVITY_KIND_DRIVER: {
      const auto* a = reinterpret_cast<const CUpti_ActivityAPI*>(record);
      c.calls.push_back({record->kind, a->cbid, a->start, a->end, a->threadId, a->correlationId});
      return;
    }
    default: return;
  }
}

void CUPTIAPI request_buffer(std::uint8_t** buffer, std::size_t* size, std::size_t* max_records) {
  *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(8, kBufferBytes));
  *size = *buffer ? kBufferBytes : 0;
  *max_records = 0;  // as many as fit
}

void CUPTIAPI complete_buffer(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t, std::size_t valid) {
  Collector& c = collector();
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    if (c.active && g_cupti) {
      CUpti_Activity* record = nullptr;
      for (;;) {
        const CUptiResult r = g_cupti->next_record(buffer, valid, &record);
        if (r == CUPTI_ERROR_MAX_LIMIT_REACHED) break;
        if (r != CUPTI_SUCCESS) {
          ++c.unreadable_buffers;
          break;
        }
        collect(record, c);
      }
    }
  }
  std::free(buffer);
}

// Loads CUPTI once per process; later calls return the first outcome.
Status load_cupti(const Cupti** out) {
  static Cupti& cupti = *new Cupti;  // never destroyed, as collector() above
  static Status loaded = [] {
    if (Status s = SharedLibrary::open({"libcupti.so.13", "libcupti.so"}, &cupti.library,
                                       {kCuptiFolders[0]});
        !s)
      return Status::error(Wording::sentence(
          N_("CUPTI (the CUDA toolkit's profiling library) is not installed here: {0}"), {s.wording()}));
    const SharedLibrary& l = cupti.library;
    decltype(&cuptiSetThreadIdType) set_thread_id_type = nullptr;
    for (Status s : {l.symbol("cuptiGetVersion", &cupti.get_version),
                     l.symbol("cuptiGetResultString", &cupti.result_string),
                     l.symbol("cuptiActivityRegisterCallbacks", &cupti.register_callbacks),
                     l.symbol("cuptiActivityEnable", &cupti.enable),
                     l.symbol("cuptiActivityDisable", &cupti.disable),
                     l.symbol("cuptiActivityFlushAll", &cupti.flush_all),
                     l.symbol("cuptiActivityGetNextRecord", &cupti.next_record),
                     l.symbol("cuptiActivityGetNumDroppedRecords", &cupti.dropped_records),
                     l.symbol("cuptiGetTimestamp", &cupti.timestamp),
                     l.symbol("cuptiGetCallbackName", &cupti.callback_name),
                     l.symbol("cuptiSetThreadIdType", &set_thread_id_type)})
      if (!s) return s;
    if (Status s = cupti.check(cupti.get_version(&cupti.version), "cuptiGetVersion"); !s) return s;
    // The activity records are read with this build's struct layouts, which hold within
    // one major version (13.x: versions 130000 to 139999).
    if (cupti.version / 10000 != CUPTI_API_VERSION / 10000)
      return Status::error(Wording::sentence(
          N_("{0} is CUPTI API version {1}; whygpu reads the records of version {2}.x ({3})"),
          {cupti.library.path(), std::to_string(cupti.version), std::to_string(CUPTI_API_VERSION / 10000),
           std::to_string(CUPTI_API_VERSION)}));
    // Thread ids as the kernel numbers them (gettid), not pthread_self() cut to 32 bits.
    if (Status s = cupti.check(set_thread_id_type(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM), "cuptiSetThreadIdType"); !s)
      return s;
    g_cupti = &cupti;
    return cupti.check(cupti.register_callbacks(request_buffer, complete_buffer), "cuptiActivityRegisterCallbacks");
  }();
  if (loaded) *out = &cupti;
  return loaded;
}

std::string call_name(const Cupti& cupti, const RawApiCall& call) {
  const char* name = nullptr;
  const CUpti_CallbackDomain domain =
      call.kind == CUPTI_ACTIVITY_KIND_RUNTIME ? CUPTI_CB_DOMAIN_RUNTIME_API : CUPTI_CB_DOMAIN_DRIVER_API;
  if (cupti.callback_name(domain, call.callback_id, &name) != CUPTI_SUCCESS || !name)
    return (call.kind == CUPTI_ACTIVITY_KIND_RUNTIME ? "runtime call " : "driver call ") +
           std::to_string(call.callback_id);
  return host_call_display_name(name);
}

// The runtime calls, plus the driver calls that queued GPU work themselves (libraries
// such as cuBLAS may launch through the driver). A driver call made inside a runtime call
// of the same thread is that runtime call's own work: it is not drawn twice, and when
// the GPU items carry its correlation, the runtime call takes it over.
std::vector<RawApiCall> host_calls(std::vector<RawApiCall> calls, const std::set<std::uint32_t>& gpu_correlations) {
  std::vector<RawApiCall> runtime, driver;
  for (const RawApiCall& c : calls) (c.kind == CUPTI_ACTIVITY_KIND_RUNTIME ? runtime : driver).push_back(c);
  std::set<std::uint32_t> runtime_correlations;
  for (const RawApiCall& c : runtime) runtime_correlations.insert(c.correlation);
  for (const RawApiCall& d : driver) {
    if (!gpu_correlations.count(d.correlation) || runtime_correlations.count(d.correlation)) continue;
    RawApiCall* outer = nullptr;
    for (RawApiCall& r : runtime)
      if (r.thread == d.thread && r.start <= d.start && d.end <= r.end) outer = &r;
    if (!outer) {
      runtime.push_back(d);
    } else if (!gpu_correlations.count(outer->correlation)) {
      outer->correlation = d.correlation;
    }
  }
  return runtime;
}

std::string describe_stream(std::uint32_t id) { return "stream " + std::to_string(id); }

}  // namespace

Status timeline_recording_available() {
  const GpuInfo& info = gpu_info();
  if (Status s = require_gpu(); !s) return s;
  const Cupti* cupti = nullptr;
  return load_cupti(&cupti);
}

Status record_timeline(const std::function<Status()>& work, const RecordOptions& options, Timeline* out,
                       const std::function<Status()>& prepare) {
  static std::mutex one_at_a_time;
  std::unique_lock<std::mutex> recording(one_at_a_time, std::try_to_lock);
  if (!recording.owns_lock())
    return Status::error(Wording::sentence(N_("another timeline is being recorded in this process")));
  if (Status s = timeline_recording_available(); !s) return s;
  const Cupti* cupti = nullptr;
  if (Status s = load_cupti(&cupti); !s) return s;
  // The GPU work queued before the recording finishes first, so that none of it shows.
  WHYGPU_CUDA_TRY(cudaDeviceSynchronize());

  Collector& c = collector();
  cupti->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);  // records of an earlier recording, if any, dropped below
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    c.calls.clear();
    c.gpu.clear();
    c.untimed = c.unreadable_buffers = 0;
    c.active = true;
  }
  std::size_t dropped = 0;
  cupti->dropped_records(nullptr, 0, &dropped);  // reads and resets the count: from here on, this recording's
  const auto disable_all = [&] {
    for (CUpti_ActivityKind kind : kKinds) cupti->disable(kind);
  };
  const auto stop = [&] {
    disable_all();
    cupti->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    std::lock_guard<std::mutex> lock(c.mutex);
    c.active = false;
  };
  for (CUpti_ActivityKind kind : kKinds)
    if (Status s = cupti->check(cupti->enable(kind), "cuptiActivityEnable"); !s) {
      stop();
      return s;
    }
  if (prepare) {
    Status prepared = prepare();
    if (prepared) prepared = cuda_status(cudaDeviceSynchronize(), "cudaDeviceSynchronize after preparing the work",
                                         __FILE__, __LINE__);
    if (!prepared) {
      stop();
      return prepared;
    }
  }

  std::uint64_t begin = 0, end = 0;
  cupti->timestamp(&begin);
  const Status worked = work();
  cupti->timestamp(&end);
  const Status synced = cuda_status(cudaDeviceSynchronize(), "cudaDeviceSynchronize after the recorded work",
                                    __FILE__, __LINE__);
  disable_all();
  const Status flushed = cupti->check(cupti->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), "cuptiActivityFlushAll");
  cupti->dropped_records(nullptr, 0, &dropped);

  std::vector<RawApiCall> calls;
  std::vector<RawGpuItem> gpu;
  std::uint64_t untimed = 0, unreadable = 0;
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    c.active = false;
    calls.swap(c.calls);
    gpu.swap(c.gpu);
    untimed = c.untimed;
    unreadable = c.unreadable_buffers;
  }

  Timeline t;
  t.work = options.work;
  t.description = options.description;
  t.source = "whygpu, CUPTI " + std::to_string(cupti->version);
  t.run = bench::describe_this_run(options.command, 0);
  t.work_begin_ns = 0;
  t.work_end_ns = static_cast<std::int64_t>(end - begin);
  t.dropped_records = dropped + untimed;

  std::map<std::pair<LaneKind, std::uint64_t>, int> lane_of;
  const auto lane = [&](LaneKind kind, std::uint64_t id, const std::string& name) {
    const auto [it, added] = lane_of.try_emplace({kind, id}, static_cast<int>(t.lanes.size()));
    if (added) t.lanes.push_back({kind, id, name});
    return it->second;
  };
  const auto relative = [&](std::uint64_t ns) { return static_cast<std::int64_t>(ns) - static_cast<std::int64_t>(begin); };

  std::set<std::uint32_t> gpu_correlations;
  for (const RawGpuItem& g : gpu) gpu_correlations.insert(g.item.correlation);
  const std::uint64_t this_thread = static_cast<std::uint64_t>(syscall(SYS_gettid));
  for (const RawApiCall& call : host_calls(std::move(calls), gpu_correlations)) {
    // The preparation is not the work, and neither is the recorder's own wait after it.
    if (call.start < begin || (call.start >= end && call.thread == this_thread)) continue;
    TimelineItem item;
    item.kind = ItemKind::HostCall;
    item.name = call_name(*cupti, call);
    item.start_ns = relative(call.start);
    item.end_ns = relative(call.end);
    item.correlation = call.correlation;
    item.lane = lane(LaneKind::HostThread, call.thread,
                     call.thread == this_thread ? "host: the thread running the work"
                                                : "host thread " + std::to_string(call.thread));
    t.items.push_back(std::move(item));
  }
  for (RawGpuItem& g : gpu) {
    if (g.start < begin) continue;
    g.item.start_ns = relative(g.start);
    g.item.end_ns = relative(g.end);
    g.item.lane = lane(LaneKind::GpuStream, g.stream, describe_stream(g.stream));
    t.items.push_back(std::move(g.item));
  }
  normalize(&t);
  *out = std::move(t);

  if (!worked) return worked;
  if (!synced) return synced;
  if (!flushed) return flushed;
  if (unreadable)
    return Status::error(
        Wording::sentence(N_("{0} CUPTI activity buffers could not be read"), {std::to_string(unreadable)}));
  return Status::ok();
}

}  // namespace whygpu::profile

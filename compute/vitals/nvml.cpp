// NVML through dlopen. The few types and functions used are declared here from NVML's
// documented C API (as nvtop does), so the build needs no nvml.h: the toolkit does not
// always ship it and the driver never does.
#include "compute/vitals/nvml.h"

#include <utility>

namespace whygpu::vitals {
namespace {

using NvmlReturn = int;  // nvmlReturn_t
constexpr NvmlReturn kSuccess = 0;
using NvmlDevice = void*;  // nvmlDevice_t
constexpr int kClockSm = 1;          // NVML_CLOCK_SM
constexpr int kClockMemory = 2;      // NVML_CLOCK_MEM
constexpr int kTemperatureGpu = 0;   // NVML_TEMPERATURE_GPU

struct NvmlUtilization {  // nvmlUtilization_t
  unsigned int gpu;
  unsigned int memory;
};
struct NvmlMemory {  // nvmlMemory_t
  unsigned long long total, free, used;
};
struct NvmlMemoryV2 {  // nvmlMemory_v2_t: "used" without the memory the driver reserves
  unsigned int version;
  unsigned long long total, reserved, free, used;
};
// NVML_STRUCT_VERSION(Memory, 2): the struct's size with the version in the top byte.
constexpr unsigned int kMemoryV2Version = static_cast<unsigned int>(sizeof(NvmlMemoryV2)) | (2u << 24);

constexpr double kMiB = 1024.0 * 1024.0;

}  // namespace

struct Nvml::Functions {
  NvmlReturn (*init)() = nullptr;
  NvmlReturn (*shutdown)() = nullptr;
  const char* (*error_string)(NvmlReturn) = nullptr;
  NvmlReturn (*device_count)(unsigned int*) = nullptr;
  NvmlReturn (*handle_by_index)(unsigned int, NvmlDevice*) = nullptr;
  NvmlReturn (*name)(NvmlDevice, char*, unsigned int) = nullptr;
  NvmlReturn (*driver_version)(char*, unsigned int) = nullptr;
  NvmlReturn (*power_usage)(NvmlDevice, unsigned int*) = nullptr;
  NvmlReturn (*clock_info)(NvmlDevice, int, unsigned int*) = nullptr;
  NvmlReturn (*utilization)(NvmlDevice, NvmlUtilization*) = nullptr;
  NvmlReturn (*memory)(NvmlDevice, NvmlMemory*) = nullptr;
  NvmlReturn (*temperature)(NvmlDevice, int, unsigned int*) = nullptr;
  // Newer than the rest: absent from old drivers, so optional.
  NvmlReturn (*memory_v2)(NvmlDevice, NvmlMemoryV2*) = nullptr;
  NvmlReturn (*total_energy)(NvmlDevice, unsigned long long*) = nullptr;

  Status check(NvmlReturn r, const std::string& what) const {
    if (r == kSuccess) return Status::ok();
    const char* text = error_string ? error_string(r) : nullptr;
    if (!text) return Status::error(Wording::sentence(N_("{0}: NVML error {1}"), {what, std::to_string(r)}));
    return Status::error(Wording::sentence(N_("{0}: {1}"), {what, text}));
  }
};

Nvml::Nvml() = default;

Nvml::Nvml(Nvml&& other) noexcept
    : library_(std::move(other.library_)),
      functions_(std::move(other.functions_)),
      device_count_(other.device_count_),
      driver_version_(std::move(other.driver_version_)),
      initialised_(std::exchange(other.initialised_, false)) {}

Nvml& Nvml::operator=(Nvml&& other) noexcept {
  if (this != &other) {
    if (initialised_) functions_->shutdown();
    library_ = std::move(other.library_);
    functions_ = std::move(other.functions_);
    device_count_ = other.device_count_;
    driver_version_ = std::move(other.driver_version_);
    initialised_ = std::exchange(other.initialised_, false);
  }
  return *this;
}

Nvml::~Nvml() {
  if (initialised_) functions_->shutdown();
}

Status Nvml::open(Nvml* out) {
  Nvml nvml;
  if (Status s = SharedLibrary::open({"libnvidia-ml.so.1"}, &nvml.library_); !s)
    return Status::error(
        Wording::sentence(N_("NVML (part of the NVIDIA driver) is not installed here: {0}"), {s.wording()}));
  nvml.functions_ = std::make_unique<Functions>();
  Functions& f = *nvml.functions_;
  const SharedLibrary& l = nvml.library_;
  for (Status s : {l.symbol("nvmlInit_v2", &f.init), l.symbol("nvmlShutdown", &f.shutdown),
                   l.symbol("nvmlErrorString", &f.error_string), l.symbol("nvmlDeviceGetCount_v2", &f.device_count),
                   l.symbol("nvmlDeviceGetHandleByIndex_v2", &f.handle_by_index),
                   l.symbol("nvmlDeviceGetName", &f.name), l.symbol("nvmlSystemGetDriverVersion", &f.driver_version),
                   l.symbol("nvmlDeviceGetPowerUsage", &f.power_usage),
                   l.symbol("nvmlDeviceGetClockInfo", &f.clock_info),
                   l.symbol("nvmlDeviceGetUtilizationRates", &f.utilization),
                   l.symbol("nvmlDeviceGetMemoryInfo", &f.memory),
                   l.symbol("nvmlDeviceGetTemperature", &f.temperature)})
    if (!s) return s;
  if (!l.symbol("nvmlDeviceGetMemoryInfo_v2", &f.memory_v2)) f.memory_v2 = nullptr;
  if (!l.symbol("nvmlDeviceGetTotalEnergyConsumption", &f.total_energy)) f.total_energy = nullptr;
  if (Status s = f.check(f.init(), "nvmlInit"); !s) return s;
  nvml.initialised_ = true;
  unsigned int count = 0;
  if (Status s = f.check(f.device_count(&count), "nvmlDeviceGetCount"); !s) return s;
  if (count == 0) return Status::error(Wording::sentence(N_("NVML sees no NVIDIA GPU")));
  nvml.device_count_ = static_cast<int>(count);
  char version[96] = {};
  if (f.driver_version(version, sizeof version) == kSuccess) nvml.driver_version_ = version;
  *out = std::move(nvml);
  return Status::ok();
}

Status Nvml::device(int index, void** handle) const {
  if (!functions_) return Status::error(Wording::sentence(N_("NVML is not open")));
  if (index < 0 || index >= device_count_)
    return Status::error(Wording::sentence(N_("GPU {0} does not exist (NVML sees {1})"),
                                           {std::to_string(index), std::to_string(device_count_)}));
  return functions_->check(functions_->handle_by_index(static_cast<unsigned int>(index), handle),
                           "nvmlDeviceGetHandleByIndex");
}

Status Nvml::device_name(int index, std::string* out) const {
  void* handle = nullptr;
  if (Status s = device(index, &handle); !s) return s;
  char name[96] = {};
  if (Status s = functions_->check(functions_->name(handle, name, sizeof name), "nvmlDeviceGetName"); !s) return s;
  *out = name;
  return Status::ok();
}

Status Nvml::read(int index, GpuVitals* out) const {
  void* h = nullptr;
  if (Status s = device(index, &h); !s) return s;
  const Functions& f = *functions_;
  GpuVitals v;
  unsigned int value = 0;
  if (f.power_usage(h, &value) == kSuccess) v.power_w = value / 1000.0;  // milliwatts
  if (f.clock_info(h, kClockSm, &value) == kSuccess) v.sm_clock_mhz = value;
  if (f.clock_info(h, kClockMemory, &value) == kSuccess) v.memory_clock_mhz = value;
  NvmlUtilization utilization{};
  if (f.utilization(h, &utilization) == kSuccess) v.gpu_utilization_percent = utilization.gpu;
  NvmlMemoryV2 memory_v2{};
  memory_v2.version = kMemoryV2Version;
  NvmlMemory memory{};
  if (f.memory_v2 && f.memory_v2(h, &memory_v2) == kSuccess) {
    v.memory_used_mib = static_cast<double>(memory_v2.used) / kMiB;
    v.memory_total_mib = static_cast<double>(memory_v2.total) / kMiB;
  } else if (f.memory(h, &memory) == kSuccess) {
    v.memory_used_mib = static_cast<double>(memory.used) / kMiB;
    v.memory_total_mib = static_cast<double>(memory.total) / kMiB;
  }
  if (f.temperature(h, kTemperatureGpu, &value) == kSuccess) v.temperature_c = value;
  unsigned long long millijoules = 0;
  if (f.total_energy && f.total_energy(h, &millijoules) == kSuccess) v.energy_counter_j = millijoules / 1000.0;
  *out = v;
  return Status::ok();
}

}  // namespace whygpu::vitals

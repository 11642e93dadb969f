#pragma once
// The copy benchmark: host-to-device and device-to-host over PCIe (or NVLink-C2C) from
// pageable and from pinned host memory, and device-to-device. Sizes are bytes. GB/s counts
// the bytes copied, except device-to-device, which counts bytes read plus bytes written
// (2 x size), the usual way to compare it with a kernel's memory traffic.
#include <cstddef>
#include <string_view>
#include <vector>

#include "compute/kernels/measurement.h"

namespace whygpu::kernels {

enum class CopyKind { HostToDevicePageable, HostToDevicePinned, DeviceToHostPageable,
                      DeviceToHostPinned, DeviceToDevice };

const std::vector<CopyKind>& all_copy_kinds();
const VariantInfo& copy_kind_info(CopyKind kind);
bool find_copy_kind(std::string_view key, CopyKind* out);

Status run_copy(CopyKind kind, std::size_t bytes, const BenchOptions& options,
                std::vector<Measurement>* rows);

std::vector<SweepJob> copy_jobs(const std::vector<CopyKind>& kinds,
                                const std::vector<std::size_t>& sizes,
                                const BenchOptions& options);

}  // namespace whygpu::kernels

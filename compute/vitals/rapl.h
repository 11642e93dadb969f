#pragma once
// The CPU's energy from the kernel's powercap interface to the processor's RAPL counters
// (/sys/class/powercap/intel-rapl:N/energy_uj, on Intel and on AMD Zen alike): one
// counter of microjoules per CPU package, which wraps to zero after max_energy_range_uj.
// Many systems let only root read them (since a 2020 side-channel fix); then, or on a
// machine without them, RaplReader::open says why and the CPU's energy is "unavailable".
#include <cstdint>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::vitals {

inline constexpr const char* kPowercapRoot = "/sys/class/powercap";

// Why open() finds no counter to read, each filled with a path. A recording keeps the
// reason in English; the page recognises these (app/vitals/vitals_figures.h).
inline constexpr const char* kNoPowercap = N_("{0} does not exist: this kernel offers no powercap (RAPL) energy counters");
inline constexpr const char* kNoPackageCounter =
    N_("{0} has no CPU package energy counter (no intel-rapl:N zone named package-N)");
inline constexpr const char* kRootOnly = N_("{0} can be read only by root on this machine (Permission denied)");

struct RaplZone {
  std::string name;           // "package-0"
  std::string energy_path;    // ".../intel-rapl:0/energy_uj"
  std::uint64_t max_range_uj = 0;
};

class RaplReader {
 public:
  // Finds the package zones (the top-level "intel-rapl:N" whose name starts with
  // "package"; their core and DRAM sub-zones are parts of them) and reads each once.
  static Status open(RaplReader* out, const std::string& root = kPowercapRoot);

  const std::vector<RaplZone>& zones() const { return zones_; }
  // One raw counter value per zone, in microjoules.
  Status read(std::vector<std::uint64_t>* energy_uj) const;

 private:
  std::vector<RaplZone> zones_;
};

// Microjoules between two readings of one counter, allowing for one wrap to zero.
std::uint64_t rapl_delta_uj(std::uint64_t before, std::uint64_t after, std::uint64_t max_range_uj);

// Sums the package counters over time, wraps included, as long as it is read at least
// once per wrap (minutes at full load).
class CpuEnergyCounter {
 public:
  Status open(const std::string& root = kPowercapRoot);
  // Reads the counters and returns the joules since open().
  Status read(double* joules);

 private:
  RaplReader reader_;
  std::vector<std::uint64_t> last_;
  double joules_ = 0.0;
};

}  // namespace whygpu::vitals

#include "compute/vitals/rapl.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace whygpu::vitals {
namespace {

// The first line of a small sysfs file.
Status read_line(const std::string& path, std::string* out) {
  std::ifstream in(path);
  if (!in) {
    const int error = errno;
    if (error == EACCES)
      return Status::error(
          Wording::sentence(kRootOnly, {path}));
    return Status::error(Wording::sentence(N_("{0}: {1}"), {path, std::strerror(error)}));
  }
  std::string line;
  if (!std::getline(in, line))
    return Status::error(Wording::sentence(N_("{0}: empty or unreadable"), {path}));
  *out = line;
  return Status::ok();
}

Status read_number(const std::string& path, std::uint64_t* out) {
  std::string line;
  if (Status s = read_line(path, &line); !s) return s;
  std::size_t used = 0;
  try {
    *out = std::stoull(line, &used);
  } catch (...) {
    used = 0;
  }
  if (used == 0) return Status::error(Wording::sentence(N_("{0}: not a number (\"{1}\")"), {path, line}));
  return Status::ok();
}

}  // namespace

Status RaplReader::open(RaplReader* out, const std::string& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    return Status::error(Wording::sentence(kNoPowercap, {root}));
  std::vector<std::string> folders;
  for (const fs::directory_entry& entry : fs::directory_iterator(root, ec)) {
    const std::string name = entry.path().filename().string();
    // "intel-rapl:0" is a package; "intel-rapl:0:1" a part of one.
    if (name.rfind("intel-rapl:", 0) == 0 && name.find(':', 11) == std::string::npos) folders.push_back(entry.path());
  }
  std::sort(folders.begin(), folders.end());
  RaplReader reader;
  for (const std::string& folder : folders) {
    RaplZone zone;
    if (!read_line(folder + "/name", &zone.name) || zone.name.rfind("package", 0) != 0) continue;
    zone.energy_path = folder + "/energy_uj";
    if (Status s = read_number(folder + "/max_energy_range_uj", &zone.max_range_uj); !s) return s;
    std::uint64_t first = 0;
    if (Status s = read_number(zone.energy_path, &first); !s) return s;  // readable now, or say why not
    reader.zones_.push_back(zone);
  }
  if (reader.zones_.empty())
    return Status::error(Wording::sentence(kNoPackageCounter, {root}));
  *out = std::move(reader);
  return Status::ok();
}

Status RaplReader::read(std::vector<std::uint64_t>* energy_uj) const {
  energy_uj->assign(zones_.size(), 0);
  for (std::size_t i = 0; i < zones_.size(); ++i)
    if (Status s = read_number(zones_[i].energy_path, &(*energy_uj)[i]); !s) return s;
  return Status::ok();
}

std::uint64_t rapl_delta_uj(std::uint64_t before, std::uint64_t after, std::uint64_t max_range_uj) {
  if (after >= before) return after - before;
  // The counter ran up to max_range_uj and started again from zero.
  return max_range_uj >= before ? (max_range_uj - before) + after : after;
}

Status CpuEnergyCounter::open(const std::string& root) {
  if (Status s = RaplReader::open(&reader_, root); !s) return s;
  joules_ = 0.0;
  return reader_.read(&last_);
}

Status CpuEnergyCounter::read(double* joules) {
  std::vector<std::uint64_t> now;
  if (Status s = reader_.read(&now); !s) return s;
  for (std::size_t i = 0; i < now.size(); ++i)
    joules_ += static_cast<double>(rapl_delta_uj(last_[i], now[i], reader_.zones()[i].max_range_uj)) * 1e-6;
  last_ = std::move(now);
  *joules = joules_;
  return Status::ok();
}

}  // namespace whygpu::vitals

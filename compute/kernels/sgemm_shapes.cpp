// The table of register-blocked SGEMM shapes and the process-wide selection.
#include "compute/kernels/sgemm_shapes.h"

#include <atomic>

namespace whygpu::kernels {
namespace {

const std::vector<SgemmShape>& all_shapes() {
  static const std::vector<SgemmShape> shapes = [] {
    std::vector<SgemmShape> all = register_tiled_shapes();
    for (auto& s : pipelined_shapes()) all.push_back(std::move(s));
    return all;
  }();
  return shapes;
}

// Index into all_shapes() of the ladder's shape: the fastest measured on an H100
// (PERF_NOTES.md).
constexpr int kDefaultShape = 1;
std::atomic<int> selected{kDefaultShape};

}  // namespace

Status launch_sgemm_register_tiled(const GemmOperands& op) {
  return all_shapes()[static_cast<std::size_t>(selected.load())].launch(op);
}

Status launch_sgemm_tile_shape(int index, const GemmOperands& op) {
  if (index < 0 || index >= static_cast<int>(all_shapes().size()))
    return Status::error("no register-tiled shape number " + std::to_string(index));
  return all_shapes()[static_cast<std::size_t>(index)].launch(op);
}

std::vector<std::string> sgemm_tile_shape_names() {
  std::vector<std::string> names;
  for (const auto& s : all_shapes()) names.push_back(s.name);
  return names;
}

Status select_sgemm_shape_index(int index) {
  if (index < 0 || index >= static_cast<int>(all_shapes().size()))
    return Status::error("no register-tiled shape number " + std::to_string(index));
  selected.store(index);
  return Status::ok();
}

int selected_sgemm_shape_index() { return selected.load(); }

}  // namespace whygpu::kernels

#include "compute/kernel_lab/problem.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "compute/kernels/random_fill.h"

namespace whygpu::kernel_lab {
namespace {

long long blocks_for(long long size, long long block) { return (size + block - 1) / block; }

}  // namespace

const float* Problem::input(std::string_view name) const {
  for (const Array& a : arrays)
    if (a.name == name) return a.input.data();
  return nullptr;
}

float* Problem::expected(std::string_view name) {
  for (Array& a : arrays)
    if (a.name == name) return a.expected.data();
  return nullptr;
}

long long Problem::value(Extent extent) const {
  switch (extent) {
    case Extent::Elements: return elements;
    case Extent::Blocks: return grid.volume();
    case Extent::Width: return width;
    case Extent::Height: return height;
  }
  return 0;
}

std::string Problem::launch_text() const {
  grid::LaunchConfig config;
  config.block = block;
  config.grid_auto = false;
  config.grid_manual = grid;
  return kKernelName + grid::launch_syntax(config);
}

KernelArguments::KernelArguments(const Problem& problem, const std::vector<float*>& array_pointers)
    : pointers_(array_pointers) {
  ints_.reserve(problem.exercise->params.size());  // no reallocation: args_ points into it
  std::size_t array = 0;
  for (const Param& param : problem.exercise->params) {
    if (param.kind == Param::Kind::Int) {
      ints_.push_back(static_cast<int>(problem.value(param.extent)));
      args_.push_back(&ints_.back());
    } else {
      args_.push_back(&pointers_[array++]);
    }
  }
}

bool within_tolerance(float expected, float got, float tolerance) {
  return std::fabs(expected - got) <= tolerance * std::max(1.0f, std::fabs(expected));
}

LabRequest starting_request(const Exercise& exercise) {
  LabRequest r;
  r.exercise = exercise.key;
  r.source = exercise.starter;
  r.n = kStartingElements;
  r.block = kStartingBlock;
  r.block_y = 1;
  r.width = kStartingWidth;
  r.height = kStartingHeight;
  if (exercise.layout == Layout::Matrix) {
    r.block = kStartingMatrixBlockX;
    r.block_y = kStartingMatrixBlockY;
  }
  return r;
}

Status make_problem(const Exercise& exercise, const LabRequest& request, Problem* out) {
  Problem p;
  p.exercise = &exercise;
  if (request.block < 1 || request.block_y < 1)
    return Status::error(Wording::sentence(N_("a block needs at least one thread")));
  if (exercise.layout == Layout::Line) {
    if (request.n < 1 || request.n > kMaxElements)
      return Status::error(Wording::sentence(N_("n must be from 1 to 2^28")));
    p.width = p.elements = request.n;
    p.height = 1;
    p.block = {request.block, 1, 1};
    p.grid = {blocks_for(p.elements, request.block), 1, 1};
  } else {
    p.width = request.width;
    p.height = request.height;
    if (p.width < 1 || p.height < 1 || p.width * p.height > kMaxElements)
      return Status::error(Wording::sentence(N_("the matrix needs at least one row and one column, "
                                              "and at most 2^28 elements")));
    p.elements = p.width * p.height;
    p.block = {request.block, request.block_y, 1};
    p.grid = {blocks_for(p.width, request.block), blocks_for(p.height, request.block_y), 1};
  }
  // Inputs from a fresh seed each try, never zeros.
  const std::uint64_t seed = kernels::fresh_seed();
  for (const Param& param : exercise.params) {
    if (param.kind == Param::Kind::Int) continue;
    Array a;
    a.name = param.name;
    a.output = param.kind == Param::Kind::Output;
    a.size = static_cast<std::size_t>(p.value(param.extent));
    if (a.output) {
      a.expected.resize(a.size);
    } else {
      a.input.resize(a.size);
      kernels::fill_uniform(a.input.data(), a.size, seed + p.arrays.size());
    }
    p.arrays.push_back(std::move(a));
  }
  exercise.reference(p);
  *out = std::move(p);
  return Status::ok();
}

void check_outputs(const Problem& problem, const std::vector<const float*>& outputs, LabReport* report) {
  report->checked = report->wrong = 0;
  report->first_wrong = -1;
  std::size_t k = 0;
  for (const Array& array : problem.arrays) {
    if (!array.output) continue;
    const float* got = outputs[k++];
    if (report->output.empty()) report->output = array.name;
    report->checked += static_cast<long long>(array.size);
    for (std::size_t i = 0; i < array.size; ++i) {
      if (within_tolerance(array.expected[i], got[i], problem.exercise->tolerance)) continue;
      if (report->wrong++ == 0) {
        report->output = array.name;
        report->first_wrong = static_cast<long long>(i);
        report->expected = array.expected[i];
        report->got = got[i];
      }
    }
  }
}

}  // namespace whygpu::kernel_lab

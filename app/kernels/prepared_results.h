#pragma once
// "Prepare the class": sweeps measured ahead of time on this computer (whygpu --prepare,
// or the Demos menu), kept in $XDG_CACHE_HOME/whygpu/prepared/ (~/.cache/whygpu/) so that
// in class a demo's sweep appears at once, labelled with the time it was measured. A
// result measured on other hardware (another GPU, another driver, another CPU) is never
// reused: the machine's description is part of what must match.
#include <string>
#include <vector>

#include "compute/bench/run_info.h"
#include "compute/core/status.h"
#include "compute/kernels/measurement.h"

namespace whygpu::app {

struct PreparedResult {
  bench::RunInfo run;  // when and where it was measured
  std::vector<kernels::Measurement> rows;
  // "measured at 08:14 on this computer (prepared before class)"
  std::string label() const;
};

// The folder prepared results live in.
std::string prepared_folder();

// True when `a` and `b` describe the same hardware and drivers (dates and commands aside).
bool same_machine(const bench::RunInfo& a, const bench::RunInfo& b);

// `sweep` names what was measured exactly (the panel's describe_sweep()): another size
// range or another set of variants is another result.
Status save_prepared(const std::string& sweep, const bench::RunInfo& run, const std::vector<kernels::Measurement>& rows);
// False when there is none for `sweep`, or it was measured on other hardware than `here`.
bool load_prepared(const std::string& sweep, const bench::RunInfo& here, PreparedResult* out);

}  // namespace whygpu::app

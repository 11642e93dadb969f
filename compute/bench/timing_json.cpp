#include "compute/bench/timing_json.h"

namespace whygpu {

void to_json(bench::Json& j, const TimingStats& t) {
  j = {{"median_ms", t.median_ms}, {"p10_ms", t.p10_ms}, {"p90_ms", t.p90_ms}, {"repeats", t.repeats}};
}

void from_json(const bench::Json& j, TimingStats& t) {
  TimingStats read;
  j.at("median_ms").get_to(read.median_ms);
  read.p10_ms = j.value("p10_ms", read.median_ms);
  read.p90_ms = j.value("p90_ms", read.median_ms);
  read.repeats = j.value("repeats", 0);
  if (read.median_ms < 0.0) bench::reject(j.at("median_ms"), "must be 0 or more");
  if (read.repeats < 1) bench::reject(j, "needs a repeats of at least 1");
  t = read;
}

}  // namespace whygpu

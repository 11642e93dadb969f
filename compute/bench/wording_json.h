#pragma once
// A Wording in a recording or a report, so that the interface can translate a sentence
// made on another computer: a value as its text, a number as {"number": "0.0062"}, a
// sentence as {"pattern": ..., "values": [...]}, each value of the same form. A file keeps
// the English beside it ("message", "description") for logs and older readers.
#include "compute/bench/json.h"
#include "compute/core/wording.h"

namespace whygpu::bench {

Json wording_json(const Wording& wording);

// Inside a from_json (read_json reports what it rejects): a sentence nested deeper than
// whygpu writes one (a sentence in a sentence in a sentence) is refused, so that a hostile
// file cannot recurse without end.
Wording wording_from_json(const Json& j);

}  // namespace whygpu::bench

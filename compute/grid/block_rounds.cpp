#include "compute/grid/block_rounds.h"

#include <algorithm>

namespace whygpu::grid {

std::vector<std::uint32_t> block_turns(const std::vector<BlockSummary>& blocks, int sm_count) {
  std::vector<std::uint32_t> turns(blocks.size(), 0);
  if (sm_count <= 0) return turns;
  std::vector<std::vector<std::uint64_t>> blocks_of_sm(static_cast<std::size_t>(sm_count));
  for (std::uint64_t b = 0; b < blocks.size(); ++b)
    if (blocks[b].smid < blocks_of_sm.size()) blocks_of_sm[blocks[b].smid].push_back(b);

  struct Place {
    std::uint64_t end_ns;
    std::uint32_t turn;
  };
  std::vector<Place> places;
  for (std::vector<std::uint64_t>& on_sm : blocks_of_sm) {
    std::stable_sort(on_sm.begin(), on_sm.end(), [&](std::uint64_t a, std::uint64_t b) {
      return blocks[a].first_start_ns < blocks[b].first_start_ns;
    });
    places.clear();
    for (std::uint64_t b : on_sm) {
      Place* freed = nullptr;
      for (Place& place : places)
        if (place.end_ns <= blocks[b].first_start_ns && (!freed || place.end_ns < freed->end_ns)) freed = &place;
      if (freed) {
        turns[b] = freed->turn + 1;
        *freed = Place{blocks[b].end_ns, turns[b]};
      } else {
        places.push_back(Place{blocks[b].end_ns, 0});
      }
    }
  }
  return turns;
}

}  // namespace whygpu::grid

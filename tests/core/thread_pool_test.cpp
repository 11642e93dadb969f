#include "compute/core/thread_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>

namespace whygpu {
namespace {

std::vector<std::pair<int, int>> pieces_of(ThreadPool& pool, int count) {
  std::mutex mutex;
  std::vector<std::pair<int, int>> pieces;
  pool.parallel_for(count, [&](int begin, int end) {
    std::lock_guard<std::mutex> lock(mutex);
    pieces.emplace_back(begin, end);
  });
  std::sort(pieces.begin(), pieces.end());
  return pieces;
}

TEST(ThreadPool, ParallelForSplitsIntoTheSameContiguousPiecesEveryTime) {
  ThreadPool pool(4);
  for (int count : {1, 3, 4, 10, 1001}) {
    SCOPED_TRACE(count);
    const auto pieces = pieces_of(pool, count);
    ASSERT_EQ(pieces.size(), static_cast<std::size_t>(std::min(count, pool.size())));
    int next = 0;
    for (const auto& [begin, end] : pieces) {
      EXPECT_EQ(begin, next);  // contiguous, disjoint, in order once sorted
      EXPECT_LT(begin, end);
      next = end;
    }
    EXPECT_EQ(next, count);
    EXPECT_EQ(pieces_of(pool, count), pieces);
  }
  EXPECT_TRUE(pieces_of(pool, 0).empty());
}

TEST(ThreadPool, RunUsesAtMostTheThreadsAskedFor) {
  ThreadPool pool(4);
  for (int threads : {1, 2, 4}) {
    std::mutex mutex;
    std::set<std::thread::id> seen;
    std::vector<int> hits(200, 0);
    pool.run(200, threads, [&](int t) {
      std::lock_guard<std::mutex> lock(mutex);
      seen.insert(std::this_thread::get_id());
      ++hits[static_cast<std::size_t>(t)];
    });
    EXPECT_LE(seen.size(), static_cast<std::size_t>(threads));
    EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), 200);
  }
}

TEST(ThreadPool, APoolOfOneRunsOnTheCaller) {
  ThreadPool pool(1);
  EXPECT_EQ(pool.size(), 1);
  const std::thread::id caller = std::this_thread::get_id();
  bool elsewhere = false;
  pool.run(10, 0, [&](int) { elsewhere = elsewhere || std::this_thread::get_id() != caller; });
  EXPECT_FALSE(elsewhere);
}

}  // namespace
}  // namespace whygpu

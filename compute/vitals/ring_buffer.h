#pragma once
// The last `capacity` values pushed, oldest first: a live plot's history, kept in fixed
// memory however long the app runs. Not thread-safe by itself (VitalsSampler locks it).
#include <cstddef>
#include <vector>

namespace whygpu::vitals {

template <typename T>
class RingBuffer {
 public:
  explicit RingBuffer(std::size_t capacity) : slots_(capacity ? capacity : 1) {}

  void push(const T& value) {
    slots_[next_] = value;
    next_ = (next_ + 1) % slots_.size();
    if (size_ < slots_.size()) ++size_;
  }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return slots_.size(); }
  bool empty() const { return size_ == 0; }
  // i = 0 is the oldest value held.
  const T& operator[](std::size_t i) const { return slots_[(next_ + slots_.size() - size_ + i) % slots_.size()]; }
  const T& newest() const { return (*this)[size_ - 1]; }

  std::vector<T> to_vector() const {
    std::vector<T> out;
    out.reserve(size_);
    for (std::size_t i = 0; i < size_; ++i) out.push_back((*this)[i]);
    return out;
  }

 private:
  std::vector<T> slots_;
  std::size_t next_ = 0;  // where the next push goes
  std::size_t size_ = 0;
};

}  // namespace whygpu::vitals

#include "app/dense_layer/dense_runner.h"

#include "app/i18n/translate.h"

namespace whygpu::app {

DenseRunner::~DenseRunner() {
  cancel();
  if (worker_.joinable()) worker_.join();
}

void DenseRunner::start(const dense_layer::DenseSizes& sizes) {
  if (busy()) return;
  if (worker_.joinable()) worker_.join();
  cancel_.store(false);
  busy_.store(true);
  worker_ = std::thread([this, sizes] {
    MeasureOptions options;
    options.repeats = 15;
    options.budget_seconds = 1.5;
    options.cancel = &cancel_;
    Outcome outcome;
    const Status s = dense_layer::measure_dense_layer(sizes, options, &outcome.timing);
    if (!s) outcome.error = translated(s);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      finished_ = std::move(outcome);
    }
    busy_.store(false);
  });
}

std::optional<DenseRunner::Outcome> DenseRunner::take() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<Outcome> out = std::move(finished_);
  finished_.reset();
  return out;
}

}  // namespace whygpu::app

#include "compute/framework/kernel_groups.h"

#include <algorithm>

#include "compute/core/translation_marker.h"

namespace whygpu::framework {
namespace {

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

}  // namespace

KernelLibrary library_of(const std::string& name) {
  // cuDNN first: its convolutions are built with CUTLASS and xmma too, but say what they do
  // (fprop, dgrad, wgrad: forward, gradient of the data, gradient of the weights).
  if (has(name, "cudnn") || has(name, "xmma_fprop") || has(name, "xmma_dgrad") || has(name, "xmma_wgrad") ||
      has(name, "implicit_gemm") || has(name, "wgrad_alg") || has(name, "winograd") || has(name, "nchwToNhwc") ||
      has(name, "nhwcToNchw"))
    return KernelLibrary::Cudnn;
  if (has(name, "whygpu::")) return KernelLibrary::Ours;
  if (has(name, "xmma_gemm") || has(name, "cutlass") || has(name, "cublas") || has(name, "gemm") ||
      has(name, "sgemm") || has(name, "gemv") || has(name, "scal_kernel") || has(name, "splitKreduce"))
    return KernelLibrary::Cublas;
  if (has(name, "at::") || has(name, "softmax_warp") || has(name, "nll_loss") || has(name, "elementwise") ||
      has(name, "reduce_kernel") || has(name, "multi_tensor_apply"))
    return KernelLibrary::PyTorch;
  return KernelLibrary::Other;
}

const char* library_label(KernelLibrary library) {
  switch (library) {
    case KernelLibrary::Ours: return N_("whygpu's own");
    case KernelLibrary::Cudnn: return "cuDNN";
    case KernelLibrary::Cublas: return "cuBLAS";
    case KernelLibrary::PyTorch: return N_("PyTorch's own (ATen)");
    case KernelLibrary::Other: return N_("other");
  }
  return N_("other");
}

std::vector<KernelRow> kernel_rows(const profile::Timeline& timeline) {
  std::vector<KernelRow> rows;
  for (const profile::TimelineItem& item : timeline.items) {
    if (item.kind != profile::ItemKind::Kernel) continue;
    KernelRow r;
    r.full_name = item.name;
    r.name = profile::kernel_display_name(item.name);
    r.library = library_of(item.name);
    std::copy(item.grid, item.grid + 3, r.grid);
    std::copy(item.block, item.block + 3, r.block);
    r.start_ns = item.start_ns;
    r.duration_ns = item.duration_ns();
    rows.push_back(std::move(r));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const KernelRow& a, const KernelRow& b) { return a.start_ns < b.start_ns; });
  return rows;
}

std::vector<LibraryShare> library_shares(const std::vector<KernelRow>& rows) {
  std::vector<LibraryShare> shares(kKernelLibraryCount);
  for (int i = 0; i < kKernelLibraryCount; ++i) shares[static_cast<std::size_t>(i)].library = static_cast<KernelLibrary>(i);
  for (const KernelRow& r : rows) {
    LibraryShare& s = shares[static_cast<std::size_t>(r.library)];
    ++s.kernels;
    s.total_ns += r.duration_ns;
  }
  std::erase_if(shares, [](const LibraryShare& s) { return s.kernels == 0; });
  std::stable_sort(shares.begin(), shares.end(), [](const LibraryShare& a, const LibraryShare& b) { return a.total_ns > b.total_ns; });
  return shares;
}

const std::vector<std::string>& keras_model_lines() {
  static const std::vector<std::string> lines = {
      "model = keras.Sequential([",
      "    keras.Input(shape=(28, 28, 1)),",
      "    layers.Conv2D(32, (3, 3), activation=\"relu\"),",
      "    layers.MaxPooling2D((2, 2)),",
      "    layers.Conv2D(64, (3, 3), activation=\"relu\"),",
      "    layers.MaxPooling2D((2, 2)),",
      "    layers.Conv2D(64, (3, 3), activation=\"relu\"),",
      "    layers.Flatten(),",
      "    layers.Dense(64, activation=\"relu\"),",
      "    layers.Dense(10, activation=\"softmax\"),",
      "])",
      "model.compile(optimizer=\"adam\",",
      "              loss=\"categorical_crossentropy\",",
      "              metrics=[\"accuracy\"])",
      "model.fit(x_train, y_train, batch_size=64)",
  };
  return lines;
}

}  // namespace whygpu::framework

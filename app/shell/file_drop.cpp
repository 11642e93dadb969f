#include "app/shell/file_drop.h"

#include <algorithm>
#include <filesystem>

#include "compute/core/translation_marker.h"

namespace whygpu::app {

DropKind classify_drop(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return DropKind::kImageFolder;
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".model") return DropKind::kLstmModel;
  if (ext == ".weights") return DropKind::kCnnWeights;
  return DropKind::kText;
}

const char* drop_kind_name(DropKind kind) {
  switch (kind) {
    case DropKind::kText: return N_("a text file");
    case DropKind::kImageFolder: return N_("a folder of images");
    case DropKind::kLstmModel: return N_("an LSTM model");
    case DropKind::kCnnWeights: return N_("CNN weights");
  }
  return N_("a file");
}

std::vector<DropAction> route_drop(DropKind kind, const std::string& path, const std::vector<std::string>& panels) {
  const bool text_or_model = kind == DropKind::kText || kind == DropKind::kLstmModel;
  const char* wanted = text_or_model ? "lstm-trainer" : "cnn-trainer";
  if (std::find(panels.begin(), panels.end(), wanted) == panels.end()) return {};
  switch (kind) {
    case DropKind::kText: return {{wanted, "text", path, ""}, {wanted, "", "", "open"}};
    case DropKind::kLstmModel: return {{wanted, "model", path, ""}, {wanted, "", "", "load"}};
    case DropKind::kCnnWeights: return {{wanted, "weights", path, ""}, {wanted, "", "", "load"}};
    case DropKind::kImageFolder: return {{wanted, "folder", path, ""}};  // also chooses "your images"
  }
  return {};
}

}  // namespace whygpu::app

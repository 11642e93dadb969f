#include "app/files/document_paths.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <vector>

#include "app/files/file_locations.h"
#include "app/i18n/translate.h"

namespace whygpu::app {
namespace fs = std::filesystem;
namespace {

// Component by component, both paths canonical: "/a/bc" is not inside "/a/b".
bool inside(const fs::path& file, const fs::path& folder) {
  const auto [f, _] = std::mismatch(folder.begin(), folder.end(), file.begin(), file.end());
  return f == folder.end();
}

// The folders a document may read from, symlinks resolved: its own, then the data folders.
// Each data folder's data/ (the data sets) counts wherever it lies: a checkout's data/ is
// often a link to a copy shared by several checkouts, made by the user, not a document.
std::vector<fs::path> read_roots(const std::string& document_folder) {
  std::vector<fs::path> roots;
  std::vector<std::string> folders{document_folder};
  for (const std::string& root : shipped_roots()) {
    folders.push_back(root);
    folders.push_back(root + "/data");
  }
  for (const std::string& folder : folders) {
    std::error_code ec;
    fs::path root = fs::weakly_canonical(fs::absolute(folder, ec), ec);
    if (!ec && !root.empty()) roots.push_back(std::move(root));
  }
  return roots;
}

// The first root's file that exists, else the first candidate inside a root (the panel
// then says it is missing, naming where it looked). A path that exists but resolves
// outside every root (`..`, a symlink) is refused even when another root would hold it.
Status resolve_read(const std::string& value, const std::string& document_folder, std::string* out) {
  const fs::path given(value);
  if (given.is_absolute())
    return Status::error(
        tr("a lesson or script reads only files in its own folder or the app's data folders, not an absolute path"));
  const std::vector<fs::path> roots = read_roots(document_folder);
  auto in_a_root = [&](const fs::path& p) {
    return std::any_of(roots.begin(), roots.end(), [&](const fs::path& root) { return inside(p, root); });
  };
  std::optional<fs::path> missing;
  for (const fs::path& root : roots) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(root / given, ec))) {
      const fs::path target = fs::canonical(root / given, ec);
      if (ec) return Status::error(tr("is a link to nothing"));
      if (!in_a_root(target))
        return Status::error("leads outside the lesson's folder and the app's data folders (to " + target.string() +
                             ")");
      *out = target.string();
      return Status::ok();
    }
    const fs::path candidate = fs::weakly_canonical(root / given, ec);
    if (!ec && !missing && in_a_root(candidate)) missing = candidate;
  }
  if (!missing) return Status::error(tr("leaves the lesson's folder and the app's data folders"));
  *out = missing->string();
  return Status::ok();
}

// A file name alone: no folder part, nothing hidden, no way up.
Status check_plain_name(const std::string& value, const char* where) {
  if (value.find('/') != std::string::npos || value.find("..") != std::string::npos || value.front() == '.')
    return Status::error(std::string("a lesson or script saves only into ") + where +
                         ", by a plain file name (no '/', no '..', no leading '.')");
  return Status::ok();
}

}  // namespace

ValueOrigin ValueOrigin::document(const std::string& file) {
  const fs::path folder = fs::path(file).parent_path();
  return ValueOrigin(true, folder.empty() ? "." : folder.string());
}

Status confine_param(const ParamSpec& spec, const std::string& value, const ValueOrigin& origin, std::string* out) {
  *out = value;
  if (!origin.is_document() || spec.path == PathUse::kNone || value.empty()) return Status::ok();
  Status s = Status::ok();
  switch (spec.path) {
    case PathUse::kNone: break;
    case PathUse::kRead: s = resolve_read(value, origin.folder(), out); break;
    case PathUse::kExportName: s = check_plain_name(value, "your export folder"); break;
    case PathUse::kModelName:
      s = check_plain_name(value, "the models folder");
      if (s) *out = saved_model_path(value);
      break;
  }
  if (!s) return Status::error(spec.name + ": " + s.message() + " (got '" + value + "')");
  return s;
}

}  // namespace whygpu::app

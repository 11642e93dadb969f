#pragma once
// Where a document may point. Lessons and demo scripts are files teachers share, so the
// paths they give panels (csv=, weights=, source_file=, `set PANEL KEY VALUE`) must not
// choose where the app reads or writes on the host. This is the one place that tells a
// document's value from the user's own choice, for every parameter whose table says it
// names a file (ParamSpec::path):
//   - PathUse::kRead: resolved inside the document's folder (the lesson's, or the
//     script's), else the app's data folders (file_locations.h: shipped_roots, the user's
//     data folder among them). An absolute path, a `..` that leaves them, or a symlink
//     that leads outside is refused.
//   - PathUse::kExportName: a plain file name (no folder part, no leading '.'), kept as
//     a name: the panel puts it in the user's export folder when it saves (export_path).
//   - PathUse::kModelName: a plain file name in the user's models folder
//     (saved_model_path), where Save writes it and Load finds it again, beside the
//     default model: a document can neither overwrite nor read a model elsewhere.
// What the user types into a field, picks in a file dialog or drops on the window is
// theirs and passes unchanged.
#include <string>

#include "app/panels/panel_params.h"
#include "compute/core/status.h"

namespace whygpu::app {

// Who wrote a parameter's value.
class ValueOrigin {
 public:
  static ValueOrigin user() { return ValueOrigin(false, {}); }
  // A lesson or a script, by the file it was read from.
  static ValueOrigin document(const std::string& file);

  bool is_document() const { return document_; }
  const std::string& folder() const { return folder_; }  // the document's folder

 private:
  ValueOrigin(bool document, std::string folder) : document_(document), folder_(std::move(folder)) {}
  bool document_;
  std::string folder_;
};

// `value` of the parameter `spec` as its panel should get it (*out; unchanged for the
// user, and for parameters that name no file), or why a document may not give it:
// "csv: a lesson or script saves only into your export folder, by a plain file name
// (got '/tmp/x/evil.csv')".
Status confine_param(const ParamSpec& spec, const std::string& value, const ValueOrigin& origin, std::string* out);

}  // namespace whygpu::app

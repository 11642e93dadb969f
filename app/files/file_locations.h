#pragma once
// Where whygpu finds the files it ships (lessons, recorded GPU runs, example models,
// fonts' fallbacks, data sets) and where it keeps the files it writes: one rule for every
// kind, so an installed copy, a build in a checkout and a test all agree.
#include <string>
#include <vector>

namespace whygpu::app {

// The folders a shipped file is looked for in, first match wins:
//   1. $XDG_DATA_HOME/whygpu (default ~/.local/share/whygpu): data sets the user fetched,
//      and anything the user puts there to replace a shipped file;
//   2. <folder of the executable>/../share/whygpu: the installed copy (cmake --install, .deb);
//   3. only when the executable runs from a build folder (the build this binary came from,
//      or a checkout two levels above it, as build/app/whygpu and .devcarry/bin/whygpu):
//      that checkout's source tree.
std::vector<std::string> shipped_roots();

// `relative` (e.g. "lessons", "assets/reference/h100-bench.json", "data/mnist") in the first
// root that holds it. When none does, the path it would have in the last root, so that
// the message of whatever fails to open it names a sensible place.
std::string shipped_path(const std::string& relative);

// The folder of the interface's compiled translations (<lang>/LC_MESSAGES/whygpu.mo):
// the build's own (<build>/locale, made from po/) when the executable runs from the build
// folder it came from, else <folder of the executable>/../share/locale, where cmake
// --install and the .deb put them.
std::string locale_folder();

// The folders whygpu writes to, each $XDG_<KIND>_HOME/whygpu with the XDG defaults under
// $HOME: settings (config), saved models (data), measurements kept for class (cache).
enum class UserFolder { kConfig, kData, kCache };
std::string user_folder(UserFolder kind);

// Where a trainer saves its model when no file is named: <data folder>/models/<file>.
std::string saved_model_path(const std::string& file);

// The folder exports (a sweep's CSV, a plot's PNG) are saved in when the user has chosen
// none: $XDG_DOCUMENTS_DIR/whygpu, the documents folder named in the environment or in
// $XDG_CONFIG_HOME/user-dirs.dirs as desktops write it, else ~/Documents/whygpu.
std::string default_export_folder();

// The user's export folder for this run: Settings::export_folder (the File menu,
// --export-dir) once main or the menu set it, else default_export_folder(). One value for
// the whole app, as the home folder is: panels are made from lesson parameters, which
// never name it. Safe to call from any thread.
std::string export_folder();
void set_export_folder(const std::string& folder);  // empty: the default

// Where an export named `file` is written: a relative name (a lesson's, a dated default,
// one the user typed) inside the export folder; an absolute path the user typed, as is.
std::string export_path(const std::string& file);

}  // namespace whygpu::app

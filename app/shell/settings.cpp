#include "app/shell/settings.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "app/files/file_locations.h"
#include "app/i18n/language.h"
#include "app/i18n/translate.h"
#include "compute/core/fields.h"
#include "compute/core/text_file.h"

namespace fs = std::filesystem;

namespace whygpu::app {
namespace {

constexpr std::size_t kMaxSettingsBytes = 64 * 1024;  // a settings file is a dozen lines

// Each line the file keeps, declared once: its key, what it accepts and the member it
// sets. Reading and writing both go through it, so the file never holds a value that
// reading would refuse.
const Fields<Settings>& settings_fields() {
  using S = Settings;
  static const Fields<S> fields{
      number_field("font_scale", &S::font_scale, S::min_font_scale, S::max_font_scale, "text scale"),
      flag_field("dark_theme", &S::dark_theme, "dark colours"),
      text_field("last_lesson", &S::last_lesson, "the lesson open at the end of the last run"),
      whole_field("window_width", &S::window_width, 640, 16384, "window width in pixels"),
      whole_field("window_height", &S::window_height, 480, 16384, "window height in pixels"),
      flag_field("window_maximized", &S::window_maximized, "the window fills the screen"),
      number_field("sidebar_width", &S::sidebar_width, S::min_sidebar_width, S::max_sidebar_width,
                   "the lesson list's width at text scale 1"),
      flag_field("sidebar_visible", &S::sidebar_visible, "the lesson list is shown"),
      flag_field("presenter_mode", &S::presenter_mode, "presenting to a class"),
      text_field("language", &S::language, "the interface's language",
                 [](const std::string& code) {
                   return find_language(code) ? Status::ok() : Status::error("not a language whygpu speaks");
                 })
          .also([](S& s) { s.language = find_language(s.language)->code; }),  // "fr_FR" is kept as "fr"
      text_field("export_folder", &S::export_folder, "where exports are saved",
                 [](const std::string& folder) {
                   return fs::path(folder).is_absolute() ? Status::ok() : Status::error("not an absolute path");
                 }),
  };
  return fields;
}

// A number out of its field's range is written as the nearest value the range allows (a
// window made narrower than the least the file keeps reopens at that least, not at the
// default); anything else is written as it is, and refused below if reading would refuse it.
std::string value_to_save(const FieldSpec& spec, const std::string& value) {
  if (spec.kind != FieldKind::whole && spec.kind != FieldKind::number) return value;
  char* end = nullptr;
  const double x = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0' || !std::isfinite(x)) return value;
  const double kept = std::clamp(x, spec.min, spec.max);
  if (kept == x) return value;
  return spec.kind == FieldKind::whole ? std::to_string(static_cast<long long>(kept)) : field_text(kept);
}

}  // namespace

std::string settings_folder() { return user_folder(UserFolder::kConfig); }

Settings load_settings(const std::string& folder, bool* found) {
  Settings s;
  const std::string path = folder + "/settings.ini";
  std::error_code ec;
  if (found) *found = fs::exists(path, ec);
  std::string text;
  // Missing, not a regular file (a folder, a FIFO), or far too large to be ours: defaults.
  if (!read_text_file(path, &text, kMaxSettingsBytes)) return s;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    // An unknown key or a value out of range, not a number or not a language keeps the default.
    (void)settings_fields().apply(line.substr(0, eq), line.substr(eq + 1), &s);
  }
  return s;
}

bool save_settings(const Settings& s, const std::string& folder, std::string* error) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  std::string text;
  Settings copy = s;
  for (const Field<Settings>& f : settings_fields().fields()) {
    // Never write what load_settings would refuse (NaN, out of range, a line break): the
    // default then stands.
    const std::string value = value_to_save(f.spec, f.show(copy));
    Settings probe;
    if (value.find('\n') != std::string::npos || !settings_fields().apply(f, value, &probe, "")) continue;
    text += f.spec.name + "=" + value + "\n";
  }
  if (const Status saved = write_file_atomically(folder + "/settings.ini", text); !saved) {
    if (error) *error = translated(saved);
    return false;
  }
  return true;
}

}  // namespace whygpu::app

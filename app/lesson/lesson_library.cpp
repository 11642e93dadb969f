#include "app/lesson/lesson_library.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "app/file_locations.h"

namespace fs = std::filesystem;

namespace whygpu::app {

LessonLibrary LessonLibrary::load(const std::string& folder) {
  LessonLibrary library;
  library.folder_ = folder;
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) {
    library.folder_error_ = "lesson folder '" + folder + "' does not exist (set --lessons DIR)";
    return library;
  }
  std::vector<fs::path> files;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".lesson") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    library.folder_error_ = "no *.lesson files in '" + folder + "'";
    return library;
  }

  std::map<std::string, std::string> first_file_of_id;
  for (const fs::path& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    Lesson lesson;
    if (!in) {
      lesson.file = path.string();
      lesson.errors.push_back({path.string(), 0, "cannot read the file"});
    } else {
      lesson = parse_lesson(text.str(), path.string());
    }
    if (lesson.id.empty()) lesson.id = path.stem().string();
    if (lesson.title.empty()) lesson.title = path.stem().string();
    if (lesson.section.empty()) lesson.section = "Unsorted";
    const auto [it, fresh] = first_file_of_id.emplace(lesson.id, path.string());
    if (!fresh) {
      lesson.errors.push_back({path.string(), 1, "id '" + lesson.id + "' is already used by " + it->second});
      lesson.id += "@" + path.stem().string();
    }
    library.lessons_.push_back(std::move(lesson));
  }
  for (int i = 0; i < static_cast<int>(library.lessons_.size()); ++i) {
    const std::string& title = library.lessons_[i].section;
    auto section = std::find_if(library.sections_.begin(), library.sections_.end(),
                                [&](const LessonSection& s) { return s.title == title; });
    if (section == library.sections_.end()) {
      library.sections_.push_back({title, {}});
      section = library.sections_.end() - 1;
    }
    section->lessons.push_back(i);
  }
  return library;
}

std::vector<int> LessonLibrary::reading_order() const {
  std::vector<int> order;
  for (const LessonSection& section : sections_) order.insert(order.end(), section.lessons.begin(), section.lessons.end());
  return order;
}

int LessonLibrary::find(const std::string& id) const {
  for (int i = 0; i < static_cast<int>(lessons_.size()); ++i)
    if (lessons_[i].id == id) return i;
  return -1;
}

std::string default_lessons_folder() { return shipped_path("lessons"); }

}  // namespace whygpu::app

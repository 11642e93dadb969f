#include "app/lesson/lesson_library.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "app/file_locations.h"
#include "compute/core/text_file.h"

namespace fs = std::filesystem;

namespace whygpu::app {
namespace {

constexpr std::size_t kMaxLessonBytes = std::size_t{4} << 20;  // the longest lesson is a few kilobytes

}  // namespace

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
    // Anything named *.lesson but a folder: a FIFO or a device becomes a lesson that says
    // what it is (read_text_file refuses it) instead of vanishing from the list.
    std::error_code kind_error;
    if (it->path().extension() == ".lesson" && !it->is_directory(kind_error)) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    library.folder_error_ = "no *.lesson files in '" + folder + "'";
    return library;
  }

  std::map<std::string, std::string> first_file_of_id;
  for (const fs::path& path : files) {
    std::string text;
    Lesson lesson;
    if (const Status read = read_text_file(path.string(), &text, kMaxLessonBytes); !read) {
      lesson.file = path.string();
      std::string why = read.message();  // "PATH: is a named pipe (FIFO), ..."; the error names the file already
      if (why.rfind(lesson.file + ": ", 0) == 0) why.erase(0, lesson.file.size() + 2);
      lesson.errors.push_back({lesson.file, 0, why});
    } else {
      lesson = parse_lesson(text, path.string());
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

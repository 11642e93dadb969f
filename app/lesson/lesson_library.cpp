#include "app/lesson/lesson_library.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "app/files/file_locations.h"
#include "app/lesson/content_hash.h"
#include "compute/core/text_file.h"

namespace fs = std::filesystem;

namespace whygpu::app {
namespace {

constexpr std::size_t kMaxLessonBytes = std::size_t{4} << 20;  // the longest lesson is a few kilobytes

// The lesson in a file; one that cannot be read becomes a lesson that says why.
Lesson read_lesson(const fs::path& path, std::string* bytes) {
  Lesson lesson;
  if (const Status read = read_text_file(path.string(), bytes, kMaxLessonBytes); !read) {
    lesson.file = path.string();
    std::string why = read.message();  // "PATH: is a named pipe (FIFO), ..."; the error names the file already
    if (why.rfind(lesson.file + ": ", 0) == 0) why.erase(0, lesson.file.size() + 2);
    lesson.errors.push_back({lesson.file, 0, why});
  } else {
    lesson = parse_lesson(*bytes, path.string());
  }
  if (lesson.id.empty()) lesson.id = path.stem().string();
  if (lesson.title.empty()) lesson.title = path.stem().string();
  if (lesson.section.empty()) lesson.section = "Unsorted";
  return lesson;
}

}  // namespace

LessonLibrary LessonLibrary::load(const std::string& folder) {
  LessonLibrary library;
  library.folder_ = folder;
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) {
    library.folder_error_ = Wording::sentence(N_("lesson folder '{0}' does not exist (set --lessons DIR)"), {folder});
    return library;
  }
  std::vector<fs::path> files, translated;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    // Anything named *.lesson but a folder: a FIFO or a device becomes a lesson that says
    // what it is (read_text_file refuses it) instead of vanishing from the list.
    std::error_code kind_error;
    if (it->path().extension() != ".lesson" || it->is_directory(kind_error)) continue;
    (language_of_file(it->path().string()).empty() ? files : translated).push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  std::sort(translated.begin(), translated.end());
  if (files.empty()) {
    library.folder_error_ = Wording::sentence(N_("no *.lesson files in '{0}'"), {folder});
    return library;
  }

  std::map<std::string, std::string> first_file_of_id;
  std::map<std::string, int> index_of_file;
  for (const fs::path& path : files) {
    std::string bytes;
    Lesson lesson = read_lesson(path, &bytes);
    const auto [it, fresh] = first_file_of_id.emplace(lesson.id, path.string());
    if (!fresh) {
      lesson.errors.push_back({path.string(), 1, "id '" + lesson.id + "' is already used by " + it->second});
      lesson.id += "@" + path.stem().string();
    }
    index_of_file[path.string()] = static_cast<int>(library.originals_.size());
    library.originals_.push_back(std::move(lesson));
    library.original_hashes_.push_back(translation_hash(bytes));
  }
  library.translations_.resize(library.originals_.size());
  for (const fs::path& path : translated) {
    const auto original = index_of_file.find(original_of(path.string()));
    if (original == index_of_file.end()) {
      library.orphans_.push_back({path.string(), 1, "a translation of " + original_of(path.string()) +
                                                        ", which does not exist (renamed? rename the translation too)"});
      continue;
    }
    const int index = original->second;
    std::string bytes;
    LessonTranslation translation{read_lesson(path, &bytes), TranslationState::current, {}};
    translation.mismatches = lesson_mismatches(library.originals_[index], translation.lesson);
    if (!translation.mismatches.empty()) translation.state = TranslationState::mismatched;
    else if (translation.lesson.translates != library.original_hashes_[index])
      translation.state = TranslationState::out_of_date;
    library.translations_[index][language_of_file(path.string())] = std::move(translation);
  }
  library.set_language("en");
  return library;
}

void LessonLibrary::set_language(const std::string& language) {
  language_ = language;
  shown_ = originals_;
  english_because_.assign(originals_.size(), TranslationState::current);
  if (language != "en") {
    for (std::size_t i = 0; i < originals_.size(); ++i) {
      const auto translation = translations_[i].find(language);
      if (translation == translations_[i].end()) english_because_[i] = TranslationState::missing;
      else if (translation->second.state != TranslationState::current) english_because_[i] = translation->second.state;
      else shown_[i] = translation->second.lesson;
    }
  }
  // Sections are the originals' (a section half translated stays one section), titled by
  // the first of its lessons that shows translated.
  sections_.clear();
  std::vector<std::string> english_titles;
  for (int i = 0; i < static_cast<int>(shown_.size()); ++i) {
    const auto found = std::find(english_titles.begin(), english_titles.end(), originals_[i].section);
    const std::size_t s = found - english_titles.begin();
    if (found == english_titles.end()) {
      english_titles.push_back(originals_[i].section);
      sections_.push_back({originals_[i].section, {}});
    }
    if (english_because_[i] == TranslationState::current && sections_[s].title == english_titles[s])
      sections_[s].title = shown_[i].section;
    sections_[s].lessons.push_back(i);
  }
}

std::vector<int> LessonLibrary::reading_order() const {
  std::vector<int> order;
  for (const LessonSection& section : sections_) order.insert(order.end(), section.lessons.begin(), section.lessons.end());
  return order;
}

int LessonLibrary::find(const std::string& id) const {
  for (int i = 0; i < static_cast<int>(shown_.size()); ++i)
    if (shown_[i].id == id) return i;
  return -1;
}

std::string default_lessons_folder() { return shipped_path("lessons"); }

}  // namespace whygpu::app

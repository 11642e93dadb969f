#pragma once
// All lessons under a folder, in reading order (sorted by path), grouped into sections, in
// the language asked for: each lesson's translation where it is current, else the English
// original (lessons/FORMAT.md, "Translations").
#include <map>
#include <string>
#include <vector>

#include "app/lesson/lesson.h"
#include "app/lesson/translation.h"
#include "compute/core/wording.h"

namespace whygpu::app {

struct LessonSection {
  std::string title;
  std::vector<int> lessons;  // indices into LessonLibrary::lessons()
};

// A translation read beside its original (`*.LANG.lesson`), with how it stands.
struct LessonTranslation {
  Lesson lesson;
  TranslationState state = TranslationState::current;
  std::vector<std::string> mismatches;  // lesson_mismatches(original, lesson)
};

class LessonLibrary {
 public:
  // Reads every *.lesson file below `folder`, each through read_text_file (compute/core/
  // text_file.h; up to 4 MiB). A file that cannot be read (a FIFO, a device, too large)
  // or parsed still becomes a lesson (titled by its file name) whose errors show on its
  // page, the reason naming the file. Files named *.LANG.lesson are translations of the
  // lesson beside them, not lessons of their own. The lessons show in English until
  // set_language.
  static LessonLibrary load(const std::string& folder);

  // "en", or a code of translation_languages(): lessons() and sections() show each lesson
  // in that language where its translation is current, else in English.
  void set_language(const std::string& language);
  const std::string& language() const { return language_; }

  // In the current language, index for index the same lessons as originals().
  const std::vector<Lesson>& lessons() const { return shown_; }
  const std::vector<LessonSection>& sections() const { return sections_; }
  // Why lessons()[index] is in English although another language was asked for
  // (`current` when it shows as asked).
  TranslationState english_because(int index) const { return english_because_[index]; }

  // The English originals, their hashes as a translation records them, and their
  // translations by language: for --check-lessons.
  const std::vector<Lesson>& originals() const { return originals_; }
  const std::string& original_hash(int index) const { return original_hashes_[index]; }
  const std::map<std::string, LessonTranslation>& translations(int index) const { return translations_[index]; }
  // Translations whose original is not there (a renamed lesson), each with the reason.
  const std::vector<LessonError>& orphan_translations() const { return orphans_; }

  const std::string& folder() const { return folder_; }
  // A problem with the folder itself (missing, empty), else empty: the lesson list shows it
  // in the page's language, the command line in English.
  const Wording& folder_error() const { return folder_error_; }

  // Index of the lesson with this id, or -1.
  int find(const std::string& id) const;
  // Lesson indices in the order a reader meets them: section by section.
  std::vector<int> reading_order() const;

 private:
  std::string folder_;
  Wording folder_error_;
  std::string language_ = "en";
  std::vector<Lesson> originals_;
  std::vector<std::string> original_hashes_;
  std::vector<std::map<std::string, LessonTranslation>> translations_;
  std::vector<LessonError> orphans_;
  std::vector<Lesson> shown_;
  std::vector<TranslationState> english_because_;
  std::vector<LessonSection> sections_;
};

// Where the lessons are: lessons/, found as every shipped file is (app/files/file_locations.h).
std::string default_lessons_folder();

}  // namespace whygpu::app

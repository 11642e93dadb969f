#pragma once
// All lessons under a folder, in reading order (sorted by path), grouped into sections.
#include <string>
#include <vector>

#include "app/lesson/lesson.h"

namespace whygpu::app {

struct LessonSection {
  std::string title;
  std::vector<int> lessons;  // indices into LessonLibrary::lessons()
};

class LessonLibrary {
 public:
  // Reads every *.lesson file below `folder`, each through read_text_file (compute/core/
  // text_file.h; up to 4 MiB). A file that cannot be read (a FIFO, a device, too large)
  // or parsed still becomes a lesson (titled by its file name) whose errors show on its
  // page, the reason naming the file.
  static LessonLibrary load(const std::string& folder);

  const std::vector<Lesson>& lessons() const { return lessons_; }
  const std::vector<LessonSection>& sections() const { return sections_; }
  const std::string& folder() const { return folder_; }
  // A problem with the folder itself (missing, empty), else empty.
  const std::string& folder_error() const { return folder_error_; }

  // Index of the lesson with this id, or -1.
  int find(const std::string& id) const;
  // Lesson indices in the order a reader meets them: section by section.
  std::vector<int> reading_order() const;

 private:
  std::string folder_;
  std::string folder_error_;
  std::vector<Lesson> lessons_;
  std::vector<LessonSection> sections_;
};

// Where the lessons are: lessons/, found as every shipped file is (app/file_locations.h).
std::string default_lessons_folder();

}  // namespace whygpu::app

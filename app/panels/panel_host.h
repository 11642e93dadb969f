#pragma once
// The live panels of every lesson opened so far: made from the lesson's @panel lines on
// first view and kept while the app runs (training goes on when the reader turns the
// page), found by the names scripts use, and closed before the GL context goes.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/files/document_paths.h"
#include "app/i18n/translate.h"
#include "app/lesson/lesson_library.h"
#include "app/panels/panel.h"
#include "compute/core/status.h"

namespace whygpu::app {

struct PanelType;

struct PanelSlot {
  std::string id;                  // what scripts call it (lesson_check.h: panel_directives)
  const PanelType* type = nullptr; // null for a name no panel has
  std::string type_name;
  int block = -1;                  // index of its @panel block in the lesson
  std::unique_ptr<Panel> panel;    // null when it failed to start or stopped
  std::string where;               // "file:line: " of its @panel line, before each problem
  // Why it did not start, or the values of its line it left out: read in the page's
  // language when shown (PanelHost::errors()), so a language switch reaches them too.
  std::vector<Wording> problems;
};

// A slot's problems in the page's language, one "file:line: ..." a line ("" when none).
// Inline: the page draws it, and the page is also built without the panels (fuzz/).
inline std::string shown_problems(const PanelSlot& slot) {
  std::string text;
  for (const Wording& p : slot.problems) text += (text.empty() ? "" : "\n") + slot.where + translated(p);
  return text;
}

class PanelHost {
 public:
  explicit PanelHost(const LessonLibrary& library) : library_(library) {}

  // The panels of lesson `lesson`, made on first call.
  std::vector<PanelSlot>& panels_of(int lesson);
  // The panel a script names on `lesson`: its id, else the first of that type.
  PanelSlot* find(int lesson, const std::string& name);

  // The script actions, with the parameter table's checks and words.
  Status set_param(int lesson, const std::string& panel, const std::string& key, const std::string& value,
                   const ValueOrigin& origin);
  Status press(int lesson, const std::string& panel, const std::string& button);
  Status busy(int lesson, const std::string& panel, bool* busy);

  // True while any panel of any lesson times CPU work (Panel::timing_the_cpu).
  bool timing_the_cpu() const;
  // Problems of the lesson's panels (those that did not start or stopped).
  std::vector<std::string> errors(int lesson) const;
  // Destroys every panel while the GL context still exists; their errors stay listed.
  void close_all();

 private:
  Status usable(int lesson, const std::string& panel, PanelSlot** slot);
  const LessonLibrary& library_;
  std::map<int, std::vector<PanelSlot>> panels_;
};

}  // namespace whygpu::app

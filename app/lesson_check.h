#pragma once
// Checks what lessons and scripts ask of panels against the panels' parameter tables,
// without opening a page: `whygpu --check-lessons` and the page share these words.
#include <string>
#include <vector>

#include "app/lesson/lesson.h"
#include "app/lesson/lesson_library.h"
#include "app/panel_params.h"
#include "app/script.h"

namespace whygpu::app {

struct PanelType;

// A directive's panel name without its id=, and its parameters without id=.
struct PanelDirective {
  std::string id;    // id=, or the type name (with #2, #3 for later panels of one type)
  std::string type;
  std::map<std::string, std::string> params;
  std::string document;  // the lesson file: the files its parameters name are looked for beside it
};
// The @panel blocks of a lesson in page order, with the ids scripts address them by.
std::vector<PanelDirective> panel_directives(const Lesson& lesson);

// Problems of one directive ("thread-grid has no parameter 'blok_x' (did you mean
// block_x?)"), checked against its type's table and, for the files it names, against
// where a lesson may point (document_paths.h); the checked values go to *params when the
// type exists, with the default in place of each refused one.
std::vector<std::string> check_directive(const PanelDirective& directive, PanelParams* params = nullptr);

// The block index of the panel a @predict (block `predict`) belongs to: its panel= (an
// id, or a type name), else the next @panel of the page; -1 when there is none.
int predicted_panel_block(const Lesson& lesson, int predict);

// Every problem of a lesson: its parse errors, its directives' (panels and predictions,
// each prediction's panel and result), and a live panel with no @predict on the page, as
// "file:line: ...".
std::vector<std::string> lesson_problems(const Lesson& lesson);

// A script's `lesson`, `set`, `press` and panel names checked against the lessons it
// opens (following lesson/next/previous), as "file:line: ...".
std::vector<std::string> script_problems(const Script& script, const LessonLibrary& library);

}  // namespace whygpu::app

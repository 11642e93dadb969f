#pragma once
// Checks what lessons and scripts ask of panels against the panels' parameter tables,
// without opening a page: `whygpu --check-lessons` and the page share these words.
#include <string>
#include <vector>

#include "app/demo/script.h"
#include "app/lesson/lesson.h"
#include "app/lesson/lesson_library.h"
#include "app/lesson/panel_directives.h"
#include "app/panels/panel_params.h"

namespace whygpu::app {

struct PanelType;

// Problems of one directive ("thread-grid has no parameter 'blok_x' (did you mean
// block_x?)"), checked against its type's table and, for the files it names, against
// where a lesson may point (document_paths.h); the checked values go to *params when the
// type exists, with the default in place of each refused one. The page shows the problems in
// its language, --check-lessons in English.
std::vector<Wording> check_directive(const PanelDirective& directive, PanelParams* params = nullptr);

// Every problem of a lesson: its parse errors, its directives' (panels and predictions,
// each prediction's panel and result), a live panel with no @predict on the page, and a
// fact name app/lesson/lesson_facts.h does not know, as "file:line: ...".
std::vector<std::string> lesson_problems(const Lesson& lesson);

// A script's `lesson`, `set`, `press` and panel names checked against the lessons it
// opens (following lesson/next/previous), each key stop's target (a panel, or a question
// asked before one), a stop whose caption sends the class to look ("Watch ...") but names
// nothing to look at, and the facts its captions name, as "file:line: ...".
std::vector<std::string> script_problems(const Script& script, const LessonLibrary& library);

}  // namespace whygpu::app

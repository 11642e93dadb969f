#pragma once
// How a lesson's directives refer to one another: each @panel's id (what scripts and
// @predict's panel= name) and the panel each @predict belongs to. Plain lesson structure,
// with no knowledge of the panel types (lesson_check.h checks them against the registry).
#include <map>
#include <string>
#include <vector>

#include "app/lesson/lesson.h"

namespace whygpu::app {

// A directive's panel name without its id=, and its parameters without id=.
struct PanelDirective {
  std::string id;    // id=, or the type name (with #2, #3 for later panels of one type)
  std::string type;
  std::map<std::string, std::string> params;
  std::string document;  // the lesson file: the files its parameters name are looked for beside it
};
// The @panel blocks of a lesson in page order, with the ids scripts address them by.
std::vector<PanelDirective> panel_directives(const Lesson& lesson);

// The block index of the panel a @predict (block `predict`) belongs to: its panel= (an
// id, or a type name), else the next @panel of the page; -1 when there is none.
int predicted_panel_block(const Lesson& lesson, int predict);

}  // namespace whygpu::app

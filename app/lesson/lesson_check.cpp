#include "app/lesson/lesson_check.h"

#include <algorithm>

#include "app/files/document_paths.h"
#include "app/lesson/lesson_facts.h"
#include "app/panels/panel_registry.h"
#include "app/predict/prediction.h"

namespace whygpu::app {
namespace {

std::string at(const std::string& file, int line) { return file + ":" + std::to_string(line) + ": "; }

// The directive a script's PANEL names on a lesson: its id, else the first of that type.
const PanelDirective* find_directive(const std::vector<PanelDirective>& directives, const std::string& name) {
  for (const PanelDirective& d : directives)
    if (d.id == name) return &d;
  for (const PanelDirective& d : directives)
    if (d.type == name) return &d;
  return nullptr;
}

// Facts named in text that is shown as it is (a @predict's words, a caption): each name
// known, and no `{fact:` that is not a fact.
void check_fact_refs(const std::string& text, const std::string& where, std::vector<std::string>* problems) {
  std::size_t shown = 0;
  for (std::size_t at = text.find("{fact:"); at != std::string::npos; at = text.find("{fact:", at + 1)) ++shown;
  const std::vector<FactRef> refs = find_fact_refs(text);
  for (const FactRef& ref : refs)
    if (!find_lesson_fact(ref.name))
      problems->push_back(where + "unknown fact '" + ref.name + "' (lessons/FORMAT.md lists the facts)");
  if (shown > refs.size())
    problems->push_back(where + "'{fact:' that is not a fact is shown as written: a fact is {fact:NAME}, NAME in "
                                "lowercase letters, digits, '.', '_' and '-'");
}

// The same for a paragraph's spans; a fact inside *, ** or ` is not read but shown as written.
void check_span_facts(const std::vector<TextSpan>& spans, const std::string& where,
                      std::vector<std::string>* problems) {
  for (const TextSpan& span : spans) {
    if (span.style == TextSpan::Style::fact) check_fact_refs("{fact:" + span.text + "}", where, problems);
    else if (span.text.find("{fact:") != std::string::npos)
      problems->push_back(where + "'{fact:' shown as written: a fact is {fact:NAME} (NAME from lessons/FORMAT.md), "
                                  "outside *, ** and `");
  }
}

// The word of a caption that sends the class to look at something ("Watch the two
// curves"), or "": such a stop must say where to look.
std::string look_word(const std::string& caption) {
  static const char* const kLookWords[] = {"look", "watch", "see"};
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  std::size_t start = 0;
  while (start < caption.size()) {
    while (start < caption.size() && !letter(caption[start])) ++start;
    std::size_t end = start;
    while (end < caption.size() && letter(caption[end])) ++end;
    std::string word = caption.substr(start, end - start);
    std::string lower = word;
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (const char* look : kLookWords)
      if (lower == look) return word;
    start = end;
  }
  return "";
}

// True when the lesson asks a question before the panel `directive` (one of `directives`).
bool question_before(const Lesson& lesson, const std::vector<PanelDirective>& directives,
                     const PanelDirective* directive) {
  const long index = directive - directives.data();
  int panel_block = -1;
  for (int b = 0, seen = 0; b < static_cast<int>(lesson.blocks.size()) && panel_block < 0; ++b)
    if (lesson.blocks[b].kind == LessonBlock::Kind::panel && seen++ == index) panel_block = b;
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b)
    if (lesson.blocks[b].kind == LessonBlock::Kind::predict && predicted_panel_block(lesson, b) == panel_block)
      return true;
  return false;
}

}  // namespace

std::vector<Wording> check_directive(const PanelDirective& directive, PanelParams* params) {
  const PanelType* type = find_panel_type(directive.type);
  if (!type) return {Wording::sentence(N_("unknown panel '{0}' (whygpu --list-panels lists them)"), {directive.type})};
  std::vector<Wording> problems;
  std::map<std::string, std::string> given = directive.params;
  for (auto it = given.begin(); it != given.end();) {
    const ParamSpec* spec = nullptr;
    if (!find_param(type->params, directive.type, it->first, &spec)) {
      ++it;  // PanelParams::check words it
      continue;
    }
    if (Status s = confine_param(*spec, it->second, ValueOrigin::document(directive.document), &it->second); !s) {
      problems.push_back(Wording::sentence(N_("{0}; the default is used"), {s.wording()}));
      it = given.erase(it);
    } else {
      ++it;
    }
  }
  PanelParams checked = PanelParams::check(type->params, directive.type, given, &problems);
  if (params) *params = std::move(checked);
  return problems;
}

std::vector<std::string> lesson_problems(const Lesson& lesson) {
  std::vector<std::string> problems;
  for (const LessonError& e : lesson.errors) problems.push_back(e.to_string());
  const std::vector<PanelDirective> directives = panel_directives(lesson);
  std::size_t d = 0;
  int first_panel_line = 0;
  bool predicts = false;
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b) {
    const LessonBlock& block = lesson.blocks[b];
    const std::string where = at(lesson.file, block.line);
    check_span_facts(block.spans, where, &problems);
    if (block.kind == LessonBlock::Kind::panel) {
      if (!first_panel_line) first_panel_line = block.line;
      for (const Wording& p : check_directive(directives[d++])) problems.push_back(where + p.english());
    }
    if (block.kind != LessonBlock::Kind::predict) continue;
    predicts = true;
    for (const char* key : {"question", "explain", "choices", "unit"})
      if (const auto text = block.params.find(key); text != block.params.end())
        check_fact_refs(text->second, where, &problems);
    Prediction prediction;
    if (Status s = parse_prediction(block.params, &prediction); !s) {
      problems.push_back(where + s.message());
      continue;
    }
    const int panel = predicted_panel_block(lesson, b);
    if (panel < 0) {
      if (!prediction.result.empty() || !prediction.panel.empty())
        problems.push_back(where + "@predict: no panel " +
                           (prediction.panel.empty() ? "follows it" : "'" + prediction.panel + "' is on this page"));
      continue;
    }
    const PanelType* type = find_panel_type(lesson.blocks[panel].panel_type);
    if (!type || prediction.result.empty()) continue;
    const bool known = std::any_of(type->results.begin(), type->results.end(),
                                   [&](const ResultSpec& r) { return r.name == prediction.result; });
    if (!known) {
      std::string names;
      for (const ResultSpec& r : type->results) names += (names.empty() ? "" : ", ") + r.name;
      problems.push_back(where + "@predict: " + type->name + " measures no '" + prediction.result + "' (" +
                         (names.empty() ? "it has no results" : "it has: " + names) + ")");
    }
  }
  // Every page that measures something live asks for a prediction first.
  if (first_panel_line && !predicts)
    problems.push_back(at(lesson.file, first_panel_line) +
                       "this lesson has a live panel but no @predict: ask the student to predict before it measures");
  return problems;
}

std::vector<std::string> script_problems(const Script& script, const LessonLibrary& library) {
  std::vector<std::string> problems;
  const std::vector<int> order = library.reading_order();
  int current = -1;  // unknown until the script opens a lesson
  std::vector<PanelDirective> directives;
  auto open = [&](int index) {
    current = index;
    directives = index >= 0 ? panel_directives(library.lessons()[index]) : std::vector<PanelDirective>{};
  };
  std::string caption;  // the caption on screen
  for (const ScriptAction& action : script.actions) {
    const std::string where = at(script.file, action.line);
    if (action.verb == "caption" && !action.args.empty()) check_fact_refs(action.args[0], where, &problems);
    if (action.verb == "caption") caption = action.args.empty() ? "" : action.args[0];
    if (action.verb == "wait-key" && action.args.empty())
      if (const std::string look = look_word(caption); !look.empty())
        problems.push_back(where + "the caption tells the class to look ('" + look +
                           "'), but the stop names nothing to look at: wait-key PANEL (or PANEL:predict) brings it "
                           "into view");
    if (action.verb == "lesson") {
      const int index = library.find(action.args[0]);
      if (index < 0) problems.push_back(where + "no lesson with id '" + action.args[0] + "' (see --list-lessons)");
      open(index);
      continue;
    }
    if (action.verb == "next" || action.verb == "previous") {
      const auto pos = std::find(order.begin(), order.end(), current);
      if (pos == order.end()) {
        open(-1);
        continue;
      }
      const long i = std::clamp<long>((pos - order.begin()) + (action.verb == "next" ? 1 : -1), 0,
                                      static_cast<long>(order.size()) - 1);
      open(order[i]);
      continue;
    }
    const bool names_panel = action.verb == "set" || action.verb == "press" || action.verb == "wait-idle" ||
                             action.verb == "scroll-to" || action.verb == "maximize" ||
                             (action.verb == "wait-key" && !action.args.empty());
    if (!names_panel || current < 0) continue;  // a script that starts elsewhere is checked when it runs
    // A stop's target: PANEL, or PANEL:predict (parse_script allows no other).
    const std::string name = action.args[0].substr(0, action.args[0].find(':'));
    const PanelDirective* d = find_directive(directives, name);
    if (!d) {
      problems.push_back(where + "no panel '" + name + "' on lesson " + library.lessons()[current].id);
      continue;
    }
    if (action.verb == "wait-key") {
      if (name != action.args[0] && !question_before(library.lessons()[current], directives, d))
        problems.push_back(where + "no question is asked before panel '" + name + "' on lesson " +
                           library.lessons()[current].id);
      continue;
    }
    const PanelType* type = find_panel_type(d->type);
    if (!type) continue;  // the lesson's own check reports it
    if (action.verb == "set") {
      const ParamSpec* spec = nullptr;
      ParamValue value;
      Status s = find_param(type->params, type->name, action.args[1], &spec);
      if (s) s = parse_param(*spec, action.args[2], &value);
      if (s) s = confine_param(*spec, value.text, ValueOrigin::document(script.file), &value.text);
      if (!s) problems.push_back(where + s.message());
    } else if (action.verb == "press") {
      const bool known = std::any_of(type->buttons.begin(), type->buttons.end(),
                                     [&](const ButtonSpec& b) { return b.name == action.args[1]; });
      if (!known) problems.push_back(where + type->name + " has no button '" + action.args[1] + "'");
    }
  }
  return problems;
}

}  // namespace whygpu::app

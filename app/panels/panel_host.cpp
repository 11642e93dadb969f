#include "app/panels/panel_host.h"

#include <algorithm>

#include "app/i18n/translate.h"
#include "app/lesson/lesson_check.h"
#include "app/panels/panel_registry.h"

namespace whygpu::app {

std::vector<PanelSlot>& PanelHost::panels_of(int lesson) {
  auto found = panels_.find(lesson);
  if (found != panels_.end()) return found->second;
  std::vector<PanelSlot>& slots = panels_[lesson];
  const Lesson& l = library_.lessons()[lesson];
  const std::vector<PanelDirective> directives = panel_directives(l);
  std::size_t d = 0;
  for (int b = 0; b < static_cast<int>(l.blocks.size()); ++b) {
    const LessonBlock& block = l.blocks[b];
    if (block.kind != LessonBlock::Kind::panel) continue;
    const PanelDirective& directive = directives[d++];
    PanelSlot slot;
    slot.id = directive.id;
    slot.type_name = directive.type;
    slot.type = find_panel_type(directive.type);
    slot.block = b;
    slot.where = l.file + ":" + std::to_string(block.line) + ": ";
    PanelParams params;
    try {
      // A bad value is listed and its default used: the panel still starts.
      slot.problems = check_directive(directive, &params);
    } catch (const std::logic_error& e) {  // a table whose default fails its own check
      slot.problems.push_back(std::string(e.what()));
      slot.type = nullptr;
    }
    if (slot.type) {
      std::string error;  // the panel's own words, a value
      Wording why;
      try {
        slot.panel = slot.type->make(params, &error);
        why = error;
      } catch (const std::exception& e) {
        why = Wording::sentence(N_("the panel failed to start: {0}"), {std::string(e.what())});
      }
      if (!slot.panel)
        slot.problems.push_back(why.empty() ? Wording::sentence(N_("panel '{0}' could not start"), {slot.type_name})
                                            : why);
    }
    slots.push_back(std::move(slot));
  }
  return slots;
}

PanelSlot* PanelHost::find(int lesson, const std::string& name) {
  if (lesson < 0) return nullptr;
  std::vector<PanelSlot>& slots = panels_of(lesson);
  for (PanelSlot& slot : slots)
    if (slot.id == name) return &slot;
  for (PanelSlot& slot : slots)
    if (slot.type_name == name) return &slot;
  return nullptr;
}

Status PanelHost::usable(int lesson, const std::string& panel, PanelSlot** slot) {
  *slot = find(lesson, panel);
  if (!*slot) return Status::error(fill(tr("no panel '{0}' on this lesson"), {panel}));
  if (!(*slot)->panel)
    return Status::error(fill(tr("panel '{0}' did not start: {1}"), {panel, shown_problems(**slot)}));
  return Status::ok();
}

Status PanelHost::set_param(int lesson, const std::string& panel, const std::string& key, const std::string& value,
                            const ValueOrigin& origin) {
  PanelSlot* slot = nullptr;
  if (Status s = usable(lesson, panel, &slot); !s) return s;
  const ParamSpec* spec = nullptr;
  ParamValue checked;
  if (Status s = find_param(slot->type->params, slot->type_name, key, &spec); !s) return s;
  if (Status s = parse_param(*spec, value, &checked); !s) return s;
  if (Status s = confine_param(*spec, checked.text, origin, &checked.text); !s) return s;
  try {
    return slot->panel->set_param(key, checked).with_context(panel);
  } catch (const std::exception& e) {
    return Status::error(Wording::sentence(N_("{0}: setting {1} failed: {2}"), {panel, key, std::string(e.what())}));
  }
}

Status PanelHost::press(int lesson, const std::string& panel, const std::string& button) {
  PanelSlot* slot = nullptr;
  if (Status s = usable(lesson, panel, &slot); !s) return s;
  const auto& buttons = slot->type->buttons;
  if (std::none_of(buttons.begin(), buttons.end(), [&](const ButtonSpec& b) { return b.name == button; }))
    return Status::error(Wording::sentence(N_("{0} has no button '{1}'"), {slot->type_name, button}));
  try {
    return slot->panel->press(button).with_context(panel);
  } catch (const std::exception& e) {
    return Status::error(Wording::sentence(N_("{0}: {1} failed: {2}"), {panel, button, std::string(e.what())}));
  }
}

Status PanelHost::busy(int lesson, const std::string& panel, bool* busy) {
  PanelSlot* slot = find(lesson, panel);
  if (!slot) return Status::error(fill(tr("no panel '{0}' on this lesson"), {panel}));
  *busy = slot->panel && slot->panel->busy();
  return Status::ok();
}

bool PanelHost::timing_the_cpu() const {
  for (const auto& [lesson, slots] : panels_)
    for (const PanelSlot& slot : slots)
      if (slot.panel && slot.panel->timing_the_cpu()) return true;
  return false;
}

std::vector<std::string> PanelHost::errors(int lesson) const {
  std::vector<std::string> errors;
  if (auto found = panels_.find(lesson); found != panels_.end())
    for (const PanelSlot& slot : found->second)
      if (!slot.problems.empty()) errors.push_back(shown_problems(slot));
  return errors;
}

void PanelHost::close_all() {
  for (auto& [lesson, slots] : panels_)
    for (PanelSlot& slot : slots) slot.panel.reset();
}

}  // namespace whygpu::app

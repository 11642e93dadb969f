#include "app/lesson/panel_directives.h"

namespace whygpu::app {

std::vector<PanelDirective> panel_directives(const Lesson& lesson) {
  std::vector<PanelDirective> out;
  std::map<std::string, int> seen;
  for (const LessonBlock& block : lesson.blocks) {
    if (block.kind != LessonBlock::Kind::panel) continue;
    PanelDirective d;
    d.type = block.panel_type;
    d.params = block.params;
    d.document = lesson.file;
    if (auto id = d.params.find("id"); id != d.params.end()) {
      d.id = id->second;
      d.params.erase(id);
    } else {
      const int n = ++seen[d.type];
      d.id = n == 1 ? d.type : d.type + "#" + std::to_string(n);
    }
    out.push_back(std::move(d));
  }
  return out;
}

int predicted_panel_block(const Lesson& lesson, int predict) {
  const auto& params = lesson.blocks[predict].params;
  const auto named = params.find("panel");
  const std::vector<PanelDirective> directives = panel_directives(lesson);
  int d = 0;
  for (int b = 0; b < static_cast<int>(lesson.blocks.size()); ++b) {
    if (lesson.blocks[b].kind != LessonBlock::Kind::panel) continue;
    const PanelDirective& directive = directives[d++];
    if (named != params.end() ? directive.id == named->second || directive.type == named->second : b > predict)
      return b;
  }
  return -1;
}

}  // namespace whygpu::app

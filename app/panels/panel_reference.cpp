#include "app/panels/panel_reference.h"

#include <cctype>

#include "app/panels/panel_registry.h"

namespace whygpu::app {
namespace {

std::string shown_default(const ParamSpec& spec) { return spec.fallback.empty() ? "(empty)" : spec.fallback; }

std::string text_reference() {
  std::string out;
  for (const PanelType* type : panel_types()) {
    out += type->name + "\n  " + type->summary + "\n";
    for (const ParamSpec& p : type->params)
      out += "  " + p.name + " = " + shown_default(p) + "   (" + describe_range(p) + ")  " + p.help + "\n";
    if (!type->buttons.empty()) {
      out += "  buttons:";
      for (const ButtonSpec& b : type->buttons) out += " " + b.name;
      out += "\n";
    }
    out += "\n";
  }
  return out;
}

// A table cell: pipes would end it early.
std::string cell(std::string text) {
  for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2)) text.replace(at, 1, "\\|");
  return text;
}

std::string markdown_reference() {
  std::string out = std::string(kReferenceBegin) + "\n";
  for (const PanelType* type : panel_types()) {
    std::string summary = type->summary;
    summary[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(summary[0])));
    out += "\n### `" + type->name + "`\n" + summary + ".\n";
    if (!type->params.empty()) {
      out += "\n| parameter | default | accepts | what |\n| --- | --- | --- | --- |\n";
      for (const ParamSpec& p : type->params)
        out += "| `" + p.name + "` | " + cell(shown_default(p)) + " | " + cell(describe_range(p)) + " | " + cell(p.help) +
               " |\n";
    }
    if (!type->buttons.empty()) {
      out += "\nButtons:";
      for (std::size_t i = 0; i < type->buttons.size(); ++i)
        out += std::string(i ? ";" : "") + " `" + type->buttons[i].name + "` (" + type->buttons[i].help + ")";
      out += ".\n";
    }
  }
  return out + "\n" + kReferenceEnd + "\n";
}

}  // namespace

std::string panel_reference(bool markdown) { return markdown ? markdown_reference() : text_reference(); }

}  // namespace whygpu::app

#pragma once
// Every panel a lesson can place, by the name lessons use after `@panel`.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/panel.h"

namespace whygpu::app {

// Builds a panel from its directive's arguments. On bad arguments it returns nullptr
// and leaves the reason in args.error() (or in *error for reasons of its own).
using PanelFactory = std::function<std::unique_ptr<Panel>(PanelArgs& args, std::string* error)>;

struct PanelType {
  const char* name;
  const char* summary;  // one line, for --list-panels and lesson-format errors
  PanelFactory make;
};

const std::vector<PanelType>& panel_types();
const PanelType* find_panel_type(const std::string& name);

}  // namespace whygpu::app

#pragma once
// A panel's buttons, declared once: each name with its help line and what pressing it
// does. From the one table come the panel type's button list (scripts, --check-lessons,
// --list-panels, lessons/FORMAT.md) and the panel's press(); no panel compares button
// names by hand.
//
//   class RacePanel final : public Panel {
//    public:
//     Status press(const std::string& button) override { return buttons().press(*this, button); }
//     static const PanelButtons<RacePanel>& buttons() {
//       static const PanelButtons<RacePanel> table{
//           {"start", "start both lanes", [](RacePanel& p) { p.start(); }},
//           {"stop", "stop both lanes", [](RacePanel& p) { p.stop(); }}};
//       return table;
//     }
//   };
//   type.buttons = RacePanel::buttons().specs();
//
// An action either returns nothing (pressing cannot fail) or a Status (a save that can).
#include <algorithm>
#include <functional>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "app/panels/panel.h"
#include "app/panels/panel_registry.h"
#include "compute/core/status.h"

namespace whygpu::app {

template <typename P>
struct PanelButton {
  template <typename Action>
  PanelButton(std::string name, std::string help, Action action) : spec{std::move(name), std::move(help)} {
    if constexpr (std::is_void_v<std::invoke_result_t<Action, P&>>) {
      press = [action = std::move(action)](P& panel) {
        action(panel);
        return Status::ok();
      };
    } else {
      press = std::move(action);
    }
  }

  ButtonSpec spec;
  std::function<Status(P&)> press;
};

template <typename P>
class PanelButtons {
 public:
  PanelButtons(std::initializer_list<PanelButton<P>> buttons) : buttons_(buttons) {}

  std::vector<ButtonSpec> specs() const {
    std::vector<ButtonSpec> out;
    for (const PanelButton<P>& b : buttons_) out.push_back(b.spec);
    return out;
  }

  // Presses `button` on `panel`; a name the table does not hold gets Panel's refusal.
  Status press(P& panel, const std::string& button) const {
    const auto found = std::find_if(buttons_.begin(), buttons_.end(),
                                    [&](const PanelButton<P>& b) { return b.spec.name == button; });
    if (found == buttons_.end()) return panel.Panel::press(button);
    return found->press(panel);
  }

 private:
  std::vector<PanelButton<P>> buttons_;
};

}  // namespace whygpu::app

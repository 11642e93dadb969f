#include "app/panels/panel.h"

namespace whygpu::app {

Status Panel::set_param(const std::string& key, const ParamValue&) { return only_in_lesson(key); }

bool Panel::result(const std::string&, PanelResult*) const { return false; }

Status Panel::press(const std::string& button) {
  return Status::error(Wording::sentence(N_("this panel has no button '{0}'"), {button}));
}

}  // namespace whygpu::app

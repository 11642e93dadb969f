#include "app/panels/panel_params.h"

#include <algorithm>
#include <stdexcept>

namespace whygpu::app {

ParamSpec whole_param(std::string key, long long fallback, long long min, long long max, std::string help) {
  ParamSpec s;
  s.name = std::move(key);
  s.kind = ParamKind::whole;
  s.min = static_cast<double>(min);
  s.max = static_cast<double>(max);
  s.fallback = std::to_string(fallback);
  s.help = std::move(help);
  return s;
}

ParamSpec number_param(std::string key, double fallback, double min, double max, std::string help) {
  ParamSpec s;
  s.name = std::move(key);
  s.kind = ParamKind::number;
  s.min = min;
  s.max = max;
  s.fallback = field_text(fallback);
  s.help = std::move(help);
  return s;
}

ParamSpec flag_param(std::string key, bool fallback, std::string help) {
  ParamSpec s;
  s.name = std::move(key);
  s.kind = ParamKind::flag;
  s.fallback = fallback ? "true" : "false";
  s.help = std::move(help);
  return s;
}

ParamSpec choice_param(std::string key, std::string fallback, std::vector<std::string> choices, std::string help) {
  ParamSpec s;
  s.name = std::move(key);
  s.kind = ParamKind::choice;
  s.choices = std::move(choices);
  s.fallback = std::move(fallback);
  s.help = std::move(help);
  return s;
}

ParamSpec text_param(std::string key, std::string fallback, std::string help,
                     std::function<Status(const std::string&)> check) {
  ParamSpec s;
  s.name = std::move(key);
  s.kind = ParamKind::text;
  s.fallback = std::move(fallback);
  s.help = std::move(help);
  s.check_text = std::move(check);
  return s;
}

namespace {

ParamSpec path_param(std::string key, PathUse use, std::string help) {
  ParamSpec s = text_param(std::move(key), "", std::move(help));
  s.path = use;
  return s;
}

}  // namespace

ParamSpec read_path_param(std::string key, std::string help) {
  return path_param(std::move(key), PathUse::kRead, std::move(help));
}

ParamSpec export_name_param(std::string key, std::string help) {
  return path_param(std::move(key), PathUse::kExportName, std::move(help));
}

ParamSpec model_name_param(std::string key, std::string help) {
  return path_param(std::move(key), PathUse::kModelName, std::move(help));
}

Status parse_param(const ParamSpec& spec, const std::string& value, ParamValue* out) {
  return parse_field(spec, value, spec.name, out);
}

Status find_param(const ParamTable& table, const std::string& panel, const std::string& key,
                  const ParamSpec** out) {
  const auto found = std::find_if(table.begin(), table.end(), [&](const ParamSpec& spec) { return spec.name == key; });
  if (found != table.end()) {
    *out = &*found;
    return Status::ok();
  }
  if (const ParamSpec* closest = closest_field(table, key))
    return Status::error(
        Wording::sentence(N_("{0} has no parameter '{1}' (did you mean {2}?)"), {panel, key, closest->name}));
  if (table.empty())
    return Status::error(Wording::sentence(N_("{0} has no parameter '{1}' (it takes none)"), {panel, key}));
  return Status::error(Wording::sentence(N_("{0} has no parameter '{1}' (whygpu --list-panels lists its parameters)"),
                                         {panel, key}));
}

PanelParams PanelParams::check(const ParamTable& table, const std::string& panel,
                               const std::map<std::string, std::string>& given, std::vector<Wording>* problems) {
  PanelParams params;
  for (const ParamSpec& spec : table) {
    ParamValue fallback;
    if (Status s = parse_param(spec, spec.fallback, &fallback); !s)
      throw std::logic_error(panel + ": the default of " + s.message());  // a table written wrong
    params.values_[spec.name] = std::move(fallback);
    params.given_[spec.name] = false;
  }
  for (const auto& [key, text] : given) {
    const ParamSpec* spec = nullptr;
    Status s = find_param(table, panel, key, &spec);
    ParamValue value;
    if (s) s = parse_param(*spec, text, &value);
    if (!s) {
      problems->push_back(s.wording());
      continue;
    }
    params.values_[key] = std::move(value);
    params.given_[key] = true;
  }
  return params;
}

bool PanelParams::given(const std::string& key) const {
  const auto found = given_.find(key);
  return found != given_.end() && found->second;
}

const ParamValue& PanelParams::value(const std::string& key) const {
  const auto found = values_.find(key);
  if (found == values_.end()) throw std::logic_error("no parameter '" + key + "' is declared for this panel");
  return found->second;
}

Status only_in_lesson(const std::string& key) {
  return Status::error(Wording::sentence(N_("{0} can only be given in the lesson's @panel line"), {key}));
}

}  // namespace whygpu::app

#pragma once
// A panel's parameters as the fields of its options struct (compute/core/fields.h): from
// one declaration come the panel's parameter table (lessons, scripts, --check-lessons,
// --list-panels, lessons/FORMAT.md), the options a lesson's @panel line makes, and a
// script's `set` while the page is open. No panel compares keys by hand.
//
//   const PanelFields<RaceOptions>& race_fields() {
//     static const PanelFields<RaceOptions> fields{
//         {whole_field("epochs", &RaceOptions::epochs, 1, 100, "epochs each lane trains"), ...},
//         {"lr", "seed"}};  // made into the lanes' sessions when the panel is: lesson only
//     return fields;
//   }
//   type.params = race_fields().table();
//   RaceOptions o = race_fields().options(params);       // in the factory
//   return race_fields().set(key, value, &o_);           // in set_param
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "app/panels/panel_params.h"
#include "compute/core/fields.h"

namespace whygpu::app {

template <typename O>
class PanelFields {
 public:
  // `lesson_only`: fields the panel reads once, when it is made (a session's seed): a
  // script's `set` of one is refused with the words every panel uses.
  PanelFields(Fields<O> fields, std::vector<std::string> lesson_only = {})
      : fields_(std::move(fields)), lesson_only_(std::move(lesson_only)) {}

  const ParamTable& table() const { return fields_.specs(); }

  bool declares(const std::string& key) const {
    const ParamTable& specs = fields_.specs();
    return std::any_of(specs.begin(), specs.end(), [&](const ParamSpec& spec) { return spec.name == key; });
  }

  // The struct's defaults, with each value the lesson's @panel line gave (already checked
  // against the table by PanelParams::check).
  O options(const PanelParams& params) const {
    O o{};
    apply_given(params, &o);
    return o;
  }

  // Each value the lesson's @panel line gave, onto settings that exist already (a shared
  // session that another panel made first keeps what this line does not say).
  void apply_given(const PanelParams& params, O* options) const {
    for (const Field<O>& f : fields_.fields())
      if (params.given(f.spec.name)) (void)fields_.apply(f, params.text(f.spec.name), options, "");
  }

  // A script's `set KEY VALUE` into the open panel's options.
  Status set(const std::string& key, const ParamValue& value, O* options) const {
    if (std::find(lesson_only_.begin(), lesson_only_.end(), key) != lesson_only_.end())
      return only_in_lesson(key);
    return fields_.apply(key, value.text, options);
  }

 private:
  Fields<O> fields_;
  std::vector<std::string> lesson_only_;
};

}  // namespace whygpu::app

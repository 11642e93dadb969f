#include "app/glcompute/gl_sweep_side.h"

#include <imgui.h>

#include "app/glcompute/gl_bench.h"
#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app {
namespace {

const kernels::Measurement* first_measured(const std::vector<kernels::Measurement>& rows, const std::string& benchmark,
                                           const std::string& variant) {
  for (const kernels::Measurement& r : rows)
    if (r.benchmark == benchmark && r.variant == variant && r.state == kernels::RowState::Measured) return &r;
  return nullptr;
}

}  // namespace

GlSweepSide::GlSweepSide(const std::string& mode) : mode_(mode) { start_if_enabled(); }

void GlSweepSide::set_mode(const std::string& mode) {
  mode_ = mode;
  start_if_enabled();
}

bool GlSweepSide::enabled() const { return mode_ == "on" || (mode_ == "auto" && !gpu_info().available); }

void GlSweepSide::start_if_enabled() {
  if (enabled() && !thread_) thread_ = std::make_shared<GlComputeThread>();
}

const std::shared_ptr<GlComputeThread>& GlSweepSide::thread() {
  if (!thread_) thread_ = std::make_shared<GlComputeThread>();
  return thread_;
}

bool GlSweepSide::renderer(GlRenderer* out) const {
  Status status = Status::ok();
  return thread_ && thread_->ready(&status, out) && status;
}

bool GlSweepSide::draw_toggle(bool sweep_running) {
  if (!gpu_info().available) return false;
  bool on = enabled();
  ImGui::BeginDisabled(sweep_running);
  const bool changed = ImGui::Checkbox(tr_id("also OpenGL").c_str(), &on);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", tr("Also run the kernels as OpenGL shaders on this GPU, the way GPUs were programmed for "
                               "computing before CUDA"));
  if (changed) set_mode(on ? "on" : "off");
  return changed;
}

void GlSweepSide::draw_note() const {
  if (!enabled()) return;
  Status status = Status::ok();
  GlRenderer r;
  if (!thread_ || !thread_->ready(&status, &r)) {
    ImGui::TextDisabled("%s", tr("OpenGL: starting..."));
    return;
  }
  if (!status) {
    wrapped_text_unformatted(fill(tr("No OpenGL curves: {0}"), {translated(status)}));
    return;
  }
  wrapped_text_unformatted(fill(tr("OpenGL curves (crosses): {0}, OpenGL {1}.{2}."),
                                {shown_gl_device(r.name()), std::to_string(r.major), std::to_string(r.minor)})
                               );
  if (!r.software) return;
  ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
  wrapped_text_unformatted(fill(tr("{0}: its curves show the CPU running graphics code."), {r.shown_caveat()}));
  ImGui::PopStyleColor();
}

std::string GlSweepSide::shown_row_note(const std::string& note) const {
  Status status = Status::ok();
  if (thread_ && thread_->ready(&status) && !status && note == status.message()) return translated(status);
  return shown_gl_note(note);
}

std::string gl_device_of(const std::vector<kernels::Measurement>& rows, const std::string& benchmark,
                         const std::string& variant) {
  const kernels::Measurement* row = first_measured(rows, benchmark, variant);
  return row ? shown_gl_device(row->device) : "";
}

std::string gl_series_label(const std::vector<kernels::Measurement>& rows, const std::string& benchmark,
                            const std::string& variant, const std::string& what) {
  const std::string device = gl_device_of(rows, benchmark, variant);
  return device.empty() ? what : device + ": " + what;
}

bool gl_rows_are_software(const std::vector<kernels::Measurement>& rows, const std::string& benchmark,
                          const std::string& variant) {
  const kernels::Measurement* row = first_measured(rows, benchmark, variant);
  return row && !row->on_gpu;
}

}  // namespace whygpu::app

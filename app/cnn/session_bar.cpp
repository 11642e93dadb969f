#include "app/cnn/session_bar.h"

#include <imgui.h>

#include <cstdio>

#include "app/cnn/cnn_data.h"
#include "app/i18n/number_text.h"
#include "app/i18n/translate.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"

namespace whygpu::app::cnn_ui {

unsigned backend_colour(cnn::Backend backend) {
  return backend == cnn::Backend::kGpu ? palette().gpu : palette().cpu;
}

bool draw_session_bar(SharedSession& shared, bool with_buttons) {
  shared.update();
  switch (shared.phase()) {
    case SharedSession::Phase::kPreparing:
      ImGui::TextDisabled("%s", shared.preparing_what().c_str());
      return false;
    case SharedSession::Phase::kFailed: {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
      wrapped_text_unformatted(shared.problem());
      ImGui::PopStyleColor();
      if (shared.backend() == cnn::Backend::kGpu && !gpu_info().available)
        wrapped_text_unformatted(fill(tr("The GPU trainer needs a CUDA device ({0}). The CPU trainer works here."),
                                      {translated(gpu_info().unavailable_reason)})
                                     );
      return false;
    }
    case SharedSession::Phase::kReady: break;
  }
  const cnn::SessionSnapshot& snap = shared.snapshot();
  const std::string trainer = shown_trainer_name(snap);
  // Buttons and status pieces flow onto the next line where the panel is narrow.
  if (with_buttons) {
    if (shared.running()) {
      if (ImGui::Button(tr_id("Pause").c_str())) shared.pause();
    } else if (ImGui::Button(tr_id("Train").c_str())) {
      shared.play();
    }
    same_line_if_fits(button_width(tr("Step")));
    ImGui::BeginDisabled(shared.running());
    if (ImGui::Button(tr_id("Step").c_str())) shared.step(1);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", tr("one training step: one batch forward, backward, and a weight update"));
    ImGui::EndDisabled();
    same_line_if_fits(button_width(tr("Reset")));
    if (ImGui::Button(tr_id("Reset").c_str())) shared.reset();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("fresh random weights (the same seed: the same start every time)"));
    same_line_if_fits(text_width(trainer.c_str()));
  }
  ImGui::PushStyleColor(ImGuiCol_Text, backend_colour(shared.backend()));
  ImGui::TextUnformatted(trainer.c_str());
  ImGui::PopStyleColor();
  const cnn::TrainProgress& p = snap.progress;
  const double fraction = p.epoch_size > 0 ? static_cast<double>(p.epoch_position) / p.epoch_size : 0.0;
  text_after_bar(fill(tr("epoch {0} ({1}%) | step {2} | {3} images/s"),
                      {std::to_string(p.epochs_completed + 1), decimal_text(100.0 * fraction, 0),
                       with_commas(static_cast<double>(p.steps)), with_commas(snap.images_per_second)})
                     .c_str());
  if (!snap.test_accuracy.empty())
    text_after_bar(fill(tr("test accuracy {0}%"), {decimal_text(100.0 * snap.test_accuracy.back().value, 1)}).c_str());
  return true;
}

void draw_untrained_note(SharedSession& shared) {
  if (!shared.untrained()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
  wrapped_text_unformatted(tr("untrained (random weights): these guesses are noise"));
  ImGui::PopStyleColor();
  if (!example_weights_exist() || shared.data() == nullptr || shared.data()->train.class_names != cnn::digit_class_names())
    return;
  if (ImGui::SmallButton(tr_id("Load the trained example").c_str())) shared.load_weights(example_weights_path());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("weights trained earlier by this app on the same digits (assets/models/README.md):\nno "
                               "need to wait for training on a computer without a GPU"));
}

}  // namespace whygpu::app::cnn_ui

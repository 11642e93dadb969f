#include "app/cnn/session_panel.h"

#include <imgui.h>

#include "app/cnn/session_bar.h"

namespace whygpu::app::cnn_ui {

SessionPanel::SessionPanel(std::shared_ptr<SharedSession> shared, bool controls)
    : shared_(std::move(shared)), controls_(controls) {}

bool SessionPanel::busy() const { return shared_->phase() == SharedSession::Phase::kPreparing; }

void SessionPanel::draw(const FrameContext& frame) {
  scale_ = frame.font_scale;
  ImGui::PushID(this);
  ImGui::PushTextWrapPos(0.0f);  // every line wraps at the edge of its column or the panel
  shared_->update();
  const bool ready = controls_ || !shared_->session() ? draw_session_bar(*shared_, controls_) : true;
  if (ready) draw_ready(frame);
  ImGui::PopTextWrapPos();
  ImGui::PopID();
}

}  // namespace whygpu::app::cnn_ui

#pragma once
// The frame of a CNN panel that shows one shared session (draw, feature maps, confusion):
// each frame it updates the session and draws the session bar, then the panel's own
// contents once the session is ready. Without controls the bar is drawn only while the
// session is not ready, so the panel still says why nothing shows (being prepared, or
// the reason it failed). busy() is true while the session is being prepared.
#include <memory>

#include "app/cnn/shared_session.h"
#include "app/panels/panel.h"

namespace whygpu::app::cnn_ui {

// The largest test-image index the panels' parameters take (digit, image).
inline constexpr int kMaxTestImage = 1000000;

class SessionPanel : public Panel {
 public:
  bool busy() const override;
  void draw(const FrameContext& frame) final;

 protected:
  // `controls`: the bar's Train/Pause, Step and Reset buttons and progress line.
  SessionPanel(std::shared_ptr<SharedSession> shared, bool controls);

  // The panel below the bar; called only while the session is ready.
  virtual void draw_ready(const FrameContext& frame) = 0;

  const std::shared_ptr<SharedSession> shared_;
  float scale_ = 1.0f;  // this frame's font scale

 private:
  const bool controls_;
};

}  // namespace whygpu::app::cnn_ui

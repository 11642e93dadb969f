#pragma once
// What a script (a UI test, a classroom demo) can do to the app: the same actions a
// person has through the window. The Shell implements it; the ScriptPlayer only sees
// this, so scripts can be played and tested without the window.
#include <string>
#include <vector>

#include "app/files/document_paths.h"
#include "compute/core/status.h"

namespace whygpu::app {

class ScriptTarget {
 public:
  virtual ~ScriptTarget() = default;

  virtual Status open_lesson(const std::string& id) = 0;
  virtual void step_lesson(int delta) = 0;  // +1 next, -1 previous, in reading order
  // `origin`: a script's `set` is a document's value (confined, document_paths.h); a file
  // dropped on the window is the user's.
  virtual Status set_panel_param(const std::string& panel, const std::string& key, const std::string& value,
                                 const ValueOrigin& origin) = 0;
  virtual Status press_panel_button(const std::string& panel, const std::string& button) = 0;
  // True while the panel runs background work; an unknown panel is an error.
  virtual Status panel_busy(const std::string& panel, bool* busy) = 0;
  virtual Status set_font_scale(float scale) = 0;
  virtual void set_dark_theme(bool dark) = 0;
  // Errors of the open lesson (parse errors and panels that failed to start).
  virtual std::vector<std::string> current_errors() const = 0;
  // Answers the open lesson's first unanswered @predict: a number, a choice's number, or skip.
  virtual Status answer_prediction(const std::string& value) = 0;

  // A class session's steps on the open page's question (app/classroom/classroom.h);
  // without a session they do nothing, so a demo plays with or without a class.
  virtual Status class_reveal() = 0;
  virtual Status class_vote_again() = 0;

  // Presenting: a large caption (empty hides it), bringing a panel into view, and one
  // panel filling the window (empty restores the page).
  virtual void set_caption(const std::string& text) = 0;
  // The presenting layout (settings.h presenter_mode) on or off.
  virtual void set_presenter_mode(bool on) = 0;
  virtual Status scroll_to_panel(const std::string& panel) = 0;
  virtual Status maximize_panel(const std::string& panel) = 0;
  // A key stop's target, wholly in view while the presenter talks: a panel (maximised when
  // it is taller than the page), or "PANEL:predict", the question asked before the panel.
  virtual Status show_stop_target(const std::string& target) = 0;

  // False for headless runs: nobody is there to press a key, so `wait-key` goes on.
  virtual bool has_presenter() const = 0;
};

}  // namespace whygpu::app

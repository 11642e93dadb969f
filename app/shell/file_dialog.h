#pragma once
// The "Open..." button beside a path field: the desktop's file chooser through zenity
// (GNOME's dialog tool, packaged for every desktop), run as a child process so that the
// window keeps drawing while it is open. Without zenity the button is greyed and says to
// type the path or drop the file onto the window; the typed field always stays.
#include <future>
#include <string>

namespace whygpu::app {

enum class PickWhat { kFile, kFolder };

// The shell command that asks for a file or folder, starting at `start` (may be empty).
std::string file_dialog_command(PickWhat what, const std::string& start);

// The dialog, open in the background: start it, then look for the answer each frame.
class FileChooser {
 public:
  static bool available();  // false without zenity
  bool choosing() const { return chosen_.valid(); }
  void start(PickWhat what, const std::string& start);
  // True once, when a path has arrived (into *chosen); false while the dialog is open,
  // and after it was cancelled.
  bool take(std::string* chosen);

 private:
  std::future<std::string> chosen_;
};

class OpenButton {
 public:
  // Draws "Open..." (the dialog starts at `start`); returns true on the frame a chosen
  // path arrives, in *chosen.
  bool draw(const char* id, PickWhat what, const std::string& start, std::string* chosen);

 private:
  FileChooser chooser_;
};

}  // namespace whygpu::app

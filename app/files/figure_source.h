#pragma once
// Where figures a panel shows come from: measured on this computer, or recorded on
// another and shipped with the app (app/files/recorded_file.h). A panel decides it once,
// where it picks its figures (its own live run when there is one, else the recording), and
// passes the source along with them: the drawing code asks the source how to label and
// draw them, never which one it is.
#include <optional>
#include <string>
#include <utility>

#include "compute/bench/run_info.h"

namespace whygpu::app {

class FigureSource {
 public:
  static FigureSource this_computer() { return FigureSource(std::nullopt); }
  // A copy of the recording's run: a source may outlive the recording it names (a panel
  // reloads its timelines; the vitals panel makes its run when asked).
  static FigureSource recorded(const bench::RunInfo& run) { return FigureSource(run); }
  // Figures from a data sheet, measured nowhere (the thread grid, with neither a GPU nor its
  // recording, checks launches against an H100's documented limits): `where` says whose.
  static FigureSource documented(std::string where) {
    FigureSource source(std::nullopt);
    source.documented_ = std::move(where);
    return source;
  }

  // Figures not measured on this computer are drawn faded (and recorded curves dashed).
  bool faded() const { return run_.has_value() || !documented_.empty(); }
  // Beside a name: "(this computer)", "(recorded, not this computer)" (also for documented).
  const char* tag() const;
  // Inside a sentence: "on this computer", "recorded on NVIDIA H100 80GB HBM3 (driver ...)
  // on 2026-11-24, not on this computer" (app/i18n/recorded_label.h), or the documented words.
  std::string where() const;
  // `text`, then where() after a comma: "40 W, on this computer", "40 W, recorded on ...".
  std::string after(const std::string& text) const;
  // The footnote of a chart with this source's series: "Dashed, hollow: recorded on ...",
  // and nothing for this computer's (solid, nothing to explain).
  std::string chart_note() const;

 private:
  explicit FigureSource(std::optional<bench::RunInfo> run) : run_(std::move(run)) {}
  std::optional<bench::RunInfo> run_;
  std::string documented_;
};

// A panel's figures of type T with their source; null figures when there are none yet.
template <class T>
struct SourcedFigures {
  const T* figures = nullptr;
  FigureSource source = FigureSource::this_computer();
  explicit operator bool() const { return figures != nullptr; }
};

}  // namespace whygpu::app

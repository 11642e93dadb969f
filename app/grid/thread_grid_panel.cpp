// "What <<<blocks, threads>>> means on your GPU": the student picks a problem, a block
// shape and a grid, and the launch is made for real. Every thread paints its own cell
// straight into an OpenGL buffer (CUDA-OpenGL interop) and records where and when it
// ran; hovering a cell shows that record, the timeline shows the blocks on the SMs, the
// occupancy table shows why that many fit, and a launch the GPU refuses shows the
// runtime's own words. Without a GPU the mapping is computed on the CPU and says so; the
// SMs, times, waves and refusals then come from the launches recorded on a GPU
// (assets/reference/recorded-gpu/grid.json), faded and labelled as recorded, and the
// occupancy is worked out from the recorded GPU's limits.
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

#include "app/files/recorded_gpu.h"
#include "app/files/untrusted_text.h"
#include "app/grid/launch_timeline.h"
#include "app/grid/occupancy_view.h"
#include "app/grid/thread_grid_request.h"
#include "app/i18n/number_text.h"
#include "app/files/figure_source.h"
#include "app/i18n/translate.h"
#include "app/interop/cuda_gl_image.h"
#include "app/panels/panel_fields.h"
#include "app/panels/panel_buttons.h"
#include "app/panels/panel_registry.h"
#include "app/text/wrapped_text.h"
#include "app/widgets/flow_layout.h"
#include "app/widgets/ui_style.h"
#include "compute/core/gpu_info.h"
#include "compute/grid/cpu_picture.h"
#include "compute/grid/grid_launcher.h"
#include "compute/grid/grid_recording.h"

namespace whygpu::app {
namespace {

using grid::ColourMode;
using grid::ProblemKind;

const char* const kColourNames[grid::kColourModeCount] = {"block", "warp", "thread", "sm", "time"};
const char* const kColourLabels[grid::kColourModeCount] = {N_("block"), N_("warp"), N_("thread index"), "SM",
                                                         N_("start time")};
const char* const kColourLegends[grid::kColourModeCount] = {
    N_("one colour per block"),
    N_("one colour per warp (32 threads that execute together)"),
    N_("threadIdx within the block: dark = thread 0, yellow = the block's last thread"),
    N_("one colour per SM (%smid): the streaming multiprocessor that ran the thread"),
    N_("when the thread started (%globaltimer): dark = first, yellow = last")};

constexpr std::int64_t kDefaultWork = 20000;

// What the student set: the panel's parameters (thread_grid_fields()) and its controls.
struct Controls {
  grid::LaunchConfig config;
  ColourMode colour = ColourMode::by_block;
  bool heavy = false;
  std::int64_t work = kDefaultWork;  // multiply-adds per thread when heavy
  std::int64_t shared_kib = 0;
  std::int64_t pinned_x = -1;  // a cell whose record stays shown (click, or inspect=x,y)
  std::int64_t pinned_y = -1;
  bool auto_launch = true;
  bool show_timeline = true;
  bool show_occupancy = true;
  bool show_picture = true;  // false: the occupancy table takes the picture's place
  std::int64_t picture_height = 320;  // most pixels (at text scale 1) the picture may take

  grid::LaunchOptions launch_options() const {
    grid::LaunchOptions o;
    o.colour = colour;
    o.work_iterations = heavy ? work : 0;
    o.dynamic_shared_bytes = shared_kib * 1024;
    return o;
  }

  // What a launch depends on; the rest changes only the drawing.
  bool same_launch(const Controls& o) const {
    const grid::LaunchConfig& a = config;
    const grid::LaunchConfig& b = o.config;
    return a.kind == b.kind && a.n == b.n && a.width == b.width && a.height == b.height && a.block == b.block &&
           a.grid_auto == b.grid_auto && a.grid_manual == b.grid_manual && heavy == o.heavy && work == o.work &&
           shared_kib == o.shared_kib;
  }
};

// A name of kColourNames (the table has already checked it).
ColourMode colour_mode(const std::string& name) {
  for (int i = 0; i < grid::kColourModeCount; ++i)
    if (name == kColourNames[i]) return static_cast<ColourMode>(i);
  return ColourMode::by_block;
}

// "x,y" (a picture cell) or "none" (-1, -1).
Status parse_cell(const std::string& text, std::int64_t* x, std::int64_t* y) {
  if (text == "none") {
    *x = *y = -1;
    return Status::ok();
  }
  const auto comma = text.find(',');
  ParamValue cx, cy;
  if (comma == std::string::npos ||
      !parse_param(whole_param("x", 0, 0, 1 << 20, ""), text.substr(0, comma), &cx) ||
      !parse_param(whole_param("y", 0, 0, 1 << 20, ""), text.substr(comma + 1), &cy))
    return Status::error(tr("must be a cell as x,y or none"));
  *x = cx.whole;
  *y = cy.whole;
  return Status::ok();
}

// grid_x, grid_y, grid_z: blocks along one axis. Giving one fixes the grid, the other axes
// at what covers the problem; 0 gives the grid back to "enough to cover".
Field<Controls> grid_axis_field(std::string name, std::int64_t grid::Dim3::*axis, std::string help) {
  return whole_field<Controls>(
      std::move(name), 0, grid::kMaxDimValue, 0,
      [axis](Controls& c, long long blocks) {
        grid::LaunchConfig& cfg = c.config;
        if (blocks == 0) {
          cfg.grid_auto = true;
          return;
        }
        if (cfg.grid_auto) cfg.grid_manual = grid::launch_grid(cfg);
        cfg.grid_manual.*axis = blocks;
        cfg.grid_auto = false;
      },
      std::move(help));
}

// A vector's length, a matrix's side: setting one also says which problem it is.
Field<Controls> problem_size_field(std::string name, std::int64_t grid::LaunchConfig::*member, ProblemKind kind,
                                   long long max, std::string help) {
  return whole_field<Controls>(std::move(name), [member](Controls& c) -> std::int64_t& { return c.config.*member; },
                               1, max, std::move(help))
      .also([kind](Controls& c) { c.config.kind = kind; });
}

// inspect=x,y: the cell whose record stays shown; --check-lessons checks its form.
Field<Controls> inspect_field() {
  Field<Controls> f = parsed_field<Controls>(
      "inspect", "none", [](Controls& c, const std::string& v) { return parse_cell(v, &c.pinned_x, &c.pinned_y); },
      "the cell whose thread is described, as x,y, or none");
  f.spec.check_text = [](const std::string& v) {
    std::int64_t x = 0, y = 0;
    return parse_cell(v, &x, &y);
  };
  return f;
}

// The panel's parameters, each declared once: lessons, scripts' `set`, --list-panels and
// lessons/FORMAT.md all read this table.
const PanelFields<Controls>& thread_grid_fields() {
  static const PanelFields<Controls> fields{{
      choice_field<Controls>(
          "problem", {"vector", "matrix"}, "vector",
          [](Controls& c, const std::string& v) {
            c.config.kind = v == "matrix" ? ProblemKind::matrix_2d : ProblemKind::vector_1d;
          },
          "a vector of n elements, or a width x height matrix (the default once width or height is given)"),
      problem_size_field("n", &grid::LaunchConfig::n, ProblemKind::vector_1d, grid::kMaxVectorElements,
                         "elements of the vector"),
      problem_size_field("width", &grid::LaunchConfig::width, ProblemKind::matrix_2d, grid::kMaxMatrixSide,
                         "columns of the matrix"),
      problem_size_field("height", &grid::LaunchConfig::height, ProblemKind::matrix_2d, grid::kMaxMatrixSide,
                         "rows of the matrix"),
      whole_field<Controls>("block_x", [](Controls& c) -> std::int64_t& { return c.config.block.x; }, 1,
                            grid::kMaxDimValue, "threads per block along x (16 for a matrix)"),
      whole_field<Controls>("block_y", [](Controls& c) -> std::int64_t& { return c.config.block.y; }, 1,
                            grid::kMaxDimValue, "threads per block along y (16 for a matrix)"),
      whole_field<Controls>("block_z", [](Controls& c) -> std::int64_t& { return c.config.block.z; }, 1,
                            grid::kMaxDimValue, "threads per block along z"),
      choice_field<Controls>(
          "grid", {"auto", "manual"}, "auto", [](Controls& c, const std::string& v) { c.config.grid_auto = v == "auto"; },
          "blocks enough to cover the problem, or the grid_* given"),
      grid_axis_field("grid_x", &grid::Dim3::x, "blocks along x (0: enough to cover the problem)"),
      grid_axis_field("grid_y", &grid::Dim3::y, "blocks along y (0: enough to cover the problem)"),
      grid_axis_field("grid_z", &grid::Dim3::z, "blocks along z (0: enough to cover the problem)"),
      choice_field<Controls>(
          "color", {kColourNames, kColourNames + grid::kColourModeCount}, kColourNames[0],
          [](Controls& c, const std::string& v) { c.colour = colour_mode(v); }, "what the colours show"),
      flag_field("heavy", &Controls::heavy,
                 "each thread does `work` multiply-adds, so blocks last long enough to see waves"),
      whole_field("work", &Controls::work, 1, 10000000, "multiply-adds per thread when heavy"),
      whole_field("shared_kib", &Controls::shared_kib, 0, 1024,
                  "shared memory each block asks for, in KiB (occupancy)"),
      inspect_field(),
      flag_field("auto", &Controls::auto_launch, "launch again whenever a control changes"),
      flag_field("timeline", &Controls::show_timeline, "show the blocks on the SMs over time"),
      flag_field("occupancy", &Controls::show_occupancy, "show the occupancy table"),
      flag_field("picture", &Controls::show_picture, "show the painted picture"),
      whole_field("picture_height", &Controls::picture_height, 64, 2000,
                  "most pixels the picture may take (at text scale 1)"),
  }};
  return fields;
}

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A slider for a launch dimension. Ctrl+click types any value, beyond the slider too:
// that is how a student asks for 1025 threads and meets the runtime's answer.
bool dimension_slider(const char* label, std::int64_t* value, int max) {
  int v = static_cast<int>(std::clamp<std::int64_t>(*value, 1, 2147483647));
  if (!ImGui::SliderInt(tr_id(label).c_str(), &v, 1, max, "%d", ImGuiSliderFlags_Logarithmic)) return false;
  *value = std::max(1, v);
  return true;
}

class ThreadGridPanel final : public Panel {
 public:
  explicit ThreadGridPanel(Controls controls) : c_(std::move(controls)) {
    if (!gpu_info().available)
      recording_ = recorded_part<grid::GridRecording>(grid::kGridRecording, &recording_error_);
  }

  Status set_param(const std::string& key, const ParamValue& value) override {
    const Controls before = c_;
    if (Status s = thread_grid_fields().set(key, value, &c_); !s) return s;
    if (!c_.same_launch(before)) changed();
    else if (c_.colour != before.colour) repaint_requested_ = true;
    return Status::ok();
  }

  Status press(const std::string& button) override { return buttons().press(*this, button); }

  static const PanelButtons<ThreadGridPanel>& buttons() {
    using P = ThreadGridPanel;
    static const PanelButtons<P> table{
        {"launch", "launch the kernel with the current configuration", [](P& p) { p.launch_requested_ = true; }},
    };
    return table;
  }

  void draw(const FrameContext& frame) override {
    scale_ = frame.font_scale;
    note_frame_time(frame);
    ImGui::PushID(this);
    // Every line wraps at the edge of its column (or of the panel).
    ImGui::PushTextWrapPos(0.0f);
    // What the controls asked for on the frame before is launched before anything is
    // drawn: the result shown is always that of the settings shown.
    if (launch_requested_ || !launched_once_) launch(frame.headless);
    else if (repaint_requested_) repaint();
    // The result comes first. On a wide panel the controls stand beside it; on a narrow
    // one (large text, a projector) they fold into one line under it, opened on demand,
    // so the picture or the refusal is what the class sees.
    const bool side_by_side = frame.content_width >= kSideBySideEm * ImGui::GetFontSize();
    const float controls_width = side_by_side ? std::min(430.0f * scale_, frame.content_width * 0.45f) : 0.0f;
    if (side_by_side && ImGui::BeginTable("thread-grid", 2, ImGuiTableFlags_BordersInnerV)) {
      ImGui::TableSetupColumn(tr("result"), ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn(tr("controls"), ImGuiTableColumnFlags_WidthFixed, controls_width);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      draw_result(frame.content_width - controls_width);
      ImGui::TableNextColumn();
      draw_controls();
      ImGui::EndTable();
    } else if (!side_by_side) {
      draw_result(frame.content_width);
      draw_folded_controls();
    }
    if (c_.show_timeline) draw_timeline(frame.content_width);
    if (c_.show_occupancy && c_.show_picture) draw_occupancy_section();
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }

 private:
  // Below this many font sizes (ems) of panel width, the controls fold under the result.
  static constexpr float kSideBySideEm = 46.0f;

  // One line, "Launch settings: <<<4, 256>>>", that opens the controls under it. The
  // panel keeps whether it is open (scripts' `set` works either way).
  void draw_folded_controls() {
    ImGui::Spacing();
    ImGui::SetNextItemOpen(settings_open_, ImGuiCond_Always);
    // With the launch when it fits on the line (the green line above says it too): a
    // header is one line, and a 2D launch's dim3s ran past the page's edge at text x2.
    std::string header = fill(tr("Launch settings: {0}"), {grid::launch_syntax(c_.config)});
    const float arrow = ImGui::GetFontSize() + 3 * ImGui::GetStyle().FramePadding.x;
    if (arrow + text_width(header.c_str()) > ImGui::GetContentRegionAvail().x) header = tr("Launch settings");
    settings_open_ = ImGui::CollapsingHeader((header + "###settings").c_str());
    if (!settings_open_) return;
    ImGui::Indent();
    draw_controls();
    ImGui::Unindent();
  }

  void draw_result(float width) {
    draw_launch_summary();
    draw_error();
    draw_refusal();
    if (c_.show_picture) draw_picture(width);
    else if (c_.show_occupancy) draw_occupancy_section();
  }

  void changed() {
    if (c_.auto_launch) launch_requested_ = true;
  }

  grid::LaunchOptions options() const { return c_.launch_options(); }

  // The limits launches are checked against without a GPU: the recorded GPU's, else the
  // documented ones of an H100.
  const grid::RecordedDevice& offline_device() const {
    static const grid::RecordedDevice documented = grid::documented_h100();
    return recording_ ? recording_->device : documented;
  }

  // "recorded on NVIDIA H100 ... on 2026-11-24, not on this computer", or whose limits.
  // The refused launch and what cudaGetLastError() said right after it, as the two lines
  // of code a programmer would write (no words to translate).
  static void draw_refused_call(const std::string& call, const std::string& error) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
    ImGui::TextUnformatted(("  " + call + "(...);").c_str());
    ImGui::PopStyleColor();
    ImGui::TextUnformatted("  cudaGetLastError() →");
    same_line_if_fits(text_width(error.c_str()));
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    ImGui::TextUnformatted(error.c_str());
    ImGui::PopStyleColor();
  }

  // Whose limits, SMs and times a launch is shown with, decided here for the picture's
  // caption, the hover, the timeline, the refusal and the occupancy alike: this computer's
  // GPU; else the recorded GPU's; else the limits documented for an H100.
  FigureSource launch_source() const {
    if (gpu_info().available) return FigureSource::this_computer();
    if (recording_) return FigureSource::recorded(recording_->run);
    return FigureSource::documented(
        fill(tr("documented for an NVIDIA H100, with 32 registers a thread assumed ({0})"), {recording_error_}));
  }

  // ---- launching -------------------------------------------------------------------

  void launch(bool headless) {
    launch_requested_ = false;
    repaint_requested_ = false;
    launched_once_ = true;
    const double t0 = now_ms();
    report_ = grid::LaunchReport{};
    occupancy_ = grid::OccupancyReport{};
    error_.clear();
    has_picture_ = false;
    cpu_check_ = grid::LaunchCheck{};
    recorded_ = nullptr;
    timeline_.clear();
    records_.clear();

    if (Status s = grid::validate(c_.config); !s) {
      error_ = translated(s);
      return;
    }
    shape_ = grid::make_shape(c_.config);
    if (gpu_info().available) launch_on_gpu();
    else paint_without_gpu();
    last_update_ms_ = now_ms() - t0;
    ++launches_;
    report_frame_ = true;
    report_to_log_ = headless || std::getenv("WHYGPU_GRID_LOG") != nullptr;
  }

  void launch_on_gpu() {
    const grid::LaunchOptions opts = options();
    Status status = Status::ok();
    if (!grid::too_big_to_draw(shape_)) {
      status = image_.resize(static_cast<int>(shape_.picture_width), static_cast<int>(shape_.picture_height));
      if (status)
        status = image_.write_on_gpu([&](std::uint32_t* pixels) {
          return launcher_.launch(c_.config, opts, pixels, &report_);
        });
    } else {
      status = launcher_.launch(c_.config, opts, nullptr, &report_);
    }
    if (!status) {
      error_ = translated(status);
      return;
    }
    has_picture_ = report_.drawn;
    if (Status s = launcher_.occupancy(c_.config, opts, &occupancy_); !s) error_ = translated(s);
    timeline_.set_launch(report_, gpu_info().sm_count, occupancy_.blocks_per_wave);
  }

  // No GPU: the mapping from the CPU model; the limits, the occupancy and (for a launch
  // the recording has) the SMs, times and the runtime's words from the recorded GPU.
  void paint_without_gpu() {
    const grid::RecordedDevice& device = offline_device();
    const std::int64_t shared = c_.shared_kib * 1024;
    cpu_check_ = grid::check_against_limits(c_.config, shared, device.launch_limits);
    occupancy_ = grid::occupancy_from_limits(device, c_.config, shared);
    if (recording_) recorded_ = recording_->find({c_.config, options()});
    if (cpu_check_.exceeds_limits) return;
    const std::vector<grid::BlockSummary>* blocks = nullptr;
    if (recorded_ && !recorded_->blocks.empty()) {
      blocks = &recorded_->blocks;
      const std::int64_t per_wave = recorded_->occupancy.blocks_per_wave > 0 ? recorded_->occupancy.blocks_per_wave
                                                                             : occupancy_.blocks_per_wave;
      timeline_.set_launch(grid::report_of(*recorded_), static_cast<int>(device.sm_count), per_wave);
      timeline_.set_recorded(launch_source().where());
    }
    if (grid::too_big_to_draw(shape_)) {
      error_ = fill(tr("this launch runs {0} threads; the lesson draws at most {1}"),
                    {std::to_string(shape_.total_threads()), std::to_string(grid::kMaxPictureThreads)});
      return;
    }
    grid::paint_on_cpu(shape_, c_.colour, &cpu_pixels_, blocks);
    Status s = image_.resize(static_cast<int>(shape_.picture_width), static_cast<int>(shape_.picture_height));
    if (s) s = image_.upload(cpu_pixels_.data());
    if (!s) {
      error_ = translated(s);
      return;
    }
    has_picture_ = true;
  }

  void repaint() {
    repaint_requested_ = false;
    if (!has_picture_) return;
    const double t0 = now_ms();
    Status s = Status::ok();
    if (gpu_info().available) {
      s = image_.write_on_gpu([&](std::uint32_t* pixels) { return launcher_.repaint(c_.colour, pixels); });
    } else {
      grid::paint_on_cpu(shape_, c_.colour, &cpu_pixels_, recorded_ ? &recorded_->blocks : nullptr);
      s = image_.upload(cpu_pixels_.data());
    }
    if (!s) error_ = translated(s);
    last_update_ms_ = now_ms() - t0;
  }

  // The frame of a relaunch carries its whole cost: that is the frame time the lesson
  // promises to keep under one frame. It is read on the frame after (FrameContext).
  void note_frame_time(const FrameContext& frame) {
    if (!report_frame_) return;
    report_frame_ = false;
    last_frame_ms_ = frame.previous_frame_cost_seconds * 1000.0;
    if (!report_to_log_) return;
    std::fprintf(stderr, "thread-grid: launch %d %s: relaunch and redraw %.2f ms on the CPU side, kernel %.3f ms, frame %.2f ms%s\n",
                 launches_, grid::launch_syntax(c_.config).c_str(), last_update_ms_, report_.kernel_ms, last_frame_ms_,
                 offline_log().c_str());
  }

  // Without a GPU: where the SMs, times and refusal shown come from, for the log.
  std::string offline_log() const {
    if (gpu_info().available) return "";
    if (const grid::RecordedLaunch* r = offline_refusal()) return "; no GPU: refused on the recorded GPU: " + r->runtime_error;
    if (recorded_ && !recorded_->blocks.empty())
      return "; no GPU: SMs and times of the recorded launch, " + std::to_string(recorded_->blocks.size()) + " blocks";
    return "; no GPU: no recorded launch of this configuration";
  }

  // ---- controls --------------------------------------------------------------------

  void draw_controls() {
    grid::LaunchConfig& cfg = c_.config;
    ImGui::PushItemWidth(-ImGui::CalcTextSize((std::string(tr("block z")) + "  ").c_str()).x);
    int kind = static_cast<int>(cfg.kind);
    ImGui::TextUnformatted(tr("Problem:"));
    same_line_if_fits(check_width(tr("vector (1D)")));
    if (ImGui::RadioButton(tr_id("vector (1D)").c_str(), &kind, 0)) {
      cfg.kind = ProblemKind::vector_1d;
      changed();
    }
    same_line_if_fits(check_width(tr("matrix (2D)")));
    if (ImGui::RadioButton(tr_id("matrix (2D)").c_str(), &kind, 1)) {
      cfg.kind = ProblemKind::matrix_2d;
      changed();
    }
    if (cfg.kind == ProblemKind::vector_1d) {
      if (dimension_slider(N_("N"), &cfg.n, static_cast<int>(grid::kMaxVectorElements))) changed();
    } else {
      if (dimension_slider(N_("width"), &cfg.width, static_cast<int>(grid::kMaxMatrixSide))) changed();
      if (dimension_slider(N_("height"), &cfg.height, static_cast<int>(grid::kMaxMatrixSide))) changed();
    }

    ImGui::TextUnformatted(tr("Block:"));
    const char* typing = tr("(Ctrl+click a slider to type any value)");
    same_line_if_fits(text_width(typing));
    ImGui::TextDisabled("%s", typing);
    if (dimension_slider(N_("block x"), &cfg.block.x, 1024)) changed();
    if (dimension_slider(N_("block y"), &cfg.block.y, 1024)) changed();
    if (dimension_slider(N_("block z"), &cfg.block.z, 64)) changed();
    // SmallButton: no vertical frame padding, the same width as a Button.
    if (ImGui::SmallButton("256")) preset_block(256, 1);
    same_line_if_fits(button_width(tr("16 x 16")));
    if (ImGui::SmallButton("16 x 16")) preset_block(16, 16);
    same_line_if_fits(button_width(tr("1025")));
    if (ImGui::SmallButton("1025")) preset_block(1025, 1);
    same_line_if_fits(button_width(tr("<<<1, 500000>>>")));
    if (ImGui::SmallButton("<<<1, 500000>>>")) {
      cfg.kind = ProblemKind::vector_1d;
      cfg.n = 500000;
      cfg.block = {500000, 1, 1};
      cfg.grid_auto = false;
      cfg.grid_manual = {1, 1, 1};
      changed();
    }

    bool grid_auto = cfg.grid_auto;
    if (ImGui::Checkbox(tr_id("grid computed from the problem").c_str(), &grid_auto)) {
      if (!grid_auto) cfg.grid_manual = grid::launch_grid(cfg);
      cfg.grid_auto = grid_auto;
      changed();
    }
    if (!cfg.grid_auto) {
      if (dimension_slider(N_("grid x"), &cfg.grid_manual.x, 65535)) changed();
      if (dimension_slider(N_("grid y"), &cfg.grid_manual.y, 65535)) changed();
      if (dimension_slider(N_("grid z"), &cfg.grid_manual.z, 64)) changed();
    }

    if (ImGui::Checkbox(tr_id("heavy work").c_str(), &c_.heavy)) changed();
    if (c_.heavy) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(-ImGui::CalcTextSize((std::string(tr("work")) + "  ").c_str()).x);
      if (dimension_slider(N_("work"), &c_.work, 1000000)) changed();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("dependent multiply-adds per thread"));
    }
    int shared_int = static_cast<int>(c_.shared_kib);
    if (ImGui::SliderInt(tr_id("shared").c_str(), &shared_int, 0, 48,
                         as_literal_format(fill(tr("{0} KiB per block"), {std::to_string(shared_int)})).c_str())) {
      c_.shared_kib = std::max(0, shared_int);
      changed();
    }
    ImGui::PopItemWidth();

    if (ImGui::Button(tr_id("Launch").c_str())) launch_requested_ = true;
    same_line_if_fits(check_width(tr("relaunch on every change")));
    ImGui::Checkbox(tr_id("relaunch on every change").c_str(), &c_.auto_launch);
  }

  void draw_colour_choice() {
    ImGui::TextUnformatted(tr("Colour by:"));
    for (int i = 0; i < grid::kColourModeCount; ++i) {
      same_line_if_fits(check_width(tr(kColourLabels[i])));
      int mode = static_cast<int>(c_.colour);
      if (ImGui::RadioButton(tr_id(kColourLabels[i]).c_str(), &mode, i)) {
        c_.colour = static_cast<ColourMode>(i);
        repaint_requested_ = true;
      }
    }
  }

  void preset_block(std::int64_t x, std::int64_t y) {
    c_.config.block = {x, y, 1};
    c_.config.grid_auto = true;
    if (y > 1) c_.config.kind = ProblemKind::matrix_2d;
    changed();
  }

  // ---- the picture -----------------------------------------------------------------

  void draw_launch_summary() {
    const grid::LaunchConfig& cfg = c_.config;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
    ImGui::TextUnformatted(fill(tr("paint_threads{0}"), {grid::launch_syntax(cfg)}).c_str());
    ImGui::PopStyleColor();
    if (!error_.empty() || !has_picture_) return;
    const grid::Dim3 g = grid::launch_grid(cfg);
    const std::uint64_t elements = grid::element_count(shape_);
    const std::uint64_t covered = grid::elements_covered(shape_);
    const std::uint64_t threads = shape_.total_threads();
    wrapped_text_unformatted(fill(threads > covered
                                ? tr_n("{0} block x {1} threads = {2} threads for {3} elements: {4} work, {5} idle "
                                       "(they run the bounds check and stop).",
                                       "{0} blocks x {1} threads = {2} threads for {3} elements: {4} work, {5} idle "
                                       "(they run the bounds check and stop).",
                                       static_cast<unsigned long>(g.volume()))
                                : tr_n("{0} block x {1} threads = {2} threads for {3} elements: {4} work, {5} idle.",
                                       "{0} blocks x {1} threads = {2} threads for {3} elements: {4} work, {5} idle.",
                                       static_cast<unsigned long>(g.volume())),
                            {std::to_string(static_cast<long long>(g.volume())),
                             std::to_string(static_cast<long long>(cfg.block.volume())),
                             std::to_string(static_cast<unsigned long long>(threads)),
                             std::to_string(static_cast<unsigned long long>(elements)),
                             std::to_string(static_cast<unsigned long long>(covered)),
                             std::to_string(static_cast<unsigned long long>(threads - covered))})
                           );
    if (covered < elements) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(fill(tr("The grid is too small: {0} elements have no thread and are never processed."),
                                    {std::to_string(static_cast<unsigned long long>(elements - covered))})
                                   );
      ImGui::PopStyleColor();
    }
  }

  void draw_error() {
    if (error_.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error);
    wrapped_text_unformatted(error_);
    ImGui::PopStyleColor();
  }

  void draw_picture(float available_width) {
    if (!has_picture_) return;
    const float width = std::max(64.0f, available_width - 2.0f * ImGui::GetStyle().CellPadding.x - 4.0f);
    const float max_height = static_cast<float>(c_.picture_height) * scale_;
    const float pw = static_cast<float>(shape_.picture_width), ph = static_cast<float>(shape_.picture_height);
    float cell = std::min(width / pw, max_height / ph);
    if (cell >= 2.0f) cell = std::floor(cell);  // whole pixels per cell when there is room
    // A vector of a few long rows gets taller cells, so its rows stay easy to see.
    float cell_height = cell;
    if (shape_.kind == ProblemKind::vector_1d)
      cell_height = std::clamp(max_height / ph, cell, std::max(cell, 24.0f * scale_));
    const ImVec2 size(pw * cell, ph * cell_height);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // Checkerboard-free dark backing, so transparent "no thread" cells read as empty.
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(20, 20, 24, 255));
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(image_.texture())), size);
    const bool hovered = ImGui::IsItemHovered();
    draw_outlines(draw, origin, cell, cell_height);
    if (hovered) {
      std::int64_t x, y;
      cell_under_mouse(origin, cell, cell_height, &x, &y);
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        c_.pinned_x = x;
        c_.pinned_y = y;
      }
      ImGui::BeginTooltip();
      if (!draw_cell_record(x, y)) ImGui::TextDisabled("%s", tr("no thread paints this cell"));
      ImGui::EndTooltip();
    }
    if (c_.pinned_x >= 0 && c_.pinned_x < static_cast<std::int64_t>(shape_.picture_width) &&
        c_.pinned_y >= 0 && c_.pinned_y < static_cast<std::int64_t>(shape_.picture_height)) {
      const ImVec2 a(origin.x + c_.pinned_x * cell, origin.y + c_.pinned_y * cell_height);
      draw->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(a.x + cell + 2, a.y + cell_height + 2), IM_COL32(255, 255, 255, 255), 0.0f, 0, 2.0f);
      ImGui::TextDisabled("%s", fill(tr("Cell ({0}, {1}), pinned (click another cell to move it):"),
                                     {std::to_string(static_cast<long long>(c_.pinned_x)),
                                      std::to_string(static_cast<long long>(c_.pinned_y))})
                                    .c_str());
      ImGui::Indent();
      draw_cell_record(c_.pinned_x, c_.pinned_y);
      ImGui::Unindent();
    }

    draw_colour_choice();
    wrapped_text_unformatted(fill(tr("Colour: {0}. Grey cells: idle threads (outside the data)."),
                                  {tr(kColourLegends[static_cast<int>(c_.colour)])})
                                 );
    if (gpu_info().available) {
      ImGui::TextDisabled(
          "%s",
          fill(tr("{0}. Hover or click a cell for what its thread recorded."), {describe(image_.path())}).c_str());
      ImGui::TextDisabled(
          "%s",
          fill(tr("kernel {0} ms (CUDA events); relaunch + redraw {1} ms on the CPU side; frame {2} ms"),
               {decimal_text(report_.kernel_ms, 3), decimal_text(last_update_ms_, 2), decimal_text(last_frame_ms_, 1)})
              .c_str());
    } else if (recorded_ && !recorded_->blocks.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      ImGui::TextWrapped("%s", fill(tr("Mapping computed on the CPU (no GPU here); SM and start-time colours and the "
                                       "timeline: this launch {0} (one SM and start per block)."),
                                    {launch_source().where()})
                                   .c_str());
      ImGui::PopStyleColor();
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      ImGui::TextWrapped(
          "%s", fill(tr("Computed on the CPU ({0}). SMs and times: {1}."),
                     {translated(gpu_info().unavailable_reason),
                      recording_ ? tr("the recording has the lessons' launches, not this one") : recording_error_})
                    .c_str());
      ImGui::PopStyleColor();
    }
  }

  // Block boundaries when cells are big enough to see them, and the edge of the data.
  void draw_outlines(ImDrawList* draw, ImVec2 origin, float cell, float cell_height) {
    const ImU32 line = IM_COL32(0, 0, 0, 110);
    const ImU32 data_edge = IM_COL32(255, 255, 255, 220);
    const float thickness = std::max(1.0f, scale_);
    if (shape_.kind == ProblemKind::matrix_2d) {
      const float bx = static_cast<float>(shape_.block[0]) * cell, by = static_cast<float>(shape_.block[1]) * cell;
      const float w = static_cast<float>(shape_.picture_width) * cell, h = static_cast<float>(shape_.picture_height) * cell;
      if (bx >= 6.0f && by >= 6.0f) {
        for (float x = bx; x < w - 0.5f; x += bx) draw->AddLine(ImVec2(origin.x + x, origin.y), ImVec2(origin.x + x, origin.y + h), line);
        for (float y = by; y < h - 0.5f; y += by) draw->AddLine(ImVec2(origin.x, origin.y + y), ImVec2(origin.x + w, origin.y + y), line);
      }
      draw->AddRect(origin, ImVec2(origin.x + shape_.width * cell, origin.y + shape_.height * cell), data_edge, 0.0f, 0, thickness);
      return;
    }
    const std::uint64_t tpb = shape_.threads_per_block();
    const float h = static_cast<float>(shape_.picture_height) * cell_height;
    if (shape_.picture_width % tpb == 0 && tpb * cell >= 6.0f)
      for (std::uint64_t x = tpb; x < shape_.picture_width; x += tpb)
        draw->AddLine(ImVec2(origin.x + x * cell, origin.y), ImVec2(origin.x + x * cell, origin.y + h), line);
    // The data ends at element N: a mark on its row.
    if (shape_.n < shape_.total_threads()) {
      const float x = static_cast<float>(shape_.n % shape_.picture_width) * cell;
      const float y = static_cast<float>(shape_.n / shape_.picture_width) * cell_height;
      draw->AddLine(ImVec2(origin.x + x, origin.y + y), ImVec2(origin.x + x, origin.y + y + std::max(cell_height, 4.0f)), data_edge, 2.0f * thickness);
    }
  }

  // The cell under the mouse, in picture cells.
  void cell_under_mouse(ImVec2 origin, float cell, float cell_height, std::int64_t* x, std::int64_t* y) const {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    *x = static_cast<std::int64_t>(std::floor((mouse.x - origin.x) / cell));
    *y = static_cast<std::int64_t>(std::floor((mouse.y - origin.y) / cell_height));
  }

  // The record the thread of slot wrote, read from the GPU once per launch and slot.
  const grid::ThreadRecord* record_for(std::uint64_t slot) {
    if (!gpu_info().available || !report_.drawn) return nullptr;
    auto found = records_.find(slot);
    if (found == records_.end()) {
      if (records_.size() > 64) records_.clear();
      grid::ThreadRecord r{};
      if (!launcher_.read_records(slot, 1, &r)) r.smid = grid::kUnwritten;
      found = records_.emplace(slot, r).first;
    }
    return found->second.smid == grid::kUnwritten ? nullptr : &found->second;
  }

  // What is known about the thread of picture cell (x, y): from the mapping, and from
  // its own record when it ran on the GPU. False when no thread paints that cell.
  bool draw_cell_record(std::int64_t x, std::int64_t y) {
    if (x < 0 || y < 0) return false;
    std::uint32_t b[3], t[3];
    if (!grid::thread_at_pixel(shape_, static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y), b, t)) return false;
    const grid::ThreadPlace p = grid::place_thread(shape_, b[0], b[1], b[2], t[0], t[1], t[2]);
    ImGui::TextUnformatted(fill(tr("blockIdx = ({0}, {1}, {2})   threadIdx = ({3}, {4}, {5})"),
                                {std::to_string(b[0]), std::to_string(b[1]), std::to_string(b[2]), std::to_string(t[0]),
                                 std::to_string(t[1]), std::to_string(t[2])})
                               .c_str());
    if (shape_.kind == ProblemKind::vector_1d) {
      ImGui::TextUnformatted(fill(tr("i = blockIdx.x * blockDim.x + threadIdx.x = {0}"),
                                  {std::to_string(static_cast<unsigned long long>(p.global_index))})
                                 .c_str());
      if (shape_.grid[1] > 1 || shape_.grid[2] > 1 || shape_.block[1] > 1 || shape_.block[2] > 1)
        ImGui::TextDisabled("%s", fill(tr("(with y and z folded in: block {0}, thread {1} of its block)"),
                                       {std::to_string(static_cast<unsigned long long>(p.block_linear)),
                                        std::to_string(p.thread_linear)})
                                      .c_str());
    } else {
      ImGui::TextUnformatted(
          fill(p.layer > 0 ? tr("row = {0}, col = {1} (z layer: no data there)") : tr("row = {0}, col = {1}"),
               {std::to_string(static_cast<unsigned long long>(p.row)),
                std::to_string(static_cast<unsigned long long>(p.col))})
              .c_str());
    }
    ImGui::TextUnformatted(
        fill(tr("warp {0} of its block, lane {1}"), {std::to_string(p.warp), std::to_string(p.lane)}).c_str());
    if (!p.in_bounds) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      if (shape_.kind == ProblemKind::vector_1d)
        ImGui::TextUnformatted(fill(tr("idle: i = {0} is not < N = {1}, so the bounds check stops it"),
                                    {std::to_string(static_cast<unsigned long long>(p.global_index)),
                                     std::to_string(static_cast<unsigned long long>(shape_.n))})
                                   .c_str());
      else
        ImGui::TextUnformatted(fill(tr("idle: outside the {0} x {1} matrix, so the bounds check stops it"),
                                    {std::to_string(shape_.width), std::to_string(shape_.height)})
                                   .c_str());
      ImGui::PopStyleColor();
    }
    if (const grid::ThreadRecord* r = record_for(p.slot)) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().gpu);
      ImGui::TextUnformatted(fill(tr("recorded by the thread: SM {0} (%smid), lane {1} (%laneid)"),
                                  {std::to_string(r->smid), std::to_string(r->lane)})
                                 .c_str());
      const double start_us = static_cast<double>(r->start_ns - report_.first_start_ns) / 1e3;
      const double end_us = static_cast<double>(r->end_ns - report_.first_start_ns) / 1e3;
      ImGui::TextUnformatted(fill(tr("started {0} us, ended {1} us after the launch's first thread (%globaltimer)"),
                                  {decimal_text(start_us, 2), decimal_text(end_us, 2)})
                                 .c_str());
      ImGui::PopStyleColor();
    } else if (gpu_info().available) {
      ImGui::TextDisabled("%s", tr("this thread's record could not be read"));
    } else if (recorded_ && p.block_linear < recorded_->blocks.size()) {
      const grid::BlockSummary& b = recorded_->blocks[p.block_linear];
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      ImGui::TextUnformatted(fill(tr("its block ran on SM {0}, from {1} to {2} us after the launch's first thread,"),
                                  {std::to_string(b.smid), decimal_text(static_cast<double>(b.first_start_ns) / 1e3, 2),
                                   decimal_text(static_cast<double>(b.end_ns) / 1e3, 2)})
                                 .c_str());
      ImGui::Text("%s", launch_source().where().c_str());
      ImGui::PopStyleColor();
    } else {
      ImGui::TextDisabled("%s", tr("computed on the CPU: no SM or timing data"));
    }
    return true;
  }

  // "outcome": 0 the kernel ran, 1 the launch was refused (text: the runtime's words, or
  // without a GPU the limit it breaks). "waves": how many waves the blocks took.
  bool result(const std::string& name, PanelResult* out) const override {
    if (!launched_once_) return false;
    if (name == "outcome") {
      const bool refused = !report_.runtime_error.empty() || (!gpu_info().available && cpu_check_.exceeds_limits);
      out->value = refused ? 1 : 0;
      if (!report_.runtime_error.empty()) out->text = fill(tr("refused: {0}"), {report_.runtime_error});
      else if (const grid::RecordedLaunch* r = refused ? offline_refusal() : nullptr)
        out->text = fill(tr("refused on the recorded GPU (no GPU here): {0}"), {r->runtime_error});
      else if (refused)
        out->text = fill(tr("a GPU would refuse it (no GPU here): {0}"), {translated(cpu_check_.broken_limit)});
      else out->text = fill(tr("it ran: {0}"), {grid::launch_syntax(c_.config)});
      return true;
    }
    if (name == "waves" && occupancy_.waves > 0) {
      out->value = static_cast<double>(occupancy_.waves);
      out->text = fill(tr_n("{0} wave", "{0} waves", static_cast<unsigned long>(occupancy_.waves)),
                       {std::to_string(occupancy_.waves)});
      return true;
    }
    return false;
  }

  // ---- refusals, timeline, occupancy -------------------------------------------------

  void draw_refusal() {
    const bool refused = !report_.runtime_error.empty();
    if (!refused && !cpu_check_.exceeds_limits) return;
    const grid::LaunchCheck& check = refused ? report_.check : cpu_check_;
    // A tinted box as tall as its text wraps to: the tint is drawn first, at the height
    // the box had on the frame before (a child window would need its height in advance).
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float pad = ImGui::GetStyle().WindowPadding.x;
    ImGui::GetWindowDrawList()->AddRectFilled(
        start, ImVec2(start.x + ImGui::GetContentRegionAvail().x, start.y + refusal_height_),
        ImGui::ColorConvertFloat4ToU32(ImVec4(0.45f, 0.08f, 0.08f, 0.35f)), ImGui::GetStyle().ChildRounding);
    ImGui::Dummy(ImVec2(0, pad / 2));
    ImGui::Indent(pad);
    ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x - pad);
    if (refused) {
      ImGui::TextUnformatted(tr("The launch was made, and the CUDA runtime refused it:"));
      draw_refused_call(report_.runtime_call, report_.runtime_error);
    } else if (const grid::RecordedLaunch* r = offline_refusal()) {
      ImGui::TextUnformatted(tr("No GPU here; the recorded GPU was asked, and its CUDA runtime refused the launch:"));
      draw_refused_call(r->runtime_call, r->runtime_error);
      ImGui::PushStyleColor(ImGuiCol_Text, palette().muted_text);
      const std::string where = launch_source().where();
      std::string label = where;
      label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
      ImGui::TextWrapped("%s.", r == recorded_ ? label.c_str() : fill(tr("A launch breaking the same limit, {0}"), {where}).c_str());
      ImGui::PopStyleColor();
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, palette().warning);
      wrapped_text_unformatted(fill(tr("No GPU here to ask (and {0}). By the limits every current CUDA GPU has, a GPU "
                                       "would refuse this launch."),
                                    {recording_error_})
                                   );
      ImGui::PopStyleColor();
    }
    if (check.exceeds_limits) {
      ImGui::TextUnformatted(fill(tr("Why: {0}."), {translated(check.broken_limit)}).c_str());
      ImGui::TextUnformatted(fill(tr("What to change: {0}"), {translated(check.hint)}).c_str());
    }
    ImGui::TextDisabled("%s", tr("The kernel never ran: there is nothing to draw."));
    if (refused) ImGui::TextDisabled("%s", tr("Reading the error also cleared it: the next launch works normally."));
    ImGui::PopTextWrapPos();
    ImGui::Unindent(pad);
    ImGui::Dummy(ImVec2(0, pad / 2));
    refusal_height_ = ImGui::GetCursorScreenPos().y - start.y - ImGui::GetStyle().ItemSpacing.y;
  }

  void draw_timeline(float width) {
    if (timeline_.empty()) {
      if (!gpu_info().available && launched_once_ && error_.empty() && !cpu_check_.exceeds_limits)
        ImGui::TextDisabled(
            "%s", fill(tr("Timeline: no GPU here, and {0}."),
                       {recording_ ? tr("the recording has the lessons' launches, not this one: press the lesson's "
                                        "buttons or reopen the page for one")
                                   : recording_error_})
                      .c_str());
      return;
    }
    ImGui::Spacing();
    ImGui::TextUnformatted(
        tr("Timeline: each lane is an SM, each bar a block, from its first thread's start to its last thread's end."));
    timeline_.draw(width, scale_);
  }

  void draw_occupancy_section() {
    if (occupancy_.threads_per_block == 0) return;
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Occupancy: how many blocks of this kernel one SM holds at once"));
    OccupancySource source;
    source.limits = launch_source();
    if (source.limits.faded() && recorded_) source.recorded_runtime = &recorded_->occupancy;
    draw_occupancy(occupancy_, source, scale_);
  }

  // Without a GPU: the recorded refusal of this launch, or of one breaking the same limit.
  const grid::RecordedLaunch* offline_refusal() const {
    if (gpu_info().available || !recording_ || !cpu_check_.exceeds_limits) return nullptr;
    if (recorded_ && !recorded_->runtime_error.empty()) return recorded_;
    return recording_->refused_like(cpu_check_);
  }

  Controls c_;
  float scale_ = 1.0f;
  float refusal_height_ = 0.0f;  // of the refusal's box on the last frame it was drawn
  bool settings_open_ = false;   // the folded controls (narrow panel) are open
  bool launch_requested_ = false;
  bool repaint_requested_ = false;
  bool launched_once_ = false;

  grid::GridLauncher launcher_;
  CudaGlImage image_;
  grid::GridShape shape_;
  grid::LaunchReport report_;
  grid::OccupancyReport occupancy_;
  grid::LaunchCheck cpu_check_;  // no GPU: the recorded (or documented) limits' verdict
  const grid::GridRecording* recording_ = nullptr;  // no GPU: the launches recorded on one
  std::string recording_error_;                    // why there is none
  const grid::RecordedLaunch* recorded_ = nullptr;  // the recorded launch of this configuration
  std::vector<std::uint32_t> cpu_pixels_;
  LaunchTimeline timeline_;
  bool has_picture_ = false;
  std::string error_;

  std::unordered_map<std::uint64_t, grid::ThreadRecord> records_;  // read for hovering, this launch

  int launches_ = 0;
  double last_update_ms_ = 0.0;
  double last_frame_ms_ = 0.0;
  bool report_frame_ = false;
  bool report_to_log_ = false;
};


grid::LaunchConfig launch_config(const PanelParams& p) {
  grid::LaunchConfig cfg;
  // Giving a width or a height asks for a matrix unless problem= says otherwise.
  const bool matrix = p.given("problem") ? p.text("problem") == "matrix" : p.given("width") || p.given("height");
  cfg.kind = matrix ? ProblemKind::matrix_2d : ProblemKind::vector_1d;
  cfg.n = p.whole("n");
  cfg.width = p.whole("width");
  cfg.height = p.whole("height");
  // A square 16 x 16 block is the usual start for a matrix, 256 threads in a row for a vector.
  cfg.block.x = matrix && !p.given("block_x") ? 16 : p.whole("block_x");
  cfg.block.y = matrix && !p.given("block_y") ? 16 : p.whole("block_y");
  cfg.block.z = p.whole("block_z");
  cfg.grid_auto = p.whole("grid_x") == 0 && p.whole("grid_y") == 0 && p.whole("grid_z") == 0;
  cfg.grid_manual = grid::launch_grid(cfg);
  if (p.whole("grid_x") > 0) cfg.grid_manual.x = p.whole("grid_x");
  if (p.whole("grid_y") > 0) cfg.grid_manual.y = p.whole("grid_y");
  if (p.whole("grid_z") > 0) cfg.grid_manual.z = p.whole("grid_z");
  return cfg;
}

// What a lesson's @panel line sets. The launch's defaults depend on one another (a
// matrix starts with 16 x 16 blocks), so launch_config works them out from the line.
Controls controls_from(const PanelParams& p) {
  Controls c = thread_grid_fields().options(p);
  c.config = launch_config(p);
  return c;
}

}  // namespace

grid::LaunchRequest thread_grid_request(const PanelParams& p) {
  const Controls c = controls_from(p);
  return {c.config, c.launch_options()};
}

const PanelType& thread_grid_panel_type() {
  static const PanelType type = {
      "thread-grid",
      N_("a real <<<blocks, threads>>> launch: every thread paints its cell, records its SM and time; timeline, "
      "occupancy, refusals"),
      thread_grid_fields().table(),
      ThreadGridPanel::buttons().specs(),
      [](const PanelParams& params, std::string*) { return std::make_unique<ThreadGridPanel>(controls_from(params)); },
      {"launch", "launch"},
      {{"outcome", "", "whether the launch ran (0) or the runtime refused it (1), with the runtime's words"},
       {"waves", "waves", "how many waves the blocks took: blocks over blocks the GPU holds at once"}}};
  return type;
}

}  // namespace whygpu::app

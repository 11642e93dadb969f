// The timeline view driven through Dear ImGui without a renderer: the pointer swept over
// the H100 recordings finds kernels and launches (a tooltip opens) without fault,
// Ctrl+wheel zooms and a drag pans.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "app/profile/timeline_view.h"
#include "compute/profile/timeline_json.h"

namespace whygpu::app::timeline {
namespace {

class ImGuiFrames {
 public:
  ImGuiFrames() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini left in the working folder
    io.DisplaySize = ImVec2(1600, 900);
    io.DeltaTime = 1.0f / 60;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the default font; nothing is drawn
  }
  ~ImGuiFrames() { ImGui::DestroyContext(); }

  // One frame with the view drawn at the window's top-left; true when a tooltip is open.
  bool frame(TimelineView* view, const std::vector<Track>& tracks, const std::vector<TrackNote>& notes) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(1600, 900));
    ImGui::Begin("page", nullptr, ImGuiWindowFlags_NoDecoration);
    view->draw("timeline", tracks, notes, 1500, 1.0f, nullptr);
    ImGui::End();
    bool tooltip = false;
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
      if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active) tooltip = true;
    ImGui::EndFrame();
    return tooltip;
  }
};

TEST(TimelineView, HoveringTheLanesOpensTooltipsAndTheWheelZooms) {
  profile::Timeline eager, graph;
  const std::string folder = std::string(WHYGPU_SOURCE_DIR) + "/assets/reference/timelines/";
  ASSERT_TRUE(profile::load_timeline(folder + "cnn-step.json", &eager));
  ASSERT_TRUE(profile::load_timeline(folder + "cnn-step-graph.json", &graph));
  const std::vector<Track> tracks = {{&eager, "eager"}, {&graph, "graph"}};
  const std::vector<TrackNote> notes = {{"idle 46%", "recorded", true}, {"idle 1%", "recorded", true}};
  ImGuiFrames imgui;
  TimelineView view;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(-100, -100);
  EXPECT_FALSE(imgui.frame(&view, tracks, notes));
  const plot::Range fitted = view.view_ms();
  // Sweep the pointer over the whole view: kernels, launches and gaps each open a tooltip.
  int tooltips = 0;
  for (float y = 0; y < 500; y += 6)
    for (float x = 0; x < 1500; x += 25) {
      io.MousePos = ImVec2(x, y);
      tooltips += imgui.frame(&view, tracks, notes);
    }
  EXPECT_GT(tooltips, 50);
  // Ctrl+wheel over the lanes narrows the time shown around the pointer.
  io.MousePos = ImVec2(800, 80);
  imgui.frame(&view, tracks, notes);
  io.KeyCtrl = true;
  io.MouseWheel = 2.0f;
  imgui.frame(&view, tracks, notes);
  io.MouseWheel = 0.0f;
  io.KeyCtrl = false;
  const plot::Range zoomed = view.view_ms();
  EXPECT_LT(zoomed.max - zoomed.min, 0.7 * (fitted.max - fitted.min));
  EXPECT_GT(zoomed.min, fitted.min);
  // Dragging left moves later times into view.
  io.MouseDown[0] = true;
  imgui.frame(&view, tracks, notes);
  for (float x = 790; x >= 700; x -= 10) {
    io.MousePos = ImVec2(x, 80);
    imgui.frame(&view, tracks, notes);
  }
  io.MouseDown[0] = false;
  imgui.frame(&view, tracks, notes);
  EXPECT_GT(view.view_ms().min, zoomed.min);
  EXPECT_NEAR(view.view_ms().max - view.view_ms().min, zoomed.max - zoomed.min, 1e-9);
  // Fit brings back the whole step.
  view.fit();
  io.MousePos = ImVec2(-100, -100);
  imgui.frame(&view, tracks, notes);
  EXPECT_EQ(view.view_ms(), fitted);
}

}  // namespace
}  // namespace whygpu::app::timeline

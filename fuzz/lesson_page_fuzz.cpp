// Lesson files drawn, not only parsed: the lesson list (every section and title, as the app
// draws them on every frame, whichever lesson is open), the page's title, errors, text
// blocks and @predict boxes (asked, then answered), through the app's own drawing code into
// ImGui's draw lists. No GL is needed: ImGui::Render() builds the vertices, which is where a
// title of 100 KB asserted (too many vertices for 16-bit indices) and where a `%n` in a
// unit went through a printf format.
#include <imgui.h>

#include "app/lesson/lesson_library.h"
#include "app/shell/lesson_list.h"
#include "app/lesson/page_view.h"
#include "app/widgets/ui_style.h"
#include "fuzz/fuzz_input.h"

namespace {

whygpu::app::Fonts g_fonts;

void draw_frame(const whygpu::app::LessonLibrary& library, whygpu::app::LessonList& list,
                whygpu::app::PageView& page) {
  using namespace whygpu::app;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("##window", nullptr, ImGuiWindowFlags_NoDecoration);
  ImGui::BeginChild("##list", ImVec2(io.DisplaySize.x * LessonList::kMaxWindowShare, 0));
  list.draw(library, 0, true, g_fonts);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##page");
  if (!library.lessons().empty()) {
    const Lesson& lesson = library.lessons()[0];
    std::vector<std::string> errors;
    for (const LessonError& e : lesson.errors) errors.push_back(e.to_string());
    std::vector<PanelSlot> no_panels;  // panels are fuzzed through their own parameter checks
    FrameContext frame;
    frame.fonts = &g_fonts;
    page.draw(lesson, no_panels, errors, /*language_note=*/"", g_fonts, frame);
  }
  ImGui::EndChild();
  ImGui::End();
  ImGui::Render();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1280, 720);
  io.DeltaTime = 1.0f / 60.0f;
  // The app's own fonts and atlas (DejaVu; CJK from a fallback font where one is installed).
  g_fonts = whygpu::app::build_fonts(1.0f, "en", {});
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  whygpu::fuzz::write_input_file(data, size, "fuzz.lesson");
  const whygpu::app::LessonLibrary library = whygpu::app::LessonLibrary::load(whygpu::fuzz::input_folder());
  whygpu::app::LessonList list;
  whygpu::app::PageView page;
  draw_frame(library, list, page);
  if (!library.lessons().empty()) {
    // Every question answered (a number in range or not, else skipped), then drawn again.
    const whygpu::app::Lesson& lesson = library.lessons()[0];
    for (int tries = 0; tries < 8 && page.answer_prediction(lesson, "1"); ++tries) {}
    for (int tries = 0; tries < 8 && page.answer_prediction(lesson, "skip"); ++tries) {}
  }
  draw_frame(library, list, page);
  return 0;
}

#include "app/widgets/code_fit.h"

#include <imgui.h>

#include <algorithm>

namespace whygpu::app {

float code_scale_to_fit(const std::string& code, float width) {
  float widest = 0.0f;
  std::size_t start = 0;
  while (start <= code.size()) {
    const std::size_t end = std::min(code.find('\n', start), code.size());
    widest = std::max(widest, ImGui::CalcTextSize(code.data() + start, code.data() + end).x);
    start = end + 1;
  }
  if (widest <= width || widest <= 0.0f) return 1.0f;
  return std::max(kMinCodeScale, width / widest);
}

}  // namespace whygpu::app

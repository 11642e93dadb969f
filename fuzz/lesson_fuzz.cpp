// Lesson files (lessons/FORMAT.md).
#include "app/lesson/lesson.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const whygpu::app::Lesson lesson =
      whygpu::app::parse_lesson(std::string(whygpu::fuzz::as_text(data, size)), "fuzz.lesson");
  for (const auto& block : lesson.blocks)
    whygpu::fuzz::check(block.line >= 0, "blocks have a line number");
  return 0;
}

// The app's command line: the input is its arguments, separated by NUL bytes.
#include <cmath>

#include "app/cli/cli_options.h"
#include "app/shell/settings.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;  // without the program name, as main() passes them
  std::string_view rest = whygpu::fuzz::as_text(data, size);
  for (std::size_t end; (end = rest.find('\0')) != std::string_view::npos; rest.remove_prefix(end + 1))
    args.emplace_back(rest.substr(0, end));
  if (!rest.empty()) args.emplace_back(rest);
  const whygpu::app::CliParse parsed = whygpu::app::parse_cli(args);
  if (!parsed.error.empty()) return 0;
  const auto& o = parsed.options;
  using whygpu::app::Settings;
  if (o.font_scale)
    whygpu::fuzz::check(std::isfinite(*o.font_scale) && *o.font_scale >= Settings::min_font_scale &&
                            *o.font_scale <= Settings::max_font_scale,
                        "--font-scale within its range");
  whygpu::fuzz::check(o.width >= 0 && o.height >= 0 && o.frames >= 0 && o.fps >= 0,
                      "sizes, frames and fps are not negative");
  return 0;
}

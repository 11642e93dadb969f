#pragma once
// The hash a translation records of the English original it translates (lessons/FORMAT.md,
// "Translations"): the first 16 hex digits of the SHA-256 of the original's bytes, the
// same as `sha256sum FILE.lesson | cut -c1-16`, so that translators can compute it by hand.
#include <string>
#include <string_view>

namespace whygpu::app {

// SHA-256 of `bytes` as 64 lowercase hex digits (FIPS 180-4).
std::string sha256_hex(std::string_view bytes);

// Its first 16 digits: what `translates:` holds.
std::string translation_hash(std::string_view bytes);

}  // namespace whygpu::app

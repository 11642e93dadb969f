#pragma once
// An enum's words in files, on the command line and in lessons, declared once as a table
// of (value, key) pairs that serves both ways:
//   constexpr EnumKey<Engine> kEngineKeys[] = {{Engine::Auto, "auto"}, {Engine::Gpu, "gpu"}};
//   key_of(kEngineKeys, Engine::Gpu)            -> "gpu"
//   value_of(kEngineKeys, "simulator", &engine) -> false, engine untouched
#include <cstddef>
#include <string_view>

namespace whygpu {

template <typename E>
struct EnumKey {
  E value;
  const char* key;
};

// The value's key; the first row's for a value the table lacks.
template <typename E, std::size_t N>
constexpr const char* key_of(const EnumKey<E> (&table)[N], E value) {
  for (const EnumKey<E>& row : table)
    if (row.value == value) return row.key;
  return table[0].key;
}

// False, and *out untouched, for a key the table lacks.
template <typename E, std::size_t N>
constexpr bool value_of(const EnumKey<E> (&table)[N], std::string_view key, E* out) {
  for (const EnumKey<E>& row : table)
    if (key == row.key) {
      *out = row.value;
      return true;
    }
  return false;
}

}  // namespace whygpu

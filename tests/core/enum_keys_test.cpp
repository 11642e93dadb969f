#include "compute/core/enum_keys.h"

#include <gtest/gtest.h>

namespace whygpu {
namespace {

enum class Colour { Red, Green, Blue };
constexpr EnumKey<Colour> kColourKeys[] = {{Colour::Red, "red"}, {Colour::Green, "green"}};

TEST(EnumKeys, ATableServesBothWays) {
  EXPECT_STREQ(key_of(kColourKeys, Colour::Green), "green");
  Colour c = Colour::Blue;
  ASSERT_TRUE(value_of(kColourKeys, "red", &c));
  EXPECT_EQ(c, Colour::Red);
}

TEST(EnumKeys, AnUnknownKeyLeavesTheValueAndAMissingValueGetsTheFirstKey) {
  Colour c = Colour::Green;
  EXPECT_FALSE(value_of(kColourKeys, "Red", &c));  // keys are exact
  EXPECT_FALSE(value_of(kColourKeys, "", &c));
  EXPECT_EQ(c, Colour::Green);
  EXPECT_STREQ(key_of(kColourKeys, Colour::Blue), "red");
}

}  // namespace
}  // namespace whygpu

#include "app/checkout_path.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace whygpu::app {
namespace {

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(CheckoutPath, TheEnvironmentVariableWinsWhenSet) {
  ::setenv("WHYGPU_CHECKOUT_PATH_TEST", "/elsewhere/lessons", 1);
  EXPECT_EQ(checkout_path("WHYGPU_CHECKOUT_PATH_TEST", "lessons"), "/elsewhere/lessons");
  ::setenv("WHYGPU_CHECKOUT_PATH_TEST", "", 1);  // empty counts as unset
  EXPECT_NE(checkout_path("WHYGPU_CHECKOUT_PATH_TEST", "lessons"), "");
  ::unsetenv("WHYGPU_CHECKOUT_PATH_TEST");
}

TEST(CheckoutPath, FindsWhatShipsInTheRepositoryAndNamesTheSourceTreeOtherwise) {
  ::unsetenv("WHYGPU_CHECKOUT_PATH_TEST");
  const std::string lessons = checkout_path("WHYGPU_CHECKOUT_PATH_TEST", "lessons");
  EXPECT_TRUE(ends_with(lessons, "/lessons")) << lessons;
  EXPECT_TRUE(std::filesystem::is_directory(lessons)) << lessons;
  const std::string missing = checkout_path("WHYGPU_CHECKOUT_PATH_TEST", "no/such/file");
  EXPECT_TRUE(ends_with(missing, "/no/such/file")) << missing;
  EXPECT_FALSE(std::filesystem::exists(missing));
}

}  // namespace
}  // namespace whygpu::app

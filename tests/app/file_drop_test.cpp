#include "app/shell/file_drop.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace whygpu::app {
namespace {
namespace fs = std::filesystem;

TEST(FileDrop, KindsByWhatIsThere) {
  const fs::path dir = fs::temp_directory_path() / "whygpu-file-drop-test";
  fs::remove_all(dir);
  fs::create_directories(dir / "images/cats");
  std::ofstream(dir / "notes.txt") << "text";
  std::ofstream(dir / "no-extension") << "text";
  EXPECT_EQ(classify_drop((dir / "images").string()), DropKind::kImageFolder);
  EXPECT_EQ(classify_drop((dir / "notes.txt").string()), DropKind::kText);
  EXPECT_EQ(classify_drop((dir / "no-extension").string()), DropKind::kText);
  EXPECT_EQ(classify_drop((dir / "mine.model").string()), DropKind::kLstmModel);
  EXPECT_EQ(classify_drop((dir / "mine.weights").string()), DropKind::kCnnWeights);
  fs::remove_all(dir);
}

TEST(FileDrop, EachKindGoesToThePanelThatTakesIt) {
  const std::vector<std::string> lstm_page{"lstm-trainer", "lstm-step"};
  const std::vector<std::string> cnn_page{"cnn-feature-maps", "cnn-trainer"};

  auto text = route_drop(DropKind::kText, "/t/book.txt", lstm_page);
  ASSERT_EQ(text.size(), 2u);
  EXPECT_EQ(text[0].panel, "lstm-trainer");
  EXPECT_EQ(text[0].key, "text");
  EXPECT_EQ(text[0].value, "/t/book.txt");
  EXPECT_EQ(text[1].button, "open");

  auto model = route_drop(DropKind::kLstmModel, "/t/a.model", lstm_page);
  ASSERT_EQ(model.size(), 2u);
  EXPECT_EQ(model[0].key, "model");
  EXPECT_EQ(model[1].button, "load");

  auto folder = route_drop(DropKind::kImageFolder, "/t/images", cnn_page);
  ASSERT_EQ(folder.size(), 1u);
  EXPECT_EQ(folder[0].panel, "cnn-trainer");
  EXPECT_EQ(folder[0].key, "folder");
  EXPECT_EQ(folder[0].value, "/t/images");

  auto weights = route_drop(DropKind::kCnnWeights, "/t/w.weights", cnn_page);
  ASSERT_EQ(weights.size(), 2u);
  EXPECT_EQ(weights[0].key, "weights");
  EXPECT_EQ(weights[1].button, "load");
}

TEST(FileDrop, APageWithoutSuchAPanelTakesNothing) {
  EXPECT_TRUE(route_drop(DropKind::kText, "/t/book.txt", {"cnn-trainer"}).empty());
  EXPECT_TRUE(route_drop(DropKind::kImageFolder, "/t/images", {"lstm-trainer"}).empty());
  EXPECT_TRUE(route_drop(DropKind::kCnnWeights, "/t/w.weights", {}).empty());
}

}  // namespace
}  // namespace whygpu::app

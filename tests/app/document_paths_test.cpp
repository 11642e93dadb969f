// Lessons and scripts are documents teachers share: the files they name stay inside the
// lesson's (or script's) folder and the app's data folders, and what they save goes to
// the user's export folder. Each hostile value below is refused with a message that
// names it, and nothing is written outside the export folder.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

#include "app/demo/script.h"
#include "app/demo/script_player.h"
#include "app/files/document_paths.h"
#include "app/files/file_locations.h"
#include "app/lesson/lesson_check.h"
#include "app/lesson/lesson_library.h"
#include "app/panels/panel_host.h"
#include "app/shell/settings.h"
#include "app/shell/shell.h"

namespace whygpu::app {
namespace {
namespace fs = std::filesystem;

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

// A fresh folder per test: lessons/ (the documents), docs/ (the user's Documents, named
// in config/user-dirs.dirs as the desktop does), data/ (the user's data folder) and
// outside/ (where a hostile document would like to read or write).
class DocumentPaths : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("whygpu-document-paths-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "outside");
    write(root_ / "outside/secret.txt", "not for lessons\n");
    write(root_ / "config/user-dirs.dirs", "# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR=\"" +
                                               (root_ / "docs").string() + "\"\n");
    config_.emplace("XDG_CONFIG_HOME", (root_ / "config").string());
    data_.emplace("XDG_DATA_HOME", (root_ / "data").string());
    documents_.emplace("XDG_DOCUMENTS_DIR", "");  // not absolute: user-dirs.dirs decides
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path lessons() const { return root_ / "lessons"; }
  fs::path exports() const { return root_ / "docs/whygpu"; }

  fs::path root_;
  std::optional<ScopedEnv> config_, data_, documents_;
};

bool mentions(const std::vector<std::string>& problems, const std::string& a, const std::string& b) {
  for (const std::string& p : problems)
    if (p.find(a) != std::string::npos && p.find(b) != std::string::npos) return true;
  return false;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

constexpr const char* kHeader = "id: hostile\ntitle: Hostile paths\nsection: Tests\n---\n";

TEST_F(DocumentPaths, HostileValuesInALessonAreProblems) {
  fs::create_directories(lessons());
  fs::create_symlink(root_ / "outside/secret.txt", lessons() / "notes.txt");
  const std::string evil_csv = (root_ / "x/evil.csv").string();
  write(lessons() / "hostile.lesson",
        std::string(kHeader) + "@panel vector-add-sweep csv=" + evil_csv +
            " png=../../evil.png\n"
            "@panel cnn-trainer weights=/etc/passwd\n"
            "@panel kernel-lab source_file=/etc/hostname\n"
            "@panel lstm-trainer text=notes.txt\n"
            "@panel transfer-learning base=../outside/secret.txt\n");
  const LessonLibrary library = LessonLibrary::load(lessons().string());
  ASSERT_EQ(library.lessons().size(), 1u);
  const std::vector<std::string> problems = lesson_problems(library.lessons()[0]);
  const std::string all = joined(problems);
  EXPECT_TRUE(mentions(problems, "csv", evil_csv)) << all;
  EXPECT_TRUE(mentions(problems, "png", "../../evil.png")) << all;
  EXPECT_TRUE(mentions(problems, "weights", "/etc/passwd")) << all;
  EXPECT_TRUE(mentions(problems, "source_file", "/etc/hostname")) << all;
  EXPECT_TRUE(mentions(problems, "text", "notes.txt")) << all;  // a symlink that leads outside
  EXPECT_TRUE(mentions(problems, "base", "../outside/secret.txt")) << all;
}

TEST_F(DocumentPaths, FilesInsideTheLessonFolderAreNoProblem) {
  write(lessons() / "texts/poem.txt", "a poem\n");
  write(lessons() / "kernel.cu", "__global__ void add() {}\n");
  write(lessons() / "plain.lesson", std::string(kHeader) +
                                        "@panel vector-add-sweep csv=my.csv png=plot.png\n"
                                        "@panel lstm-trainer text=texts/poem.txt model=poem.model\n"
                                        "@panel kernel-lab source_file=kernel.cu\n");
  const LessonLibrary library = LessonLibrary::load(lessons().string());
  const std::vector<std::string> problems = lesson_problems(library.lessons()[0]);
  for (const char* value : {"my.csv", "plot.png", "poem.txt", "poem.model", "kernel.cu"})
    for (const std::string& p : problems) EXPECT_EQ(p.find(value), std::string::npos) << p;
}

// Runs the page's sweep (one small size on the CPU) and saves its CSV.
Status run_and_save_csv(PanelHost& host, const std::string& panel) {
  if (Status s = host.press(0, panel, "run"); !s) return s;
  bool busy = true;
  for (int i = 0; i < 600 && busy; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (Status s = host.busy(0, panel, &busy); !s) return s;
  }
  return host.press(0, panel, "save-csv");
}

TEST_F(DocumentPaths, APlainCsvNameSavesIntoTheExportFolder) {
  write(lessons() / "plain.lesson",
        std::string(kHeader) + "@panel vector-add-sweep min=10 max=10 repeats=1 prepared=false csv=my.csv\n");
  const LessonLibrary library = LessonLibrary::load(lessons().string());
  PanelHost host(library);
  ASSERT_EQ(host.panels_of(0).size(), 1u);
  ASSERT_TRUE(host.errors(0).empty()) << joined(host.errors(0));
  const Status saved = run_and_save_csv(host, "vector-add-sweep");
  ASSERT_TRUE(saved) << saved.message();
  EXPECT_TRUE(fs::is_regular_file(exports() / "my.csv"));
  EXPECT_FALSE(fs::exists(lessons() / "my.csv"));
  EXPECT_FALSE(fs::exists(fs::current_path() / "my.csv"));
  host.close_all();
}

TEST_F(DocumentPaths, AHostileCsvIsRefusedOnThePageAndTheSaveStaysInTheExportFolder) {
  const fs::path evil = root_ / "outside/evil.csv";
  write(lessons() / "hostile.lesson", std::string(kHeader) +
                                          "@panel vector-add-sweep min=10 max=10 repeats=1 prepared=false csv=" +
                                          evil.string() + " png=../../evil.png\n");
  const LessonLibrary library = LessonLibrary::load(lessons().string());
  PanelHost host(library);
  ASSERT_EQ(host.panels_of(0).size(), 1u);
  const std::string errors = joined(host.errors(0));
  EXPECT_NE(errors.find(evil.string()), std::string::npos) << errors;
  EXPECT_NE(errors.find("../../evil.png"), std::string::npos) << errors;
  const Status saved = run_and_save_csv(host, "vector-add-sweep");
  ASSERT_TRUE(saved) << saved.message();  // the default name, in the export folder
  EXPECT_FALSE(fs::exists(evil));
  ASSERT_TRUE(fs::is_directory(exports()));
  int csvs = 0;
  for (const auto& entry : fs::directory_iterator(exports())) csvs += entry.path().extension() == ".csv";
  EXPECT_EQ(csvs, 1);
  host.close_all();
}

// A script's `set` is a document too: its paths are confined like a lesson's, and the
// refusal stops the script with the reason.
TEST_F(DocumentPaths, AScriptsSetOfAHostilePathFails) {
  write(lessons() / "plain.lesson", std::string(kHeader) + "@panel vector-add-sweep min=10 max=10\n"
                                                           "@panel kernel-lab\n");
  const LessonLibrary library = LessonLibrary::load(lessons().string());
  for (const std::string& line : {std::string("set vector-add-sweep csv ../evil.csv"),
                                  "set vector-add-sweep png " + (root_ / "outside/evil.png").string(),
                                  std::string("set kernel-lab source_file /etc/hostname")}) {
    Shell shell(library, Settings{}, /*headless=*/true);
    Script script;
    std::string error;
    const std::string file = (root_ / "scripts/evil.script").string();
    ASSERT_TRUE(parse_script("lesson hostile\n" + line + "\n", file, &script, &error)) << error;
    ScriptPlayer player(script);
    ScriptPlayer::Step step;
    for (int i = 0; i < 10 && !step.finished; ++i) step = player.advance(shell);
    EXPECT_TRUE(step.finished);
    EXPECT_NE(step.error.find("evil.script:2:"), std::string::npos) << line << ": " << step.error;
    shell.close_panels();
  }
}

// ---- the resolver itself ---------------------------------------------------------------

Status confined(const ParamSpec& spec, const std::string& value, const fs::path& lesson, std::string* out) {
  return confine_param(spec, value, ValueOrigin::document(lesson.string()), out);
}

TEST_F(DocumentPaths, TheUsersOwnChoicePassesUnchanged) {
  std::string out;
  for (const ParamSpec& spec : {export_name_param("csv", ""), model_name_param("weights", ""),
                                read_path_param("text", "")}) {
    ASSERT_TRUE(confine_param(spec, "/etc/passwd", ValueOrigin::user(), &out));
    EXPECT_EQ(out, "/etc/passwd");
  }
}

TEST_F(DocumentPaths, AReadResolvesBesideTheLessonThenInTheDataFolders) {
  write(lessons() / "texts/poem.txt", "a poem\n");
  write(root_ / "data/whygpu/corpus/mine.txt", "mine\n");
  const fs::path lesson = lessons() / "a.lesson";
  const ParamSpec text = read_path_param("text", "");
  std::string out;
  ASSERT_TRUE(confined(text, "texts/poem.txt", lesson, &out));
  EXPECT_EQ(out, fs::canonical(lessons() / "texts/poem.txt").string());
  ASSERT_TRUE(confined(text, "corpus/mine.txt", lesson, &out));
  EXPECT_EQ(out, fs::canonical(root_ / "data/whygpu/corpus/mine.txt").string());
  ASSERT_TRUE(confined(text, "texts/../texts/missing.txt", lesson, &out));  // the panel says it is missing
  EXPECT_EQ(out, (fs::canonical(lessons()) / "texts/missing.txt").string());
  EXPECT_TRUE(confined(text, "", lesson, &out));
  EXPECT_EQ(out, "");
}

TEST_F(DocumentPaths, AReadOutsideIsRefusedWithTheKeyAndTheValue) {
  fs::create_directories(lessons());
  fs::create_symlink(root_ / "outside/secret.txt", lessons() / "notes.txt");
  fs::create_symlink(root_ / "outside/gone.txt", lessons() / "dangling.txt");
  fs::create_symlink(root_ / "outside", lessons() / "out");
  const fs::path lesson = lessons() / "a.lesson";
  const ParamSpec text = read_path_param("source_file", "");
  for (const std::string& value : {(root_ / "outside/secret.txt").string(), std::string("../outside/secret.txt"),
                                  std::string("notes.txt"), std::string("dangling.txt"),
                                  std::string("out/secret.txt"), std::string("../../../../../../etc/hostname")}) {
    std::string out = "unchanged";
    const Status s = confined(text, value, lesson, &out);
    EXPECT_FALSE(s) << value << " resolved to " << out;
    EXPECT_EQ(s.message().rfind("source_file: ", 0), 0u) << s.message();
    EXPECT_NE(s.message().find("(got '" + value + "')"), std::string::npos) << s.message();
  }
}

TEST_F(DocumentPaths, ASaveIsAPlainNameKeptForTheExportFolder) {
  const ParamSpec csv = export_name_param("csv", "");
  std::string out;
  ASSERT_TRUE(confined(csv, "crossover.csv", lessons() / "a.lesson", &out));
  EXPECT_EQ(out, "crossover.csv");
  EXPECT_EQ(export_path(out), (exports() / "crossover.csv").string());
  for (const char* value : {"/tmp/x/evil.csv", "../../evil.png", "sub/evil.csv", ".bashrc", "..", "a..b"}) {
    const Status s = confined(csv, value, lessons() / "a.lesson", &out);
    EXPECT_FALSE(s) << value;
    EXPECT_NE(s.message().find("export folder"), std::string::npos) << s.message();
  }
}

TEST_F(DocumentPaths, AModelIsAPlainNameInTheModelsFolder) {
  const ParamSpec weights = model_name_param("weights", "");
  std::string out;
  ASSERT_TRUE(confined(weights, "mine.weights", lessons() / "a.lesson", &out));
  EXPECT_EQ(out, (root_ / "data/whygpu/models/mine.weights").string());
  EXPECT_FALSE(confined(weights, "/etc/passwd", lessons() / "a.lesson", &out));
  EXPECT_FALSE(confined(weights, "../models/x.weights", lessons() / "a.lesson", &out));
}

TEST_F(DocumentPaths, TheExportFolderIsTheUsersChoiceOnceMade) {
  EXPECT_EQ(export_folder(), exports().string());  // from user-dirs.dirs
  set_export_folder((root_ / "chosen").string());
  EXPECT_EQ(export_path("a.csv"), (root_ / "chosen/a.csv").string());
  EXPECT_EQ(export_path("/typed/by/the/user.csv"), "/typed/by/the/user.csv");
  set_export_folder("");
  EXPECT_EQ(export_folder(), exports().string());
}

}  // namespace
}  // namespace whygpu::app

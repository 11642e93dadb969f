#pragma once
// The numbers lessons state about the app's own data and recordings, each read from them
// when a page is drawn, never typed into a lesson. A lesson names a fact inline:
//
//   The app trains on {fact:cnn.train_images} digits and tests on {fact:cnn.test_images}.
//
// and the page shows "The app trains on 8,000 digits and tests on 2,000." A fact that
// cannot be read here (no data set fetched, no recording) shows kFactNotMeasured instead
// of a number. The table in lesson_facts.cpp is the one list of names: lessons/FORMAT.md
// lists them (a test keeps it complete) and --check-lessons reports any other name.
#include <functional>
#include <string>
#include <vector>

namespace whygpu::app {

inline constexpr const char* kFactNotMeasured = "(not measured here)";

struct LessonFact {
  std::string name;    // "cnn.train_images"
  std::string source;  // where it is read: "data/mnist", "assets/reference/inference.json"
  std::string what;    // what the number is, for lesson authors and translators
  // The value is unlikely to appear in text by chance ("93,322", unlike "21"): a lesson
  // that types it instead of naming the fact fails a test.
  bool distinctive = false;
};
const std::vector<LessonFact>& lesson_facts();
const LessonFact* find_lesson_fact(const std::string& name);

struct FactReading {
  bool read = false;
  std::string text;    // read: "8,000", "1.51 ms"; else kFactNotMeasured
  std::string origin;  // read: the file, and the machine and date of a recording; else why not
};

// Reads a fact now; `locate` turns a shipped file's relative path into where it is
// (shipped_path in the app, a test's folder in tests).
using FileLocator = std::function<std::string(const std::string& relative)>;
FactReading read_fact(const std::string& name, const FileLocator& locate);

// The fact as the page shows it: read once per process from the shipped files (an
// unknown name reads as "(unknown fact NAME)"). Safe from any thread.
const FactReading& fact(const std::string& name);

// `text` with every `{fact:NAME}` replaced by the fact's text: for the strings that are
// not lesson paragraphs (a @predict's question, a demo's caption).
std::string with_facts(const std::string& text);

}  // namespace whygpu::app

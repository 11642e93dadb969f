#pragma once
// "Predict, then measure": a @predict directive asks the student a question before a
// panel's main action runs (a number with a unit, or one of a few choices), then shows
// the answer beside what the panel measured, with a one-line explanation.
//
//   @predict panel=vector-add-sweep result=crossover unit=elements min=1000 max=1e9
//            question="From what vector size will the GPU kernel beat one CPU core?"
//            explain="Below it, starting a kernel costs more than the additions."
//   @predict question="Which stage needs the most hardware?" choices="a|b|c|d" answer=2
//            explain="..."
// (one line in a lesson; wrapped here.)
#include <map>
#include <string>
#include <vector>

#include "compute/core/status.h"

namespace whygpu::app {

struct Prediction {
  enum class Kind { number, choice };
  Kind kind = Kind::number;
  std::string question;
  std::string explain;              // shown after the measurement (or, without a panel, the answer)
  // number: the student picks on a logarithmic slider from min to max.
  std::string unit;
  double min = 1.0, max = 1e9;
  // choice: two to six; answer is the index of the right one, or -1 when the panel's
  // result decides (its value is then the index).
  std::vector<std::string> choices;
  int answer = -1;
  // The panel whose main action it comes before (its id= or type on the page; empty: the
  // next panel of the page, or none on a text-only page), and the result it is compared with.
  std::string panel;
  std::string result;
};

// Checks a directive's keys and values: "predict: min must be below max".
Status parse_prediction(const std::map<std::string, std::string>& params, Prediction* out);

// How a number answer compares with the measurement, in words a class can read aloud:
// "within a factor of 2 of the measurement", "10 times too low".
std::string compare_numbers(double predicted, double measured);

// A number on a log slider as a person reads it, in the interface's language: 1000 ->
// "1,000", 2.5e6 -> "2.5 million" ("2,5 millions" in French, "250万" in Chinese).
std::string readable_number(double value);

}  // namespace whygpu::app

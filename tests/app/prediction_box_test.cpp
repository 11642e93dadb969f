// A prediction box keeps the student's answer when the page changes language: the same
// question (PageView keys it by lesson and @predict, in any language) in the new words.
#include "app/predict/prediction_box.h"

#include <gtest/gtest.h>

namespace whygpu::app {
namespace {

Prediction number_question(const std::string& question, const std::string& unit) {
  Prediction p;
  p.question = question;
  p.unit = unit;
  p.min = 1;
  p.max = 1000;
  return p;
}

TEST(PredictionBox, AnAnswerStaysWhenTheQuestionIsReworded) {
  PredictionBox box(number_question("How many times sooner?", "times"));
  ASSERT_TRUE(box.answer("10"));
  box.reword(number_question("Combien de fois plus tôt ?", "fois"));
  EXPECT_TRUE(box.answered());
  EXPECT_EQ(box.prediction().question, "Combien de fois plus tôt ?");
  EXPECT_EQ(box.prediction().unit, "fois");
  EXPECT_DOUBLE_EQ(box.prediction().max, 1000);
}

TEST(PredictionBox, ChoicesAreRewordedOnlyWhenTheyAreTheSameNumber) {
  Prediction choice;
  choice.kind = Prediction::Kind::choice;
  choice.question = "Which?";
  choice.choices = {"runs", "is refused"};
  PredictionBox box(choice);
  Prediction french = choice;
  french.question = "Laquelle ?";
  french.choices = {"s’exécute", "est refusé"};
  box.reword(french);
  EXPECT_EQ(box.prediction().choices[1], "est refusé");
  french.choices = {"un", "deux", "trois"};
  box.reword(french);
  EXPECT_EQ(box.prediction().choices.size(), 2u) << "a broken translation does not change what an answer means";
}

}  // namespace
}  // namespace whygpu::app

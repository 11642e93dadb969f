#pragma once
// Files dropped onto the window go to the panel on the page that takes that kind: a text
// to the LSTM trainer, an image or IDX folder to the CNN trainer, a saved model to its
// trainer. The routing is the same set/press actions a script has (script_target.h), so
// a drop does exactly what typing the path and pressing the button does.
#include <string>
#include <vector>

namespace whygpu::app {

enum class DropKind { kText, kImageFolder, kLstmModel, kCnnWeights };

// By what is there: a folder is images (class sub-folders or IDX files); a file by its
// extension (.model: an LSTM, .weights: the CNN's), any other file a text to train on
// (the LSTM says so when it is not UTF-8 text).
DropKind classify_drop(const std::string& path);
const char* drop_kind_name(DropKind kind);  // "a text file", for messages: marked N_(), tr() where shown

struct DropAction {
  std::string panel;   // panel type, as scripts name it
  std::string key;     // set key = value when not empty
  std::string value;
  std::string button;  // else press this button
};

// The actions on the first of `panels` (the page's panel types, in page order) that takes
// `kind`; empty when none does.
std::vector<DropAction> route_drop(DropKind kind, const std::string& path, const std::vector<std::string>& panels);

}  // namespace whygpu::app

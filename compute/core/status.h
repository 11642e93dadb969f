#pragma once
// A small success-or-message value: every operation that can fail for a reason the user
// should read (bad sizes, a launch the GPU refuses, out of memory) returns one of these
// instead of throwing or aborting, so the app can show the message and keep running.
// The message is a Wording: a sentence marked N_() where it is made reads in the page's
// language (app/i18n/translate.h, translated(status)); any other text is shown as it is.
//   return Status::error(Wording::sentence(N_("n must be 1 to {0}"), {std::to_string(max)}));
#include <string>
#include <utility>

#include "compute/core/wording.h"

namespace whygpu {

class Status {
 public:
  static Status ok() { return Status(); }
  static Status error(Wording message) { return Status(std::move(message)); }

  bool is_ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  // In English, for logs, files and the command line.
  const std::string& message() const { return english_; }
  const Wording& wording() const { return message_; }

  // Prefixes context ("matmul 4096: ") to a failure; success stays success.
  Status with_context(const std::string& context) const;

 private:
  Status() = default;
  explicit Status(Wording message) : ok_(false), message_(std::move(message)), english_(message_.english()) {}
  bool ok_ = true;
  Wording message_;
  std::string english_;
};

}  // namespace whygpu

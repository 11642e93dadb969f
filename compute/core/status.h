#pragma once
// A small success-or-message value: every operation that can fail for a reason the user
// should read (bad sizes, a launch the GPU refuses, out of memory) returns one of these
// instead of throwing or aborting, so the app can show the message and keep running.
#include <string>
#include <utility>

namespace whygpu {

class Status {
 public:
  static Status ok() { return Status(); }
  static Status error(std::string message) { return Status(std::move(message)); }

  bool is_ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const std::string& message() const { return message_; }

  // Prefixes context ("matmul 4096: ") to a failure; success stays success.
  Status with_context(const std::string& context) const;

 private:
  Status() = default;
  explicit Status(std::string message) : ok_(false), message_(std::move(message)) {}
  bool ok_ = true;
  std::string message_;
};

}  // namespace whygpu

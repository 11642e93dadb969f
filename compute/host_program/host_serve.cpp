// The child's side of ProgramChild (program_child.h): the program run line by line.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "compute/host_program/host_run.h"
#include "compute/host_program/program_child.h"

namespace whygpu::host_program {

int serve_program(const ProgramOptions& options) {
  if (Status s = check_options(options); !s) {
    std::printf("%s\n", s.message().c_str());
    return 2;
  }
  ProgramRun run(options);
  std::printf("ready %d\n", static_cast<int>(run.steps().size()));
  std::fflush(stdout);
  for (std::string command; !run.done() && std::getline(std::cin, command);) {
    if (command == "step") {
      std::printf("%s\n", result_to_line(run.step()).c_str());
    } else if (command == "all") {
      // The lines back to back, as the program would run them; the answers after.
      std::vector<StepResult> results;
      while (!run.done()) results.push_back(run.step());
      for (const StepResult& r : results) std::printf("%s\n", result_to_line(r).c_str());
    }
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace whygpu::host_program

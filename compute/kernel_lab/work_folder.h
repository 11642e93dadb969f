#pragma once
// The folder of one kernel-lab try: the source, the simulator's compiled kernel, the
// compiler's own temporary files. The app makes it before it starts the try's child
// process and removes it when the try is over, however the child ended (killed on a
// timeout, it cannot clean up after itself). Its name, whygpu-sim-XXXXXX in the temporary
// folder, lets a later try remove what a crashed app left behind.
#include <chrono>
#include <string>

#include "compute/core/status.h"

namespace whygpu::kernel_lab {

class WorkFolder {
 public:
  WorkFolder() = default;
  ~WorkFolder();  // removes the folder and all in it
  WorkFolder(const WorkFolder&) = delete;
  WorkFolder& operator=(const WorkFolder&) = delete;

  Status make();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Removes the whygpu-sim-* folders of this user in the temporary folder last changed
// longer ago than `age`: a try never lasts that long, so they are left over from a try
// whose app was killed.
void remove_stale_work_folders(std::chrono::minutes age);

}  // namespace whygpu::kernel_lab

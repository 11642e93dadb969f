#include "compute/pipeline/nvjpeg_library.h"

namespace whygpu::pipeline {
namespace {

constexpr const char* kNvjpegFile = "libnvjpeg.so.13";

// nvjpegStatus_t's meanings, in its order.
const char* status_text(NvjpegStatus s) {
  static const char* const texts[] = {"success", "not initialised", "invalid parameter", "bad JPEG",
                                      "the JPEG stream is not supported", "allocation failed", "execution failed",
                                      "architecture mismatch", "internal error", "not implemented",
                                      "incomplete bitstream"};
  return s >= 0 && s < static_cast<int>(sizeof texts / sizeof texts[0]) ? texts[s] : "unknown error";
}

Status open_nvjpeg(NvjpegLibrary* out) {
  if (!SharedLibrary::open({kNvjpegFile}, &out->library))
    return Status::error(Wording::sentence(N_("nvJPEG is not installed ({0} not found)"), {kNvjpegFile}));
  const SharedLibrary& l = out->library;
  Status s = l.symbol("nvjpegCreateSimple", &out->create_simple);
  if (s) s = l.symbol("nvjpegDestroy", &out->destroy);
  if (s) s = l.symbol("nvjpegJpegStateCreate", &out->state_create);
  if (s) s = l.symbol("nvjpegJpegStateDestroy", &out->state_destroy);
  if (s) s = l.symbol("nvjpegGetImageInfo", &out->get_image_info);
  if (s) s = l.symbol("nvjpegDecode", &out->decode);
  if (!s) return s.with_context("nvJPEG is too old or broken");
  return Status::ok();
}

}  // namespace

Status load_nvjpeg(const NvjpegLibrary** out) { return open_once<NvjpegLibrary>(&open_nvjpeg, out); }

Status nvjpeg_status(NvjpegStatus status, const char* what) {
  if (status == 0) return Status::ok();
  return Status::error(Wording::sentence(N_("{0}: {1} (status {2})"),
                                         {what, status_text(status), std::to_string(status)}));
}

NvjpegDecoder::~NvjpegDecoder() {
  if (state_) lib_->state_destroy(state_);
  if (handle_) lib_->destroy(handle_);
}

Status NvjpegDecoder::open() {
  if (handle_) return Status::ok();
  if (Status s = load_nvjpeg(&lib_); !s) return s;
  if (Status s = nvjpeg_status(lib_->create_simple(&handle_), "nvjpegCreateSimple"); !s) return s;
  return nvjpeg_status(lib_->state_create(handle_, &state_), "nvjpegJpegStateCreate");
}

Status NvjpegDecoder::size(const std::string& jpeg, int* width, int* height) const {
  int components = 0, subsampling = 0;
  int widths[kNvjpegMaxComponent] = {}, heights[kNvjpegMaxComponent] = {};
  if (Status s = nvjpeg_status(lib_->get_image_info(handle_, reinterpret_cast<const unsigned char*>(jpeg.data()),
                                                    jpeg.size(), &components, &subsampling, widths, heights),
                               "nvjpegGetImageInfo");
      !s)
    return s;
  *width = widths[0];
  *height = heights[0];
  return Status::ok();
}

Status NvjpegDecoder::decode(const std::string& jpeg, unsigned char* device_rgb, int width) const {
  NvjpegImage image{};
  image.channel[0] = device_rgb;
  image.pitch[0] = static_cast<std::size_t>(width) * 3;
  return nvjpeg_status(lib_->decode(handle_, state_, reinterpret_cast<const unsigned char*>(jpeg.data()), jpeg.size(),
                                    kNvjpegOutputRgbi, &image, nullptr),
                       "nvjpegDecode");
}

}  // namespace whygpu::pipeline

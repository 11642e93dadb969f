#include "compute/pipeline/pipeline.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "compute/core/text_file.h"
#include "compute/core/translation_marker.h"  // N_(): the app shows the steps translated

namespace whygpu::pipeline {

const char* step_name(Step step) {
  switch (step) {
    case Step::decode: return N_("decode");
    case Step::resize: return N_("resize");
    case Step::augment: return N_("augment");
    case Step::jitter: return N_("colour jitter");
    case Step::colour: return N_("colour conversion");
    case Step::normalise: return N_("normalise");
  }
  return "?";
}

const char* step_what(Step step) {
  switch (step) {
    case Step::decode: return N_("the JPEG file to RGB pixels");
    case Step::resize: return N_("bilinear, shorter side to the set size");
    case Step::augment: return N_("rotate, zoom, mirror, crop");
    case Step::jitter: return N_("brightness, contrast, saturation");
    case Step::colour: return N_("RGB to Y, Cb, Cr planes");
    case Step::normalise: return N_("bytes to floats, mean 0, spread 1");
  }
  return "?";
}

Status check_settings(const PipelineSettings& s) {
  if (s.side < kMinSide || s.side > kMaxSide)
    return Status::error(Wording::sentence(N_("side must be from {0} to {1} pixels (got {2})"),
                                           {std::to_string(kMinSide), std::to_string(kMaxSide),
                                            std::to_string(s.side)}));
  if (s.crop < kMinSide || s.crop > s.side)
    return Status::error(Wording::sentence(N_("crop must be from {0} pixels up to the side, {1} (got {2})"),
                                           {std::to_string(kMinSide), std::to_string(s.side),
                                            std::to_string(s.crop)}));
  if (!(s.augment.max_degrees >= 0.0f && s.augment.max_degrees <= 180.0f))
    return Status::error(Wording::sentence(N_("the rotation must be from 0 to 180 degrees")));
  if (!(s.augment.max_zoom >= 0.0f && s.augment.max_zoom <= 0.5f))
    return Status::error(Wording::sentence(N_("the zoom must be from 0 to 0.5 (50%)")));
  if (!(s.augment.jitter >= 0.0f && s.augment.jitter <= 0.9f))
    return Status::error(Wording::sentence(N_("the colour jitter must be from 0 to 0.9")));
  return Status::ok();
}

void resized_size(int width, int height, int side, int* out_w, int* out_h) {
  if (width <= height) {
    *out_w = side;
    *out_h = std::max(1, static_cast<int>(std::lround(static_cast<double>(height) * side / width)));
  } else {
    *out_h = side;
    *out_w = std::max(1, static_cast<int>(std::lround(static_cast<double>(width) * side / height)));
  }
}

std::string photo_path() {
  const char* env = std::getenv("WHYGPU_PIPELINE_PHOTO");
  return env && *env ? env : kPhotoPath;
}

Status read_photo_bytes(const std::string& path, std::string* out) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    if (path == kPhotoPath)
      return Status::error(Wording::sentence(N_("the photo {0} is missing: install the Debian package "
                                                "mate-backgrounds (scripts/setup.sh does), or set "
                                                "WHYGPU_PIPELINE_PHOTO to a JPEG of your own"),
                                             {path}));
    return Status::error(Wording::sentence(N_("the photo {0} does not exist"), {path}));
  }
  return read_text_file(path, out, std::size_t{64} << 20);
}

}  // namespace whygpu::pipeline

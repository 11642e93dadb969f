// JPEG through libjpeg-turbo. libjpeg reports a fatal error by calling error_exit, which
// must not return: ours keeps the message and longjmps back to the setjmp in the function
// that started the step. Those functions hold no C++ objects (the caller owns them all),
// so the jump skips no destructor.
#include <cstddef>
#include <cstdio>  // jpeglib.h needs size_t and FILE declared first
#include <jpeglib.h>

#include <csetjmp>
#include <string>
#include <vector>

#include "compute/image/image_decoders.h"

namespace whygpu::image::detail {
namespace {

// A progressive JPEG may hold thousands of scans, each a full pass over the image: a
// small hostile file can keep the decoder busy for minutes. Real encoders write about
// ten; libjpeg-turbo's own tools refuse past a limit in the same way (djpeg -maxscans).
constexpr int kMaxScans = 500;
// Damaged data gives a warning per bad segment and decoding goes on; a file that is
// nothing but damage is refused rather than decoded warning by warning.
constexpr long kMaxWarnings = 1000;
constexpr long kMaxDecoderMemory = 512L << 20;  // beyond the image itself (budgeted separately)

struct ErrorManager {
  jpeg_error_mgr standard;  // first, so libjpeg's pointer to it is a pointer to this
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];  // libjpeg's own text
  const char* refusal;            // or our refusal's pattern, N_() marked, so the app can translate it
};

[[noreturn]] void on_error(j_common_ptr cinfo) {
  auto* errors = reinterpret_cast<ErrorManager*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, errors->message);
  std::longjmp(errors->jump, 1);
}

// Our own refusals leave the same way as libjpeg's errors; `pattern` is a literal, which
// outlives the jump.
[[noreturn]] void fail(j_common_ptr cinfo, const char* pattern) {
  auto* errors = reinterpret_cast<ErrorManager*>(cinfo->err);
  errors->refusal = pattern;
  std::longjmp(errors->jump, 1);
}

void on_message(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  if (++cinfo->err->num_warnings > kMaxWarnings) fail(cinfo, N_("too many damaged segments"));
}

void on_progress(j_common_ptr cinfo) {
  auto* decompress = reinterpret_cast<j_decompress_ptr>(cinfo);
  if (decompress->input_scan_number > kMaxScans) fail(cinfo, N_("more than {0} progressive scans"));
}

// Why decoding stopped: libjpeg's text, shown as it is, or our refusal (only one has a value).
Wording reason(const ErrorManager& errors) {
  if (!errors.refusal) return errors.message;
  return Wording::sentence(errors.refusal, {std::to_string(kMaxScans)});
}

// Each returns false after a libjpeg error (the ErrorManager holds the message).
bool read_header(jpeg_decompress_struct* cinfo, ErrorManager* errors, std::FILE* file) {
  if (setjmp(errors->jump)) return false;
  jpeg_create_decompress(cinfo);
  cinfo->mem->max_memory_to_use = kMaxDecoderMemory;
  jpeg_stdio_src(cinfo, file);
  jpeg_read_header(cinfo, TRUE);
  return true;
}

bool decode(jpeg_decompress_struct* cinfo, ErrorManager* errors, int channels, std::uint8_t* pixels) {
  if (setjmp(errors->jump)) return false;
  cinfo->out_color_space = channels == 1 ? JCS_GRAYSCALE : channels == 3 ? JCS_RGB : JCS_EXT_RGBA;
  jpeg_start_decompress(cinfo);
  if (cinfo->output_components != channels)
    fail(reinterpret_cast<j_common_ptr>(cinfo), N_("colour conversion not supported"));
  const std::size_t row_bytes = static_cast<std::size_t>(cinfo->output_width) * channels;
  while (cinfo->output_scanline < cinfo->output_height) {
    JSAMPROW row = pixels + cinfo->output_scanline * row_bytes;
    jpeg_read_scanlines(cinfo, &row, 1);
  }
  jpeg_finish_decompress(cinfo);
  return true;
}

}  // namespace

Status read_jpeg(std::FILE* file, const std::string& path, const DecodeRequest* request, ImageInfo* info,
                 Image* out) {
  jpeg_decompress_struct cinfo{};
  ErrorManager errors{};
  cinfo.err = jpeg_std_error(&errors.standard);
  errors.standard.error_exit = on_error;
  errors.standard.emit_message = on_message;
  jpeg_progress_mgr progress{};
  progress.progress_monitor = on_progress;
  info->format = "JPEG";
  Status status = Status::ok();
  if (!read_header(&cinfo, &errors, file)) {
    status = Status::error(
        Wording::sentence(N_("{0}: damaged or unsupported JPEG: {1}"), {path, reason(errors)}));
  } else {
    cinfo.progress = &progress;
    info->width = static_cast<int>(cinfo.image_width);
    info->height = static_cast<int>(cinfo.image_height);
    info->channels = cinfo.num_components;  // 1 grey, 3 colour (4: CMYK, refused when decoding)
    if (request) status = check_pixel_budget(path, *info, request->max_pixels);
    if (request && status) {
      Image image;
      image.width = info->width;
      image.height = info->height;
      image.channels = request->channels;
      image.pixels.resize(static_cast<std::size_t>(image.width) * image.height * image.channels);
      if (decode(&cinfo, &errors, request->channels, image.pixels.data()))
        *out = std::move(image);
      else
        status = Status::error(Wording::sentence(N_("{0}: damaged JPEG: {1}"), {path, reason(errors)}));
    }
  }
  jpeg_destroy_decompress(&cinfo);
  return status;
}

}  // namespace whygpu::image::detail

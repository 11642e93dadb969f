#include "compute/cnn/image_folder.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "compute/image/image_file.h"

namespace whygpu::cnn {
namespace {

namespace fs = std::filesystem;

// A 12-megapixel phone photo fits four times over; larger files are refused from their
// header, before decoding (a file of a few bytes can claim gigapixels).
constexpr std::int64_t kMaxImagePixels = 50'000'000;
constexpr int kMaxImages = 1000000;     // per folder tree
constexpr int kBoxSide = 20;            // MNIST puts each digit in a 20x20 box...
constexpr double kCentre = kImageSide / 2.0;  // ...centred by mass in the 28x28 frame

// Area-weighted resampling along one axis: dst[i] is the mean of src over the interval
// [i, i+1) * src_len / dst_len. Works for shrinking and enlarging.
void resample_axis(const std::vector<double>& src, int src_len, int lines, int src_stride_line,
                   int src_stride_step, std::vector<double>* dst, int dst_len, int dst_stride_line,
                   int dst_stride_step) {
  const double scale = static_cast<double>(src_len) / dst_len;
  for (int i = 0; i < dst_len; ++i) {
    const double begin = i * scale;
    const double end = (i + 1) * scale;
    for (int line = 0; line < lines; ++line) {
      double sum = 0.0;
      for (int s = static_cast<int>(begin); s < src_len && s < end; ++s) {
        const double overlap = std::min<double>(s + 1, end) - std::max<double>(s, begin);
        if (overlap > 0) sum += overlap * src[line * src_stride_line + s * src_stride_step];
      }
      (*dst)[line * dst_stride_line + i * dst_stride_step] = sum / scale;
    }
  }
}

std::vector<double> resample(const std::vector<double>& src, int sw, int sh, int dw, int dh) {
  std::vector<double> wide(static_cast<std::size_t>(dw) * sh);
  resample_axis(src, sw, sh, sw, 1, &wide, dw, dw, 1);
  std::vector<double> out(static_cast<std::size_t>(dw) * dh);
  resample_axis(wide, sh, dw, 1, dw, &out, dh, 1, dw);
  return out;
}

// PNG and JPEG are read; the other image formats are listed too, so that a BMP among
// the photos is refused with a message naming it rather than skipped without a word.
bool has_image_extension(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char* known : {".png", ".jpg", ".jpeg", ".bmp", ".gif", ".tga", ".pgm", ".ppm", ".pnm"})
    if (ext == known) return true;
  return false;
}

bool is_hidden(const fs::path& path) {
  const std::string name = path.filename().string();
  return !name.empty() && name[0] == '.';
}

}  // namespace

void to_network_input(const std::uint8_t* grey, const std::uint8_t* alpha, int width, int height,
                      std::uint8_t* out) {
  std::fill(out, out + kImagePixels, std::uint8_t{0});
  if (width <= 0 || height <= 0) return;
  const std::size_t pixels = static_cast<std::size_t>(width) * height;
  std::vector<double> ink(pixels);
  for (std::size_t i = 0; i < pixels; ++i) {
    double v = grey[i] / 255.0;
    if (alpha) v = v * (alpha[i] / 255.0) + (1.0 - alpha[i] / 255.0);  // over white paper
    ink[i] = v;
  }
  // The border says what the background is: mostly light means dark strokes on paper.
  double border = 0.0;
  int border_count = 0;
  for (int x = 0; x < width; ++x) {
    border += ink[x] + ink[(height - 1) * std::size_t(width) + x];
    border_count += 2;
  }
  for (int y = 0; y < height; ++y) {
    border += ink[y * std::size_t(width)] + ink[y * std::size_t(width) + width - 1];
    border_count += 2;
  }
  border /= border_count;
  if (border > 0.5) {
    for (double& v : ink) v = 1.0 - v;
    border = 1.0 - border;
  }
  const double peak = *std::max_element(ink.begin(), ink.end());
  if (peak - border < 0.05) return;  // blank
  for (double& v : ink) v = std::clamp((v - border) / (peak - border), 0.0, 1.0);

  int x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (ink[y * std::size_t(width) + x] > 0.1) {
        x0 = std::min(x0, x); x1 = std::max(x1, x);
        y0 = std::min(y0, y); y1 = std::max(y1, y);
      }
  if (x1 < 0) return;
  const int cw = x1 - x0 + 1;
  const int ch = y1 - y0 + 1;
  std::vector<double> crop(static_cast<std::size_t>(cw) * ch);
  for (int y = 0; y < ch; ++y)
    for (int x = 0; x < cw; ++x) crop[y * std::size_t(cw) + x] = ink[(y0 + y) * std::size_t(width) + x0 + x];

  const double scale = static_cast<double>(kBoxSide) / std::max(cw, ch);
  const int tw = std::clamp(static_cast<int>(std::lround(cw * scale)), 1, kBoxSide);
  const int th = std::clamp(static_cast<int>(std::lround(ch * scale)), 1, kBoxSide);
  const std::vector<double> box = resample(crop, cw, ch, tw, th);

  double mass = 0.0, mx = 0.0, my = 0.0;
  for (int y = 0; y < th; ++y)
    for (int x = 0; x < tw; ++x) {
      const double v = box[y * std::size_t(tw) + x];
      mass += v; mx += v * (x + 0.5); my += v * (y + 0.5);
    }
  const int ox = std::clamp(static_cast<int>(std::lround(kCentre - (mass > 0 ? mx / mass : tw / 2.0))), 0, kImageSide - tw);
  const int oy = std::clamp(static_cast<int>(std::lround(kCentre - (mass > 0 ? my / mass : th / 2.0))), 0, kImageSide - th);
  for (int y = 0; y < th; ++y)
    for (int x = 0; x < tw; ++x)
      out[(oy + y) * kImageSide + ox + x] =
          static_cast<std::uint8_t>(std::lround(std::clamp(box[y * std::size_t(tw) + x], 0.0, 1.0) * 255.0));
}

Status load_image_file(const std::string& path, std::vector<std::uint8_t>* out) {
  image::Image decoded;
  // RGBA: the alpha channel says where the paper is (transparent counts as white).
  if (Status s = image::read_image_file(path, kMaxImagePixels, 4, &decoded); !s)
    return s.with_context("the CNN folder loader");
  const std::size_t pixels = static_cast<std::size_t>(decoded.width) * decoded.height;
  std::vector<std::uint8_t> grey(pixels), alpha(pixels);
  for (std::size_t i = 0; i < pixels; ++i) {
    const std::uint8_t* p = &decoded.pixels[4 * i];
    grey[i] = static_cast<std::uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2]) >> 8);  // luma, ITU-R BT.601
    alpha[i] = p[3];
  }
  out->resize(kImagePixels);
  to_network_input(grey.data(), alpha.data(), decoded.width, decoded.height, out->data());
  return Status::ok();
}

Status load_image_folder(const std::string& folder, DatasetPair* out, int test_every) {
  if (test_every < 2)
    return Status::error(
        Wording::sentence(N_("test_every must be at least 2, got {0}"), {std::to_string(test_every)}));
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    return Status::error(Wording::sentence(N_("{0}: no such folder"), {folder}));
  std::vector<fs::path> classes;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (entry.is_directory() && !is_hidden(entry.path())) classes.push_back(entry.path());
  if (ec) return Status::error(Wording::sentence(N_("{0}: cannot list: {1}"), {folder, ec.message()}));
  std::sort(classes.begin(), classes.end());
  if (classes.empty())
    return Status::error(Wording::sentence(
        N_("{0}: holds no sub-folders; put each class's images in a sub-folder named after the class"),
        {folder}));
  if (classes.size() > static_cast<std::size_t>(kClasses))
    return Status::error(Wording::sentence(
        N_("{0}: {1} class sub-folders; the network has {2} outputs, so at most {2} classes"),
        {folder, std::to_string(classes.size()), std::to_string(kClasses)}));

  const std::string base = fs::path(folder).filename().empty() ? folder : fs::path(folder).filename().string();
  DatasetPair pair;
  // TRANSLATORS: {0} is the name of the user's folder of images.
  const Wording name = Wording::sentence(N_("{0} (your images)"), {base});
  pair.train.name = Wording::sentence(N_("{0} training set"), {name});
  pair.test.name = Wording::sentence(N_("{0} test set"), {name});
  std::vector<std::uint8_t> image;
  for (std::size_t label = 0; label < classes.size(); ++label) {
    const std::string class_name = classes[label].filename().string();
    pair.train.class_names.push_back(class_name);
    pair.test.class_names.push_back(class_name);
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(classes[label], ec))
      if (entry.is_regular_file() && !is_hidden(entry.path()) && has_image_extension(entry.path()))
        files.push_back(entry.path());
    if (ec)
      return Status::error(
          Wording::sentence(N_("{0}: cannot list: {1}"), {classes[label].string(), ec.message()}));
    if (files.empty())
      return Status::error(Wording::sentence(N_("{0}: class folder holds no images (PNG or JPEG)"),
                                             {classes[label].string()}));
    std::sort(files.begin(), files.end());
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (Status s = load_image_file(files[i].string(), &image); !s) return s;
      Dataset& set = (i % test_every == static_cast<std::size_t>(test_every - 1)) ? pair.test : pair.train;
      if (pair.train.count + pair.test.count >= kMaxImages)
        return Status::error(
            Wording::sentence(N_("{0}: more than {1} images"), {folder, std::to_string(kMaxImages)}));
      set.pixels.insert(set.pixels.end(), image.begin(), image.end());
      set.labels.push_back(static_cast<std::uint8_t>(label));
      ++set.count;
    }
  }
  *out = std::move(pair);
  return Status::ok();
}

}  // namespace whygpu::cnn

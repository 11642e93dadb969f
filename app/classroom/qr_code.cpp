#include "app/classroom/qr_code.h"

#include <qrencode.h>

#include <memory>

namespace whygpu::app {

Status make_qr_code(const std::string& text, QrCode* out) {
  const std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
      QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M), &QRcode_free);
  if (!code) return Status::error("no QR code for the address (" + std::to_string(text.size()) + " bytes)");
  out->size = code->width;
  out->dark.assign(static_cast<std::size_t>(code->width * code->width), false);
  for (std::size_t i = 0; i < out->dark.size(); ++i) out->dark[i] = code->data[i] & 1;  // bit 0: a dark module
  return Status::ok();
}

}  // namespace whygpu::app

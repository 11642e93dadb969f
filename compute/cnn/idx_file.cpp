#include "compute/cnn/idx_file.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace whygpu::cnn {
namespace {

constexpr std::size_t kMaxIdxBytes = std::size_t{1} << 30;  // 60,000 MNIST images are 47 MB

Status read_whole_file(const std::string& path, std::vector<std::uint8_t>* out) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) return Status::error(path + ": cannot open: " + std::strerror(errno));
  const std::streamoff size = file.tellg();
  if (size < 0) return Status::error(path + ": cannot read its size");
  out->resize(static_cast<std::size_t>(size));
  file.seekg(0);
  if (size > 0 && !file.read(reinterpret_cast<char*>(out->data()), size))
    return Status::error(path + ": read failed after " + std::to_string(file.gcount()) + " bytes");
  return Status::ok();
}

bool is_gzip(const std::vector<std::uint8_t>& bytes) {
  return bytes.size() >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b;
}

Status inflate_gzip(const std::string& path, const std::vector<std::uint8_t>& packed,
                    std::vector<std::uint8_t>* out, std::size_t max_bytes) {
  z_stream stream{};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)  // 16: expect a gzip wrapper
    return Status::error(path + ": zlib could not start inflating");
  stream.next_in = const_cast<Bytef*>(packed.data());
  stream.avail_in = static_cast<uInt>(packed.size());
  out->clear();
  std::vector<std::uint8_t> chunk(std::size_t{1} << 20);
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    stream.next_out = chunk.data();
    stream.avail_out = static_cast<uInt>(chunk.size());
    rc = inflate(&stream, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) {
      const std::string why = rc == Z_BUF_ERROR ? "the compressed data ends early (truncated file)"
                              : stream.msg    ? std::string("damaged compressed data: ") + stream.msg
                                              : "damaged compressed data";
      inflateEnd(&stream);
      return Status::error(path + ": gzip: " + why);
    }
    out->insert(out->end(), chunk.data(), chunk.data() + (chunk.size() - stream.avail_out));
    if (out->size() > max_bytes) {
      inflateEnd(&stream);
      return Status::error(path + ": gzip: inflates to more than " + std::to_string(max_bytes) +
                           " bytes, far larger than any data set this app reads");
    }
  }
  inflateEnd(&stream);
  return Status::ok();
}

std::uint32_t big_endian_u32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

const char* idx_type_name(std::uint8_t code) {
  switch (code) {
    case 0x08: return "unsigned byte";
    case 0x09: return "signed byte";
    case 0x0B: return "16-bit integer";
    case 0x0C: return "32-bit integer";
    case 0x0D: return "32-bit float";
    case 0x0E: return "64-bit float";
    default: return "unknown";
  }
}

std::string hex32(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", value);
  return text;
}

}  // namespace

Status read_maybe_gzipped_file(const std::string& path, std::vector<std::uint8_t>* out,
                               std::size_t max_bytes) {
  std::vector<std::uint8_t> raw;
  if (Status s = read_whole_file(path, &raw); !s) return s;
  if (!is_gzip(raw)) {
    if (raw.size() > max_bytes)
      return Status::error(path + ": " + std::to_string(raw.size()) + " bytes, more than the " +
                           std::to_string(max_bytes) + " this reader accepts");
    *out = std::move(raw);
    return Status::ok();
  }
  return inflate_gzip(path, raw, out, max_bytes);
}

Status read_idx_file(const std::string& path, int expected_dims, IdxArray* out) {
  std::vector<std::uint8_t> bytes;
  if (Status s = read_maybe_gzipped_file(path, &bytes, kMaxIdxBytes); !s) return s;
  const std::uint32_t expected_magic = 0x00000800u | static_cast<std::uint32_t>(expected_dims);
  const char* kind = expected_dims == 1 ? "a labels file" : "an images file";
  if (bytes.size() < 4)
    return Status::error(path + ": " + std::to_string(bytes.size()) +
                         " bytes, too short to be an IDX file (it needs at least a 4-byte magic number)");
  const std::uint32_t magic = big_endian_u32(bytes.data());
  if (bytes[0] != 0 || bytes[1] != 0)
    return Status::error(path + ": not an IDX file: magic number " + hex32(magic) + ", expected " +
                         hex32(expected_magic) + " for " + kind);
  const std::uint8_t type = bytes[2];
  if (type != 0x08)
    return Status::error(path + ": holds " + idx_type_name(type) + " values (type code 0x" +
                         hex32(type).substr(8) + "); only unsigned-byte IDX files (0x08) are supported");
  const int dims = bytes[3];
  if (dims != expected_dims)
    return Status::error(path + ": magic number " + hex32(magic) + " says " + std::to_string(dims) +
                         " dimension(s), expected " + std::to_string(expected_dims) + " for " + kind +
                         " (magic " + hex32(expected_magic) + ")");
  const std::size_t header = 4 + 4 * static_cast<std::size_t>(dims);
  if (bytes.size() < header)
    return Status::error(path + ": truncated inside its header (" + std::to_string(bytes.size()) +
                         " bytes, the header alone takes " + std::to_string(header) + ")");
  out->dims.assign(dims, 0);
  std::size_t expected_data = 1;
  std::string shape;
  for (int d = 0; d < dims; ++d) {
    out->dims[d] = big_endian_u32(bytes.data() + 4 + 4 * d);
    if (d) shape += 'x';
    shape += std::to_string(out->dims[d]);
    expected_data *= out->dims[d];
    if (expected_data > kMaxIdxBytes)
      return Status::error(path + ": header claims dimensions " + shape +
                           "..., more data than any real data set; the header is damaged");
  }
  const std::size_t data = bytes.size() - header;
  if (data < expected_data)
    return Status::error(path + ": truncated: the header says " + shape + " = " +
                         std::to_string(expected_data) + " bytes of data, the file holds only " +
                         std::to_string(data));
  if (data > expected_data)
    return Status::error(path + ": " + std::to_string(data - expected_data) +
                         " bytes more than its header (" + shape + ") accounts for; damaged or not an IDX file");
  out->data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(header), bytes.end());
  return Status::ok();
}

}  // namespace whygpu::cnn

#include "compute/cnn/idx_file.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "compute/core/regular_file.h"

namespace whygpu::cnn {
namespace {

constexpr std::size_t kMaxIdxBytes = std::size_t{1} << 30;  // 60,000 MNIST images are 47 MB

constexpr std::size_t kPackedChunk = std::size_t{64} << 10;
constexpr std::size_t kInflateChunk = std::size_t{1} << 20;

Status read_stored(std::FILE* file, const std::string& path, std::uint64_t size, std::size_t limit, FileStart* out) {
  out->file_bytes = size;
  out->more = size > limit;
  out->bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(size, limit)));
  const std::size_t got = std::fread(out->bytes.data(), 1, out->bytes.size(), file);
  if (got != out->bytes.size())
    return Status::error(
        Wording::sentence(N_("{0}: read failed after {1} bytes"), {path, std::to_string(got)}));
  return Status::ok();
}

// Inflates at most limit + 1 bytes (the one more tells whether the data goes on), reading
// the packed file a chunk at a time: a small file that inflates to gigabytes costs no
// more than `limit`.
Status inflate_start(std::FILE* file, const std::string& path, std::size_t limit, FileStart* out) {
  z_stream stream{};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)  // 16: expect a gzip wrapper
    return Status::error(Wording::sentence(N_("{0}: zlib could not start inflating"), {path}));
  std::vector<std::uint8_t> packed(kPackedChunk), chunk(kInflateChunk);
  bool end_of_file = false;
  Status status = Status::ok();
  while (true) {
    if (stream.avail_in == 0 && !end_of_file) {
      const std::size_t got = std::fread(packed.data(), 1, packed.size(), file);
      if (got == 0 && std::ferror(file)) {
        status = Status::error(Wording::sentence(N_("{0}: read failed: {1}"), {path, std::strerror(errno)}));
        break;
      }
      end_of_file = got == 0;
      stream.next_in = packed.data();
      stream.avail_in = static_cast<uInt>(got);
    }
    const std::size_t want = std::min(chunk.size(), limit + 1 - out->bytes.size());
    stream.next_out = chunk.data();
    stream.avail_out = static_cast<uInt>(want);
    const int rc = inflate(&stream, Z_NO_FLUSH);
    out->bytes.insert(out->bytes.end(), chunk.data(), chunk.data() + (want - stream.avail_out));
    if (out->bytes.size() > limit) {
      out->more = true;
      out->bytes.resize(limit);
      break;
    }
    if (rc == Z_STREAM_END) break;
    const bool starved = rc == Z_BUF_ERROR && stream.avail_in == 0;
    if (starved && !end_of_file) continue;
    if (rc != Z_OK || (starved && end_of_file)) {
      Wording why = Wording::sentence(N_("damaged compressed data"));
      if (starved || rc == Z_BUF_ERROR)
        why = Wording::sentence(N_("the compressed data ends early (truncated file)"));
      else if (stream.msg)
        why = Wording::sentence(N_("damaged compressed data: {0}"), {stream.msg});
      status = Status::error(Wording::sentence(N_("{0}: gzip: {1}"), {path, why}));
      break;
    }
  }
  inflateEnd(&stream);
  return status;
}

std::uint32_t big_endian_u32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

// Words, translated where the refusal they fill is shown.
Wording idx_type_name(std::uint8_t code) {
  switch (code) {
    case 0x08: return Wording::sentence(N_("unsigned byte"));
    case 0x09: return Wording::sentence(N_("signed byte"));
    case 0x0B: return Wording::sentence(N_("16-bit integer"));
    case 0x0C: return Wording::sentence(N_("32-bit integer"));
    case 0x0D: return Wording::sentence(N_("32-bit float"));
    case 0x0E: return Wording::sentence(N_("64-bit float"));
    // TRANSLATORS: a type of values no IDX file should hold: "{0}: holds unknown values (type code 0x{2}) ...".
    default: return Wording::sentence(N_("unknown"));
  }
}

std::string hex32(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", value);
  return text;
}

}  // namespace

Status read_file_start(const std::string& path, std::size_t limit, FileStart* out) {
  *out = FileStart{};
  OpenedFile opened;
  if (Status s = open_regular_file(path, &opened); !s) return s;
  std::FILE* file = opened.file.get();
  unsigned char magic[2] = {};
  const std::size_t got = std::fread(magic, 1, 2, file);
  std::rewind(file);
  out->gzip = got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
  return out->gzip ? inflate_start(file, path, limit, out) : read_stored(file, path, opened.size_bytes, limit, out);
}

Status read_idx_file(const std::string& path, int expected_dims, IdxArray* out) {
  // The header first (a few bytes, even of a gzip file): the sizes it claims are checked
  // before the data is read or inflated.
  FileStart start;
  if (Status s = read_file_start(path, 4, &start); !s) return s;
  const std::vector<std::uint8_t>& magic_bytes = start.bytes;
  const std::uint32_t expected_magic = 0x00000800u | static_cast<std::uint32_t>(expected_dims);
  const bool labels_file = expected_dims == 1;
  if (magic_bytes.size() < 4)
    return Status::error(Wording::sentence(
        N_("{0}: {1} bytes, too short to be an IDX file (it needs at least a 4-byte magic number)"),
        {path, std::to_string(magic_bytes.size())}));
  const std::uint32_t magic = big_endian_u32(magic_bytes.data());
  if (magic_bytes[0] != 0 || magic_bytes[1] != 0)
    return Status::error(Wording::sentence(
        labels_file ? N_("{0}: not an IDX file: magic number {1}, expected {2} for a labels file")
                    : N_("{0}: not an IDX file: magic number {1}, expected {2} for an images file"),
        {path, hex32(magic), hex32(expected_magic)}));
  const std::uint8_t type = magic_bytes[2];
  if (type != 0x08)
    return Status::error(Wording::sentence(
        N_("{0}: holds {1} values (type code 0x{2}); only unsigned-byte IDX files (0x08) are supported"),
        {path, idx_type_name(type), hex32(type).substr(8)}));
  const int dims = magic_bytes[3];
  if (dims != expected_dims)
    return Status::error(Wording::sentence(
        labels_file ? N_("{0}: magic number {1} says {2} dimension(s), expected {3} for a labels file "
                         "(magic {4})")
                    : N_("{0}: magic number {1} says {2} dimension(s), expected {3} for an images file "
                         "(magic {4})"),
        {path, hex32(magic), std::to_string(dims), std::to_string(expected_dims), hex32(expected_magic)}));
  const std::size_t header = 4 + 4 * static_cast<std::size_t>(dims);
  if (Status s = read_file_start(path, header, &start); !s) return s;
  if (start.bytes.size() < header)
    return Status::error(
        Wording::sentence(N_("{0}: truncated inside its header ({1} bytes, the header alone takes {2})"),
                          {path, std::to_string(start.bytes.size()), std::to_string(header)}));
  std::vector<std::uint32_t> shape_dims(dims, 0);
  std::size_t expected_data = 1;
  std::string shape;
  for (int d = 0; d < dims; ++d) {
    shape_dims[d] = big_endian_u32(start.bytes.data() + 4 + 4 * d);
    if (d) shape += 'x';
    shape += std::to_string(shape_dims[d]);
    expected_data *= shape_dims[d];
    if (expected_data > kMaxIdxBytes)
      return Status::error(Wording::sentence(
          N_("{0}: header claims dimensions {1}..., more than {2} MB of data; no real data set is that "
             "large, so the header is damaged (nothing more was read)"),
          {path, shape, std::to_string(kMaxIdxBytes >> 20)}));
  }
  FileStart whole;
  if (Status s = read_file_start(path, header + expected_data, &whole); !s) return s;
  const std::size_t data = whole.bytes.size() - header;
  if (data < expected_data)
    return Status::error(Wording::sentence(
        N_("{0}: truncated: the header says {1} = {2} bytes of data, the file holds only {3}"),
        {path, shape, std::to_string(expected_data), std::to_string(data)}));
  if (whole.more)
    return Status::error(
        whole.gzip
            ? Wording::sentence(
                  N_("{0}: more data than its header ({1}) accounts for; damaged or not an IDX file"),
                  {path, shape})
            : Wording::sentence(
                  N_("{0}: {1} bytes more than its header ({2}) accounts for; damaged or not an IDX file"),
                  {path, std::to_string(whole.file_bytes - header - expected_data), shape}));
  out->dims = std::move(shape_dims);
  out->data.assign(whole.bytes.begin() + static_cast<std::ptrdiff_t>(header), whole.bytes.end());
  return Status::ok();
}

}  // namespace whygpu::cnn

#include "compute/cnn/weights_file.h"

#include <zlib.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "compute/cnn/idx_file.h"
#include "compute/cnn/model.h"
#include "compute/core/text_file.h"

namespace whygpu::cnn {
namespace {

static_assert(std::endian::native == std::endian::little, "weights files are little-endian");

constexpr char kMagic[8] = {'w', 'h', 'y', 'g', 'p', 'u', 'N', 'N'};
constexpr char kSignature[64] = "mnist-cnn c32 p2 c64 p2 c64 d64 d10 (whygpu model.h)";

struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint32_t parameter_count;
  char signature[64];
  std::uint32_t payload_crc32;
  std::uint32_t reserved;
};
static_assert(sizeof(Header) == 88, "the header is 88 bytes on disk");

std::uint32_t crc_of(const void* data, std::size_t bytes) {
  return static_cast<std::uint32_t>(
      crc32(crc32(0L, Z_NULL, 0), static_cast<const Bytef*>(data), static_cast<uInt>(bytes)));
}

}  // namespace

Status save_weights(const std::string& path, const std::vector<float>& params) {
  if (Status s = check_parameter_count(params, "save weights"); !s) return s;
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version = kWeightsFormatVersion;
  header.parameter_count = kParameterCount;
  std::memcpy(header.signature, kSignature, sizeof kSignature);
  header.payload_crc32 = crc_of(params.data(), params.size() * sizeof(float));

  std::string bytes(reinterpret_cast<const char*>(&header), sizeof header);
  bytes.append(reinterpret_cast<const char*>(params.data()), params.size() * sizeof(float));
  return write_file_atomically(path, bytes);
}

Status load_weights(const std::string& path, std::vector<float>* params) {
  // The header alone first, checked in full; then exactly the bytes its shape implies, so
  // a file of any size (a sparse 100 GB one included) costs one weights file of memory.
  FileStart start;
  if (Status s = read_file_start(path, sizeof(Header), &start); !s) return s;
  if (start.bytes.size() < sizeof(Header))
    return Status::error(Wording::sentence(N_("{0}: {1} bytes, too short for a weights file header"),
                                           {path, std::to_string(start.bytes.size())}));
  Header header;
  std::memcpy(&header, start.bytes.data(), sizeof header);
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0)
    return Status::error(Wording::sentence(N_("{0}: not a whygpu weights file (wrong magic bytes)"), {path}));
  if (header.version != kWeightsFormatVersion)
    return Status::error(
        Wording::sentence(N_("{0}: weights format version {1}; this build reads version {2}"),
                          {path, std::to_string(header.version), std::to_string(kWeightsFormatVersion)}));
  if (std::memcmp(header.signature, kSignature, sizeof kSignature) != 0 ||
      header.parameter_count != static_cast<std::uint32_t>(kParameterCount))
    return Status::error(Wording::sentence(
        N_("{0}: weights of a different network ({1}, {2} parameters)"),
        {path, std::string(header.signature, strnlen(header.signature, sizeof header.signature)),
         std::to_string(header.parameter_count)}));
  if (header.reserved != 0)
    return Status::error(
        Wording::sentence(N_("{0}: damaged header: its reserved bytes (84-87) are not zero"), {path}));
  const std::size_t expected = sizeof(Header) + sizeof(float) * std::size_t{kParameterCount};
  FileStart whole;
  if (Status s = read_file_start(path, expected, &whole); !s) return s;
  const std::vector<std::uint8_t>& bytes = whole.bytes;
  if (bytes.size() < expected)
    return Status::error(Wording::sentence(N_("{0}: truncated: {1} bytes, a weights file is {2}"),
                                           {path, std::to_string(bytes.size()), std::to_string(expected)}));
  if (whole.more)
    return Status::error(
        whole.gzip ? Wording::sentence(N_("{0}: too long: more bytes, a weights file of this network is {1}"),
                                       {path, std::to_string(expected)})
                   : Wording::sentence(N_("{0}: too long: {1} bytes, a weights file of this network is {2}"),
                                       {path, std::to_string(whole.file_bytes), std::to_string(expected)}));
  const std::uint8_t* payload = bytes.data() + sizeof(Header);
  if (crc_of(payload, expected - sizeof(Header)) != header.payload_crc32)
    return Status::error(
        Wording::sentence(N_("{0}: damaged: the checksum of the weights does not match the header"), {path}));
  std::vector<float> loaded(kParameterCount);
  std::memcpy(loaded.data(), payload, loaded.size() * sizeof(float));
  for (std::size_t i = 0; i < loaded.size(); ++i)
    if (!std::isfinite(loaded[i]))
      return Status::error(
          Wording::sentence(N_("{0}: parameter {1} is not a finite number"), {path, std::to_string(i)}));
  *params = std::move(loaded);
  return Status::ok();
}

}  // namespace whygpu::cnn

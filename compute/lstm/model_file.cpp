#include "compute/lstm/model_file.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include "compute/core/regular_file.h"
#include "compute/core/text_file.h"

namespace whygpu::lstm {
namespace {

constexpr char kMagic[12] = {'W', 'H', 'Y', 'G', 'P', 'U', '-', 'L', 'S', 'T', 'M', '\0'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = sizeof kMagic + 4 * 4 + 8;  // magic, version, 3 sizes, steps

std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char b : bytes) {
    hash ^= b;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

void put_u32(std::string* out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void put_u64(std::string* out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  bool u32(std::uint32_t* v) {
    if (pos_ + 4 > bytes_.size()) return false;
    *v = 0;
    for (int i = 0; i < 4; ++i) *v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes_[pos_ + i])) << (8 * i);
    pos_ += 4;
    return true;
  }
  bool u64(std::uint64_t* v) {
    if (pos_ + 8 > bytes_.size()) return false;
    *v = 0;
    for (int i = 0; i < 8; ++i) *v |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes_[pos_ + i])) << (8 * i);
    pos_ += 8;
    return true;
  }
  std::size_t position() const { return pos_; }
  void skip(std::size_t n) { pos_ += n; }

 private:
  const std::string& bytes_;
  std::size_t pos_ = 0;
};

}  // namespace

Status save_model(const std::string& path, const SavedModel& model) {
  const LstmShape& shape = model.weights.shape;
  if (Status s = validate_shape(shape); !s) return s;
  if (shape.vocab != model.vocabulary.size())
    return Status::error(Wording::sentence(N_("the model's vocabulary size does not match its weights")));
  if (model.weights.values.size() != parameter_layout(shape).total)
    return Status::error(Wording::sentence(N_("the model's weights do not match its shape")));
  std::string bytes(kMagic, sizeof kMagic);
  put_u32(&bytes, kVersion);
  put_u32(&bytes, static_cast<std::uint32_t>(shape.vocab));
  put_u32(&bytes, static_cast<std::uint32_t>(shape.embed));
  put_u32(&bytes, static_cast<std::uint32_t>(shape.hidden));
  put_u64(&bytes, static_cast<std::uint64_t>(model.training_steps));
  for (char32_t c : model.vocabulary.code_points()) put_u32(&bytes, static_cast<std::uint32_t>(c));
  for (float w : model.weights.values) {
    std::uint32_t bits;
    std::memcpy(&bits, &w, 4);
    put_u32(&bytes, bits);
  }
  put_u64(&bytes, fnv1a(bytes));

  return write_file_atomically(path, bytes);
}

Status load_model(const std::string& path, SavedModel* out) {
  const auto refused = [&path](Wording why) {
    return Status::error(Wording::sentence(
        N_("{0} is not a usable whygpu character model: {1}"), {path, std::move(why)}));
  };
  OpenedFile opened;
  if (Status s = open_regular_file(path, &opened); !s) return s;
  std::FILE* file = opened.file.get();
  // The header first: the sizes it claims give the file's exact length, which is checked
  // before the rest is read (a file of any size costs one model of memory).
  std::string head(kHeaderBytes, '\0');
  head.resize(std::fread(head.data(), 1, head.size(), file));
  if (head.size() < sizeof kMagic || std::memcmp(head.data(), kMagic, sizeof kMagic) != 0)
    return refused(Wording::sentence(N_("it does not begin with the model file's signature")));
  Reader reader(head);
  reader.skip(sizeof kMagic);
  std::uint32_t version = 0, vocab = 0, embed = 0, hidden = 0;
  std::uint64_t steps = 0;
  if (!reader.u32(&version) || !reader.u32(&vocab) || !reader.u32(&embed) || !reader.u32(&hidden) ||
      !reader.u64(&steps))
    return refused(Wording::sentence(N_("the file is cut short")));
  if (version != kVersion)
    return refused(Wording::sentence(N_("it is format version {0}; this whygpu reads version {1}"),
                                     {std::to_string(version), std::to_string(kVersion)}));
  if (steps > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
    return refused(Wording::sentence(N_("its training step count is impossible")));
  LstmShape shape;
  if (vocab > 4096 || embed > 4096 || hidden > 4096)
    return refused(Wording::sentence(N_("its sizes are impossible")));
  shape.vocab = static_cast<int>(vocab);
  shape.embed = static_cast<int>(embed);
  shape.hidden = static_cast<int>(hidden);
  if (Status s = validate_shape(shape); !s) return refused(s.wording());
  const std::size_t params = parameter_layout(shape).total;
  const std::size_t expected = kHeaderBytes + 4 * static_cast<std::size_t>(vocab) + 4 * params + 8;
  const std::uint64_t size = opened.size_bytes;
  if (size < expected)
    return refused(Wording::sentence(N_("the file is cut short ({0} of {1} bytes)"),
                                     {std::to_string(size), std::to_string(expected)}));
  if (size > expected)
    return refused(Wording::sentence(N_("it has {0} bytes too many"), {std::to_string(size - expected)}));
  std::string bytes = head;
  bytes.resize(expected);
  const std::size_t body_bytes = expected - kHeaderBytes;
  if (std::fread(bytes.data() + kHeaderBytes, 1, body_bytes, file) != body_bytes || std::fgetc(file) != EOF)
    return refused(Wording::sentence(N_("it changed while being read")));
  Reader body(bytes);
  body.skip(kHeaderBytes);
  Reader tail(bytes);
  tail.skip(expected - 8);
  std::uint64_t stored_hash = 0;
  tail.u64(&stored_hash);
  if (stored_hash != fnv1a(bytes.substr(0, expected - 8)))
    return refused(Wording::sentence(N_("it is damaged (its checksum does not match its contents)")));

  std::vector<char32_t> code_points(vocab);
  for (auto& c : code_points) {
    std::uint32_t v = 0;
    body.u32(&v);
    c = static_cast<char32_t>(v);
  }
  SavedModel model;
  if (Status s = Vocabulary::from_code_points(std::move(code_points), &model.vocabulary); !s)
    return refused(s.wording());
  model.weights.shape = shape;
  model.weights.values.resize(params);
  for (float& w : model.weights.values) {
    std::uint32_t bits = 0;
    body.u32(&bits);
    std::memcpy(&w, &bits, 4);
    if (!std::isfinite(w))
      return refused(Wording::sentence(N_("it holds weights that are not finite numbers")));
  }
  model.training_steps = static_cast<long long>(steps);
  *out = std::move(model);
  return Status::ok();
}

}  // namespace whygpu::lstm

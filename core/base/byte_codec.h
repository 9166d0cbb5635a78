#pragma once

#include "base/input_error.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace rl {

/// FNV-1a, 64 bits: a fingerprint of bytes that tells a file or a job from another (not a
/// cryptographic hash: it detects mistakes, not forgeries).
inline std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 1469598103934665603ULL;
    for (char ch : bytes) {
        h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ULL;
    }
    return h;
}

/// Appends fixed-width little-endian values to a byte string: the wire format of reducelab-mpi's
/// messages and of sweep checkpoints. Doubles travel as their bits, so results stay exact.
class ByteWriter {
  public:
    void u8(std::uint8_t v) { m_bytes.push_back(static_cast<char>(v)); }
    void u32(std::uint32_t v) { put(v); }
    void u64(std::uint64_t v) { put(v); }
    void i32(std::int32_t v) { put(static_cast<std::uint32_t>(v)); }
    void f64(double v) { put(std::bit_cast<std::uint64_t>(v)); }
    void bytes(std::string_view b) {
        u64(b.size());
        m_bytes.append(b);
    }
    const std::string& data() const { return m_bytes; }
    std::string take() { return std::move(m_bytes); }

  private:
    template <typename T> void put(T v) {
        static_assert(std::endian::native == std::endian::little, "little-endian hosts only");
        char b[sizeof v];
        std::memcpy(b, &v, sizeof v);
        m_bytes.append(b, sizeof v);
    }
    std::string m_bytes;
};

/// Reads what ByteWriter wrote; every read is bounds-checked and a short or malformed input
/// throws InputError naming `what` (the message or file being read), never reads past the end.
class ByteReader {
  public:
    ByteReader(std::string_view bytes, std::string what)
        : m_bytes(bytes), m_what(std::move(what)) {}

    std::uint8_t u8() { return static_cast<std::uint8_t>(take(1)[0]); }
    std::uint32_t u32() { return get<std::uint32_t>(); }
    std::uint64_t u64() { return get<std::uint64_t>(); }
    std::int32_t i32() { return static_cast<std::int32_t>(get<std::uint32_t>()); }
    double f64() { return std::bit_cast<double>(get<std::uint64_t>()); }
    std::string_view bytes() { return take(count(1)); }
    /// A count of items of at least `itemBytes` bytes each that must fit in what is left.
    std::uint64_t count(std::uint64_t itemBytes) {
        const std::uint64_t n = u64();
        if (itemBytes > 0 && n > remaining() / itemBytes) {
            fail("a count of " + std::to_string(n) + " exceeds the data");
        }
        return n;
    }
    std::size_t remaining() const { return m_bytes.size() - m_pos; }
    bool atEnd() const { return m_pos == m_bytes.size(); }
    [[noreturn]] void fail(const std::string& why) const {
        throw InputError(m_what + ": " + why + " (at byte " + std::to_string(m_pos) + ")");
    }

  private:
    std::string_view take(std::size_t n) {
        if (n > remaining()) {
            fail("truncated");
        }
        const std::string_view v = m_bytes.substr(m_pos, n);
        m_pos += n;
        return v;
    }
    template <typename T> T get() {
        T v;
        std::memcpy(&v, take(sizeof v).data(), sizeof v);
        return v;
    }
    std::string_view m_bytes;
    std::size_t m_pos = 0;
    std::string m_what;
};

} // namespace rl

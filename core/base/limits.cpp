#include "base/limits.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <cmath>
#include <limits>

namespace rl {

void checkMagnitude(double value, const std::string& what) {
    if (std::isnan(value)) {
        throw InputError(what + " is not a number");
    }
    if (value < 0.0) {
        throw InputError(what + " = " + formatNumber(value) + " must be >= 0");
    }
    if (value > kMaxMagnitude) {
        throw InputError(what + " = " + formatNumber(value) + " is too large (at most " +
                         formatNumber(kMaxMagnitude) + ", so that sums of costs stay finite)");
    }
    if (value != 0.0 && value < kMinMagnitude) {
        throw InputError(what + " = " + formatNumber(value) + " is too small (0 or at least " +
                         formatNumber(kMinMagnitude) + ")");
    }
}

namespace {
std::string bytesText(std::uint64_t bytes) {
    const double gib = static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 30);
    if (bytes == std::numeric_limits<std::uint64_t>::max()) {
        return "more than 16 EiB";
    }
    return formatNumber(std::round(gib * 10.0) / 10.0) + " GiB";
}
} // namespace

void checkMemory(std::uint64_t bytes, const std::string& what) {
    if (bytes > kMemoryCapBytes) {
        throw InputError(what + " would need about " + bytesText(bytes) +
                         " of memory, more than the limit of " + bytesText(kMemoryCapBytes));
    }
}

std::uint64_t memoryProduct(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
        return std::numeric_limits<std::uint64_t>::max();
    }
    return a * b;
}

} // namespace rl

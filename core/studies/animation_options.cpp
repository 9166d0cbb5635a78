#include "studies/animation_options.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace rl {

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string number(double v) {
    return formatNumber(v);
}

/// The size rule, for validate() and for a size parsed from text (which may not fit an int).
void checkSize(long long width, long long height, const std::string& text) {
    using O = AnimationOptions;
    if (width < O::kMinWidth || width > O::kMaxWidth || height < O::kMinHeight ||
        height > O::kMaxHeight) {
        throw InputError("--size " + text + ": the size must be from " +
                         std::to_string(O::kMinWidth) + "x" + std::to_string(O::kMinHeight) +
                         " to " + std::to_string(O::kMaxWidth) + "x" +
                         std::to_string(O::kMaxHeight) + " pixels");
    }
}

} // namespace

int AnimationOptions::frameCount() const {
    return std::max(1, static_cast<int>(std::lround(fps * seconds)));
}

void AnimationOptions::validate(AnimationFormat format) const {
    if (fps < kMinFps || fps > kMaxFps) {
        throw InputError("--fps " + std::to_string(fps) + ": the frame rate must be " +
                         std::to_string(kMinFps) + " to " + std::to_string(kMaxFps) +
                         " frames per second");
    }
    if (!std::isfinite(seconds) || seconds < kMinSeconds || seconds > kMaxSeconds) {
        throw InputError("--seconds " + number(seconds) + ": the length must be " +
                         number(kMinSeconds) + " to " + number(kMaxSeconds) + " seconds");
    }
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    checkSize(width, height, size);
    if (format != AnimationFormat::Gif && (width % 2 != 0 || height % 2 != 0)) {
        throw InputError("--size " + size + ": " + animationFormatName(format) +
                         " needs an even width and height");
    }
}

AnimationFormat animationFormatOf(const std::string& path, const std::string& option) {
    const auto slash = path.find_last_of('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const auto dot = name.find_last_of('.');
    const std::string ext = dot == std::string::npos ? std::string() : lower(name.substr(dot));
    if (ext == ".gif") {
        return AnimationFormat::Gif;
    }
    if (ext == ".mp4") {
        return AnimationFormat::Mp4;
    }
    if (ext == ".webm") {
        return AnimationFormat::WebM;
    }
    throw InputError((option.empty() ? "" : option + " ") + rl::quoted(path) +
                     ": the file name must end in .gif, .mp4 or .webm (the format)");
}

std::string animationFormatName(AnimationFormat format) {
    switch (format) {
    case AnimationFormat::Gif:
        return "GIF";
    case AnimationFormat::Mp4:
        return "MP4 (H.264)";
    case AnimationFormat::WebM:
        return "WebM (VP9)";
    }
    return "?";
}

void parseAnimationSize(const std::string& text, const std::string& option,
                        AnimationOptions& options) {
    const auto x = lower(text).find('x');
    if (x == std::string::npos) {
        throw InputError(option + " " + rl::quoted(text) + ": expected WIDTHxHEIGHT, e.g. " +
                         std::to_string(AnimationOptions::kDefaultWidth) + "x" +
                         std::to_string(AnimationOptions::kDefaultHeight));
    }
    constexpr long long kAny = std::numeric_limits<long long>::max();
    const long long width = parseInteger(text.substr(0, x), option + " (width)", 0, kAny);
    const long long height = parseInteger(text.substr(x + 1), option + " (height)", 0, kAny);
    checkSize(width, height, printable(text));
    options.width = static_cast<int>(width);
    options.height = static_cast<int>(height);
}

} // namespace rl

#pragma once

#include <string>

namespace rl {

/// The file formats of an animation, chosen by the file name's extension.
enum class AnimationFormat { Gif, Mp4, WebM };

/// How an animation is made: its length, frame rate, size and look. The defaults and the bounds
/// of every field live here, for the CLI's options and the GUI's dialog alike.
struct AnimationOptions {
    static constexpr int kDefaultFps = 30;
    static constexpr int kMinFps = 1;
    static constexpr int kMaxFps = 60;
    static constexpr double kDefaultSeconds = 10.0;
    static constexpr double kMinSeconds = 0.5;
    static constexpr double kMaxSeconds = 120.0;
    static constexpr int kDefaultWidth = 1280;
    static constexpr int kDefaultHeight = 720;
    /// Below 320 x 180 the Gantt chart, the tree and the caption no longer fit beside each
    /// other; 3840 x 2160 (4K) is the largest a projector or a slide shows.
    static constexpr int kMinWidth = 320;
    static constexpr int kMinHeight = 180;
    static constexpr int kMaxWidth = 3840;
    static constexpr int kMaxHeight = 2160;

    int fps = kDefaultFps;
    double seconds = kDefaultSeconds;
    int width = kDefaultWidth;
    int height = kDefaultHeight;
    bool presentation = false; ///< the views' large fonts (F5)
    bool dark = false;         ///< the views' dark theme (Ctrl+D)

    /// fps x seconds, rounded (at least 1; at most kMaxFps x kMaxSeconds = 7,200).
    int frameCount() const;
    /// Throws InputError naming the option and its bounds (--fps, --seconds, --size); video
    /// formats (H.264 and VP9 in 4:2:0) also need an even width and height.
    void validate(AnimationFormat format) const;
};

/// The format of `path`'s extension (.gif, .mp4, .webm, any case); throws InputError naming
/// `option` and the path otherwise.
AnimationFormat animationFormatOf(const std::string& path, const std::string& option);
/// "GIF", "MP4 (H.264)", "WebM (VP9)".
std::string animationFormatName(AnimationFormat format);
/// Parses "WIDTHxHEIGHT" (e.g. "1280x720") into `options`; throws InputError naming `option`.
void parseAnimationSize(const std::string& text, const std::string& option,
                        AnimationOptions& options);

} // namespace rl

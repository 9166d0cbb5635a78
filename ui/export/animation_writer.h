#pragma once

#include "studies/animation_options.h"

#include <QByteArray>
#include <QImage>

#include <memory>
#include <vector>

namespace rl {

/// An encoder of one animation file, fed frame by frame and kept in memory (an animation of the
/// largest allowed size stays far below the memory cap; the caller writes the bytes through the
/// project's atomic writer). Widget-free: it only sees images, so it runs on any thread.
/// Throws OutputError with the encoder's reason when encoding fails.
class AnimationWriter {
  public:
    virtual ~AnimationWriter() = default;

    /// Frames that show the colours of the whole animation (for a palette), before the first
    /// addFrame(); encoders that need none ignore them.
    virtual void preview(const std::vector<QImage>& samples) { (void)samples; }
    /// The next frame, of the options' size (any 32-bit format).
    virtual void addFrame(const QImage& frame) = 0;
    /// Ends the stream and returns the whole file.
    virtual QByteArray finish() = 0;

    /// The encoder of `format` (GIF: giflib; MP4: H.264 and WebM: VP9, both through FFmpeg).
    static std::unique_ptr<AnimationWriter> create(AnimationFormat format,
                                                   const AnimationOptions& options);
};

} // namespace rl

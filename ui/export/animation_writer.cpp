#include "export/animation_writer.h"

#include "export/ffmpeg_writer.h"
#include "export/gif_writer.h"

namespace rl {

std::unique_ptr<AnimationWriter> AnimationWriter::create(AnimationFormat format,
                                                         const AnimationOptions& options) {
    if (format == AnimationFormat::Gif) {
        return std::make_unique<GifWriter>(options);
    }
    return std::make_unique<FfmpegWriter>(format, options);
}

} // namespace rl

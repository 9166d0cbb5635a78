#pragma once

#include "export/animation_writer.h"

#include <memory>

namespace rl {

/// MP4 (H.264 by libx264) and WebM (VP9 by libvpx) through FFmpeg's libraries, in yuv420p with
/// BT.709 colours (what every player and slide program reads). The container is written into
/// memory through a seekable custom I/O context, so the MP4 index is complete.
class FfmpegWriter final : public AnimationWriter {
  public:
    FfmpegWriter(AnimationFormat format, const AnimationOptions& options);
    ~FfmpegWriter() override;
    FfmpegWriter(const FfmpegWriter&) = delete;
    FfmpegWriter& operator=(const FfmpegWriter&) = delete;

    void addFrame(const QImage& frame) override;
    QByteArray finish() override;

  private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace rl

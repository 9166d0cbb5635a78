#pragma once

#include "export/animation_writer.h"
#include "export/gif_palette.h"

#include <optional>

struct GifFileType;

namespace rl {

/// GIF89a through giflib, small enough for slides: one global palette from sample frames
/// (GifPalette), and each frame after the first coded as the rectangle that changed since the
/// previous one, its unchanged pixels transparent, so that LZW sees long runs; the frame delays
/// (hundredths of a second) add up to exactly frames / fps. Loops for ever.
class GifWriter final : public AnimationWriter {
  public:
    explicit GifWriter(const AnimationOptions& options);
    ~GifWriter() override;
    GifWriter(const GifWriter&) = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    void preview(const std::vector<QImage>& samples) override;
    void addFrame(const QImage& frame) override;
    QByteArray finish() override;

  private:
    void open();
    void check(int result, const char* what) const;
    void writeFrame(const QRect& rect, const std::vector<std::uint8_t>& pixels);

    AnimationOptions m_options;
    std::optional<GifPalette> m_palette;
    GifFileType* m_gif = nullptr;
    QByteArray m_bytes;
    QImage m_previous;
    int m_frames = 0;
};

} // namespace rl

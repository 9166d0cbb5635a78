#pragma once

#include <QImage>

#include <array>
#include <cstdint>
#include <vector>

namespace rl {

/// At most 255 colours for a GIF (index 255 stays free for transparency), chosen from sample
/// frames: the views draw with few flat colours (backgrounds, bars, text) and their antialiased
/// edges, so the most frequent colours are kept exactly and the rest are summarised by a median
/// cut. Pixels are mapped to their nearest palette colour through a cache, without dithering
/// (dithered noise would defeat both the changed-rectangle coding and LZW).
class GifPalette {
  public:
    static constexpr int kMaxColours = 255;
    static constexpr std::uint8_t kTransparent = 255;

    /// The palette of `samples` (opaque 32-bit images); a single black entry without samples.
    static GifPalette fromSamples(const std::vector<QImage>& samples);

    /// The colours, RGB (at most kMaxColours).
    const std::vector<QRgb>& colours() const { return m_colours; }
    /// The index of the palette colour nearest to `rgb` (alpha ignored).
    std::uint8_t indexOf(QRgb rgb);

  private:
    std::uint8_t nearest(QRgb rgb) const;

    struct CacheEntry {
        std::uint32_t rgb = 0;
        std::uint8_t index = 0;
        bool valid = false;
    };
    std::vector<QRgb> m_colours;
    std::vector<CacheEntry> m_cache;
};

} // namespace rl

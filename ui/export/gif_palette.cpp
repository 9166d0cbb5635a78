#include "export/gif_palette.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace rl {

namespace {

/// Colours kept exactly: the flat colours of the views, which cover nearly every pixel.
constexpr int kExactColours = 128;
constexpr std::size_t kCacheSize = std::size_t{1} << 16;

struct Weighted {
    QRgb rgb;
    std::uint64_t count;
};

int channel(QRgb c, int which) {
    return which == 0 ? qRed(c) : which == 1 ? qGreen(c) : qBlue(c);
}

/// Median cut (Heckbert): split the box of largest extent times population along its widest
/// channel at the weighted median, until `boxes` boxes; each gives its weighted mean colour.
std::vector<QRgb> medianCut(std::vector<Weighted> colours, int boxes) {
    struct Box {
        std::size_t begin, end;
    };
    std::vector<Box> parts{{0, colours.size()}};
    auto score = [&](const Box& b, int& widest) {
        int lo[3] = {255, 255, 255};
        int hi[3] = {0, 0, 0};
        std::uint64_t population = 0;
        for (std::size_t i = b.begin; i < b.end; ++i) {
            for (int c = 0; c < 3; ++c) {
                lo[c] = std::min(lo[c], channel(colours[i].rgb, c));
                hi[c] = std::max(hi[c], channel(colours[i].rgb, c));
            }
            population += colours[i].count;
        }
        widest = 0;
        for (int c = 1; c < 3; ++c) {
            if (hi[c] - lo[c] > hi[widest] - lo[widest]) {
                widest = c;
            }
        }
        const int extent = hi[widest] - lo[widest];
        return b.end - b.begin < 2 || extent == 0
                   ? 0.0
                   : static_cast<double>(extent) * static_cast<double>(population);
    };
    while (static_cast<int>(parts.size()) < boxes) {
        double best = 0.0;
        std::size_t bestIndex = 0;
        int bestChannel = 0;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            int widest = 0;
            const double s = score(parts[i], widest);
            if (s > best) {
                best = s;
                bestIndex = i;
                bestChannel = widest;
            }
        }
        if (best == 0.0) {
            break; // every box is a single colour
        }
        Box& b = parts[bestIndex];
        const auto first = colours.begin() + static_cast<std::ptrdiff_t>(b.begin);
        const auto last = colours.begin() + static_cast<std::ptrdiff_t>(b.end);
        std::sort(first, last, [&](const Weighted& x, const Weighted& y) {
            return channel(x.rgb, bestChannel) < channel(y.rgb, bestChannel);
        });
        std::uint64_t total = 0;
        for (auto it = first; it != last; ++it) {
            total += it->count;
        }
        std::uint64_t running = 0;
        std::size_t cut = b.begin + 1;
        for (std::size_t i = b.begin; i + 1 < b.end; ++i) {
            running += colours[i].count;
            cut = i + 1;
            if (2 * running >= total) {
                break;
            }
        }
        parts.push_back({cut, b.end});
        parts[bestIndex].end = cut;
    }
    std::vector<QRgb> out;
    for (const Box& b : parts) {
        double sum[3] = {0, 0, 0};
        double weight = 0;
        for (std::size_t i = b.begin; i < b.end; ++i) {
            const auto w = static_cast<double>(colours[i].count);
            for (int c = 0; c < 3; ++c) {
                sum[c] += w * channel(colours[i].rgb, c);
            }
            weight += w;
        }
        if (weight > 0) {
            out.push_back(qRgb(static_cast<int>(std::lround(sum[0] / weight)),
                               static_cast<int>(std::lround(sum[1] / weight)),
                               static_cast<int>(std::lround(sum[2] / weight))));
        }
    }
    return out;
}

} // namespace

GifPalette GifPalette::fromSamples(const std::vector<QImage>& samples) {
    std::unordered_map<QRgb, std::uint64_t> histogram;
    for (const QImage& sample : samples) {
        const QImage image = sample.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < image.height(); ++y) {
            const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            QRgb last = 0;
            std::uint64_t* slot = nullptr;
            for (int x = 0; x < image.width(); ++x) {
                const QRgb c = row[x] | 0xff000000u;
                if (slot == nullptr || c != last) { // runs of one colour: one hash look-up
                    slot = &histogram[c];
                    last = c;
                }
                ++*slot;
            }
        }
    }
    std::vector<Weighted> colours;
    colours.reserve(histogram.size());
    for (const auto& [rgb, count] : histogram) {
        colours.push_back({rgb, count});
    }
    // Most frequent first; ties by value, so the palette never depends on hash order.
    std::sort(colours.begin(), colours.end(), [](const Weighted& a, const Weighted& b) {
        return a.count != b.count ? a.count > b.count : a.rgb < b.rgb;
    });
    GifPalette p;
    if (static_cast<int>(colours.size()) <= kMaxColours) {
        for (const Weighted& w : colours) {
            p.m_colours.push_back(w.rgb);
        }
    } else {
        for (int i = 0; i < kExactColours; ++i) {
            p.m_colours.push_back(colours[static_cast<std::size_t>(i)].rgb);
        }
        const std::vector<QRgb> rest =
            medianCut(std::vector<Weighted>(colours.begin() + kExactColours, colours.end()),
                      kMaxColours - kExactColours);
        p.m_colours.insert(p.m_colours.end(), rest.begin(), rest.end());
    }
    if (p.m_colours.empty()) {
        p.m_colours.push_back(qRgb(0, 0, 0));
    }
    p.m_cache.resize(kCacheSize);
    return p;
}

std::uint8_t GifPalette::indexOf(QRgb rgb) {
    rgb |= 0xff000000u;
    // A direct-mapped cache: a frame has few distinct colours, so nearly every look-up hits.
    const std::uint32_t hash = (rgb * 2654435761u) >> 16;
    CacheEntry& e = m_cache[hash & (kCacheSize - 1)];
    if (!e.valid || e.rgb != rgb) {
        e = {rgb, nearest(rgb), true};
    }
    return e.index;
}

std::uint8_t GifPalette::nearest(QRgb rgb) const {
    // Squared distance weighted as the eye's sensitivity (green most, blue least).
    int best = 0;
    long bestDistance = -1;
    for (std::size_t i = 0; i < m_colours.size(); ++i) {
        const long dr = qRed(rgb) - qRed(m_colours[i]);
        const long dg = qGreen(rgb) - qGreen(m_colours[i]);
        const long db = qBlue(rgb) - qBlue(m_colours[i]);
        const long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if (bestDistance < 0 || d < bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    return static_cast<std::uint8_t>(best);
}

} // namespace rl

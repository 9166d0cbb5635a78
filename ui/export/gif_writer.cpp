#include "export/gif_writer.h"

#include "base/file_io.h"

#include <gif_lib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace rl {

namespace {

int appendBytes(GifFileType* gif, const GifByteType* data, int length) {
    static_cast<QByteArray*>(gif->UserData)->append(reinterpret_cast<const char*>(data), length);
    return length;
}

/// The rows and columns where `a` and `b` (same size, 32-bit) differ; empty if none.
QRect changedRect(const QImage& a, const QImage& b) {
    int top = -1;
    int bottom = -1;
    int left = a.width();
    int right = -1;
    const auto rowBytes = static_cast<std::size_t>(a.width()) * 4;
    for (int y = 0; y < a.height(); ++y) {
        const auto* p = reinterpret_cast<const QRgb*>(a.constScanLine(y));
        const auto* q = reinterpret_cast<const QRgb*>(b.constScanLine(y));
        if (std::memcmp(p, q, rowBytes) == 0) {
            continue;
        }
        if (top < 0) {
            top = y;
        }
        bottom = y;
        int x0 = 0;
        while (p[x0] == q[x0]) {
            ++x0;
        }
        int x1 = a.width() - 1;
        while (p[x1] == q[x1]) {
            --x1;
        }
        left = std::min(left, x0);
        right = std::max(right, x1);
    }
    return top < 0 ? QRect() : QRect(QPoint(left, top), QPoint(right, bottom));
}

} // namespace

GifWriter::GifWriter(const AnimationOptions& options) : m_options(options) {}

GifWriter::~GifWriter() {
    if (m_gif != nullptr) {
        int error = 0;
        EGifCloseFile(m_gif, &error);
    }
}

void GifWriter::check(int result, const char* what) const {
    if (result == GIF_ERROR) {
        const char* reason = m_gif ? GifErrorString(m_gif->Error) : nullptr;
        throw OutputError(std::string("GIF encoder: ") + what + " failed" +
                          (reason ? std::string(": ") + reason : std::string()));
    }
}

void GifWriter::preview(const std::vector<QImage>& samples) {
    m_palette = GifPalette::fromSamples(samples);
}

void GifWriter::open() {
    if (!m_palette) {
        m_palette = GifPalette::fromSamples({});
    }
    int error = 0;
    m_gif = EGifOpen(&m_bytes, appendBytes, &error);
    if (m_gif == nullptr) {
        throw OutputError(std::string("GIF encoder: ") + GifErrorString(error));
    }
    EGifSetGifVersion(m_gif, true);
    // Entries the palette does not use repeat its first colour (never black by default), so
    // that the map holds no colour the frames were not meant to show.
    GifColorType colours[256] = {};
    const auto& palette = m_palette->colours();
    for (std::size_t i = 0; i < 256; ++i) {
        const QRgb c = palette[i < palette.size() ? i : 0];
        colours[i] = {static_cast<GifByteType>(qRed(c)), static_cast<GifByteType>(qGreen(c)),
                      static_cast<GifByteType>(qBlue(c))};
    }
    ColorMapObject* map = GifMakeMapObject(256, colours);
    if (map == nullptr) {
        throw OutputError("GIF encoder: out of memory");
    }
    const int result = EGifPutScreenDesc(m_gif, m_options.width, m_options.height, 8, 0, map);
    GifFreeMapObject(map);
    check(result, "the screen descriptor");
    // NETSCAPE2.0: loop for ever (a slide shows it again and again).
    const GifByteType loop[3] = {1, 0, 0};
    check(EGifPutExtensionLeader(m_gif, APPLICATION_EXT_FUNC_CODE), "the loop extension");
    check(EGifPutExtensionBlock(m_gif, 11, "NETSCAPE2.0"), "the loop extension");
    check(EGifPutExtensionBlock(m_gif, 3, loop), "the loop extension");
    check(EGifPutExtensionTrailer(m_gif), "the loop extension");
}

void GifWriter::addFrame(const QImage& input) {
    if (m_gif == nullptr) {
        open();
    }
    QImage frame = input.convertToFormat(QImage::Format_RGB32);
    if (frame.size() != QSize(m_options.width, m_options.height)) {
        throw std::logic_error("GifWriter: a frame of the wrong size");
    }
    QRect rect = m_previous.isNull() ? frame.rect() : changedRect(frame, m_previous);
    const bool unchanged = rect.isEmpty();
    if (unchanged) {
        rect = QRect(0, 0, 1, 1); // a frame must still be written, to keep the timing
    }
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(rect.width()) *
                                     static_cast<std::size_t>(rect.height()));
    std::size_t i = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        const auto* row = reinterpret_cast<const QRgb*>(frame.constScanLine(y));
        const QRgb* before = m_previous.isNull()
                                 ? nullptr
                                 : reinterpret_cast<const QRgb*>(m_previous.constScanLine(y));
        for (int x = rect.left(); x <= rect.right(); ++x) {
            pixels[i++] = before != nullptr && row[x] == before[x] ? GifPalette::kTransparent
                                                                   : m_palette->indexOf(row[x]);
        }
    }
    writeFrame(rect, pixels);
    m_previous = std::move(frame);
}

void GifWriter::writeFrame(const QRect& rect, const std::vector<std::uint8_t>& pixels) {
    // Delays in hundredths of a second, rounded cumulatively: the total is exactly
    // frames / fps (30 fps: 3, 4, 3, 3, 4, 3, ...).
    const auto at = [&](int k) { return std::lround(k * 100.0 / m_options.fps); };
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT; // the next frame draws over this one
    gcb.UserInputFlag = false;
    gcb.DelayTime = static_cast<int>(at(m_frames + 1) - at(m_frames));
    gcb.TransparentColor = GifPalette::kTransparent;
    GifByteType extension[4];
    EGifGCBToExtension(&gcb, extension);
    check(EGifPutExtension(m_gif, GRAPHICS_EXT_FUNC_CODE, 4, extension), "a frame's timing");
    check(EGifPutImageDesc(m_gif, rect.left(), rect.top(), rect.width(), rect.height(), false,
                           nullptr),
          "a frame's descriptor");
    for (int y = 0; y < rect.height(); ++y) {
        check(EGifPutLine(m_gif,
                          const_cast<GifPixelType*>(pixels.data()) +
                              static_cast<std::size_t>(y) * static_cast<std::size_t>(rect.width()),
                          rect.width()),
              "a frame's pixels");
    }
    ++m_frames;
}

QByteArray GifWriter::finish() {
    if (m_gif == nullptr) {
        open();
    }
    int error = 0;
    const int result = EGifCloseFile(m_gif, &error);
    m_gif = nullptr;
    if (result == GIF_ERROR) {
        throw OutputError(std::string("GIF encoder: closing failed: ") + GifErrorString(error));
    }
    return std::move(m_bytes);
}

} // namespace rl

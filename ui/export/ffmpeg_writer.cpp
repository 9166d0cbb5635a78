#include "export/ffmpeg_writer.h"

#include "base/file_io.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cstring>
#include <string>

namespace rl {

namespace {

// FFmpeg 6.1 made the write callback's buffer const.
#if LIBAVFORMAT_VERSION_MAJOR >= 61
using WriteBuffer = const std::uint8_t*;
#else
using WriteBuffer = std::uint8_t*;
#endif

constexpr int kIoBufferBytes = 1 << 16;

std::string reason(int error) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(error, text, sizeof text);
    return text;
}

/// The file in memory, with a position: the MP4 muxer seeks back to patch sizes.
struct MemoryFile {
    QByteArray bytes;
    qint64 position = 0;

    static int write(void* opaque, WriteBuffer data, int size) {
        auto* f = static_cast<MemoryFile*>(opaque);
        const qint64 end = f->position + size;
        if (end > f->bytes.size()) {
            f->bytes.resize(end);
        }
        std::memcpy(f->bytes.data() + f->position, data, static_cast<std::size_t>(size));
        f->position = end;
        return size;
    }
    static std::int64_t seek(void* opaque, std::int64_t offset, int whence) {
        auto* f = static_cast<MemoryFile*>(opaque);
        switch (whence & ~AVSEEK_FORCE) {
        case AVSEEK_SIZE:
            return f->bytes.size();
        case SEEK_SET:
            f->position = offset;
            break;
        case SEEK_CUR:
            f->position += offset;
            break;
        case SEEK_END:
            f->position = f->bytes.size() + offset;
            break;
        default:
            return AVERROR(EINVAL);
        }
        if (f->position < 0) {
            f->position = 0;
            return AVERROR(EINVAL);
        }
        return f->position;
    }
};

} // namespace

struct FfmpegWriter::Impl {
    AnimationFormat format;
    AnimationOptions options;
    MemoryFile file;
    AVFormatContext* container = nullptr;
    AVIOContext* io = nullptr;
    AVCodecContext* codec = nullptr;
    AVStream* stream = nullptr;
    SwsContext* scaler = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    std::int64_t next = 0;
    bool headerWritten = false;

    [[noreturn]] void fail(const std::string& what, int error) const {
        throw OutputError(animationFormatName(format) + " encoder: " + what +
                          (error != 0 ? ": " + reason(error) : std::string()));
    }
    /// FFmpeg's convention: a negative result is an error code.
    void check(int result, const std::string& what) const {
        if (result < 0) {
            fail(what, result);
        }
    }

    void open() {
        const bool mp4 = format == AnimationFormat::Mp4;
        const char* encoderName = mp4 ? "libx264" : "libvpx-vp9";
        const AVCodec* encoder = avcodec_find_encoder_by_name(encoderName);
        if (encoder == nullptr) {
            fail(std::string("FFmpeg has no ") + encoderName + " encoder", 0);
        }
        int r = avformat_alloc_output_context2(&container, nullptr, mp4 ? "mp4" : "webm", nullptr);
        if (r < 0 || container == nullptr) {
            fail("no container", r);
        }
        stream = avformat_new_stream(container, nullptr);
        codec = avcodec_alloc_context3(encoder);
        frame = av_frame_alloc();
        packet = av_packet_alloc();
        if (stream == nullptr || codec == nullptr || frame == nullptr || packet == nullptr) {
            fail("out of memory", 0);
        }
        codec->width = options.width;
        codec->height = options.height;
        codec->pix_fmt = AV_PIX_FMT_YUV420P;
        codec->time_base = AVRational{1, options.fps};
        codec->framerate = AVRational{options.fps, 1};
        codec->gop_size = 2 * options.fps; // a key frame every 2 s: seeking in a slide works
        codec->color_primaries = AVCOL_PRI_BT709;
        codec->color_trc = AVCOL_TRC_BT709;
        codec->colorspace = AVCOL_SPC_BT709;
        codec->color_range = AVCOL_RANGE_MPEG;
        codec->thread_count = 0; // every core
        if (mp4) {
            // Charts are flat colours and thin lines: "animation" keeps edges sharp; B-frames
            // off so that presentation and decoding order agree (no edit list to misread).
            av_opt_set(codec->priv_data, "preset", "veryfast", 0);
            av_opt_set(codec->priv_data, "tune", "animation", 0);
            av_opt_set(codec->priv_data, "crf", "20", 0);
            codec->max_b_frames = 0;
            codec->profile = FF_PROFILE_H264_HIGH;
        } else {
            // Constant quality at libvpx's real-time speed with row multithreading: "good"
            // took 8 times longer (33 s of CPU for the demo) for a file of the same size.
            av_opt_set(codec->priv_data, "deadline", "realtime", 0);
            av_opt_set(codec->priv_data, "cpu-used", "8", 0);
            av_opt_set(codec->priv_data, "row-mt", "1", 0);
            av_opt_set(codec->priv_data, "crf", "30", 0);
            codec->bit_rate = 0;
        }
        if (container->oformat->flags & AVFMT_GLOBALHEADER) {
            codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        }
        check(avcodec_open2(codec, encoder, nullptr), std::string("cannot open ") + encoderName);
        check(avcodec_parameters_from_context(stream->codecpar, codec), "stream parameters");
        stream->time_base = codec->time_base;
        stream->avg_frame_rate = codec->framerate;
        frame->format = codec->pix_fmt;
        frame->width = codec->width;
        frame->height = codec->height;
        check(av_frame_get_buffer(frame, 0), "frame buffer");
        scaler = sws_getContext(options.width, options.height, AV_PIX_FMT_RGB32, options.width,
                                options.height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr, nullptr,
                                nullptr);
        if (scaler == nullptr) {
            fail("no colour converter", 0);
        }
        // QImage::Format_RGB32 (AV_PIX_FMT_RGB32: 0xffRRGGBB words) to BT.709 limited range.
        sws_setColorspaceDetails(scaler, sws_getCoefficients(SWS_CS_DEFAULT), 1,
                                 sws_getCoefficients(SWS_CS_ITU709), 0, 0, 1 << 16, 1 << 16);
        auto* buffer = static_cast<unsigned char*>(av_malloc(kIoBufferBytes));
        io = buffer ? avio_alloc_context(buffer, kIoBufferBytes, 1, &file, nullptr,
                                         &MemoryFile::write, &MemoryFile::seek)
                    : nullptr;
        if (io == nullptr) {
            av_free(buffer);
            fail("out of memory", 0);
        }
        container->pb = io;
        container->flags |= AVFMT_FLAG_CUSTOM_IO;
        check(avformat_write_header(container, nullptr), "cannot write the header");
        headerWritten = true;
    }

    /// Sends `f` (null: end of stream) and writes every packet the encoder has ready.
    void encode(AVFrame* f) {
        int r = avcodec_send_frame(codec, f);
        if (r < 0) {
            fail("encoding a frame", r);
        }
        while ((r = avcodec_receive_packet(codec, packet)) >= 0) {
            if (packet->duration == 0) {
                packet->duration = 1; // one frame, so that the last frame counts in the length
            }
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            r = av_interleaved_write_frame(container, packet);
            if (r < 0) {
                fail("writing a packet", r);
            }
        }
        if (r != AVERROR(EAGAIN) && r != AVERROR_EOF) {
            fail("encoding", r);
        }
    }

    ~Impl() {
        sws_freeContext(scaler);
        av_frame_free(&frame);
        av_packet_free(&packet);
        avcodec_free_context(&codec);
        if (io != nullptr) {
            av_freep(static_cast<void*>(&io->buffer));
            avio_context_free(&io);
        }
        avformat_free_context(container);
    }
};

FfmpegWriter::FfmpegWriter(AnimationFormat format, const AnimationOptions& options)
    : m_impl(std::make_unique<Impl>()) {
    m_impl->format = format;
    m_impl->options = options;
    // FFmpeg would print to standard error (x264's banner, its statistics, its errors): a
    // failure is reported once, as one line, by the OutputError thrown here instead.
    av_log_set_level(AV_LOG_QUIET);
    m_impl->open();
}

FfmpegWriter::~FfmpegWriter() = default;

void FfmpegWriter::addFrame(const QImage& input) {
    Impl& d = *m_impl;
    const QImage image =
        input.format() == QImage::Format_RGB32 || input.format() == QImage::Format_ARGB32
            ? input
            : input.convertToFormat(QImage::Format_RGB32);
    if (image.size() != QSize(d.options.width, d.options.height)) {
        throw std::logic_error("FfmpegWriter: a frame of the wrong size");
    }
    int r = av_frame_make_writable(d.frame);
    if (r < 0) {
        d.fail("frame buffer", r);
    }
    const std::uint8_t* source[1] = {image.constBits()};
    const int stride[1] = {static_cast<int>(image.bytesPerLine())};
    sws_scale(d.scaler, source, stride, 0, image.height(), d.frame->data, d.frame->linesize);
    d.frame->pts = d.next++;
    d.encode(d.frame);
}

QByteArray FfmpegWriter::finish() {
    Impl& d = *m_impl;
    d.encode(nullptr);
    const int r = av_write_trailer(d.container);
    if (r < 0) {
        d.fail("cannot write the trailer", r);
    }
    avio_flush(d.io);
    return std::move(d.file.bytes);
}

} // namespace rl

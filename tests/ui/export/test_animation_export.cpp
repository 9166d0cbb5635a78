// Animation export: a GIF has the requested frames, size and length and shows what the views
// draw; ffprobe reads the MP4 (H.264) and the WebM (VP9) with the requested length and frame
// count; bad options are refused with one line; a cancelled export leaves no file and an
// existing one untouched.
#include <QtTest>

#include "algorithms/simulator.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "export/animation_export.h"
#include "export/animation_job.h"
#include "views/animation_frames.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gif_lib.h>

#include <memory>

using namespace rl;

namespace {

std::vector<AnimatedRun> demoRuns(int n = 8) {
    std::vector<AnimatedRun> runs;
    const CostModel costs = CostModel::perOperation(Law::gamma(1.0, 0.5), Law::gamma(0.5, 0.5));
    for (AlgorithmId a : {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn}) {
        Simulator sim(a, n, false, costs);
        AnimatedRun r;
        auto narration = std::make_shared<Narration>();
        r.schedule = std::make_shared<const Schedule>(sim.narratedSchedule(1, 0, *narration));
        r.narration = std::move(narration);
        r.title = QString::fromStdString(std::string(Algorithm(a).name()));
        runs.push_back(std::move(r));
    }
    return runs;
}

/// Encodes `runs` as `format` in memory (the job's whole path: frames, worker, deliver).
QByteArray encode(const std::vector<AnimatedRun>& runs, const AnimationOptions& o,
                  AnimationFormat format) {
    QByteArray file;
    AnimationJob job(runs, o, format, [&file](const QByteArray& bytes) { file = bytes; });
    while (job.renderNext(true) != AnimationJob::Step::Done) {
    }
    job.wait();
    return file;
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// The GIF's frames composited as a viewer shows them (each frame drawn over the previous one,
/// transparent pixels keeping what was there).
std::vector<QImage> compositeGif(const QString& path, int* delaySum,
                                 std::vector<QRgb>* colourMap = nullptr) {
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.toLocal8Bit().constData(), &error);
    std::vector<QImage> frames;
    if (gif == nullptr || DGifSlurp(gif) != GIF_OK) {
        return frames;
    }
    if (colourMap != nullptr && gif->SColorMap != nullptr) {
        for (int i = 0; i < gif->SColorMap->ColorCount; ++i) {
            const GifColorType c = gif->SColorMap->Colors[i];
            colourMap->push_back(qRgb(c.Red, c.Green, c.Blue));
        }
    }
    QImage canvas(gif->SWidth, gif->SHeight, QImage::Format_RGB32);
    canvas.fill(Qt::black);
    *delaySum = 0;
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage& image = gif->SavedImages[i];
        GraphicsControlBlock gcb{};
        DGifSavedExtensionToGCB(gif, i, &gcb);
        *delaySum += gcb.DelayTime;
        const ColorMapObject* map =
            image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
        const GifImageDesc& d = image.ImageDesc;
        for (int y = 0; y < d.Height; ++y) {
            for (int x = 0; x < d.Width; ++x) {
                const int index = image.RasterBits[y * d.Width + x];
                if (index == gcb.TransparentColor) {
                    continue;
                }
                const GifColorType c = map->Colors[index];
                canvas.setPixel(d.Left + x, d.Top + y, qRgb(c.Red, c.Green, c.Blue));
            }
        }
        frames.push_back(canvas.copy());
    }
    DGifCloseFile(gif, &error);
    return frames;
}

/// `image` with every pixel replaced by its nearest colour of the GIF's map, by the writer's
/// documented rule (squared RGB distance weighted 3, 4, 2; the first entry on ties).
QImage quantised(const QImage& image, const std::vector<QRgb>& map) {
    QImage out = image.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, QRgb> cache;
    for (int y = 0; y < out.height(); ++y) {
        for (int x = 0; x < out.width(); ++x) {
            const QRgb c = out.pixel(x, y);
            auto it = cache.find(c);
            if (it == cache.end()) {
                long best = -1;
                QRgb chosen = 0;
                for (QRgb m : map) {
                    const long dr = qRed(c) - qRed(m);
                    const long dg = qGreen(c) - qGreen(m);
                    const long db = qBlue(c) - qBlue(m);
                    const long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
                    if (best < 0 || d < best) {
                        best = d;
                        chosen = m;
                    }
                }
                it = cache.insert(c, chosen | 0xff000000u);
            }
            out.setPixel(x, y, *it);
        }
    }
    return out;
}

double exactShare(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    qint64 same = 0;
    for (int row = 0; row < x.height(); ++row) {
        for (int col = 0; col < x.width(); ++col) {
            same += x.pixel(col, row) == y.pixel(col, row) ? 1 : 0;
        }
    }
    return static_cast<double>(same) / (static_cast<double>(x.width()) * x.height());
}

/// ffprobe's key=value lines about the first video stream and the container.
QMap<QString, QString> probe(const QString& path) {
    QProcess p;
    p.start(QStringLiteral("ffprobe"),
            {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
             "stream=codec_name,width,height,pix_fmt,nb_read_frames:format=duration", "-of",
             "default=noprint_wrappers=1", path});
    QMap<QString, QString> out;
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        out.insert("error", QString::fromUtf8(p.readAllStandardError()));
        return out;
    }
    for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split('\n')) {
        const auto eq = line.indexOf('=');
        if (eq > 0) {
            out.insert(line.left(eq), line.mid(eq + 1).trimmed());
        }
    }
    return out;
}

} // namespace

class TestAnimationExport : public QObject {
    Q_OBJECT
  private slots:
    void gifHasTheRequestedFramesSizeAndLength() {
        AnimationOptions o;
        o.fps = 7; // 100 / 7 is not whole: the delays must still add up exactly
        o.seconds = 3;
        o.width = 400;
        o.height = 300;
        const auto runs = demoRuns();
        const QByteArray gif = encode(runs, o, AnimationFormat::Gif);
        QVERIFY(gif.startsWith("GIF89a"));
        QTemporaryDir dir;
        const QString path = dir.filePath("a.gif");
        QVERIFY(writeFile(path, gif));
        int delays = 0;
        std::vector<QRgb> map;
        const std::vector<QImage> frames = compositeGif(path, &delays, &map);
        QCOMPARE(static_cast<int>(frames.size()), o.frameCount());
        QCOMPARE(o.frameCount(), 21);
        QCOMPARE(frames.front().size(), QSize(400, 300));
        QCOMPARE(delays, 300); // hundredths of a second: exactly 3 s

        // Every pixel of each frame, as a viewer composites the changed rectangles and their
        // transparent pixels, is what the views draw at that time in the GIF's colours.
        AnimationFrames reference(runs, QSize(o.width, o.height), Theme{});
        for (int i : {0, 1, 10, 19, 20}) {
            const QImage expected = quantised(reference.render(reference.timeOfFrame(i, 21)), map);
            const QImage& shown = frames[static_cast<std::size_t>(i)];
            QVERIFY2(shown == expected, qPrintable(QStringLiteral("frame %1: %2 of the pixels")
                                                       .arg(i)
                                                       .arg(exactShare(shown, expected))));
        }
        // The animation moves: the first and last frames differ.
        QVERIFY(exactShare(frames.front(), frames.back()) < 0.99);
    }

    void videosHaveTheRequestedLengthAndFrames_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("codec");
        QTest::newRow("mp4") << static_cast<int>(AnimationFormat::Mp4) << "h264";
        QTest::newRow("webm") << static_cast<int>(AnimationFormat::WebM) << "vp9";
    }
    void videosHaveTheRequestedLengthAndFrames() {
        QFETCH(int, format);
        QFETCH(QString, codec);
        AnimationOptions o;
        o.fps = 12;
        o.seconds = 2.5;
        o.width = 480;
        o.height = 270;
        const QByteArray video = encode(demoRuns(), o, static_cast<AnimationFormat>(format));
        QTemporaryDir dir;
        const QString path =
            dir.filePath(format == static_cast<int>(AnimationFormat::Mp4) ? "a.mp4" : "a.webm");
        QVERIFY(writeFile(path, video));
        const auto info = probe(path);
        QVERIFY2(!info.contains("error"), qPrintable(info.value("error")));
        QCOMPARE(info.value("codec_name"), codec);
        QCOMPARE(info.value("width"), QStringLiteral("480"));
        QCOMPARE(info.value("height"), QStringLiteral("270"));
        QCOMPARE(info.value("pix_fmt"), QStringLiteral("yuv420p"));
        QCOMPARE(info.value("nb_read_frames").toInt(), 30);
        // The length is 30 frames at 12 per second, within half a frame (WebM keeps ms).
        QVERIFY2(std::abs(info.value("duration").toDouble() - 2.5) < 0.5 / 12,
                 qPrintable(info.value("duration")));
    }

    void badOptionsAreRefusedWithOneLine_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("fps");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("expected");
        QTest::newRow("extension") << "x.avi" << 30 << 10.0 << QSize(1280, 720)
                                   << "/x.avi': the file name must end in .gif, .mp4 or .webm";
        QTest::newRow("no extension")
            << "movie" << 30 << 10.0 << QSize(1280, 720) << "/movie': the file name must end in";
        QTest::newRow("fps 0") << "x.gif" << 0 << 10.0 << QSize(1280, 720)
                               << "--fps 0: the frame rate must be 1 to 60 frames per second";
        QTest::newRow("fps 61") << "x.mp4" << 61 << 10.0 << QSize(1280, 720) << "--fps 61:";
        QTest::newRow("too long") << "x.gif" << 30 << 121.0 << QSize(1280, 720)
                                  << "--seconds 121: the length must be 0.5 to 120 seconds";
        QTest::newRow("too short")
            << "x.gif" << 30 << 0.25 << QSize(1280, 720) << "--seconds 0.25:";
        QTest::newRow("too large") << "x.webm" << 30 << 10.0 << QSize(3842, 2160)
                                   << "--size 3842x2160: the size must be from 320x180 to "
                                      "3840x2160 pixels";
        QTest::newRow("odd for H.264") << "x.mp4" << 30 << 10.0 << QSize(641, 360)
                                       << "--size 641x360: MP4 (H.264) needs an even width and "
                                          "height";
    }
    void badOptionsAreRefusedWithOneLine() {
        QFETCH(QString, path);
        QFETCH(int, fps);
        QFETCH(double, seconds);
        QFETCH(QSize, size);
        QFETCH(QString, expected);
        AnimationOptions o;
        o.fps = fps;
        o.seconds = seconds;
        o.width = size.width();
        o.height = size.height();
        QTemporaryDir dir;
        const QString target = dir.filePath(path);
        try {
            AnimationExport run(demoRuns(4), o, target);
            QFAIL("accepted");
        } catch (const InputError& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.contains(expected), qPrintable(message));
            QVERIFY(!message.contains('\n'));
        }
        QVERIFY(QDir(dir.path()).isEmpty());
    }

    void sizeIsParsedOrRefused() {
        AnimationOptions o;
        parseAnimationSize("640x360", "--size", o);
        QCOMPARE(QSize(o.width, o.height), QSize(640, 360));
        parseAnimationSize("1920X1080", "--size", o);
        QCOMPARE(QSize(o.width, o.height), QSize(1920, 1080));
        for (const char* bad : {"640", "x360", "640x", "640x360x2", "-640x360", "0x0",
                                "99999999999999999999x10", "100x100"}) {
            QVERIFY_THROWS_EXCEPTION(InputError, parseAnimationSize(bad, "--size", o));
        }
        QCOMPARE(QSize(o.width, o.height), QSize(1920, 1080)); // a refusal changes nothing
    }

    // A failure while writing (here: the deliver step throws, as a full disk makes the
    // OutputSet do) ends the job with that one-line reason; nothing hangs.
    void aWriteFailureEndsTheJobWithItsReason() {
        AnimationOptions o;
        o.fps = 4;
        o.seconds = 1;
        o.width = 320;
        o.height = 180;
        AnimationJob job(demoRuns(4), o, AnimationFormat::Mp4, [](const QByteArray&) {
            throw OutputError("cannot write 'x.mp4': No space left on device");
        });
        while (job.renderNext(true) != AnimationJob::Step::Done) {
        }
        QVERIFY_THROWS_EXCEPTION(OutputError, job.wait());
        QVERIFY(job.isFinished());
        QVERIFY(!job.isDelivered());
        QCOMPARE(QString::fromStdString(job.error()),
                 QStringLiteral("cannot write 'x.mp4': No space left on device"));
    }

    void guiExportWritesTheFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath("run.gif");
        AnimationOptions o;
        o.fps = 5;
        o.seconds = 2;
        o.width = 320;
        o.height = 180;
        AnimationExport run(demoRuns(4), o, path);
        QSignalSpy done(&run, &AnimationExport::finished);
        QSignalSpy progress(&run, &AnimationExport::progress);
        run.start();
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 60000);
        QCOMPARE(done.front().at(0).toBool(), true);
        QVERIFY(progress.size() >= 1);
        QCOMPARE(progress.back().at(0).toInt(), 10);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"run.gif"});
        int delays = 0;
        QCOMPARE(static_cast<int>(compositeGif(path, &delays).size()), 10);
    }

    void cancelLeavesNothingAndKeepsTheOldFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath("old.mp4");
        QVERIFY(writeFile(path, "the previous export"));
        AnimationOptions o; // 300 frames: far from done when cancelled
        o.width = 640;
        o.height = 360;
        AnimationExport run(demoRuns(16), o, path);
        QSignalSpy done(&run, &AnimationExport::finished);
        QSignalSpy progress(&run, &AnimationExport::progress);
        run.start();
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.back().at(0).toInt() >= 3, 60000);
        run.cancel();
        QCOMPARE(done.size(), 1);
        QCOMPARE(done.front().at(0).toBool(), false);
        QCOMPARE(done.front().at(1).toString(), QString());
        // No staged file is left beside the target, which keeps its content.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"old.mp4"});
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("the previous export"));
    }
};

QTEST_MAIN(TestAnimationExport)
#include "test_animation_export.moc"

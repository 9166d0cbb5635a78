#include "common/figure_export.h"

#include "studies/figure_format.h"

#include "base/file_io.h"
#include "base/text_util.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>

namespace rl {

bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error) {
    try {
        rl::writeFileAtomically(
            path.toStdString(),
            std::string_view(data.constData(), static_cast<std::size_t>(data.size())));
        return true;
    } catch (const std::exception& e) { // InputError (path refused) or OutputError (I/O)
        if (error) {
            *error = QString::fromStdString(printable(e.what()));
        }
        return false;
    }
}

bool exportFigure(const QString& path, QSize size, const FigurePainter& paint, QString* error) {
    QByteArray bytes;
    return renderFigure(path, size, paint, &bytes, error) &&
           writeFileAtomically(path, bytes, error);
}

namespace {

constexpr double kInchPerMetre = 1.0 / 0.0254;
constexpr double kPointsPerInch = 72.0;

// How a figure becomes a file: drawn over `units`, at `unitsPerInch` (the resolution of the PDF
// and the SVG, which gives their size on paper), on a PDF page of `pagePt`; a PNG of `pixels`
// that records `pngDpi` (0: Qt's default).
struct Encoding {
    QSize units;
    int unitsPerInch = 72;
    QSize pagePt;
    QSize pixels;
    int pngDpi = 0;
};

bool encode(const QString& path, const Encoding& e, const FigurePainter& paint, QByteArray* out,
            QString* error) {
    auto fail = [&](const QString& message) {
        if (error) {
            *error = message;
        }
        return false;
    };
    const QString ext = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (ext == QLatin1String("png")) {
        QImage image(e.pixels, QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) {
            return fail(QStringLiteral("'%1': not enough memory for a %2 x %3 image")
                            .arg(path)
                            .arg(e.pixels.width())
                            .arg(e.pixels.height()));
        }
        // Painted in units (the device pixel ratio maps them onto the pixels), then saved with
        // the real resolution, which viewers and LaTeX read to size the image.
        const auto dpm = [](double dpi) {
            return static_cast<int>(std::lround(dpi * kInchPerMetre));
        };
        if (e.pngDpi > 0) {
            image.setDotsPerMeterX(dpm(e.unitsPerInch));
            image.setDotsPerMeterY(dpm(e.unitsPerInch));
        }
        image.setDevicePixelRatio(static_cast<double>(e.pixels.width()) / e.units.width());
        image.fill(Qt::white);
        paint(image, e.units);
        if (e.pngDpi > 0) {
            image.setDevicePixelRatio(1.0);
            image.setDotsPerMeterX(dpm(e.pngDpi));
            image.setDotsPerMeterY(dpm(e.pngDpi));
        }
        QImageWriter writer(&buffer, "png");
        if (!writer.write(image)) {
            return fail(QStringLiteral("cannot encode '%1': %2").arg(path, writer.errorString()));
        }
    } else if (ext == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setResolution(e.unitsPerInch); // the size in mm follows
        svg.setSize(e.units);
        svg.setViewBox(QRect(QPoint(0, 0), e.units));
        svg.setTitle(QStringLiteral("ReduceLab"));
        paint(svg, e.units);
    } else if (ext == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(e.unitsPerInch);
        // Exact: a fuzzy match would round a size near a standard one (A6...) to it.
        pdf.setPageSize(QPageSize(e.pagePt, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(QStringLiteral("ReduceLab"));
        pdf.setCreator(QStringLiteral("ReduceLab"));
        paint(pdf, e.units);
    } else {
        return fail(QStringLiteral("'%1': unknown figure format '%2' (use .png, .svg or .pdf)")
                        .arg(path, ext));
    }
    buffer.close();
    *out = std::move(bytes);
    return true;
}

} // namespace

bool renderFigure(const QString& path, QSize size, const FigurePainter& paint, QByteArray* out,
                  QString* error) {
    // One PDF point per unit: the figure keeps its on-screen layout; a PNG at 2x.
    return encode(path, Encoding{size, 72, size, size * 2, 0}, paint, out, error);
}

bool renderPrintFigure(const QString& path, QSize sizePt, int dpi, const FigurePainter& paint,
                       QByteArray* out, QString* error) {
    const double unitsPerPoint = kFigureLayoutDpi / kPointsPerInch;
    const auto scaled = [&](double factor) {
        return QSize(static_cast<int>(std::lround(sizePt.width() * factor)),
                     static_cast<int>(std::lround(sizePt.height() * factor)));
    };
    return encode(path,
                  Encoding{scaled(unitsPerPoint), static_cast<int>(kFigureLayoutDpi), sizePt,
                           scaled(dpi / kPointsPerInch), dpi},
                  paint, out, error);
}

} // namespace rl

#include "common/figure_export.h"

#include "base/file_io.h"
#include "base/text_util.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

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

bool renderFigure(const QString& path, QSize size, const FigurePainter& paint, QByteArray* out,
                  QString* error) {
    const QString ext = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (ext == QLatin1String("png")) {
        QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2.0);
        image.fill(Qt::white);
        paint(image, size);
        QImageWriter writer(&buffer, "png");
        if (!writer.write(image)) {
            if (error) {
                *error = QStringLiteral("cannot encode '%1': %2").arg(path, writer.errorString());
            }
            return false;
        }
    } else if (ext == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("ReduceLab"));
        paint(svg, size);
    } else if (ext == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(72); // one PDF point per pixel: the figure keeps its on-screen layout
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(QStringLiteral("ReduceLab"));
        pdf.setCreator(QStringLiteral("ReduceLab"));
        paint(pdf, size);
    } else {
        if (error) {
            *error = QStringLiteral("'%1': unknown figure format '%2' (use .png, .svg or .pdf)")
                         .arg(path, ext);
        }
        return false;
    }
    buffer.close();
    *out = std::move(bytes);
    return true;
}

} // namespace rl

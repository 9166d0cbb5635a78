#include "common/figure_export.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace rl {

bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error) {
            *error = QStringLiteral("cannot write '%1': %2").arg(path, file.errorString());
        }
        return false;
    }
    return true;
}

bool exportFigure(const QString& path, QSize size,
                  const std::function<void(QPaintDevice&, QSize)>& paint, QString* error) {
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
    return writeFileAtomically(path, bytes, error);
}

} // namespace rl

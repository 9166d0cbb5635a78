#pragma once

#include <QPaintDevice>
#include <QSize>
#include <QString>

#include <functional>

namespace rl {

/// Renders a figure to PNG (raster, 2x), SVG or PDF (vector), chosen by the file extension,
/// and writes it atomically: the image is made in memory and the file replaced only on
/// success, so a failure leaves no partial file. `paint` draws on the device at `size`.
/// Returns false with a message naming the path on failure.
bool exportFigure(const QString& path, QSize size,
                  const std::function<void(QPaintDevice&, QSize)>& paint, QString* error);

/// Writes bytes atomically (QSaveFile); false with a message naming the path on failure.
bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error);

} // namespace rl

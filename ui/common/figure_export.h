#pragma once

#include <QPaintDevice>
#include <QSize>
#include <QString>

#include <functional>

namespace rl {

/// Draws on a device at a size (a figure's whole painting, for screen-independent exports).
using FigurePainter = std::function<void(QPaintDevice&, QSize)>;

/// Renders a figure to PNG (raster, 2x), SVG or PDF (vector), chosen by the extension of
/// `path` (only named, not written), into `bytes`. False with a one-line message on failure.
bool renderFigure(const QString& path, QSize size, const FigurePainter& paint, QByteArray* bytes,
                  QString* error);

/// Renders a figure of `sizePt` (whole points) at its size on paper: a PDF page and an SVG of
/// that size in millimetres, a PNG at `dpi` (recorded in the file), with text at its point
/// size in all three. `paint` draws in layout units (half points, kFigureLayoutDpi per inch)
/// with fonts sized in those units (QFont::setPixelSize). The format is chosen by `path`'s
/// extension (only named, not written). False with a one-line message on failure.
bool renderPrintFigure(const QString& path, QSize sizePt, int dpi, const FigurePainter& paint,
                       QByteArray* bytes, QString* error);

/// renderFigure() then writeFileAtomically(): a failure leaves no partial file.
bool exportFigure(const QString& path, QSize size, const FigurePainter& paint, QString* error);

/// Writes bytes through the project's one writer (rl::OutputSet: checked path, temporary file,
/// fsync, rename; devices in place, FIFOs refused); false with its one-line message.
bool writeFileAtomically(const QString& path, const QByteArray& data, QString* error);

} // namespace rl

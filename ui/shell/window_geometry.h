#pragma once

#include <QMargins>
#include <QRect>

class QWidget;

namespace rl {

/// The window's place on the screen it will show on: a frame rectangle moved and, if it must,
/// shrunk to lie within `available` (a geometry saved on a larger screen, or the default size
/// on a small projector). `frame` is the window manager's border around the client area.
QRect fitWithin(const QRect& client, const QMargins& frame, const QRect& available);

/// fitWithin() for a top-level widget on the screen under its centre (the primary one if
/// none), with its frame as far as it is known (before it is shown: a usual title bar).
void fitToScreen(QWidget* window);

} // namespace rl

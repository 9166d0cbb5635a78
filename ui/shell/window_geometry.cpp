#include "shell/window_geometry.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace rl {

namespace {

// A window manager's border before the window is shown and its real one is known.
constexpr QMargins kUsualFrame(4, 30, 4, 4);

} // namespace

QRect fitWithin(const QRect& client, const QMargins& frame, const QRect& available) {
    const QRect room = available.marginsRemoved(frame);
    QRect r = client;
    r.setWidth(std::min(r.width(), std::max(1, room.width())));
    r.setHeight(std::min(r.height(), std::max(1, room.height())));
    // Inside the room, as near as can be to where it was.
    r.moveLeft(std::max(room.left(), std::min(r.left(), room.left() + room.width() - r.width())));
    r.moveTop(std::max(room.top(), std::min(r.top(), room.top() + room.height() - r.height())));
    return r;
}

void fitToScreen(QWidget* window) {
    const QRect client = window->geometry();
    QScreen* screen = QGuiApplication::screenAt(client.center());
    if (screen == nullptr) {
        screen = QGuiApplication::primaryScreen();
    }
    if (screen == nullptr) {
        return; // no screen at all: nothing to fit
    }
    const QRect frame = window->frameGeometry();
    const QMargins margins =
        window->isVisible() || frame != client
            ? QMargins(client.left() - frame.left(), client.top() - frame.top(),
                       frame.right() - client.right(), frame.bottom() - client.bottom())
            : kUsualFrame;
    const QRect fitted = fitWithin(client, margins, screen->availableGeometry());
    if (fitted != client) {
        window->setGeometry(fitted);
    }
}

} // namespace rl

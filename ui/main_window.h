#pragma once

#include <QMainWindow>

namespace rl {

/// The application window. Thin: it arranges panels, each of which is its own class.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace rl

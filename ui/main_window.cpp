#include "main_window.h"

#include <QLabel>

namespace rl {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("ReduceLab"));
    auto* label = new QLabel(tr("ReduceLab: the explorer panel arrives with its own issue.\n"
                                "Meanwhile, every computation is available from reducelab-cli."),
                             this);
    label->setAlignment(Qt::AlignCenter);
    setCentralWidget(label);
    resize(1000, 700);
}

} // namespace rl

#include "main_window.h"

#include <QApplication>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ReduceLab"));
    QApplication::setOrganizationName(QStringLiteral("ReduceLab"));
    rl::MainWindow window;
    window.show();
    return QApplication::exec();
}

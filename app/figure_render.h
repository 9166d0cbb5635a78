#pragma once

#include "schedule/schedule.h"

#include <QString>

#include <memory>
#include <string>

namespace rl::cli {

/// True when the command line asks for a figure, so main() must create a QApplication.
bool needsGui(int argc, char** argv);
/// Draw with the GUI's own views, headless; throw InputError naming the path on failure.
void renderGantt(const std::shared_ptr<const Schedule>& s, const QString& title,
                 const std::string& path);
void renderTree(const std::shared_ptr<const Schedule>& s, const std::string& path);

} // namespace rl::cli

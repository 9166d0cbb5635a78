#pragma once

#include <QString>

#include <vector>

namespace rl {

/// An example scenario shipped with ReduceLab (share/reducelab/examples/*.json).
struct Example {
    QString title; ///< the file's "title", or its name
    QString path;
};

/// The example scenarios, by title: from the installation beside the executable
/// (../share/reducelab/examples), the system's data folders, then the source tree (a build
/// run in place). A file name found in several places is taken from the first.
std::vector<Example> findExamples();

} // namespace rl

#pragma once

#include "base/input_error.h"

#include <QString>

namespace rl::test {

/// The message of the InputError that `f()` throws (empty when it throws none): what a test
/// compares with the one line the user is shown.
template <class F> QString refusal(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace rl::test

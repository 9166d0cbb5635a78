#pragma once

#include "base/input_error.h"

#include <string>

namespace rl::test {

/// The message of the InputError that `f()` throws (empty when it throws none): what a test
/// compares with the one line the user is shown.
template <class F> std::string refusal(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

} // namespace rl::test

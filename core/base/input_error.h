#pragma once

#include <stdexcept>
#include <string>

namespace rl {

/// Raised for every invalid user input (bad law, bad n, malformed matrix file...).
/// The message names the offending value so that the CLI and the GUI can show it as is.
class InputError : public std::invalid_argument {
  public:
    explicit InputError(const std::string& what) : std::invalid_argument(what) {}
};

} // namespace rl

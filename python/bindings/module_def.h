#pragma once

#include <pybind11/pybind11.h>

namespace rl::python {

/// Defines the private module reducelab._reducelab in `m`: the policy types (Policy, Engine,
/// Error, Cancelled), the core's defaults and colours, and the studies the package's simulate,
/// monte_carlo and sweep call (python/reducelab/_api.py). The same definition serves the
/// extension module and the interpreter embedded in the programs.
void defineModule(pybind11::module_& m);

} // namespace rl::python

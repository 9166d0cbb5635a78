#pragma once

#include <pybind11/pybind11.h>

namespace rl::python {

/// Defines in `m` what the package's value objects ask of the core (python/reducelab/_laws.py,
/// _tables.py): a law's validation and canonical text (parseLaw, Law::toString) and the z of a
/// two-sided normal interval (normalQuantileTwoSided), so that no rule is written twice.
void defineValues(pybind11::module_& m);

} // namespace rl::python

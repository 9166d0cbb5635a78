#pragma once

#include "studies/scenario.h"

#include <pybind11/pybind11.h>

#include <string>

namespace rl::python {

/// Defines the private module reducelab._reducelab in `m`: the policy types (Policy, Engine,
/// Error, Cancelled), the core's defaults and colours, and the studies the package's simulate,
/// monte_carlo and sweep call (python/reducelab/_api.py). The same definition serves the
/// extension module and the interpreter embedded in the programs.
void defineModule(pybind11::module_& m);

/// The scenario file of `s` (the GUI's format: ui/common/scenario_json.h), with the policy file
/// and class of each run-time algorithm ("policies"), and the program that wrote it.
std::string scenarioFileText(const Scenario& s, const std::string& program);

} // namespace rl::python

#pragma once

#include "algorithms/algorithm.h"

#include <span>

namespace rl {

/// The built-in algorithms: the rows of the registry (algorithm_registry.cpp), in its order,
/// whose first rows are the AlgorithmId values. Adding one is a new file pair (its rule and a
/// kernel factory) and one row there; everything else (the CLI's `--algo` and `run --help`,
/// the explorer's check boxes, the analysis panels, the studies' validation, the tests that
/// iterate the registry) follows from the row. See docs/engine.md, "Adding an algorithm".
std::span<const Algorithm> allAlgorithms();
/// The built-ins that do not know the costs in advance, in registry order: the paper's four
/// (what "all" means on the command line).
std::span<const Algorithm> algorithms();
/// Liu-Wang's clairvoyant baselines: EP, SNF, Optimum.
std::span<const Algorithm> clairvoyantAlgorithms();
/// The built-ins of the paper and its baselines: algorithms() then clairvoyantAlgorithms(), in
/// registry order (what the paper's tables list: the optimum gaps).
std::span<const Algorithm> modelAlgorithms();
/// An MPI library's algorithms: Open MPI 4.1's reduce trees (ompi-linear, ..., ompi-default).
std::span<const Algorithm> mpiLibraryAlgorithms();

/// An algorithm's colour in every figure and page (an index into the themes' categorical
/// colours, core/base/theme_colours.h): a built-in's place in the registry, so that each keeps
/// its colour everywhere; an algorithm made at run time takes one of the colours after the
/// paper's and its baselines', by its key.
int algorithmCategory(const Algorithm& a);

} // namespace rl

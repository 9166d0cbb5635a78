#pragma once

#include "experiment/progressive_sweep.h"

#include <cstddef>
#include <string>

namespace rl {

/// The words of the three analysis figures (the CV sweep, the ratio map and the best-method
/// map): their titles, axis names and hover texts, the same in the application's figures
/// (ui/views) and in their web pages (core/web). Numbers have 5 significant digits; hover texts
/// are HTML with <b> and <br>.
namespace figure_text {

inline constexpr const char* kCvAxis = "CV of the costs (log scale)";
inline constexpr const char* kMakespanAxis = "makespan (log scale)";
inline constexpr const char* kRatioAxis = "mu_c / mu_d (log scale)";

/// A number as the figures write it (5 significant digits).
std::string number(double v);
/// A quantile's name: "q10" for 0.1.
std::string quantileName(double p);

/// The CV sweep's ribbon: "q10–q90" (figure_data::drawsRibbon).
std::string ribbonName(const SweepSpec& spec);
/// "Mean makespan against CV, n = 64, 1000 replicates per point, ribbon q10–q90".
std::string cvSweepTitle(const GridSnapshot& s);
/// The CV sweep's reference point: "Tree-dyn's Markov chain at CV 1: 12.345".
std::string cvSweepReference(double value);
/// Algorithm `algorithm` (index into spec.algorithms) at point `point`: its mean, standard
/// error, quantiles and replicates.
std::string describeCvPoint(const GridSnapshot& s, std::size_t point, std::size_t algorithm);

/// "Mean makespan of A / B, n = 64, 1000 replicates per cell — line: ratio = 1; hatched: ...".
std::string ratioMapTitle(const GridSnapshot& s);
/// The colour scale's name: "A / B".
std::string ratioMapScale(const GridSnapshot& s);
/// A cell's means, its ratio and interval.
std::string describeRatioCell(const GridSnapshot& s, std::size_t point);

/// "Best mean makespan, n = 64, 1000 replicates per cell — shade: ...".
std::string bestMethodTitle(const GridSnapshot& s);
/// A cell's means, its best algorithm, the runner-up and the margin.
std::string describeBestCell(const GridSnapshot& s, std::size_t point);

/// "CV = ..., mu_c/mu_d = ..." and each algorithm's mean (the maps' hover texts begin so).
std::string mapCellHeader(const GridCell& cell);

} // namespace figure_text

} // namespace rl

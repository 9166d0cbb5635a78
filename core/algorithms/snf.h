#pragma once

#include <vector>

namespace rl {

/// Liu-Wang's slowest-node-first sender sequence (SPEC §4): every processor but the slowest,
/// sorted by non-increasing transmission time, ties in index order. EP(snfSenders(t)) is SNF.
std::vector<int> snfSenders(const std::vector<double>& t);

} // namespace rl

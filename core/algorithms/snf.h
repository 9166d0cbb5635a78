#pragma once

#include <vector>

namespace rl {

/// Liu-Wang's slowest-node-first sender sequence (docs/model.md §4): every processor but the
/// slowest, sorted by non-increasing transmission time, ties in index order. EP(snfSenders(t)) is
/// SNF.
std::vector<int> snfSenders(const std::vector<double>& t);

} // namespace rl

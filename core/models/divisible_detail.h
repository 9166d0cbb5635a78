#pragma once

// Helpers shared by the files of the divisible-load model (divisible_load.cpp: one round;
// divisible_rounds.cpp: multi-round and steady state). Not part of the model's API.

#include "base/input_error.h"
#include "base/text_util.h"
#include "models/divisible_load.h"

#include <cmath>
#include <vector>

namespace rl::divisible_detail {

inline void checkLoad(double load) {
    if (!std::isfinite(load) || load <= 0.0) {
        throw InputError("the load must be a finite number > 0, not " + formatNumber(load));
    }
}

inline const Worker& worker(const StarPlatform& p, int i) {
    return p.workers[static_cast<std::size_t>(i)];
}

/// The workers of `chunks` in send order (the master's chunk left out).
inline std::vector<int> chunkOrder(const std::vector<LoadChunk>& chunks) {
    std::vector<int> order;
    for (const LoadChunk& ch : chunks) {
        if (ch.worker >= 0) {
            order.push_back(ch.worker);
        }
    }
    return order;
}

} // namespace rl::divisible_detail

#pragma once

#include "platform/cost_model.h"
#include "platform/fixed_costs.h"
#include "platform/law.h"

#include <cstdint>
#include <optional>

namespace rl {

/// The platform of a run or of a Monte Carlo summary, as a user describes it: processors, the
/// operation's commutativity, where the costs come from (laws per operation, a fixed matrix, a
/// matrix drawn per replicate) and the seed. What the explorer, `run` and `mc` share.
struct PlatformSpec {
    /// The laws `run` and `mc` use when none is given: transfers of mean 1 and CV 1 (gamma),
    /// no reduction cost.
    static constexpr const char* kDefaultTransfer = "gamma:1:1";
    static constexpr const char* kDefaultReduction = "const:0";
    static constexpr std::uint64_t kDefaultSeed = 1;

    int n = 16;
    bool nonCommutative = false;
    CostMode costMode = CostMode::PerOperation;
    Law transfer = Law::gamma(1.0, 0.5);
    Law reduction = Law::gamma(0.5, 0.5);
    std::optional<FixedCosts> matrix; ///< FixedMatrix mode
    std::uint64_t seed = kDefaultSeed;

    /// The cost model; throws InputError in fixed-matrix mode without a matrix.
    CostModel costModel() const;

    friend bool operator==(const PlatformSpec&, const PlatformSpec&) = default;
};

} // namespace rl

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
///
/// Its two defaults, each defined once: a default-made PlatformSpec is the explorer's first
/// platform (explorerDefault: 16 processors, gamma transfers of mean 1 and CV 0.5, gamma
/// reductions of mean 0.5 and CV 0.5: a run with something to see in both streams), and the
/// command line starts from cliDefault (the paper's Fig. 4 setting: gamma transfers of mean 1
/// and CV 1, no reduction cost), whose laws `run --help` and `mc --help` print.
struct PlatformSpec {
    int n = 16;
    bool nonCommutative = false;
    CostMode costMode = CostMode::PerOperation;
    Law transfer = Law::gamma(1.0, 0.5);
    Law reduction = Law::gamma(0.5, 0.5);
    std::optional<FixedCosts> matrix; ///< FixedMatrix mode
    /// Late arrivals (CostModel::arrival); none: every processor ready at t = 0.
    std::optional<Law> arrival;
    std::uint64_t seed = 1;

    /// The explorer's first platform: PlatformSpec{} (see above).
    static PlatformSpec explorerDefault() { return {}; }
    /// What `run` and `mc` take for what their options do not give (n is always given).
    static PlatformSpec cliDefault() {
        PlatformSpec p;
        p.transfer = Law::gamma(1.0, 1.0);
        p.reduction = Law::constant(0.0);
        return p;
    }

    /// The cost model; throws InputError in fixed-matrix mode without a matrix.
    CostModel costModel() const;

    friend bool operator==(const PlatformSpec&, const PlatformSpec&) = default;
};

} // namespace rl

#pragma once

#include "platform/fixed_costs.h"
#include "platform/law.h"

#include <memory>
#include <optional>

namespace rl {

/// Where the costs of a run come from (docs/model.md §2).
enum class CostMode {
    PerOperation, ///< k-th started transfer/reduction costs the k-th draw of its stream
    FixedMatrix,  ///< the given matrix d and vector c
    DrawnMatrix,  ///< d then c drawn once per replicate from the two streams
};

/// A complete cost specification. Plain value, cheap to copy (the matrix is shared, immutable).
struct CostModel {
    CostMode mode = CostMode::PerOperation;
    Law transfer = Law::constant(1.0);
    Law reduction = Law::constant(0.0);
    std::shared_ptr<const FixedCosts> fixed; ///< FixedMatrix only
    /// Late arrivals (docs/model.md §1): processor p enters the reduction at the p-th draw of
    /// the replicate's arrival stream. None: every processor is ready at t = 0, as in the paper.
    std::optional<Law> arrival;

    static CostModel perOperation(const Law& transfer, const Law& reduction) {
        return {CostMode::PerOperation, transfer, reduction, nullptr, std::nullopt};
    }
    static CostModel fixedMatrix(FixedCosts costs) {
        return {CostMode::FixedMatrix, Law{}, Law{},
                std::make_shared<const FixedCosts>(std::move(costs)), std::nullopt};
    }
    static CostModel drawnMatrix(const Law& transfer, const Law& reduction) {
        return {CostMode::DrawnMatrix, transfer, reduction, nullptr, std::nullopt};
    }

    /// This model with processors arriving at draws of `law` (none: all at t = 0).
    CostModel withArrival(const std::optional<Law>& law) const {
        CostModel m = *this;
        m.arrival = law;
        return m;
    }

    /// Throws InputError when a law is invalid or the matrix size differs from n.
    void validate(int n) const;
};

} // namespace rl

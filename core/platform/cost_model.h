#pragma once

#include "platform/fixed_costs.h"
#include "platform/law.h"

#include <memory>

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

    static CostModel perOperation(const Law& transfer, const Law& reduction) {
        return {CostMode::PerOperation, transfer, reduction, nullptr};
    }
    static CostModel fixedMatrix(FixedCosts costs) {
        return {CostMode::FixedMatrix, Law{}, Law{},
                std::make_shared<const FixedCosts>(std::move(costs))};
    }
    static CostModel drawnMatrix(const Law& transfer, const Law& reduction) {
        return {CostMode::DrawnMatrix, transfer, reduction, nullptr};
    }

    /// Throws InputError when a law is invalid or the matrix size differs from n.
    void validate(int n) const;
};

} // namespace rl

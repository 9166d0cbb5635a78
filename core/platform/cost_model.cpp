#include "platform/cost_model.h"

#include "base/input_error.h"

namespace rl {

void CostModel::validate(int n) const {
    if (arrival) {
        arrival->validate("arrival law");
    }
    if (mode == CostMode::FixedMatrix) {
        if (!fixed) {
            throw InputError("fixed-matrix costs without a matrix");
        }
        fixed->validate();
        if (fixed->n != n) {
            throw InputError("the cost matrix is for n = " + std::to_string(fixed->n) +
                             " processors but n = " + std::to_string(n) + " was asked");
        }
        return;
    }
    transfer.validate("transfer law");
    reduction.validate("reduction law");
    if (mode == CostMode::DrawnMatrix) {
        checkMatrixMemory(static_cast<std::uint64_t>(n > 0 ? n : 0));
    }
}

} // namespace rl

#include "studies/platform_spec.h"

#include "base/input_error.h"

namespace rl {

CostModel PlatformSpec::costModel() const {
    switch (costMode) {
    case CostMode::PerOperation:
        return CostModel::perOperation(transfer, reduction);
    case CostMode::DrawnMatrix:
        return CostModel::drawnMatrix(transfer, reduction);
    case CostMode::FixedMatrix:
        if (!matrix) {
            throw InputError("fixed-matrix mode without a matrix");
        }
        return CostModel::fixedMatrix(*matrix);
    }
    return {};
}

} // namespace rl

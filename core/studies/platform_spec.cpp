#include "studies/platform_spec.h"

#include "base/input_error.h"

namespace rl {

namespace {

CostModel costsOnly(const PlatformSpec& p) {
    switch (p.costMode) {
    case CostMode::PerOperation:
        return CostModel::perOperation(p.transfer, p.reduction);
    case CostMode::DrawnMatrix:
        return CostModel::drawnMatrix(p.transfer, p.reduction);
    case CostMode::FixedMatrix:
        if (!p.matrix) {
            throw InputError("fixed-matrix mode without a matrix");
        }
        return CostModel::fixedMatrix(*p.matrix);
    }
    return {};
}

} // namespace

CostModel PlatformSpec::costModel() const {
    return costsOnly(*this).withArrival(arrival);
}

} // namespace rl

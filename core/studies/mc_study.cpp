#include "studies/mc_study.h"

namespace rl {

McConfig McStudy::config() const {
    McConfig c;
    static_cast<McOptions&>(c) = options;
    c.n = platform.n;
    c.nonCommutative = platform.nonCommutative;
    c.costs = platform.costModel();
    c.seed = platform.seed;
    c.validate();
    return c;
}

McResult runMcStudy(const McConfig& config, PointExecutor& executor, const PointJobOptions& options,
                    const StudyProgress& progress) {
    std::vector<McResult> results = runPointJob({config}, executor, options, progress);
    return results.empty() ? McResult{{}, {}, 0, true, 0.0} : std::move(results.front());
}

} // namespace rl

#include "schedule/operation_text.h"

#include "base/text_util.h"

namespace rl {

std::string describeOperation(const Schedule& s, bool isTransfer, int k, const std::string& value) {
    const auto times = [](double start, double end) {
        return "start " + formatSignificant(start) + ", end " + formatSignificant(end) +
               ", duration " + formatSignificant(end - start);
    };
    if (isTransfer) {
        const TransferOp& t = s.transfers[static_cast<std::size_t>(k)];
        return "transfer P" + std::to_string(t.from) + " → P" + std::to_string(t.to) + "\nvalue " +
               value + "\n" + times(t.start, t.end);
    }
    const ReductionOp& r = s.reductions[static_cast<std::size_t>(k)];
    return "reduction on P" + std::to_string(r.proc) + " (value from P" +
           std::to_string(s.transfers[static_cast<std::size_t>(r.transfer)].from) + ")\nresult " +
           value + "\n" + times(r.start, r.end);
}

} // namespace rl

// Schedules read back by `reducelab-cli run --from` (studies/schedule_file.h): the CSV, the JSON,
// the Chrome trace and the Paje trace that run writes, or anything else. Accepted schedules
// survive writing in their format and reading back unchanged.
#include "fuzz_input.h"

#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "studies/chrome_trace.h"
#include "studies/schedule_file.h"

namespace {

bool sameOperations(const rl::Schedule& a, const rl::Schedule& b) {
    if (a.n != b.n || a.root != b.root || a.parent != b.parent || a.makespan != b.makespan ||
        a.transfers.size() != b.transfers.size() || a.reductions.size() != b.reductions.size()) {
        return false;
    }
    for (std::size_t k = 0; k < a.transfers.size(); ++k) {
        const rl::TransferOp& x = a.transfers[k];
        const rl::TransferOp& y = b.transfers[k];
        if (x.from != y.from || x.to != y.to || x.start != y.start || x.end != y.end) {
            return false;
        }
    }
    for (std::size_t k = 0; k < a.reductions.size(); ++k) {
        const rl::ReductionOp& x = a.reductions[k];
        const rl::ReductionOp& y = b.reductions[k];
        if (x.proc != y.proc || x.transfer != y.transfer || x.start != y.start || x.end != y.end) {
            return false;
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = rl::fuzz::text(data, size);
    const rl::AlgorithmCatalog catalog;
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::ScheduleFile f = rl::parseScheduleFile(input, catalog);
        const rl::Schedule& s = f.schedule;
        std::string again;
        if (f.format == "csv") {
            again = rl::scheduleCsv(s);
        } else if (f.format == "paje") {
            again = rl::pajeTrace(s, rl::pajeColors(false));
        } else if (!f.scenario) {
            rl::fuzz::finding("a JSON schedule or trace read back without its scenario");
        } else if (f.format == "json") {
            again = rl::scheduleJson(s, *f.scenario, "fuzz", f.origin);
        } else {
            again = rl::chromeTrace(s, *f.scenario, "fuzz", f.origin);
        }
        const rl::ScheduleFile g = rl::parseScheduleFile(again, catalog);
        if (g.format != f.format || !sameOperations(g.schedule, s) || g.origin != f.origin ||
            g.scenario != f.scenario) {
            rl::fuzz::finding("a schedule does not survive writing and reading back");
        }
    });
    return 0;
}

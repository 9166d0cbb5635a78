#include "schedule/schedule_csv.h"

#include "base/text_util.h"

namespace rl {

namespace {

// Values such as "[0,3] [6,7]" contain commas: quote them (RFC 4180).
std::string quoted(const std::string& field) {
    return "\"" + field + "\"";
}

} // namespace

std::string scheduleCsv(const Schedule& s) {
    const Schedule::Values values = s.allValues();
    std::string out = "kind,processor,peer,start,end,duration,value\n";
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        out += "transfer," + std::to_string(t.from) + "," + std::to_string(t.to) + "," +
               formatNumber(t.start) + "," + formatNumber(t.end) + "," +
               formatNumber(t.end - t.start) + "," + quoted(formatRuns(values.transfers[k])) + "\n";
    }
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        out += "reduction," + std::to_string(r.proc) + "," +
               std::to_string(s.transfers[static_cast<std::size_t>(r.transfer)].from) + "," +
               formatNumber(r.start) + "," + formatNumber(r.end) + "," +
               formatNumber(r.end - r.start) + "," + quoted(formatRuns(values.reductions[k])) +
               "\n";
    }
    return out;
}

} // namespace rl

// Checkpoints of Monte Carlo jobs (mc and sweep --checkpoint), as readCheckpoint reads them
// before a job resumes. Each input is read as it is, then again with its checksum made anew
// (the last 8 bytes: FNV-1a of the others), so that mutations reach the records and the
// checks of their values instead of stopping at the checksum. A checkpoint names its job by a
// fingerprint of the points' configurations: the jobs here are those of the seed corpus, one
// with exact quantiles and paired analyses, one with streaming quantiles, each kept by the
// command below failing at its commit (--checkpoint FILE --out /dev/full). A checkpoint
// accepted is written again and read back the same.
#include "base/byte_codec.h"
#include "experiment/point_job.h"
#include "experiment/sweep.h"
#include "fuzz_input.h"

#include <map>

namespace {

// reducelab-cli sweep fig4 --n 4 --replicates 3 --cv 0.5:2:2 --algo binomial,tree-dyn
std::vector<rl::McConfig> sweepJob() {
    rl::SweepSpec spec = rl::SweepSpec::figure(rl::Figure::Fig4);
    spec.n = 4;
    spec.replicates = 3;
    spec.cvs = rl::parseGrid("0.5:2:2", "--cv");
    spec.algorithms = {rl::AlgorithmId::BinomialStat, rl::AlgorithmId::TreeDyn};
    return spec.pointConfigs();
}

// reducelab-cli mc --algo binomial,tree-dyn --n 4 --comm gamma:1:0.5 --comp gamma:0.5:0.5
//     --seed 3 --replicates 1500 --exact-limit 0 --bins 4
std::vector<rl::McConfig> mcJob() {
    rl::McConfig c;
    c.algorithms = {rl::AlgorithmId::BinomialStat, rl::AlgorithmId::TreeDyn};
    c.n = 4;
    c.costs = rl::CostModel::perOperation(rl::Law::gamma(1.0, 0.5), rl::Law::gamma(0.5, 0.5));
    c.seed = 3;
    c.replicates = 1500;
    c.exactQuantileLimit = 0;
    c.histogramBins = 4;
    return {c};
}

/// A refusal's message is whole: whatever bytes it quotes (a NUL in an algorithm's key cut it,
/// corpus/checkpoint/algorithm_key_nul), it ends as the reader ends it, "(at byte N)".
void expectWholeMessage(const rl::InputError& e) {
    const std::string_view message = e.what();
    if (message.find("unknown algorithm") != std::string_view::npos && !message.ends_with(')')) {
        rl::fuzz::finding("a refusal's message is cut");
    }
}

void readAndRewrite(const std::vector<rl::McConfig>& points, const std::string& content) {
    rl::fuzz::expectAcceptOrRefuse([&] {
        try {
            std::map<std::size_t, rl::McResult> done;
            for (auto& [point, result] : rl::readCheckpoint(points, content, "fuzz")) {
                done.emplace(point, std::move(result));
            }
            const std::string written = rl::encodeCheckpoint(points, done);
            std::map<std::size_t, rl::McResult> again;
            for (auto& [point, result] : rl::readCheckpoint(points, written, "fuzz")) {
                again.emplace(point, std::move(result));
            }
            if (rl::encodeCheckpoint(points, again) != written) {
                rl::fuzz::finding("an accepted checkpoint is not read back as it was written");
            }
        } catch (const rl::InputError& e) {
            expectWholeMessage(e);
            throw;
        }
    });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::vector<rl::McConfig> jobs[] = {sweepJob(), mcJob()};
    const std::string input = rl::fuzz::text(data, size);
    std::string resealed = input;
    if (resealed.size() >= 8) {
        resealed.resize(resealed.size() - 8);
        rl::ByteWriter sum;
        sum.u64(rl::fnv1a64(resealed));
        resealed += sum.data();
    }
    for (const auto& points : jobs) {
        readAndRewrite(points, input);
        readAndRewrite(points, resealed);
    }
    return 0;
}

#include "cli_platform.h"

#include "algorithms/ompi_parameters.h"
#include "algorithms/ompi_trees.h"
#include "algorithms/simulator.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "experiment/monte_carlo.h"
#include "platform/fixed_costs.h"
#include "platform/law.h"
#include "platform/matrix_presets.h"

#include <iostream>
#include <limits>

namespace rl::cli {

namespace {

const char* const kLawHelp =
    "gamma:MEAN:CV, exp:MEAN, const:VALUE, uniform:MEAN:CV, bernoulli:MEAN:CV";

} // namespace

std::vector<OptionSpec> platformOptions() {
    return {
        {"n", "N", "number of processors (>= 1)"},
        {"comm", "LAW",
         std::string("transfer cost law: ") + kLawHelp + " (default " +
             PlatformSpec::cliDefault().transfer.toString() + ")"},
        {"comp", "LAW",
         "reduction cost law (default " + PlatformSpec::cliDefault().reduction.toString() + ")"},
        {"noncommutative", "", "the operation is not commutative (Tree-dyn is then invalid)"},
        {"matrix", "FILE",
         "fixed costs from a CSV file: n rows of n transfer costs d[i][j], then an "
         "optional row of n reduction costs c[j]"},
        {"preset", "SPEC", "fixed costs from a preset: " + presetSyntaxList()},
        {"draw-matrix", "",
         "draw d and c once per replicate from --comm and --comp (fixed-platform model)"},
        {"arrival", "LAW",
         "late arrivals: each processor enters the reduction at a draw of LAW (same syntax; "
         "default none: all at t = 0)"},
        {"seed", "S",
         "random seed (default " + std::to_string(PlatformSpec::cliDefault().seed) + ")"},
    };
}

PlatformSpec parsePlatform(const Args& a, const std::string& verb) {
    PlatformSpec p = PlatformSpec::cliDefault();
    const int sources =
        (a.has("matrix") ? 1 : 0) + (a.has("preset") ? 1 : 0) + (a.has("draw-matrix") ? 1 : 0);
    if (sources > 1) {
        throw InputError(verb + ": use only one of --matrix, --preset and --draw-matrix");
    }
    if (a.has("matrix") && (a.has("comm") || a.has("comp"))) {
        throw InputError(verb + ": --comm and --comp do not apply to a --matrix file");
    }
    p.seed = static_cast<std::uint64_t>(a.integer("seed", static_cast<long long>(p.seed), 0,
                                                  std::numeric_limits<long long>::max()));
    p.nonCommutative = a.has("noncommutative");
    if (const auto arrival = a.get("arrival")) {
        p.arrival = parseLaw(*arrival, "--arrival");
    }
    if (const auto matrix = a.get("matrix")) {
        const std::string& path = *matrix;
        FixedCosts f = FixedCosts::parseCsv(readInputFile(path), path);
        p.n = static_cast<int>(a.integer("n", f.n, 1, kMaxProcessors));
        if (p.n != f.n) {
            throw InputError(path + ": the matrix is for n = " + std::to_string(f.n) +
                             " processors but --n " + std::to_string(p.n) + " was given");
        }
        p.costMode = CostMode::FixedMatrix;
        p.matrix = std::move(f);
        return p;
    }
    if (const auto preset = a.get("preset")) {
        const auto n = a.get("n");
        const int hint = n ? static_cast<int>(parseInteger(*n, "--n", 1, kMaxPresetProcessors)) : 0;
        FixedCosts f = parsePreset(*preset, hint);
        if (n && f.n != hint) {
            throw InputError("preset '" + *preset + "' has n = " + std::to_string(f.n) + ", not " +
                             std::to_string(hint));
        }
        p.n = f.n;
        p.costMode = CostMode::FixedMatrix;
        p.matrix = std::move(f);
        return p;
    }
    if (!a.has("n")) {
        throw InputError(verb + ": --n N is required");
    }
    p.n = static_cast<int>(a.integer("n", 0, 1, kMaxProcessors));
    if (const auto comm = a.get("comm")) {
        p.transfer = parseLaw(*comm, "--comm");
    }
    if (const auto comp = a.get("comp")) {
        p.reduction = parseLaw(*comp, "--comp");
    }
    p.costMode = a.has("draw-matrix") ? CostMode::DrawnMatrix : CostMode::PerOperation;
    return p;
}

std::vector<OptionSpec> ompiOptions() {
    return {
        {"fanout", "K",
         "ompi-chain's fan-out: the root receives the heads of K chains, 1 to " +
             std::to_string(kOmpiMaxFanout) + " (default " + std::to_string(kOmpiChainFanout) +
             "); written ompi-chain:K"},
        {"message-bytes", "B",
         "the message size ompi-default decides for, 1 to " + std::to_string(kOmpiMaxMessageBytes) +
             " bytes (default " + std::to_string(kOmpiDefaultMessageBytes) +
             "); written ompi-default:B"},
    };
}

std::vector<Algorithm> applyOmpiOptions(const Args& a, std::vector<Algorithm> algorithms,
                                        const std::string& verb) {
    constexpr long long kLow = std::numeric_limits<long long>::min();
    constexpr long long kHigh = std::numeric_limits<long long>::max();
    OmpiParameters p;
    if (const auto fanout = a.get("fanout")) {
        p.fanout = parseInteger(*fanout, "--fanout", kLow, kHigh);
    }
    if (const auto bytes = a.get("message-bytes")) {
        p.messageBytes = parseInteger(*bytes, "--message-bytes", kLow, kHigh);
    }
    try {
        return applyOmpiParameters(std::move(algorithms), p);
    } catch (const InputError& e) {
        throw InputError(verb + ": " + e.what());
    }
}

void noteOmpiPicks(const Args& a, const std::vector<Algorithm>& algorithms, int n,
                   bool nonCommutative) {
    if (a.has("quiet")) {
        return;
    }
    for (const Algorithm& algorithm : algorithms) {
        if (const auto bytes = ompiDefaultBytes(algorithm)) {
            std::cerr << ompiDefaultPickText(n, *bytes, !nonCommutative) << '\n';
        }
    }
}

std::vector<double> parseQuantiles(const Args& a) {
    const auto quantiles = a.get("quantiles");
    if (!quantiles) {
        return McOptions{}.quantiles;
    }
    std::vector<double> probs;
    for (const std::string& f : splitString(*quantiles, ',')) {
        probs.push_back(parseNumber(f, "--quantiles"));
    }
    return probs;
}

int threadsOption(const Args& a) {
    return static_cast<int>(a.integer("threads", 0, 0, kMaxThreads));
}

} // namespace rl::cli

#include "cli_commands.h"

#include "cli_args.h"
#include "cli_job.h"
#include "cli_platform.h"
#include "cli_policy.h"

#include "algorithms/algorithm_registry.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "studies/mc_study.h"

#include <chrono>
#include <cmath>
#include <functional>
#include <iostream>

namespace rl::cli {

int cmdMc(const std::vector<std::string>& argv, const CliEnvironment& env) {
    std::vector<OptionSpec> specs{
        {"algo", "LIST", "comma-separated algorithms (see run --help), or all (the paper's four)"}};
    for (const auto& list : {ompiOptions(), platformOptions()}) {
        specs.insert(specs.end(), list.begin(), list.end());
    }
    specs.push_back({"replicates", "R", "number of Monte Carlo replicates"});
    specs.push_back(
        {"threads", "T", "worker threads (default: all cores); results do not depend on it"});
    const McOptions defaults;
    std::string quantiles;
    for (double p : defaults.quantiles) {
        if (!quantiles.empty()) {
            quantiles += ',';
        }
        quantiles += formatNumber(p);
    }
    specs.push_back({"quantiles", "P1,P2,...",
                     "quantile probabilities, increasing (default " + quantiles + ")"});
    specs.push_back({"exact-limit", "R",
                     "keep samples (exact quantiles) up to R replicates; beyond, a "
                     "streaming estimator of relative error 2^-11 (default " +
                         std::to_string(defaults.exactQuantileLimit) + ")"});
    specs.push_back({"hist", "FILE", "also write histograms (algorithm,bin_low,bin_high,count)"});
    specs.push_back(
        {"bins", "B", "histogram bins (default " + std::to_string(defaults.histogramBins) + ")"});
    specs.push_back({"out", "FILE", "write the CSV there (atomically) instead of standard output"});
    addPolicyOption(specs, env);
    const auto progress = progressOptions();
    specs.insert(specs.end(), progress.begin(), progress.end());
    const auto jobSpecs = jobOptions();
    specs.insert(specs.end(), jobSpecs.begin(), jobSpecs.end());
    const Args a("mc", argv, specs, 0, env.program);
    if (a.helpAsked()) {
        std::cout << Args::usage("mc",
                                 "--algo LIST --n N --comm LAW --comp LAW --replicates R [options]",
                                 specs, env.program)
                  << "\nRuns R replicates of each algorithm on common random numbers and prints "
                     "one CSV row per\n"
                     "algorithm: "
                  << mcCsvHeader(defaults.quantiles) << "\n";
        return 0;
    }
    const std::string algo = a.required("algo", "LIST");
    if (!a.has("replicates")) {
        throw InputError("mc: --replicates R is required");
    }
    VerbOutputs out(a, {"out", "hist"}, {"matrix", "checkpoint"});
    McStudy study;
    study.platform = parsePlatform(a, "mc");
    McOptions& o = study.options;
    o.algorithms = applyOmpiOptions(a, parseAlgorithmList(algo, env.algorithms), "mc");
    o.replicates = static_cast<std::uint64_t>(
        a.integer("replicates", 0, 1, static_cast<long long>(kMaxReplicates)));
    o.threads = threadsOption(a);
    o.quantiles = parseQuantiles(a);
    o.histogramBins = static_cast<int>(a.integer("bins", o.histogramBins, 1, kMaxHistogramBins));
    o.exactQuantileLimit = static_cast<std::uint64_t>(
        a.integer("exact-limit", static_cast<long long>(o.exactQuantileLimit), 0,
                  static_cast<long long>(kMaxReplicates)));
    // Validated before the progress line: a refused request prints only its error.
    const McConfig c = study.config();
    noteOmpiPicks(a, o.algorithms, c.n, c.nonCommutative);
    ProgressLine line(a, "mc");
    const auto t0 = std::chrono::steady_clock::now();
    CliJob job(a, line, env.executor);
    const McResult r = runMcStudy(c, job.executor(), job.options(), std::ref(line));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    line.finish("done in " + formatNumber(std::round(seconds * 10) / 10) + " s");
    std::string csv = mcCsvHeader(c.quantiles) + "\n";
    for (const McSummary& s : r.summaries) {
        csv += mcCsvRow(s, c.n) + "\n";
    }
    if (a.has("hist")) {
        std::string h = "algorithm,bin_low,bin_high,count\n";
        for (const McSummary& s : r.summaries) {
            const double width =
                (s.histogramHigh - s.histogramLow) / static_cast<double>(s.histogram.size());
            for (std::size_t b = 0; b < s.histogram.size(); ++b) {
                h += s.algorithm.key() + "," +
                     formatNumber(s.histogramLow + width * static_cast<double>(b)) + "," +
                     formatNumber(s.histogramLow + width * static_cast<double>(b + 1)) + "," +
                     std::to_string(s.histogram[b]) + "\n";
            }
        }
        out.stage("hist", h);
    }
    out.stage("out", csv);
    out.commit();
    job.finish();
    return 0;
}

} // namespace rl::cli

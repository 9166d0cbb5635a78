#include "experiment/point_job.h"

#include "experiment/mc_wire.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/limits.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <system_error>

namespace rl {

namespace {

constexpr std::string_view kMagic = "reducelab checkpoint 1\n";

// What identifies a job: every point's configuration, threads excepted (results do not
// depend on them, and a resumed job may run on another machine).
std::uint64_t fingerprint(const std::vector<McConfig>& points) {
    ByteWriter w;
    w.u64(points.size());
    for (McConfig c : points) {
        c.threads = 0;
        writeMcConfig(w, c);
    }
    return fnv1a64(w.data());
}

std::string encodeCheckpoint(std::uint64_t print, std::size_t pointCount,
                             const std::map<std::size_t, McResult>& done) {
    ByteWriter w;
    w.u64(print);
    w.u64(pointCount);
    w.u64(done.size());
    for (const auto& [point, result] : done) {
        w.u64(point);
        w.u64(result.replicatesDone);
        w.u64(result.summaries.size());
        for (const McSummary& s : result.summaries) {
            writeSummary(w, s);
        }
        w.u8(result.analysis ? 1 : 0);
        if (result.analysis) {
            writeAnalysis(w, *result.analysis);
        }
    }
    return std::string(kMagic) + w.take();
}

} // namespace

void LocalExecutor::run(const std::vector<McConfig>& points,
                        const std::vector<std::size_t>& pending, const OnPoint& onPoint,
                        const SweepProgress& progress) {
    std::uint64_t total = 0;
    for (std::size_t i : pending) {
        total += points[i].replicates;
    }
    std::uint64_t before = 0;
    for (std::size_t i : pending) {
        bool keepGoing = true; // a cancel may come with a point's last progress report
        McResult r = runMonteCarlo(points[i], [&](std::uint64_t done, std::uint64_t) {
            keepGoing = !progress || progress(before + done, total);
            return keepGoing;
        });
        if (r.cancelled || !keepGoing) {
            return;
        }
        before += points[i].replicates;
        onPoint(i, std::move(r));
    }
}

void removeCheckpoint(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(std::filesystem::symlink_status(path, ec))) {
        std::filesystem::remove(path, ec);
    }
}

std::vector<std::pair<std::size_t, McResult>> readCheckpoint(const std::vector<McConfig>& points,
                                                             std::string_view content,
                                                             const std::string& path) {
    const std::string what = "checkpoint '" + path + "'";
    if (content.substr(0, kMagic.size()) != kMagic) {
        throw InputError(what + " is not a ReduceLab checkpoint");
    }
    ByteReader r(content.substr(kMagic.size()), what);
    if (r.u64() != fingerprint(points) || r.u64() != points.size()) {
        throw InputError(what +
                         " belongs to another job (other options); remove it or name another file");
    }
    std::vector<std::pair<std::size_t, McResult>> out;
    std::vector<bool> seen(points.size(), false);
    const std::uint64_t records = r.count(24);
    for (std::uint64_t k = 0; k < records; ++k) {
        const std::uint64_t point = r.u64();
        if (point >= points.size() || seen[point]) {
            r.fail("point " + std::to_string(point) + " is out of range or repeated");
        }
        seen[point] = true;
        const McConfig& c = points[point];
        McResult result;
        result.replicatesDone = r.u64();
        if (result.replicatesDone != c.replicates) {
            r.fail("a point is not complete");
        }
        if (r.count(1) != c.algorithms.size()) {
            r.fail("wrong number of algorithms");
        }
        for (AlgorithmId a : c.algorithms) {
            result.summaries.push_back(readSummary(r));
            const McSummary& s = result.summaries.back();
            if (s.algorithm != a || s.count != c.replicates || s.quantileProbs != c.quantiles ||
                (c.keepSamples && !s.samples)) {
                r.fail("a summary does not match its point");
            }
        }
        if (r.u8() != 0) {
            result.analysis = readAnalysis(r);
            const PointAnalysis& p = *result.analysis;
            const auto beyond = [&](std::uint64_t x) { return x >= c.replicates; };
            if (p.medianReplicate.size() != c.algorithms.size() ||
                std::any_of(p.medianReplicate.begin(), p.medianReplicate.end(), beyond) ||
                beyond(p.ratioReplicate) || beyond(p.bestReplicate)) {
                r.fail("a paired analysis does not match its point");
            }
        }
        if (c.analysePairs != result.analysis.has_value()) {
            r.fail("a paired analysis is missing or unexpected");
        }
        out.emplace_back(point, std::move(result));
    }
    if (!r.atEnd()) {
        r.fail("unexpected bytes after the last point");
    }
    return out;
}

std::vector<McResult> runPointJob(const std::vector<McConfig>& points, PointExecutor& executor,
                                  const PointJobOptions& options, const SweepProgress& progress) {
    for (const McConfig& c : points) {
        c.validate();
    }
    std::map<std::size_t, McResult> done;
    const std::uint64_t print = options.checkpoint ? fingerprint(points) : 0;
    if (options.checkpoint) {
        std::error_code ec;
        if (std::filesystem::exists(*options.checkpoint, ec)) {
            const std::string content = readInputFile(*options.checkpoint, kMemoryCapBytes);
            for (auto& [point, result] : readCheckpoint(points, content, *options.checkpoint)) {
                done.emplace(point, std::move(result));
            }
            if (options.onResume) {
                options.onResume(done.size(), points.size());
            }
        }
        // Written before any computation: an unwritable path fails now, not after hours.
        writeFileAtomically(*options.checkpoint, encodeCheckpoint(print, points.size(), done));
    }
    std::vector<std::size_t> pending;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!done.count(i)) {
            pending.push_back(i);
        }
    }
    using Clock = std::chrono::steady_clock;
    auto lastWrite = Clock::now();
    bool unsaved = false;
    executor.run(
        points, pending,
        [&](std::size_t point, McResult&& result) {
            done.emplace(point, std::move(result));
            unsaved = true;
            if (options.checkpoint &&
                std::chrono::duration<double>(Clock::now() - lastWrite).count() >=
                    options.checkpointSeconds) {
                writeFileAtomically(*options.checkpoint,
                                    encodeCheckpoint(print, points.size(), done));
                lastWrite = Clock::now();
                unsaved = false;
            }
        },
        progress);
    if (done.size() < points.size()) {
        if (options.checkpoint && unsaved) {
            writeFileAtomically(*options.checkpoint, encodeCheckpoint(print, points.size(), done));
        }
        return {};
    }
    std::vector<McResult> results;
    results.reserve(points.size());
    for (auto& [point, result] : done) {
        results.push_back(std::move(result));
    }
    return results;
}

} // namespace rl

#include "experiment/point_job.h"

#include "experiment/mc_wire.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/limits.h"
#include "base/parallel_for.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <stdexcept>
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

std::vector<BlockUnit> blockUnits(const std::vector<McConfig>& points,
                                  const std::vector<std::size_t>& pending,
                                  std::uint64_t* replicates) {
    std::vector<BlockUnit> units;
    *replicates = 0;
    for (std::size_t p : pending) {
        for (std::uint64_t b = 0; b < blockCount(points[p]); ++b) {
            units.push_back({p, b});
        }
        *replicates += points[p].replicates;
    }
    return units;
}

unsigned jobThreads(const std::vector<McConfig>& points, std::size_t units) {
    return workerCount(points.empty() ? 0 : points.front().threads,
                       std::max<std::size_t>(units, 1));
}

McBlockResult runBlockUnit(const std::vector<McConfig>& points, const BlockUnit& unit) {
    McBlockRunner runner(points[unit.point]);
    return runMonteCarloBlock(runner, points[unit.point], unit.block);
}

BlockWorkers::BlockWorkers(const std::vector<BlockUnit>& units, std::atomic<std::size_t>& next,
                           unsigned threads, RunUnit run)
    : m_units(units), m_next(next), m_run(std::move(run)) {
    for (unsigned t = 0; t < threads; ++t) {
        m_threads.emplace_back([this] {
            try {
                for (std::size_t i = m_next++; i < m_units.size() && !m_stop; i = m_next++) {
                    McBlockResult r = m_run(m_units[i]);
                    const std::lock_guard lock(m_mutex);
                    m_done.emplace_back(m_units[i], std::move(r));
                    m_ready.notify_one();
                }
            } catch (const std::exception& e) {
                const std::lock_guard lock(m_mutex);
                if (m_error.empty()) {
                    m_error = e.what();
                    m_failure = std::current_exception();
                }
                m_stop = true;
                m_ready.notify_one();
            }
        });
    }
}

BlockWorkers::~BlockWorkers() {
    stop();
}

std::vector<std::pair<BlockUnit, McBlockResult>>
BlockWorkers::collect(std::chrono::milliseconds wait) {
    std::unique_lock lock(m_mutex);
    m_ready.wait_for(lock, wait, [this] { return !m_done.empty() || !m_error.empty(); });
    std::vector<std::pair<BlockUnit, McBlockResult>> out;
    out.swap(m_done);
    return out;
}

std::string BlockWorkers::error() const {
    const std::lock_guard lock(m_mutex);
    return m_error;
}

std::exception_ptr BlockWorkers::failure() const {
    const std::lock_guard lock(m_mutex);
    return m_failure;
}

void BlockWorkers::stop() {
    m_stop = true;
    for (std::thread& t : m_threads) {
        if (t.joinable()) {
            t.join();
        }
    }
}

PointAssembly::PointAssembly(const std::vector<McConfig>& points, PointExecutor::OnPoint onPoint)
    : m_points(points), m_onPoint(std::move(onPoint)) {}

void PointAssembly::add(std::uint64_t point, const McBlockResult& block) {
    auto& assembler = m_open[point];
    if (!assembler) {
        assembler = std::make_unique<McAssembler>(m_points[point]);
    }
    assembler->add(block);
    m_replicatesDone += block.moments.empty() ? 0 : block.moments.front().count;
    if (assembler->complete()) {
        McResult r = assembler->finish();
        m_open.erase(point);
        ++m_pointsDone;
        m_onPoint(point, std::move(r));
    }
}

void LocalExecutor::run(const std::vector<McConfig>& points,
                        const std::vector<std::size_t>& pending, const OnPoint& onPoint,
                        const SweepProgress& progress) {
    std::uint64_t total = 0;
    const std::vector<BlockUnit> units = blockUnits(points, pending, &total);
    std::atomic<std::size_t> next{0};
    PointAssembly assembly(points, onPoint);
    BlockWorkers workers(units, next, jobThreads(points, units.size()),
                         [&](const BlockUnit& u) { return runBlockUnit(points, u); });
    while (assembly.pointsDone() < pending.size()) {
        for (const auto& [unit, block] : workers.collect(std::chrono::milliseconds(50))) {
            assembly.add(unit.point, block);
        }
        if (const std::exception_ptr failure = workers.failure()) {
            workers.stop();
            // As thrown: a refused input (e.g. a clairvoyant baseline on random costs, found
            // by fuzz_cli) is exit 2 with its message, out of memory the limit's message.
            std::rethrow_exception(failure);
        }
        if (progress && !progress(assembly.replicatesDone(), total)) {
            return; // the workers stop as they go out of scope; unfinished points are dropped
        }
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
        for (const Algorithm& a : c.algorithms) {
            result.summaries.push_back(readSummary(r, c.algorithms));
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

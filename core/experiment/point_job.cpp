#include "experiment/point_job.h"

#include "experiment/mc_wire.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/job_scope.h"
#include "base/limits.h"
#include "base/parallel_for.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <system_error>

namespace rl {

namespace {

// The first line of a checkpoint: its format's name and version. Version 2 added the checksum
// (the last 8 bytes: FNV-1a of everything before them) and the checks of the values.
constexpr std::string_view kMagicName = "reducelab checkpoint ";
constexpr std::string_view kMagic = "reducelab checkpoint 2\n";

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
        writePointResult(w, result);
    }
    std::string content = std::string(kMagic) + w.take();
    ByteWriter sum;
    sum.u64(fnv1a64(content));
    return content + sum.data();
}

// The records of a checkpoint after its first line, once the format's version and the checksum
// are checked.
std::string_view checkedRecords(std::string_view content, const std::string& what) {
    if (content.substr(0, kMagicName.size()) != kMagicName) {
        throw InputError(what + " is not a ReduceLab checkpoint");
    }
    if (content.substr(0, kMagic.size()) != kMagic) {
        const std::string_view rest = content.substr(kMagicName.size());
        const std::string_view version = rest.substr(0, std::min<std::size_t>(rest.find('\n'), 12));
        const bool number =
            !version.empty() && std::all_of(version.begin(), version.end(),
                                            [](char ch) { return ch >= '0' && ch <= '9'; });
        if (!number) {
            throw InputError(what + " is not a ReduceLab checkpoint");
        }
        throw InputError(
            what + " has format " + std::string(version) +
            ", which this version of ReduceLab does not read (format " +
            std::string(kMagic.substr(kMagicName.size(), kMagic.size() - kMagicName.size() - 1)) +
            "); remove it or name another file");
    }
    if (content.size() < kMagic.size() + 8) {
        throw InputError(what + " is damaged: truncated; remove it or name another file");
    }
    const std::string_view sealed = content.substr(0, content.size() - 8);
    ByteReader sum(content.substr(sealed.size()), what);
    if (sum.u64() != fnv1a64(sealed)) {
        throw InputError(what +
                         " is damaged: its checksum does not match its content; remove it or "
                         "name another file");
    }
    return sealed.substr(kMagic.size());
}

} // namespace

unsigned jobThreads(const std::vector<McConfig>& points, std::size_t units) {
    return workerCount(points.empty() ? 0 : points.front().threads,
                       std::max<std::size_t>(units, 1));
}

McBlockRunner& RunnerCache::runner(const std::vector<McConfig>& points, std::size_t point) {
    if (!m_runner || m_point != point) {
        m_runner.reset();
        m_runner = std::make_unique<McBlockRunner>(points[point]);
        m_point = point;
    }
    return *m_runner;
}

WorkerThreads::WorkerThreads(unsigned count, Body body, std::function<void()> onFailure)
    : m_body(std::move(body)), m_onFailure(std::move(onFailure)) {
    const std::shared_ptr<JobScope> scope = jobScopeForWorkers(); // the workers are the job's too
    for (unsigned t = 0; t < count; ++t) {
        m_threads.emplace_back([this, t, scope] {
            const JobScopeGuard inScope(scope);
            try {
                m_body(t, m_stop);
            } catch (...) {
                {
                    const std::lock_guard lock(m_mutex);
                    if (!m_failure) {
                        m_failure = std::current_exception();
                    }
                }
                m_stop = true;
                if (m_onFailure) {
                    m_onFailure();
                }
            }
        });
    }
}

WorkerThreads::~WorkerThreads() {
    stop();
}

void WorkerThreads::stop() {
    m_stop = true;
    for (std::thread& t : m_threads) {
        if (t.joinable()) {
            t.join();
        }
    }
}

std::exception_ptr WorkerThreads::failure() const {
    const std::lock_guard lock(m_mutex);
    return m_failure;
}

bool runUnits(PointAssembly& assembly, const UnitList& units, const std::vector<McConfig>& points,
              unsigned threads, const PointExecutor::OnPoint& onPoint,
              const SweepProgress& progress) {
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    std::condition_variable ready;
    std::vector<std::pair<std::size_t, McResult>> finished; // assembled, not yet handed over
    bool failed = false;
    WorkerThreads workers(
        threads,
        [&](unsigned, const std::atomic<bool>& stop) {
            RunnerCache cache;
            for (std::size_t i = next++; i < units.size() && !stop; i = next++) {
                const BlockUnit u = units.at(i);
                std::optional<McResult> r =
                    assembly.simulate(cache.runner(points, u.point), u, &stop);
                if (r) {
                    const std::lock_guard lock(mutex);
                    finished.emplace_back(u.point, std::move(*r));
                    ready.notify_one();
                }
            }
        },
        [&] {
            const std::lock_guard lock(mutex);
            failed = true;
            ready.notify_one();
        });
    std::size_t delivered = 0;
    const auto handOver = [&] {
        std::vector<std::pair<std::size_t, McResult>> batch;
        {
            const std::lock_guard lock(mutex);
            batch.swap(finished);
        }
        for (auto& [point, result] : batch) {
            ++delivered;
            onPoint(point, std::move(result));
        }
    };
    while (delivered < units.points()) {
        {
            std::unique_lock lock(mutex);
            ready.wait_for(lock, std::chrono::milliseconds(50),
                           [&] { return !finished.empty() || failed; });
        }
        handOver();
        if (const std::exception_ptr failure = workers.failure()) {
            workers.stop();
            // As thrown: a refused input (e.g. a clairvoyant baseline on random costs, found
            // by fuzz_cli) is exit 2 with its message, out of memory the limit's message.
            std::rethrow_exception(failure);
        }
        if (progress && !progress(assembly.simulated(), units.replicates()) &&
            delivered < units.points()) {
            workers.stop();
            handOver(); // points the running units completed
            return delivered == units.points();
        }
    }
    return true;
}

void LocalExecutor::run(const std::vector<McConfig>& points,
                        const std::vector<std::size_t>& pending, const OnPoint& onPoint,
                        const SweepProgress& progress) {
    PointAssembly assembly(points);
    const UnitList units = assembly.beginPass(pending);
    runUnits(assembly, units, points, jobThreads(points, units.size()), onPoint, progress);
}

std::string encodeCheckpoint(const std::vector<McConfig>& points,
                             const std::map<std::size_t, McResult>& done) {
    return encodeCheckpoint(fingerprint(points), points.size(), done);
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
    ByteReader r(checkedRecords(content, what), what + " is damaged");
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
        McResult result = readPointResult(r, points[point]);
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
    using Clock = std::chrono::steady_clock;
    auto lastWrite = Clock::now();
    bool unsaved = false;
    const auto save = [&] {
        writeFileAtomically(*options.checkpoint, encodeCheckpoint(print, points.size(), done));
        lastWrite = Clock::now();
        unsaved = false;
        if (options.onCheckpoint) {
            options.onCheckpoint(done.size(), points.size());
        }
    };
    bool created = false;
    const auto keepFinishedPoints = [&]() noexcept {
        try {
            if (created && done.empty()) {
                removeCheckpoint(*options.checkpoint);
            } else if (unsaved) {
                save();
            }
            return true;
        } catch (...) {
            return false;
        }
    };
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
        } else {
            created = true;
        }
        // Written before any computation: an unwritable path fails now, not after hours.
        save();
    }
    std::vector<std::size_t> pending;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!done.count(i)) {
            pending.push_back(i);
        }
    }
    try {
        executor.run(
            points, pending,
            [&](std::size_t point, McResult&& result) {
                done.emplace(point, std::move(result));
                unsaved = true;
                if (options.checkpoint &&
                    std::chrono::duration<double>(Clock::now() - lastWrite).count() >=
                        options.checkpointSeconds) {
                    save();
                }
            },
            progress);
    } catch (...) {
        // A failed job keeps every point it finished; a checkpoint it created and never filled
        // goes. Should that fail too, the file holds what was last written, and the job's own
        // error is the one reported.
        if (options.checkpoint) {
            static_cast<void>(keepFinishedPoints());
        }
        throw;
    }
    // Every finished point recorded, cancelled or complete: a command that fails after the
    // job (writing its outputs) loses no computation.
    if (options.checkpoint && unsaved) {
        save();
    }
    if (done.size() < points.size()) {
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

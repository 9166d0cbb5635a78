#include "mpi/mpi_executor.h"

#include "experiment/mc_block.h"
#include "experiment/mc_wire.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <mpi.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <functional>
#include <iostream>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace rl::mpi {

namespace {

// The messages of a job: byte strings (base/byte_codec.h) that start with the job's number.
// The tag carries the kind and the job's number, so that a rank only ever receives the
// messages of the job it is in. Jobs themselves, and their end, are broadcast.
enum Kind : int {
    kRequest = 1, // child -> its dispenser: units wanted, idle threads, replicates simulated
    kUnits = 2,   // dispenser -> child: ranges of unit indices, none for now, or no more
    kBlock = 3,   // any rank -> a point's owner: a block of that point (McBlockResult)
    kPoint = 4,   // owner -> rank 0: the point's result (summaries and paired analysis)
    kFailed = 5,  // any rank -> rank 0: what went wrong
};
constexpr std::array<Kind, 5> kKinds{kRequest, kUnits, kBlock, kPoint, kFailed};

// What a kUnits message says.
enum class Grant : std::uint8_t {
    Units = 0,     // ranges of units follow
    NoneNow = 1,   // none for a rank without an idle thread: the last units go to idle ones
    Exhausted = 2, // every unit is handed out
};

int tagOf(Kind kind, std::uint64_t job) {
    return static_cast<int>(kind) + 8 * static_cast<int>(job % 2048);
}

double clockSeconds(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

int byteCount(std::size_t size) {
    if (size > static_cast<std::size_t>(INT_MAX)) {
        throw InputError("a message of " + std::to_string(size) + " bytes is too large for MPI");
    }
    return static_cast<int>(size);
}

// Receives the message `status` announced (MPI_Iprobe).
std::string receive(const MPI_Status& status) {
    int size = 0;
    MPI_Get_count(&status, MPI_BYTE, &size);
    std::string bytes(static_cast<std::size_t>(size), '\0');
    MPI_Recv(bytes.data(), size, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    return bytes;
}

// A test hook: the threads of the rank named by REDUCELAB_MPI_FAIL_RANK fail as a job starts,
// so that the test suite can check how a failing rank ends the job.
bool failureInjected(int rank) {
    const char* v = std::getenv("REDUCELAB_MPI_FAIL_RANK");
    return v != nullptr && std::string_view(v) == std::to_string(rank);
}

// The main thread polls MPI with a growing pause while nothing happens (50 us to 1 ms, cut
// short by the rank's threads when they need it): requests are answered promptly when busy,
// and an idle rank costs little CPU.
class Backoff {
  public:
    std::chrono::microseconds next(bool busy) {
        m_micros = busy ? 50 : std::min(m_micros * 2, 1000);
        return std::chrono::microseconds(m_micros);
    }

  private:
    int m_micros = 50;
};

// Who talks to whom. Units: each rank asks its dispenser: rank 0, or with more than 64 other
// ranks (or REDUCELAB_MPI_GROUP, a test hook) the leader of its group of consecutive ranks,
// which asks rank 0 for ranges of units for the group, so that rank 0 answers about
// sqrt(ranks) requesters. Points: owned by ranks 1, 2, ... in turn (rank 0 when alone).
struct Topology {
    int ranks = 1;
    int rank = 0;
    int group = 0; // ranks per group; below 2: no groups

    bool grouped() const { return group >= 2 && ranks > 2; }
    int owner(std::uint64_t point) const {
        return ranks == 1 ? 0 : 1 + static_cast<int>(point % static_cast<std::uint64_t>(ranks - 1));
    }
    int leaderOf(int r) const { return 1 + ((r - 1) / group) * group; }
    int parent() const {
        return rank == 0 || !grouped() || leaderOf(rank) == rank ? 0 : leaderOf(rank);
    }
    std::vector<int> children() const {
        std::vector<int> out;
        if (rank == 0) {
            for (int r = 1; r < ranks; r += grouped() ? group : 1) {
                out.push_back(r);
            }
        } else if (grouped() && leaderOf(rank) == rank) {
            for (int r = rank + 1; r < std::min(ranks, rank + group); ++r) {
                out.push_back(r);
            }
        }
        return out;
    }
};

// Rank 0 runs units on its threads too while its cores are a fair share of the job's (up to 16
// ranks); beyond, it only hands out units and receives the points, so that its main thread
// answers at once (REDUCELAB_MPI_RANK0_UNITS=0|1, a test hook, says otherwise).
bool rankZeroComputes(int ranks) {
    if (const char* v = std::getenv("REDUCELAB_MPI_RANK0_UNITS")) {
        return std::string_view(v) != "0";
    }
    return ranks <= 16;
}

int groupSize(int ranks) {
    if (const char* v = std::getenv("REDUCELAB_MPI_GROUP")) {
        return static_cast<int>(std::strtol(v, nullptr, 10)); // not a number: 0, no groups
    }
    return ranks - 1 <= 64 ? 0 : static_cast<int>(std::ceil(std::sqrt(ranks - 1.0)));
}

struct Job {
    std::uint64_t number = 0;
    int group = 0;
    std::vector<McConfig> points;
    std::vector<std::size_t> pending;
};

std::string encodeJob(const Job& job) {
    ByteWriter w;
    w.u64(job.number);
    w.i32(job.group);
    w.u64(job.points.size());
    for (const McConfig& c : job.points) {
        writeMcConfig(w, c);
    }
    w.u64(job.pending.size());
    for (std::size_t p : job.pending) {
        w.u64(p);
    }
    return w.take();
}

Job decodeJob(const std::string& bytes, const AlgorithmCatalog& catalog) {
    ByteReader r(bytes, "job message");
    Job job;
    job.number = r.u64();
    job.group = r.i32();
    job.points.resize(r.count(1));
    for (McConfig& c : job.points) {
        c = readMcConfig(r, catalog);
    }
    job.pending.resize(r.count(8));
    for (std::size_t& p : job.pending) {
        p = r.u64();
        if (p >= job.points.size()) {
            r.fail("no such point");
        }
    }
    return job;
}

// The job's bytes from rank 0 to every rank (empty: stop).
std::string broadcastJob(std::string bytes) {
    std::uint64_t size = bytes.size();
    MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    bytes.resize(size);
    MPI_Bcast(bytes.data(), byteCount(bytes.size()), MPI_BYTE, 0, MPI_COMM_WORLD);
    return bytes;
}

// One rank's part of a job: its threads run units from its pool and the blocks other ranks
// send for the points it owns; its main thread moves the messages (pump) and, as a dispenser,
// hands units to its children.
class RankJob {
  public:
    using OnPoint = std::function<void(std::uint64_t point, McResult&&)>;
    using OnFailure = std::function<void(int rank, const std::string&)>;

    RankJob(const Topology& topo, Job job, unsigned threads, OnPoint onPoint = {},
            OnFailure onFailure = {})
        : m_topo(topo), m_job(std::move(job)), m_children(topo.children()), m_threads(threads),
          m_onPoint(std::move(onPoint)), m_onFailure(std::move(onFailure)),
          m_assembly(m_job.points) {
        m_units = m_assembly.beginPass(m_job.pending);
        if (topo.rank == 0) {
            m_pool.emplace_back(0, m_units.size());
            m_poolUnits = m_units.size();
        }
        m_workers = std::make_unique<WorkerThreads>(
            threads, [this](unsigned, const std::atomic<bool>& stop) { work(stop); },
            [this] {
                const std::lock_guard lock(m_mutex);
                m_wake.notify_all();
            });
    }

    ~RankJob() { halt(); }
    RankJob(const RankJob&) = delete;
    RankJob& operator=(const RankJob&) = delete;

    std::uint64_t units() const { return m_units.replicates(); }
    std::exception_ptr threadFailure() const { return m_workers->failure(); }
    /// Replicates simulated here and reported by the children (rank 0's progress).
    std::uint64_t simulated() const { return m_simulated.load() + m_childSimulated; }
    std::uint64_t received() const { return m_received; }
    std::uint64_t messages() const { return m_messages; }
    std::uint64_t sent() const { return m_sent; }

    /// One round of the main thread: messages in, messages out, units asked for and handed
    /// out. True when something happened.
    bool pump() {
        bool busy = false;
        // Any tag: no message of the next job exists before every rank has left this one (the
        // barrier of finish()), and those of earlier jobs were drained there.
        for (int k = 0; k < 256; ++k) {
            int flag = 0;
            MPI_Status status;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
            if (flag == 0) {
                break;
            }
            busy = true;
            const std::string bytes = receive(status);
            m_received += bytes.size();
            ++m_messages;
            const int kind = status.MPI_TAG % 8;
            if (status.MPI_TAG != tagOf(static_cast<Kind>(kind), m_job.number) || kind < kRequest ||
                kind > kFailed) {
                throw InputError("a message of another job from rank " +
                                 std::to_string(status.MPI_SOURCE));
            }
            handle(static_cast<Kind>(kind), status.MPI_SOURCE, bytes);
        }
        std::vector<Outgoing> out;
        {
            const std::lock_guard lock(m_mutex);
            out.swap(m_outbox);
        }
        for (Outgoing& o : out) {
            busy = true;
            send(o.to, o.kind, std::move(o.bytes));
        }
        testSends();
        busy = serveChildren() || busy;
        busy = askParent() || busy;
        return busy;
    }

    /// The main thread's pause between two rounds: `upTo`, or less when a thread posts a
    /// message or runs out of units.
    void pause(std::chrono::microseconds upTo) {
        std::unique_lock lock(m_mutex);
        m_mainWake.wait_for(lock, upTo, [&] { return m_mainWoken; });
        m_mainWoken = false;
    }

    /// Reports a failure of this rank to rank 0 (which ends the job).
    void reportFailure(const std::string& what) {
        ByteWriter w;
        w.u64(m_job.number);
        w.bytes(what);
        send(0, kFailed, w.take());
    }

    /// Leaves the job once its end is broadcast (`end`: rank 0's broadcast, still to be
    /// completed): threads stopped, nothing more sent, this job's messages still in flight
    /// received and dropped until every rank has completed its sends (a barrier).
    void finish(MPI_Request* end) {
        halt();
        {
            const std::lock_guard lock(m_mutex);
            m_outbox.clear();
        }
        bool posted = false;
        MPI_Request barrier = MPI_REQUEST_NULL;
        Backoff backoff;
        for (;;) {
            for (Kind kind : kKinds) {
                int flag = 0;
                MPI_Status status;
                MPI_Iprobe(MPI_ANY_SOURCE, tagOf(kind, m_job.number), MPI_COMM_WORLD, &flag,
                           &status);
                if (flag != 0) {
                    m_received += receive(status).size();
                }
            }
            testSends();
            int ended = 1;
            if (end != nullptr) {
                MPI_Test(end, &ended, MPI_STATUS_IGNORE);
            }
            if (!posted && m_sends.empty() && ended != 0) {
                MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
                posted = true;
            }
            int done = 0;
            if (posted) {
                MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
            }
            if (done != 0) {
                return;
            }
            std::this_thread::sleep_for(backoff.next(false));
        }
    }

  private:
    struct Outgoing {
        int to = 0;
        Kind kind = kPoint;
        std::string bytes;
    };
    struct Send {
        MPI_Request request = MPI_REQUEST_NULL;
        std::string bytes;
    };

    void halt() {
        {
            const std::lock_guard lock(m_mutex);
            m_halt = true;
        }
        m_wake.notify_all();
        if (m_workers) {
            m_workers->stop();
        }
    }

    void post(int to, Kind kind, std::string bytes) {
        const std::lock_guard lock(m_mutex);
        m_outbox.push_back({to, kind, std::move(bytes)});
        wakeMain();
    }

    // Under m_mutex: the main thread has something to do now.
    void wakeMain() {
        m_mainWoken = true;
        m_mainWake.notify_one();
    }

    void postPoint(std::uint64_t point, const McResult& result) {
        ByteWriter w;
        w.u64(m_job.number);
        w.u64(point);
        writePointResult(w, result);
        post(0, kPoint, w.take());
    }

    // A worker thread: blocks deposited for the points this rank owns first (they complete
    // points and free memory), then units from the pool.
    void work(const std::atomic<bool>& stop) {
        if (failureInjected(m_topo.rank)) {
            throw std::runtime_error("failure injected for testing (REDUCELAB_MPI_FAIL_RANK)");
        }
        RunnerCache cache;
        for (;;) {
            std::optional<std::pair<std::uint64_t, std::string>> deposit;
            std::size_t index = 0;
            {
                std::unique_lock lock(m_mutex);
                const auto ready = [&] {
                    return m_halt || stop || !m_deposits.empty() || m_poolUnits > 0;
                };
                if (!ready()) {
                    ++m_idle; // the main thread asks for units for it
                    wakeMain();
                    m_wake.wait(lock, ready);
                    --m_idle;
                }
                if (m_halt || stop) {
                    return;
                }
                if (!m_deposits.empty()) {
                    deposit = std::move(m_deposits.front());
                    m_deposits.pop_front();
                } else {
                    auto& [first, last] = m_pool.front();
                    index = static_cast<std::size_t>(first++);
                    if (first == last) {
                        m_pool.pop_front();
                    }
                    --m_poolUnits;
                }
            }
            if (deposit) {
                const auto& [point, bytes] = *deposit;
                ByteReader r(bytes, "a block of point " + std::to_string(point));
                const McBlockResult block = readBlockResult(r, m_job.points[point]);
                if (!r.atEnd()) {
                    r.fail("unexpected bytes after the block");
                }
                if (auto result = m_assembly.deposit(point, block)) {
                    postPoint(point, *result);
                }
                continue;
            }
            const BlockUnit u = m_units.at(index);
            McBlockRunner& runner = cache.runner(m_job.points, u.point);
            const int owner = m_topo.owner(u.point);
            if (owner == m_topo.rank) {
                if (auto result = m_assembly.simulate(runner, u)) {
                    postPoint(u.point, *result);
                }
            } else {
                ByteWriter w;
                w.u64(m_job.number);
                w.u64(u.point);
                writeBlockResult(w, runMonteCarloBlock(runner, m_job.points[u.point], u.block));
                post(owner, kBlock, w.take());
            }
            m_simulated += u.last - u.first;
        }
    }

    void handle(Kind kind, int from, const std::string& bytes) {
        ByteReader r(bytes, "a message of rank " + std::to_string(from));
        if (r.u64() != m_job.number) {
            r.fail("a message of another job");
        }
        switch (kind) {
        case kRequest: {
            Request q;
            q.child = from;
            q.wanted = r.u64();
            q.idle = r.u64();
            m_childSimulated += r.u64();
            m_queued.push_back(q);
            break;
        }
        case kUnits: {
            m_requestOutstanding = false;
            const auto grant = static_cast<Grant>(r.u8());
            m_parentExhausted = grant == Grant::Exhausted;
            m_noneNow = grant == Grant::NoneNow;
            const std::uint64_t count = r.count(16);
            const std::lock_guard lock(m_mutex);
            for (std::uint64_t k = 0; k < count; ++k) {
                const std::uint64_t first = r.u64();
                const std::uint64_t last = r.u64();
                if (!(first < last && last <= m_units.size())) {
                    r.fail("no such units");
                }
                m_pool.emplace_back(first, last);
                m_poolUnits += last - first;
            }
            m_wake.notify_all();
            break;
        }
        case kBlock: {
            const std::uint64_t point = r.u64();
            if (point >= m_job.points.size() || m_topo.owner(point) != m_topo.rank) {
                r.fail("a block of a point this rank does not own");
            }
            const std::lock_guard lock(m_mutex);
            m_deposits.emplace_back(point, bytes.substr(16));
            m_wake.notify_one();
            break;
        }
        case kPoint: {
            const std::uint64_t point = r.u64();
            if (point >= m_job.points.size() || !m_onPoint) {
                r.fail("an unexpected point result");
            }
            McResult result = readPointResult(r, m_job.points[point]);
            if (!r.atEnd()) {
                r.fail("unexpected bytes after a point result");
            }
            m_onPoint(point, std::move(result));
            break;
        }
        case kFailed:
            if (m_onFailure) {
                m_onFailure(from, std::string(r.bytes()));
            }
            break;
        }
    }

    void send(int to, Kind kind, std::string bytes) {
        m_sends.push_back({MPI_REQUEST_NULL, std::move(bytes)});
        Send& s = m_sends.back();
        m_sent += s.bytes.size();
        MPI_Isend(s.bytes.data(), byteCount(s.bytes.size()), MPI_BYTE, to,
                  tagOf(kind, m_job.number), MPI_COMM_WORLD, &s.request);
    }

    void testSends() {
        for (auto it = m_sends.begin(); it != m_sends.end();) {
            int done = 0;
            MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
            it = done != 0 ? m_sends.erase(it) : std::next(it);
        }
    }

    // Units for this rank's threads and its children: asked for while fewer remain than the
    // threads they feed (twice that many, so that threads do not wait for the answer); after a
    // "none now", only for threads that are idle.
    std::uint64_t lowWater() const { return m_threads * (1 + m_children.size()); }

    // Idle threads here and in the children whose requests wait for units.
    std::uint64_t idleDemand() {
        std::uint64_t idle = 0;
        {
            const std::lock_guard lock(m_mutex);
            if (m_poolUnits > 0) {
                return 0;
            }
            idle = m_idle;
        }
        for (const Request& q : m_queued) {
            idle += q.idle;
        }
        return idle;
    }

    bool askParent() {
        if (m_topo.rank == 0 || m_requestOutstanding || m_parentExhausted) {
            return false;
        }
        std::uint64_t have = 0;
        {
            const std::lock_guard lock(m_mutex);
            have = m_poolUnits;
        }
        const std::uint64_t idle = idleDemand();
        if (have >= lowWater() || (m_noneNow && idle == 0)) {
            return false;
        }
        ByteWriter w;
        w.u64(m_job.number);
        w.u64(2 * lowWater());
        w.u64(idle);
        w.u64(m_simulated.exchange(0) + m_childSimulated);
        m_childSimulated = 0;
        send(m_topo.parent(), kRequest, w.take());
        m_requestOutstanding = true;
        return true;
    }

    void reply(int child, Grant grant,
               const std::vector<std::pair<std::uint64_t, std::uint64_t>>& ranges) {
        ByteWriter w;
        w.u64(m_job.number);
        w.u8(static_cast<std::uint8_t>(grant));
        w.u64(ranges.size());
        for (const auto& [first, last] : ranges) {
            w.u64(first);
            w.u64(last);
        }
        send(child, kUnits, w.take());
    }

    // Answers the children's requests in order: a share of the pool that shrinks as it
    // empties (guided self-scheduling: large grants early, single units at the end). Once
    // fewer units are left than consumers, they go only to idle threads, so that no rank holds
    // a unit it cannot start while another waits: the job's end waits for one unit at most.
    bool serveChildren() {
        bool busy = false;
        while (!m_queued.empty()) {
            const Request q = m_queued.front();
            std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
            bool empty = false;
            {
                const std::lock_guard lock(m_mutex);
                const std::uint64_t consumers = m_children.size() + (m_threads > 0 ? 1 : 0);
                std::uint64_t n =
                    std::min(q.wanted, std::max<std::uint64_t>(1, m_poolUnits / (2 * consumers)));
                if (m_poolUnits < consumers) {
                    n = std::min(n, q.idle);
                }
                while (n > 0 && !m_pool.empty()) {
                    auto& [first, last] = m_pool.front();
                    const std::uint64_t take = std::min(n, last - first);
                    ranges.emplace_back(first, first + take);
                    first += take;
                    n -= take;
                    m_poolUnits -= take;
                    if (first == last) {
                        m_pool.pop_front();
                    }
                }
                empty = m_poolUnits == 0 && ranges.empty();
            }
            const bool above = m_topo.rank != 0 && !m_parentExhausted; // units may still come
            if (!ranges.empty()) {
                reply(q.child, Grant::Units, ranges);
            } else if (empty && !above) {
                reply(q.child, Grant::Exhausted, ranges);
            } else if (q.idle == 0 || !empty) {
                reply(q.child, Grant::NoneNow, ranges);
            } else {
                break; // idle threads wait below: this rank's own request brings units
            }
            m_queued.pop_front();
            busy = true;
        }
        return busy;
    }

    Topology m_topo;
    Job m_job;
    std::vector<int> m_children;
    unsigned m_threads;
    OnPoint m_onPoint;
    OnFailure m_onFailure;
    PointAssembly m_assembly;
    UnitList m_units;

    std::mutex m_mutex; // guards what the threads share with the main thread, below
    std::condition_variable m_wake;
    std::deque<std::pair<std::uint64_t, std::uint64_t>> m_pool; // unit index ranges
    std::uint64_t m_poolUnits = 0;
    std::deque<std::pair<std::uint64_t, std::string>> m_deposits; // blocks of owned points
    std::vector<Outgoing> m_outbox;
    bool m_halt = false;
    std::uint64_t m_idle = 0; // threads waiting for units
    std::condition_variable m_mainWake;
    bool m_mainWoken = false;
    std::atomic<std::uint64_t> m_simulated{0}; // by this rank's threads, not yet reported

    // The main thread's own.
    std::uint64_t m_childSimulated = 0;
    bool m_requestOutstanding = false;
    bool m_parentExhausted = false;
    struct Request {
        int child = 0;
        std::uint64_t wanted = 0;
        std::uint64_t idle = 0;
    };
    std::deque<Request> m_queued; // children's requests
    bool m_noneNow = false;
    std::list<Send> m_sends;
    std::uint64_t m_received = 0;
    std::uint64_t m_messages = 0;
    std::uint64_t m_sent = 0;

    std::unique_ptr<WorkerThreads> m_workers; // last: stopped before the rest goes
};

[[noreturn]] void abortJob(const std::string& failure) {
    // The other ranks may be in the middle of units: only an abort ends them. Nothing was
    // committed, so no output is left (a checkpoint keeps the points finished so far).
    std::cerr << "reducelab-mpi: error: " << printable(failure)
              << " (the job is ended; no output was written)\n";
    std::cerr.flush();
    MPI_Abort(MPI_COMM_WORLD, 1);
    std::abort();
}

std::string what(const std::exception_ptr& failure) {
    try {
        std::rethrow_exception(failure);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "unknown failure";
    }
}

} // namespace

void MpiExecutor::run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
                      const OnPoint& onPoint, const SweepProgress& progress) {
    const double cpu0 = clockSeconds(CLOCK_THREAD_CPUTIME_ID);
    if (m_ranks == 1) {
        LocalExecutor().run(points, pending, onPoint, progress);
        m_serialCpu += clockSeconds(CLOCK_THREAD_CPUTIME_ID) - cpu0;
        return;
    }
    const Topology topology{m_ranks, 0, groupSize(m_ranks)};
    Job job{++m_jobs, topology.group, points, pending};
    const std::string bytes = encodeJob(job);
    broadcastJob(bytes);
    m_sent += bytes.size();
    std::size_t delivered = 0;
    std::string failure;
    RankJob rank(
        topology, std::move(job), rankZeroComputes(m_ranks) ? jobThreads(points, 1U << 20) : 0,
        [&](std::uint64_t point, McResult&& result) {
            ++delivered;
            ++m_points;
            onPoint(point, std::move(result));
        },
        [&](int from, const std::string& why) {
            failure = "rank " + std::to_string(from) + " failed: " + why;
        });
    const std::uint64_t total = rank.units();
    bool cancelled = false;
    int endFlag = 0;
    MPI_Request end = MPI_REQUEST_NULL;
    try {
        auto lastReport = std::chrono::steady_clock::now();
        Backoff backoff;
        while (delivered < pending.size()) {
            rank.pause(backoff.next(rank.pump()));
            if (const std::exception_ptr f = rank.threadFailure(); f && failure.empty()) {
                failure = "rank 0 failed: " + what(f);
            }
            if (!failure.empty()) {
                abortJob(failure);
            }
            const auto now = std::chrono::steady_clock::now();
            if (progress && now - lastReport > std::chrono::milliseconds(50)) {
                lastReport = now;
                if (!progress(rank.simulated(), total)) {
                    cancelled = true;
                    break;
                }
            }
        }
    } catch (...) {
        endFlag = 1; // a refusal here (a checkpoint that cannot be written) ends the job too
        MPI_Ibcast(&endFlag, 1, MPI_INT, 0, MPI_COMM_WORLD, &end);
        rank.finish(&end);
        throw;
    }
    endFlag = cancelled ? 1 : 0;
    MPI_Ibcast(&endFlag, 1, MPI_INT, 0, MPI_COMM_WORLD, &end);
    rank.finish(&end);
    m_received += rank.received();
    m_messages += rank.messages();
    m_sent += rank.sent();
    if (progress && !cancelled) {
        progress(total, total);
    }
    m_serialCpu += clockSeconds(CLOCK_THREAD_CPUTIME_ID) - cpu0;
}

double MpiExecutor::stopWorkers() {
    if (m_ranks > 1) {
        broadcastJob(std::string());
    }
    double mine = clockSeconds(CLOCK_PROCESS_CPUTIME_ID);
    double all = 0.0;
    MPI_Reduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    return all;
}

int workerLoop(int rank, const AlgorithmCatalog& catalog) {
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    for (;;) {
        const std::string bytes = broadcastJob(std::string());
        if (bytes.empty()) {
            break;
        }
        Job job;
        try {
            job = decodeJob(bytes, catalog);
        } catch (const std::exception& e) {
            abortJob("rank " + std::to_string(rank) + " failed: " + e.what());
        }
        int endFlag = 0;
        MPI_Request end = MPI_REQUEST_NULL;
        MPI_Ibcast(&endFlag, 1, MPI_INT, 0, MPI_COMM_WORLD, &end);
        const unsigned threads = jobThreads(job.points, 1U << 20);
        const Topology topology{ranks, rank, job.group};
        RankJob mine(topology, std::move(job), threads);
        bool reported = false;
        Backoff backoff;
        for (;;) {
            int ended = 0;
            MPI_Test(&end, &ended, MPI_STATUS_IGNORE);
            if (ended != 0) {
                break;
            }
            bool busy = false;
            try {
                busy = mine.pump();
                if (const std::exception_ptr f = mine.threadFailure()) {
                    std::rethrow_exception(f);
                }
            } catch (const std::exception& e) {
                if (!reported) {
                    mine.reportFailure(e.what()); // rank 0 aborts the job
                    reported = true;
                }
            }
            mine.pause(backoff.next(busy));
        }
        mine.finish(nullptr);
    }
    double cpu = clockSeconds(CLOCK_PROCESS_CPUTIME_ID);
    MPI_Reduce(&cpu, nullptr, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    return 0;
}

} // namespace rl::mpi

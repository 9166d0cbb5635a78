#include "mpi/real_reduction.h"

#include "algorithms/binomial_stat.h"
#include "algorithms/fibonacci_stat.h"
#include "algorithms/ompi_parameters.h"
#include "algorithms/ompi_trees.h"
#include "base/input_error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <stdexcept>
#include <vector>

namespace rl::mpi {

namespace {

// The tags of one execution (on its own duplicate of the communicator, so that executions on
// one communicator never see each other's messages).
constexpr int kHeaderTag = 1;
constexpr int kPayloadTag = 2;
constexpr int kDeliveryTag = 3;

// What a transfer's first message says (its payload follows with kPayloadTag).
struct Header {
    std::int64_t from = 0; // sender's index
    std::int64_t lo = 0;   // the sender's values: lowest and highest index, and how many
    std::int64_t hi = 0;
    std::int64_t held = 0;
    double dueReady = 0.0; // when the sender was due to be ready (injected costs)
    double sent = 0.0;     // when it sent, on the common clock
};

// The window of the dynamic protocols, on the duplicate's rank 0: word 0 is Tree-dyn's slot or
// Non-Commut-Tree-dyn's lock; then NCTD's idle flags, the holder of the interval ending at
// each index and the holder of the interval starting at it.
constexpr std::int64_t kEmpty = -1;

constexpr double kStartMargin = 0.02;

void sleepFor(double seconds) {
    if (seconds <= 0.0) {
        return;
    }
    timespec t{};
    t.tv_sec = static_cast<time_t>(seconds);
    t.tv_nsec = static_cast<long>((seconds - static_cast<double>(t.tv_sec)) * 1e9);
    nanosleep(&t, nullptr);
}

// A failure on one rank: one line, and the communicator ends (no rank waits).
[[noreturn]] void abortWith(MPI_Comm comm, const std::string& what) {
    std::fprintf(stderr, "reducelab-mpi: %s\n", what.c_str());
    std::fflush(stderr);
    MPI_Abort(comm, 2);
    std::abort();
}

void check(int code, MPI_Comm comm, const char* what) {
    if (code != MPI_SUCCESS) {
        abortWith(comm, std::string("MPI call failed: ") + what);
    }
}

// One rank's execution.
class Runner {
  public:
    Runner(const RealRequest& r, MPI_Comm comm, int n, int rank)
        : m_req(r), m_comm(comm), m_n(n), m_rank(rank), m_commutative(r.data.commutative),
          m_index(m_commutative ? (rank - r.root + n) % n : rank), m_lo(m_index), m_hi(m_index),
          m_injected(r.costs.has_value()), m_arrivals(m_injected && !r.costs->arrival.empty()),
          m_arrival(m_arrivals
                        ? r.costs->unitSeconds * r.costs->arrival[static_cast<std::size_t>(m_index)]
                        : 0.0),
          m_dueReductionEnd(m_arrival) {
        const std::size_t bytes = r.data.bytes;
        for (auto& b : m_buffers) {
            b.assign(bytes, 0);
        }
        std::memcpy(m_buffers[0].data(), r.data.input, bytes);
        m_count = r.data.count < 0 ? static_cast<int>(bytes) : r.data.count;
    }

    int rankOf(int index) const { return m_commutative ? (index + m_req.root) % m_n : index; }

    void setOrigin(double origin) { m_origin = origin; }

    double now() const { return monotonicSeconds() - m_origin; }

    // Waits until the common clock reads `due` (injected costs; nothing without them): an
    // absolute deadline on CLOCK_MONOTONIC, so that late wake-ups do not add up.
    void waitUntil(double due) const {
        if (!m_injected) {
            return;
        }
        const double target = m_origin + due;
        timespec t{};
        t.tv_sec = static_cast<time_t>(target);
        t.tv_nsec = static_cast<long>((target - static_cast<double>(t.tv_sec)) * 1e9);
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, nullptr) != 0) {
        }
    }

    // Waits for `request` without spinning: MPI_Test, then a pause that grows to 200 us.
    void wait(MPI_Request& request) {
        int done = 0;
        double pause = 5e-6;
        for (;;) {
            check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), m_comm, "MPI_Test");
            if (done != 0) {
                return;
            }
            sleepFor(pause);
            pause = std::min(pause * 2.0, 2e-4);
        }
    }

    // Receives the next transfer (from `source`'s rank, or any) into a free buffer.
    struct Incoming {
        Header header;
        int buffer = 0;
        double ready = 0.0; // when this processor could take the reception (measured)
    };
    Incoming receive(int source, double ready) {
        Incoming in;
        in.ready = ready;
        MPI_Request request = MPI_REQUEST_NULL;
        check(MPI_Irecv(&in.header, sizeof(Header), MPI_BYTE,
                        source < 0 ? MPI_ANY_SOURCE : rankOf(source), kHeaderTag, m_comm, &request),
              m_comm, "MPI_Irecv");
        wait(request);
        in.buffer = freeBuffer();
        check(MPI_Irecv(m_buffers[in.buffer].data(), m_count, m_req.data.datatype,
                        rankOf(static_cast<int>(in.header.from)), kPayloadTag, m_comm, &request),
              m_comm, "MPI_Irecv");
        wait(request);
        return in;
    }

    int freeBuffer() {
        for (int b = 0; b < static_cast<int>(m_buffers.size()); ++b) {
            if (b != m_acc && !m_busy[b]) {
                m_busy[b] = true;
                return b;
            }
        }
        abortWith(m_comm, "internal error: no free reception buffer");
    }

    // A transfer into this processor: its measured and due times, then its reduction.
    void merge(const Incoming& in) {
        const int from = static_cast<int>(in.header.from);
        double dueEnd = 0.0;
        if (m_injected) {
            const double dueStart = std::max(in.header.dueReady, m_dueReceive);
            dueEnd = dueStart + m_req.costs->unitSeconds * m_req.costs->transfer(from, m_index);
            waitUntil(dueEnd);
        }
        const double end = now();
        m_transfers.push_back({static_cast<double>(from), static_cast<double>(m_index),
                               std::max(in.header.sent, in.ready), end});
        // The reduction: after the transfer and this processor's previous reduction.
        const double start = std::max(end, m_reductionEnd);
        double dueRedEnd = 0.0;
        if (m_injected) {
            const double dueStart = std::max(dueEnd, m_dueReductionEnd);
            dueRedEnd = dueStart + m_req.costs->unitSeconds * m_req.costs->reduction(m_index, from);
        }
        combine(in);
        waitUntil(dueRedEnd);
        m_reductionEnd = now();
        m_reductions.push_back(
            {static_cast<double>(m_index), static_cast<double>(from), start, m_reductionEnd});
        m_dueTransferEnd = dueEnd;
        m_dueReductionEnd = dueRedEnd;
        m_lo = std::min<int>(m_lo, static_cast<int>(in.header.lo));
        m_hi = std::max<int>(m_hi, static_cast<int>(in.header.hi));
        m_held += static_cast<int>(in.header.held);
    }

    // The operands in index order: the sender's values left of ours or right of them.
    void combine(const Incoming& in) {
        const bool senderLeft = in.header.hi < m_lo;
        void* mine = m_buffers[m_acc].data();
        void* theirs = m_buffers[in.buffer].data();
        if (senderLeft) {
            m_req.data.combine(theirs, mine);
            m_busy[in.buffer] = false;
        } else {
            m_req.data.combine(mine, theirs); // the result is in their buffer: it becomes ours
            m_busy[in.buffer] = false;
            m_acc = in.buffer;
        }
    }

    void send(int to) {
        Header h;
        h.from = m_index;
        h.lo = m_lo;
        h.hi = m_hi;
        h.held = m_held;
        h.dueReady = m_dueReductionEnd;
        h.sent = now();
        m_parent = to;
        check(MPI_Send(&h, sizeof(Header), MPI_BYTE, rankOf(to), kHeaderTag, m_comm), m_comm,
              "MPI_Send");
        check(MPI_Send(m_buffers[m_acc].data(), m_count, m_req.data.datatype, rankOf(to),
                       kPayloadTag, m_comm),
              m_comm, "MPI_Send");
        m_messages += 2;
    }

    // Static plan: the receptions in order, reception j once reception j-1 and the reduction
    // of reception j-1-lag have ended (in due times; the rank itself makes them one after
    // the other); then the send to the parent.
    void runPlan() {
        const StaticPlan& plan = *m_req.algorithm.plan;
        const int count = plan.receptionCount(m_index);
        std::vector<double> dueReductionEnds;
        for (int j = 0; j < count; ++j) {
            const int k = j - 1 - plan.lag;
            m_dueReceive = std::max(j >= 1 ? m_dueTransferEnd : m_arrival,
                                    k >= 0 ? dueReductionEnds[static_cast<std::size_t>(k)] : 0.0);
            merge(receive(plan.source(m_index, j), now()));
            dueReductionEnds.push_back(m_dueReductionEnd);
        }
        if (plan.parent[static_cast<std::size_t>(m_index)] >= 0) {
            send(plan.parent[static_cast<std::size_t>(m_index)]);
        }
    }

    // One-sided operations on the window (all at its rank 0), flushed at once.
    std::int64_t cas(std::int64_t word, std::int64_t compare, std::int64_t value) {
        std::int64_t old = 0;
        check(MPI_Compare_and_swap(&value, &compare, &old, MPI_INT64_T, 0, word, m_win), m_comm,
              "MPI_Compare_and_swap");
        check(MPI_Win_flush(0, m_win), m_comm, "MPI_Win_flush");
        ++m_windowOps;
        return old;
    }
    std::int64_t fetch(std::int64_t word, std::int64_t value, MPI_Op op) {
        std::int64_t old = 0;
        check(MPI_Fetch_and_op(&value, &old, MPI_INT64_T, 0, word, op, m_win), m_comm,
              "MPI_Fetch_and_op");
        check(MPI_Win_flush(0, m_win), m_comm, "MPI_Win_flush");
        ++m_windowOps;
        return old;
    }
    std::int64_t read(std::int64_t word) { return fetch(word, 0, MPI_NO_OP); }
    void write(std::int64_t word, std::int64_t value) { fetch(word, value, MPI_REPLACE); }

    // The dynamic protocols. At t = 0 the simulator handles the processors in index order,
    // which pairs 2k+1 -> 2k (and leaves the last one waiting when n is odd): the same first
    // pairings here, without the window; then each idle processor takes its decision on it.
    // With late arrivals nobody is paired at the start: each index decides at its arrival.
    void runDynamic(bool nonCommutative) {
        if (!m_arrivals && m_index % 2 == 1) {
            send(m_index - 1);
            return;
        }
        // An even index first receives from index + 1, or (the last one, n odd) waits in the
        // slot or as idle, as the window starts.
        for (bool first = !m_arrivals;; first = false) {
            if (!first) {
                waitUntil(m_dueReductionEnd); // idle at its due time: then it decides
                const int to = nonCommutative ? decideNctd() : decideTreeDyn();
                if (to >= 0) {
                    send(to);
                    return;
                }
            }
            m_dueReceive = m_dueReductionEnd;
            merge(receive(-1, now()));
            if (m_held == m_n) {
                return;
            }
        }
    }

    // Tree-dyn: enter the empty slot (-1 returned: wait), or empty it and send to its holder.
    int decideTreeDyn() {
        for (;;) {
            const std::int64_t old = cas(0, kEmpty, m_index);
            if (old == kEmpty) {
                return -1;
            }
            if (cas(0, old, kEmpty) == old) {
                return static_cast<int>(old);
            }
        }
    }

    // Non-Commut-Tree-dyn, under the window's lock: publish this processor's interval, then
    // send to the idle left neighbour, else the idle right one, else wait as idle.
    int decideNctd() {
        const std::int64_t n = m_n;
        double pause = 5e-6;
        while (cas(0, 0, m_index + 1) != 0) {
            sleepFor(pause);
            pause = std::min(pause * 2.0, 1e-4);
        }
        write(1 + n + m_hi, m_index);     // the holder of the interval ending at hi
        write(1 + 2 * n + m_lo, m_index); // and of the one starting at lo
        int to = -1;
        if (m_lo > 0) {
            const std::int64_t left = read(1 + n + m_lo - 1);
            if (read(1 + left) == 1) {
                write(1 + left, 0);
                to = static_cast<int>(left);
            }
        }
        if (to < 0 && m_hi < m_n - 1) {
            const std::int64_t right = read(1 + 2 * n + m_hi + 1);
            if (read(1 + right) == 1) {
                write(1 + right, 0);
                to = static_cast<int>(right);
            }
        }
        if (to < 0) {
            write(1 + m_index, 1);
        }
        write(0, 0); // unlock
        return to;
    }

    void allocateWindow(bool nonCommutative) {
        const std::int64_t words = m_rank == 0 ? (nonCommutative ? 1 + 3 * m_n : 1) : 0;
        std::int64_t* base = nullptr;
        check(MPI_Win_allocate(static_cast<MPI_Aint>(words * sizeof(std::int64_t)),
                               sizeof(std::int64_t), MPI_INFO_NULL, m_comm,
                               static_cast<void*>(&base), &m_win),
              m_comm, "MPI_Win_allocate");
        check(MPI_Win_lock_all(0, m_win), m_comm, "MPI_Win_lock_all");
        if (m_rank == 0) {
            if (nonCommutative) {
                base[0] = 0; // the lock, free
                for (std::int64_t i = 0; i < m_n; ++i) {
                    base[1 + i] = (!m_arrivals && m_n % 2 == 1 && i == m_n - 1) ? 1 : 0;
                    base[1 + m_n + i] = i;
                    base[1 + 2 * m_n + i] = i;
                }
            } else {
                base[0] = !m_arrivals && m_n % 2 == 1 ? m_n - 1 : kEmpty; // the slot
            }
            check(MPI_Win_sync(m_win), m_comm, "MPI_Win_sync");
        }
        check(MPI_Barrier(m_comm), m_comm, "MPI_Barrier");
    }

    void freeWindow() {
        if (m_win != MPI_WIN_NULL) {
            check(MPI_Win_unlock_all(m_win), m_comm, "MPI_Win_unlock_all");
            check(MPI_Win_free(&m_win), m_comm, "MPI_Win_free");
        }
    }

    // A late index enters at its arrival (on the one clock); the others at the common start.
    void arrive() {
        waitUntil(m_arrival);
        m_arrived = now();
    }

    void run() {
        const RealProtocol p = m_req.algorithm.protocol;
        if (p == RealProtocol::StaticPlan) {
            runPlan();
        } else {
            runDynamic(p == RealProtocol::NonCommutTreeDyn);
        }
    }

    // The hand-off to the root when another processor holds everything.
    void deliver() {
        const bool holder = m_held == m_n;
        const bool root = m_rank == m_req.root;
        if (holder && !root) {
            const double start = now();
            check(MPI_Send(m_buffers[m_acc].data(), m_count, m_req.data.datatype, m_req.root,
                           kDeliveryTag, m_comm),
                  m_comm, "MPI_Send");
            ++m_messages;
            m_delivery = {m_index, m_commutative ? 0 : m_req.root, start, now()};
        } else if (root && !holder) {
            MPI_Request request = MPI_REQUEST_NULL;
            const double start = now();
            m_acc = freeBuffer();
            check(MPI_Irecv(m_buffers[m_acc].data(), m_count, m_req.data.datatype, MPI_ANY_SOURCE,
                            kDeliveryTag, m_comm, &request),
                  m_comm, "MPI_Irecv");
            wait(request);
            m_delivered = now();
            (void)start;
        }
        if (root) {
            std::memcpy(m_req.data.output, m_buffers[m_acc].data(), m_req.data.bytes);
        }
    }

    RealResult gather() {
        // Records of 5 doubles: kind (0 transfer, 1 reduction, 2 delivery), a, b, start, end.
        std::vector<double> mine;
        for (const auto& t : m_transfers) {
            mine.insert(mine.end(), {0.0, t[0], t[1], t[2], t[3]});
        }
        for (const auto& r : m_reductions) {
            mine.insert(mine.end(), {1.0, r[0], r[1], r[2], r[3]});
        }
        if (m_delivery) {
            mine.insert(mine.end(),
                        {2.0, static_cast<double>(m_delivery->from),
                         static_cast<double>(m_delivery->to), m_delivery->start, m_delivery->end});
        }
        mine.insert(mine.end(), {3.0, static_cast<double>(m_index), static_cast<double>(m_parent),
                                 m_delivered, m_arrived});
        const int size = static_cast<int>(mine.size());
        std::vector<int> sizes(static_cast<std::size_t>(m_rank == m_req.root ? m_n : 0));
        check(MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, m_req.root, m_comm), m_comm,
              "MPI_Gather");
        std::vector<int> offsets(sizes.size(), 0);
        int total = 0;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            offsets[i] = total;
            total += sizes[i];
        }
        std::vector<double> all(static_cast<std::size_t>(total));
        check(MPI_Gatherv(mine.data(), size, MPI_DOUBLE, all.data(), sizes.data(), offsets.data(),
                          MPI_DOUBLE, m_req.root, m_comm),
              m_comm, "MPI_Gatherv");
        std::array<long long, 2> counts{m_messages, m_windowOps};
        std::array<long long, 2> sums{0, 0};
        check(MPI_Reduce(counts.data(), sums.data(), 2, MPI_LONG_LONG, MPI_SUM, m_req.root, m_comm),
              m_comm, "MPI_Reduce");
        RealResult result;
        if (m_rank != m_req.root) {
            return result;
        }
        result.messages = sums[0];
        result.windowOperations = sums[1];
        Schedule& s = result.schedule;
        s.n = m_n;
        s.nonCommutative = !m_commutative;
        s.algorithm = m_req.algorithm.name;
        s.parent.assign(static_cast<std::size_t>(m_n), -1);
        if (m_arrivals) {
            s.arrivals.assign(static_cast<std::size_t>(m_n), 0.0);
        }
        std::vector<ReductionOp> reductions;
        std::vector<int> transferOf(static_cast<std::size_t>(m_n), -1); // by sender
        for (std::size_t k = 0; k + 4 < all.size(); k += 5) {
            const int kind = static_cast<int>(all[k]);
            const int a = static_cast<int>(all[k + 1]);
            const int b = static_cast<int>(all[k + 2]);
            if (kind == 0) {
                s.transfers.push_back({a, b, all[k + 3], all[k + 4]});
            } else if (kind == 1) {
                reductions.push_back({a, b, all[k + 3], all[k + 4]}); // transfer: the sender
            } else if (kind == 2) {
                result.delivery = TransferOp{a, b, all[k + 3], all[k + 4]};
            } else {
                s.parent[static_cast<std::size_t>(a)] = b;
                if (m_arrivals) {
                    s.arrivals[static_cast<std::size_t>(a)] = all[k + 4];
                }
                if (b < 0) {
                    s.root = a;
                }
                result.completed = std::max(result.completed, all[k + 3]);
            }
        }
        std::stable_sort(
            s.transfers.begin(), s.transfers.end(),
            [](const TransferOp& x, const TransferOp& y) { return x.start < y.start; });
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            transferOf[static_cast<std::size_t>(s.transfers[k].from)] = static_cast<int>(k);
        }
        for (ReductionOp& r : reductions) {
            r.transfer = transferOf[static_cast<std::size_t>(r.transfer)];
        }
        std::stable_sort(
            reductions.begin(), reductions.end(),
            [](const ReductionOp& x, const ReductionOp& y) { return x.start < y.start; });
        s.reductions = std::move(reductions);
        for (const TransferOp& t : s.transfers) {
            s.makespan = std::max(s.makespan, t.end);
        }
        for (const ReductionOp& r : s.reductions) {
            s.makespan = std::max(s.makespan, r.end);
        }
        for (const double a : s.arrivals) { // n = 1: the makespan is the arrival (model.md §1)
            s.makespan = std::max(s.makespan, a);
        }
        result.completed = std::max(result.completed, s.makespan);
        if (result.delivery) {
            result.completed = std::max(result.completed, result.delivery->end);
        }
        for (int i = 0; i < m_n; ++i) {
            result.indexToRank.push_back(rankOf(i));
        }
        return result;
    }

    MPI_Win m_win = MPI_WIN_NULL;

  private:
    const RealRequest& m_req;
    MPI_Comm m_comm;
    int m_n;
    int m_rank;
    double m_origin = 0.0;
    bool m_commutative;
    int m_index;
    int m_lo;
    int m_hi;
    int m_held = 1;
    bool m_injected;
    bool m_arrivals;  // injected late arrivals
    double m_arrival; // this index's, in seconds from the common start
    double m_arrived = 0.0;
    int m_count = 0;
    std::array<std::vector<unsigned char>, 3> m_buffers;
    std::array<bool, 3> m_busy{false, false, false};
    int m_acc = 0;
    int m_parent = -1;
    double m_reductionEnd = 0.0;
    double m_dueReceive = 0.0;
    double m_dueTransferEnd = 0.0;
    double m_dueReductionEnd; // starts at the arrival

    double m_delivered = 0.0;
    std::optional<TransferOp> m_delivery;
    std::vector<std::array<double, 4>> m_transfers;  // from, to, start, end
    std::vector<std::array<double, 4>> m_reductions; // proc, from, start, end
    long long m_messages = 0;
    long long m_windowOps = 0;
};

} // namespace

double monotonicSeconds() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double realClockOffset(MPI_Comm comm) {
    int rank = 0;
    int size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    // One host, one clock: CLOCK_MONOTONIC is the same for every process of a machine.
    std::array<char, MPI_MAX_PROCESSOR_NAME> name{};
    std::array<char, MPI_MAX_PROCESSOR_NAME> rootName{};
    int length = 0;
    MPI_Get_processor_name(name.data(), &length);
    if (rank == 0) {
        rootName = name;
    }
    MPI_Bcast(rootName.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, comm);
    const int local = std::strncmp(name.data(), rootName.data(), MPI_MAX_PROCESSOR_NAME) == 0;
    int allLocal = 0;
    MPI_Allreduce(&local, &allLocal, 1, MPI_INT, MPI_MIN, comm);
    if (allLocal == 1) {
        return 0.0;
    }
    // Across hosts: each rank of another host in turn makes 8 round trips with rank 0; rank 0
    // answers with its clock, taken to be read at the middle of the shortest round trip.
    constexpr int kTrips = 8;
    double offset = 0.0;
    for (int r = 1; r < size; ++r) {
        int remote = 0;
        if (rank == 0 || rank == r) {
            int flag = local;
            if (rank == 0) {
                MPI_Recv(&flag, 1, MPI_INT, r, 90, comm, MPI_STATUS_IGNORE);
            } else {
                MPI_Send(&flag, 1, MPI_INT, 0, 90, comm);
            }
            remote = flag == 0;
        }
        if (!remote) {
            continue;
        }
        double best = 1e300;
        for (int k = 0; k < kTrips; ++k) {
            if (rank == 0) {
                double ping = 0.0;
                MPI_Recv(&ping, 1, MPI_DOUBLE, r, 91, comm, MPI_STATUS_IGNORE);
                const double t = monotonicSeconds();
                MPI_Send(&t, 1, MPI_DOUBLE, r, 92, comm);
            } else {
                const double sent = monotonicSeconds();
                MPI_Send(&sent, 1, MPI_DOUBLE, 0, 91, comm);
                double t = 0.0;
                MPI_Recv(&t, 1, MPI_DOUBLE, 0, 92, comm, MPI_STATUS_IGNORE);
                const double back = monotonicSeconds();
                if (back - sent < best) {
                    best = back - sent;
                    offset = t - 0.5 * (sent + back);
                }
            }
        }
    }
    return offset;
}

std::optional<RealAlgorithm> realAlgorithm(const Algorithm& algorithm, int n, bool commutative,
                                           long long messageBytes) {
    const std::string& key = algorithm.key();
    // ompi-chain of any fan-out (ompi-chain:K, algorithms/ompi_parameters.h).
    if (const auto fanout = ompiChainFanout(algorithm)) {
        return RealAlgorithm{
            RealProtocol::StaticPlan,
            ompiStaticPlan(OmpiTree::Chain, n, !commutative, static_cast<int>(*fanout)),
            algorithm.name()};
    }
    // ompi-default decides for `messageBytes`; ompi-default:B for the B its key names.
    if (const auto bytes = ompiDefaultBytes(algorithm)) {
        const OmpiDecision d =
            ompiDefaultDecision(n, key == "ompi-default" ? messageBytes : *bytes, commutative);
        return RealAlgorithm{RealProtocol::StaticPlan,
                             ompiStaticPlan(d.tree, n, !commutative, d.fanout), algorithm.name()};
    }
    // Open MPI's other trees (algorithms/ompi_trees.h): the plans the simulator runs for them.
    for (OmpiTree tree : {OmpiTree::Linear, OmpiTree::Chain, OmpiTree::Pipeline, OmpiTree::Binary,
                          OmpiTree::Binomial, OmpiTree::InOrderBinary}) {
        if (key == ompiKey(tree)) {
            return RealAlgorithm{RealProtocol::StaticPlan, ompiStaticPlan(tree, n, !commutative),
                                 algorithm.name()};
        }
    }
    if (key == "binomial") {
        return RealAlgorithm{RealProtocol::StaticPlan, binomialStatPlan(n), algorithm.name()};
    }
    if (key == "fibonacci") {
        return RealAlgorithm{RealProtocol::StaticPlan, fibonacciStatPlan(n), algorithm.name()};
    }
    if (key == "tree-dyn") {
        return RealAlgorithm{RealProtocol::TreeDyn, std::nullopt, algorithm.name()};
    }
    if (key == "nctd") {
        return RealAlgorithm{RealProtocol::NonCommutTreeDyn, std::nullopt, algorithm.name()};
    }
    return std::nullopt;
}

bool realExecutable(const RealAlgorithm& algorithm, bool commutative, std::string* why) {
    if (algorithm.protocol == RealProtocol::TreeDyn && !commutative) {
        if (why != nullptr) {
            *why = algorithm.name + " needs a commutative operation";
        }
        return false;
    }
    if (algorithm.protocol == RealProtocol::StaticPlan && !algorithm.plan) {
        if (why != nullptr) {
            *why = algorithm.name + " has no plan";
        }
        return false;
    }
    return true;
}

RealResult executeReduction(const RealRequest& request) {
    int n = 1;
    int rank = 0;
    MPI_Comm_size(request.comm, &n);
    MPI_Comm_rank(request.comm, &rank);
    std::string why;
    if (!realExecutable(request.algorithm, request.data.commutative, &why)) {
        throw InputError(why);
    }
    if (request.algorithm.plan && request.algorithm.plan->n != n) {
        throw InputError("the plan is for " + std::to_string(request.algorithm.plan->n) +
                         " processors, the communicator has " + std::to_string(n));
    }
    if (request.root < 0 || request.root >= n) {
        throw InputError("root " + std::to_string(request.root) + " is not a rank of the " +
                         std::to_string(n) + " ranks");
    }
    if (request.data.bytes == 0 || !request.data.combine || request.data.input == nullptr ||
        (rank == request.root && request.data.output == nullptr)) {
        throw InputError("the reduction's data needs a size, a value and a combine function");
    }
    if (request.costs && (!request.costs->transfer || !request.costs->reduction ||
                          !(request.costs->unitSeconds > 0.0))) {
        throw InputError("injected costs need a time unit and both cost functions");
    }
    if (request.costs && !request.costs->arrival.empty() &&
        (request.costs->arrival.size() != static_cast<std::size_t>(n) ||
         !std::all_of(request.costs->arrival.begin(), request.costs->arrival.end(),
                      [](double a) { return std::isfinite(a) && a >= 0.0; }))) {
        throw InputError("injected arrivals need one finite, non-negative time per rank");
    }
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Comm_dup(request.comm, &comm);
    const double offset = realClockOffset(comm);
    RealResult result;
    try {
        Runner runner(request, comm, n, rank);
        const RealProtocol p = request.algorithm.protocol;
        if (p != RealProtocol::StaticPlan && n > 1) {
            runner.allocateWindow(p == RealProtocol::NonCommutTreeDyn);
        }
        // The common start, once everything is set up: rank 0's clock 20 ms on (time for every
        // rank of a loaded machine to get the broadcast and go to sleep), which every rank
        // waits for.
        double start = 0.0;
        check(MPI_Barrier(comm), comm, "MPI_Barrier");
        if (rank == 0) {
            start = monotonicSeconds() + kStartMargin;
        }
        check(MPI_Bcast(&start, 1, MPI_DOUBLE, 0, comm), comm, "MPI_Bcast");
        const double origin = start - offset; // this rank's clock at the common start
        runner.setOrigin(origin);
        while (monotonicSeconds() < origin) {
            sleepFor(origin - monotonicSeconds());
        }
        // A test hook, as REDUCELAB_MPI_FAIL_RANK of mc and sweep: the named rank fails once the
        // execution has started, so that the test suite can check that no rank is left waiting.
        if (const char* v = std::getenv("REDUCELAB_REAL_FAIL_RANK");
            v != nullptr && std::string(v) == std::to_string(rank)) {
            throw std::runtime_error("rank " + std::to_string(rank) +
                                     " failed (REDUCELAB_REAL_FAIL_RANK)");
        }
        runner.arrive();
        if (n > 1) {
            runner.run();
        }
        runner.deliver();
        runner.freeWindow();
        result = runner.gather();
    } catch (const std::exception& e) {
        abortWith(comm, e.what());
    }
    MPI_Comm_free(&comm);
    return result;
}

} // namespace rl::mpi

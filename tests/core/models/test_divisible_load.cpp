// Divisible load (seed 004, Vivien): the closed forms of the slides checked numerically against
// their linear programs (GLPK) on random instances with fixed seeds: bus (all finish together,
// order has no impact), star (decreasing bandwidth is optimal over all orders), LIFO by c + d
// (no idle time, every worker works), FIFO with d = z c, uniform multi-round, bandwidth-centric
// steady state; every schedule passes the validator; bad platforms are refused by name.
#include "base/input_error.h"
#include "models/divisible_load.h"

#include "../../test_support.h"

#include <iomanip>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace rl;
using rl::test::contains;
using rl::test::formatted;

namespace {

/// Uniform in [lo, hi) from a fixed-seed engine (portable: no std distribution involved).
struct Draw {
    std::mt19937_64 gen;
    explicit Draw(std::uint64_t seed) : gen(seed) {}
    double operator()(double lo, double hi) {
        return lo + (hi - lo) * static_cast<double>(gen() >> 11) * 0x1.0p-53;
    }
};

StarPlatform randomStar(Draw& u, int p, bool returns, double masterW = 0.0) {
    StarPlatform s;
    s.masterW = masterW;
    for (int i = 0; i < p; ++i) {
        s.workers.push_back({u(0.1, 3.0), u(0.5, 8.0), returns ? u(0.05, 2.0) : 0.0, 0.0});
    }
    return s;
}

std::vector<int> identity(int p) {
    std::vector<int> o(static_cast<std::size_t>(p));
    std::iota(o.begin(), o.end(), 0);
    return o;
}

std::string joined(const std::vector<std::string>& errors) {
    return rl::test::join(errors, "; ");
}

std::string inputError(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

/// The slides' FIFO closed form: the first q workers of `order` with no idle time solve
/// A alpha = 1 (T = 1), A_ij = c_j [j <= i] + w_i [j = i] + d_j [j >= i]; returns the load
/// processed per unit of time, or -1 when a share would be negative.
double fifoNoIdleThroughput(const StarPlatform& s, const std::vector<int>& order, int q) {
    const auto uq = static_cast<std::size_t>(q);
    std::vector<std::vector<double>> a(uq, std::vector<double>(uq + 1, 0.0));
    for (std::size_t i = 0; i < uq; ++i) {
        for (std::size_t j = 0; j < uq; ++j) {
            const Worker& wj = s.workers[static_cast<std::size_t>(order[j])];
            a[i][j] = (j <= i ? wj.c : 0.0) + (j == i ? wj.w : 0.0) + (j >= i ? wj.d : 0.0);
        }
        a[i][uq] = 1.0;
    }
    for (std::size_t c = 0; c < uq; ++c) { // Gauss-Jordan with partial pivoting
        std::size_t piv = c;
        for (std::size_t r = c; r < uq; ++r) {
            if (std::abs(a[r][c]) > std::abs(a[piv][c])) {
                piv = r;
            }
        }
        std::swap(a[c], a[piv]);
        for (std::size_t r = 0; r < uq; ++r) {
            if (r != c) {
                const double f = a[r][c] / a[c][c];
                for (std::size_t k = c; k <= uq; ++k) {
                    a[r][k] -= f * a[c][k];
                }
            }
        }
    }
    double rho = 0.0;
    for (std::size_t i = 0; i < uq; ++i) {
        const double alpha = a[i][uq] / a[i][i];
        if (alpha < -1e-12) {
            return -1.0;
        }
        rho += alpha;
    }
    return rho;
}

bool close(double a, double b, double rel = 1e-7) {
    return std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
}

/// The uniform multi-round schedule of the slides in closed form, written independently of
/// the implementation: theta = sum c/w, lambda = sum of the latencies, S = sum 1/w over the
/// workers used, work = load / S. Round times tau_j = lambda + theta tau_(j+1) move
/// geometrically around the fixed point t* = lambda / (1 - theta):
///   tau_j = t* + delta theta^-j,  delta = (work - M t*) / sum_(j<M) theta^-j,
/// (delta computed directly: no two large terms cancel). The schedule exists when every
/// tau_j > 0; tau_j is monotone, so when tau_0 > 0 and tau_(M-1) > 0. With no idle time in
/// the master's sends, a worker never waits when the rounds grow (tau_0 <= tau_(M-1)): the
/// last worker served ends at  lambda + theta tau_0 + work  (round 0's sends, then its
/// computations back to back); when they shrink a worker waits for each round's data, and
/// the end is the master's sends of all rounds plus the last computation:
///   M lambda + theta work + tau_(M-1).
struct UmrClosedForm {
    bool exists = false;
    double tau0 = 0.0;
    double tauLast = 0.0;
    double work = 0.0;
    double makespan = 0.0;
};

UmrClosedForm umrClosedForm(const StarPlatform& p, const std::vector<int>& used, double load,
                            int rounds) {
    double theta = 0.0;
    double lambda = 0.0;
    double speed = 0.0;
    for (int i : used) {
        const Worker& wk = p.workers[static_cast<std::size_t>(i)];
        theta += wk.c / wk.w;
        lambda += wk.latency;
        speed += 1.0 / wk.w;
    }
    UmrClosedForm f;
    f.work = load / speed;
    const double fixedPoint = lambda / (1.0 - theta); // theta = 1 is not drawn
    double geometric = 0.0;
    for (int j = 0; j < rounds; ++j) {
        geometric += std::pow(theta, -j);
    }
    const double delta = (f.work - rounds * fixedPoint) / geometric;
    f.tau0 = fixedPoint + delta;
    f.tauLast = fixedPoint + delta * std::pow(theta, -(rounds - 1));
    f.exists = f.tau0 > 0.0 && f.tauLast > 0.0;
    f.makespan = f.tau0 <= f.tauLast ? lambda + theta * f.tau0 + f.work
                                     : rounds * lambda + theta * f.work + f.tauLast;
    return f;
}

/// The first `q` workers in increasing c (the slides' resource selection).
std::vector<int> fastestLinks(const StarPlatform& p, int q) {
    std::vector<int> o = identity(p.workerCount());
    std::stable_sort(o.begin(), o.end(), [&](int a, int b) {
        return p.workers[static_cast<std::size_t>(a)].c < p.workers[static_cast<std::size_t>(b)].c;
    });
    o.resize(static_cast<std::size_t>(q));
    return o;
}

} // namespace

// Bus (slides part 3): every processor, master included, ends at T; the LP for the same
// order finds the same T; the closed-form ratio alpha_i = w_{i-1} / (c + w_i) alpha_{i-1}.
TEST(DivisibleLoad, BusClosedFormAllFinishTogether) {
    Draw u(11);
    for (int trial = 0; trial < 30; ++trial) {
        const int p = 1 + trial % 6;
        std::vector<double> w;
        for (int i = 0; i < p; ++i) {
            w.push_back(u(0.5, 6.0));
        }
        const StarPlatform bus = StarPlatform::bus(u(0.1, 2.0), w, u(0.5, 6.0));
        const double load = u(1.0, 100.0);
        const DivisibleSchedule s = oneRoundClosedForm(bus, identity(p), load);
        ASSERT_TRUE(validateDivisible(s, bus).empty()) << joined(validateDivisible(s, bus));
        for (const LoadChunk& ch : s.chunks) {
            ASSERT_TRUE(close(ch.computeEnd, s.makespan));
            ASSERT_TRUE(ch.amount > 0.0);
        }
        const auto a = s.alphas(p);
        ASSERT_TRUE(close(s.masterAlpha() + std::accumulate(a.begin(), a.end(), 0.0), 1.0));
        ASSERT_TRUE(close(a[0], bus.masterW / (bus.workers[0].c + w[0]) * s.masterAlpha()));
        for (int i = 1; i < p; ++i) {
            ASSERT_TRUE(close(a[static_cast<std::size_t>(i)],
                              w[static_cast<std::size_t>(i - 1)] /
                                  (bus.workers[0].c + w[static_cast<std::size_t>(i)]) *
                                  a[static_cast<std::size_t>(i - 1)]));
        }
        const DivisibleSchedule lp = oneRoundLp(bus, identity(p), load);
        ASSERT_TRUE(close(lp.makespan, s.makespan))
            << "LP " << lp.makespan << " vs closed form " << s.makespan;
    }
}

// Bus: the order of communications has no impact on T.
TEST(DivisibleLoad, BusOrderHasNoImpact) {
    Draw u(12);
    for (int trial = 0; trial < 5; ++trial) {
        std::vector<double> w;
        for (int i = 0; i < 5; ++i) {
            w.push_back(u(0.5, 6.0));
        }
        const StarPlatform bus = StarPlatform::bus(u(0.1, 2.0), w, trial % 2 ? 2.0 : 0.0);
        std::vector<int> order = identity(5);
        const double ref = oneRoundClosedForm(bus, order, 10.0).makespan;
        while (std::next_permutation(order.begin(), order.end())) {
            ASSERT_TRUE(close(oneRoundClosedForm(bus, order, 10.0).makespan, ref, 1e-12));
        }
    }
}

// Star (part 4): for every order the closed form equals the LP; the bandwidth order (c
// increasing) is the best of all orders, and some other order is strictly worse.
TEST(DivisibleLoad, StarBandwidthOrderIsOptimal) {
    Draw u(13);
    for (int trial = 0; trial < 12; ++trial) {
        const int p = 2 + trial % 4;
        const StarPlatform star = randomStar(u, p, false, trial % 3 == 0 ? 2.0 : 0.0);
        const double best = oneRoundClosedForm(star, bandwidthOrder(star), 1.0).makespan;
        std::vector<int> order = identity(p);
        double minimum = std::numeric_limits<double>::infinity();
        double maximum = 0.0;
        int checkedLp = 0;
        do {
            const DivisibleSchedule cf = oneRoundClosedForm(star, order, 1.0);
            ASSERT_TRUE(validateDivisible(cf, star).empty());
            // For a bad order the LP may do better by starving a worker whose slow link
            // would delay everyone after it: never worse than the closed form.
            if (checkedLp++ < 6) {
                ASSERT_TRUE(oneRoundLp(star, order, 1.0).makespan <= cf.makespan * (1 + 1e-9));
            }
            minimum = std::min(minimum, cf.makespan);
            maximum = std::max(maximum, cf.makespan);
        } while (std::next_permutation(order.begin(), order.end()));
        ASSERT_TRUE(close(best, minimum, 1e-12))
            << "bandwidth order " << best << ", best order " << minimum;
        ASSERT_TRUE(maximum > best * (1.0 + 1e-6)); // the c_i differ: the order matters
        ASSERT_TRUE(close(oneRoundLp(star, bandwidthOrder(star), 1.0).makespan, best));
    }
}

// LIFO (part 5): sending by increasing c + d and returning in reverse leaves no idle time,
// every worker works, the LP equals the star closed form on c' = c + d, and no other LIFO
// order (LP each) does better.
TEST(DivisibleLoad, LifoByCommPlusReturnHasNoIdleTime) {
    Draw u(14);
    for (int trial = 0; trial < 10; ++trial) {
        const int p = 2 + trial % 4;
        const StarPlatform star = randomStar(u, p, true);
        const DivisibleSchedule s = bestLifo(star, 1.0);
        ASSERT_TRUE(validateDivisible(s, star).empty()) << joined(validateDivisible(s, star));
        for (double x : s.idleBeforeReturn(p)) {
            ASSERT_TRUE(std::abs(x) <= 1e-7 * s.makespan) << "idle " << x;
        }
        for (double a : s.alphas(p)) {
            ASSERT_TRUE(a > 1e-9);
        }
        StarPlatform folded = star;
        for (Worker& wk : folded.workers) {
            wk.c += wk.d;
            wk.d = 0.0;
        }
        ASSERT_TRUE(
            close(oneRoundClosedForm(folded, commPlusReturnOrder(star), 1.0).makespan, s.makespan));
        std::vector<int> order = identity(p);
        do {
            const double other =
                withReturnsLp(star, order, {order.rbegin(), order.rend()}, 1.0).makespan;
            ASSERT_TRUE(other >= s.makespan * (1.0 - 1e-7));
        } while (std::next_permutation(order.begin(), order.end()));
    }
}

// Idle times are the schedule's own, not the linear program's rounding: GLPK holds its
// rows to 1e-7 relative, and the returns' times came out up to 1e-11 of the makespan on
// either side of the computations' ends (-4e-6 with a makespan of 438947 below). Every idle
// time within DivisibleSchedule::tolerance() reads 0, none is negative, LIFO's (no idle
// time, by the slides' theorem) are all exactly 0. Random platforms (fixed seed) of 2 to 9
// workers and loads from 1 to 1e5 where the raw differences show such noise.
TEST(DivisibleLoad, IdleTimesAreNotSolverNoise) {
    const StarPlatform reproducer = StarPlatform::parseWorkers(
        "5.692:40.12:0.6311,4.723:18.99:2.1,4.328:38.12:0.02106,5.912:5.12:3.174");
    const DivisibleSchedule lifo = bestLifo(reproducer, 49630.2);
    ASSERT_TRUE(validateDivisible(lifo, reproducer).empty());
    for (const LoadChunk& ch : lifo.chunks) {
        ASSERT_FUZZY_EQ(lifo.idleBeforeReturn(ch), 0.0);
    }
    ASSERT_EQ(lifo.idleBeforeReturn(4), std::vector<double>(4, 0.0));

    Draw u(2029);
    int noisy = 0;
    for (int trial = 0; trial < 60; ++trial) {
        StarPlatform p;
        const int workers = 2 + trial % 8;
        for (int i = 0; i < workers; ++i) {
            p.workers.push_back({u(0.001, 10.0), u(0.01, 50.0), u(0.0, 10.0), 0.0});
        }
        p.masterW = trial % 3 == 0 ? u(0.1, 20.0) : 0.0;
        const double load = std::pow(10.0, u(0.0, 5.0));
        for (const DivisibleSchedule& s : {bestLifo(p, load), bestFifo(p, load, 4)}) {
            ASSERT_TRUE(validateDivisible(s, p).empty());
            const bool isLifo = s.method.rfind("best LIFO", 0) == 0;
            for (const LoadChunk& ch : s.chunks) {
                const double raw = ch.returnStart - ch.computeEnd;
                const double x = s.idleBeforeReturn(ch);
                if (raw != 0.0 && std::abs(raw) <= s.tolerance()) {
                    ++noisy;
                }
                ASSERT_TRUE(x == 0.0 || x > s.tolerance())
                    << "trial " << trial << ", " << s.method << ": idle " << x << ", makespan "
                    << s.makespan;
                ASSERT_TRUE(!isLifo || x == 0.0);
            }
        }
    }
    ASSERT_TRUE(noisy > 20); // the noise this test is about does occur
    // A real idle time, above the tolerance, is kept as it is.
    DivisibleSchedule late = lifo;
    late.chunks[0].returnStart += 2.0 * late.tolerance();
    ASSERT_FUZZY_EQ(late.idleBeforeReturn(late.chunks[0]),
                    late.chunks[0].returnStart - late.chunks[0].computeEnd);
}

// FIFO with d = z c, z < 1 (part 5): the best over all send orders (LP each) is reached
// by increasing c + d, and equals the closed form of the slides (no idle time, the best
// prefix of that order: resource selection). On the "fifo" preset the slowest link is
// not worth using.
TEST(DivisibleLoad, FifoProportionalReturns) {
    Draw u(15);
    for (int trial = 0; trial < 12; ++trial) {
        const int p = 2 + trial % 4;
        StarPlatform star = randomStar(u, p, false);
        const double z = u(0.1, 0.9);
        for (Worker& wk : star.workers) {
            wk.d = z * wk.c;
        }
        const DivisibleSchedule best = bestFifo(star, 1.0);
        ASSERT_TRUE(validateDivisible(best, star).empty());
        const auto order = commPlusReturnOrder(star);
        const DivisibleSchedule sorted = withReturnsLp(star, order, order, 1.0);
        ASSERT_TRUE(close(best.makespan, sorted.makespan))
            << "all orders " << best.makespan << ", c+d order " << sorted.makespan;
        double rho = 0.0;
        for (int q = 1; q <= p; ++q) {
            rho = std::max(rho, fifoNoIdleThroughput(star, order, q));
        }
        ASSERT_TRUE(close(sorted.makespan, 1.0 / rho))
            << "LP " << sorted.makespan << ", closed form " << 1.0 / rho;
    }
    const StarPlatform fifo = StarPlatform::preset("fifo");
    const DivisibleSchedule s = bestFifo(fifo, 1.0);
    const auto a = s.alphas(fifo.workerCount());
    ASSERT_TRUE(a[0] > 0.0 && a[1] > 0.0);
    ASSERT_FUZZY_EQ(a[3], 0.0); // the slowest link is not worth using
    ASSERT_TRUE(s.sendOrder.size() < 4);
}

// Uniform multi-round: the load is all processed, rounds grow, the master's sends of round
// j + 1 last exactly one computation of round j, and the best choice beats one round.
TEST(DivisibleLoad, UniformMultiRound) {
    const StarPlatform p = StarPlatform::preset("multiround");
    for (int rounds : {1, 2, 4, 8}) {
        const DivisibleSchedule s = rl::uniformMultiRound(p, 100.0, rounds, 4);
        ASSERT_TRUE(validateDivisible(s, p).empty()) << joined(validateDivisible(s, p));
        for (int j = 0; j + 1 < rounds; ++j) {
            double sends = 0.0;
            double tau = 0.0;
            for (const LoadChunk& ch : s.chunks) {
                if (ch.round == j + 1) {
                    sends += ch.sendEnd - ch.sendStart;
                }
                if (ch.round == j && ch.worker == s.sendOrder[0]) {
                    tau = ch.computeEnd - ch.computeStart;
                }
            }
            ASSERT_TRUE(close(sends, tau));
        }
    }
    const DivisibleSchedule one = rl::uniformMultiRound(p, 100.0, 1, 4);
    const DivisibleSchedule best = bestUniformMultiRound(p, 100.0, 20).best;
    ASSERT_TRUE(best.rounds > 1);
    ASSERT_TRUE(best.makespan < one.makespan);
    ASSERT_TRUE(!inputError([&] { rl::uniformMultiRound(p, 0.1, 50, 4); }).empty());
}

// Uniform multi-round against the closed form (umrClosedForm) for M = 1..30 rounds on
// random platforms of 1 to 3 workers, rounds that grow and rounds that shrink: the same
// makespan to 1e-12 relative (the simulation adds at most 2 M p = 180 rounded terms,
// about 2e-14 relative; the closed form's powers and sums about as much), a valid schedule
// holding the whole load, and a refusal exactly where some round would not be positive
// (cases within 1e-9 of that edge are left out). The round lengths computed as
// tau_0 theta^-j + B (1 - theta^-j) lost every digit there (issue 29).
TEST(DivisibleLoad, MultiRoundMatchesClosedForm) {
    Draw u(29);
    int checked = 0;
    int refused = 0;
    int growing = 0;
    int shrinking = 0;
    for (int trial = 0; trial < 40; ++trial) {
        StarPlatform p;
        const int workers = 1 + trial % 3;
        double theta = 0.0;
        for (int i = 0; i < workers; ++i) {
            p.workers.push_back(
                {u(0.01, 1.0), u(0.1, 4.0), 0.0, trial % 5 == 4 ? 0.0 : u(0.0, 0.5)});
            theta += p.workers.back().c / p.workers.back().w;
        }
        if (std::abs(theta - 1.0) < 0.02) {
            continue; // the closed form's fixed point is at infinity
        }
        const double load = u(1.0, 2000.0);
        const std::vector<int> all = fastestLinks(p, workers);
        for (int m = 1; m <= 30; ++m) {
            const UmrClosedForm f = umrClosedForm(p, all, load, m);
            const std::string what = formatted("trial %1, %2 rounds", trial, m);
            if (std::min(std::abs(f.tau0), std::abs(f.tauLast)) <= 1e-9 * f.work) {
                continue;
            }
            if (!f.exists) {
                ASSERT_TRUE(
                    contains(inputError([&] { rl::uniformMultiRound(p, load, m, workers); }),
                             "rounds do not fit"))
                    << what;
                ++refused;
                continue;
            }
            DivisibleSchedule s;
            const std::string error =
                inputError([&] { s = rl::uniformMultiRound(p, load, m, workers); });
            ASSERT_TRUE(error.empty()) << what + ": " + error;
            ASSERT_TRUE(validateDivisible(s, p).empty())
                << what + ": " + joined(validateDivisible(s, p));
            ASSERT_TRUE(close(s.makespan, f.makespan, 1e-12))
                << what << ": makespan " << std::setprecision(17) << s.makespan << ", closed form "
                << f.makespan;
            ++checked;
            (f.tau0 <= f.tauLast ? growing : shrinking) += 1;
        }
    }
    ASSERT_TRUE(checked > 500);
    ASSERT_TRUE(refused > 20);
    ASSERT_TRUE(growing > 100);
    ASSERT_TRUE(shrinking > 100);
}

// The reproducers of issue 29: one worker 0.1:1:0:0.1 and a load of 100 (the slides'
// recurrence: T = 100 + 1/9 from about 12 rounds on, every round positive), 14, 20 and 30
// rounds; and the best-rounds search on a 2-worker platform where it failed.
TEST(DivisibleLoad, MultiRoundReproducers) {
    const StarPlatform one = StarPlatform::parseWorkers("0.1:1:0:0.1");
    for (int m : {14, 20, 30}) {
        DivisibleSchedule s;
        const std::string error = inputError([&] { s = rl::uniformMultiRound(one, 100.0, m, 1); });
        ASSERT_TRUE(error.empty()) << error;
        ASSERT_TRUE(validateDivisible(s, one).empty()) << joined(validateDivisible(s, one));
        ASSERT_TRUE(close(s.makespan, 100.0 + 1.0 / 9.0, 1e-10))
            << std::setprecision(17) << s.makespan;
        for (const LoadChunk& ch : s.chunks) {
            ASSERT_TRUE(ch.amount > 0.0);
        }
    }
    ASSERT_TRUE(
        close(bestUniformMultiRound(one, 100.0, 30).best.makespan, 100.0 + 1.0 / 9.0, 1e-10));

    const StarPlatform two =
        StarPlatform::parseWorkers("0.078:0.713:0.0:0.108,0.646:3.366:0.0:0.426");
    const MultiRoundSearch search = bestUniformMultiRound(two, 1635.1, 30);
    ASSERT_TRUE(validateDivisible(search.best, two).empty())
        << joined(validateDivisible(search.best, two));
    ASSERT_TRUE(close(search.best.makespan, 962.80678636, 1e-10))
        << std::setprecision(17) << search.best.makespan;
    double best = INFINITY;
    for (int q = 1; q <= 2; ++q) {
        for (int m = 1; m <= 30; ++m) {
            best = std::min(best, umrClosedForm(two, fastestLinks(two, q), 1635.1, m).makespan);
        }
    }
    ASSERT_TRUE(close(search.best.makespan, best, 1e-10));
    ASSERT_EQ(search.candidates.size(), std::size_t{60});
}

// The best-rounds search goes on past candidates that do not exist and keeps their
// reason: here one worker's latency leaves room for at most a few rounds, the second
// worker's even fewer; every candidate is refused exactly where the closed form says so.
TEST(DivisibleLoad, MultiRoundSearchSkipsInfeasible) {
    const StarPlatform p = StarPlatform::parseWorkers("0.1:1:0:5,0.2:1:0:0.1");
    const MultiRoundSearch search = bestUniformMultiRound(p, 100.0, 30);
    ASSERT_EQ(search.candidates.size(), std::size_t{60});
    int skipped = 0;
    for (const MultiRoundCandidate& c : search.candidates) {
        const UmrClosedForm f = umrClosedForm(p, fastestLinks(p, c.workers), 100.0, c.rounds);
        ASSERT_EQ(c.refused.empty(), f.exists);
        if (f.exists) {
            ASSERT_TRUE(close(c.makespan, f.makespan, 1e-10));
            ASSERT_TRUE(c.makespan >= search.best.makespan);
        } else {
            ASSERT_TRUE(contains(c.refused, "rounds do not fit"));
            ++skipped;
        }
    }
    ASSERT_TRUE(skipped > 20);
    ASSERT_TRUE(validateDivisible(search.best, p).empty());
}

// Bandwidth-centric steady state: the closed form's throughput is the LP optimum of the
// relaxed program, with and without overlap; its period schedule is valid.
TEST(DivisibleLoad, BandwidthCentricMatchesLp) {
    Draw u(16);
    for (int trial = 0; trial < 20; ++trial) {
        StarPlatform star = randomStar(u, 2 + trial % 6, false);
        for (Worker& wk : star.workers) {
            wk.latency = u(0.0, 0.5);
        }
        const double period = u(5.0, 50.0);
        for (bool overlap : {false, true}) {
            const SteadyStateShare s = bandwidthCentric(star, period, overlap);
            const auto lp = bandwidthCentricLp(star, period, overlap);
            const double lpTotal = std::accumulate(lp.begin(), lp.end(), 0.0);
            ASSERT_TRUE(close(s.throughput, lpTotal))
                << "closed form " << s.throughput << ", LP " << lpTotal;
            ASSERT_TRUE(validateDivisible(s.periodSchedule, star).empty())
                << joined(validateDivisible(s.periodSchedule, star));
        }
    }
    ASSERT_TRUE(contains(
        inputError([] { bandwidthCentric(StarPlatform::preset("multiround"), 1.0, false); }),
        "latencies"));
}

// The validator is not blind: it catches a broken schedule.
TEST(DivisibleLoad, ValidatorCatchesErrors) {
    const StarPlatform star = StarPlatform::preset("star");
    DivisibleSchedule s = oneRoundClosedForm(star, bandwidthOrder(star), 1.0);
    ASSERT_TRUE(validateDivisible(s, star).empty());
    DivisibleSchedule overlap = s;
    overlap.chunks[1].sendStart -= overlap.chunks[0].sendEnd - overlap.chunks[0].sendStart;
    ASSERT_TRUE(!validateDivisible(overlap, star).empty());
    DivisibleSchedule early = s;
    early.chunks[0].computeStart -= 0.01;
    ASSERT_TRUE(!validateDivisible(early, star).empty());
    DivisibleSchedule lost = s;
    lost.chunks[0].amount *= 0.5;
    ASSERT_TRUE(!validateDivisible(lost, star).empty());
}

// Gantt rows: row 0 the master, sends and returns as arrows, computations as blocks.
TEST(DivisibleLoad, GanttSchedule) {
    const StarPlatform p = StarPlatform::preset("returns");
    const DivisibleSchedule s = bestLifo(p, 1.0);
    const GanttBars g = divisibleGantt(s, p.workerCount());
    ASSERT_EQ(g.rows, 5);
    ASSERT_FUZZY_EQ(g.end, s.makespan);
    ASSERT_EQ(g.arrows.size(), std::size_t{8});
    ASSERT_EQ(g.blocks.size(), std::size_t{4});
    ASSERT_EQ(g.activeUntil, std::vector<double>(5, s.makespan));
    for (std::size_t k = 1; k < g.arrows.size(); ++k) {
        ASSERT_TRUE(g.arrows[k].start >= g.arrows[k - 1].start);
    }
    // Each worker's computation is fed by one send from the master that ends before it
    // starts, and its result goes back to the master after it.
    for (const GanttBlock& b : g.blocks) {
        ASSERT_TRUE(b.row >= 1);
        int sends = 0;
        int returns = 0;
        for (const GanttArrow& a : g.arrows) {
            if (a.from == 0 && a.to == b.row) {
                ++sends;
                ASSERT_TRUE(a.end <= b.start + 1e-12);
            }
            if (a.from == b.row && a.to == 0) {
                ++returns;
                ASSERT_TRUE(a.start >= b.end - 1e-12);
            }
        }
        ASSERT_EQ(sends, 1);
        ASSERT_EQ(returns, 1);
    }
}

TEST(DivisibleLoad, BadInputRefused) {
    ASSERT_TRUE(
        contains(inputError([] { StarPlatform::parseWorkers("1:2,-1:3"); }), "worker P2: c"));
    ASSERT_TRUE(contains(inputError([] { StarPlatform::parseWorkers("1:2,0:0"); }), "c + w"));
    ASSERT_TRUE(contains(inputError([] { StarPlatform::parseWorkers("1:2,3"); }), "c:w"));
    ASSERT_TRUE(contains(inputError([] { StarPlatform::parseWorkers("1:x"); }), "w"));
    ASSERT_TRUE(contains(inputError([] { StarPlatform::parseWorkers("1:nan"); }), "worker 1"));
    ASSERT_TRUE(contains(inputError([] { StarPlatform{}.validate(); }), "no worker"));
    ASSERT_TRUE(contains(inputError([] { StarPlatform::preset("nope"); }), "known"));
    const StarPlatform star = StarPlatform::preset("star");
    ASSERT_TRUE(contains(inputError([&] { oneRoundClosedForm(star, {0, 0}, 1.0); }), "twice"));
    ASSERT_TRUE(
        contains(inputError([&] { oneRoundClosedForm(star, {7}, 1.0); }), "does not exist"));
    ASSERT_TRUE(contains(inputError([&] { oneRoundClosedForm(star, {0}, -1.0); }), "load"));
    ASSERT_TRUE(contains(inputError([&] {
                             withReturnsLp(star, {0, 1}, {0}, 1.0);
                         }),
                         "same workers"));
}

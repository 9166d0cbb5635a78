#pragma once

#include "models/star_platform.h"
#include "schedule/gantt_bars.h"
#include "schedule/schedule.h"

#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// A piece of load handled by one worker (worker -1: the master's own share). Times are
/// absolute; a piece without return message has returnStart == returnEnd == computeEnd.
struct LoadChunk {
    int worker = 0;
    int round = 0;
    double amount = 0.0; ///< load units
    double sendStart = 0.0;
    double sendEnd = 0.0;
    double computeStart = 0.0;
    double computeEnd = 0.0;
    double returnStart = 0.0;
    double returnEnd = 0.0;
};

/// When the last of `chunks` ends (send, computation or return).
double chunksEnd(const std::vector<LoadChunk>& chunks);

/// Two times or amounts of a divisible schedule closer than this, relative to the schedule's
/// scale max(1, makespan, load), are equal. The schedules with return messages come from linear
/// programs, whose rows GLPK holds to a relative tolerance of 1e-7: an idle time of -3.2e-7 in
/// a makespan of 3278 is the solver's rounding, not time. The validator and the idle times read
/// by the front ends use this one tolerance (DivisibleSchedule::tolerance()).
inline constexpr double kDivisibleRelativeTolerance = 1e-7;

/// A divisible-load schedule: shares, orders and times. Plain, immutable once built.
struct DivisibleSchedule {
    std::string method;           ///< e.g. "star, closed form"
    double load = 0.0;            ///< W_total
    std::vector<int> sendOrder;   ///< workers in the order the master serves them (first round)
    std::vector<int> returnOrder; ///< workers in the order their results come back (may be empty)
    std::vector<LoadChunk> chunks;
    double makespan = 0.0; ///< for a periodic schedule: the period
    int rounds = 1;
    bool withReturns = false; ///< return messages (d) are part of the model
    bool withLatency = false; ///< messages pay the workers' latency (affine model)
    bool periodic = false;    ///< one period of a steady state; computations may wrap around

    /// Fraction of the load of each worker (alpha_i, summing with the master's to 1).
    std::vector<double> alphas(int workerCount) const;
    /// The master's fraction.
    double masterAlpha() const;
    /// kDivisibleRelativeTolerance x max(1, makespan, load): the schedule's zero.
    double tolerance() const;
    /// Idle time of one chunk between the end of its computation and its return: 0 when within
    /// tolerance() of 0, so never negative in a schedule that validateDivisible accepts.
    double idleBeforeReturn(const LoadChunk& chunk) const;
    /// Idle time of each worker between the end of its computation and its return (x_i), the
    /// sum of its chunks' idleBeforeReturn.
    std::vector<double> idleBeforeReturn(int workerCount) const;
};

/// Workers sorted by increasing c (decreasing bandwidth), ties by index.
std::vector<int> bandwidthOrder(const StarPlatform& p);
/// Workers sorted by increasing c + d (the LIFO/FIFO theorems' order), ties by index.
std::vector<int> commPlusReturnOrder(const StarPlatform& p);

/// One round, no return message (bus and star): the closed form of the slides, every worker of
/// `order` working and all (master included) finishing at the same time T.
DivisibleSchedule oneRoundClosedForm(const StarPlatform& p, const std::vector<int>& order,
                                     double load);
/// The same problem as the linear program of the slides' "lemma 4" (minimise T for a fixed
/// order, shares >= 0): the reference the closed form is checked against.
DivisibleSchedule oneRoundLp(const StarPlatform& p, const std::vector<int>& order, double load);

/// With return messages, a fixed scenario (send order, return order; workers absent from
/// `sendOrder` get nothing): the slides' linear program "minimise T": the master sends as soon
/// as possible, one message at a time, and receives the results as late as possible, one at a
/// time; as in the slides' program, a reception may overlap a send (the master's port has one
/// channel each way). Resource selection comes out of the LP: a worker may get a zero share.
DivisibleSchedule withReturnsLp(const StarPlatform& p, const std::vector<int>& sendOrder,
                                const std::vector<int>& returnOrder, double load);
/// Best LIFO schedule: send by increasing c + d, return in reverse order (the slides' theorem:
/// all workers work, no idle time; it equals the closed form on c' = c + d, d' = 0).
DivisibleSchedule bestLifo(const StarPlatform& p, double load);
/// Best FIFO schedule: exhaustive over send orders (LP each) when there are at most
/// `exhaustiveLimit` workers, else the better of increasing and decreasing c + d (optimal when
/// d = z c, by the slides' theorem). Workers the LP gives nothing are not selected.
DivisibleSchedule bestFifo(const StarPlatform& p, double load, int exhaustiveLimit = 6);

/// Most rounds a multi-round schedule has.
constexpr int kMaxMultiRounds = 1000;

/// Uniform multi-round (UMR): `rounds` rounds on the first `workers` workers in bandwidth order;
/// in a round every worker computes for the same time, and the master's sends of round j+1
/// exactly fill round j's computation (with latencies). The round times are solved backwards
/// from the last round, a sum of positive terms (docs/model.md §8); they move geometrically
/// around the fixed point latencies / (1 - sum c/w). The master does not compute. Throws
/// InputError when the rounds cannot all have positive size (the latencies of that many rounds
/// leave no room for the load), naming the reason.
DivisibleSchedule uniformMultiRound(const StarPlatform& p, double load, int rounds, int workers);

/// One candidate of the best multi-round search: `rounds` rounds on the first `workers` workers
/// in bandwidth order.
struct MultiRoundCandidate {
    int rounds = 0;
    int workers = 0;
    double makespan = 0.0; ///< its makespan when it exists
    std::string refused;   ///< why it does not exist (uniformMultiRound's reason); empty if it does
};
/// The outcome of the best multi-round search.
struct MultiRoundSearch {
    DivisibleSchedule best;
    /// Every candidate tried (workers 1..p, for each rounds 1..maxRounds); those that do not
    /// exist are skipped with their reason, and the search goes on past them.
    std::vector<MultiRoundCandidate> candidates;
};
/// UMR with the heuristic resource selection of the slides (prefixes of the bandwidth order)
/// and the best number of rounds up to `maxRounds`, by simulated makespan (ties: the fewest
/// workers, then the fewest rounds).
MultiRoundSearch bestUniformMultiRound(const StarPlatform& p, double load, int maxRounds);

/// Bandwidth-centric steady state with latencies (slides "periodic schedule"): tasks per time
/// unit x_i of the relaxed program for a period Tp, by the closed form.
struct SteadyStateShare {
    double period = 0.0;              ///< Tp
    bool overlap = false;             ///< workers may receive while computing
    std::vector<double> rate;         ///< x_i, load units per time unit
    int saturated = 0;                ///< q: workers fed at full speed
    double throughput = 0.0;          ///< sum x_i
    DivisibleSchedule periodSchedule; ///< one period, alpha_i = x_i Tp, computations wrapped
};
SteadyStateShare bandwidthCentric(const StarPlatform& p, double period, bool overlap);
/// The relaxed program solved as an LP (reference for the closed form).
std::vector<double> bandwidthCentricLp(const StarPlatform& p, double period, bool overlap);

/// Checks a divisible schedule against its platform: the master sends one message at a time
/// and receives one at a time, durations are latency + amount x cost, a worker computes after
/// receiving and one chunk at a time, returns follow computations, the amounts sum to the load and
/// the makespan is the last end, each to the schedule's tolerance(). One message per violation;
/// empty means valid. A periodic schedule
/// is one period of length `makespan`: its computations may wrap around into the next period
/// but must end before the worker's next chunk arrives.
std::vector<std::string> validateDivisible(const DivisibleSchedule& s, const StarPlatform& p);

/// The schedule as a Gantt chart's bars: row 0 the master, row i worker i; sends and returns as
/// arrows (in start order), computations as blocks (in start order); every row takes part until
/// the makespan.
GanttBars divisibleGantt(const DivisibleSchedule& s, int workerCount);

} // namespace rl

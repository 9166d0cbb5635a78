#pragma once

#include "models/divisible_load.h"
#include "models/star_platform.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rl {

/// The schedules of divisible load (seed 004) that a study can ask for.
enum class DivisibleModel {
    Bus,        ///< one round, closed form; every worker has the same c
    Star,       ///< one round, closed form, in a send order (DivisibleOrder)
    Lifo,       ///< the best LIFO schedule with returns
    Fifo,       ///< the best FIFO schedule with returns
    MultiRound, ///< uniform multi-round (latencies)
    Steady,     ///< bandwidth-centric steady state, one period
};

/// The send order of a one-round schedule (bus or star).
enum class DivisibleOrder {
    Bandwidth, ///< by decreasing bandwidth (increasing c): the best
    Reverse,   ///< the reverse of the bandwidth order: the worst
    All,       ///< every permutation's makespan (up to kMaxAllOrdersWorkers), shown: bandwidth
    Given,     ///< DivisibleStudy::order
};

/// The request of a divisible-load study: what `reducelab-cli divisible` and the Divisible
/// load tab compute.
struct DivisibleStudy {
    /// Every send order is tried up to this many workers (8! = 40,320 closed forms).
    static constexpr int kMaxAllOrdersWorkers = 8;
    /// The multi-round model tries 1..kDefaultMaxRounds rounds when none is given.
    static constexpr int kDefaultMaxRounds = 30;
    static constexpr int kMaxRounds = 1000;
    static constexpr double kDefaultPeriod = 100.0;
    static constexpr double kDefaultLoad = 1.0;
    /// The preset the Divisible load tab opens with: sends, computations and returns.
    static constexpr const char* kPanelPreset = "returns";

    StarPlatform platform;
    DivisibleModel model = DivisibleModel::Star;
    DivisibleOrder orderChoice = DivisibleOrder::Bandwidth;
    std::vector<int> order; ///< Given: worker indices 0..p-1
    double load = kDefaultLoad;
    int rounds = 0; ///< multi-round: exactly this many rounds on every worker; 0: the best
    int maxRounds = kDefaultMaxRounds; ///< multi-round: most rounds tried for the best
    double period = kDefaultPeriod;    ///< steady: the period Tp
    bool overlap = false;              ///< steady: workers receive while computing
    /// Also compute what explains the schedule (DivisibleStudyResult::comparison): the other
    /// orders, LIFO against FIFO, one round against several. The tab shows it; the CLI not.
    bool explain = false;

    /// The study each preset illustrates best (its model and load), for the tab.
    static DivisibleStudy forPreset(const std::string& name);
    /// Throws InputError naming the first problem (platform, bus with several c, too many
    /// workers for every order, rounds, load, period).
    void validate() const;
};

/// One send order of a one-round schedule and its makespan.
struct OrderMakespan {
    std::vector<int> order;
    double makespan = 0.0;
    bool bandwidth = false; ///< the bandwidth order
};

struct DivisibleStudyResult {
    StarPlatform platform;
    std::shared_ptr<const DivisibleSchedule> schedule; ///< validated against the platform
    std::vector<OrderMakespan> orders;      ///< DivisibleOrder::All, in permutation order
    std::optional<SteadyStateShare> steady; ///< DivisibleModel::Steady
    /// DivisibleModel::MultiRound with the best number of rounds: every candidate tried, those
    /// skipped with the reason they do not exist.
    std::vector<MultiRoundCandidate> roundCandidates;
    std::string comparison; ///< with `explain`: one sentence set beside the schedule
};

/// Validates and computes; the schedule is checked by validateDivisible (an invalid one is an
/// internal error, std::runtime_error).
std::shared_ptr<const DivisibleStudyResult> runDivisibleStudy(const DivisibleStudy& study);

} // namespace rl

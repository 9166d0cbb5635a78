#pragma once

#include "engine/kernel.h"
#include "platform/cost_model.h"
#include "platform/fixed_costs.h"
#include "schedule/schedule.h"

#include <memory>
#include <string>
#include <vector>

namespace rl {

/// Liu-Wang's model (seed 003, docs/model.md §4): processor i sends in t[i] whatever the receiver,
/// reductions are free. Returns an empty string when `f` is such a platform, else why not
/// (naming the first offending entry), for error messages and tooltips.
std::string senderOnlyViolation(const FixedCosts& f);
/// The same for a whole cost model: only a fixed sender-only matrix qualifies (stochastic
/// costs are unknown in advance, and a drawn matrix is never sender-only).
std::string senderOnlyViolation(const CostModel& costs, int n);
/// Liu-Wang's rule as an algorithm's cost check (AlgorithmDescriptor::checkCosts): throws the
/// InputError "<name> is a Liu-Wang clairvoyant baseline: <why>" unless the costs are sender-only.
void checkSenderOnlyCosts(const std::string& name, const CostModel& costs, int n);
/// t[i] = d[i][j] (any j != i) of a sender-only matrix; t = {0} when n = 1.
std::vector<double> senderTimes(const FixedCosts& f);

/// The processor that only receives in EP, SNF and the optimum: the slowest, the lowest index
/// on ties. Any valid schedule whose root is faster becomes one at least as short by letting
/// the slowest processor keep the root's role (its window shrinks, so Liu-Wang's inequality
/// 2A + C <= n still holds): fixing it loses nothing.
int slowestProcessor(const std::vector<double>& t);

/// Start times of Liu-Wang's EP(P) (their Fig. 2): the senders of `senders` (n - 1 distinct
/// processors; the missing one is the root) start in that order, each as soon as two
/// processors are free. Only the counts matter, so this is also the fast path of the search.
/// Returns the makespan; fills `start` (indexed by processor, root -> 0) when not null.
double epMakespan(const std::vector<double>& t, const std::vector<int>& senders,
                  std::vector<double>* start = nullptr);

/// The full EP(P) schedule. Destinations follow Lemma 1's construction, which the paper leaves
/// open where both predecessors could take either role: free processors are taken in FIFO
/// order of release, then the tree is fixed from the last transfer backwards, the sender
/// keeping the processor released first (see the .cpp; the tests run every sequence of small
/// clusters through the docs/model.md §5 validator). Each transfer is followed by its zero-cost
/// reduction at the transfer's end.
Schedule epSchedule(const std::vector<double>& t, const std::vector<int>& senders);

/// The default sender sequence of the EP algorithm: every processor but the slowest, in index
/// order.
std::vector<int> indexOrderSenders(const std::vector<double>& t);

/// The story of an EP schedule (EP, SNF, the optimum): the schedule is decided before the run,
/// so its events are told in time order (buildTimeline), each transfer as the next of the
/// sender order, and the processors that wait for their turn.
Narration epNarration(const Schedule& s);

/// A clairvoyant algorithm: computes its schedule once from the fixed costs; every replicate
/// yields the same schedule. `senders` maps the times to a sender sequence.
class ClairvoyantKernel final : public KernelBase {
  public:
    explicit ClairvoyantKernel(Schedule s) : m_schedule(std::move(s)) {}
    double makespan(std::uint64_t, std::uint64_t) override { return m_schedule.makespan; }
    Schedule schedule(std::uint64_t, std::uint64_t) override { return m_schedule; }
    Schedule narratedSchedule(std::uint64_t, std::uint64_t, Narration& narration) override {
        narration = epNarration(m_schedule);
        return m_schedule;
    }
    /// Never reached in practice (clairvoyant algorithms need a fixed matrix, and per-operation
    /// draws exist only without one); the schedule does not depend on draws anyway.
    double makespanFromDraws(const StreamDraws&) override { return m_schedule.makespan; }

  private:
    Schedule m_schedule;
};

/// Throws InputError (naming the algorithm and the reason) unless `costs` is a sender-only
/// fixed matrix for n processors in commutative mode; returns the sender times.
std::vector<double> clairvoyantTimes(std::string_view algorithm, int n, bool nonCommutative,
                                     const CostModel& costs);

/// EP with the senders in index order (its registry row's factory).
std::unique_ptr<KernelBase> makeEpKernel(int n, bool nonCommutative, const CostModel& costs);

} // namespace rl

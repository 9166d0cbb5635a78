#pragma once

#include "engine/narration.h"
#include "platform/cost_model.h"
#include "schedule/schedule.h"

#include <memory>
#include <string>

namespace rl {

class KernelBase;

/// Non-Commut-Tree-dyn (RR §3.2, docs/model.md §4): an idle processor sends its value to an
/// idle processor holding an adjacent interval, the left one when both are idle; otherwise it
/// waits among the idle. The set of waiting processors is exactly the idle ones, so it needs no
/// storage of its own: the engine's interval holders find the neighbours in O(1). Its fast
/// path: fastpath/non_commut_tree_dyn_lanes.h.
class NonCommutTreeDynPolicy {
  public:
    static constexpr bool kUsesIntervals = true;

    template <class E> void onIdle(E& e, int p) {
        const int lo = e.lo(p);
        const int hi = e.hi(p);
        if (lo > 0) {
            const int left = e.holderEndingAt(lo - 1);
            if (e.isIdle(left)) {
                e.startTransfer(p, left);
                return;
            }
        }
        if (hi < e.n() - 1) {
            const int right = e.holderStartingAt(hi + 1);
            if (e.isIdle(right)) {
                e.startTransfer(p, right);
            }
        }
    }

    // The narration's words (engine/narration.h), said as the transfer starts or once p waits.
    template <class E> std::string describeTransfer(const E& e, int from, int to) const {
        const int lo = e.lo(from);
        const bool left = e.hi(to) + 1 == lo;
        std::string out = narrationProcessor(from) + " is idle; ";
        if (!left) { // the rule prefers the left neighbour: say why it was not chosen
            out += lo == 0 ? "it has no left neighbour and "
                           : "its left neighbour " + narrationProcessor(e.holderEndingAt(lo - 1)) +
                                 " is busy and ";
        }
        return out + (left ? "its left neighbour " : "its right neighbour ") +
               narrationProcessor(to) + " holding " + formatRuns({{e.lo(to), e.hi(to)}}) +
               " is idle, so ";
    }
    template <class E> std::string describeWait(const E& /*e*/, int /*p*/) const {
        return "is idle and waits: no idle neighbour";
    }
};

/// The generic engine's kernel of Non-Commut-Tree-dyn (its registry row's factory).
std::unique_ptr<KernelBase> makeNonCommutTreeDynKernel(int n, bool nonCommutative,
                                                       const CostModel& costs);

} // namespace rl

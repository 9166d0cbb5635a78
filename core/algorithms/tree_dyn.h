#pragma once

#include "engine/narration.h"
#include "platform/cost_model.h"

#include <memory>
#include <string>

namespace rl {

class KernelBase;

/// Tree-dyn (RR §3.2, docs/model.md §4): one slot; an idle processor enters the empty slot, or
/// else empties it and sends its value to the processor that was there. Commutative operations
/// only. Its fast path: fastpath/tree_dyn_lanes.h.
class TreeDynPolicy {
  public:
    static constexpr bool kUsesIntervals = false;

    void reset(int /*n*/) { m_slot = -1; }
    template <class E> void onIdle(E& e, int p) {
        if (m_slot < 0) {
            m_slot = p;
            return;
        }
        const int q = m_slot;
        m_slot = -1;
        e.startTransfer(p, q);
    }

    // The narration's words (engine/narration.h): why a processor sends, and what an idle one
    // that sends nothing does.
    template <class E> std::string describeTransfer(const E& /*e*/, int from, int to) const {
        return narrationProcessor(from) + " is idle; the slot holds " + narrationProcessor(to) +
               ", so ";
    }
    template <class E> std::string describeWait(const E& /*e*/, int /*p*/) const {
        return "is idle and enters the empty slot";
    }

  private:
    int m_slot = -1; // the processor waiting in the slot, -1 when it is empty
};

/// The generic engine's kernel of Tree-dyn (its registry row's factory).
std::unique_ptr<KernelBase> makeTreeDynKernel(int n, bool nonCommutative, const CostModel& costs);

} // namespace rl
